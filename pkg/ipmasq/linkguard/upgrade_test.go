package linkguard_test

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

// oldNode writes bindings as the layout before the flat one did (per-pod
// as- and link- chains), one transaction each, as the old version's
// ADDs did.
func oldNode(t *testing.T, c nft.Client, table string, bs ...linkguard.Binding) {
	t.Helper()
	for _, b := range bs {
		batch := nft.NewBatch(table)
		linkguard.RenderOld(batch, b)
		if err := c.Apply(batch); err != nil {
			t.Fatalf("old layout for %s: %v", b.Owner.ID, err)
		}
	}
}

// oldObjects says what of the old layout is left in a listing.
func oldObjects(dump string) []string {
	var out []string
	for _, s := range []string{"chain as-", "chain link-", "map bound4", "map bound6", "chain prerouting", "chain output"} {
		if strings.Contains(dump, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestUpgradeFromPerPodChains: a node bound by the per-pod chains of
// the version before. The first ADD of the flat guard moves every
// binding over in its own one transaction (the old objects out, the
// flat elements in): a neighbour finds the pod bound by one layout or
// the other, never neither. After it, each moved pod's CHECK is clean,
// its own packets pass and its neighbour's spoofing as it is dropped,
// and nothing of the old layout is left. On the fake, without root.
func TestUpgradeFromPerPodChains(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	a, b := netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.0.3")
	bA := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "vethA", Index: 7, Addrs: []netip.Addr{a},
		Mark: linkguard.DefaultMark, Guards: "nftables/t1"}
	bB := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "bbbbbbbbbbbbbbbb"}, Link: "vethB", Index: 8, Addrs: []netip.Addr{b},
		Mark: linkguard.DefaultMark, Guards: "nftables/t1"}
	oldNode(t, f, "guard", bA, bB)
	svc := netip.MustParseAddr("10.96.0.10")
	if v, _ := f.Trace(nft.HookIngress, "vethB", &nft.Packet{Src: a, Dst: svc, IIF: 8}); v != nft.Dropped {
		t.Fatalf("the old layout lets B send as A: %s", v)
	}

	var applies []*nft.Batch
	g := &linkguard.Guard{Table: "guard", Client: nft.Observe(f, func(kind string, b *nft.Batch) {
		if kind == "apply" {
			applies = append(applies, b)
		}
	})}
	c := netip.MustParseAddr("10.0.0.4")
	bC := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "cccccccccccccccc"}, Link: "vethC", Index: 9, Addrs: []netip.Addr{c},
		Mark: linkguard.DefaultMark, Guards: "nftables/t1"}
	if err := g.Add(ctx, bC); err != nil {
		t.Fatal(err)
	}
	// The creation fails (the old base chain is there); the next
	// transaction moves each binding (its old chains out, its elements
	// in): no instant between the layouts. The last removes the old
	// base, empty by then.
	if len(applies) != 3 {
		t.Fatalf("the upgrading ADD sent %d transactions; want 3 (the creation, the move, the old base)", len(applies))
	}
	for _, bd := range []linkguard.Binding{bA, bB} {
		move := applies[1].Script()
		if !strings.Contains(move, "delete chain inet guard as-"+bd.Owner.ID) || !strings.Contains(move, "add element inet guard pods4 { "+bd.Addrs[0].String()) {
			t.Fatalf("%s's binding does not move in one transaction:\n%s", bd.Link, move)
		}
	}
	if left := oldObjects(f.Dump()); len(left) > 0 {
		t.Fatalf("the upgrade left %v:\n%s", left, f.Dump())
	}
	for _, bd := range []linkguard.Binding{bA, bB, bC} {
		if err := g.Check(ctx, bd); err != nil {
			t.Errorf("CHECK of %s after the upgrade: %v", bd.Link, err)
		}
	}
	const bridgeIndex = 3
	p := &nft.Packet{Src: a, Dst: svc, IIF: 7}
	if v, err := f.TraceIn(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, "", p); err != nil || v != nft.Accepted {
		t.Fatalf("A's own packet at its port after the upgrade: %s, %v", v, err)
	}
	p.IIF = bridgeIndex
	if v, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil || v != nft.Accepted || p.Mark != 0 {
		t.Fatalf("A's own packet at prerouting after the upgrade: %s, mark %#x, %v", v, p.Mark, err)
	}
	if v, _ := f.TraceIn(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, "", &nft.Packet{Src: a, Dst: svc, IIF: 8}); v != nft.Dropped {
		t.Fatalf("B sending as A after the upgrade: %s", v)
	}
	// The old version's late DEL of a moved pod is the new one's DEL
	// now: it unbinds A only.
	if err := g.Del(ctx, bA.Owner, bA.Addrs); err != nil {
		t.Fatal(err)
	}
	if err := g.Check(ctx, bB); err != nil {
		t.Errorf("B after A's DEL: %v", err)
	}
}

// TestUpgradeKeepsWhatCannotMove: an old binding whose link chain names
// no interface index (made before the index was kept) cannot be moved:
// the upgrade moves the others and leaves it, with the old base chains,
// in force; its pod's own packets still pass (the flat chain leaves the
// mark of an address it does not hold), and its neighbour is still
// dropped.
func TestUpgradeKeepsWhatCannotMove(t *testing.T) {
	f := nft.NewFake()
	ctx := context.Background()
	a, b := netip.MustParseAddr("10.0.0.2"), netip.MustParseAddr("10.0.0.3")
	bA := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "aaaaaaaaaaaaaaaa"}, Link: "vethA", Addrs: []netip.Addr{a}, Mark: linkguard.DefaultMark}
	bB := linkguard.Binding{Owner: snat.Owner{Network: "n", ID: "bbbbbbbbbbbbbbbb"}, Link: "vethB", Index: 8, Addrs: []netip.Addr{b}, Mark: linkguard.DefaultMark}
	oldNode(t, f, "guard", bA, bB)
	g := &linkguard.Guard{Table: "guard", Client: f}
	if err := g.Add(ctx, bB); err != nil {
		t.Fatal(err)
	}
	dump := f.Dump()
	if !strings.Contains(dump, "chain as-aaaaaaaaaaaaaaaa") || !strings.Contains(dump, "chain prerouting") || strings.Contains(dump, "chain as-bbbbbbbbbbbbbbbb") {
		t.Fatalf("want A's old binding and the old base kept, B's moved:\n%s", dump)
	}
	svc := netip.MustParseAddr("10.96.0.10")
	p := &nft.Packet{Src: a, Dst: svc, IIF: 7}
	if v, err := f.Trace(nft.HookIngress, "vethA", p); err != nil || v != nft.Accepted {
		t.Fatalf("A's own packet at its old link chain: %s, %v", v, err)
	}
	if v, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil || v != nft.Accepted {
		t.Fatalf("A's own packet at prerouting, both layouts in force: %s, %v", v, err)
	}
	if v, _ := f.Trace(unix.NF_INET_PRE_ROUTING, "", &nft.Packet{Src: a, Dst: svc, IIF: 3}); v != nft.Dropped {
		t.Fatalf("an unmarked packet with A's address: %s", v)
	}
	if v, _ := f.TraceIn(unix.NFPROTO_BRIDGE, nft.HookBridgePrerouting, "", &nft.Packet{Src: a, Dst: svc, IIF: 8}); v != nft.Dropped {
		t.Fatalf("B (moved) sending as A: %s", v)
	}
}

// TestUpgradeKernel: the upgrade on the kernel, on a bridge: A and B
// bound by the old layout, B's spoofing as A dropped; A's ADD by the
// flat guard moves both in one transaction; B's spoofing is still
// dropped, A's own datagrams still arrive, and the old chains (and
// their ingress hooks) are gone.
func TestUpgradeKernel(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	bA, bB := bindingOn(t, e, "podA", e.hostA, addrA), bindingOn(t, e, "podB", e.hostB, addrB)
	c, err := nft.Open(e.node.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	oldNode(t, c, g.Table, bA, bB)
	spoofDropped := func(when string) {
		t.Helper()
		send(t, e.podB, addrA, 3)
		send(t, e.podA, addrA, 2)
		if got := e.seen(); got[netip.MustParseAddr(addrA)] != 2 {
			t.Fatalf("%s: remote saw %v; want A's own 2 as A, none of B's", when, got)
		}
	}
	spoofDropped("old layout")
	if err := g.Add(ctx, bA); err != nil {
		t.Fatal(err)
	}
	listing := testutil.Run(t, e.node, "nft", "list", "table", "inet", g.Table)
	if left := oldObjects(listing); len(left) > 0 {
		t.Fatalf("the upgrade left %v:\n%s", left, listing)
	}
	if err := g.Check(ctx, bB); err != nil {
		t.Fatalf("B after the upgrade: %v", err)
	}
	spoofDropped("flat layout")
	if d := drops(t, g, "podB"); d.From != 3 {
		t.Errorf("B's drops after the upgrade %+v; want its 3 counted from its link", d)
	}
}
