package ipmasq

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/nftables/expr"

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

// nftCounters reads the counters of the pod chain's rules (every rule
// of ipmasq's nftables backend has one) with one netlink listing of that
// chain, in the calling thread's namespace.
func nftCounters(table string, plan *snat.Plan) (map[snat.Family][]counter, error) {
	c, err := nft.Open("")
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Close() }()
	chain := nftables.ChainName(plan.Owner.ID)
	rules, err := c.ListRules(table, chain)
	if err != nil {
		return nil, fmt.Errorf("listing nftables chain %s counters: %w", chain, err)
	}
	total := 0
	for _, fr := range plan.Families {
		total += len(fr.Rules)
	}
	if len(rules) != total {
		return nil, fmt.Errorf("nftables chain %s has %d rules where the plan has %d (drift; the next reconcile repairs it)", chain, len(rules), total)
	}
	out := map[snat.Family][]counter{}
	i := 0
	for _, fr := range plan.Families {
		for range fr.Rules {
			var ct *expr.Counter
			for _, e := range rules[i].Exprs {
				if x, ok := e.(*expr.Counter); ok {
					ct = x
				}
			}
			if ct == nil {
				return nil, fmt.Errorf("nftables chain %s: rule %d has no counter (made by an older diktyo; the next ADD adds it)", chain, i+1)
			}
			out[fr.Family] = append(out[fr.Family], counter{Packets: ct.Packets, Bytes: ct.Bytes})
			i++
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
