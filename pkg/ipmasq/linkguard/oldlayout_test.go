package linkguard

// The layout before the flat one, as the version before wrote it: the
// upgrade tests build a node of it, then let the flat guard move it.

import (
	"encoding/binary"
	"net/netip"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// RenderOld writes b's binding as the layout before the flat one did
// (its base objects first): a test's old node.
func RenderOld(batch *nft.Batch, b Binding) {
	RenderBase(batch)
	RenderAdd(batch, b, LinkCreate, nil, false)
}

// linkComment marks the link chain with its owner and network.
func linkComment(o snat.Owner) string { return snat.Comment(o, "net="+netTag(o.Network)) }

// baseRules are a base chain's rules, in order.
func baseRules(chain string) []*nft.Rule { return nft.SourceVmaps(chain, Map4, Map6) }

// RenderBase declares the table, maps and base chain and rewrites the
// base chain's rules (idempotent, as in ipmasq's nftables backend).
func RenderBase(b *nft.Batch) {
	b.AddTable()
	b.AddSet(map4)
	b.AddSet(map6)
	for _, c := range baseChains {
		b.AddChain(c)
		b.FlushChain(c.Name)
		for _, r := range baseRules(c.Name) {
			b.AddRule(r)
		}
	}
}

// asRules: a packet carrying the pod's address passes only when the
// node did not make it and the pod's link marked it, or when it is a
// forwarded packet the node re-injects; any other is dropped and
// counted (the "as" count: sent as the pod from elsewhere).
//
// The node's own senders are told by what they cannot forge: a socket.
// Every packet a process sends carries its socket through the output
// hook (a raw socket's too), whatever mark it set on it (SO_MARK needs
// only CAP_NET_RAW), while a pod's socket stays in the pod's namespace
// (meta cgroup loads only for a full socket of the hook's namespace).
// So a packet with the pod's address and a socket is dropped before the
// mark is read. What reaches the output hook with no socket and no
// input device is a forwarded packet re-injected through LOCAL_OUT
// (kube-proxy's IPVS sends the pod's Service traffic so, with the
// pod's source): its pod's link checked it when it entered, so it
// passes. In prerouting every packet has an input device, so that rule
// never lets one through there.
func asRules(b Binding) []*nft.Rule {
	chain := AsChain(b.Owner.ID)
	zero := mark(0)
	local := []expr.Any{
		&expr.Meta{Key: expr.MetaKeyCGROUP, Register: nft.Reg1},
		&expr.Cmp{Op: expr.CmpOpGte, Register: nft.Reg1, Data: zero},
		&expr.Counter{}, &expr.Verdict{Kind: expr.VerdictDrop},
	}
	pass := []expr.Any{
		&expr.Meta{Key: expr.MetaKeyMARK, Register: nft.Reg1},
		&expr.Bitwise{SourceRegister: nft.Reg1, DestRegister: nft.Reg1, Len: 4, Mask: mark(b.Mark), Xor: zero},
		&expr.Cmp{Op: expr.CmpOpNeq, Register: nft.Reg1, Data: zero},
	}
	pass = append(pass, nft.SetMarkBits(0, b.Mark)...)
	pass = append(pass, &expr.Verdict{Kind: expr.VerdictReturn})
	reinjected := []expr.Any{
		&expr.Meta{Key: expr.MetaKeyIIF, Register: nft.Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: nft.Reg1, Data: zero},
		&expr.Verdict{Kind: expr.VerdictReturn},
	}
	drop := []expr.Any{&expr.Counter{}, &expr.Verdict{Kind: expr.VerdictDrop}}
	return []*nft.Rule{
		{Chain: chain, Exprs: local, Comment: snat.Comment(b.Owner, "sent as the pod by a socket of the node")},
		{Chain: chain, Exprs: pass},
		{Chain: chain, Exprs: reinjected, Comment: snat.Comment(b.Owner, "forwarded, re-injected by the node (IPVS)")},
		{Chain: chain, Exprs: drop, Comment: snat.Comment(b.Owner, "spoofed as the pod from another link")},
	}
}

// linkRules: the pod's own addresses are marked; the unbound sources
// pass; any other IP packet from the link is dropped and counted (the
// "from" count: sent from the pod's link with a source not its own).
// The inet ingress hook sees only IPv4 and IPv6, so ARP and the rest
// pass untouched.
func linkRules(b Binding) []*nft.Rule {
	chain := LinkChain(b.Link)
	var out []*nft.Rule
	if b.Index > 0 {
		out = append(out, &nft.Rule{Chain: chain, Exprs: []expr.Any{
			&expr.Meta{Key: expr.MetaKeyIIF, Register: nft.Reg1},
			&expr.Cmp{Op: expr.CmpOpNeq, Register: nft.Reg1, Data: binary.NativeEndian.AppendUint32(nil, uint32(b.Index))},
			&expr.Verdict{Kind: expr.VerdictAccept},
		}})
	}
	for _, a := range b.Addrs {
		es := nft.MatchPrefix(false, netip.PrefixFrom(a, a.BitLen()))
		es = append(es, nft.SetMarkBits(b.Mark, b.Mark)...)
		out = append(out, &nft.Rule{Chain: chain, Exprs: append(es, &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	for _, p := range unbound {
		out = append(out, &nft.Rule{Chain: chain, Exprs: append(nft.MatchPrefix(false, p), &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	drop := []expr.Any{&expr.Counter{}, &expr.Verdict{Kind: expr.VerdictDrop}}
	return append(out, &nft.Rule{Chain: chain, Exprs: drop, Comment: snat.Comment(b.Owner, "spoofed from the pod's link")})
}

func linkChain(b Binding) *nft.Chain {
	return &nft.Chain{Name: LinkChain(b.Link), Comment: linkComment(b.Owner),
		Hook: &nft.Hook{Type: "filter", Num: nft.HookIngress, Priority: ingressPrio, Device: b.Link}}
}

func element(a netip.Addr, id string) *nft.Element {
	return &nft.Element{Set: mapOf(a), Key: []netip.Addr{a}, Verdict: &nft.Verdict{Code: unix.NFT_GOTO, Chain: AsChain(id)}}
}

// Link says how RenderAdd writes the link chain.
type Link int

// How the link chain is written.
const (
	LinkCreate  Link = iota // create it: the batch fails when it exists (the fast path)
	LinkRewrite             // it is the pod's: rewrite its rules
	LinkReplace             // another pod's (a vanished pod had the device): delete and create it, comment and all
)

// RenderAdd writes the pod's objects: the link chain as link says, the
// as- chain, and, after deleting stale (elements of the pod's addresses
// that map to another owner, or of other addresses that map to this
// one), the map elements. The link chain comes before the elements in
// the batch, and the batch is one transaction: no packet ever finds the
// pod's address bound without its link marking it. A first ADD creates
// both chains, so that a repeated one fails and converges instead.
//
// renew makes the as- chain anew (its comment changed); stale must then
// hold every address that maps to it.
func RenderAdd(b *nft.Batch, g Binding, link Link, stale []netip.Addr, renew bool) {
	name, as := LinkChain(g.Link), AsChain(g.Owner.ID)
	switch link {
	case LinkCreate:
		b.CreateChain(linkChain(g))
		b.CreateChain(&nft.Chain{Name: as, Comment: asComment(g)})
	case LinkRewrite:
		b.AddChain(linkChain(g))
		b.FlushChain(name)
	case LinkReplace:
		b.FlushChain(name)
		b.DelChain(name)
		b.AddChain(linkChain(g))
	}
	for _, r := range linkRules(g) {
		b.AddRule(r)
	}
	if link != LinkCreate {
		b.AddChain(&nft.Chain{Name: as, Comment: asComment(g)})
		b.FlushChain(as)
	}
	if renew {
		// The kernel keeps a chain's comment when it is declared
		// again: one naming another SNAT config (the pod's rules moved)
		// is made anew, after the elements that go to it (in stale).
		for _, a := range stale {
			b.DelElement(key(a))
		}
		stale = nil
		b.DelChain(as)
		b.AddChain(&nft.Chain{Name: as, Comment: asComment(g)})
	}
	for _, r := range asRules(g) {
		b.AddRule(r)
	}
	for _, a := range stale {
		b.DelElement(key(a))
	}
	for _, a := range g.Addrs {
		b.AddElement(element(a, g.Owner.ID))
	}
}

// RenderDelete removes the elements (for the fast path: added first, a
// no-op when present, so that a missing one is not an error, and failing
// when the address maps to another owner), the as- chain and, when the
// caller proved it the owner's, the link chain: by the handle the caller
// read it with, so that a chain another pod's ADD put in its place
// meanwhile fails the batch rather than going.
func RenderDelete(b *nft.Batch, id string, addrs []netip.Addr, fast bool, link *nft.Chain) {
	for _, a := range addrs {
		if fast {
			b.AddElement(element(a, id))
		}
		b.DelElement(key(a))
	}
	b.FlushChain(AsChain(id))
	b.DelChain(AsChain(id))
	if link != nil {
		b.DelChainHandle(link)
	}
}
