package nftables

import (
	"cmp"
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// The flat layout's fixed objects (see the package comment).
const (
	// FlatChain is the nat base chain: one goto per family.
	FlatChain = "flat-snat"
	// FlatChain4 and FlatChain6 hold the gate and one probe per map in
	// use, longest destination prefix first.
	FlatChain4 = "flat-snat4"
	FlatChain6 = "flat-snat6"
	// Gate4 and Gate6 hold the pods' addresses: a packet from any other
	// source leaves after one lookup.
	Gate4 = "src4"
	Gate6 = "src6"
)

// kind is what a map's probe does with the element it finds: the part
// of a decision that cannot be map data.
type kind struct {
	action snat.Action // ActionReturn, ActionSNAT or ActionMasquerade
	ports  bool        // SNAT with a port range
	random string      // snat.RandomNone, RandomHash or RandomFully
}

// mapID names one map: its family, the destination prefix length its
// key is masked to, whether its key holds the protocol, and its kind.
type mapID struct {
	fam   snat.Family
	bits  int
	proto bool
	kind  kind
}

var actionWords = map[snat.Action]string{snat.ActionReturn: "ret", snat.ActionMasquerade: "masq", snat.ActionSNAT: "snat"}

// Name is the map's name: ret4-8, snatp4-24-l4-fully, masq6-0...
func (m mapID) Name() string {
	s := actionWords[m.kind.action]
	if m.kind.ports {
		s += "p"
	}
	s += strconv.Itoa(int(m.fam)) + "-" + strconv.Itoa(m.bits)
	if m.proto {
		s += "-l4"
	}
	if m.kind.random != snat.RandomNone {
		s += "-" + m.kind.random
	}
	return s
}

var mapNameRE = regexp.MustCompile(`^(ret|masq|snatp|snat)(4|6)-(\d+)(-l4)?(?:-(random|fully))?$`)

// parseMapName reads a map's name back; ok false for any other name.
func parseMapName(name string) (mapID, bool) {
	m := mapNameRE.FindStringSubmatch(name)
	if m == nil {
		return mapID{}, false
	}
	id := mapID{fam: snat.IPv4, proto: m[4] != "", kind: kind{random: m[5]}}
	if m[2] == "6" {
		id.fam = snat.IPv6
	}
	id.bits, _ = strconv.Atoi(m[3])
	switch m[1] {
	case "ret":
		id.kind.action = snat.ActionReturn
	case "masq":
		id.kind.action = snat.ActionMasquerade
	default:
		id.kind.action, id.kind.ports = snat.ActionSNAT, m[1] == "snatp"
	}
	if id.bits > addrLen(id.fam)*8 || id.Name() != name {
		return mapID{}, false
	}
	return id, true
}

func addrLen(fam snat.Family) int {
	if fam == snat.IPv4 {
		return 4
	}
	return 16
}

// set is the map's declaration: every element has its own counter.
func (m mapID) set() *nft.Set {
	f := nfFamily(m.fam)
	s := &nft.Set{Name: m.Name(), Fields: []byte{f}, Counter: true}
	if m.proto {
		s.Fields = append(s.Fields, nft.FieldProto)
	}
	if m.bits > 0 { // a /0 decides whatever the destination
		s.Fields = append(s.Fields, f)
	}
	switch {
	case m.kind.action != snat.ActionSNAT:
	case m.kind.ports:
		s.Data = []byte{f, nft.FieldPort, nft.FieldPort}
	default:
		s.Data = []byte{f}
	}
	return s
}

func compareMaps(a, b mapID) int {
	return cmp.Or(cmp.Compare(a.fam, b.fam), cmp.Compare(b.bits, a.bits), boolFirst(a.proto, b.proto), cmp.Compare(a.Name(), b.Name()))
}

func boolFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// gate is a family's fixed set of pod addresses.
func gate(fam snat.Family) *nft.Set {
	if fam == snat.IPv4 {
		return &nft.Set{Name: Gate4, Fields: []byte{unix.NFPROTO_IPV4}}
	}
	return &nft.Set{Name: Gate6, Fields: []byte{unix.NFPROTO_IPV6}}
}

// FamilyChain is the chain that probes fam's maps.
func FamilyChain(fam snat.Family) string { return familyChain(fam) }

// Elements are the plan's elements of family fam, gate first, in nft's
// words ("set { key : data comment }"): what explain shows.
func Elements(plan *snat.Plan, fam snat.Family) []string {
	var out []string
	elems := compile(plan)
	for _, g := range gateElems(plan, elems) {
		if snat.FamilyOf(g.Key[0]) == fam {
			out = append(out, elemText(g))
		}
	}
	for _, e := range elems {
		if e.fam == fam {
			out = append(out, elemText(e.e))
		}
	}
	return out
}

func familyChain(fam snat.Family) string {
	if fam == snat.IPv4 {
		return FlatChain4
	}
	return FlatChain6
}

var families = []snat.Family{snat.IPv4, snat.IPv6}

// probe is the rule of map m: the key (source . [protocol .] destination
// masked to m's length; no destination for a /0) looked up in m, then m's statement on what it
// finds. The element counts the packet. With a strict mark, the rule
// sets it on the connection between the lookup and the statement.
func probe(m mapID, strict uint32) *nft.Rule {
	f := nfFamily(m.fam)
	n := uint32(addrLen(m.fam))
	es := []expr.Any{nft.LoadAddr(f, false, nft.Reg1)}
	next := uint32(nft.Reg32_00) + n/4 // the 4-byte register after the source
	if m.proto {
		es = append(es, &expr.Meta{Key: expr.MetaKeyL4PROTO, Register: canonReg(next)})
		next++
	}
	dreg := canonReg(next)
	switch {
	case m.bits == 0:
	case m.bits == int(n)*8:
		es = append(es, nft.LoadAddr(f, true, dreg))
	default:
		es = append(es, nft.LoadAddr(f, true, dreg),
			&expr.Bitwise{SourceRegister: dreg, DestRegister: dreg, Len: n, Mask: mask(m.bits, n), Xor: make([]byte, n)})
	}
	lookup := &expr.Lookup{SourceRegister: nft.Reg1, SetName: m.Name()}
	es = append(es, lookup)
	es = append(es, decided(strict)...)
	random, fully := m.kind.random == snat.RandomHash, m.kind.random == snat.RandomFully
	switch m.kind.action {
	case snat.ActionReturn:
		es = append(es, &expr.Verdict{Kind: expr.VerdictReturn})
	case snat.ActionMasquerade:
		es = append(es, &expr.Masq{Random: random, FullyRandom: fully})
	default:
		lookup.IsDestRegSet, lookup.DestRegister = true, nft.Reg1
		nat := &expr.NAT{Type: expr.NATTypeSourceNAT, Family: uint32(f), RegAddrMin: nft.Reg1, Random: random, FullyRandom: fully}
		if m.kind.ports {
			// The data is address . port . port: the ports follow the
			// address in the registers.
			first := uint32(nft.Reg32_00) + n/4
			nat.RegProtoMin, nat.RegProtoMax = canonReg(first), canonReg(first+1)
		}
		es = append(es, nat)
	}
	return &nft.Rule{Chain: familyChain(m.fam), Exprs: es}
}

// canonReg is a 4-byte register as the kernel lists it: by its 16-byte
// name (NFT_REG_1..4) when it starts one, so a listed rule reads as the
// one sent.
func canonReg(r32 uint32) uint32 {
	if i := r32 - nft.Reg32_00; i%4 == 0 {
		return nft.Reg1 + i/4
	}
	return r32
}

func mask(bits int, n uint32) []byte {
	m := make([]byte, n)
	for i := range bits {
		m[i/8] |= 0x80 >> (i % 8)
	}
	return m
}

// chainRules are a family chain's rules for the maps in use: a source
// not in the gate returns; then one probe per map, longest prefix first
// and, at one length, the maps keyed by protocol before the others (a
// pod's protocol element overrides its any-protocol one of the same
// destination). At most one element of a pod matches at one length and
// protocol key (compile), so the order of kinds does not matter.
//
// With a strict mark, every probe marks the connection it decides, and
// a last rule marks what no element decided (the plan leaves that
// destination alone): the guard's strict chain (linkguard) drops a
// strict pod's new connection that leaves without the mark, which is
// one no chain of this table decided (flushed, deleted, or passed by a
// rule another writer put before the probes).
func chainRules(fam snat.Family, maps []mapID, strict uint32) []*nft.Rule {
	f := nfFamily(fam)
	out := []*nft.Rule{{Chain: familyChain(fam), Exprs: []expr.Any{
		nft.LoadAddr(f, false, nft.Reg1),
		&expr.Lookup{SourceRegister: nft.Reg1, SetName: gate(fam).Name, Invert: true},
		&expr.Verdict{Kind: expr.VerdictReturn},
	}}}
	ms := slices.Clone(maps)
	slices.SortFunc(ms, compareMaps)
	for _, m := range ms {
		if m.fam == fam {
			out = append(out, probe(m, strict))
		}
	}
	if strict != 0 {
		out = append(out, &nft.Rule{Chain: familyChain(fam), Exprs: decided(strict)})
	}
	return out
}

// markReg is the register the decision mark is computed in: past every
// key and data register a probe uses (an IPv6 key of source, protocol
// and destination ends in NFT_REG32_08, the data in NFT_REG32_05).
const markReg = unix.NFT_REG_4

// decided is "ct mark set ct mark | strict": ipmasq decided this
// connection. Nothing without a strict mark.
func decided(strict uint32) []expr.Any {
	if strict == 0 {
		return nil
	}
	return nft.SetCtMarkBits(strict, strict, markReg)
}

// StrictPrefix starts the name of the empty chain whose presence says
// the chains mark decisions with the bit its name holds
// (StrictMarker): a strict ADD's creation flushes it, so that it fails,
// changing nothing, where the chains do not mark with its bit, and goes
// the slow way that rewrites them.
const StrictPrefix = "strict-"

// StrictMarker is the marker chain of bit.
func StrictMarker(bit uint32) string { return fmt.Sprintf("%s%08x", StrictPrefix, bit) }

// flatBaseRules are the base chain's: each family to its chain.
func flatBaseRules() []*nft.Rule {
	var out []*nft.Rule
	for _, fam := range families {
		out = append(out, &nft.Rule{Chain: FlatChain,
			Exprs: append(nft.MatchFamily(nfFamily(fam)), &expr.Verdict{Kind: expr.VerdictGoto, Chain: familyChain(fam)})})
	}
	return out
}

// RenderStructure declares the table, the fixed sets and chains and the
// maps, and rewrites the three chains for exactly maps: a constant-size
// rewrite, whatever the number of pods, sent only when the maps in use
// change or a chain differs. The caller sends it with the generation
// it listed the maps at (Batch.GenID), so two writers never lose each
// other's maps.
func RenderStructure(b *nft.Batch, maps []mapID) { renderStructure(b, maps, 0, nil) }

// renderStructure is RenderStructure with chains that mark decisions
// with strict (0: none) and its marker chain; stale are the marker
// chains listed that are not strict's, deleted.
func renderStructure(b *nft.Batch, maps []mapID, strict uint32, stale []string) {
	b.AddTable()
	for _, fam := range families {
		b.AddSet(gate(fam))
	}
	for _, m := range maps {
		b.AddSet(m.set())
	}
	b.AddChain(&nft.Chain{Name: FlatChain, Hook: &nft.Hook{Type: "nat", Num: unix.NF_INET_POST_ROUTING, Priority: 100}})
	for _, fam := range families {
		b.AddChain(&nft.Chain{Name: familyChain(fam)})
	}
	// The family chains first: the base chain's gotos name them.
	for _, fam := range families {
		b.FlushChain(familyChain(fam))
		for _, r := range chainRules(fam, maps, strict) {
			b.AddRule(r)
		}
	}
	b.FlushChain(FlatChain)
	for _, r := range flatBaseRules() {
		b.AddRule(r)
	}
	for _, name := range stale {
		b.DelChain(name)
	}
	if strict != 0 {
		b.AddChain(&nft.Chain{Name: StrictMarker(strict)})
	}
}

// flatElem is one element of a pod: where it goes and which of the
// family's rules it stands for (its comment is that rule's).
type flatElem struct {
	id   mapID
	e    *nft.Element
	fam  snat.Family
	rule int
}

// entry is a rule that decides a destination prefix.
type entry struct {
	dst  netip.Prefix
	rule int
}

var protoNums = map[string]byte{"tcp": unix.IPPROTO_TCP, "udp": unix.IPPROTO_UDP, "sctp": unix.IPPROTO_SCTP}

// protoOrder fixes the order elements are rendered in.
var protoOrder = []string{"tcp", "udp", "sctp"}

func dstOf(fam snat.Family, r snat.Rule) netip.Prefix {
	if r.AnyDst() {
		if fam == snat.IPv4 {
			return netip.PrefixFrom(netip.IPv4Unspecified(), 0)
		}
		return netip.PrefixFrom(netip.IPv6Unspecified(), 0)
	}
	return r.Dst.Masked()
}

// decisions turns the family's ordered rules, as seen by packets of
// protocol proto ("" for protocols no rule names), into longest-prefix
// form: a rule whose destination an earlier rule of the protocol holds
// is never reached and goes; the rest decide their prefix where no
// longer one does, which is first match.
func decisions(fr snat.FamilyRules, proto string) []entry {
	var out []entry
	for i, r := range fr.Rules {
		if r.Proto != "" && r.Proto != proto {
			continue
		}
		p := dstOf(fr.Family, r)
		if slices.ContainsFunc(out, func(e entry) bool { return covers(e.dst, p) }) {
			continue
		}
		out = append(out, entry{p, i})
	}
	return out
}

// covers says whether a holds all of b.
func covers(a, b netip.Prefix) bool { return a.Bits() <= b.Bits() && a.Contains(b.Addr()) }

// longest is the entry of es with the longest prefix holding p.
func longest(es []entry, p netip.Prefix) (entry, bool) {
	best, ok := entry{}, false
	for _, e := range es {
		if covers(e.dst, p) && (!ok || e.dst.Bits() > best.dst.Bits()) {
			best, ok = e, true
		}
	}
	return best, ok
}

// compile is the pod's elements: for each source, the any-protocol
// decisions keyed without a protocol, and, for each protocol a rule
// names, an element keyed by it wherever its decision differs from the
// any-protocol element of that prefix or no such element exists while
// a protocol one is needed. A packet then meets, at the longest length
// holding an element of its source, its protocol's element before the
// any-protocol one, and gets what the first matching rule of the plan
// gives it.
func compile(plan *snat.Plan) []flatElem {
	var out []flatElem
	for _, fr := range plan.Families {
		any := decisions(fr, "")
		named := map[string]bool{}
		for _, r := range fr.Rules {
			named[r.Proto] = true
		}
		type keyed struct {
			proto string
			e     entry
		}
		var ks []keyed
		for _, e := range any {
			ks = append(ks, keyed{"", e})
		}
		for _, proto := range protoOrder {
			if !named[proto] {
				continue
			}
			mine := decisions(fr, proto)
			var dsts []netip.Prefix
			for _, e := range append(slices.Clone(mine), any...) {
				if !slices.Contains(dsts, e.dst) {
					dsts = append(dsts, e.dst)
				}
			}
			for _, d := range dsts {
				e, _ := longest(mine, d) // every dst lies in one of mine (see decisions)
				if a := slices.IndexFunc(any, func(x entry) bool { return x.dst == d }); a >= 0 && any[a].rule == e.rule {
					continue
				}
				ks = append(ks, keyed{proto, entry{d, e.rule}})
			}
		}
		for _, src := range fr.Sources {
			for _, k := range ks {
				out = append(out, flatElement(fr, src, k.proto, k.e))
			}
		}
	}
	return out
}

func flatElement(fr snat.FamilyRules, src netip.Addr, proto string, e entry) flatElem {
	r := fr.Rules[e.rule]
	k := kind{action: r.Action}
	if r.Action != snat.ActionReturn {
		k.random = r.Randomize
	}
	el := &nft.Element{Key: []netip.Addr{src}, Proto: protoNums[proto], Comment: r.Comment}
	if e.dst.Bits() > 0 {
		el.Key = append(el.Key, e.dst.Addr())
	}
	if r.Action == snat.ActionSNAT {
		el.Data = &nft.Data{Addr: r.To}
		if r.PortLo != 0 {
			k.ports = true
			el.Data.Ports = []uint16{r.PortLo, max(r.PortHi, r.PortLo)}
		}
	}
	id := mapID{fam: fr.Family, bits: e.dst.Bits(), proto: proto != "", kind: k}
	el.Set = id.Name()
	return flatElem{id: id, e: el, fam: fr.Family, rule: e.rule}
}

// mapsOf are the maps elems use, once each, in chain order.
func mapsOf(elems []flatElem) []mapID {
	var out []mapID
	for _, e := range elems {
		if !slices.Contains(out, e.id) {
			out = append(out, e.id)
		}
	}
	slices.SortFunc(out, compareMaps)
	return out
}

// GateComment marks a gate element with its pod's network and owner,
// as ChainComment marks a pod chain, and the number of elements the pod
// has for that address: a DEL that deletes that many of the pod's
// elements by key has deleted all of them.
func GateComment(owner snat.Owner, n int) string {
	return ChainComment(owner) + " n=" + strconv.Itoa(n)
}

// gateOwner reads a gate comment: the owner prefix (ChainComment) and the
// element count.
func gateOwner(comment string) (prefix string, n int, ok bool) {
	i := strings.LastIndex(comment, " n=")
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(comment[i+3:])
	return comment[:i], n, err == nil
}

// gateElems are the pod's gate elements, each with its count.
func gateElems(plan *snat.Plan, elems []flatElem) []*nft.Element {
	var out []*nft.Element
	for _, fr := range plan.Families {
		for _, a := range fr.Sources {
			n := 0
			for _, e := range elems {
				if e.e.Key[0] == a {
					n++
				}
			}
			out = append(out, &nft.Element{Set: gate(fr.Family).Name, Key: []netip.Addr{a}, Comment: GateComment(plan.Owner, n)})
		}
	}
	return out
}

// RenderFlatCreate is an ADD's fast path: the pod's gate and map
// elements as creations, which fail (changing nothing) when any of its
// keys is there or a map is missing.
func RenderFlatCreate(table string, plan *snat.Plan) *nft.Batch {
	b := nft.NewBatch(table)
	elems := compile(plan)
	for _, g := range gateElems(plan, elems) {
		b.CreateElement(g)
	}
	for _, e := range elems {
		b.CreateElement(e.e)
	}
	return b
}
