package linkguard_test

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// bridged is a node with two pods on a bridge (the bridge CNI's shape,
// where even strict reverse-path filtering cannot tell the pods apart)
// and a remote host behind a routed veth. Test ranges only, inside the
// test's namespaces.
type bridged struct {
	node, podA, podB, remote ns.NetNS
	hostA, hostB             string
	got                      chan netip.Addr // sources the remote saw
}

const (
	addrA      = "198.18.50.2"
	addrB      = "198.18.50.3"
	remoteAddr = "198.19.50.2"
	remotePort = 9999
)

func newBridged(t *testing.T) *bridged { return newBridgedB(t) }

// newBridgedB is newBridged for tests and benchmarks; the remote counts
// what it receives in got without blocking (a benchmark sends more than
// got holds).
func newBridgedB(t testing.TB) *bridged {
	t.Helper()
	e := &bridged{node: testutil.NewNS(t), podA: testutil.NewNS(t), podB: testutil.NewNS(t), remote: testutil.NewNS(t),
		hostA: "lga" + testutil.RandSuffix(6), hostB: "lgb" + testutil.RandSuffix(6), got: make(chan netip.Addr, 100)}
	testutil.Run(t, e.node, "ip", "link", "add", "br0", "type", "bridge")
	testutil.Run(t, e.node, "ip", "link", "set", "br0", "up")
	testutil.Addr(t, e.node, "br0", "198.18.50.1/24")
	testutil.Run(t, e.node, "sysctl", "-qw", "net.ipv4.ip_forward=1")
	for _, p := range []struct {
		pod  ns.NetNS
		host string
		addr string
	}{{e.podA, e.hostA, addrA}, {e.podB, e.hostB, addrB}} {
		testutil.Veth(t, e.node, p.host, p.pod, "eth0")
		testutil.Run(t, e.node, "ip", "link", "set", p.host, "master", "br0")
		testutil.Addr(t, p.pod, "eth0", p.addr+"/24")
		testutil.Run(t, p.pod, "ip", "route", "add", "default", "via", "198.18.50.1")
	}
	testutil.Veth(t, e.node, "rem0", e.remote, "eth0")
	testutil.Addr(t, e.node, "rem0", "198.19.50.1/24")
	testutil.Addr(t, e.remote, "eth0", remoteAddr+"/24")
	testutil.Run(t, e.remote, "ip", "route", "add", "198.18.50.0/24", "via", "198.19.50.1")
	var conn *net.UDPConn
	if err := e.remote.Do(func(ns.NetNS) error {
		var err error
		conn, err = net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(remoteAddr), Port: remotePort})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			_, from, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			select {
			case e.got <- from.Addr().Unmap():
			default:
			}
		}
	}()
	return e
}

// send sends n UDP datagrams to the remote from pod with source src,
// through a raw socket (CAP_NET_RAW is all it takes), as a spoofing pod
// does.
func send(t *testing.T, pod ns.NetNS, src string, n int) {
	t.Helper()
	err := pod.Do(func(ns.NetNS) error {
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_RAW, unix.IPPROTO_RAW)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		pkt := udp4(netip.MustParseAddr(src), netip.MustParseAddr(remoteAddr), remotePort)
		to := &unix.SockaddrInet4{Addr: netip.MustParseAddr(remoteAddr).As4()}
		for range n {
			if err := unix.Sendto(fd, pkt, 0, to); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("sending from %s: %v", src, err)
	}
}

// udp4 is an IPv4 header (the kernel fills in its checksum and length)
// and a UDP header without checksum.
func udp4(src, dst netip.Addr, port uint16) []byte {
	b := make([]byte, 28)
	b[0], b[8], b[9] = 0x45, 64, unix.IPPROTO_UDP
	binary.BigEndian.PutUint16(b[2:], 28)
	s, d := src.As4(), dst.As4()
	copy(b[12:], s[:])
	copy(b[16:], d[:])
	binary.BigEndian.PutUint16(b[20:], 40000)
	binary.BigEndian.PutUint16(b[22:], port)
	binary.BigEndian.PutUint16(b[24:], 8)
	return b
}

// seen collects the sources the remote saw within a short wait.
func (e *bridged) seen() map[netip.Addr]int {
	out := map[netip.Addr]int{}
	deadline := time.After(300 * time.Millisecond)
	for {
		select {
		case a := <-e.got:
			out[a]++
		case <-deadline:
			return out
		}
	}
}

// binding is owner's binding of addr to link; its index, for the fake,
// is made up from the name (bindingOn reads the kernel's).
func binding(owner, link, addr string) linkguard.Binding {
	h := fnv.New32a()
	_, _ = h.Write([]byte(link))
	return linkguard.Binding{Owner: snat.Owner{Network: "net1", ID: owner}, Link: link, Index: 100 + int(h.Sum32()%100000),
		Addrs: []netip.Addr{netip.MustParseAddr(addr)}, Mark: linkguard.DefaultMark}
}

func drops(t *testing.T, g *linkguard.Guard, owner string) linkguard.Drops {
	t.Helper()
	d, ok, err := g.Counters(context.Background(), snat.Owner{Network: "net1", ID: owner})
	if err != nil || !ok {
		t.Fatalf("counters of %s: ok %v, %v", owner, ok, err)
	}
	return d
}

// TestSpoofedSourceDropped: before the binding, pod B's datagrams with
// pod A's source reach the remote as A's (the bug); after it, none do,
// A's own still do, and the guard counts what it dropped.
func TestSpoofedSourceDropped(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()

	send(t, e.podB, addrA, 5)
	if n := e.seen()[netip.MustParseAddr(addrA)]; n != 5 {
		t.Fatalf("without a binding the remote saw %d of B's 5 datagrams as A's; the setup does not show the attack", n)
	}

	hl, err := linkguard.HostLink(e.podA.Path(), e.node.Path(), "eth0")
	link := hl.Name
	if err != nil || link != e.hostA {
		t.Fatalf("HostLink of A = %q, %v; want %q", link, err, e.hostA)
	}
	bA := bindingOn(t, e, "podA", link, addrA)
	if err := g.Add(ctx, bA); err != nil {
		t.Fatal(err)
	}
	// Twice: ADD is idempotent.
	if err := g.Add(ctx, bA); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, bA); err != nil {
		t.Fatalf("CHECK after ADD: %v", err)
	}
	send(t, e.podB, addrA, 7)
	send(t, e.podA, addrA, 3)
	send(t, e.podB, addrB, 2)
	got := e.seen()
	if got[netip.MustParseAddr(addrA)] != 3 || got[netip.MustParseAddr(addrB)] != 2 {
		t.Fatalf("remote saw %v; want A's own 3 and B's own 2, none of B's as A", got)
	}
	if d := drops(t, g, "podA"); d.As != 7 || d.From != 0 || d.Link != e.hostA {
		t.Fatalf("A's drops = %+v; want 7 as A from elsewhere, link %s", d, e.hostA)
	}

	// B bound too: its spoofing is dropped at its own link.
	hlB, err := linkguard.HostLink(e.podB.Path(), e.node.Path(), "eth0")
	linkB := hlB.Name
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Add(ctx, bindingOn(t, e, "podB", linkB, addrB)); err != nil {
		t.Fatal(err)
	}
	send(t, e.podB, addrA, 4)
	send(t, e.podB, "198.18.50.99", 4) // nobody's address
	send(t, e.podB, addrB, 1)
	got = e.seen()
	if got[netip.MustParseAddr(addrA)] != 0 || got[netip.MustParseAddr("198.18.50.99")] != 0 || got[netip.MustParseAddr(addrB)] != 1 {
		t.Fatalf("remote saw %v; want only B's own datagram", got)
	}
	if d := drops(t, g, "podB"); d.From != 8 {
		t.Fatalf("B's drops = %+v; want 8 from its link", d)
	}

	// DEL, twice (the second finds nothing), and the attack works again:
	// the guard was what stopped it.
	for _, id := range []string{"podA", "podB", "podA"} {
		if err := g.Del(ctx, snat.Owner{Network: "net1", ID: id}, []netip.Addr{netip.MustParseAddr(addrA)}); err != nil {
			t.Fatalf("DEL %s: %v", id, err)
		}
	}
	send(t, e.podB, addrA, 2)
	if n := e.seen()[netip.MustParseAddr(addrA)]; n != 2 {
		t.Fatalf("after DEL the remote saw %d of 2; the guard's objects are still there?", n)
	}
	dump := testutil.Run(t, e.node, "nft", "list", "ruleset") // the last DEL removes the table too
	if strings.Contains(dump, g.Table) {
		t.Fatalf("DEL left objects behind:\n%s", dump)
	}
}

// TestLinkTakenOver: a pod that gets the device name of a vanished pod
// (the old pod's DEL never ran; its device, and so its index, is gone)
// is bound by its own device's index; the old pod's late DEL and GC
// then leave it alone.
func TestLinkTakenOver(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	old := binding("old", e.hostA, "198.18.50.77")
	old.Index = 999999 // the vanished device's
	if err := g.Add(ctx, old); err != nil {
		t.Fatal(err)
	}
	bNew := bindingOn(t, e, "new", e.hostA, addrA)
	if err := g.Add(ctx, bNew); err != nil {
		t.Fatal(err)
	}
	if err := g.GC(ctx, "net1", map[string]bool{"new": true}); err != nil {
		t.Fatal(err)
	}
	if err := g.Del(ctx, snat.Owner{Network: "net1", ID: "old"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, bNew); err != nil {
		t.Fatalf("the new pod's binding after the old one's GC and DEL: %v", err)
	}
	send(t, e.podA, addrA, 2)
	send(t, e.podB, addrA, 2)
	if n := e.seen()[netip.MustParseAddr(addrA)]; n != 2 {
		t.Fatalf("remote saw %d datagrams as A; want A's own 2", n)
	}
	if err := g.GC(ctx, "net1", map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, bNew); err == nil {
		t.Fatal("GC with no valid owner left the binding")
	}
}

// TestHostLinkRefusesOtherLinks: an interface that is not a veth into
// the node's namespace has no host link, and the error says so.
func TestHostLinkRefusesOtherLinks(t *testing.T) {
	node, pod, other := testutil.NewNS(t), testutil.NewNS(t), testutil.NewNS(t)
	testutil.Run(t, pod, "ip", "link", "add", "eth0", "type", "bridge")
	if _, err := linkguard.HostLink(pod.Path(), node.Path(), "eth0"); !errors.Is(err, linkguard.ErrNoHostLink) || !strings.Contains(err.Error(), "bridge") {
		t.Fatalf("a bridge as eth0: %v; want ErrNoHostLink naming it", err)
	}
	// A veth whose peer is in a third namespace: an index that happens
	// to exist in the node's namespace must not be taken for it.
	testutil.Veth(t, other, "peer0", pod, "eth1")
	testutil.Run(t, node, "ip", "link", "add", "decoy", "type", "bridge")
	if _, err := linkguard.HostLink(pod.Path(), node.Path(), "eth1"); !errors.Is(err, linkguard.ErrNoHostLink) {
		t.Fatalf("veth into another namespace: %v; want ErrNoHostLink", err)
	}
}

// TestAddBatch: ADD and a DEL without addresses on the fake, without
// root.
func TestAddBatch(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: "t", Client: f}
	if err := g.Add(context.Background(), binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatal(err)
	}
	dump := f.Dump()
	for _, want := range []string{"192.0.2.5 : 0x", `comment "owner=o1 link=veth1`, "hook prerouting priority -460", "hook output priority -460"} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
	if err := g.Check(context.Background(), binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatalf("CHECK after ADD: %v", err)
	}
	// Someone flushes the base chain: every binding is void, and CHECK
	// says so.
	flush := nft.NewBatch("t")
	flush.FlushChain(linkguard.FlatPrerouting)
	if err := f.Apply(flush); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(context.Background(), binding("o1", "veth1", "192.0.2.5")); err == nil || !strings.Contains(err.Error(), "missing or changed") {
		t.Fatalf("CHECK with the base chain flushed: %v", err)
	}
	if err := g.Add(context.Background(), binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(context.Background(), binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatalf("CHECK after the repairing ADD: %v", err)
	}
	if err := g.Del(context.Background(), snat.Owner{Network: "net1", ID: "o1"}, nil); err != nil {
		t.Fatal(err)
	}
	if dump := f.Dump() + bridgeDump(f); strings.Contains(dump, "192.0.2.5") || strings.Contains(dump, "veth1") {
		t.Fatalf("DEL without addresses left:\n%s", dump)
	}
}

// TestTableDeletedByAnother: another writer deletes the guard table. The
// pod's CHECK says what is missing (not an error listing what is gone),
// and the converging ADD that ipmasq's nftables backend renders (the
// slow one: the pod's rules still exist, so the creation fails) binds it
// again. It failed with ENOENT listing the missing maps, for good.
func TestTableDeletedByAnother(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: "t", Client: f}
	b := binding("o1", "veth1", "192.0.2.5")
	if err := g.Add(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	del := nft.NewBatch("t")
	del.DelTable()
	if err := f.Apply(del); err != nil {
		t.Fatal(err)
	}
	var drift *snat.DriftError
	if err := g.Check(context.Background(), b); !errors.As(err, &drift) {
		t.Fatalf("CHECK with the table deleted: %v; want drift", err)
	}
	batch, err := g.For(b).Render(f, true)
	if err != nil {
		t.Fatalf("the converging ADD with the table deleted: %v", err)
	}
	if err := f.Apply(batch); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(context.Background(), b); err != nil {
		t.Fatalf("CHECK after the repairing ADD: %v", err)
	}
}

// bridgeDump is the fake's bridge tables, as nft lists them.
func bridgeDump(f *nft.Fake) string {
	return nft.In(f, unix.NFPROTO_BRIDGE).(*nft.Fake).Dump()
}

// TestTakeoverLeavesNothingAfterGC: B is given the address A's binding
// still holds (A vanished without DEL) and takes it over; A's link is
// then named by no binding, and A's late DEL cannot find it. GC removes
// it, so that B's DEL, the last, removes the tables: before, the
// orphaned link kept them (and their hooks) for good.
func TestTakeoverLeavesNothingAfterGC(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: "t", Client: f}
	ctx := context.Background()
	bA, bB := binding("podA", "vethA", "192.0.2.5"), binding("podB", "vethB", "192.0.2.5")
	for _, b := range []linkguard.Binding{bA, bB} {
		if err := g.Add(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Check(ctx, bB); err != nil {
		t.Fatalf("B after taking the address over: %v", err)
	}
	if err := g.Del(ctx, bA.Owner, bA.Addrs); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, bB); err != nil {
		t.Fatalf("B after A's late DEL: %v", err)
	}
	if err := g.GC(ctx, "net1", map[string]bool{"podB": true}); err != nil {
		t.Fatal(err)
	}
	if err := g.Del(ctx, bB.Owner, bB.Addrs); err != nil {
		t.Fatal(err)
	}
	if tables := append(f.Tables(), nft.In(f, unix.NFPROTO_BRIDGE).(*nft.Fake).Tables()...); len(tables) > 0 {
		t.Fatalf("the last DEL left %v:\n%s%s", tables, f.Dump(), bridgeDump(f))
	}
}

// TestAddReadsNothing: once the fixed objects are whole, a pod's ADD is
// one transaction and no read, whatever is bound; its DEL reads only its
// own elements.
func TestAddReadsNothing(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	if err := (&linkguard.Guard{Table: "t", Client: f}).Add(ctx, binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatal(err)
	}
	var trips []string
	g := &linkguard.Guard{Table: "t", Client: nft.Observe(f, func(kind string, _ *nft.Batch) { trips = append(trips, kind) })}
	if err := g.Add(ctx, binding("o2", "veth2", "192.0.2.6")); err != nil {
		t.Fatal(err)
	}
	if strings.Join(trips, ",") != "apply" {
		t.Fatalf("a second pod's ADD: %v; want one transaction, no read", trips)
	}
	trips = nil
	if err := g.Del(ctx, snat.Owner{Network: "net1", ID: "o2"}, []netip.Addr{netip.MustParseAddr("192.0.2.6")}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(trips, ",") != "list,apply,apply" {
		t.Fatalf("its DEL: %v; want its element's lookup, the transaction, the release attempt", trips)
	}
	if err := g.Check(ctx, binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatalf("the other pod after: %v", err)
	}
}

// TestPrepare: Prepare (diktyo-nri, at a config load and each reconcile
// pass) writes the fixed objects whole, so that the first pod's ADD is
// one transaction of its elements, no read; a second Prepare writes
// nothing; a foreign flush of the prerouting chain is repaired and
// said; tables made anew are not a repair.
func TestPrepare(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	var trips []string
	g := &linkguard.Guard{Table: "t", Client: nft.Observe(f, func(kind string, _ *nft.Batch) { trips = append(trips, kind) })}
	if repaired, err := g.Prepare(ctx, linkguard.DefaultMark, 0); err != nil || len(repaired) != 0 {
		t.Fatalf("Prepare of new tables: repaired %q, %v; want none", repaired, err)
	}
	trips = nil
	if repaired, err := g.Prepare(ctx, linkguard.DefaultMark, 0); err != nil || len(repaired) != 0 || strings.Contains(strings.Join(trips, ","), "apply") {
		t.Fatalf("a second Prepare: repaired %q, %v, round trips %v; want nothing written", repaired, err, trips)
	}
	trips = nil
	if err := g.Add(ctx, binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatal(err)
	}
	if strings.Join(trips, ",") != "apply" {
		t.Fatalf("the first pod's ADD after Prepare: %v; want one transaction, no read", trips)
	}
	flush := nft.NewBatch("t")
	flush.FlushChain(linkguard.FlatPrerouting)
	if err := f.Apply(flush); err != nil {
		t.Fatal(err)
	}
	repaired, err := g.Prepare(ctx, linkguard.DefaultMark, 0)
	if err != nil || len(repaired) == 0 {
		t.Fatalf("Prepare after a foreign flush: repaired %q, %v; want it said", repaired, err)
	}
	if err := g.Check(ctx, binding("o1", "veth1", "192.0.2.5")); err != nil {
		t.Fatalf("CHECK after the repair: %v", err)
	}
}

// TestCheckInPass: inside a reconcile pass (a read cache) CHECK reads
// every binding's elements from one listing of the sets, and finds what
// the per-key lookups find outside one: nothing when whole, the
// element another writer deleted (of one pod only) when not.
func TestCheckInPass(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	g := &linkguard.Guard{Table: "t", Client: f}
	b1, b2 := binding("o1", "veth1", "192.0.2.5"), binding("o2", "veth2", "2001:db8::6")
	for _, b := range []linkguard.Binding{b1, b2} {
		if err := g.Add(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	check := func(b linkguard.Binding) (inPass, alone error) {
		var trips int
		c := &linkguard.Guard{Table: "t", Client: nft.Observe(f, func(string, *nft.Batch) { trips++ })}
		pass := cniutil.WithReadCache(ctx, cniutil.NewReadCache())
		inPass = c.Check(pass, b)
		if trips > 14 { // the rules of both tables and the ten sets, once
			t.Errorf("CHECK in a pass: %d round trips", trips)
		}
		return inPass, c.Check(ctx, b)
	}
	for _, b := range []linkguard.Binding{b1, b2} {
		if inPass, alone := check(b); inPass != nil || alone != nil {
			t.Fatalf("%s whole: in a pass %v, alone %v", b.Link, inPass, alone)
		}
	}
	del := nft.NewBatchIn(unix.NFPROTO_BRIDGE, "t")
	del.DelElement(&nft.Element{Set: "link4", Iif: uint32(b1.Index), Key: b1.Addrs})
	if err := f.Apply(del); err != nil {
		t.Fatal(err)
	}
	inPass, alone := check(b1)
	for _, err := range []error{inPass, alone} {
		if err == nil || !strings.Contains(err.Error(), "guard element bridge link4") {
			t.Fatalf("b1 with its bridge link4 element deleted: in a pass %v, alone %v; want that element named", inPass, alone)
		}
	}
	if inPass, alone := check(b2); inPass != nil || alone != nil {
		t.Fatalf("b2, untouched: in a pass %v, alone %v", inPass, alone)
	}
}
