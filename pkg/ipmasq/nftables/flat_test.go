package nftables

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// flatConfs cover every pass and mode: exclusions, masqEntries of both
// families with and without protocol and ports, masquerade entries, the
// default action (masquerade and SNAT) with includes and a pod's include
// inside its scope, and the three randomize modes.
var flatConfs = map[string]string{
	"golden": masqtest.GoldenConf,
	"small":  smallConf,
	"seed": `{"cniVersion":"0.3.1","name":"net1","type":"ipmasq","tag":"CNI-SNAT-X","runtimeConfig":{"masqEntries":[
    {"external":"10.0.2.15:5000-5010","destination":"8.8.8.8/32","protocol":"tcp","description":"p"},
    {"external":"10.0.2.15:4000-4010","destination":"0.0.0.0/0","protocol":"tcp","description":"q"}]}}`,
	"default snat random, pod include": `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq","tag":"CNI-SNAT-X",
    "excludeCIDRs":["192.0.2.64/26"],"includeCIDRs":["192.0.2.0/24","198.18.0.0/15"],"defaultAction":"snat","defaultExternal":"203.0.113.77","randomize":"random",
    "runtimeConfig":{"snatPolicy":{"podInclude":{"cidrs":["198.18.4.0/24","192.0.2.0/25"],"scope":["198.18.0.0/16","192.0.2.0/24"]}},
      "masqEntries":[{"external":"203.0.113.9:100","destination":"198.18.4.7/32","protocol":"udp","description":"one"},
                     {"external":"masquerade","destination":"198.18.4.0/24","protocol":"sctp","description":"two"},
                     {"external":"203.0.113.8","destination":"198.18.0.0/16","description":"three"}]}}`,
	"protocol entry under an any exclusion": `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq","tag":"CNI-SNAT-X",
    "excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade",
    "runtimeConfig":{"masqEntries":[{"external":"203.0.113.9:100-200","destination":"10.1.2.0/24","protocol":"tcp","description":"shadowed"},
      {"external":"203.0.113.10","destination":"10.0.0.0/8","protocol":"udp","description":"shadowed too"},
      {"external":"2001:db8:1::3","destination":"2001:db8:5::/64","protocol":"udp","description":"v6 udp"}]}}`,
}

// probeDsts are destinations around every rule's edges, and some others.
func probeDsts(plan *snat.Plan) []netip.Addr {
	var out []netip.Addr
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "10.1.2.3", "10.255.255.255", "11.0.0.0", "203.0.113.5", "192.0.2.200",
		"192.0.2.100", "198.51.100.7", "198.18.4.7", "198.18.4.8", "198.19.0.1", "2001:db8::1", "2001:db8:2::5", "fd00::1",
		"2001:db8:1::9", "2606::1", "2001:db8:5::77", "2001:db8:5:1::77"} {
		out = append(out, netip.MustParseAddr(s))
	}
	for _, fr := range plan.Families {
		for _, r := range fr.Rules {
			if r.AnyDst() {
				continue
			}
			p := r.Dst.Masked()
			last := nft.LastAddr(p)
			out = append(out, p.Addr(), last, p.Addr().Prev(), last.Next())
		}
	}
	return out
}

// want is what the plan gives a packet, as the tracer reports it.
func want(plan *snat.Plan, src, dst netip.Addr, proto string) *nft.Translation {
	r, _, ok := plan.Match(src, dst, proto)
	if !ok || r.Action == snat.ActionReturn {
		return nil
	}
	t := &nft.Translation{Random: r.Randomize == snat.RandomHash, Fully: r.Randomize == snat.RandomFully}
	if r.Action == snat.ActionMasquerade {
		t.Masquerade = true
		return t
	}
	t.Addr, t.PortLo, t.PortHi = r.To, r.PortLo, r.PortHi
	if r.PortLo != 0 && r.PortHi == 0 {
		t.PortHi = r.PortLo
	}
	return t
}

func same(a, b *nft.Translation) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Masquerade == b.Masquerade && a.Addr == b.Addr && a.PortLo == b.PortLo && a.PortHi == b.PortHi &&
		a.Random == b.Random && a.Fully == b.Fully && !a.DNAT && !b.DNAT
}

// traceAll traces packets from srcs to dsts (plan's probe destinations
// when none are given), of every protocol, through f's nat chains, and
// fails on any that plan does not translate so; it returns how many.
func traceAll(t *testing.T, f *nft.Fake, when string, plan *snat.Plan, srcs []netip.Addr, dsts ...netip.Addr) int {
	t.Helper()
	return traceMarked(t, f, when, plan, 0, srcs, dsts...)
}

// traceMarked is traceAll with the chains marking decisions with strict
// (0: none): every packet of a pod leaves the nat chains with its
// connection marked, whatever they decided; a stranger's, unmarked.
func traceMarked(t *testing.T, f *nft.Fake, when string, plan *snat.Plan, strict uint32, srcs []netip.Addr, dsts ...netip.Addr) int {
	t.Helper()
	if len(dsts) == 0 {
		dsts = probeDsts(plan)
	}
	n := 0
	for _, src := range srcs {
		for _, dst := range dsts {
			if snat.FamilyOf(src) != snat.FamilyOf(dst) {
				continue
			}
			for proto, num := range tracedProtos {
				if num == unix.IPPROTO_ICMP && dst.Is6() {
					num = unix.IPPROTO_ICMPV6
				}
				// Postrouting comes after conntrack: the packet opens its
				// connection.
				pk := &nft.Packet{Src: src, Dst: dst, Proto: num, SPort: 40000, DPort: 443, Tracked: true}
				if _, err := f.Trace(unix.NF_INET_POST_ROUTING, "", pk); err != nil {
					t.Fatal(err)
				}
				if w := want(plan, src, dst, proto); !same(pk.NAT, w) {
					t.Errorf("%s: %s %s -> %s: %+v, want %+v", when, proto, src, dst, pk.NAT, w)
				}
				if pod := len(plan.Families) > 0; strict != 0 && (pk.CtMark&strict != 0) != pod {
					t.Errorf("%s: %s %s -> %s: conntrack mark %#x, want the bit %#x set: %v", when, proto, src, dst, pk.CtMark, strict, pod)
				}
				n++
			}
		}
	}
	return n
}

var tracedProtos = map[string]byte{"tcp": unix.IPPROTO_TCP, "udp": unix.IPPROTO_UDP, "sctp": unix.IPPROTO_SCTP, "icmp": unix.IPPROTO_ICMP}

// applyMarked loads plans into a fake as the backend's fast path would:
// the structure for the maps they use, with chains that mark decisions
// with strict (0: none), then each pod's creation.
func applyMarked(t *testing.T, f *nft.Fake, strict uint32, plans ...*snat.Plan) {
	t.Helper()
	var elems []flatElem
	for _, p := range plans {
		elems = append(elems, compile(p)...)
	}
	b := nft.NewBatch(fakeTable)
	renderStructure(b, mapsOf(elems), strict, nil)
	if err := f.Apply(b); err != nil {
		t.Fatalf("%v\n%s", err, b.Script())
	}
	for _, p := range plans {
		if err := f.Apply(RenderFlatCreate(fakeTable, p)); err != nil {
			t.Fatalf("create of %s: %v", p.Owner.ID, err)
		}
	}
}

// TestFlatTracesAsPlan: on the flat layout, every packet of a pod (each
// source, protocol and destination around every rule's edges) is
// translated exactly as the plan's first matching rule says, with the
// pod's other elements and another pod's present; a source that is no
// pod's is left alone.
//
// With strict marks, the decisions are the same and every packet of a
// pod, translated, excluded or left alone by a plan without a rule for
// its destination, leaves with its connection marked; a stranger's
// never.
func TestFlatTracesAsPlan(t *testing.T) {
	for _, strict := range []uint32{0, snat.DefaultStrictMark, 0x80000000} {
		for name, conf := range flatConfs {
			t.Run(fmt.Sprintf("%s/strict=%#x", name, strict), func(t *testing.T) {
				f := nft.NewFake()
				p1 := masqtest.Plan(t, conf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
				p2 := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 2), masqtest.PodAddrs(2)...)
				applyMarked(t, f, strict, p1, p2)
				stranger := []netip.Addr{netip.MustParseAddr("198.51.100.99"), netip.MustParseAddr("2001:db8:ff::99")}
				checked := 0
				for _, plan := range []*snat.Plan{p1, p2} {
					checked += traceMarked(t, f, "", plan, strict, plan.Sources())
					// A stranger: no plan has its address, nothing translates it.
					checked += traceMarked(t, f, "stranger", &snat.Plan{}, strict, stranger, probeDsts(plan)...)
				}
				if checked < 100 {
					t.Fatalf("only %d packets traced", checked)
				}
			})
		}
	}
}

// TestCompileKeepsEveryReachableRule: every rule the plan can reach (a
// packet of its protocol to its destination's first address gets it)
// has an element, which counts what it gets; rules no packet can reach
// have none.
func TestCompileKeepsEveryReachableRule(t *testing.T) {
	for name, conf := range flatConfs {
		plan := masqtest.Plan(t, conf, masqtest.Owner, masqtest.PodAddrs(1)...)
		elems := compile(plan)
		for _, fr := range plan.Families {
			src := fr.Sources[0]
			for i, r := range fr.Rules {
				proto := r.Proto
				if proto == "" {
					proto = "icmp"
				}
				_, got, ok := plan.Match(src, dstOf(fr.Family, r).Addr(), proto)
				reachable := ok && got == i
				has := false
				for _, e := range elems {
					has = has || (e.fam == fr.Family && e.rule == i && e.e.Key[0] == src)
				}
				if reachable && !has {
					t.Errorf("%s: %s rule %d (%s) reachable but without element", name, fr.Family, i, r.Comment)
				}
			}
		}
		if fmt.Sprint(mapsOf(elems)) == "[]" {
			t.Errorf("%s: no maps", name)
		}
	}
}

// TestFlatOnKernel: the kernel takes the flat layout of two pods (every
// map shape of the golden plan) and lists what the fake holds.
// With strict marks too: the kernel takes the mark set between a
// lookup and the statement that reads its data.
func TestFlatOnKernel(t *testing.T) {
	for _, strict := range []uint32{0, snat.DefaultStrictMark} {
		t.Run(fmt.Sprintf("strict=%#x", strict), func(t *testing.T) { flatOnKernel(t, strict) })
	}
}

func flatOnKernel(t *testing.T, strict uint32) {
	n := newNode(t)
	c, err := nft.Open(n.ns.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	f := nft.NewFake()
	plans := []*snat.Plan{}
	for _, conf := range flatConfs {
		plans = append(plans, masqtest.Plan(t, conf, masqtest.NewOwner("net1", len(plans)+1), masqtest.PodAddrs(len(plans)+1)...))
	}
	applyMarked(t, f, strict, plans...)
	var elems []flatElem
	for _, p := range plans {
		elems = append(elems, compile(p)...)
	}
	b := nft.NewBatch(n.table)
	renderStructure(b, mapsOf(elems), strict, nil)
	for _, p := range plans {
		b.Append(RenderFlatCreate(n.table, p))
	}
	if err := c.Apply(b); err != nil {
		t.Fatal(err)
	}
	kd, err := nft.Dump(c, n.table)
	if err != nil {
		t.Fatal(err)
	}
	if kd = strings.ReplaceAll(kd, n.table, fakeTable); kd != f.Dump() {
		t.Errorf("kernel and fake differ:\n--- kernel\n%s\n--- fake\n%s", kd, f.Dump())
	}
}

// TestMapNamesReadBack: a map's name says all of its identity, so the
// maps in use are read from a listing of the table's sets; other names
// are not maps of the layout.
func TestMapNamesReadBack(t *testing.T) {
	for _, conf := range flatConfs {
		plan := masqtest.Plan(t, conf, masqtest.Owner, masqtest.PodAddrs(1)...)
		for _, m := range mapsOf(compile(plan)) {
			if got, ok := parseMapName(m.Name()); !ok || got != m {
				t.Errorf("%s reads back as %+v, %v", m.Name(), got, ok)
			}
		}
	}
	for _, name := range []string{"pods4", "src4", "ret4-33", "ret6-129", "snat4-08", "masq4-0-none", "ret5-0", "snatp4-24-l4-fully-x"} {
		if m, ok := parseMapName(name); ok {
			t.Errorf("%s reads as a map: %+v", name, m)
		}
	}
}
