package ipmasq

import (
	"fmt"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// explain is Plugin.Explain: the rules ADD would install for the pod, in
// the backend's own syntax, from the same parser, planner and renderers
// ADD uses.
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	cfg, err := snat.ParseConfig(stdin)
	if err != nil {
		return "", err
	}
	owner := snat.Owner{Network: pod.Network, ID: cniutil.OwnerID(pod.Network, pod.ContainerID, pod.IfName)}
	plan := snat.BuildPlan(cfg, owner, pod.Addrs)
	var b strings.Builder
	for _, fr := range plan.Families {
		if cfg.Backend == snat.BackendNFTables {
			// The rules, in order, then the elements they become (chain
			// flat-snat4/6 probes the longest destination prefix first).
			fmt.Fprintf(&b, "nftables table %s, chain %s (%s):\n", cfg.Table, nftables.FamilyChain(fr.Family), fr.Family)
			for _, r := range fr.Rules {
				fmt.Fprintf(&b, "  # %s\n", nftables.RuleText(fr.Family, r))
			}
			for _, e := range nftables.Elements(plan, fr.Family) {
				fmt.Fprintf(&b, "  %s\n", e)
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
