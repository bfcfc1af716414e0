package chainrun

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/noop"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
)

// builtin is the registry of diktyo's own plugins: the in-process
// executor runs them, explain asks them for their plans, and status and
// trace for their parts (cniutil.Plugin.Describe). A new built-in plugin
// is one line here (and its cmd/ main).
var builtin = []cniutil.Plugin{
	ipmasq.Plugin,
	iproute.Plugin,
	registerdns.Plugin,
	noop.Plugin,
}

// registered are plugins added with Register, by type.
var (
	registeredMu sync.RWMutex
	registered   = map[string]cniutil.Plugin{}
)

// Builtin returns diktyo's own plugins by type, and those Register added.
func Builtin() map[string]cniutil.Plugin {
	m := make(map[string]cniutil.Plugin, len(builtin))
	for _, p := range builtin {
		m[p.Type] = p
	}
	registeredMu.RLock()
	defer registeredMu.RUnlock()
	maps.Copy(m, registered)
	return m
}

// Register adds p to the registry until the returned function is called:
// tests hold the read side (status, trace, explain) to the contract with
// a throwaway plugin this way. A type already registered is refused.
// Executors made before Register do not run p.
func Register(p cniutil.Plugin) (unregister func(), err error) {
	registeredMu.Lock()
	defer registeredMu.Unlock()
	if _, dup := registered[p.Type]; dup || slices.ContainsFunc(builtin, func(b cniutil.Plugin) bool { return b.Type == p.Type }) {
		return nil, fmt.Errorf("plugin type %q is registered already", p.Type)
	}
	registered[p.Type] = p
	return func() {
		registeredMu.Lock()
		defer registeredMu.Unlock()
		delete(registered, p.Type)
	}, nil
}

// BuiltinTypes lists the plugin types Builtin runs in-process.
func BuiltinTypes() []string {
	return slices.Sorted(maps.Keys(Builtin()))
}
