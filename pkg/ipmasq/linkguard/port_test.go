package linkguard_test

// Per-device bindings (Binding.PerDevice): a port of Open vSwitch,
// whose packets reach the node's IP stack on an OVS internal port, is
// bound by an ingress chain of its own.

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// ovsNode is a fake node with pods A and B on ports of one Open vSwitch
// bridge (A bound per device, B bound per device or not at all), whose
// datapath hands their packets to the IP stack on its internal port.
type ovsNode struct {
	f      *nft.Fake
	g      *linkguard.Guard
	bA, bB linkguard.Binding
}

const (
	ovsInternal = 5 // the OVS internal port's index
	ovsA, ovsB  = 7, 8
)

var (
	ovsAddrA  = []netip.Addr{netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("fd00::2")}
	ovsAddrB  = []netip.Addr{netip.MustParseAddr("10.0.0.3"), netip.MustParseAddr("fd00::3")}
	ovsRemote = map[bool]netip.Addr{false: netip.MustParseAddr("192.0.2.9"), true: netip.MustParseAddr("2001:db8::9")}
)

func newOVSNode(t *testing.T, bindB bool) *ovsNode {
	t.Helper()
	n := &ovsNode{f: nft.NewFake()}
	n.g = &linkguard.Guard{Table: "guard", Client: n.f}
	n.bA = linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "vethA", Index: ovsA,
		Addrs: ovsAddrA, Mark: linkguard.DefaultMark, PerDevice: true}
	n.bB = linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "bbbbbbbbbbbbbbbb"}, Link: "vethB", Index: ovsB,
		Addrs: ovsAddrB, Mark: linkguard.DefaultMark, PerDevice: true}
	bs := []linkguard.Binding{n.bA}
	if bindB {
		bs = append(bs, n.bB)
	}
	for _, b := range bs {
		if err := n.g.Add(context.Background(), b); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// send traces a packet from src that enters on the port of index port
// (its device dev) through the port's ingress, then, handed on by the
// datapath, the node's prerouting on the internal port.
func (n *ovsNode) send(t *testing.T, dev string, port int, src netip.Addr) string {
	t.Helper()
	p := &nft.Packet{Src: src, Dst: ovsRemote[src.Is6()], Proto: unix.IPPROTO_UDP, SPort: 40000, DPort: 53, IIF: port}
	v, err := n.f.Trace(nft.HookIngress, dev, p)
	if err != nil || v == nft.Dropped {
		return v
	}
	p.IIF = ovsInternal
	if v, err = n.f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil {
		t.Fatal(err)
	}
	if v == nft.Accepted && p.Mark&linkguard.DefaultMark != 0 {
		t.Fatalf("%s from %s passed prerouting with the link bit still set (%#x)", src, dev, p.Mark)
	}
	return v
}

// TestPerDeviceBindingTraced: on the OVS path, A's own packets (IPv4,
// IPv6, and any fragment: each is checked on its own at ingress and at
// prerouting, both before defragmentation) pass; an unbound neighbour
// B sending with A's address is dropped at prerouting (counted "as"),
// a bound B at its own port (counted "from"); A sending with another
// source is dropped at its port. Without the per-device chain (what
// the flat binding did before: it refused OVS ports, or, had it bound
// one, A's own packets were dropped on the internal port), the test
// fails.
func TestPerDeviceBindingTraced(t *testing.T) {
	for _, bindB := range []bool{false, true} {
		n := newOVSNode(t, bindB)
		for _, a := range ovsAddrA {
			if v := n.send(t, "vethA", ovsA, a); v != nft.Accepted {
				t.Errorf("B bound %v: A's own %s: %s; want accepted", bindB, a, v)
			}
			if v := n.send(t, "vethB", ovsB, a); v != nft.Dropped {
				t.Errorf("B bound %v: B sending as A (%s): %s; want dropped", bindB, a, v)
			}
		}
		for _, other := range []string{"10.0.0.77", "fd00::77"} {
			if v := n.send(t, "vethA", ovsA, netip.MustParseAddr(other)); v != nft.Dropped {
				t.Errorf("A sending as %s: %s; want dropped at its port", other, v)
			}
		}
		if v := n.send(t, "vethA", ovsA, netip.MustParseAddr("fe80::1")); v != nft.Accepted {
			t.Errorf("A's link-local source: %s; want accepted", v)
		}
		dA, _, err := n.g.Counters(context.Background(), n.bA.Owner)
		if err != nil {
			t.Fatal(err)
		}
		wantAs, wantFrom := uint64(2), uint64(2)
		if bindB {
			wantAs = 0 // dropped at B's port instead
		}
		if dA.As != wantAs || dA.From != wantFrom {
			t.Errorf("B bound %v: A's drops %+v; want as %d, from %d", bindB, dA, wantAs, wantFrom)
		}
		if bindB {
			if dB, _, _ := n.g.Counters(context.Background(), n.bB.Owner); dB.From != 2 {
				t.Errorf("B's drops %+v; want 2 from its port", dB)
			}
		}
		if err := n.g.Check(context.Background(), n.bA); err != nil {
			t.Errorf("CHECK of A: %v", err)
		}
	}
}

// TestPerDeviceBindingLifecycle: the ingress chain comes with the
// binding (one transaction), CHECK finds it changed, a repeated ADD
// rewrites it, DEL removes it, GC removes an invalid pod's, and the
// last unbind leaves no table; the fixed chains are not taken as
// changed by a per-device chain beside them.
func TestPerDeviceBindingLifecycle(t *testing.T) {
	ctx := context.Background()
	n := newOVSNode(t, true)
	dump := n.f.Dump()
	for _, want := range []string{`chain port-7 {`, `hook ingress device "vethA" priority -500`, `chain port-8 {`} {
		if !strings.Contains(dump, want) {
			t.Fatalf("after ADD the table lacks %q:\n%s", want, dump)
		}
	}
	if strings.Contains(bridgeDump(n.f), "10.0.0.2") {
		t.Errorf("a per-device binding has keys in the bridge table:\n%s", bridgeDump(n.f))
	}
	flush := nft.NewBatch("guard")
	flush.FlushChain(linkguard.PortChain(ovsA))
	if err := n.f.Apply(flush); err != nil {
		t.Fatal(err)
	}
	if err := n.g.Check(ctx, n.bA); err == nil || !strings.Contains(err.Error(), "port-7") {
		t.Fatalf("CHECK with A's ingress chain flushed: %v; want drift naming it", err)
	}
	if err := n.g.Check(ctx, n.bB); err != nil {
		t.Errorf("CHECK of B with A's chain flushed: %v", err)
	}
	if err := n.g.Add(ctx, n.bA); err != nil {
		t.Fatal(err)
	}
	if err := n.g.Check(ctx, n.bA); err != nil {
		t.Fatalf("CHECK after the repairing ADD: %v", err)
	}
	if err := n.g.Del(ctx, n.bA.Owner, n.bA.Addrs); err != nil {
		t.Fatal(err)
	}
	if d := n.f.Dump(); strings.Contains(d, "port-7") || strings.Contains(d, "vethA") {
		t.Fatalf("DEL left A's ingress chain:\n%s", d)
	}
	if err := n.g.GC(ctx, "n", map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	if tables := n.f.Tables(); len(tables) != 0 {
		t.Fatalf("GC of the last binding left %v:\n%s", tables, n.f.Dump())
	}
}

// TestPerDeviceBindingKernel: the per-device path on the kernel, forced
// on a Linux bridge's port (Open vSwitch cannot run on this test
// machine's kernel: see docs/ipmasq.md, "Open vSwitch ports"). A is
// bound by its port's ingress chain alone (no keys in the bridge table),
// so its packets reach prerouting on the bridge with only the ingress
// chain's mark, as an OVS port's reach it on the internal port: A's own
// datagrams arrive; B, unbound on the same bridge, sending with A's
// address (whole datagrams and a fragment meant to join A's) is
// dropped and counted "as"; A sending with another source is dropped
// at its port and counted "from". DEL removes the chain.
func TestPerDeviceBindingKernel(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	// Conntrack in the node's namespace (as with any NAT): defrag on.
	testutil.Run(t, e.node, "nft", "add table inet lgct; add chain inet lgct fw { type filter hook forward priority 0; }; add rule inet lgct fw ct state new counter")
	b := bindingOn(t, e, "podA", e.hostA, addrA)
	b.PerDevice = true
	if err := g.Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	if out := testutil.Run(t, e.node, "nft", "list", "chain", "inet", "lgtest", linkguard.PortChain(uint32(b.Index))); !strings.Contains(out, "hook ingress device \""+e.hostA+"\"") {
		t.Fatalf("A's ingress chain:\n%s", out)
	}
	if out, _ := testutil.Output(e.node, "nft", "list", "table", "bridge", "lgtest"); strings.Contains(out, addrA) {
		t.Fatalf("the bridge table has A's keys (the test would not force the per-device path):\n%s", out)
	}
	send(t, e.podA, addrA, 3)
	send(t, e.podB, addrA, 5)
	send(t, e.podA, "198.18.50.77", 2)
	seen := e.seen()
	if seen[netip.MustParseAddr(addrA)] != 3 || seen[netip.MustParseAddr("198.18.50.77")] != 0 {
		t.Fatalf("the remote saw %v; want A's 3 datagrams only", seen)
	}
	// B's fragment meant to join A's datagram.
	if got := spoofedFragmentJoins(t, e); got != nil {
		t.Fatalf("the remote got %q: B's fragment joined A's datagram", got)
	}
	if d := drops(t, g, "podA"); d.As != 6 || d.From != 2 {
		t.Fatalf("A's drops %+v; want 6 as A (B's 5 datagrams and its fragment), 2 from its port", d)
	}
	if err := g.Check(ctx, b); err != nil {
		t.Fatalf("CHECK: %v", err)
	}
	if err := g.Del(ctx, b.Owner, b.Addrs); err != nil {
		t.Fatal(err)
	}
	if out, _ := testutil.Output(e.node, "nft", "list", "tables"); strings.Contains(out, "lgtest") {
		t.Fatalf("DEL of the last binding left its tables:\n%s", out)
	}
}
