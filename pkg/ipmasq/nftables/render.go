// Package nftables is ipmasq's nftables backend. It keeps everything in
// one private table of family inet, in the flat layout (flat.go): a pod
// is a handful of exact-key elements, never a chain.
//
//	table inet diktyo-ipmasq {
//	  set src4 { type ipv4_addr }            # the gate: pod addresses, "owner=<id> net=<net> n=<elements>"
//	  set ret4-8 { type ipv4_addr . ipv4_addr; counter }                 # (pod, daddr & /8): return
//	  map snatp4-24-l4 { type ipv4_addr . inet_proto . ipv4_addr :
//	                     ipv4_addr . inet_service . inet_service; counter } # (pod, proto, daddr & /24): to addr:lo-hi
//	  ...one map per (family, prefix length, protocol key or not, statement kind)
//	  chain flat-snat { type nat hook postrouting priority srcnat
//	    meta nfproto ipv4 goto flat-snat4; meta nfproto ipv6 goto flat-snat6 }
//	  chain flat-snat4 { ip saddr != @src4 return; <one probe per map, longest prefix first> }
//	  chain flat-snat6 { ... }
//	}
//
// The plan's first-match order is compiled into longest-prefix decisions
// per pod and protocol (compile), each an element with its own counter
// and its rule's comment; the chains change only when the set of maps in
// use does, in the same transaction as the elements, sent with the
// ruleset generation it was computed from. ADD is one batch of
// creations, DEL a lookup of the pod's gates and one batch, CHECK
// lookups of the pod's keys: no listing on the fast paths, no chain the
// kernel validates or walks per pod. Every batch is one netlink
// transaction (internal/nft), sent by the process itself: no nft exec.
//
// This file renders the per-pod chain layout diktyo used before (a
// verdict map from pod address to a chain per pod): its names are what
// an upgrade finds and removes (listing.go), and its renderers build such
// a node in the upgrade tests. RuleText renders a plan's rules in nft's
// words, for explain. All rendering is pure and covered by golden tests.
package nftables

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Object names of the per-pod chain layout (before the flat one).
const (
	BaseChain = "postrouting"
	Map4      = "pods4"
	Map6      = "pods6"
	// PodChainPrefix starts every per-pod chain.
	PodChainPrefix = "pod-"
)

// ChainName is owner id's chain.
func ChainName(id string) string { return PodChainPrefix + id }

// ChainComment marks a pod chain with its network and owner, so GC of one
// network never touches another network's pods sharing the table.
func ChainComment(owner snat.Owner) string {
	return snat.Comment(owner, "net="+owner.Network)
}

func mapOf(a netip.Addr) string {
	if snat.FamilyOf(a) == snat.IPv4 {
		return Map4
	}
	return Map6
}

// BaseRules are the base chain's rules, in order.
var BaseRules = []string{"ip saddr vmap @" + Map4, "ip6 saddr vmap @" + Map6}

// RuleText renders r in the form nft lists it, without the comment and
// without the counter's values (nft lists "counter packets N bytes M").
func RuleText(fam snat.Family, r snat.Rule) string {
	var s []string
	switch {
	case !r.AnyDst() && fam == snat.IPv4:
		s = append(s, "ip daddr", dst(r.Dst))
	case !r.AnyDst():
		s = append(s, "ip6 daddr", dst(r.Dst))
	case fam == snat.IPv4: // the pod chain sees both families
		s = append(s, "meta nfproto ipv4")
	default:
		s = append(s, "meta nfproto ipv6")
	}
	if r.Proto != "" {
		s = append(s, "meta l4proto", r.Proto)
	}
	// Every rule counts what it matched (diktyo-nri status shows it).
	s = append(s, "counter")
	switch r.Action {
	case snat.ActionReturn:
		return strings.Join(append(s, "return"), " ")
	case snat.ActionMasquerade:
		s = append(s, "masquerade")
	default:
		s = append(s, snatTo(fam, r))
	}
	switch r.Randomize {
	case snat.RandomHash:
		s = append(s, "random")
	case snat.RandomFully:
		s = append(s, "fully-random")
	}
	return strings.Join(s, " ")
}

// dst prints a prefix as nft lists it: a host prefix as a bare address.
func dst(p netip.Prefix) string {
	if p.IsSingleIP() {
		return p.Addr().String()
	}
	return p.String()
}

func snatTo(fam snat.Family, r snat.Rule) string {
	host, kw := r.To.String(), "snat ip to "
	if fam == snat.IPv6 {
		kw = "snat ip6 to "
		if r.PortLo != 0 {
			host = "[" + host + "]"
		}
	}
	if r.PortLo == 0 {
		return kw + host
	}
	ports := strconv.Itoa(int(r.PortLo))
	if r.PortHi != r.PortLo {
		ports += "-" + strconv.Itoa(int(r.PortHi))
	}
	return kw + host + ":" + ports
}

// ListedRule is RuleText with its comment, as nft list prints a rule.
func ListedRule(fam snat.Family, r snat.Rule) string {
	return RuleText(fam, r) + ` comment "` + r.Comment + `"`
}

// The maps, by family. IDs name them within the batch that creates them.
var (
	map4 = &nft.Set{Name: Map4, Fields: []byte{unix.NFPROTO_IPV4}, Verdicts: true, ID: 1}
	map6 = &nft.Set{Name: Map6, Fields: []byte{unix.NFPROTO_IPV6}, Verdicts: true, ID: 2}
)

func nfFamily(fam snat.Family) byte {
	if fam == snat.IPv4 {
		return unix.NFPROTO_IPV4
	}
	return unix.NFPROTO_IPV6
}

// baseRules are BaseRules as expressions.
func baseRules() []*nft.Rule { return nft.SourceVmaps(BaseChain, Map4, Map6) }

// RenderBase declares the table, maps and base chain and rewrites the
// base chain's rules: idempotent and atomic with the rest of the batch,
// so parallel repairs converge on exactly two rules. Only sent when a
// listing found the base chain missing or changed.
func RenderBase(b *nft.Batch) {
	b.AddTable()
	b.AddSet(map4)
	b.AddSet(map6)
	b.AddChain(&nft.Chain{Name: BaseChain, Hook: &nft.Hook{Type: "nat", Num: unix.NF_INET_POST_ROUTING, Priority: 100}})
	b.FlushChain(BaseChain)
	for _, r := range baseRules() {
		b.AddRule(r)
	}
}

var l4protos = map[string]byte{"tcp": unix.IPPROTO_TCP, "udp": unix.IPPROTO_UDP, "sctp": unix.IPPROTO_SCTP}

// RuleExprs is RuleText as expressions, as nft 1.0.6 compiles it.
func RuleExprs(fam snat.Family, r snat.Rule) []expr.Any {
	f := nfFamily(fam)
	var es []expr.Any
	if r.AnyDst() {
		es = nft.MatchFamily(f)
	} else {
		es = nft.MatchPrefix(true, r.Dst)
	}
	if r.Proto != "" {
		es = append(es, nft.MatchL4Proto(l4protos[r.Proto])...)
	}
	es = append(es, &expr.Counter{})
	random, fully := r.Randomize == snat.RandomHash, r.Randomize == snat.RandomFully
	switch r.Action {
	case snat.ActionReturn:
		return append(es, &expr.Verdict{Kind: expr.VerdictReturn})
	case snat.ActionMasquerade:
		return append(es, &expr.Masq{Random: random, FullyRandom: fully})
	}
	nat := &expr.NAT{Type: expr.NATTypeSourceNAT, Family: uint32(f), RegAddrMin: nft.Reg1, Random: random, FullyRandom: fully}
	es = append(es, &expr.Immediate{Register: nft.Reg1, Data: r.To.AsSlice()})
	if r.PortLo != 0 {
		es = append(es, &expr.Immediate{Register: nft.Reg2, Data: port(r.PortLo)})
		nat.RegProtoMin = nft.Reg2
		if r.PortHi != r.PortLo {
			es = append(es, &expr.Immediate{Register: nft.Reg3, Data: port(r.PortHi)})
			nat.RegProtoMax = nft.Reg3
		}
	}
	return append(es, nat)
}

func port(p uint16) []byte { return []byte{byte(p >> 8), byte(p)} }

func podChain(owner snat.Owner) *nft.Chain {
	return &nft.Chain{Name: ChainName(owner.ID), Comment: ChainComment(owner)}
}

// podRules are the plan's rules, in order.
func podRules(plan *snat.Plan) []*nft.Rule {
	var out []*nft.Rule
	for _, fr := range plan.Families {
		for _, r := range fr.Rules {
			out = append(out, &nft.Rule{Chain: ChainName(plan.Owner.ID), Exprs: RuleExprs(fr.Family, r), Comment: r.Comment})
		}
	}
	return out
}

func addRules(b *nft.Batch, plan *snat.Plan) {
	for _, r := range podRules(plan) {
		b.AddRule(r)
	}
}

func element(a netip.Addr, id string) *nft.Element {
	return &nft.Element{Set: mapOf(a), Key: []netip.Addr{a}, Verdict: &nft.Verdict{Code: unix.NFT_GOTO, Chain: ChainName(id)}}
}

func key(a netip.Addr) *nft.Element { return &nft.Element{Set: mapOf(a), Key: []netip.Addr{a}} }

// RenderCreate is an ADD's pod objects: "create chain" fails when the pod
// chain exists, so a repeated ADD falls back to RenderConverge instead of
// leaving stale map elements behind. The shared objects are not in it.
func RenderCreate(table string, plan *snat.Plan) *nft.Batch {
	b := nft.NewBatch(table)
	b.CreateChain(podChain(plan.Owner))
	addRules(b, plan)
	for _, a := range plan.Sources() {
		b.AddElement(element(a, plan.Owner.ID))
	}
	return b
}

// RenderConverge rewrites the pod chain and its elements given the stale
// elements found by listing: the pod's addresses mapped to another chain,
// and other addresses mapped to the pod's chain.
func RenderConverge(table string, plan *snat.Plan, stale []netip.Addr) *nft.Batch {
	b := nft.NewBatch(table)
	b.AddChain(podChain(plan.Owner))
	b.FlushChain(ChainName(plan.Owner.ID))
	addRules(b, plan)
	for _, a := range stale {
		b.DelElement(key(a))
	}
	for _, a := range plan.Sources() {
		b.AddElement(element(a, plan.Owner.ID))
	}
	return b
}

// RenderDeleteFast deletes the pod's elements for known addresses and its
// chain without knowing whether they exist: each object is added first
// (a no-op when present), then deleted. It fails, changing nothing, when
// the table is gone, an address maps to another pod's chain, or another
// element still points at the chain.
func RenderDeleteFast(table string, owner snat.Owner, srcs []netip.Addr) *nft.Batch {
	b := nft.NewBatch(table)
	b.AddChain(podChain(owner))
	for _, a := range srcs {
		b.AddElement(element(a, owner.ID))
		b.DelElement(key(a))
	}
	b.FlushChain(ChainName(owner.ID))
	b.DelChain(ChainName(owner.ID))
	return b
}

// RenderDelete deletes listed elements and, when it exists, the chain of
// each owner.
func RenderDelete(table string, elems []netip.Addr, chains []string) *nft.Batch {
	b := nft.NewBatch(table)
	for _, a := range elems {
		b.DelElement(key(a))
	}
	for _, c := range chains {
		b.FlushChain(c)
		b.DelChain(c)
	}
	return b
}
