package snat

import (
	"github.com/diktyo-io/diktyo/pkg/api"

	"fmt"
	"net/netip"
	"slices"
	"strings"
)

// Family is an IP family.
type Family int

// IP families.
const (
	IPv4 Family = 4
	IPv6 Family = 6
)

func (f Family) String() string {
	if f == IPv4 {
		return "IPv4"
	}
	return "IPv6"
}

// FamilyOf returns a's family.
func FamilyOf(a netip.Addr) Family {
	if a.Unmap().Is4() {
		return IPv4
	}
	return IPv6
}

// Owner identifies the attachment that owns a set of rules.
type Owner struct {
	Network string // CNI network name
	ID      string // cniutil.OwnerID(network, containerID, ifname)
}

// Rule is one backend-neutral NAT rule of a pod, applied to packets from
// the pod's addresses of the rule's family.
type Rule struct {
	// Dst is the destination; an invalid or /0 prefix matches every
	// destination of the family.
	Dst    netip.Prefix
	Proto  string // "" (all), tcp, udp or sctp
	Action Action // ActionReturn, ActionSNAT or ActionMasquerade
	// To, PortLo and PortHi are the SNAT address and optional ports.
	To             netip.Addr
	PortLo, PortHi uint16
	Randomize      string // RandomNone, RandomHash or RandomFully
	// Comment is the owner and a sanitised description.
	Comment string
}

// AnyDst tells whether the rule matches every destination of its family.
func (r Rule) AnyDst() bool { return !r.Dst.IsValid() || r.Dst.Bits() == 0 }

// FamilyRules are a pod's rules for one IP family.
type FamilyRules struct {
	Family  Family
	Sources []netip.Addr // the pod's addresses of this family
	Rules   []Rule
}

// Plan is everything one attachment should have, per family (IPv4 first).
// Only families the pod has an address of appear.
type Plan struct {
	Owner    Owner
	Families []FamilyRules
}

// Sources returns every pod address of the plan.
func (p *Plan) Sources() []netip.Addr {
	var out []netip.Addr
	for _, f := range p.Families {
		out = append(out, f.Sources...)
	}
	return out
}

// BuildPlan turns the validated config and the pod's addresses into the
// ordered rule set of each family. The order is part of ipmasq's contract:
//
//  1. exclusions (node excludeCIDRs, then the pod's), which leave the
//     packet untranslated by ipmasq;
//  2. masqEntries of the family, most specific destination first (a /32
//     before a /24 before 0.0.0.0/0); equal lengths keep the given order;
//  3. the default action (defaultRules), per family: a default SNAT
//     applies only to the family of defaultExternal.
func BuildPlan(cfg *Config, owner Owner, addrs []netip.Prefix) *Plan {
	plan := &Plan{Owner: owner}
	for _, fam := range []Family{IPv4, IPv6} {
		srcs := sourcesOf(fam, addrs)
		if len(srcs) == 0 {
			continue
		}
		plan.Families = append(plan.Families, FamilyRules{
			Family:  fam,
			Sources: srcs,
			Rules:   familyRules(cfg, owner, fam),
		})
	}
	return plan
}

// PlanForAddrs is a plan without rules, naming only the owner and its
// addresses: what DEL needs to find a pod's objects quickly.
func PlanForAddrs(owner Owner, addrs []netip.Prefix) *Plan {
	return BuildPlan(&Config{}, owner, addrs)
}

func sourcesOf(fam Family, addrs []netip.Prefix) []netip.Addr {
	var out []netip.Addr
	for _, p := range addrs {
		a := p.Addr().Unmap()
		if FamilyOf(a) == fam && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

func familyRules(cfg *Config, owner Owner, fam Family) []Rule {
	pol := cfg.Policy
	var rules []Rule
	for _, c := range pol.Exclude {
		if FamilyOf(c.Addr()) == fam {
			rules = append(rules, Rule{Dst: c, Action: ActionReturn,
				Comment: Comment(owner, "exclude "+c.String())})
		}
	}
	var entries []Entry
	for _, e := range cfg.Entries {
		if FamilyOf(e.Dst.Addr()) == fam {
			entries = append(entries, e)
		}
	}
	// Most specific first; SortStableFunc keeps the given order on ties.
	slices.SortStableFunc(entries, func(a, b Entry) int { return b.Dst.Bits() - a.Dst.Bits() })
	for _, e := range entries {
		r := Rule{Dst: e.Dst, Proto: e.Proto, Randomize: pol.Randomize,
			Comment: Comment(owner, fmt.Sprintf("masqEntries[%d] %s", e.Index, e.Description))}
		setExternal(&r, e.External)
		rules = append(rules, r)
	}
	return append(rules, defaultRules(pol, owner, fam)...)
}

func setExternal(r *Rule, ext api.External) {
	if ext.Masquerade {
		r.Action = ActionMasquerade
		return
	}
	r.Action, r.To, r.PortLo, r.PortHi = ActionSNAT, ext.Addr, ext.PortLo, ext.PortHi
}

// defaultRules are the default action's rules of one family. Every list
// counts per family, so an IPv4-only list never touches the IPv6 default:
//   - where: the family's includeCIDRs, or every destination when it has
//     none;
//   - a pod's podInclude of the family narrows that inside the pod's scope:
//     the default first for each pod include (within where), then a
//     return for the scope, so the rest of the scope goes untranslated
//     while destinations outside it keep the default.
func defaultRules(pol Policy, owner Owner, fam Family) []Rule {
	if pol.DefaultAction == ActionNone {
		return nil
	}
	if pol.DefaultAction == ActionSNAT && FamilyOf(pol.DefaultExternal.Addr) != fam {
		return nil
	}
	base := Rule{Action: pol.DefaultAction, Randomize: pol.Randomize, To: pol.DefaultExternal.Addr}
	name := "default " + pol.DefaultAction.String()
	where := ofFamily(pol.Include, fam)
	var rules []Rule
	if podInclude := ofFamily(pol.PodInclude, fam); len(podInclude) > 0 {
		for _, c := range podInclude {
			for _, d := range intersect(c, where) {
				rules = append(rules, withDst(base, d, Comment(owner, name+" pod include "+d.String())))
			}
		}
		for _, c := range ofFamily(pol.PodScope, fam) {
			rules = append(rules, Rule{Dst: c, Action: ActionReturn, Comment: Comment(owner, name+" outside pod include, in "+c.String())})
		}
	}
	if len(where) == 0 {
		return append(rules, withDst(base, netip.Prefix{}, Comment(owner, name)))
	}
	for _, c := range where {
		rules = append(rules, withDst(base, c, Comment(owner, name+" include "+c.String())))
	}
	return rules
}

func withDst(r Rule, dst netip.Prefix, comment string) Rule {
	r.Dst, r.Comment = dst, comment
	return r
}

func ofFamily(ps []netip.Prefix, fam Family) []netip.Prefix {
	var out []netip.Prefix
	for _, p := range ps {
		if FamilyOf(p.Addr()) == fam {
			out = append(out, p)
		}
	}
	return out
}

// intersect returns the parts of c inside where (every destination when
// where is empty). Two prefixes overlap only when one holds the other.
func intersect(c netip.Prefix, where []netip.Prefix) []netip.Prefix {
	if len(where) == 0 {
		return []netip.Prefix{c}
	}
	var out []netip.Prefix
	for _, w := range where {
		switch {
		case w.Bits() <= c.Bits() && w.Contains(c.Addr()):
			return []netip.Prefix{c} // c inside w: all of c
		case c.Bits() < w.Bits() && c.Contains(w.Addr()):
			out = append(out, w)
		}
	}
	return out
}

// MaxCommentLen keeps comments within what both backends store (nft
// limits rule comments to 128 bytes).
const MaxCommentLen = 120

// Comment returns "owner=<id> <text>" with text sanitised to characters
// that need no escaping in iptables-restore or nft input, and truncated.
func Comment(owner Owner, text string) string {
	return truncate("owner="+owner.ID+" "+Sanitize(text), MaxCommentLen)
}

// Sanitize keeps letters, digits and " _.:/=,+@()[]-", replaces anything
// else by '_' and collapses runs of white space.
func Sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.Join(strings.Fields(s), " ") {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(" _.:/=,+@()[]-", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return strings.TrimSpace(b.String())
}

func truncate(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[:n])
}
