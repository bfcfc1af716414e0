package nftables

import (
	"context"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// oldNode loads plans the way diktyo did before the flat layout: the
// base chain, the pods4/pods6 verdict maps and a chain per pod.
func oldNode(t *testing.T, c nft.Client, table string, plans ...*snat.Plan) {
	t.Helper()
	b := nft.NewBatch(table)
	RenderBase(b)
	for _, p := range plans {
		b.Append(RenderCreate(table, p))
	}
	if err := c.Apply(b); err != nil {
		t.Fatal(err)
	}
}

// assertTranslatedOnce traces every packet of the plans through the
// fake's nat chains (the first that sets up a translation decides, as in
// the kernel) and fails on any that is not what its plan says.
func assertTranslatedOnce(t *testing.T, f *nft.Fake, when string, plans ...*snat.Plan) {
	t.Helper()
	for _, plan := range plans {
		traceAll(t, f, when, plan, plan.Sources())
	}
	if t.Failed() {
		t.FailNow()
	}
}

// TestUpgradeFromPodChains: a node running the per-pod chain layout
// moves to the flat one as diktyo-nri's reconcile does it (CHECK finds
// the pod's elements missing, ADD repairs, GC removes what is left of
// the old layout) without an instant where a pod's packet is translated
// otherwise than its plan says: between any two transactions every
// pod's packets are traced. A pod that ended meanwhile loses its chain
// with its flows flushed; a valid pod's chain goes, unflushed, only once
// its flat elements are there; the old base chain and maps go with the
// last pod chain. On the kernel the same steps leave only the flat
// layout.
func TestUpgradeFromPodChains(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		ctx := context.Background()
		c := tg.b.Client
		if c == nil {
			conn, err := nft.Open(tg.b.NetNS)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			c = conn
		}
		f, _ := c.(*nft.Fake)
		check := func(when string, plans ...*snat.Plan) {
			if f != nil {
				assertTranslatedOnce(t, f, when, plans...)
			}
		}
		live1 := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
		live2 := masqtest.Plan(t, smallConf, masqtest.NewOwner("net1", 2), masqtest.PodAddrs(2)...)
		ended := masqtest.Plan(t, smallConf, masqtest.NewOwner("net1", 3), masqtest.PodAddrs(3)...)
		oldNode(t, c, tg.table, live1, live2, ended)
		check("old layout", live1, live2, ended)

		// The reconcile pass: CHECK finds each live pod's elements
		// missing, and ADD repairs it; the pod chain stays meanwhile.
		pass := cniutil.WithReadCache(ctx, cniutil.NewReadCache())
		for _, p := range []*snat.Plan{live1, live2} {
			if err := tg.b.Check(pass, p); err == nil {
				t.Fatalf("CHECK of %s on the old layout found nothing", p.Owner.ID)
			}
			if err := tg.b.Add(ctx, p); err != nil {
				t.Fatal(err)
			}
			check("after the repair of "+p.Owner.ID, live1, live2, ended)
		}
		// GC, live2 not yet known valid: only the ended pod's chain goes,
		// flushed; a live pod's never goes before its gate is there.
		var flushed []netip.Addr
		flush := func(a []netip.Addr) error { flushed = append(flushed, a...); return nil }
		valid := map[string]bool{live1.Owner.ID: true, live2.Owner.ID: true}
		if err := tg.b.GC(ctx, "net1", valid, flush); err != nil {
			t.Fatal(err)
		}
		check("after GC", live1, live2)
		for _, a := range ended.Sources() {
			if !slices.Contains(flushed, a) {
				t.Errorf("the ended pod's %s was not flushed: %v", a, flushed)
			}
		}
		for _, a := range append(live1.Sources(), live2.Sources()...) {
			if slices.Contains(flushed, a) {
				t.Errorf("a live pod's %s was flushed: %v", a, flushed)
			}
		}
		d := tg.dump(t)
		for _, gone := range []string{"chain pod-", "pods4", "pods6", "chain postrouting", "vmap"} {
			if strings.Contains(d, gone) {
				t.Errorf("the old layout's %q outlived the upgrade:\n%s", gone, d)
			}
		}
		for _, p := range []*snat.Plan{live1, live2} {
			if err := tg.b.Check(cniutil.WithReadCache(ctx, cniutil.NewReadCache()), p); err != nil {
				t.Errorf("CHECK after the upgrade: %v", err)
			}
		}
	})
}

// TestUpgradeKeepsUnrepairedPods: GC never removes the chain of a valid
// pod whose flat elements are not there yet (its ADD failed or has not
// run): the old layout keeps translating it.
func TestUpgradeKeepsUnrepairedPods(t *testing.T) {
	f := nft.NewFake()
	b := New(fakeTable)
	b.Client = f
	p := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	oldNode(t, f, fakeTable, p)
	if err := b.GC(context.Background(), "net1", map[string]bool{p.Owner.ID: true}, nil); err != nil {
		t.Fatal(err)
	}
	if d := f.Dump(); !strings.Contains(d, "chain "+ChainName(p.Owner.ID)) {
		t.Fatalf("GC removed an unrepaired valid pod's chain:\n%s", d)
	}
	assertTranslatedOnce(t, f, "after GC", p)
}

// TestGCRefusedMidwayChangesNothing: a GC whose batch the kernel refuses
// because another writer committed after its listing (the generation
// moved) changes nothing, lists again and then does its work.
func TestGCRefusedMidwayChangesNothing(t *testing.T) {
	f := nft.NewFake()
	b := New(fakeTable)
	b.Client = f
	ctx := context.Background()
	keep := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	gone := masqtest.Plan(t, smallConf, masqtest.NewOwner("net1", 2), masqtest.PodAddrs(2)...)
	old := masqtest.Plan(t, smallConf, masqtest.NewOwner("net1", 3), masqtest.PodAddrs(3)...)
	oldNode(t, f, fakeTable, old)
	for _, p := range []*snat.Plan{keep, gone} {
		if err := b.Add(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	before := f.Dump()
	applies := 0
	b.Observe = func(kind string, _ *nft.Batch) {
		if kind != "apply" {
			return
		}
		applies++
		if applies == 1 {
			f.Bump() // another writer commits between the listing and the batch
			return
		}
		if d := f.Dump(); d != before {
			t.Errorf("the refused batch changed the ruleset:\n%s", d)
		}
	}
	if err := b.GC(ctx, "net1", map[string]bool{keep.Owner.ID: true}, nil); err != nil {
		t.Fatal(err)
	}
	if applies != 2 {
		t.Fatalf("GC sent %d batches, want the refused one and its retry", applies)
	}
	d := f.Dump()
	if strings.Contains(d, gone.Owner.ID) || strings.Contains(d, old.Owner.ID) || !strings.Contains(d, keep.Owner.ID) {
		t.Fatalf("GC after the retry:\n%s", d)
	}
	assertTranslatedOnce(t, f, "after GC", keep)
}

// TestParallelAddsOfNewMaps: pods whose plans need maps no pod has yet,
// ADDed at once, each rewrite the chains from what it listed; the
// generation makes the late ones list again, so no pod's maps are lost
// from the chains, on the fake and on the kernel: every pod translates
// as its plan says, and CHECK finds nothing.
func TestParallelAddsOfNewMaps(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		ctx := context.Background()
		var plans []*snat.Plan
		for i, conf := range []string{masqtest.GoldenConf, smallConf, flatConfs["seed"], flatConfs["default snat random, pod include"],
			flatConfs["protocol entry under an any exclusion"]} {
			plans = append(plans, masqtest.Plan(t, conf, masqtest.NewOwner("net1", 40+i), masqtest.PodAddrs(40+i)...))
		}
		errs := make(chan error, len(plans))
		for _, p := range plans {
			go func() { errs <- tg.b.Add(ctx, p) }()
		}
		for range plans {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		expectPlans(t, tg, "after parallel ADDs", plans)
	})
}

// TestAddMany: many pods loaded at once, one of them already there with
// another plan (its transaction is refused and redone pod by pod), end
// up as their ADDs one by one would leave them: each translates as its
// plan says and CHECK finds nothing.
func TestAddMany(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		ctx := context.Background()
		var plans []*snat.Plan
		confs := []string{masqtest.GoldenConf, smallConf, flatConfs["seed"], flatConfs["default snat random, pod include"]}
		for i := range 45 {
			plans = append(plans, masqtest.Plan(t, confs[i%len(confs)], masqtest.NewOwner("net1", 100+i), masqtest.PodAddrs(100+i)...))
		}
		stale := masqtest.Plan(t, masqtest.GoldenConf, plans[25].Owner, masqtest.PodAddrs(125)...)
		if err := tg.b.Add(ctx, stale); err != nil {
			t.Fatal(err)
		}
		if err := tg.b.AddMany(ctx, plans); err != nil {
			t.Fatal(err)
		}
		expectPlans(t, tg, "after AddMany", plans)
	})
}

// expectPlans: one reconcile pass's CHECKs find every plan in place and,
// on the fake, each pod's packets are translated once, as its plan says.
func expectPlans(t *testing.T, tg target, when string, plans []*snat.Plan) {
	t.Helper()
	pass := cniutil.WithReadCache(context.Background(), cniutil.NewReadCache())
	for _, p := range plans {
		if err := tg.b.Check(pass, p); err != nil {
			t.Errorf("CHECK %s: %v", when, err)
		}
	}
	if f, ok := tg.b.Client.(*nft.Fake); ok {
		assertTranslatedOnce(t, f, when, plans...)
	}
}
