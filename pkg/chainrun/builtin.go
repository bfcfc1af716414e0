package chainrun

import (
	"maps"
	"slices"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/noop"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
)

// builtin is the registry of diktyo's own plugins: the in-process
// executor runs them and explain asks them for their plans. A new
// built-in plugin is one line here (and its cmd/ main).
var builtin = []cniutil.Plugin{
	ipmasq.Plugin,
	iproute.Plugin,
	registerdns.Plugin,
	noop.Plugin,
}

// Builtin returns diktyo's own plugins by type.
func Builtin() map[string]cniutil.Plugin {
	m := make(map[string]cniutil.Plugin, len(builtin))
	for _, p := range builtin {
		m[p.Type] = p
	}
	return m
}

// BuiltinTypes lists the plugin types Builtin runs in-process.
func BuiltinTypes() []string {
	return slices.Sorted(maps.Keys(Builtin()))
}
