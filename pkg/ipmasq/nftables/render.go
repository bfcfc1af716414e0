// Package nftables is ipmasq's nftables backend. It keeps everything in
// one private table of family inet:
//
//	table inet diktyo-ipmasq {
//	  map pods4 { type ipv4_addr : verdict }   # pod address -> goto pod chain
//	  map pods6 { type ipv6_addr : verdict }
//	  chain postrouting { type nat hook postrouting priority srcnat
//	    ip saddr vmap @pods4
//	    ip6 saddr vmap @pods6 }
//	  chain pod-<owner> { comment "net=<network> owner=<owner>"; <rules> }
//	}
//
// so a packet costs one map lookup whatever the number of pods. Every ADD
// and DEL is one nft transaction, built with sigs.k8s.io/knftables.
//
// This file renders plans as transactions; it is pure, and its output is
// covered by golden tests.
package nftables

import (
	"net/netip"
	"strconv"
	"strings"

	"sigs.k8s.io/knftables"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Object names inside the table.
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

// RuleText renders r in the form nft lists it, without the comment.
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

// TxFactory makes transactions for one table. It needs no nft binary and
// runs nothing: knftables.New probes the system with two nft runs,
// which would cost more than the transaction itself on every plugin exec.
type TxFactory struct{ fake *knftables.Fake }

// NewTxFactory returns a factory for table (family inet).
func NewTxFactory(table string) TxFactory {
	return TxFactory{fake: knftables.NewFake(knftables.InetFamily, table)}
}

// New returns an empty transaction on the factory's table.
func (f TxFactory) New() *knftables.Transaction { return f.fake.NewTransaction() }

// addBase declares the table, maps and base chain, and rewrites the base
// chain's two rules: idempotent, and atomic with the rest of the
// transaction, so parallel ADDs converge on exactly two rules.
func addBase(tx *knftables.Transaction) {
	tx.Add(&knftables.Table{})
	tx.Add(&knftables.Map{Name: Map4, Type: "ipv4_addr : verdict"})
	tx.Add(&knftables.Map{Name: Map6, Type: "ipv6_addr : verdict"})
	tx.Add(&knftables.Chain{
		Name:     BaseChain,
		Type:     knftables.PtrTo(knftables.NATType),
		Hook:     knftables.PtrTo(knftables.PostroutingHook),
		Priority: knftables.PtrTo(knftables.SNATPriority),
	})
	tx.Flush(&knftables.Chain{Name: BaseChain})
	for _, r := range BaseRules {
		tx.Add(&knftables.Rule{Chain: BaseChain, Rule: r})
	}
}

func podChain(owner snat.Owner) *knftables.Chain {
	return &knftables.Chain{Name: ChainName(owner.ID), Comment: knftables.PtrTo(ChainComment(owner))}
}

func addRules(tx *knftables.Transaction, plan *snat.Plan) {
	for _, fr := range plan.Families {
		for _, r := range fr.Rules {
			tx.Add(&knftables.Rule{Chain: ChainName(plan.Owner.ID), Rule: RuleText(fr.Family, r), Comment: knftables.PtrTo(r.Comment)})
		}
	}
}

func element(a netip.Addr, id string) *knftables.Element {
	return &knftables.Element{Map: mapOf(a), Key: []string{a.String()}, Value: []string{"goto " + ChainName(id)}}
}

// RenderCreate is the first ADD: "create chain" fails when the pod chain
// exists, so a repeated ADD falls back to RenderConverge instead of
// leaving stale map elements behind.
func RenderCreate(f TxFactory, plan *snat.Plan) *knftables.Transaction {
	tx := f.New()
	addBase(tx)
	tx.Create(podChain(plan.Owner))
	addRules(tx, plan)
	for _, a := range plan.Sources() {
		tx.Add(element(a, plan.Owner.ID))
	}
	return tx
}

// RenderConverge rewrites the pod chain and its elements given the stale
// elements found by listing: the pod's addresses mapped to another chain,
// and other addresses mapped to the pod's chain.
func RenderConverge(f TxFactory, plan *snat.Plan, stale []netip.Addr) *knftables.Transaction {
	tx := f.New()
	addBase(tx)
	tx.Add(podChain(plan.Owner))
	tx.Flush(&knftables.Chain{Name: ChainName(plan.Owner.ID)})
	addRules(tx, plan)
	for _, a := range stale {
		tx.Delete(&knftables.Element{Map: mapOf(a), Key: []string{a.String()}})
	}
	for _, a := range plan.Sources() {
		tx.Add(element(a, plan.Owner.ID))
	}
	return tx
}

// RenderDeleteFast deletes the pod's elements for known addresses and its
// chain without knowing whether they exist: each object is added first
// (a no-op when present), then deleted. It fails, changing nothing, when
// the table is gone, an address maps to another pod's chain, or another
// element still points at the chain.
func RenderDeleteFast(f TxFactory, owner snat.Owner, srcs []netip.Addr) *knftables.Transaction {
	tx := f.New()
	tx.Add(podChain(owner))
	for _, a := range srcs {
		tx.Add(element(a, owner.ID))
		tx.Delete(&knftables.Element{Map: mapOf(a), Key: []string{a.String()}})
	}
	tx.Flush(&knftables.Chain{Name: ChainName(owner.ID)})
	tx.Delete(&knftables.Chain{Name: ChainName(owner.ID)})
	return tx
}

// RenderDelete deletes listed elements and, when it exists, the chain of
// each owner.
func RenderDelete(f TxFactory, elems []netip.Addr, chains []string) *knftables.Transaction {
	tx := f.New()
	for _, a := range elems {
		tx.Delete(&knftables.Element{Map: mapOf(a), Key: []string{a.String()}})
	}
	for _, c := range chains {
		tx.Flush(&knftables.Chain{Name: c})
		tx.Delete(&knftables.Chain{Name: c})
	}
	return tx
}
