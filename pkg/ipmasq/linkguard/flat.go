package linkguard

// The flat layout (docs/ipmasq.md, "Link-bound identity"): a pod's
// binding is exact-key elements in sets that fixed chains look up, in a
// bridge table and an inet table of the same name. No chain, no hook per
// pod: binding one costs the same with 10 or 10,000 pods bound.
//
//	table bridge diktyo-guard {
//	  set link4 { type iface_index . ipv4_addr }   # (and link6) a pod's link and address
//	  set links { type iface_index; counter }      # the bound links; counts "from"
//	  chain prerouting { type filter hook prerouting priority -450
//	    meta protocol ip iif . ip saddr @link4 meta mark set meta mark | BIT accept
//	    (ip6 likewise); the unbound sources accept
//	    meta protocol ip iif @links drop            # (ip6 likewise)
//	  }
//	}
//	table inet diktyo-guard {
//	  link4, link6, links as above
//	  map pods4 { type ipv4_addr : iface_index . mark . mark }   # (pods6) the link, owner and SNAT config
//	  set as4 { type ipv4_addr; counter }                       # (as6) counts "as"
//	  chain bind-prerouting { type filter hook prerouting priority -460
//	    iif . ip saddr @link4 accept                 # a routed veth's own (ip6 likewise)
//	    the unbound sources accept
//	    iif @links drop                              # another source from a routed veth
//	    meta mark & BIT != 0 ip saddr @pods4 meta mark set meta mark & ~BIT accept   # a bridge port's own
//	    ip saddr @as4 drop                           # a pod's address from anywhere else
//	  }
//	  chain bind-output { type filter hook output priority -460
//	    meta cgroup >= 0 ip saddr @as4 drop }        # a socket of the node sending as a pod
//	  set strict4 { type ipv4_addr; counter }        # (strict6) strict pods; counts their drops
//	  chain strict-postrouting { type filter hook postrouting priority srcnat + 1
//	    ct state new ct mark & STRICT == 0 ip saddr @strict4 drop      # (ip6 likewise)
//	    ct direction original ct status snat ip saddr @strict4 drop }  # (ip6) set up, not made
//	}
//
// Strict mode: ipmasq's nftables chains (another table) set the
// conntrack mark bit STRICT with every decision they take for a pod;
// after them, a strict pod's new connection that still carries the
// pod's own address and no such mark was decided by no chain of
// ipmasq's (a foreign writer flushed or deleted them) and is dropped
// here, where that write did not reach.
//
// The bridge family's prerouting hook sees a bridge port's frames with
// the port as iif, before the bridge forwards them or passes them up and
// before any defragmentation; a routed veth's packets reach inet
// prerouting with the veth as iif. Both keys are written in both tables:
// ADD need not know which kind of link the pod has. The mark is cleared
// only for an address of this layout, so that the per-pod chains of the
// layout before it (prerouting at -450, after this) keep working for the
// pods not moved yet.

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"maps"
	"net/netip"
	"slices"
	"strings"
	"sync"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Names of the flat layout's objects.
const (
	FlatPrerouting = "bind-prerouting"
	FlatOutput     = "bind-output"
	FlatStrict     = "strict-postrouting"
	// strictPrio is right after source NAT (NF_IP_PRI_NAT_SRC, 100):
	// the decision is taken and its translation made, so a translated
	// packet no longer carries the pod's address.
	strictPrio  = 101
	BridgeChain = "prerouting"
	flatPrio    = -460
)

var (
	link4 = &nft.Set{Name: "link4", Fields: []byte{nft.FieldIfindex, unix.NFPROTO_IPV4}, ID: 11}
	link6 = &nft.Set{Name: "link6", Fields: []byte{nft.FieldIfindex, unix.NFPROTO_IPV6}, ID: 12}
	links = &nft.Set{Name: "links", Fields: []byte{nft.FieldIfindex}, Counter: true, ID: 13}
	pods4 = &nft.Set{Name: "pods4", Fields: []byte{unix.NFPROTO_IPV4}, Data: []byte{nft.FieldIfindex, nft.FieldU32, nft.FieldU32}, ID: 14}
	pods6 = &nft.Set{Name: "pods6", Fields: []byte{unix.NFPROTO_IPV6}, Data: []byte{nft.FieldIfindex, nft.FieldU32, nft.FieldU32}, ID: 15}
	as4   = &nft.Set{Name: "as4", Fields: []byte{unix.NFPROTO_IPV4}, Counter: true, ID: 16}
	as6   = &nft.Set{Name: "as6", Fields: []byte{unix.NFPROTO_IPV6}, Counter: true, ID: 17}
	// strict4 and strict6 hold the strict pods' addresses; an element
	// counts the pod's connections dropped undecided.
	strict4 = &nft.Set{Name: "strict4", Fields: []byte{unix.NFPROTO_IPV4}, Counter: true, ID: 18}
	strict6 = &nft.Set{Name: "strict6", Fields: []byte{unix.NFPROTO_IPV6}, Counter: true, ID: 19}

	// The bridge table's sets: the same shapes, other batch IDs.
	brLink4 = &nft.Set{Name: "link4", Fields: link4.Fields, ID: 21}
	brLink6 = &nft.Set{Name: "link6", Fields: link6.Fields, ID: 22}
	brLinks = &nft.Set{Name: "links", Fields: links.Fields, Counter: true, ID: 23}

	families = []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV6}
)

func linkSet(fam byte) *nft.Set {
	if fam == unix.NFPROTO_IPV4 {
		return link4
	}
	return link6
}

func podSet(fam byte) *nft.Set {
	if fam == unix.NFPROTO_IPV4 {
		return pods4
	}
	return pods6
}

func asSet(fam byte) *nft.Set {
	if fam == unix.NFPROTO_IPV4 {
		return as4
	}
	return as6
}

func strictSet(fam byte) *nft.Set {
	if fam == unix.NFPROTO_IPV4 {
		return strict4
	}
	return strict6
}

// inetSets are the inet table's sets.
var inetSets = []*nft.Set{link4, link6, links, pods4, pods6, as4, as6, strict4, strict6}

// marks are the bits the fixed chains use: the packet mark bit of "came
// from the pod's link" and the conntrack mark bit of ipmasq's decisions.
type marks struct{ link, strict uint32 }

// marksOf are b's bits, the defaults where b has none.
func marksOf(b Binding) marks {
	m := marks{link: b.Mark, strict: b.StrictMark}
	if m.link == 0 {
		m.link = DefaultMark
	}
	if m.strict == 0 {
		m.strict = snat.DefaultStrictMark
	}
	return m
}

// ethertype is "meta protocol ip" (ip6): the bridge family's test of a
// frame's network protocol (meta nfproto is the bridge there).
func ethertype(fam byte) []expr.Any {
	t := uint16(unix.ETH_P_IP)
	if fam == unix.NFPROTO_IPV6 {
		t = unix.ETH_P_IPV6
	}
	return []expr.Any{
		&expr.Meta{Key: expr.MetaKeyPROTOCOL, Register: nft.Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: nft.Reg1, Data: binary.BigEndian.AppendUint16(nil, t)},
	}
}

// familyMatch is the test of the packet's family in a table of the
// bridge family (bridge true) or the inet family.
func familyMatch(bridge bool, fam byte) []expr.Any {
	if bridge {
		return ethertype(fam)
	}
	return nft.MatchFamily(fam)
}

// ownKey is "iif . saddr @linkN": the rule goes on for a link's own
// source.
func ownKey(bridge bool, fam byte) []expr.Any {
	es := familyMatch(bridge, fam)
	return append(es,
		&expr.Meta{Key: expr.MetaKeyIIF, Register: nft.Reg1},
		nft.LoadAddr(fam, false, nft.Reg32_01),
		nft.Lookup(linkSet(fam).Name))
}

// unboundRules pass the sources that are nobody's identity (see
// unbound).
func unboundRules(chain string, bridge bool) []*nft.Rule {
	var out []*nft.Rule
	for _, p := range unbound {
		fam := nft.FamilyOf(p.Addr())
		es := familyMatch(bridge, fam)
		// MatchPrefix begins with the inet family's test: replaced.
		es = append(es, nft.MatchPrefix(false, p)[len(nft.MatchFamily(fam)):]...)
		out = append(out, &nft.Rule{Chain: chain, Exprs: append(es, &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	return out
}

// fromLink drops what a bound link sends with another source; the
// lookup counts it in the link's element.
func fromLink(chain string, bridge bool, fam byte) *nft.Rule {
	var es []expr.Any
	if bridge {
		es = ethertype(fam)
	}
	es = append(es, &expr.Meta{Key: expr.MetaKeyIIF, Register: nft.Reg1}, nft.Lookup(links.Name), &expr.Verdict{Kind: expr.VerdictDrop})
	return &nft.Rule{Chain: chain, Exprs: es}
}

// bridgeRules are the bridge table's prerouting rules.
func bridgeRules(bit uint32) []*nft.Rule {
	var out []*nft.Rule
	for _, fam := range families {
		es := append(ownKey(true, fam), nft.SetMarkBits(bit, bit)...)
		out = append(out, &nft.Rule{Chain: BridgeChain, Exprs: append(es, &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	out = append(out, unboundRules(BridgeChain, true)...)
	for _, fam := range families {
		out = append(out, fromLink(BridgeChain, true, fam))
	}
	return out
}

// portRules are a per-device binding's ingress chain's rules: the
// bridge chain's, in the inet family's words. The link's own sources
// get the mark that inet prerouting passes a pod's address with
// (whatever device the packet arrives on there: an OVS internal port);
// another source is dropped and counted in the link's element.
func portRules(idx, bit uint32) []*nft.Rule {
	chain := PortChain(idx)
	var out []*nft.Rule
	for _, fam := range families {
		es := append(ownKey(false, fam), nft.SetMarkBits(bit, bit)...)
		out = append(out, &nft.Rule{Chain: chain, Exprs: append(es, &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	out = append(out, unboundRules(chain, false)...)
	return append(out, fromLink(chain, false, 0))
}

// portChain is the ingress chain of b's link: at the ingress hook, which
// sees a device's packets before any master (bridge, Open vSwitch) takes
// them and before defragmentation, each fragment on its own.
func portChain(b Binding) *nft.Chain {
	return &nft.Chain{Name: PortChain(uint32(b.Index)), Hook: &nft.Hook{Type: "filter", Num: nft.HookIngress, Device: b.Link, Priority: ingressPrio}}
}

// renderPort writes b's ingress chain when b is bound per device: as a
// creation (fails when it is there: a repeated ADD goes the slow way),
// or, slow, declared and its rules rewritten.
func renderPort(batch *nft.Batch, table string, b Binding, slow bool) {
	if !b.PerDevice {
		return
	}
	in := nft.NewBatch(table)
	if slow {
		in.AddChain(portChain(b))
		in.FlushChain(PortChain(uint32(b.Index)))
	} else {
		in.CreateChain(portChain(b))
	}
	for _, r := range portRules(uint32(b.Index), marksOf(b).link) {
		in.AddRule(r)
	}
	batch.Append(in)
}

// preroutingRules are the inet table's prerouting rules.
func preroutingRules(bit uint32) []*nft.Rule {
	var out []*nft.Rule
	for _, fam := range families {
		out = append(out, &nft.Rule{Chain: FlatPrerouting, Exprs: append(ownKey(false, fam), &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	out = append(out, unboundRules(FlatPrerouting, false)...)
	out = append(out, &nft.Rule{Chain: FlatPrerouting, Exprs: []expr.Any{
		&expr.Meta{Key: expr.MetaKeyIIF, Register: nft.Reg1}, nft.Lookup(links.Name), &expr.Verdict{Kind: expr.VerdictDrop}}})
	zero := mark(0)
	for _, fam := range families {
		es := []expr.Any{
			&expr.Meta{Key: expr.MetaKeyMARK, Register: nft.Reg1},
			&expr.Bitwise{SourceRegister: nft.Reg1, DestRegister: nft.Reg1, Len: 4, Mask: mark(bit), Xor: zero},
			&expr.Cmp{Op: expr.CmpOpNeq, Register: nft.Reg1, Data: zero},
		}
		es = append(es, nft.MatchFamily(fam)...)
		es = append(es, nft.LoadAddr(fam, false, nft.Reg1), nft.Lookup(podSet(fam).Name))
		es = append(es, nft.SetMarkBits(0, bit)...)
		out = append(out, &nft.Rule{Chain: FlatPrerouting, Exprs: append(es, &expr.Verdict{Kind: expr.VerdictAccept})})
	}
	for _, fam := range families {
		es := append(nft.MatchFamily(fam), nft.LoadAddr(fam, false, nft.Reg1), nft.Lookup(asSet(fam).Name), &expr.Verdict{Kind: expr.VerdictDrop})
		out = append(out, &nft.Rule{Chain: FlatPrerouting, Exprs: es})
	}
	return out
}

// outputRules drop a pod's address sent by a socket of the node (see
// asRules for why the socket, not the mark): meta cgroup breaks the
// rule for a packet without one (IPVS re-injecting a forwarded packet).
func outputRules() []*nft.Rule {
	var out []*nft.Rule
	for _, fam := range families {
		es := []expr.Any{
			&expr.Meta{Key: expr.MetaKeyCGROUP, Register: nft.Reg1},
			&expr.Cmp{Op: expr.CmpOpGte, Register: nft.Reg1, Data: mark(0)},
		}
		es = append(es, nft.MatchFamily(fam)...)
		es = append(es, nft.LoadAddr(fam, false, nft.Reg1), nft.Lookup(asSet(fam).Name), &expr.Verdict{Kind: expr.VerdictDrop})
		out = append(out, &nft.Rule{Chain: FlatOutput, Exprs: es})
	}
	return out
}

// strictRules drop, from a strict pod's address, a new connection that
// no decision of ipmasq's marked (see the package comment above), and
// an original-direction packet of a connection whose source translation
// was set up but not made: the kernel unregisters its nat hooks with
// the last nat chain of the namespace, and an established connection
// then leaves with its own address; and a packet conntrack does not
// track (invalid: a TCP flag combination or checksum it refuses; or
// untracked by another writer's notrack), which no nat chain translates.
// The lookup comes last, so its
// element counts only the drops. A translated packet no longer has the
// pod's address: only what leaves as the pod is looked at.
func strictRules(bit uint32) []*nft.Rule {
	var out []*nft.Rule
	for _, test := range [][]expr.Any{
		append(nft.CtStateNew(), nft.CtMarkClear(bit)...),
		append(nft.CtOriginal(), nft.CtStatusSNAT()...),
		nft.CtStateAny(nft.CtStateBitInvalid | nft.CtStateBitUntracked),
	} {
		for _, fam := range families {
			es := append(append(slices.Clone(test), nft.MatchFamily(fam)...), nft.LoadAddr(fam, false, nft.Reg1),
				nft.Lookup(strictSet(fam).Name), &expr.Verdict{Kind: expr.VerdictDrop})
			out = append(out, &nft.Rule{Chain: FlatStrict, Exprs: es})
		}
	}
	return out
}

var (
	strictChain = &nft.Chain{Name: FlatStrict, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_POST_ROUTING, Priority: strictPrio}}
	bridgeBase  = &nft.Chain{Name: BridgeChain, Hook: &nft.Hook{Type: "filter", Num: nft.HookBridgePrerouting, Priority: basePrio}}
	flatChains  = []*nft.Chain{
		{Name: FlatPrerouting, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: flatPrio}},
		{Name: FlatOutput, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_LOCAL_OUT, Priority: flatPrio}},
		strictChain,
	}
)

// flatRules are a fixed chain's rules, by chain (the bridge table's
// under "bridge/").
func flatRules(m marks) map[string][]*nft.Rule {
	return map[string][]*nft.Rule{
		"bridge/" + BridgeChain: bridgeRules(m.link),
		FlatPrerouting:          preroutingRules(m.link),
		FlatOutput:              outputRules(),
		FlatStrict:              strictRules(m.strict),
	}
}

// RenderFlatBase declares both tables, their sets and fixed chains and
// rewrites the chains' rules (idempotent): one transaction with what
// follows it.
func RenderFlatBase(b *nft.Batch, table string, m marks) {
	rules := flatRules(m)
	br := nft.NewBatchIn(unix.NFPROTO_BRIDGE, table)
	br.AddTable()
	for _, s := range []*nft.Set{brLink4, brLink6, brLinks} {
		br.AddSet(s)
	}
	br.AddChain(bridgeBase)
	br.FlushChain(BridgeChain)
	for _, r := range rules["bridge/"+BridgeChain] {
		br.AddRule(r)
	}
	in := nft.NewBatch(table)
	in.AddTable()
	for _, s := range inetSets {
		in.AddSet(s)
	}
	for _, c := range flatChains {
		in.AddChain(c)
		in.FlushChain(c.Name)
		for _, r := range rules[c.Name] {
			in.AddRule(r)
		}
	}
	// Last: its presence says the objects above were written whole.
	in.AddChain(&nft.Chain{Name: wholeName()})
	b.Append(br)
	b.Append(in)
}

// wholeName is the chain whose presence says the fixed objects were
// written whole, by this version: an ADD's creation flushes it (empty,
// a no-op) and so fails, going the slow way that writes them, where it
// is missing (a table another writer deleted and that the elements'
// sets made again is not whole). CHECK deletes it when it finds the
// fixed chains changed, so that the repairing ADD rewrites them. Its
// name is a digest of the fixed rules (with the default mark): a version
// whose rules differ writes its own.
var wholeName = sync.OnceValue(func() string {
	var texts []string
	rules := flatRules(marks{DefaultMark, snat.DefaultStrictMark})
	for _, name := range []string{"bridge/" + BridgeChain, FlatPrerouting, FlatOutput, FlatStrict} {
		for _, r := range rules[name] {
			texts = append(texts, name+" "+r.String())
		}
	}
	return fmt.Sprintf("whole-%08x", tag(strings.Join(texts, "\n")))
})

// renderTripwires make a creation fail, changing nothing, where the slow
// way must run: the layout before still there (its base chain: creating
// a chain of that name fails), or the fixed objects not written whole
// (wholeName).
func renderTripwires(b *nft.Batch, table string) {
	in := nft.NewBatch(table)
	in.CreateChain(&nft.Chain{Name: BaseChain})
	in.DelChain(BaseChain)
	in.FlushChain(wholeName())
	b.Append(in)
}

// tag is a 32-bit digest of an owner or a SNAT config, as a pod's value
// holds them: a DEL tells its own element from another's by them. Both
// are taken in the form comments hold (netTag, sanitised), so that the
// upgrade computes them from the old layout's comments alike.
func tag(s string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return h.Sum32()
}

func ownerTag(o snat.Owner) uint32 { return tag(netTag(o.Network) + "\x00" + o.ID) }

func guardsTag(guards string) uint32 {
	if guards == "" {
		return tag("")
	}
	return tag(strings.ReplaceAll(snat.Sanitize(guards), " ", "_"))
}

// podValue is a pod element's value: its link's index, its owner's tag
// and its SNAT config's tag (pods4's and pods6's data words).
func podValue(b Binding) *nft.Data {
	return &nft.Data{Words: []uint32{uint32(b.Index), ownerTag(b.Owner), guardsTag(b.Guards)}}
}

// valueWord is word i of a pod element's value; 0 when it has none.
func valueWord(v *nft.Data, i int) uint32 {
	if v == nil || len(v.Words) <= i {
		return 0
	}
	return v.Words[i]
}

// valueIndex is the link index a pod element's value holds.
func valueIndex(v *nft.Data) uint32 { return valueWord(v, 0) }

func valueOwner(v *nft.Data) uint32 { return valueWord(v, 1) }

func valueGuards(v *nft.Data) uint32 { return valueWord(v, 2) }

// flatKeys are the elements of a binding, by table family: what ADD
// adds and DEL deletes; unstrict are the strict elements a binding not
// in strict mode must not have (ADD deletes them).
type flatKeys struct {
	bridge, inet, unstrict []*nft.Element
}

// keys are the elements of link index idx bound to addrs, the pod
// elements with value and comment.
func keys(idx uint32, addrs []netip.Addr, value *nft.Data, comment string) flatKeys {
	var k flatKeys
	for _, a := range addrs {
		fam := nft.FamilyOf(a)
		key := []netip.Addr{a}
		k.bridge = append(k.bridge, &nft.Element{Set: linkSet(fam).Name, Iif: idx, Key: key})
		k.inet = append(k.inet,
			&nft.Element{Set: linkSet(fam).Name, Iif: idx, Key: key},
			&nft.Element{Set: asSet(fam).Name, Key: key},
			&nft.Element{Set: podSet(fam).Name, Key: key, Data: value, Comment: comment})
	}
	k.bridge = append(k.bridge, &nft.Element{Set: links.Name, Iif: idx})
	k.inet = append(k.inet, &nft.Element{Set: links.Name, Iif: idx})
	return k
}

func keysOf(b Binding) flatKeys {
	k := keys(uint32(b.Index), b.Addrs, podValue(b), asComment(b))
	if b.PerDevice {
		// Its packets never meet the bridge family's hooks (an OVS port),
		// or must not be marked there (a test forcing this path).
		k.bridge = nil
	}
	for _, a := range b.Addrs {
		e := strictKey(a, asComment(b))
		if b.Strict {
			k.inet = append(k.inet, e)
		} else {
			k.unstrict = append(k.unstrict, e)
		}
	}
	return k
}

// strictKey is address a's strict element.
func strictKey(a netip.Addr, comment string) *nft.Element {
	return &nft.Element{Set: strictSet(nft.FamilyOf(a)).Name, Key: []netip.Addr{a}, Comment: comment}
}

// renderKeys adds k: a creation that fails (EEXIST) when an address is
// bound to another link, owner or SNAT config.
func renderKeys(batch *nft.Batch, table string, k flatKeys) {
	br := nft.NewBatchIn(unix.NFPROTO_BRIDGE, table)
	for _, e := range k.bridge {
		br.AddElement(e)
	}
	in := nft.NewBatch(table)
	for _, e := range k.inet {
		in.AddElement(e)
	}
	for _, e := range k.unstrict {
		removeKey(in, e)
	}
	batch.Append(br)
	batch.Append(in)
}

// removeKey deletes e whether or not it is there: added first (a no-op
// when it is), then deleted. For a pod element, the add fails when the
// key holds another value: the batch then changes nothing.
func removeKey(b *nft.Batch, e *nft.Element) {
	b.AddElement(e)
	b.DelElement(&nft.Element{Set: e.Set, Iif: e.Iif, Key: e.Key})
}

// renderUnbind deletes the elements of the bindings pod elements held:
// held are the elements as read (the add that guards a delete fails the
// batch when the element changed since); withLinks deletes their links'
// elements too (not when another pod took an address over: its holder's
// link keeps its other addresses), but those of keep.
func renderUnbind(batch *nft.Batch, table string, held []*nft.Element, withLinks bool, keep map[uint32]bool) {
	br := nft.NewBatchIn(unix.NFPROTO_BRIDGE, table)
	in := nft.NewBatch(table)
	seen := maps.Clone(keep)
	if seen == nil {
		seen = map[uint32]bool{}
	}
	for _, e := range held {
		idx := valueIndex(e.Data)
		fam := nft.FamilyOf(e.Key[0])
		removeKey(in, &nft.Element{Set: podSet(fam).Name, Key: e.Key, Data: e.Data, Comment: e.Comment})
		removeKey(in, &nft.Element{Set: asSet(fam).Name, Key: e.Key})
		removeKey(in, &nft.Element{Set: strictSet(fam).Name, Key: e.Key})
		removeKey(in, &nft.Element{Set: linkSet(fam).Name, Iif: idx, Key: e.Key})
		removeKey(br, &nft.Element{Set: linkSet(fam).Name, Iif: idx, Key: e.Key})
		if withLinks && !seen[idx] && idx != 0 {
			seen[idx] = true
			removeKey(in, &nft.Element{Set: links.Name, Iif: idx})
			removeKey(br, &nft.Element{Set: links.Name, Iif: idx})
		}
	}
	batch.Append(br)
	batch.Append(in)
}

// flatRelease removes the flat layout's fixed objects and tables when
// nothing else is in them (NLM_F_NONREC), in one transaction.
func flatRelease(table string) *nft.Batch {
	b := nft.NewBatch(table)
	b.Append(flatReleaseBridge(table, true))
	b.Append(flatReleaseInet(table, true))
	return b
}

// flatReleaseBridge removes the bridge table's fixed objects, and the
// table with them when withTable; refused (EBUSY) while a set holds an
// element or, withTable, anything else is in the table.
func flatReleaseBridge(table string, withTable bool) *nft.Batch {
	br := nft.NewBatchIn(unix.NFPROTO_BRIDGE, table)
	br.DelChain(BridgeChain)
	for _, s := range []*nft.Set{brLink4, brLink6, brLinks} {
		br.DelSetIfEmpty(s)
	}
	if withTable {
		br.DelTableIfEmpty()
	}
	return br
}

// flatReleaseInet is flatReleaseBridge for the inet table.
func flatReleaseInet(table string, withTable bool) *nft.Batch {
	in := nft.NewBatch(table)
	// Strict mode's chain and sets declared first: a table a version
	// before them wrote has none, and goes all the same.
	in.AddChain(strictChain)
	in.AddSet(strict4)
	in.AddSet(strict6)
	for _, c := range flatChains {
		in.DelChain(c.Name)
	}
	// Declared first: deleted whether or not CHECK removed it.
	in.AddChain(&nft.Chain{Name: wholeName()})
	in.DelChain(wholeName())
	for _, s := range inetSets {
		in.DelSetIfEmpty(s)
	}
	if withTable {
		in.DelTableIfEmpty()
	}
	return in
}
