// Package linkguard binds a pod's egress identity to its link: only
// packets that came from the pod's own link may carry the pod's source
// addresses past the node's prerouting, so no neighbour (a pod with
// CAP_NET_RAW, IP_TRANSPARENT, or an address added to its own
// interface) can send as the pod and be SNATed, routed or attributed as
// it. It works with any CNI that gives the pod a veth whose peer is in
// the node's namespace (bridge port, routed veth, OVS port), and with
// both of ipmasq's backends: it keeps its own inet table, the same
// whichever backend translates.
//
//	table inet diktyo-guard {
//	  map bound4 { type ipv4_addr : verdict }   # pod address -> goto as-<owner>
//	  map bound6 { type ipv6_addr : verdict }
//	  chain prerouting { type filter hook prerouting priority -450
//	    ip saddr vmap @bound4
//	    ip6 saddr vmap @bound6 }
//	  chain output { type filter hook output priority -450; the same }
//	  chain as-<owner> {             # packets carrying the pod's address
//	    meta mark & BIT != 0 meta mark set meta mark & ~BIT return
//	    counter drop }               # ... that did not come from its link
//	  chain link-<device> { type filter hook ingress device <device> priority -500
//	    meta iif != <its ifindex> accept                    # a stale chain on a new device
//	    ip saddr POD meta mark set meta mark | BIT accept   # one per address
//	    ip6 saddr fe80::/10 accept; ip6 saddr :: accept; ip saddr 0.0.0.0 accept
//	    counter drop }               # another source from the pod's link
//	}
//
// The ingress hook sees the pod's packets on the node's end of its veth,
// before a bridge, OVS or the IP stack takes them, where the pods can
// still be told apart (on a bridge every pod's packet arrives on the
// bridge, so even strict reverse-path filtering cannot). The mark carries
// "came from the pod's link" to prerouting, which runs before
// defragmentation (each fragment is checked), before conntrack, so a
// spoofed packet neither creates a flow nor rides an existing one of the
// pod, and before routing, so neither SNAT nor policy routing ever sees
// it. Output checks the node's own packets by their socket, which no
// process can send without, so a host-network process cannot send as
// a pod whatever mark it sets (see asRules). Prerouting clears the bit again: nothing
// after it (the cluster CNI, kube-proxy) sees diktyo's mark. A mark set
// inside a pod never reaches the node: crossing namespaces clears it.
//
// The link chain is named by device, not by owner, because the kernel
// holds at most one pod per device: a pod that gets a device name a
// vanished pod had (Calico's and Cilium's are derived from the pod's
// name) takes the chain over, and the vanished pod's late DEL, which
// checks the chain's owner, leaves it alone.
//
// This file renders batches; it is pure.
package linkguard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"net/netip"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Object names inside the table, and its defaults.
const (
	DefaultTable = snat.DefaultGuardTable
	DefaultMark  = snat.DefaultLinkMark

	BaseChain = "prerouting"
	// OutputChain checks what the node itself sends: a host-network
	// process with CAP_NET_RAW (a raw socket, IP_TRANSPARENT) could
	// otherwise send with a pod's address straight into its SNAT.
	OutputChain = "output"
	Map4        = "bound4"
	Map6        = "bound6"
	AsPrefix    = "as-"
	LinkPrefix  = "link-"
	// basePrio is before defragmentation (-400), so each fragment is
	// checked on its own (a neighbour's spoofed fragment must not join
	// the pod's datagram and pass with its first fragment's mark), and
	// before conntrack (-200), routing and iptables' raw table (-300).
	basePrio    = -450
	ingressPrio = -500
)

// AsChain is the chain that owner id's addresses map to.
func AsChain(id string) string { return AsPrefix + id }

// LinkChain is the ingress chain of the pod's link dev.
func LinkChain(dev string) string { return LinkPrefix + dev }

// Binding is one pod's link and addresses.
type Binding struct {
	Owner snat.Owner
	Link  string // the node's end of the pod's veth
	// Index is Link's interface index: the link chain acts only on
	// packets of that device, so a chain that outlived its device
	// (Linux 6.16 keeps a chain whose device is gone, and hooks it to the
	// next device of that name) touches nobody else's packets.
	Index int
	Addrs []netip.Addr // the pod's addresses on it
	Mark  uint32       // the bit set at ingress (DefaultMark)
	// Guards names the SNAT config the binding guards (its backend and
	// table or tag, SNATConfig): a DEL under another one (the old config
	// of a pod whose rules moved) leaves the binding alone.
	Guards string
}

// SNATConfig is Binding.Guards for a backend and its table or tag.
func SNATConfig(backend, tableOrTag string) string { return backend + "/" + tableOrTag }

// netTag is the network as comments hold it: whole when short, else a
// prefix and a hash, so that a long network name (a Multus attachment's
// may have 253 characters) never pushes the fields past the comment's
// length limit.
// It is sanitised as comments are (snat.Sanitize), so that comparing a
// comment's field with it holds for any name.
func netTag(network string) string {
	if len(network) > 40 {
		h := sha256.Sum256([]byte(network))
		network = network[:31] + "+" + hex.EncodeToString(h[:4])
	}
	return strings.ReplaceAll(snat.Sanitize(network), " ", "_")
}

// linkComment marks the link chain with its owner and network.
func linkComment(o snat.Owner) string { return snat.Comment(o, "net="+netTag(o.Network)) }

// asComment marks the as- chain with its owner, link and network: DEL
// needs the link once the pod's namespace (where it was found) is gone.
func asComment(b Binding) string {
	c := "link=" + b.Link + " net=" + netTag(b.Owner.Network)
	if b.Guards != "" {
		c += " snat=" + strings.ReplaceAll(snat.Sanitize(b.Guards), " ", "_")
	}
	return snat.Comment(b.Owner, c)
}

// commentField is key's value in a comment made by linkComment or
// asComment.
func commentField(comment, key string) string {
	for _, f := range strings.Fields(comment) {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}

var (
	map4 = &nft.Set{Name: Map4, Fields: []byte{unix.NFPROTO_IPV4}, Verdicts: true, ID: 1}
	map6 = &nft.Set{Name: Map6, Fields: []byte{unix.NFPROTO_IPV6}, Verdicts: true, ID: 2}
)

func mapOf(a netip.Addr) string {
	if a.Is4() {
		return Map4
	}
	return Map6
}

// baseChains are the base chains, by hook; each holds baseRules.
var baseChains = []*nft.Chain{
	{Name: BaseChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: basePrio}},
	{Name: OutputChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_LOCAL_OUT, Priority: basePrio}},
}

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

func mark(v uint32) []byte { return binary.NativeEndian.AppendUint32(nil, v) }

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

// unbound are the sources a link may carry that are nobody's identity:
// IPv6 link-local (neighbour discovery), and the unspecified addresses
// of DHCP and duplicate address detection. They pass unmarked.
var unbound = []netip.Prefix{
	netip.MustParsePrefix("fe80::/10"),
	netip.MustParsePrefix("::/128"),
	netip.MustParsePrefix("0.0.0.0/32"),
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

func key(a netip.Addr) *nft.Element { return &nft.Element{Set: mapOf(a), Key: []netip.Addr{a}} }

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
