// Package inspect rebuilds what diktyo's chain plugins hold for one pod
// attachment from the attachment libcni cached at its last ADD: each
// plugin's own Describe (cniutil.Plugin, from the registry the caller
// passes, chainrun.Builtin), built on the same parser and planner the
// plugin's ADD runs, so what is shown is what the plugins were asked to
// converge on. It knows no plugin by name. It touches nothing, except
// where a function says it reads the kernel (route lookups).
// diktyo-nri's status and trace, and explain's summary, use it.
package inspect

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/containernetworking/cni/libcni"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Attachment is what the chain's plugins hold for one pod.
type Attachment struct {
	Network string
	// Owner is the ID naming every object the plugins made for the pod.
	Owner string
	Addrs []netip.Prefix
	// Plugins are the chain's plugin types, in order.
	Plugins []string
	// Parts are the parts of the plugins that describe one, in chain
	// order.
	Parts []cniutil.Part
	// Errors are the plugins whose part could not be rebuilt, and why
	// (e.g. a config the plugin would refuse today).
	Errors map[string]string
}

// Described is one chain plugin's Describe: its part, or why there is
// none. Part and Err are both nil for a plugin without Describe (or not
// in the registry).
type Described struct {
	Plugin string
	Stdin  []byte
	Part   cniutil.Part
	Err    error
}

// Describe runs the Describe of each plugin of the chain (from reg, by
// type) for pod, on the stdin libcni would give it with capArgs.
func Describe(reg map[string]cniutil.Plugin, list *libcni.NetworkConfigList, capArgs map[string]any, pod cniutil.ExplainPod) []Described {
	out := make([]Described, 0, len(list.Plugins))
	for _, p := range list.Plugins {
		d := Described{Plugin: p.Network.Type}
		d.Stdin, d.Err = PluginStdin(list, p, capArgs)
		if bp, ok := reg[d.Plugin]; ok && bp.Describe != nil && d.Err == nil {
			d.Part, d.Err = bp.Describe(d.Stdin, pod)
		}
		out = append(out, d)
	}
	return out
}

// Build rebuilds the attachment of a pod from the chain and the runtime
// config of its ADD (libcni's cache, or what an ADD would be given), with
// the plugins of reg. It fails only when the pod's addresses are
// unusable; a plugin whose part cannot be rebuilt is named in Errors, and
// the others are still shown.
func Build(reg map[string]cniutil.Plugin, list *libcni.NetworkConfigList, rt *libcni.RuntimeConf) (*Attachment, error) {
	ips, err := stringList(rt.CapabilityArgs["ips"])
	if err != nil {
		return nil, fmt.Errorf("capability args ips: %w", err)
	}
	addrs, err := cniutil.PodAddrs(nil, ips, rt.IfName)
	if err != nil {
		return nil, err
	}
	a := &Attachment{
		Network: list.Name,
		Owner:   cniutil.OwnerID(list.Name, rt.ContainerID, rt.IfName),
		Addrs:   addrs,
	}
	args := make([]string, 0, len(rt.Args))
	for _, kv := range rt.Args {
		args = append(args, kv[0]+"="+kv[1])
	}
	pod := cniutil.ExplainPod{Network: list.Name, ContainerID: rt.ContainerID, IfName: rt.IfName,
		Args: strings.Join(args, ";"), Addrs: addrs}
	for _, d := range Describe(reg, list, rt.CapabilityArgs, pod) {
		a.Plugins = append(a.Plugins, d.Plugin)
		switch {
		case d.Err != nil:
			if a.Errors == nil {
				a.Errors = map[string]string{}
			}
			a.Errors[d.Plugin] = d.Err.Error()
		case d.Part != nil:
			a.Parts = append(a.Parts, d.Part)
		}
	}
	return a, nil
}

// PluginStdin builds a plugin's stdin as libcni does: the plugin conf
// with the list's name and cniVersion, and the runtimeConfig of the
// capabilities the plugin declares.
func PluginStdin(list *libcni.NetworkConfigList, p *libcni.PluginConfig, capArgs map[string]any) ([]byte, error) {
	rc := map[string]any{}
	for capName, on := range p.Network.Capabilities {
		if v, ok := capArgs[capName]; ok && on {
			rc[capName] = v
		}
	}
	conf, err := libcni.InjectConf(p, map[string]any{"name": list.Name, "cniVersion": list.CNIVersion, "runtimeConfig": rc})
	if err != nil {
		return nil, fmt.Errorf("building the plugin's config: %w", err)
	}
	return conf.Bytes, nil
}

// stringList reads a capability arg that is a list of strings, as given
// ([]string) or as decoded from libcni's cache ([]any).
func stringList(v any) ([]string, error) {
	switch l := v.(type) {
	case nil:
		return nil, nil
	case []string:
		return l, nil
	case []any:
		out := make([]string, 0, len(l))
		for i, e := range l {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("[%d]: %v is not a string", i, e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%v is not a list of strings", v)
}
