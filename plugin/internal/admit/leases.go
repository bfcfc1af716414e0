package admit

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	coordv1 "k8s.io/api/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
)

// UseLeases makes the admission take Leases through u, before any pod is
// admitted (once the cluster is connected).
func (r *Admission) UseLeases(u LeaseUse) {
	r.leases = &leases{use: u, lost: map[netip.Addr]string{}, pending: map[netip.Addr]int{}, unleased: map[netip.Addr]string{}}
}

// leasing reports whether managed addresses need Leases (an API server).
func (r *Admission) leasing() bool { return r.leases != nil && r.leases.use.API != nil }

// TakeLeases takes the Leases of the managed addresses a pod's admission
// would newly assign, before the address lock (a request, or with
// whenHeld: wait a wait, never holds up other pods' addresses), within
// ctx. Each stays pending (never given up) until done is called, after
// the pod's addresses are recorded.
func (r *Admission) TakeLeases(ctx context.Context, addrs []netip.Addr) (done func(), err error) {
	k := r.leases
	k.mu.Lock()
	for _, a := range addrs {
		k.pending[a]++
	}
	k.mu.Unlock()
	var once sync.Once
	done = func() {
		once.Do(func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			for _, a := range addrs {
				if k.pending[a]--; k.pending[a] <= 0 {
					delete(k.pending, a)
				}
			}
		})
	}
	for _, a := range addrs {
		if err := k.use.API.Acquire(ctx, a, k.use.Wait); err != nil {
			return done, err
		}
		k.mu.Lock()
		delete(k.lost, a)
		delete(k.unleased, a)
		k.mu.Unlock()
	}
	return done, nil
}

// stillLeased checks, under the address lock, that a Lease taken before
// it is still this node's (another node may have taken it since: then
// the pod is refused, and retried).
func (r *Admission) stillLeased(a netip.Addr) error {
	if !r.leases.use.API.Holds(a) {
		return fmt.Errorf("its Lease is no longer this node's (taken by another node, or not renewed in time) since it was taken for this pod; retried")
	}
	return nil
}

// releaseLease gives up a's Lease after a was withdrawn: dropped now
// (the address lock is held: no pod is admitted on it from here),
// deleted in the background (a failure only leaves it to lapse).
func (r *Admission) releaseLease(a netip.Addr) {
	if !r.leasing() {
		return
	}
	k := r.leases
	k.mu.Lock()
	pending := k.pending[a] > 0
	delete(k.lost, a)
	delete(k.unleased, a)
	k.mu.Unlock()
	if pending {
		return // a pod being admitted took it: it assigns a again
	}
	mine := k.use.API.Drop(a)
	if mine == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := k.use.API.Delete(ctx, mine); err != nil {
			r.f.Log.Warn("egress address lease not released", "address", a, "error", err)
		}
	}()
}

// SyncLeases holds the Lease of every managed address this instance has
// assigned (the ledger in force records it: after a restart, or a Lease taken while
// the API server was away) or its pods use (one already on the node
// when they came: another's marker, or the admin's), or that a pod
// being admitted took; it gives up every other Lease, then renews the
// rest. An address here whose Lease another node holds is a conflict
// both nodes' probes should have prevented: reported (LeaseUse.Lost,
// the fault), the address stays. Every request is bounded, none is made
// under the address lock. It returns the Leases' fault (nil: none).
func (r *Admission) SyncLeases(ctx context.Context, ledger func() *hostaddr.Ledger) error {
	k := r.leases
	var stale []*coordv1.Lease
	var missing []netip.Addr
	r.Locked(func() { stale, missing = r.leaseWants(ledger) })
	for _, le := range stale {
		if err := k.use.API.Delete(ctx, le); err != nil {
			r.f.Log.Warn("stale egress address lease not released; it lapses", "lease", le.Name, "error", err)
		}
	}
	for _, a := range missing {
		r.takeMissing(ctx, a)
	}
	k.use.API.RenewAll(ctx)
	return r.leaseFault()
}

// leaseWants works out, under the address lock (the caller holds it),
// which Leases this node wants (wanted: see SyncLeases), drops the
// others (to be deleted) and lists those it wants and has not written.
func (r *Admission) leaseWants(ledger func() *hostaddr.Ledger) (stale []*coordv1.Lease, missing []netip.Addr) {
	k := r.leases
	wanted := map[netip.Addr]bool{}
	if l := ledger(); l != nil {
		for _, rec := range l.Records() {
			wanted[rec.Addr] = true
		}
	}
	for _, u := range r.f.Recorded() {
		for _, a := range u.Addrs {
			wanted[a] = true
		}
	}
	k.mu.Lock()
	for a := range k.pending {
		wanted[a] = true
	}
	for _, m := range []map[netip.Addr]string{k.lost, k.unleased} {
		for a := range m {
			if !wanted[a] {
				delete(m, a)
			}
		}
	}
	k.mu.Unlock()
	written := k.use.API.HeldAddrs()
	for _, a := range written {
		if !wanted[a] {
			stale = append(stale, k.use.API.Drop(a))
		}
	}
	for a := range wanted {
		if !slices.Contains(written, a) {
			missing = append(missing, a)
		}
	}
	return stale, missing
}

// takeMissing takes the Lease of an address this node has or uses and
// holds no Lease for; one another node holds is reported as lost.
func (r *Admission) takeMissing(ctx context.Context, a netip.Addr) {
	k := r.leases
	err := k.use.API.Acquire(ctx, a, false)
	holder, isHeld := "", false
	if err != nil {
		holder, isHeld = k.use.Holder(err)
	}
	k.mu.Lock()
	by, known := k.lost[a]
	switch {
	case err == nil:
		delete(k.lost, a)
		delete(k.unleased, a)
	case isHeld:
		delete(k.unleased, a)
	default:
		k.unleased[a] = err.Error()
	}
	k.mu.Unlock()
	if isHeld && (!known || by != holder) {
		r.LeaseLost(a, holder)
	}
}

// LeaseLost records that another node (by) took a's Lease while this
// node's pods use a, and tells LeaseUse.Lost.
func (r *Admission) LeaseLost(a netip.Addr, by string) {
	k := r.leases
	k.mu.Lock()
	k.lost[a] = by
	k.mu.Unlock()
	k.use.Lost(a, by)
}

// leaseFault is the Leases' fault from what the last renewal and the
// lost Leases say.
func (r *Admission) leaseFault() error {
	k := r.leases
	var msgs []string
	if f := k.use.API.Failing(); f != "" {
		msgs = append(msgs, f)
	}
	k.mu.Lock()
	for a, by := range k.lost {
		msgs = append(msgs, fmt.Sprintf("the Lease of %s was taken by node %q while this node's pods use it", a, by))
	}
	for a, why := range k.unleased {
		msgs = append(msgs, fmt.Sprintf("%s is on this node without its Lease: %s", a, why))
	}
	k.mu.Unlock()
	sort.Strings(msgs)
	if len(msgs) > 0 {
		return errors.New(strings.Join(msgs, "; "))
	}
	return nil
}
