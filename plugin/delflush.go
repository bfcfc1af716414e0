package plugin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// The DEL's conntrack cleanup, after StopPodSandbox answers. ipmasq's DEL
// removes every flow from or to the pod's addresses: a walk of the
// kernel's whole conntrack table, 13 ms on an empty node and 60 ms with
// 200,000 entries, inside StopPodSandbox. It must be done before any
// other pod sends from those addresses (a new holder would inherit the
// old pod's translations, and with them its egress identity), not before
// the runtime is answered:
//
//   - the DEL hands the walk over (cniutil.Defer) while it holds the
//     addresses' locks, and it is registered on each address before they
//     are released;
//   - every later holder of the lock of such an address (another pod's
//     ADD, its deferred cleanup) waits for the walk first, and runs it
//     again itself if it failed;
//   - every pod's CreateContainer, with policy or not, waits for the walks
//     on the pod's addresses: a pod without policy takes no address lock,
//     and its first packet comes from its first container;
//   - a marker per address (chain.cacheDir/deferred-flows/ADDR, written
//     before the DEL returns) outlives a killed process: the next one
//     holds those addresses the same way until it has flushed them
//     (chainrun.Runner.FlushFlows).
//
// A walk that fails is retried, logged once, counted, and shown in status
// (fault "deferred_flows") until it succeeds.

// flowsDir is where the markers are, under chain.cacheDir.
const flowsDir = "deferred-flows"

// faultFlows is the daemon fault of DEL walks that failed.
const faultFlows = "deferred_flows"

// errFlowsNotRun: a marker a previous process left; its walk has not run
// in this one yet.
var errFlowsNotRun = errors.New("the conntrack cleanup of a stopped pod's address was interrupted (diktyo-nri restarted); not run yet")

// flowRetries are the waits before each retry of a failed walk.
var flowRetries = []time.Duration{100 * time.Millisecond, time.Second, 5 * time.Second}

// flowFlushes are the DEL walks not yet done, by pod address.
type flowFlushes struct {
	mu     sync.Mutex
	byAddr map[netip.Addr]*flowFlush
}

// flowFlush is one DEL's walk: done is closed when a try ended; err is
// that try's error (nil: done for good).
type flowFlush struct {
	addrs   []netip.Addr
	done    chan struct{}
	err     error
	work    func() error
	release func()
	// running: a try is in progress (the one done will be closed by).
	running bool
}

func newFlowFlushes() *flowFlushes { return &flowFlushes{byAddr: map[netip.Addr]*flowFlush{}} }

// flowDeferral is the cniutil.Deferral of a teardown's DEL: the walk is
// registered on the pod's addresses at once (the caller holds their
// locks) and runs in the background.
func (p *Plugin) flowDeferral(st *state, ips []string) cniutil.Deferral {
	return func(work func() error, release func()) {
		addrs := parseAddrs(ips)
		f := &flowFlush{addrs: addrs, work: work, release: release, done: make(chan struct{}), running: true}
		p.flows.register(f)
		if err := p.markFlows(st, addrs); err != nil {
			// Without the markers a kill would go unnoticed: now, still
			// registered, so that a failure holds the addresses.
			p.log.Warn("deferred conntrack cleanup marker not written; running it now", "addresses", ips, "error", err)
			p.finishFlows(st, f, work())
			return
		}
		go p.runFlows(st, f)
	}
}

// retryFlows starts a try of every pending walk whose last try failed
// (the periodic reconcile): a failure is retried even when no pod needs
// the address yet.
func (p *Plugin) retryFlows(st *state) {
	p.flows.mu.Lock()
	var retry []*flowFlush
	for _, f := range p.flows.byAddr {
		if f.err != nil && !f.running && !slices.Contains(retry, f) {
			retry = append(retry, f)
		}
	}
	p.flows.mu.Unlock()
	for _, f := range retry {
		if p.flows.startTry(f) {
			go p.runFlows(st, f)
		}
	}
}

// podIPs are a pod's addresses as the runtime says and as diktyo-nri last
// saw them.
func (p *Plugin) podIPs(pod *nriapi.PodSandbox) []string {
	ips := slices.Clone(pod.GetIps())
	if e, ok := p.pods.get(pod.GetId()); ok {
		ips = append(ips, e.pod.IPs...)
	}
	return ips
}

// register puts f on its addresses; a walk already pending on one of
// them stays pending as well (f's waiters wait for both: awaitFlows
// loops until no walk is left).
func (ff *flowFlushes) register(f *flowFlush) {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	for _, a := range f.addrs {
		if prev := ff.byAddr[a]; prev != nil && prev != f {
			// The earlier walk covers the same address: f's covers it
			// too, so the address waits for f only; prev still ends
			// on its other addresses.
			prev.addrs = slices.DeleteFunc(prev.addrs, func(x netip.Addr) bool { return x == a })
		}
		ff.byAddr[a] = f
	}
}

// runFlows tries f's walk with retries, in the background.
func (p *Plugin) runFlows(st *state, f *flowFlush) {
	err := f.work()
	for _, wait := range flowRetries {
		if err == nil {
			break
		}
		p.finishFlows(st, f, err)
		time.Sleep(wait)
		if !p.flows.startTry(f) {
			return // a waiter ran it meanwhile
		}
		err = f.work()
	}
	p.finishFlows(st, f, err)
}

// startTry claims f for a try; false when f is done or another try runs.
func (ff *flowFlushes) startTry(f *flowFlush) bool {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	if f.running || !ff.holds(f) {
		return false
	}
	f.running, f.done = true, make(chan struct{})
	return true
}

// holds reports whether f is still pending on one of its addresses.
func (ff *flowFlushes) holds(f *flowFlush) bool {
	for _, a := range f.addrs {
		if ff.byAddr[a] == f {
			return true
		}
	}
	return false
}

// finishFlows ends a try of f: on success f leaves its addresses, their
// markers go and the fault clears; on failure it stays, and the fault
// says why.
func (p *Plugin) finishFlows(st *state, f *flowFlush, err error) {
	ff := p.flows
	ff.mu.Lock()
	f.err, f.running = err, false
	if err == nil {
		// The marker goes before the address is free: whoever sees it
		// free sees no marker either.
		for _, a := range f.addrs {
			if ff.byAddr[a] == f {
				p.unmarkFlows(st, a)
				delete(ff.byAddr, a)
			}
		}
		if f.release != nil {
			f.release()
			f.release = nil
		}
	}
	failing, done := ff.failing(), f.done
	ff.mu.Unlock()
	close(done)
	if err != nil {
		p.metrics.fail(reasonDeferred)
	}
	p.health.set(faultFlows, failing)
}

// failing is the error of a pending walk whose last try failed, or nil.
// The caller holds mu.
func (ff *flowFlushes) failing() error {
	for _, f := range ff.byAddr {
		if f.err != nil && !f.running {
			return fmt.Errorf("conntrack cleanup of stopped pods' addresses %v failed; pods with these addresses wait: %w", f.addrs, f.err)
		}
	}
	return nil
}

// pending is the walk on address a and the end of its current try, or
// nil.
func (ff *flowFlushes) pending(a netip.Addr) (*flowFlush, chan struct{}) {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	f := ff.byAddr[a]
	if f == nil {
		return nil, nil
	}
	return f, f.done
}

// awaitFlows waits, within ctx, until no DEL walk is pending on ips; a
// walk whose try failed is run again here. An error means a previous
// pod's flows may still be there: the caller must not let a pod use the
// addresses.
func (p *Plugin) awaitFlows(ctx context.Context, st *state, ips []string) error {
	for _, a := range parseAddrs(ips) {
		for {
			f, done := p.flows.pending(a)
			if f == nil {
				break
			}
			select {
			case <-done:
			case <-ctx.Done():
				return fmt.Errorf("the conntrack cleanup of a stopped pod with address %s is still running: %w", a, ctx.Err())
			}
			p.flows.mu.Lock()
			retry := f.err != nil && !f.running && p.flows.holds(f)
			if retry {
				f.running, f.done = true, make(chan struct{})
			}
			p.flows.mu.Unlock()
			if retry {
				err := f.work()
				p.finishFlows(st, f, err)
				if err != nil {
					return fmt.Errorf("the conntrack cleanup of a stopped pod with address %s failed (its flows would leave with that pod's translation): %w", a, err)
				}
			}
		}
	}
	return nil
}

// parseAddrs reads pod IPs ("a.b.c.d" or "a.b.c.d/len"); others are
// skipped.
func parseAddrs(ips []string) []netip.Addr {
	var out []netip.Addr
	for _, s := range ips {
		if p, err := netip.ParsePrefix(s); err == nil {
			s = p.Addr().String()
		}
		if a, err := netip.ParseAddr(s); err == nil && !slices.Contains(out, a.Unmap()) {
			out = append(out, a.Unmap())
		}
	}
	return out
}

func flowMarker(st *state, a netip.Addr) string {
	return filepath.Join(st.cfg.Chain.CacheDir, flowsDir, a.String())
}

// markFlows writes the markers of addrs. No fsync: they only have to
// survive the process (a node that reboots loses its conntrack table
// too).
func (p *Plugin) markFlows(st *state, addrs []netip.Addr) error {
	if len(addrs) == 0 {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(st.cfg.Chain.CacheDir, flowsDir), 0o700); err != nil {
		return err
	}
	for _, a := range addrs {
		if err := os.WriteFile(flowMarker(st, a), nil, 0o600); err != nil {
			return err
		}
	}
	return nil
}

func (p *Plugin) unmarkFlows(st *state, a netip.Addr) {
	if err := os.Remove(flowMarker(st, a)); err != nil && !errors.Is(err, os.ErrNotExist) {
		p.log.Warn("deferred conntrack cleanup marker not removed", "address", a, "error", err)
	}
}

// recoverFlows takes over the markers a previous process left: their
// addresses are held as if their walks had failed (so that every waiter
// runs one), and one walk for all of them starts now, through the
// chain's runner. Without a chain it waits: nothing proves the flows
// gone.
func (p *Plugin) recoverFlows(st *state) {
	dir := filepath.Join(st.cfg.Chain.CacheDir, flowsDir)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var addrs []netip.Addr
	for _, e := range ents {
		a, err := netip.ParseAddr(e.Name())
		if err != nil {
			_ = os.Remove(filepath.Join(dir, e.Name())) // not ours (a temp file?)
			continue
		}
		addrs = append(addrs, a)
	}
	if len(addrs) == 0 {
		return
	}
	flush := slices.Clone(addrs) // register may shorten f.addrs
	work := func() error {
		cur := p.state.Load()
		if cur.runner == nil {
			return fmt.Errorf("chain not loaded: %w", cur.runnerErr)
		}
		return cur.runner.FlushFlows(flush)
	}
	f := &flowFlush{addrs: addrs, work: work, done: make(chan struct{}), err: errFlowsNotRun}
	close(f.done)
	p.flows.register(f)
	p.log.Warn("conntrack cleanups of stopped pods' addresses were interrupted; those addresses wait for them", "addresses", addrs)
	if p.flows.startTry(f) {
		go p.runFlows(st, f)
	}
}
