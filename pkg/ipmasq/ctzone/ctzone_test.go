package ctzone

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// TestDecide holds every row of the ADD's decision: no walk only with a
// proof that no entry of the address holds the zone it gets.
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		name  string
		live  Live
		last  Last
		epoch bool
		zone  uint16
		walk  Walk
	}{
		{"fresh address, proven epoch", Live{}, Last{}, true, 1, WalkNone},
		{"fresh address, epoch not proven", Live{}, Last{}, false, 1, WalkFull},
		{"address used before, proven", Live{}, Last{Zone: 7, OK: true}, true, 8, WalkNone},
		{"address used before, proven, epoch not proven", Live{}, Last{Zone: 7, OK: true}, false, 8, WalkNone},
		{"address whose last walk did not succeed", Live{}, Last{Zone: 7, Pending: true, OK: true}, true, 8, WalkFull},
		{"taken over from a pod never deleted", Live{Zone: 7, Owner: "a", OK: true}, Last{Zone: 7, OK: true}, true, 8, WalkNone},
		{"taken over, its walk pending", Live{Zone: 7, Owner: "a", OK: true}, Last{Zone: 7, Pending: true, OK: true}, true, 8, WalkFull},
		{"same pod again keeps its zone", Live{Zone: 7, Owner: "b", OK: true}, Last{Zone: 7, OK: true}, true, 7, WalkStale},
		{"same pod again, its walk pending", Live{Zone: 7, Owner: "b", OK: true}, Last{Zone: 7, Pending: true, OK: true}, true, 7, WalkFull},
		{"same pod, but the address moved on since", Live{Zone: 7, Owner: "b", OK: true}, Last{Zone: 9, OK: true}, true, 10, WalkNone},
		{"live zone without a last one (changed by someone else)", Live{Zone: 7, Owner: "b", OK: true}, Last{}, true, 1, WalkFull},
		{"live zone without a last one, epoch not proven", Live{Zone: 7, Owner: "b", OK: true}, Last{}, false, 1, WalkFull},
		{"wrapped", Live{}, Last{Zone: MaxZone, OK: true}, true, 1, WalkFull},
	} {
		t.Run(c.name, func(t *testing.T) {
			zone, walk := Decide("b", c.live, c.last, c.epoch)
			if zone != c.zone || walk != c.walk {
				t.Fatalf("Decide = zone %d, walk %s; want zone %d, walk %s", zone, walk, c.zone, c.walk)
			}
		})
	}
}

var (
	p4 = netip.MustParseAddr("198.51.100.7")
	p6 = netip.MustParseAddr("2001:db8::7")
)

// provenFake is a fake whose table's epoch is proven, pod a holding p4
// in zone 1.
func provenFake(t *testing.T) (*nft.Fake, *Zones) {
	t.Helper()
	f := nft.NewFake()
	z := &Zones{Client: f}
	a, err := z.Assign(context.Background(), "a", []netip.Addr{p4})
	if err != nil {
		t.Fatal(err)
	}
	if err := z.Confirm(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return f, z
}

func lastOf(t *testing.T, f *nft.Fake, a netip.Addr) (uint32, bool) {
	t.Helper()
	el, err := f.GetElement(Table, lastSet(a), &nft.Element{Set: lastSet(a).Name, Key: []netip.Addr{a}})
	if err != nil {
		return 0, false
	}
	return word(el), true
}

// TestAssignLifecycle walks one address through incarnations on the
// fake: the first ADD of a table walks everything (the epoch is not
// proven) and Confirm proves it; the next incarnation after a DEL gets
// the next zone and no walk; a walk that never confirmed leaves the next
// ADD a full walk; a repeated ADD keeps the zone.
func TestAssignLifecycle(t *testing.T) {
	ctx := context.Background()
	f := nft.NewFake()
	z := &Zones{Client: f}
	a, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Epoch || len(a.Full) != 2 || a.Walk() != WalkFull || a.Zones[p4] != 1 || a.Zones[p6] != 1 {
		t.Fatalf("first ADD of a new table = %+v, want the epoch's and a full walk, zone 1", a)
	}
	if w, _ := lastOf(t, f, p4); w&pending == 0 {
		t.Fatalf("last zone %#x before the walk is not pending", w)
	}
	if !strings.Contains(f.Dump(), "ct set original zone with reg 1") {
		t.Fatalf("no zone rule:\n%s", f.Dump())
	}
	// A kill before Confirm: the same pod's repeated ADD walks again.
	again, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
	if err != nil {
		t.Fatal(err)
	}
	if again.Walk() != WalkFull || again.Zones[p4] != 1 {
		t.Fatalf("repeated ADD after an unconfirmed walk = %+v, want a full walk in zone 1", again)
	}
	if err := z.Confirm(ctx, again); err != nil {
		t.Fatal(err)
	}
	if w, _ := lastOf(t, f, p4); w != 1 {
		t.Fatalf("last zone after Confirm = %#x, want 1", w)
	}
	// The same pod once more: its zone, its stale flows only.
	rep, err := z.Assign(ctx, "a", []netip.Addr{p4})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Walk() != WalkStale || rep.Zones[p4] != 1 {
		t.Fatalf("repeated ADD = %+v, want the stale walk in zone 1", rep)
	}
	if err := z.Release(ctx, "other", []netip.Addr{p4}); err != nil {
		t.Fatal(err)
	}
	if live, _, _ := readLive(f, p4); !live.OK {
		t.Fatal("another owner's Release took pod a's zone")
	}
	if err := z.Release(ctx, "a", []netip.Addr{p4, p6}); err != nil {
		t.Fatal(err)
	}
	if live, _, _ := readLive(f, p4); live.OK {
		t.Fatal("Release left pod a's zone")
	}
	// The next incarnation: a new zone, no walk.
	b, err := z.Assign(ctx, "b", []netip.Addr{p4, p6})
	if err != nil {
		t.Fatal(err)
	}
	if b.Walk() != WalkNone || b.Zones[p4] != 2 || b.Zones[p6] != 2 {
		t.Fatalf("next incarnation = %+v, want zone 2 and no walk", b)
	}
	// A fresh address in a proven epoch: zone 1, no walk.
	fresh := netip.MustParseAddr("198.51.100.8")
	c, err := z.Assign(ctx, "c", []netip.Addr{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if c.Walk() != WalkNone || c.Zones[fresh] != 1 {
		t.Fatalf("fresh address = %+v, want zone 1 and no walk", c)
	}
}

// TestTableMadeAgain: a table deleted (an uninstall, a foreign flush)
// and made again loses every proof: the next ADD walks everything and
// the earlier table's zoned entries (Keep refuses them).
func TestTableMadeAgain(t *testing.T) {
	ctx := context.Background()
	f, z := provenFake(t)
	del := nft.NewBatch(Table)
	del.DelTable()
	if err := f.Apply(del); err != nil {
		t.Fatal(err)
	}
	b, err := z.Assign(ctx, "b", []netip.Addr{p4})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Epoch || b.Walk() != WalkFull || b.Zones[p4] != 1 {
		t.Fatalf("ADD in a table made again = %+v, want the epoch's full walk in zone 1", b)
	}
	keep, err := z.Keep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if keep(p4, 1) {
		t.Fatal("the epoch's walk keeps an entry of zone 1, which the earlier table gave too")
	}
	if err := z.Confirm(ctx, b); err != nil {
		t.Fatal(err)
	}
	keep, err = z.Keep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !keep(p4, 1) || keep(p4, 2) || keep(p6, 1) {
		t.Fatal("after Confirm, Keep must keep exactly the live, proven zone of each address")
	}
	c, err := z.Assign(ctx, "c", []netip.Addr{netip.MustParseAddr("198.51.100.9")})
	if err != nil {
		t.Fatal(err)
	}
	if c.Epoch || c.Walk() != WalkNone {
		t.Fatalf("ADD after the epoch's walk = %+v, want no walk", c)
	}
}

// TestChainRepaired: a chain emptied by another writer is written again
// by the next ADD, in the transaction that gives the zone.
func TestChainRepaired(t *testing.T) {
	ctx := context.Background()
	f := nft.NewFake()
	z := &Zones{Client: f}
	if _, err := z.Assign(ctx, "a", []netip.Addr{p4}); err != nil {
		t.Fatal(err)
	}
	flush := nft.NewBatch(Table)
	flush.FlushChain(chainPre)
	if err := f.Apply(flush); err != nil {
		t.Fatal(err)
	}
	if _, err := z.Assign(ctx, "b", []netip.Addr{p6}); err != nil {
		t.Fatal(err)
	}
	ok, err := nft.HoldsExactly(f, Table, chainPre, Rules())
	if err != nil || !ok {
		t.Fatalf("chain after the ADD holds its rules: %v, %v\n%s", ok, err, f.Dump())
	}
}

// TestTrace: a packet of a zoned address gets its zone before conntrack;
// another address's gets none.
func TestTrace(t *testing.T) {
	ctx := context.Background()
	f := nft.NewFake()
	z := &Zones{Client: f}
	a, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
	if err != nil {
		t.Fatal(err)
	}
	if err := z.Confirm(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := z.Release(ctx, "a", []netip.Addr{p4, p6}); err != nil {
		t.Fatal(err)
	}
	if _, err := z.Assign(ctx, "b", []netip.Addr{p4, p6}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  netip.Addr
		zone uint16
	}{{p4, 2}, {p6, 2}, {netip.MustParseAddr("198.51.100.99"), 0}} {
		dst := netip.MustParseAddr("203.0.113.10")
		if c.src.Is6() {
			dst = netip.MustParseAddr("2001:db8:b::10")
		}
		p := &nft.Packet{Src: c.src, Dst: dst, Proto: 17, SPort: 4000, DPort: 53}
		if _, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil {
			t.Fatal(err)
		}
		if p.OrigZone != c.zone {
			t.Errorf("packet from %s: zone %d, want %d", c.src, p.OrigZone, c.zone)
		}
	}
}

// TestAssignRace: another ADD that gives the address a zone between
// this ADD's reads and its transaction makes the kernel refuse the
// transaction; read again, this ADD gets the zone after the other's,
// never the same one.
func TestAssignRace(t *testing.T) {
	ctx := context.Background()
	f, first := provenFake(t)
	raced := false
	racing := nft.Observe(f, func(kind string, b *nft.Batch) {
		if kind != "apply" || raced {
			return
		}
		raced = true
		other, err := first.Assign(ctx, "other", []netip.Addr{p4})
		if err != nil || other.Zones[p4] != 2 {
			t.Errorf("the other ADD = %+v, %v; want zone 2", other, err)
		}
	})
	b, err := (&Zones{Client: racing}).Assign(ctx, "b", []netip.Addr{p4})
	if err != nil {
		t.Fatal(err)
	}
	if !raced || b.Zones[p4] != 3 || b.Walk() != WalkNone {
		t.Fatalf("ADD that lost the race = %+v (raced %t), want zone 3 and no walk", b, raced)
	}
}

// TestTeardown: cleanup removes the table with its elements; a missing
// table is nothing to do.
func TestTeardown(t *testing.T) {
	f, z := provenFake(t)
	removed, err := z.Teardown(context.Background())
	if err != nil || !removed {
		t.Fatalf("Teardown = %v, %v; want removed", removed, err)
	}
	if ok, _ := f.TableExists(Table); ok {
		t.Fatalf("table left:\n%s", f.Dump())
	}
	if removed, err := z.Teardown(context.Background()); err != nil || removed {
		t.Fatalf("second Teardown = %v, %v; want nothing to do", removed, err)
	}
}

// TestLastSetDeleted: another writer deletes a map no rule names
// (last6, or last4 with the epoch); the next ADDs still get zones (the
// maps declared again), and an address whose history went with it walks.
func TestLastSetDeleted(t *testing.T) {
	ctx := context.Background()
	for _, set := range []string{"last6", "last4"} {
		t.Run(set, func(t *testing.T) {
			f := nft.NewFake()
			z := &Zones{Client: f}
			a, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
			if err != nil {
				t.Fatal(err)
			}
			if err := z.Confirm(ctx, a); err != nil {
				t.Fatal(err)
			}
			del := nft.NewBatch(Table)
			del.DelSet(&nft.Set{Name: set})
			if err := f.Apply(del); err != nil {
				t.Fatal(err)
			}
			b, err := z.Assign(ctx, "b", []netip.Addr{netip.MustParseAddr("198.51.100.8"), netip.MustParseAddr("2001:db8::8")})
			if err != nil {
				t.Fatalf("ADD after %s was deleted: %v", set, err)
			}
			if b.Walk() != WalkFull {
				t.Errorf("ADD after %s was deleted: walk %v, want a full walk (the history is gone)", set, b.Walk())
			}
		})
	}
}

// TestCheckAndPrepare: CHECK finds a pod's zone element deleted and the
// chain flushed by another writer (drift: its new flows would be in the
// default zone); a pass's Prepare writes the chain and a deleted map
// again and says so, and changes nothing when all is there; a table not
// there is left to the first ADD.
func TestCheckAndPrepare(t *testing.T) {
	ctx := context.Background()
	f := nft.NewFake()
	z := &Zones{Client: f}
	if repaired, err := z.Prepare(ctx); err != nil || repaired != nil || len(f.Tables()) != 0 {
		t.Fatalf("Prepare without a table: %q, %v, tables %v; want nothing made", repaired, err, f.Tables())
	}
	a, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
	if err != nil {
		t.Fatal(err)
	}
	if err := z.Confirm(ctx, a); err != nil {
		t.Fatal(err)
	}
	if problems, err := z.Check(ctx, "a", []netip.Addr{p4, p6}); err != nil || len(problems) != 0 {
		t.Fatalf("CHECK after ADD: %q, %v", problems, err)
	}
	if problems, err := z.Check(ctx, "b", []netip.Addr{p4}); err != nil || len(problems) != 1 {
		t.Fatalf("CHECK of another owner: %q, %v; want its zone named another's", problems, err)
	}
	foreign := nft.NewBatch(Table)
	foreign.FlushChain(chainPre)
	foreign.DelElement(liveElem(p6, a.Zones[p6], "a"))
	foreign.DelSet(&nft.Set{Name: "last6"})
	if err := f.Apply(foreign); err != nil {
		t.Fatal(err)
	}
	problems, err := z.Check(ctx, "a", []netip.Addr{p4, p6})
	if err != nil || len(problems) != 2 || !strings.Contains(strings.Join(problems, ";"), p6.String()) {
		t.Fatalf("CHECK after the foreign writes: %q, %v; want the chain and %s's zone", problems, err, p6)
	}
	repaired, err := z.Prepare(ctx)
	if err != nil || len(repaired) != 2 {
		t.Fatalf("Prepare after the foreign writes: %q, %v; want the chain and last6", repaired, err)
	}
	if repaired, err := z.Prepare(ctx); err != nil || repaired != nil {
		t.Fatalf("a second Prepare: %q, %v; want nothing", repaired, err)
	}
	if problems, err := z.Check(ctx, "a", []netip.Addr{p4}); err != nil || len(problems) != 0 {
		t.Fatalf("CHECK of the untouched address after Prepare: %q, %v", problems, err)
	}
	// The repairing ADD gives p6 a zone again; the epoch went with last6.
	b, err := z.Assign(ctx, "a", []netip.Addr{p4, p6})
	if err != nil || b.Walk() != WalkFull {
		t.Fatalf("repairing ADD: %+v, %v; want a full walk (last6's history is gone)", b, err)
	}
}
