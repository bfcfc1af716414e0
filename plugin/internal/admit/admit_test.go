package admit

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/netip"
	"slices"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	coordv1 "k8s.io/api/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
)

// node is a node's managed addresses as the room sees them: those the
// ledger records (owned), what was withdrawn, whose Lease was released.
type node struct {
	mu        sync.Mutex
	owned     []netip.Addr
	withdrawn []netip.Addr
	released  []netip.Addr
	held      []netip.Addr
}

func (n *node) Ensure(context.Context, *hostaddr.Ledger, hostaddr.Address) (hostaddr.Result, error) {
	return hostaddr.Assigned, nil
}

func (n *node) Withdraw(_ *hostaddr.Ledger, a netip.Addr) (bool, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.withdrawn = append(n.withdrawn, a)
	n.owned = slices.DeleteFunc(n.owned, func(o netip.Addr) bool { return o == a })
	return true, nil
}

func (n *node) Inventory(*hostaddr.Ledger) (hostaddr.Inventory, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	var inv hostaddr.Inventory
	for _, a := range n.owned {
		inv.Own = append(inv.Own, hostaddr.Assignment{Address: hostaddr.Address{Addr: a, Interface: "eth0"}})
	}
	return inv, nil
}

func (n *node) Present(netip.Addr) (bool, error) { return true, nil }

// The node's Leases: those it wrote (held); Drop records the release
// (and returns none to delete).
func (n *node) Acquire(_ context.Context, a netip.Addr, _ bool) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !slices.Contains(n.held, a) {
		n.held = append(n.held, a)
	}
	return nil
}

func (n *node) Holds(a netip.Addr) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Contains(n.held, a)
}

func (n *node) Drop(a netip.Addr) *coordv1.Lease {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.released = append(n.released, a)
	n.held = slices.DeleteFunc(n.held, func(h netip.Addr) bool { return h == a })
	return nil
}

func (n *node) Delete(context.Context, *coordv1.Lease) error { return nil }

func (n *node) HeldAddrs() []netip.Addr {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.held)
}

func (n *node) RenewAll(context.Context) {}
func (n *node) Failing() string          { return "" }

var (
	addrA = netip.MustParseAddr("203.0.113.10")
	addrB = netip.MustParseAddr("203.0.113.11")
)

// room is an Admission over n whose pod table records uses and whose
// holds keep kept (unknown: one whose pod is not known); cached is the
// chain cache's read. notes collects the faults it reports.
type room struct {
	*Admission
	n       *node
	notes   []error
	pods    *prometheus.GaugeVec
	uses    []Use
	unknown bool
	cached  func() (map[string][]netip.Addr, error)
}

func newRoom(owned ...netip.Addr) *room {
	r := &room{n: &node{owned: owned},
		pods:   prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "pods"}, []string{"address", "interface"}),
		cached: func() (map[string][]netip.Addr, error) { return nil, nil }}
	r.Admission = New(Face{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Manager: r.n,
		Recorded: func() []Use { return r.uses },
		Record: func(id string, addrs []netip.Addr) {
			r.uses = slices.DeleteFunc(r.uses, func(u Use) bool { return u.ID == id })
			if len(addrs) > 0 {
				r.uses = append(r.uses, Use{ID: id, Addrs: addrs})
			}
		},
		Kept:   func() ([]Kept, bool) { return nil, r.unknown },
		Counts: func([]netip.Addr) map[netip.Addr]int { return nil },
		Index:  func(map[string][]netip.Addr) {},
		Note: func(err error) (bool, bool) {
			r.notes = append(r.notes, err)
			return err != nil, false
		},
		Failed:   func() {},
		AddrPods: r.pods,
	})
	r.UseLeases(LeaseUse{API: r.n, Holder: func(error) (string, bool) { return "", false }, Lost: func(netip.Addr, string) {}})
	return r
}

func (r *room) gen() Gen {
	return Gen{Cached: func() (map[string][]netip.Addr, error) { return r.cached() }}
}

// TestWithdrawOnlyUnused: of two owned addresses, the one a pod records
// and the one a cached attachment names stay; a third nobody uses is
// withdrawn and its Lease released; the pod counts are published.
func TestWithdrawOnlyUnused(t *testing.T) {
	addrC := netip.MustParseAddr("2001:db8::10")
	r := newRoom(addrA, addrB, addrC)
	r.uses = []Use{{ID: "sb-1", Addrs: []netip.Addr{addrA}}}
	r.cached = func() (map[string][]netip.Addr, error) { return map[string][]netip.Addr{"sb-2": {addrB}}, nil }
	r.WithdrawUnused(r.gen(), true)
	if !slices.Equal(r.n.withdrawn, []netip.Addr{addrC}) || !slices.Equal(r.n.released, []netip.Addr{addrC}) {
		t.Fatalf("withdrawn %v, released %v; want only %s", r.n.withdrawn, r.n.released, addrC)
	}
	var m dto.Metric
	if err := r.pods.WithLabelValues(addrA.String(), "eth0").Write(&m); err != nil {
		t.Fatal(err)
	}
	if got := m.GetGauge().GetValue(); got != 1 {
		t.Errorf("pods of %s = %v, want 1", addrA, got)
	}
	if len(r.notes) != 1 || r.notes[0] != nil {
		t.Errorf("faults noted %v, want one pass without a fault", r.notes)
	}
}

// TestWithdrawNothingUnknown: while the users cannot be known (a
// recovered walk whose pod is not known, an unreadable cache), no
// address is withdrawn; only the unreadable cache is a fault.
func TestWithdrawNothingUnknown(t *testing.T) {
	r := newRoom(addrA)
	r.unknown = true
	r.WithdrawUnused(r.gen(), true)
	if len(r.n.withdrawn) != 0 || len(r.notes) != 1 || r.notes[0] != nil {
		t.Fatalf("walk pending: withdrawn %v, faults %v; want none", r.n.withdrawn, r.notes)
	}
	r.unknown = false
	r.cached = func() (map[string][]netip.Addr, error) { return nil, errors.New("cache unreadable") }
	r.WithdrawUnused(r.gen(), true)
	if len(r.n.withdrawn) != 0 {
		t.Fatalf("cache unreadable: withdrew %v", r.n.withdrawn)
	}
	if len(r.notes) != 2 || r.notes[1] == nil {
		t.Fatalf("cache unreadable: faults %v, want the read's error", r.notes)
	}
}

// TestReleaseWithdrawsTheLastUse: a pod's release forgets its record;
// its address is withdrawn when it was the last user, kept while
// another pod records it.
func TestReleaseWithdrawsTheLastUse(t *testing.T) {
	r := newRoom(addrA)
	r.uses = []Use{{ID: "sb-1", Addrs: []netip.Addr{addrA}}, {ID: "sb-2", Addrs: []netip.Addr{addrA}}}
	r.Release(r.gen(), egress.Pod{Sandbox: "sb-1"}, r.f.Log)
	if len(r.n.withdrawn) != 0 {
		t.Fatalf("withdrew %v while sb-2 uses it", r.n.withdrawn)
	}
	r.Release(r.gen(), egress.Pod{Sandbox: "sb-2"}, r.f.Log)
	if !slices.Equal(r.n.withdrawn, []netip.Addr{addrA}) {
		t.Fatalf("withdrawn %v after the last user's release, want %s", r.n.withdrawn, addrA)
	}
}

// TestPendingLeaseKept: the Lease a pod being admitted took, before its
// entry records the address, survives a sync meanwhile; once the pod is
// done and records nothing, the next sync gives it up.
func TestPendingLeaseKept(t *testing.T) {
	r := newRoom()
	ctx := context.Background()
	done, err := r.TakeLeases(ctx, []netip.Addr{addrA})
	if err != nil {
		t.Fatal(err)
	}
	noLedger := func() *hostaddr.Ledger { return nil }
	if err := r.SyncLeases(ctx, noLedger); err != nil {
		t.Fatal(err)
	}
	if !r.n.Holds(addrA) {
		t.Fatalf("the sync gave up the Lease of %s that a pod being admitted took", addrA)
	}
	done()
	if err := r.SyncLeases(ctx, noLedger); err != nil {
		t.Fatal(err)
	}
	if r.n.Holds(addrA) {
		t.Fatalf("the Lease of %s is kept though no pod uses or takes it", addrA)
	}
}
