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

// Builtin returns diktyo's own plugins by type, as the binaries in cmd/
// implement them, for InProcess.
func Builtin() map[string]InProcPlugin {
	static := func(v cniutil.Verbs) func([]string) cniutil.Verbs {
		return func([]string) cniutil.Verbs { return v }
	}
	return map[string]InProcPlugin{
		"ipmasq":      {Verbs: static(ipmasq.Verbs()), Versions: cniutil.Versions},
		"iproute":     {Verbs: static((&iproute.Plugin{}).Verbs()), Versions: cniutil.Versions},
		"registerDNS": {Verbs: static(registerdns.Verbs()), Versions: cniutil.Versions},
		"noop": {Verbs: func(environ []string) cniutil.Verbs {
			return noop.Verbs(func() []string { return environ })
		}, Versions: cniutil.Versions},
	}
}

// BuiltinTypes lists the plugin types Builtin runs in-process.
func BuiltinTypes() []string {
	return slices.Sorted(maps.Keys(Builtin()))
}
