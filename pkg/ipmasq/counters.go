package ipmasq

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// counter is what the kernel counted for one rule.
type counter struct {
	Packets, Bytes uint64
}

// ruleCounters reads the packet and byte counters of the pod's ipmasq
// rules, per family in the plan's order (index i is fr.Rules[i]), with
// one "iptables -t nat -S CHAIN -v" per family: only the pod's chain is
// listed, never the whole table. A chain that holds other rules than the
// plan (drift) gets no counters rather than misattributed ones. The
// nftables backend's (table) are read over netlink.
func ruleCounters(ctx context.Context, r cniutil.Runner, backend, table string, plan *snat.Plan) (map[snat.Family][]counter, error) {
	if backend == snat.BackendNFTables {
		return nftCounters(table, plan)
	}
	out := map[snat.Family][]counter{}
	chain := iptables.ChainName(plan.Owner.ID)
	for _, fr := range plan.Families {
		tool := "iptables"
		if fr.Family == snat.IPv6 {
			tool = "ip6tables"
		}
		listing, err := r.Run(ctx, "", tool, "-w", "5", "-t", "nat", "-S", chain, "-v")
		if err != nil {
			return nil, fmt.Errorf("listing %s counters of chain %s: %w", tool, chain, err)
		}
		cs, err := parseCounters(listing, chain)
		if err != nil {
			return nil, fmt.Errorf("%s chain %s: %w", tool, chain, err)
		}
		if len(cs) != len(fr.Rules) {
			return nil, fmt.Errorf("%s chain %s has %d rules where the plan has %d (drift; the next reconcile repairs it)", tool, chain, len(cs), len(fr.Rules))
		}
		out[fr.Family] = cs
	}
	return out, nil
}

// nftCounters reads the counters of the pod's elements (every element
// of ipmasq's nftables backend has one), one lookup per element, in the
// calling thread's namespace: a rule's count is its elements'.
func nftCounters(table string, plan *snat.Plan) (map[snat.Family][]counter, error) {
	c, err := nft.Open("")
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Close() }()
	cs, err := nftables.Counters(c, table, plan)
	if err != nil {
		return nil, fmt.Errorf("nftables table %s: %w", table, err)
	}
	out := map[snat.Family][]counter{}
	for fam, list := range cs {
		for _, x := range list {
			out[fam] = append(out[fam], counter{Packets: x.Packets, Bytes: x.Bytes})
		}
	}
	return out, nil
}

// counterRE finds a rule's counters in "iptables -S -v" output: "-c PKTS
// BYTES" (both the legacy and the nft variant print it among the rule's
// arguments), or "[PKTS:BYTES]" as iptables-save -c prints them.
var counterRE = regexp.MustCompile(`(?:^\[(\d+):(\d+)\]|\s-c (\d+) (\d+)(?:\s|$))`)

var quotedRE = regexp.MustCompile(`"[^"]*"`)

// parseCounters returns the counters of chain's rules ("-A CHAIN" lines),
// in order.
func parseCounters(listing, chain string) ([]counter, error) {
	var out []counter
	for _, line := range strings.Split(listing, "\n") {
		line = strings.TrimSpace(line)
		rest := strings.TrimSpace(strings.TrimLeft(line, "[0123456789:]"))
		if !strings.HasPrefix(rest, "-A "+chain+" ") {
			continue
		}
		// A pod's description lands in the rule's comment, which iptables
		// quotes (sanitised: no quote inside): a description such as
		// "-c 999 999" must not pass for the counters.
		ms := counterRE.FindAllStringSubmatch(quotedRE.ReplaceAllString(line, `""`), -1)
		if ms == nil {
			return nil, fmt.Errorf("no counters in rule %q", line)
		}
		m := ms[len(ms)-1]
		p, b := m[1], m[2]
		if p == "" {
			p, b = m[3], m[4]
		}
		var c counter
		var err error
		if c.Packets, err = strconv.ParseUint(p, 10, 64); err != nil {
			return nil, fmt.Errorf("packets in %q: %w", line, err)
		}
		if c.Bytes, err = strconv.ParseUint(b, 10, 64); err != nil {
			return nil, fmt.Errorf("bytes in %q: %w", line, err)
		}
		out = append(out, c)
	}
	return out, nil
}
