package explain

import (
	"fmt"
	"io"
	"net/netip"
	"strings"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
)

// exampleSandbox stands in for the sandbox ID, which names the owner of
// every object; the real one differs (and so do the chain names).
const exampleSandbox = "0123456789abcdef"

// writePlans runs each chain plugin's own config parser and builder on
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
	fmt.Fprintf(w, "what the chain's plugins would create for pod address %s (sandbox ID %s stands in for the real one):\n",
		strings.Join(pod.IPs, ", "), exampleSandbox)
	for _, p := range list.Plugins {
		stdin, err := inspect.PluginStdin(list, p, chainrun.CapabilityArgs(pod, capArgs))
		if err != nil {
			return fmt.Errorf("%s: %w", p.Network.Type, err)
		}
		var out string
		switch p.Network.Type {
		case "ipmasq":
			out, err = masqPlan(list.Name, ifName, stdin, addrs)
		case "iproute":
			out, err = routePlan(ifName, stdin, addrs)
		case "registerDNS":
			out, err = dnsPlan(pod, ifName, stdin)
		default:
			out = "(no builder known for this plugin type)"
		}
		if err != nil {
			fmt.Fprintf(w, "  %s: would refuse the ADD: %v\n", p.Network.Type, err)
			return fmt.Errorf("chain plugin %s would refuse the pod: %w", p.Network.Type, err)
		}
		fmt.Fprintf(w, "  %s:\n%s\n", p.Network.Type, indent(out, "    "))
	}
	return nil
}

func masqPlan(network, ifName string, stdin []byte, addrs []netip.Prefix) (string, error) {
	cfg, err := snat.ParseConfig(stdin)
	if err != nil {
		return "", err
	}
	owner := snat.Owner{Network: network, ID: cniutil.OwnerID(network, exampleSandbox, ifName)}
	plan := snat.BuildPlan(cfg, owner, addrs)
	var b strings.Builder
	for _, fr := range plan.Families {
		if cfg.Backend == snat.BackendNFTables {
			fmt.Fprintf(&b, "nftables table %s, chain %s (%s):\n", cfg.Table, nftables.ChainName(owner.ID), fr.Family)
			for _, r := range fr.Rules {
				fmt.Fprintf(&b, "  %s\n", nftables.RuleText(fr.Family, r))
			}
			continue
		}
		fmt.Fprintf(&b, "%s-restore --noflush (nat table):\n%s", iptablesTool(fr.Family), iptables.RenderCreate(cfg.Tag, owner, fr))
	}
	if b.Len() == 0 {
		return "(nothing)", nil
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

func iptablesTool(f snat.Family) string {
	if f == snat.IPv6 {
		return "ip6tables"
	}
	return "iptables"
}

func routePlan(ifName string, stdin []byte, addrs []netip.Prefix) (string, error) {
	_, cfg, pod, err := iproute.Load(stdin)
	if err != nil {
		return "", err
	}
	out := iproute.BuildPlan(cfg, pod, addrs, ifName, "").Describe()
	if out == "" {
		return "(nothing)", nil
	}
	return out, nil
}

// dnsPlan is registerDNS's own plan (registerdns.Plan: its parser, name
// template, zones and record builder) for the pod's CNI_ARGS, as ADD would
// compute it.
func dnsPlan(pod chainrun.Pod, ifName string, stdin []byte) (string, error) {
	var args []string
	for _, kv := range chainrun.CNIArgs(pod) {
		args = append(args, kv[0]+"="+kv[1])
	}
	set, err := registerdns.Plan(&skel.CmdArgs{ContainerID: exampleSandbox, IfName: ifName,
		Args: strings.Join(args, ";"), StdinData: stdin})
	if err != nil {
		return "", err
	}
	if len(set.Records) == 0 {
		return "(no names)", nil
	}
	lines := make([]string, 0, len(set.Records))
	for _, r := range set.Records {
		lines = append(lines, r.String())
	}
	return strings.Join(lines, "\n"), nil
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
