package ipmasq

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// strictConf SNATs one destination, excludes another and has no
// default: a third destination is left alone by the plan.
const strictConf = `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq","backend":"nftables",
  "excludeCIDRs":["10.0.0.0/8","fd00::/8"],
  "runtimeConfig":{"masqEntries":[
    {"external":"192.0.2.15:4000-4010","destination":"203.0.113.0/24","protocol":"tcp","description":"partner"},
    {"external":"192.0.2.16","destination":"198.18.0.0/15","description":"masq-less"},
    {"external":"2001:db8:1::1","destination":"2001:db8:2::/48","description":"v6"}]}}`

// strictNode is the SNAT table and the guard tables of one node on a
// Fake, with two pods of strictConf's plan: A held to strict mode, B not.
type strictNode struct {
	f     *nft.Fake
	guard *linkguard.Guard
	a, b  *snat.Plan
}

const strictTable = "diktyo-ipmasq"

func newStrictNode(t *testing.T) *strictNode {
	t.Helper()
	n := &strictNode{f: nft.NewFake()}
	n.guard = &linkguard.Guard{Table: linkguard.DefaultTable, Client: n.f}
	n.a = masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	n.b = masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 2), masqtest.PodAddrs(2)...)
	n.add(t, n.a, true, 11)
	n.add(t, n.b, false, 12)
	return n
}

// add is the pod's ADD as the plugin makes it: its binding (strict or
// not) and its elements in one transaction, the chains marking with the
// default bit.
func (n *strictNode) add(t *testing.T, plan *snat.Plan, strict bool, link int) {
	t.Helper()
	be := nftables.New(strictTable)
	be.Client, be.Strict = n.f, snat.DefaultStrictMark
	be.With = n.guard.For(linkguard.Binding{Owner: plan.Owner, Link: "veth", Index: link, Addrs: plan.Sources(),
		Mark: snat.DefaultLinkMark, Guards: linkguard.SNATConfig(snat.BackendNFTables, strictTable),
		Strict: strict, StrictMark: snat.DefaultStrictMark})
	if err := be.Add(context.Background(), plan); err != nil {
		t.Fatalf("ADD of %s: %v", plan.Owner.ID, err)
	}
}

// open traces a new connection from src to dst (tcp 443) through the
// node's postrouting: the verdict and the packet as it leaves.
func (n *strictNode) open(t *testing.T, src, dst string) (string, *nft.Packet) {
	t.Helper()
	p := &nft.Packet{Src: netip.MustParseAddr(src), Dst: netip.MustParseAddr(dst), Proto: unix.IPPROTO_TCP,
		SPort: 40000, DPort: 443, Tracked: true}
	v, err := n.f.Trace(unix.NF_INET_POST_ROUTING, "", p)
	if err != nil {
		t.Fatal(err)
	}
	return v, p
}

func (n *strictNode) foreign(t *testing.T, b *nft.Batch) {
	t.Helper()
	if err := n.f.Apply(b); err != nil {
		t.Fatalf("the foreign write: %v", err)
	}
}

// untranslated is the strict drops guard.All reads for plan's pod.
func (n *strictNode) untranslated(t *testing.T, plan *snat.Plan) uint64 {
	t.Helper()
	all, err := n.guard.All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return all[plan.Owner.ID].Untranslated
}

var (
	podA4, podA6 = "198.51.100.11", "2001:db8:ff::11"
	podB4        = "198.51.100.12"
)

// TestStrictTracer: a strict pod's new connections leave as its plan
// says (SNAT, an excluded destination and one no rule names
// untranslated) while ipmasq's chains are there; when another writer
// flushes a family chain or deletes the SNAT table, the strict pod's new
// connections that would leave with its own address are dropped by the
// guard table's strict chain and counted, while its established NATed
// connection keeps its translation and the pod not in strict mode
// leaves untranslated (the hole strict mode closes). The repairing ADD
// brings the translation back.
func TestStrictTracer(t *testing.T) {
	n := newStrictNode(t)
	intact := func(when string) {
		t.Helper()
		before := n.untranslated(t, n.a)
		for _, c := range []struct{ src, dst, to string }{
			{podA4, "203.0.113.7", "192.0.2.15"}, // SNAT with ports
			{podA4, "198.18.1.1", "192.0.2.16"},  // SNAT
			{podA6, "2001:db8:2::9", "2001:db8:1::1"},
			{podA4, "10.1.2.3", podA4}, // excluded
			{podA6, "fd00::5", podA6},  // excluded
			{podA4, "8.8.8.8", podA4},  // no rule
			{podB4, "203.0.113.7", "192.0.2.15"},
		} {
			v, p := n.open(t, c.src, c.dst)
			if v != nft.Accepted || p.Src.String() != c.to || p.CtMark&snat.DefaultStrictMark == 0 {
				t.Errorf("%s: %s -> %s: %s, leaving as %s with ct mark %#x; want accepted as %s, marked", when, c.src, c.dst, v, p.Src, p.CtMark, c.to)
			}
		}
		if d := n.untranslated(t, n.a) - before; d != 0 {
			t.Errorf("%s: %d more strict drops of A counted, want none", when, d)
		}
	}
	intact("chains intact")
	all, err := n.guard.All(context.Background())
	if err != nil || !all[n.a.Owner.ID].Strict || all[n.b.Owner.ID].Strict {
		t.Errorf("drops %+v (%v): want A held to strict mode, B not", all, err)
	}

	// A's established connection, translated before the flush.
	est := &nft.Packet{Src: netip.MustParseAddr(podA4), Dst: netip.MustParseAddr("203.0.113.7"), Proto: unix.IPPROTO_TCP,
		SPort: 40001, DPort: 443, Tracked: true, Established: true, CtMark: snat.DefaultStrictMark, CtStatus: nft.CtStatusSrcNAT,
		NAT: &nft.Translation{Addr: netip.MustParseAddr("192.0.2.15"), PortLo: 4000, PortHi: 4010}}

	flush := nft.NewBatch(strictTable)
	flush.FlushChain(nftables.FlatChain4)
	flush.FlushChain(nftables.FlatChain6)
	n.foreign(t, flush)
	drops := uint64(0)
	for _, dst := range []string{"203.0.113.7", "10.1.2.3", "8.8.8.8"} {
		if v, p := n.open(t, podA4, dst); v != nft.Dropped {
			t.Errorf("family chains flushed: strict A -> %s: %s as %s, want dropped", dst, v, p.Src)
		}
		drops++
	}
	if v, p := n.open(t, podA6, "2001:db8:2::9"); v != nft.Dropped {
		t.Errorf("family chains flushed: strict A -> 2001:db8:2::9: %s as %s, want dropped", v, p.Src)
	}
	drops++
	if v, p := n.open(t, podB4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != podB4 {
		t.Errorf("family chains flushed: B (not strict): %s as %s; want it to leave with its own address (no strict mode)", v, p.Src)
	}
	p := *est
	if v, err := n.f.Trace(unix.NF_INET_POST_ROUTING, "", &p); err != nil || v != nft.Accepted || p.Src.String() != "192.0.2.15" {
		t.Errorf("family chains flushed: A's established connection: %s (%v) as %s, want accepted as 192.0.2.15", v, err, p.Src)
	}
	if d := n.untranslated(t, n.a); d != drops {
		t.Errorf("family chains flushed: %d strict drops of A counted, want %d", d, drops)
	}
	if d := n.untranslated(t, n.b); d != 0 {
		t.Errorf("B (not strict) counts %d strict drops", d)
	}

	n.add(t, n.a, true, 11) // the repair
	intact("repaired")

	// A rule another writer puts before the probes: "return" for
	// everything (the fake has no insert: the chain is written again
	// with it first).
	rules, err := n.f.ListRules(strictTable, nftables.FlatChain4)
	if err != nil {
		t.Fatal(err)
	}
	insert := nft.NewBatch(strictTable)
	insert.FlushChain(nftables.FlatChain4)
	insert.AddRule(&nft.Rule{Chain: nftables.FlatChain4, Exprs: []expr.Any{&expr.Verdict{Kind: expr.VerdictReturn}}})
	for _, r := range rules {
		insert.AddRule(&nft.Rule{Chain: r.Chain, Exprs: r.Exprs, Comment: r.Comment})
	}
	n.foreign(t, insert)
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Dropped {
		t.Errorf("a return inserted before the probes: strict A: %s as %s, want dropped", v, p.Src)
	}
	if v, p := n.open(t, podB4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != podB4 {
		t.Errorf("a return inserted before the probes: B (not strict): %s as %s; want its own address", v, p.Src)
	}
	// The periodic reconcile's CHECK finds the chain changed and its
	// repair rewrites it (an insertion deletes nothing: the listener
	// does not hear of it): here, the flush the rewrite makes, then ADD.
	fix := nft.NewBatch(strictTable)
	fix.FlushChain(nftables.FlatChain4)
	n.foreign(t, fix)
	n.add(t, n.a, true, 11)
	intact("insert repaired")

	gone := nft.NewBatch(strictTable)
	gone.DelTable()
	n.foreign(t, gone)
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Dropped {
		t.Errorf("SNAT table deleted: strict A: %s as %s, want dropped", v, p.Src)
	}
	if v, p := n.open(t, podB4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != podB4 {
		t.Errorf("SNAT table deleted: B (not strict): %s as %s; want its own address", v, p.Src)
	}
	// With the last nat chain gone the kernel unregisters its nat hooks:
	// an established connection's translation is no longer made, and A's
	// would leave with its own address; B's (not strict) does.
	p = *est
	if v, _ := n.f.Trace(unix.NF_INET_POST_ROUTING, "", &p); v != nft.Dropped {
		t.Errorf("SNAT table deleted: A's established connection %s as %s, want dropped (its translation is not made)", v, p.Src)
	}
	p = *est
	p.Src = netip.MustParseAddr(podB4)
	if v, _ := n.f.Trace(unix.NF_INET_POST_ROUTING, "", &p); v != nft.Accepted || p.Src.String() != podB4 {
		t.Errorf("SNAT table deleted: B's established connection %s as %s; want it to leave with its own address (no strict mode)", v, p.Src)
	}
	n.add(t, n.a, true, 11)
	n.add(t, n.b, false, 12)
	intact("table repaired")
}

// TestStrictModeOff: the same node without strict mode (the default):
// no mark, and a flushed chain lets A leave with its own address.
func TestStrictModeOff(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: linkguard.DefaultTable, Client: f}
	plan := masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	be := nftables.New(strictTable)
	be.Client = f
	be.With = g.For(linkguard.Binding{Owner: plan.Owner, Link: "veth", Index: 11, Addrs: plan.Sources(), Mark: snat.DefaultLinkMark})
	if err := be.Add(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	n := &strictNode{f: f, guard: g}
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Accepted || p.CtMark != 0 || p.Src.String() != "192.0.2.15" {
		t.Errorf("strict off: %s as %s, ct mark %#x; want accepted as 192.0.2.15, no mark", v, p.Src, p.CtMark)
	}
	flush := nft.NewBatch(strictTable)
	flush.FlushChain(nftables.FlatChain4)
	n.foreign(t, flush)
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != podA4 {
		t.Errorf("strict off, chain flushed: %s as %s; want it to leave with its own address", v, p.Src)
	}
}

// TestStrictOnUnmarkedChains: a node whose chains mark no decision (a
// config without strict mode, or a version before, wrote them): a
// strict CHECK reports them, and a strict pod's ADD does not take its
// fast path (which would hold the pod to strict mode while nothing
// marks, dropping all its new connections) but rewrites them marking.
func TestStrictOnUnmarkedChains(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: linkguard.DefaultTable, Client: f}
	a := masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	b := masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 2), masqtest.PodAddrs(2)...)
	plain := nftables.New(strictTable)
	plain.Client = f
	if err := plain.Add(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	strict := nftables.New(strictTable)
	strict.Client, strict.Strict = f, snat.DefaultStrictMark
	var drift *snat.DriftError
	if err := strict.Check(context.Background(), b); !errors.As(err, &drift) || !strings.Contains(err.Error(), nftables.StrictMarker(snat.DefaultStrictMark)) {
		t.Errorf("strict CHECK of unmarked chains: %v; want drift naming the marker chain", err)
	}
	strict.With = g.For(linkguard.Binding{Owner: a.Owner, Link: "veth", Index: 11, Addrs: a.Sources(), Mark: snat.DefaultLinkMark,
		Strict: true, StrictMark: snat.DefaultStrictMark})
	if err := strict.Add(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	n := &strictNode{f: f, guard: g}
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != "192.0.2.15" || p.CtMark&snat.DefaultStrictMark == 0 {
		t.Errorf("strict ADD on unmarked chains: %s as %s, ct mark %#x; want accepted as 192.0.2.15, marked", v, p.Src, p.CtMark)
	}
	if err := strict.Check(context.Background(), a); err != nil {
		t.Errorf("strict CHECK after the strict ADD: %v", err)
	}
	// Strict mode turned off again: the chains stop marking, and the
	// pod's strict element goes with its next ADD.
	plain.With = g.For(linkguard.Binding{Owner: a.Owner, Link: "veth", Index: 11, Addrs: a.Sources(), Mark: snat.DefaultLinkMark})
	if err := plain.Check(context.Background(), a); !errors.As(err, &drift) {
		t.Errorf("plain CHECK of marking chains: %v; want drift", err)
	}
	if err := plain.Add(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(context.Background(), linkguard.Binding{Owner: a.Owner, Link: "veth", Index: 11, Addrs: a.Sources(), Mark: snat.DefaultLinkMark}); err != nil {
		t.Errorf("binding CHECK after strict mode went: %v", err)
	}
	flush := nft.NewBatch(strictTable)
	flush.FlushChain(nftables.FlatChain4)
	n.foreign(t, flush)
	if v, p := n.open(t, podA4, "203.0.113.7"); v != nft.Accepted || p.Src.String() != podA4 {
		t.Errorf("strict mode off, chain flushed: %s as %s; want it to leave with its own address", v, p.Src)
	}
}

// TestStrictPrepare: the fixed objects made at config load are the
// chains a strict ADD expects: a Prepare of the strict backend on a node
// with strict pods changes nothing, and a strict pod stays held.
func TestStrictPrepare(t *testing.T) {
	n := newStrictNode(t)
	be := nftables.New(strictTable)
	be.Client, be.Strict = n.f, snat.DefaultStrictMark
	node := masqtest.Plan(t, strictConf, masqtest.NewOwner("net1", 0), masqtest.PodAddrs(0)...)
	if repaired, err := be.Prepare(context.Background(), node); err != nil || len(repaired) != 0 {
		t.Fatalf("Prepare of the strict backend: repaired %q, %v; want nothing", repaired, err)
	}
	if repaired, err := n.guard.Prepare(context.Background(), snat.DefaultLinkMark, snat.DefaultStrictMark); err != nil || len(repaired) != 0 {
		t.Fatalf("Prepare of the guard: repaired %q, %v; want nothing", repaired, err)
	}
	if err := be.Check(context.Background(), n.a); err != nil {
		t.Fatalf("CHECK of the strict pod after Prepare: %v", err)
	}
}

// TestStrictDropsUntracked: a strict pod's packet that conntrack does
// not track (invalid, e.g. SYN|FIN, or notrack'd by another writer) is
// translated by no nat chain: strict mode drops it, counted, whatever
// the chains; a pod not in strict mode is not looked at.
func TestStrictDropsUntracked(t *testing.T) {
	n := newStrictNode(t)
	for _, c := range []struct{ src, dst string }{{podA4, "203.0.113.7"}, {podA6, "2001:db8:2::9"}, {podA4, "10.1.2.3"}} {
		p := &nft.Packet{Src: netip.MustParseAddr(c.src), Dst: netip.MustParseAddr(c.dst), Proto: unix.IPPROTO_TCP, SPort: 40000, DPort: 443}
		if v, err := n.f.Trace(unix.NF_INET_POST_ROUTING, "", p); err != nil || v != nft.Dropped {
			t.Errorf("strict A's untracked packet %s -> %s: %s (%v) as %s, want dropped", c.src, c.dst, v, err, p.Src)
		}
	}
	if d := n.untranslated(t, n.a); d != 3 {
		t.Errorf("%d strict drops of A counted, want 3", d)
	}
	p := &nft.Packet{Src: netip.MustParseAddr(podB4), Dst: netip.MustParseAddr("203.0.113.7"), Proto: unix.IPPROTO_TCP, SPort: 40000, DPort: 443}
	if v, err := n.f.Trace(unix.NF_INET_POST_ROUTING, "", p); err != nil || v != nft.Accepted {
		t.Errorf("B's (not strict) untracked packet: %s (%v), want accepted", v, err)
	}
}
