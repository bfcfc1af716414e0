package work

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
)

// podLocks serialises all chain work of one pod sandbox (handlers,
// reconcile, cleanup), so ADD and DEL of the same pod never overlap.
// Locks are created on demand and dropped when nobody holds or waits for
// them, so the map only holds pods with work in progress.
type podLocks struct {
	mu sync.Mutex
	m  map[string]*podLock
}

type podLock struct {
	ch   chan struct{}
	refs int
}

func newPodLocks() *podLocks { return &podLocks{m: map[string]*podLock{}} }

// lock takes the lock of sandbox id, giving up when ctx ends.
func (l *podLocks) lock(ctx context.Context, id string) error {
	l.mu.Lock()
	pl := l.m[id]
	if pl == nil {
		pl = &podLock{ch: make(chan struct{}, 1)}
		l.m[id] = pl
	}
	pl.refs++
	l.mu.Unlock()
	select {
	case pl.ch <- struct{}{}:
		return nil
	case <-ctx.Done():
		l.release(id, pl)
		return ctx.Err()
	}
}

// unlock releases the lock of sandbox id, taken by lock.
func (l *podLocks) unlock(id string) {
	l.mu.Lock()
	pl := l.m[id]
	l.mu.Unlock()
	<-pl.ch
	l.release(id, pl)
}

func (l *podLocks) release(id string, pl *podLock) {
	l.mu.Lock()
	defer l.mu.Unlock()
	pl.refs--
	if pl.refs == 0 {
		delete(l.m, id)
	}
}

// held returns how many pods have a lock entry (tests: no leak).
func (l *podLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}

// Locks are the chain work's locks, and the lock order lives here: a
// pod's lock (podLocks: handlers, reconcile, the watch's teardown), then
// the GC lock shared (GC takes it exclusively), then the pod's addresses'
// locks in their sorted canonical order, never around the pod's. The
// address holds (plugin/internal/hold) are awaited outside the address
// locks, which the DEL that ends a hold needs, and checked again under
// them.
type Locks struct {
	holds *hold.Holds
	// pods serialise the chain work of one pod; addrs that on one pod
	// address (WithAddrs).
	pods  *podLocks
	addrs *podLocks
	// gc: chain work of single pods holds it shared, GC exclusively, so
	// GC's list of valid attachments never misses a pod being added.
	gc sync.RWMutex
}

// NewLocks makes the locks of work whose addresses holds holds.
func NewLocks(holds *hold.Holds) *Locks {
	return &Locks{holds: holds, pods: newPodLocks(), addrs: newPodLocks()}
}

// Held and HeldAddrs say how many pods and pod addresses have work in
// progress (their lock entries; tests: no leak).
func (l *Locks) Held() int      { return l.pods.held() }
func (l *Locks) HeldAddrs() int { return l.addrs.held() }

// LockGC and UnlockGC hold the GC lock exclusively: no chain work of a
// single pod runs meanwhile, so a GC's list of live pods is exact.
func (l *Locks) LockGC()   { l.gc.Lock() }
func (l *Locks) UnlockGC() { l.gc.Unlock() }

// WithPod runs f holding the pod's lock and the shared GC lock, so that
// no other chain work of this pod, and no GC, runs at the same time.
func (l *Locks) WithPod(ctx context.Context, id string, f func(context.Context) error) error {
	if err := l.pods.lock(ctx, id); err != nil {
		return Failure(health.ReasonTimeout, fmt.Errorf("waiting for other work on the pod: %w", err))
	}
	defer l.pods.unlock(id)
	l.gc.RLock()
	defer l.gc.RUnlock()
	return f(ctx)
}

// WithAddrs runs f holding the locks of the pod addresses ips (in order,
// so that two pods never wait for each other). IPAM hands a stopped pod's
// address to the next pod while the stopped pod's chain work may still
// run (an ADD or DEL that outlived its handler): the locks keep the two
// pods' ADDs and DELs on that address apart, and the liveness and holder
// checks made under them decide which pod the address's objects belong
// to. Taken inside the pod's lock, never around it. self is the pod
// whose work this is.
func (l *Locks) WithAddrs(ctx context.Context, self string, ips []string, f func() error) error {
	want := hold.Want{Addrs: ParseAddrs(ips), Except: self}
	for {
		// A stopped pod's teardown holds its addresses from before its
		// DEL takes their locks until its conntrack walk is done (so
		// does another pod's ADD walk): waited for outside the locks,
		// which that DEL needs, and checked again under them. The pod's
		// own walks are not waited for: its work covers them.
		if err := l.holds.Await(ctx, want); err != nil {
			return Failure(health.ReasonDeferred, err)
		}
		held := false
		err := l.LockAddrs(ctx, ips, func([]string) error {
			if held = l.holds.Pending(want); held {
				return nil // a teardown took them meanwhile: wait again
			}
			return f()
		})
		if !held {
			return err
		}
	}
}

// LockAddrs is withAddrs without the wait for DEL walks, for a DEL: its
// own walk covers the same addresses, and a teardown holds them while
// its DEL runs.
func (l *Locks) LockAddrs(ctx context.Context, ips []string, f func(keys []string) error) error {
	keys := addrKeys(ips)
	for i, k := range keys {
		if err := l.addrs.lock(ctx, k); err != nil {
			for _, h := range keys[:i] {
				l.addrs.unlock(h)
			}
			return Failure(health.ReasonTimeout, fmt.Errorf("waiting for chain work on pod address %s: %w", k, err))
		}
	}
	defer func() {
		for _, k := range keys {
			l.addrs.unlock(k)
		}
	}()
	return f(keys)
}

// Job states for Bounded.
const (
	jobRunning int32 = iota
	jobAnswered
	jobAbandoned
)

// Bounded runs work for pod id in a worker bounded by limit, and waits for
// it at most budget (or until ctx, the handler's, ends). When the handler
// stops waiting first it gets a timeout error, and late(err) is called with
// the work's own result once it finishes, still under the pod's lock
// ordering. Work therefore never runs in parallel with other work on the
// same pod, and is never killed merely because a handler had to answer.
func (l *Locks) Bounded(ctx context.Context, id string, budget, limit time.Duration,
	work func(context.Context) error, late func(error)) error {
	var st atomic.Int32
	done := make(chan error, 1)
	go func() {
		wctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		err := l.WithPod(wctx, id, work)
		if st.CompareAndSwap(jobRunning, jobAnswered) {
			done <- err
			return
		}
		if late != nil {
			late(err)
		}
	}()
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
	case <-ctx.Done():
	}
	if st.CompareAndSwap(jobRunning, jobAbandoned) {
		return Failure(health.ReasonTimeout, fmt.Errorf("chain work did not finish within the handler budget of %s; it continues in the background", budget))
	}
	return <-done
}
