package plugin

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
)

// withPod runs f holding the pod's lock and the shared GC lock, so that
// no other chain work of this pod, and no GC, runs at the same time.
func (p *Plugin) withPod(ctx context.Context, id string, f func(context.Context) error) error {
	if err := p.locks.lock(ctx, id); err != nil {
		return failure(health.ReasonTimeout, fmt.Errorf("waiting for other work on the pod: %w", err))
	}
	defer p.locks.unlock(id)
	p.gcMu.RLock()
	defer p.gcMu.RUnlock()
	return f(ctx)
}

// withAddrs runs f holding the locks of the pod addresses ips (in order,
// so that two pods never wait for each other). IPAM hands a stopped pod's
// address to the next pod while the stopped pod's chain work may still
// run (an ADD or DEL that outlived its handler): the locks keep the two
// pods' ADDs and DELs on that address apart, and the liveness and holder
// checks made under them decide which pod the address's objects belong
// to. Taken inside the pod's lock, never around it. self is the pod
// whose work this is.
func (p *Plugin) withAddrs(ctx context.Context, self string, ips []string, f func() error) error {
	w := hold.Want{Addrs: parseAddrs(ips), Except: self}
	for {
		// A stopped pod's teardown holds its addresses from before its
		// DEL takes their locks until its conntrack walk is done (so
		// does another pod's ADD walk): waited for outside the locks,
		// which that DEL needs, and checked again under them. The pod's
		// own walks are not waited for: its work covers them.
		if err := p.holds.Await(ctx, w); err != nil {
			return failure(health.ReasonDeferred, err)
		}
		held := false
		err := p.lockAddrs(ctx, ips, func([]string) error {
			if held = p.holds.Pending(w); held {
				return nil // a teardown took them meanwhile: wait again
			}
			return f()
		})
		if !held {
			return err
		}
	}
}

// lockAddrs is withAddrs without the wait for DEL walks, for a DEL: its
// own walk covers the same addresses, and a teardown holds them while
// its DEL runs.
func (p *Plugin) lockAddrs(ctx context.Context, ips []string, f func(keys []string) error) error {
	keys := addrKeys(ips)
	for i, k := range keys {
		if err := p.addrLocks.lock(ctx, k); err != nil {
			for _, h := range keys[:i] {
				p.addrLocks.unlock(h)
			}
			return failure(health.ReasonTimeout, fmt.Errorf("waiting for chain work on pod address %s: %w", k, err))
		}
	}
	defer func() {
		for _, k := range keys {
			p.addrLocks.unlock(k)
		}
	}()
	return f(keys)
}

// Job states for bounded.
const (
	jobRunning int32 = iota
	jobAnswered
	jobAbandoned
)

// bounded runs work for pod id in a worker bounded by limit, and waits for
// it at most budget (or until ctx, the handler's, ends). When the handler
// stops waiting first it gets a timeout error, and late(err) is called with
// the work's own result once it finishes, still under the pod's lock
// ordering. Work therefore never runs in parallel with other work on the
// same pod, and is never killed merely because a handler had to answer.
func (p *Plugin) bounded(ctx context.Context, id string, budget, limit time.Duration,
	work func(context.Context) error, late func(error)) error {
	var st atomic.Int32
	done := make(chan error, 1)
	go func() {
		wctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		err := p.withPod(wctx, id, work)
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
		return failure(health.ReasonTimeout, fmt.Errorf("chain work did not finish within the handler budget of %s; it continues in the background", budget))
	}
	return <-done
}
