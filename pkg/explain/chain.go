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

// writePlans asks each chain plugin, through chainrun's registry, what
// it would make of the runtime config the pod would send, for an example
// pod address: its Part in words (cniutil.Plugin.Describe, the summary),
// then the objects ADD would create in the plugin's own rendering
// (cniutil.Plugin.Explain) when that says more. Both come from the
// plugin's own parser and planner. An error means that plugin would
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
		fmt.Fprintf(w, "what the chain's plugins would do for pod address %s (sandbox ID %s stands in for the real one):\n",
			strings.Join(pod.IPs, ", "), exampleSandbox)
	} else {
		fmt.Fprintf(w, "what the chain's plugins would do for pod address %s, sandbox %s:\n", strings.Join(pod.IPs, ", "), sandbox)
	}
	args := make([]string, 0, 4)
	for _, kv := range chainrun.CNIArgs(pod) {
		args = append(args, kv[0]+"="+kv[1])
	}
	would := cniutil.ExplainPod{Network: list.Name, ContainerID: sandbox, IfName: ifName,
		Args: strings.Join(args, ";"), Addrs: addrs}
	reg := chainrun.Builtin()
	for _, d := range inspect.Describe(reg, list, chainrun.CapabilityArgs(pod, capArgs), would) {
		out, err := planText(reg, d, would)
		if err != nil {
			fmt.Fprintf(w, "  %s: would refuse the ADD: %v\n", d.Plugin, err)
			return fmt.Errorf("chain plugin %s would refuse the pod: %w", d.Plugin, err)
		}
		fmt.Fprintf(w, "  %s:\n%s\n", d.Plugin, indent(out, "    "))
	}
	return nil
}

// planText is a plugin's summary (its Part) and its plan (Explain),
// the plan left out where it says what the summary says.
func planText(reg map[string]cniutil.Plugin, d inspect.Described, would cniutil.ExplainPod) (string, error) {
	bp, ok := reg[d.Plugin]
	if !ok {
		return "(not one of diktyo's plugins: no plan known)", nil
	}
	if d.Err != nil {
		return "", d.Err
	}
	var parts []string
	if d.Part != nil {
		parts = append(parts, d.Part.String())
	}
	if bp.Explain != nil {
		plan, err := bp.Explain(d.Stdin, would)
		if err != nil {
			return "", err
		}
		if len(parts) == 0 || plan != parts[0] {
			parts = append(parts, plan)
		}
	}
	if len(parts) == 0 {
		return "(nothing to show)", nil
	}
	return strings.Join(parts, "\n"), nil
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
