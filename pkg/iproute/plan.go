package iproute

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
)

// HostRoute is a host-side route to one pod address through the pod's
// host-side interface.
type HostRoute struct {
	Dst netip.Prefix `json:"dst"`
	Dev string       `json:"dev"`
}

func (r HostRoute) String() string { return fmt.Sprintf("%s dev %s", r.Dst, r.Dev) }

// Rule is a host policy-routing rule. A zero Src or Dst means "all";
// Invert negates the selector ("not from SRC").
type Rule struct {
	Priority int          `json:"priority"`
	Invert   bool         `json:"invert,omitempty"`
	Src      netip.Prefix `json:"src,omitzero"`
	Dst      netip.Prefix `json:"dst,omitzero"`
	Table    int          `json:"table"`
	// Mark/Mask select by packet mark ("fwmark MARK/MASK"); with neither
	// Src nor Dst, V6 says which rule list the rule belongs to.
	Mark uint32 `json:"mark,omitempty"`
	Mask uint32 `json:"mask,omitempty"`
	V6   bool   `json:"v6,omitempty"`
}

// String renders the rule as ip-rule would; it doubles as the rule's key.
func (r Rule) String() string {
	from, to := "all", "all"
	if r.Src.IsValid() {
		from = shortPrefix(r.Src)
	}
	if r.Dst.IsValid() {
		to = shortPrefix(r.Dst)
	}
	table := fmt.Sprint(r.Table)
	if r.Table == tableMain {
		table = "main"
	}
	not := ""
	if r.Invert {
		not = "not "
	}
	if r.Mask != 0 {
		// The family is part of the key: v4 and v6 rules are two rules.
		fam := "ipv4"
		if r.is6() {
			fam = "ipv6"
		}
		return fmt.Sprintf("pref %d %sfrom %s to %s fwmark %#x/%#x lookup %s (%s)", r.Priority, not, from, to, r.Mark, r.Mask, table, fam)
	}
	return fmt.Sprintf("pref %d %sfrom %s to %s lookup %s", r.Priority, not, from, to, table)
}

// is6 says which rule list (ip -4 or ip -6 rule) the rule belongs to.
func (r Rule) is6() bool {
	switch {
	case r.Src.IsValid():
		return r.Src.Addr().Is6()
	case r.Dst.IsValid():
		return r.Dst.Addr().Is6()
	}
	return r.V6
}

// Plan is everything one attachment wants, as plain data.
type Plan struct {
	// PodRoutes go into the pod's netns.
	PodRoutes []PodRoute `json:"podRoutes,omitempty"`
	// HostRoutes and Rules are the attachment's own host-side objects.
	HostRoutes []HostRoute `json:"hostRoutes,omitempty"`
	Rules      []Rule      `json:"rules,omitempty"`
	// Shared are host rules several attachments may need; one is removed
	// when the last attachment referring to it goes.
	Shared []Rule `json:"shared,omitempty"`
	// Marks and Bypass are the fwmark layout's nftables elements, in the
	// table NftTable names. The record keeps the table so that a DEL, a GC
	// or a later ADD removes them from where they are, after the node's
	// config moved to another layout or table. Records written before it
	// was kept have none: their table is the config's, else the default.
	Marks    []Mark   `json:"marks,omitempty"`
	Bypass   []Bypass `json:"bypass,omitempty"`
	NftTable string   `json:"nftTable,omitempty"`
}

func (p Plan) isEmpty() bool {
	return len(p.PodRoutes)+len(p.HostRoutes)+len(p.Rules)+len(p.Shared)+len(p.Marks)+len(p.Bypass) == 0
}

// BuildPlan turns the validated request into the objects to install.
// addrs are the pod's addresses with their prefix length (which the shared
// layout uses as the pod subnet); hostIf is the host-side interface for
// host routes (only needed when pod.HostRoute is set).
func BuildPlan(cfg *Config, pod *Pod, addrs []netip.Prefix, ifname, hostIf string) Plan {
	var p Plan
	for _, r := range pod.Routes {
		if r.Type == TypeUnicast && r.Dev == "" && !r.Gateway.IsValid() {
			r.Dev = ifname
		}
		p.PodRoutes = append(p.PodRoutes, r)
	}
	for _, a := range addrs {
		host := hostPrefix(a.Addr())
		if pod.HostRoute {
			p.HostRoutes = append(p.HostRoutes, HostRoute{Dst: host, Dev: hostIf})
		}
		p.addRules(cfg, pod, a, host)
	}
	p.Rules = dedupRules(p.Rules)
	p.Shared = dedupRules(p.Shared)
	if len(p.Marks)+len(p.Bypass) > 0 {
		p.NftTable = cfg.NftTable
	}
	return p
}

// addRules adds the policy rules for one pod address.
func (p *Plan) addRules(cfg *Config, pod *Pod, addr, host netip.Prefix) {
	if cfg.Layout == LayoutAWS {
		// AWS installs "to PODIP lookup main" for every pod, table or not,
		// so that pods with a table reach every local pod.
		p.Rules = append(p.Rules, Rule{Priority: cfg.ToPriority, Dst: host, Table: tableMain})
	}
	if pod.Table == 0 {
		return
	}
	if cfg.Layout == LayoutFwmark {
		p.addMarks(cfg, pod, host)
	} else {
		p.Rules = append(p.Rules, Rule{Priority: pod.Priority, Src: host, Table: pod.Table})
		for _, c := range sameFamily(pod.ExcludeCIDRs, host) {
			p.Rules = append(p.Rules, Rule{Priority: cfg.ExcludePriority, Src: host, Dst: c, Table: tableMain})
		}
	}
	for _, c := range sameFamily(cfg.ExcludeCIDRs, host) {
		if cfg.Layout == LayoutAWS {
			p.Rules = append(p.Rules, Rule{Priority: cfg.ExcludePriority, Src: host, Dst: c, Table: tableMain})
		} else {
			// Node-wide bypass: the same for every pod, so one rule for
			// all. Traffic that would have used main anyway is unchanged.
			p.Shared = append(p.Shared, Rule{Priority: cfg.ExcludePriority, Dst: c, Table: tableMain})
		}
	}
	if cfg.Layout != LayoutAWS {
		p.addSharedToRules(cfg, addr, host)
	}
	if cfg.OthersToMain {
		for _, c := range sameFamily(cfg.PodCIDRs, host) {
			p.Shared = append(p.Shared, Rule{Priority: cfg.OthersPriority, Invert: true, Src: c, Table: tableMain})
		}
	}
}

// addSharedToRules keeps traffic to local pods in the main table: one rule
// per node pod CIDR, plus the pod's own subnet when no pod CIDR covers it;
// a pod whose address has no subnet (/32, /128) gets a per-pod rule.
func (p *Plan) addSharedToRules(cfg *Config, addr, host netip.Prefix) {
	covered := false
	for _, c := range sameFamily(cfg.PodCIDRs, host) {
		p.Shared = append(p.Shared, Rule{Priority: cfg.ToPriority, Dst: c, Table: tableMain})
		covered = covered || c.Contains(host.Addr())
	}
	switch {
	case covered:
	case addr.Bits() < addr.Addr().BitLen():
		p.Shared = append(p.Shared, Rule{Priority: cfg.ToPriority, Dst: addr.Masked(), Table: tableMain})
	default:
		p.Rules = append(p.Rules, Rule{Priority: cfg.ToPriority, Dst: host, Table: tableMain})
	}
}

// shortPrefix prints a host prefix as a bare address, as ip-rule does.
func shortPrefix(p netip.Prefix) string {
	if p.IsSingleIP() {
		return p.Addr().String()
	}
	return p.String()
}

func hostPrefix(a netip.Addr) netip.Prefix {
	return netip.PrefixFrom(a, a.BitLen())
}

func sameFamily(cidrs []netip.Prefix, ref netip.Prefix) []netip.Prefix {
	var out []netip.Prefix
	for _, c := range cidrs {
		if c.Addr().Is4() == ref.Addr().Is4() {
			out = append(out, c)
		}
	}
	return out
}

func dedupRules(rules []Rule) []Rule {
	seen := make(map[string]bool, len(rules))
	out := rules[:0]
	for _, r := range rules {
		if k := r.String(); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// Describe lists the plan's objects one per line, for logs and explain.
func (p Plan) Describe() string {
	var lines []string
	for _, r := range p.PodRoutes {
		lines = append(lines, "pod route: "+r.String())
	}
	for _, r := range p.HostRoutes {
		lines = append(lines, "host route: "+r.String())
	}
	for _, r := range p.Rules {
		lines = append(lines, "host rule: "+r.String())
	}
	for _, r := range p.Shared {
		lines = append(lines, "shared host rule: "+r.String())
	}
	for _, m := range p.Marks {
		lines = append(lines, "nft mark: "+m.String())
	}
	for _, b := range p.Bypass {
		lines = append(lines, "nft bypass: "+b.String())
	}
	return strings.Join(lines, "\n")
}

// without returns the objects of old that new does not have, so that a
// repeated ADD with a changed request removes what it no longer wants.
func (p Plan) without(newer Plan) Plan {
	out := Plan{NftTable: p.NftTable}
	if p.NftTable != newer.NftTable {
		// Elements in another table are other objects, whatever their keys.
		newer.Marks, newer.Bypass = nil, nil
	}
	for _, r := range p.PodRoutes {
		if !slices.ContainsFunc(newer.PodRoutes, func(n PodRoute) bool { return samePodRoute(n, r) }) {
			out.PodRoutes = append(out.PodRoutes, r)
		}
	}
	for _, r := range p.HostRoutes {
		if !slices.Contains(newer.HostRoutes, r) {
			out.HostRoutes = append(out.HostRoutes, r)
		}
	}
	for _, r := range p.Rules {
		if !slices.Contains(newer.Rules, r) {
			out.Rules = append(out.Rules, r)
		}
	}
	for _, r := range p.Shared {
		if !slices.Contains(newer.Shared, r) {
			out.Shared = append(out.Shared, r)
		}
	}
	for _, m := range p.Marks {
		// By key: a mark element is replaced, not removed, when the
		// address stays and its table changes.
		if !slices.ContainsFunc(newer.Marks, func(n Mark) bool { return n.Addr == m.Addr }) {
			out.Marks = append(out.Marks, m)
		}
	}
	for _, b := range p.Bypass {
		if !slices.Contains(newer.Bypass, b) {
			out.Bypass = append(out.Bypass, b)
		}
	}
	return out
}

// samePodRoute compares the kernel-relevant fields (not the description).
func samePodRoute(a, b PodRoute) bool {
	a.Description, b.Description = "", ""
	return a == b
}
