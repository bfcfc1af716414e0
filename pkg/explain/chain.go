package explain

import (
	"fmt"
	"io"
	"net/netip"
	"strings"

	"github.com/containernetworking/cni/libcni"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/inspect"
)

// exampleSandbox stands in for the sandbox ID, which names the owner of
// every object; the real one differs (and so do the chain names).
const exampleSandbox = "0123456789abcdef"

// writePlans runs each chain plugin's own config parser and builder
// (cniutil.Plugin.Explain, from chainrun's registry) on
// the runtime config the pod would send, for an example pod address, and
// prints the objects it would create. An error means that plugin would
// refuse the ADD, so the pod would fail.
func writePlans(w io.Writer, list *libcni.NetworkConfigList, ifName string, pod chainrun.Pod, capArgs map[string]any) error {
	// Pod addresses are hosts, as diktyo-nri takes them from the runtime.
	hosts, err := cniutil.ParseHostAddrs("--ip", pod.IPs)
	if err != nil {
		return err
	}
	addrs := make([]netip.Prefix, len(hosts))
	for i, a := range hosts {
		addrs[i] = netip.PrefixFrom(a, a.BitLen())
	}
	sandbox := pod.ID
	if sandbox == "" {
		sandbox = exampleSandbox
		fmt.Fprintf(w, "what the chain's plugins would create for pod address %s (sandbox ID %s stands in for the real one):\n",
			strings.Join(pod.IPs, ", "), exampleSandbox)
	} else {
		fmt.Fprintf(w, "what the chain's plugins would create for pod address %s, sandbox %s:\n", strings.Join(pod.IPs, ", "), sandbox)
	}
	args := make([]string, 0, 4)
	for _, kv := range chainrun.CNIArgs(pod) {
		args = append(args, kv[0]+"="+kv[1])
	}
	would := cniutil.ExplainPod{Network: list.Name, ContainerID: sandbox, IfName: ifName,
		Args: strings.Join(args, ";"), Addrs: addrs}
	builtin := chainrun.Builtin()
	for _, p := range list.Plugins {
		typ := p.Network.Type
		stdin, err := inspect.PluginStdin(list, p, chainrun.CapabilityArgs(pod, capArgs))
		if err != nil {
			return fmt.Errorf("%s: %w", typ, err)
		}
		out := "(not one of diktyo's plugins: no plan known)"
		if bp, ok := builtin[typ]; ok {
			out, err = bp.Explain(stdin, would)
		}
		if err != nil {
			fmt.Fprintf(w, "  %s: would refuse the ADD: %v\n", typ, err)
			return fmt.Errorf("chain plugin %s would refuse the pod: %w", typ, err)
		}
		fmt.Fprintf(w, "  %s:\n%s\n", typ, indent(out, "    "))
	}
	return nil
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
