package cluster

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"testing"
	"time"

	coordv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"
)

// slowUpdates delays every Update by d before sending it (a slow or
// throttled API server, as the client sees it).
type slowUpdates struct {
	coordinationv1.LeaseInterface
	d time.Duration
}

func (s slowUpdates) Update(ctx context.Context, le *coordv1.Lease, o metav1.UpdateOptions) (*coordv1.Lease, error) {
	select {
	case <-time.After(s.d):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.LeaseInterface.Update(ctx, le, o)
}

// Regression (found in review), the old failure: RenewAll renews one Lease after the other. Each renewal
// succeeds (0.6s, under the per-request timeout of renewInterval=1s),
// yet with 6 addresses a round takes ~3.6s > duration 3s, so the first
// Lease lapses mid-round and another node takes it, although this node
// never failed a renewal and still has the address.
func TestLeaseRenewalKeepsUpWithSlowServer(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	const d = 3 * time.Second
	a, b := newLeases(t, s, "serial-a", d), newLeases(t, s, "serial-b", d)
	first := testAddr()
	if err := a.Acquire(ctx, first, false); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if err := a.Acquire(ctx, testAddr(), false); err != nil {
			t.Fatal(err)
		}
	}
	a.api = slowUpdates{a.api, 600 * time.Millisecond}
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.RenewAll(ctx) // round 1: first renewed at ~0.6s
		a.RenewAll(ctx) // round 2: first renewed again only at ~4.2s
	}()
	time.Sleep(3900 * time.Millisecond)
	err := b.Acquire(ctx, first, false)
	<-done
	if a.Failing() != "" {
		t.Logf("a's renewal failing: %s", a.Failing())
	}
	if err == nil {
		t.Fatalf("node b took %s from node a while a renewed every Lease successfully (failing=%q): serial renewal let it lapse", first, a.Failing())
	}
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("b: %v", err)
	}
}

// Regression (found in review), the old failure: a renewal in flight when the address is withdrawn (Drop, then
// Delete with the version last written) recreates the Lease after the
// Delete: Update -> NotFound -> Get -> NotFound -> Create. The Lease
// then names this node, which no longer tracks it (Holds false, never
// renewed nor deleted): another node is refused for a whole duration.
func TestLeaseRenewRacingReleaseLeavesNothing(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	const d = 3 * time.Second
	a, b := newLeases(t, s, "race-a", d), newLeases(t, s, "race-b", d)
	x := testAddr()
	if err := a.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	a.api = slowUpdates{a.api, 300 * time.Millisecond}
	done := make(chan struct{})
	go func() { defer close(done); a.RenewAll(ctx) }()
	time.Sleep(100 * time.Millisecond) // renewal read its version, is sending
	if err := a.Release(ctx, x); err != nil {
		t.Fatal(err)
	}
	<-done
	if a.Holds(x) {
		t.Fatal("a still holds after release")
	}
	err := b.Acquire(ctx, x, false)
	var held *HeldError
	if errors.As(err, &held) {
		t.Fatalf("after node a released %s, node b is refused: %v (a's late renewal recreated the Lease, which nobody tracks)", x, err)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// Regression (found in review), the old failure: after a renewal finds the Lease taken (lost), RenewAll's
// record(a, nil) overwrites the state lost() wrote: status shows the
// Lease as not held, no holder, no error.
func TestLeaseLostStateShown(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	a := newLeases(t, s, "lost-a", 15*time.Second)
	var lostTo string
	a.OnLost = func(_ netip.Addr, by string) { lostTo = by }
	x := testAddr()
	if err := a.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	admin := adminLeases(t, s)
	cur, err := admin.Get(ctx, LeaseName(x), metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	other := "lost-b"
	cur.Spec.HolderIdentity = &other
	now := metav1.NewMicroTime(time.Now())
	cur.Spec.RenewTime = &now
	if _, err := admin.Update(ctx, cur, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	a.RenewAll(ctx)
	if lostTo != other {
		t.Fatalf("OnLost: %q", lostTo)
	}
	st := a.States()
	if len(st) != 1 || st[0].Holder != other || st[0].Error == "" {
		t.Fatalf("status of a lost Lease: %+v, want holder %q and the error lost() recorded", st, other)
	}
	_ = slog.Default
}
