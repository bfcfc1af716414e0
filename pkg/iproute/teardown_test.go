package iproute

import (
	"errors"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// TestFwmarkTeardown: an uninstall's Teardown keeps the table while any
// pod's element or another writer's chain is in it (the kernel refuses
// the whole transaction, so nothing changes), removes it when it is
// empty, and is a no-op when it is gone; ADD works after.
func TestFwmarkTeardown(t *testing.T) {
	onFwTargets(t, func(t *testing.T, tg fwTarget) {
		n, dump := tg.backend()
		p0, p2 := fwPlan(t, 0, 100), fwPlan(t, 2, 101)
		for _, p := range []Plan{p0, p2} {
			if err := n.add(p, nil); err != nil {
				t.Fatal(err)
			}
		}
		before := dump(t)
		if removed, err := n.teardown(); removed || !errors.Is(err, ErrInUse) {
			t.Fatalf("teardown with two pods = %v, %v; want false, ErrInUse", removed, err)
		}
		if got := dump(t); got != before {
			t.Fatalf("a refused teardown changed the table:\n%s\nwas:\n%s", got, before)
		}
		if err := n.remove(p0.Marks, p0.Bypass); err != nil {
			t.Fatal(err)
		}
		if removed, err := n.teardown(); removed || !errors.Is(err, ErrInUse) {
			t.Fatalf("teardown with one pod = %v, %v; want false, ErrInUse", removed, err)
		}
		if err := n.remove(p2.Marks, p2.Bypass); err != nil {
			t.Fatal(err)
		}
		foreign := nft.NewBatch(n.table)
		foreign.AddChain(&nft.Chain{Name: "another-writer"})
		applyT(t, n, foreign)
		if removed, err := n.teardown(); removed || !errors.Is(err, ErrInUse) {
			t.Fatalf("teardown with another writer's chain = %v, %v; want false, ErrInUse", removed, err)
		}
		gone := nft.NewBatch(n.table)
		gone.DelChain("another-writer")
		applyT(t, n, gone)
		if removed, err := n.teardown(); !removed || err != nil {
			t.Fatalf("teardown of an empty layout = %v, %v; want true, nil", removed, err)
		}
		if got := dump(t); strings.Contains(got, "table") {
			t.Fatalf("table left after teardown:\n%s", got)
		}
		if removed, err := n.teardown(); removed || err != nil {
			t.Fatalf("teardown with the table gone = %v, %v; want false, nil", removed, err)
		}
		if err := n.add(p0, nil); err != nil {
			t.Fatalf("ADD after teardown: %v", err)
		}
	})
}

func applyT(t *testing.T, n *nftBackend, b *nft.Batch) {
	t.Helper()
	s, err := n.open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if err := s.c.Apply(b); err != nil {
		t.Fatal(err)
	}
}

// TestTeardownOtherLayouts: layouts without a table have nothing to
// remove, and Teardown does not look.
func TestTeardownOtherLayouts(t *testing.T) {
	for _, l := range []Layout{LayoutShared, LayoutAWS} {
		if removed, err := Teardown(&Config{Layout: l, NftTable: "never-opened"}); removed || err != nil {
			t.Errorf("Teardown(%s) = %v, %v; want false, nil", l, removed, err)
		}
	}
}
