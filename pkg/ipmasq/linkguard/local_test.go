package linkguard_test

// The node's own senders (issue 31): a host-network process sets the
// mark bit the pod's link sets, or binds a pod's address with no
// capability at all; kube-proxy's IPVS re-injects a pod's forwarded
// packet through the output hook with no socket.

import (
	"context"
	"fmt"
	"net/netip"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// withCaps runs fn on a thread of its own in the namespace at path,
// holding only the capabilities caps (bits of CAP_*): what a
// host-network container with that set can do. The thread is never
// given back to the runtime (it exits with fn's goroutine), so the
// dropped capabilities die with it.
func withCaps(t *testing.T, path string, caps uint64, fn func() error) {
	t.Helper()
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread goes
		errc <- func() error {
			h, err := netns.GetFromPath(path)
			if err != nil {
				return err
			}
			defer func() { _ = h.Close() }()
			if err := netns.Set(h); err != nil {
				return err
			}
			hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
			data := [2]unix.CapUserData{
				{Effective: uint32(caps), Permitted: uint32(caps)},
				{Effective: uint32(caps >> 32), Permitted: uint32(caps >> 32)},
			}
			if err := unix.Capset(&hdr, &data[0]); err != nil {
				return err
			}
			return fn()
		}()
	}()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}

// untilSeen reads what the remote saw until it sees sentinel (sent
// last, by its own pod), counting the rest by source: the node's and
// the neighbour's datagrams, sent before, have arrived or been dropped.
func (e *bridged) untilSeen(t *testing.T, sentinel string) map[netip.Addr]int {
	t.Helper()
	send(t, e.podB, sentinel, 1)
	out := map[netip.Addr]int{}
	s := netip.MustParseAddr(sentinel)
	for a := range e.got {
		if a == s {
			return out
		}
		out[a]++
	}
	return out
}

// TestNodeSocketMarkedAsLinkCannotSendAsPod: a host-network process with
// CAP_NET_RAW only (containerd's default set) sets SO_MARK to the link
// bit and IP_TRANSPARENT, binds pod A's address and sends: before the
// fix it left as A (the output check trusted the bit); now the kernel
// answers EPERM, nothing reaches the remote as A, and A's "as" count
// holds them.
func TestNodeSocketMarkedAsLinkCannotSendAsPod(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	if err := g.Add(context.Background(), bindingOn(t, e, "podA", e.hostA, addrA)); err != nil {
		t.Fatal(err)
	}
	var refused int
	withCaps(t, e.node.Path(), 1<<unix.CAP_NET_RAW, func() error {
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM, 0)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		if err := unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_MARK, int(linkguard.DefaultMark)); err != nil {
			return err
		}
		if err := unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_TRANSPARENT, 1); err != nil {
			return err
		}
		if err := unix.Bind(fd, &unix.SockaddrInet4{Port: 40002, Addr: netip.MustParseAddr(addrA).As4()}); err != nil {
			return err
		}
		to := &unix.SockaddrInet4{Port: remotePort, Addr: netip.MustParseAddr(remoteAddr).As4()}
		for range 4 {
			switch err := unix.Sendto(fd, []byte("x"), 0, to); err {
			case unix.EPERM:
				refused++
			case nil:
			default:
				return err
			}
		}
		return nil
	})
	if got := e.untilSeen(t, addrB); got[netip.MustParseAddr(addrA)] != 0 || refused != 4 {
		t.Fatalf("remote saw %v, the kernel refused %d of 4: the node's marked socket sent as A", got, refused)
	}
	if d := drops(t, g, "podA"); d.As != 4 {
		t.Fatalf("A's drops %+v; want the node's 4 counted as sent as A", d)
	}
	// A's own traffic still leaves.
	send(t, e.podA, addrA, 2)
	if got := e.untilSeen(t, addrB); got[netip.MustParseAddr(addrA)] != 2 {
		t.Fatalf("remote saw %v; want A's own 2", got)
	}
}

// TestTraceReinjectedForwardedPacket: on the packet tracer, the four
// ways a packet with pod A's address meets the guard. kube-proxy's IPVS
// re-injects A's forwarded Service packet through the output hook with
// A's source, no socket and no input device: it passes (before the
// fix it was dropped and counted as spoofing, so every bound pod on an
// IPVS node lost its Services). A node socket with the link's mark bit
// is dropped; A's packet from its link passes prerouting with the bit
// cleared; B's packet with A's address is dropped at B's link.
func TestTraceReinjectedForwardedPacket(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: "guard", Client: f}
	ctx := context.Background()
	a, c := netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.9.5")
	const bridgeIndex = 3 // the bridge A and B are ports of; C is a routed veth
	bA := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "vethA", Index: 7,
		Addrs: []netip.Addr{a}, Mark: linkguard.DefaultMark}
	bB := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "bbbbbbbbbbbbbbbb"}, Link: "vethB", Index: 8,
		Addrs: []netip.Addr{netip.MustParseAddr("10.0.0.3")}, Mark: linkguard.DefaultMark}
	bC := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "cccccccccccccccc"}, Link: "caliC", Index: 9,
		Addrs: []netip.Addr{c}, Mark: linkguard.DefaultMark}
	for _, b := range []linkguard.Binding{bA, bB, bC} {
		if err := g.Add(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	svc := netip.MustParseAddr("10.96.0.10")
	trace := func(fam byte, hook uint32, p *nft.Packet) string {
		t.Helper()
		v, err := f.TraceIn(fam, hook, "", p)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// A's packet: the bridge marks it at A's port, prerouting (where it
	// arrives on the bridge) clears the bit.
	p := &nft.Packet{Src: a, Dst: svc, Proto: unix.IPPROTO_TCP, SPort: 40000, DPort: 53, IIF: 7, Mark: 0x4000}
	if v := trace(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, p); v != nft.Accepted || p.Mark != 0x4000|linkguard.DefaultMark {
		t.Fatalf("A's packet at its bridge port: %s, mark %#x", v, p.Mark)
	}
	p.IIF = bridgeIndex
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_PRE_ROUTING, p); v != nft.Accepted || p.Mark != 0x4000 {
		t.Fatalf("A's packet at prerouting: %s, mark %#x; want accepted, the bit cleared", v, p.Mark)
	}
	// IPVS sends it on to a backend: re-injected through LOCAL_OUT,
	// tracked, no socket, no input device.
	fwd := &nft.Packet{Src: a, Dst: netip.MustParseAddr("10.0.1.9"), Proto: unix.IPPROTO_TCP, SPort: 40000, DPort: 53,
		Mark: p.Mark, Tracked: true}
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_LOCAL_OUT, fwd); v != nft.Accepted {
		t.Fatalf("A's forwarded packet re-injected by IPVS: %s; want accepted", v)
	}
	// A node socket, whatever its mark.
	for _, m := range []uint32{0, linkguard.DefaultMark, 0xffffffff} {
		loc := &nft.Packet{Src: a, Dst: svc, Proto: unix.IPPROTO_UDP, Mark: m, Socket: true}
		if v := trace(unix.NFPROTO_INET, unix.NF_INET_LOCAL_OUT, loc); v != nft.Dropped {
			t.Fatalf("a node socket with mark %#x sending as A: %s; want dropped", m, v)
		}
	}
	// B sends as A: dropped at B's port; and were it let through there
	// (an unbound neighbour), A's check in prerouting drops it unmarked.
	if v := trace(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, &nft.Packet{Src: a, Dst: svc, IIF: 8}); v != nft.Dropped {
		t.Fatalf("B's packet with A's address at B's port: %s", v)
	}
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_PRE_ROUTING, &nft.Packet{Src: a, Dst: svc, IIF: bridgeIndex}); v != nft.Dropped {
		t.Fatalf("an unmarked packet with A's address at prerouting: %s", v)
	}
	// C, on a routed veth: its own packet passes prerouting by its key;
	// C sending as A, and B's port-less neighbour sending as C, do not.
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_PRE_ROUTING, &nft.Packet{Src: c, Dst: svc, IIF: 9}); v != nft.Accepted {
		t.Fatalf("C's own packet from its routed veth: %s", v)
	}
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_PRE_ROUTING, &nft.Packet{Src: a, Dst: svc, IIF: 9}); v != nft.Dropped {
		t.Fatalf("C's packet with A's address: %s", v)
	}
	if v := trace(unix.NFPROTO_INET, unix.NF_INET_PRE_ROUTING, &nft.Packet{Src: c, Dst: svc, IIF: bridgeIndex}); v != nft.Dropped {
		t.Fatalf("a packet with C's address from the bridge: %s", v)
	}
	// The unbound sources pass a bound link.
	for _, src := range []string{"0.0.0.0", "fe80::1", "::"} {
		q := &nft.Packet{Src: netip.MustParseAddr(src), Dst: netip.MustParseAddr("255.255.255.255").Unmap(), IIF: 7}
		if netip.MustParseAddr(src).Is6() {
			q.Dst = netip.MustParseAddr("ff02::1")
		}
		if v := trace(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, q); v != nft.Accepted {
			t.Errorf("%s from A's port: %s; want accepted", src, v)
		}
	}
	d, ok, err := g.Counters(ctx, bA.Owner)
	if err != nil || !ok || d.As != 4 {
		t.Fatalf("A's drops %+v (%v, %v); want 4 as A (3 node sockets, 1 unmarked)", d, ok, err)
	}
	for _, o := range []linkguard.Binding{bB, bC} {
		if d, _, _ := g.Counters(ctx, o.Owner); d.From != 1 {
			t.Errorf("%s's drops %+v; want 1 from its link", o.Link, d)
		}
	}
}

// TestLastUnbindRemovesTable: a plain ADD and DEL left an empty guard
// table hooked at -450 in the node's namespace (issue 31, 3). The
// shared objects go with the last binding, and not before: the other
// pod's binding is whole while it stays. On the fake and the kernel.
func TestLastUnbindRemovesTable(t *testing.T) {
	run := func(t *testing.T, g *linkguard.Guard, tables func() string) {
		ctx := context.Background()
		b1 := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "1111111111111111"}, Link: "lgx1", Index: 11, Addrs: []netip.Addr{netip.MustParseAddr("10.0.0.2")}, Mark: linkguard.DefaultMark}
		b2 := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "2222222222222222"}, Link: "lgx2", Index: 12, Addrs: []netip.Addr{netip.MustParseAddr("10.0.0.3")}, Mark: linkguard.DefaultMark}
		for _, b := range []linkguard.Binding{b1, b2} {
			if err := g.Add(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Del(ctx, b1.Owner, b1.Addrs); err != nil {
			t.Fatal(err)
		}
		if err := g.Check(ctx, b2); err != nil {
			t.Fatalf("the other pod's binding after the first DEL: %v", err)
		}
		if err := g.Del(ctx, b2.Owner, nil); err != nil { // without addresses: the listing path
			t.Fatal(err)
		}
		if s := tables(); strings.Contains(s, g.Table) {
			t.Fatalf("the last DEL left the guard table: %s", s)
		}
		// GC of the last binding likewise.
		if err := g.Add(ctx, b1); err != nil {
			t.Fatal(err)
		}
		if err := g.GC(ctx, "n", map[string]bool{}); err != nil {
			t.Fatal(err)
		}
		if s := tables(); strings.Contains(s, g.Table) {
			t.Fatalf("GC of the last binding left the guard table: %s", s)
		}
	}
	t.Run("fake", func(t *testing.T) {
		f := nft.NewFake()
		run(t, &linkguard.Guard{Table: "lgempty", Client: f}, func() string {
			return strings.Join(append(f.Tables(), nft.In(f, unix.NFPROTO_BRIDGE).(*nft.Fake).Tables()...), " ")
		})
	})
	t.Run("kernel", func(t *testing.T) {
		node := testutil.NewNS(t)
		for _, l := range []string{"lgx1", "lgx2"} {
			testutil.Run(t, node, "ip", "link", "add", l, "type", "veth", "peer", "name", l+"p")
		}
		run(t, &linkguard.Guard{Table: "lgempty", NetNS: node.Path()}, func() string {
			return testutil.Run(t, node, "nft", "list", "tables")
		})
	})
}

// TestMoveKeepsBinding: a pod's rules move to another backend (or
// table): the new config's ADD binds it again, then the old config's
// DEL runs. Before the fix that DEL removed the binding the ADD had
// just made, and a neighbour could send as the pod; now the old DEL
// leaves the new config's binding, which holds at every step, and the
// new config's DEL removes it.
func TestMoveKeepsBinding(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	a := netip.MustParseAddr("10.0.0.2")
	oldCfg := linkguard.SNATConfig("iptables", "DIKTYO-IPMASQ")
	newCfg := linkguard.SNATConfig("nftables", "diktyo-ipmasq")
	bind := func(cfg string) linkguard.Binding {
		return linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "vethA", Index: 7,
			Addrs: []netip.Addr{a}, Mark: linkguard.DefaultMark, Guards: cfg}
	}
	guard := func(cfg string) *linkguard.Guard { return &linkguard.Guard{Table: "guard", Client: f, Guards: cfg} }
	// The neighbour on vethB (unbound) sends as A; A sends its own.
	spoofDropped := func(step string) {
		t.Helper()
		p := &nft.Packet{Src: a, Dst: netip.MustParseAddr("192.0.2.1"), IIF: 8}
		if v, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil || v != nft.Dropped {
			t.Fatalf("%s: the neighbour's packet as A: %s, %v; want dropped", step, v, err)
		}
		own := &nft.Packet{Src: a, Dst: netip.MustParseAddr("192.0.2.1"), IIF: 7}
		if _, err := f.Trace(nft.HookIngress, "vethA", own); err != nil {
			t.Fatal(err)
		}
		if v, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", own); err != nil || v != nft.Accepted {
			t.Fatalf("%s: A's own packet: %s, %v; want accepted", step, v, err)
		}
	}
	if err := guard(oldCfg).Add(ctx, bind(oldCfg)); err != nil {
		t.Fatal(err)
	}
	spoofDropped("bound under the old config")
	if err := guard(newCfg).Add(ctx, bind(newCfg)); err != nil {
		t.Fatal(err)
	}
	spoofDropped("after the new config's ADD")
	if err := guard(newCfg).Check(ctx, bind(newCfg)); err != nil {
		t.Fatalf("CHECK under the new config after its ADD: %v", err)
	}
	if err := guard(oldCfg).Del(ctx, bind(oldCfg).Owner, []netip.Addr{a}); err != nil {
		t.Fatal(err)
	}
	spoofDropped("after the old config's DEL")
	if err := guard(newCfg).Check(ctx, bind(newCfg)); err != nil {
		t.Fatalf("the old config's DEL unbound the pod: %v", err)
	}
	if err := guard(newCfg).Del(ctx, bind(newCfg).Owner, []netip.Addr{a}); err != nil {
		t.Fatal(err)
	}
	if tables := f.Tables(); len(tables) != 0 {
		t.Fatalf("the new config's DEL left %v:\n%s", tables, f.Dump())
	}
}

// TestMoveKeepsBindingKernel: the move of TestMoveKeepsBinding on the
// kernel, which keeps a chain's comment when it is declared again: the
// new config's ADD makes the as- chain anew in one transaction.
func TestMoveKeepsBindingKernel(t *testing.T) {
	e := newBridged(t)
	ctx := context.Background()
	oldCfg, newCfg := linkguard.SNATConfig("iptables", "T"), linkguard.SNATConfig("nftables", "t")
	bind := func(cfg string) linkguard.Binding {
		b := bindingOn(t, e, "podA", e.hostA, addrA)
		b.Guards = cfg
		return b
	}
	guard := func(cfg string) *linkguard.Guard {
		return &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path(), Guards: cfg}
	}
	for _, step := range []func() error{
		func() error { return guard(oldCfg).Add(ctx, bind(oldCfg)) },
		func() error { return guard(newCfg).Add(ctx, bind(newCfg)) },
		func() error {
			return guard(oldCfg).Del(ctx, bind(oldCfg).Owner, []netip.Addr{netip.MustParseAddr(addrA)})
		},
		func() error { return guard(newCfg).Check(ctx, bind(newCfg)) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	send(t, e.podB, addrA, 3)
	send(t, e.podA, addrA, 2)
	if got := e.untilSeen(t, addrB); got[netip.MustParseAddr(addrA)] != 2 {
		t.Fatalf("after the move the remote saw %v; want A's own 2 as A, none of B's", got)
	}
	if err := guard(newCfg).Del(ctx, bind(newCfg).Owner, nil); err != nil {
		t.Fatal(err)
	}
}

// afterEach is a client that runs check after every transaction it
// commits: what a packet meets at each instant of a sequence of them.
type afterEach struct {
	nft.Client
	check func()
}

func (c *afterEach) Apply(b *nft.Batch) error {
	err := c.Client.Apply(b)
	if err == nil && b.Len() > 0 {
		c.check()
	}
	return err
}

func (c *afterEach) In(fam byte) nft.Client {
	if in := nft.In(c.Client, fam); in != nil {
		return &afterEach{Client: in, check: c.check}
	}
	return nil
}

// TestGuardTableMove: the admin changes guardTable from A to B under
// running pods, and each pod's ADD under the new config binds it in B.
// Before the fix that ADD bound the pod in B beside A: A's prerouting
// chain cleared the link bit for it, B's then found its address
// unmarked and dropped every packet of the pod's own, and A held the pod
// for good. Now the ADD is told the table the pod was bound in (From)
// and moves it in its one transaction: after every transaction the
// pod's own packets pass and a neighbour's with its address do not; A
// holds nothing of a moved pod, and A's chains, sets and tables go with
// the last one, but not while anything foreign is in them.
func TestGuardTableMove(t *testing.T) {
	for _, foreign := range []bool{false, true} {
		t.Run(map[bool]string{false: "alone", true: "foreign chain in A"}[foreign], func(t *testing.T) {
			f := nft.NewFake()
			ctx := context.Background()
			const bridgeIndex = 3
			a1, a2 := netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.0.3")
			bind := func(id string, index int, addr netip.Addr) linkguard.Binding {
				return linkguard.Binding{Owner: snat.Owner{Network: "n", ID: id}, Link: fmt.Sprint("veth", index), Index: index,
					Addrs: []netip.Addr{addr}, Mark: linkguard.DefaultMark}
			}
			pods := []linkguard.Binding{bind("aaaaaaaaaaaaaaaa", 7, a1), bind("bbbbbbbbbbbbbbbb", 8, a2)}
			dst := netip.MustParseAddr("192.0.2.1")
			var step string
			check := func() {
				t.Helper()
				if step == "" {
					return // binding them in A
				}
				for _, b := range pods {
					own := &nft.Packet{Src: b.Addrs[0], Dst: dst, IIF: b.Index}
					v1, err1 := f.TraceIn(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, "", own)
					own.IIF = bridgeIndex
					v2, err2 := f.Trace(unix.NF_INET_PRE_ROUTING, "", own)
					if err1 != nil || err2 != nil || v1 != nft.Accepted || v2 != nft.Accepted {
						t.Fatalf("%s: %s's own packet: bridge %s (%v), prerouting %s (%v); want both accepted", step, b.Link, v1, err1, v2, err2)
					}
					spoof := &nft.Packet{Src: b.Addrs[0], Dst: dst, IIF: 9} // an unbound neighbour's port
					v1, err1 = f.TraceIn(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, "", spoof)
					spoof.IIF = bridgeIndex
					v2, err2 = f.Trace(unix.NF_INET_PRE_ROUTING, "", spoof)
					if err1 != nil || err2 != nil || (v1 != nft.Dropped && v2 != nft.Dropped) {
						t.Fatalf("%s: a neighbour sending as %s: bridge %s (%v), prerouting %s (%v); want dropped", step, b.Link, v1, err1, v2, err2)
					}
				}
			}
			c := &afterEach{Client: f, check: check}
			for _, b := range pods {
				if err := (&linkguard.Guard{Table: "A", Client: c}).Add(ctx, b); err != nil {
					t.Fatal(err)
				}
			}
			step = "bound in A"
			check()
			if foreign {
				fb := nft.NewBatch("A")
				fb.AddChain(&nft.Chain{Name: "someone-elses"})
				if err := f.Apply(fb); err != nil {
					t.Fatal(err)
				}
			}
			gB := &linkguard.Guard{Table: "B", Client: c, From: "A"}
			for i, b := range pods {
				step = fmt.Sprintf("moving %s to B", b.Link)
				if err := gB.Add(ctx, b); err != nil {
					t.Fatal(err)
				}
				if err := gB.Check(ctx, b); err != nil {
					t.Fatalf("%s: CHECK under B: %v", step, err)
				}
				dumpA := f.Dump() + bridgeDump(f)
				for _, moved := range pods[:i+1] {
					if strings.Contains(sectionOf(dumpA, "A"), moved.Addrs[0].String()) || strings.Contains(sectionOf(dumpA, "A"), moved.Link) {
						t.Fatalf("%s: table A still holds %s:\n%s", step, moved.Link, dumpA)
					}
				}
			}
			// A repeated ADD finds nothing in A: the tables are gone, or
			// only what is foreign keeps them.
			if err := gB.Add(ctx, pods[0]); err != nil {
				t.Fatal(err)
			}
			tables := append(f.Tables(), nft.In(f, unix.NFPROTO_BRIDGE).(*nft.Fake).Tables()...)
			want := []string{"B", "B"}
			if foreign {
				want = []string{"A", "B", "B"} // inet A, for the other writer's chain
			}
			slices.Sort(tables)
			if !slices.Equal(tables, want) {
				t.Fatalf("tables %v after the move; want %v:\n%s%s", tables, want, f.Dump(), bridgeDump(f))
			}
			if a := sectionOf(f.Dump(), "A"); foreign && (strings.Contains(a, "hook") || strings.Contains(a, "set ")) {
				t.Fatalf("the other writer's chain kept our objects in A:\n%s", a)
			}
		})
	}
}

// TestGuardTableMovePerDevice: an Open vSwitch pod's binding moves from
// A to B with its port's own chain: nothing of it, nor of ours, is left
// in A (its chain named A's sets and kept A's hooks for good).
func TestGuardTableMovePerDevice(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	b := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "ovsport7", Index: 7,
		Addrs: []netip.Addr{netip.MustParseAddr("10.0.0.2")}, Mark: linkguard.DefaultMark, PerDevice: true}
	if err := (&linkguard.Guard{Table: "A", Client: f}).Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Dump(), linkguard.PortChain(7)) {
		t.Fatalf("no port chain for the OVS pod in A:\n%s", f.Dump())
	}
	gB := &linkguard.Guard{Table: "B", Client: f, From: "A"}
	if err := gB.Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := gB.ReleaseFrom(ctx); err != nil {
		t.Fatal(err)
	}
	if err := gB.Check(ctx, b); err != nil {
		t.Fatalf("CHECK under B: %v", err)
	}
	if a := sectionOf(f.Dump()+bridgeDump(f), "A"); a != "" {
		t.Fatalf("table A after the move:\n%s", a)
	}
}

// sectionOf is the part of a dump of several tables that is table
// name's ("table <family> name {" up to the next table).
func sectionOf(dump, name string) string {
	var out []string
	in := false
	for _, l := range strings.Split(dump, "\n") {
		if strings.HasPrefix(l, "table ") {
			in = strings.HasSuffix(l, " "+name+" {")
		}
		if in {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestGuardTableMoveKernel: TestGuardTableMove's move on the kernel,
// with A on a bridge: after the move its own datagrams reach the remote
// as A and B's with A's address do not, and both of table A's tables
// are gone.
func TestGuardTableMoveKernel(t *testing.T) {
	e := newBridged(t)
	ctx := context.Background()
	b := bindingOn(t, e, "podA", e.hostA, addrA)
	t.Cleanup(func() {
		for _, tb := range []string{"lgtest-a", "lgtest-b"} {
			_, _ = testutil.Output(e.node, "nft", "delete", "table", "inet", tb)
			_, _ = testutil.Output(e.node, "nft", "delete", "table", "bridge", tb)
		}
	})
	if err := (&linkguard.Guard{Table: "lgtest-a", NetNS: e.node.Path()}).Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	gB := &linkguard.Guard{Table: "lgtest-b", NetNS: e.node.Path(), From: "lgtest-a"}
	if err := gB.Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	send(t, e.podB, addrA, 3)
	send(t, e.podA, addrA, 2)
	if got := e.untilSeen(t, addrB); got[netip.MustParseAddr(addrA)] != 2 {
		t.Fatalf("after the move the remote saw %v; want A's own 2 as A, none of B's", got)
	}
	ruleset := testutil.Run(t, e.node, "nft", "list", "ruleset")
	if strings.Contains(ruleset, "lgtest-a") {
		t.Fatalf("table A outlived the move of its last binding:\n%s", ruleset)
	}
	if err := gB.Del(ctx, b.Owner, b.Addrs); err != nil {
		t.Fatal(err)
	}
}

// TestGuardTableMoveInRulesTransaction: the move of TestGuardTableMove
// as ipmasq's nftables backend sends it, rendered into the rules' own
// transaction (For), the creation first and, where it fails (the pod's
// rules there already: a re-applying ADD), the converging one; then
// ReleaseFrom removes table A with its last binding.
func TestGuardTableMoveInRulesTransaction(t *testing.T) {
	for _, slow := range []bool{false, true} {
		t.Run(map[bool]string{false: "creation", true: "converging"}[slow], func(t *testing.T) {
			f := nft.NewFake()
			ctx := context.Background()
			b := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "veth7", Index: 7,
				Addrs: []netip.Addr{netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("2001:db8::2")}, Mark: linkguard.DefaultMark}
			if err := (&linkguard.Guard{Table: "A", Client: f}).Add(ctx, b); err != nil {
				t.Fatal(err)
			}
			gB := &linkguard.Guard{Table: "B", Client: f, From: "A"}
			if _, err := gB.Prepare(ctx, b.Mark, b.StrictMark); err != nil {
				t.Fatal(err)
			}
			batch, err := gB.For(b).Render(f, slow)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Apply(batch); err != nil {
				t.Fatalf("the move's one transaction: %v", err)
			}
			if err := gB.Check(ctx, b); err != nil {
				t.Fatalf("CHECK under B: %v", err)
			}
			if a := sectionOf(f.Dump()+bridgeDump(f), "A"); strings.Contains(a, "10.0.0.2") || strings.Contains(a, "2001:db8::2") {
				t.Fatalf("A still holds the pod after the move:\n%s", a)
			}
			if err := gB.ReleaseFrom(ctx); err != nil {
				t.Fatal(err)
			}
			tables := append(f.Tables(), nft.In(f, unix.NFPROTO_BRIDGE).(*nft.Fake).Tables()...)
			if slices.Contains(tables, "A") {
				t.Fatalf("table A outlived the move of its only binding: %v", tables)
			}
		})
	}
}
