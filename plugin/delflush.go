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
//   - a teardown holds the pod's addresses before its DEL starts (a
//     marker per address, chain.cacheDir/deferred-flows/ADDR, and a hold
//     in memory), so that a kill anywhere in the DEL, or a DEL that
//     outlives the handler, leaves them held;
//   - the DEL hands the walk over (cniutil.Defer); when the DEL returns,
//     the walk runs in the background; a DEL that handed nothing over
//     frees the addresses at once if it succeeded, and flushes them
//     first if it failed (it may have stopped before ipmasq's DEL);
//   - every later ADD on such an address, and its deferred cleanup, waits
//     for the walk first (withAddrs), and runs it again itself if it
//     failed;
//   - every pod's CreateContainer, with policy or not, waits for the walks
//     on the pod's addresses, whatever the failure policy: a pod without
//     policy takes no address lock, its first packet comes from its first
//     container, and under failurePolicy ignore a pod starts without its
//     own policy, never with another pod's translations;
//   - a restarted process holds the addresses of the markers it finds,
//     before its first event and at every config load (another
//     chain.cacheDir), and flushes them (chainrun.Runner.FlushFlows).
//
// A walk that fails is retried (and again at every reconcile), logged
// once, counted, and shown in status (fault "deferred_flows") until it
// succeeds. A DEL never waits for another pod's walk: its own walk
// covers the same addresses.

// flowsDir is where the markers are, under chain.cacheDir.
const flowsDir = "deferred-flows"

// faultFlows is the daemon fault of DEL walks that failed.
const faultFlows = "deferred_flows"

// errFlowsNotRun: a marker a previous process left; its walk has not run
// in this one yet.
var errFlowsNotRun = errors.New("the conntrack cleanup of a stopped pod's address was interrupted (diktyo-nri restarted); not run yet")

// flowRetries are the waits before each retry of a failed walk.
var flowRetries = []time.Duration{100 * time.Millisecond, time.Second, 5 * time.Second}

// flowFlushes are the DEL walks not yet done, by pod address: an address
// is free when none is left on it.
type flowFlushes struct {
	mu     sync.Mutex
	byAddr map[netip.Addr][]*flowFlush
}

// flowFlush is one teardown's hold of its addresses and, once its DEL
// handed it over, the walk: done is closed when a try ended (or the hold
// was settled); err is that try's error (nil: done for good).
type flowFlush struct {
	addrs []netip.Addr
	dir   string // the markers' directory when the hold was taken
	done  chan struct{}
	err   error
	// work is nil while the DEL runs, and stays nil when it handed
	// nothing over.
	work    func() error
	release func()
	// running: the DEL, or a try of the walk, is in progress (the one
	// done will be closed by).
	running bool
	logged  bool
	// owner is the stopped pod whose DEL took the hold (nil for holds
	// recovered from markers: their pods are not known). Until the walk
	// is done its port blocks and managed addresses stay its own
	// (gcEgress, addressUsers); then onFree gives them back.
	owner  *podEntry
	onFree func()
	// recovered: taken over from a previous process's markers.
	recovered bool
}

func newFlowFlushes() *flowFlushes { return &flowFlushes{byAddr: map[netip.Addr][]*flowFlush{}} }

// holdFlows holds ips before a teardown's DEL: markers first (a kill from
// here on leaves them), then the hold in memory. Nil when ips holds no
// address (the DEL then runs its walk itself).
func (p *Plugin) holdFlows(st *state, ips []string) *flowFlush {
	addrs := parseAddrs(ips)
	if len(addrs) == 0 {
		return nil
	}
	f := &flowFlush{addrs: addrs, dir: flowMarkerDir(st), done: make(chan struct{}), running: true}
	if err := markFlows(f.dir, addrs); err != nil {
		// Held in memory all the same; only a kill would go unnoticed.
		p.log.Warn("deferred conntrack cleanup markers not written; a kill before the walk would not be noticed", "addresses", addrs, "error", err)
	}
	p.flows.register(f)
	return f
}

// releaseAfter is the release of a teardown's pod (its port blocks and
// managed addresses) once hold f's walk is done; at once without a hold
// (no address: no flow can be translated for the pod).
func (p *Plugin) releaseAfter(f *flowFlush) func(*state, *podEntry) {
	if f == nil {
		return p.releaseEgress
	}
	return func(st *state, e *podEntry) {
		owner := *e
		p.flows.mu.Lock()
		defer p.flows.mu.Unlock()
		f.owner = &owner
		f.onFree = func() { p.releaseEgress(st, &owner) }
	}
}

// heldPods are the pods whose DEL walks are not done yet, and whether a
// walk recovered from a marker (whose pod is not known) is pending too:
// then nobody can say which blocks and addresses its flows use.
func (ff *flowFlushes) heldPods() (pods []podEntry, unknown bool) {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	var seen []*flowFlush
	for _, fs := range ff.byAddr {
		for _, f := range fs {
			if slices.Contains(seen, f) {
				continue
			}
			seen = append(seen, f)
			switch {
			case f.owner != nil:
				pods = append(pods, *f.owner)
			case f.recovered:
				unknown = true
			}
		}
	}
	return pods, unknown
}

// flowDeferral is the cniutil.Deferral of a teardown's DEL, onto hold f;
// nil when there is no hold (the walk then runs in the DEL).
func (p *Plugin) flowDeferral(f *flowFlush) cniutil.Deferral {
	if f == nil {
		return nil
	}
	return func(work func() error, release func()) {
		p.flows.mu.Lock()
		defer p.flows.mu.Unlock()
		if prev, prevRelease := f.work, f.release; prev != nil {
			// A second walk handed over by one DEL: both, in turn.
			f.work = func() error { return errors.Join(prev(), work()) }
			f.release = func() { callRelease(prevRelease); callRelease(release) }
			return
		}
		f.work, f.release = work, release
	}
}

func callRelease(r func()) {
	if r != nil {
		r()
	}
}

// settleFlows ends hold f's DEL, whose result was delErr: the walk it
// handed over starts in the background. A DEL that handed nothing over
// and succeeded (its chain has no ipmasq) frees the addresses now; one
// that failed may have stopped before ipmasq's DEL ran, so nothing
// proves the flows gone: a flush of the addresses (FlushFlows, through
// the chain's runner) becomes the hold's work, and only it frees them.
func (p *Plugin) settleFlows(st *state, f *flowFlush, delErr error) {
	if f == nil {
		return
	}
	p.flows.mu.Lock()
	handed := f.work != nil
	if !handed && delErr != nil {
		f.work, handed = p.flushAddrs(slices.Clone(f.addrs)), true
	}
	p.flows.mu.Unlock()
	if !handed {
		p.finishFlows(st, f, nil)
		return
	}
	go p.runFlows(st, f)
}

// flushAddrs is a walk of addrs through the chain loaded when it runs
// (chainrun.Runner.FlushFlows): the work of a hold whose DEL did not hand
// its own over. Without a chain it fails: nothing proves the flows gone.
func (p *Plugin) flushAddrs(addrs []netip.Addr) func() error {
	return func() error {
		cur := p.state.Load()
		if cur == nil || cur.runner == nil {
			var why error
			if cur != nil {
				why = cur.runnerErr
			}
			return fmt.Errorf("chain not loaded: %w", why)
		}
		return cur.runner.FlushFlows(addrs)
	}
}

// register puts f on its addresses, after the walks already there.
func (ff *flowFlushes) register(f *flowFlush) {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	for _, a := range f.addrs {
		ff.byAddr[a] = append(ff.byAddr[a], f)
	}
}

// runFlows tries f's walk (f.running set) with retries, in the
// background.
func (p *Plugin) runFlows(st *state, f *flowFlush) {
	err := f.work()
	for _, wait := range flowRetries {
		if err == nil {
			break
		}
		p.finishFlows(st, f, err)
		time.Sleep(wait)
		if !p.flows.startTry(f) {
			return // a waiter runs or ran it meanwhile
		}
		err = f.work()
	}
	p.finishFlows(st, f, err)
}

// startTry claims f for a try of its walk; false when it has none, is
// done, or another try runs.
func (ff *flowFlushes) startTry(f *flowFlush) bool {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	if f.running || f.work == nil || !ff.holds(f) {
		return false
	}
	f.running, f.done = true, make(chan struct{})
	return true
}

// holds reports whether f is still on one of its addresses. The caller
// holds mu.
func (ff *flowFlushes) holds(f *flowFlush) bool {
	for _, a := range f.addrs {
		if slices.Contains(ff.byAddr[a], f) {
			return true
		}
	}
	return false
}

// finishFlows ends a try of f (or its hold's DEL): on success f leaves
// its addresses, and the marker of an address no other walk holds goes
// before the address is free; on failure it stays. The fault says what
// is failing either way.
func (p *Plugin) finishFlows(st *state, f *flowFlush, err error) {
	ff := p.flows
	if err == nil {
		// What the stopped pod held goes back first, while the hold is
		// still on its addresses: whoever waits for them (a new pod's
		// ADD, the pod's RemovePodSandbox) finds it given back. Outside
		// the lock: the allocator's and the addresses' own, and the
		// addresses' users are read through it (heldPods).
		ff.mu.Lock()
		free := f.onFree
		f.onFree, f.owner = nil, nil
		ff.mu.Unlock()
		if free != nil {
			free()
		}
	}
	ff.mu.Lock()
	f.err, f.running = err, false
	if err == nil {
		for _, a := range f.addrs {
			rest := slices.DeleteFunc(slices.Clone(ff.byAddr[a]), func(x *flowFlush) bool { return x == f })
			if len(rest) == 0 {
				unmarkFlows(p, f.dir, a)
				delete(ff.byAddr, a)
			} else {
				ff.byAddr[a] = rest
			}
		}
		callRelease(f.release)
		f.release = nil
	}
	logIt := err != nil && !f.logged
	if logIt {
		f.logged = true
	}
	// Under mu: a later success cannot be overwritten by this result.
	p.health.set(faultFlows, ff.failing())
	done := f.done
	ff.mu.Unlock()
	close(done)
	if err != nil {
		p.metrics.fail(reasonDeferred)
	}
	if logIt {
		p.log.Error("conntrack cleanup of a stopped pod's addresses failed; pods with them wait, retried", "addresses", f.addrs, "error", err)
	}
}

// failing is the error of a walk whose last try failed, or nil. The
// caller holds mu.
func (ff *flowFlushes) failing() error {
	for _, fs := range ff.byAddr {
		for _, f := range fs {
			if f.err != nil && !f.running {
				return fmt.Errorf("conntrack cleanup of stopped pods' addresses %v failed; pods with these addresses wait: %w", f.addrs, f.err)
			}
		}
	}
	return nil
}

// pending is the first walk on address a and the end of its current try,
// or nil.
func (ff *flowFlushes) pending(a netip.Addr) (*flowFlush, chan struct{}) {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	if fs := ff.byAddr[a]; len(fs) > 0 {
		return fs[0], fs[0].done
	}
	return nil, nil
}

// anyPending reports whether a walk or hold is on one of ips.
func (ff *flowFlushes) anyPending(ips []string) bool {
	ff.mu.Lock()
	defer ff.mu.Unlock()
	for _, a := range parseAddrs(ips) {
		if len(ff.byAddr[a]) > 0 {
			return true
		}
	}
	return false
}

// awaitFlows waits, within ctx, until no DEL walk is left on ips; a walk
// whose try failed is run again here. An error means a previous pod's
// flows may still be there: the caller must not let a pod use the
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
			if !p.flows.startTryFailed(f) {
				continue // done, or another try runs: look again
			}
			err := f.work()
			p.finishFlows(st, f, err)
			if err != nil {
				return fmt.Errorf("the conntrack cleanup of a stopped pod with address %s failed (its flows would leave with that pod's translation): %w", a, err)
			}
		}
	}
	return nil
}

// startTryFailed claims f for a try when its last one failed.
func (ff *flowFlushes) startTryFailed(f *flowFlush) bool {
	ff.mu.Lock()
	failed := f.err != nil
	ff.mu.Unlock()
	return failed && ff.startTry(f)
}

// retryFlows starts a try of every walk whose last try failed (the
// periodic reconcile): a failure is retried even when no pod needs the
// address yet.
func (p *Plugin) retryFlows(st *state) {
	p.flows.mu.Lock()
	var retry []*flowFlush
	for _, fs := range p.flows.byAddr {
		for _, f := range fs {
			if f.err != nil && !f.running && f.work != nil && !slices.Contains(retry, f) {
				retry = append(retry, f)
			}
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

// parseAddrs reads pod IPs ("a.b.c.d" or "a.b.c.d/len"); others are
// skipped. Each is in its one canonical form (parsed, an IPv4-mapped
// IPv6 address unmapped), as every hold and lock keys it.
func parseAddrs(ips []string) []netip.Addr {
	var out []netip.Addr
	for _, s := range ips {
		if a, ok := canonicalAddr(s); ok && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// canonicalAddr is the one form of a pod IP ("ADDR" or "ADDR/LEN") that
// the address locks and the walks' holds key on, so that two spellings of
// an address ("2001:db8::1", "2001:0db8::1/128", "::ffff:198.51.100.1"
// for 198.51.100.1) exclude each other.
func canonicalAddr(s string) (netip.Addr, bool) {
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(s)
	return a.Unmap(), err == nil
}

// addrKeys are the address locks' keys for ips, in lock order: each
// address's canonical form (an unparsable string, which no chain run
// gets past the pod's address check, as it is).
func addrKeys(ips []string) []string {
	keys := make([]string, 0, len(ips))
	for _, s := range ips {
		if a, ok := canonicalAddr(s); ok {
			s = a.String()
		}
		if !slices.Contains(keys, s) {
			keys = append(keys, s)
		}
	}
	slices.Sort(keys)
	return keys
}

func flowMarkerDir(st *state) string { return filepath.Join(st.cfg.Chain.CacheDir, flowsDir) }

// markFlows writes the markers of addrs in dir. No fsync: they only have
// to survive the process (a node that reboots loses its conntrack table
// too).
func markFlows(dir string, addrs []netip.Addr) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, a := range addrs {
		if err := os.WriteFile(filepath.Join(dir, a.String()), nil, 0o600); err != nil {
			return err
		}
	}
	return nil
}

func unmarkFlows(p *Plugin, dir string, a netip.Addr) {
	if err := os.Remove(filepath.Join(dir, a.String())); err != nil && !errors.Is(err, os.ErrNotExist) {
		p.log.Warn("deferred conntrack cleanup marker not removed", "address", a, "error", err)
	}
}

// recoverFlows takes over the markers a previous process left in st's
// cache directory: their addresses are held as if their walks had
// failed (so that every waiter runs one), and one walk for all of them
// starts now, through the chain's runner. Without a chain it waits:
// nothing proves the flows gone. Markers this process already holds are
// its own; it runs at start and at every config load.
func (p *Plugin) recoverFlows(st *state) {
	dir := flowMarkerDir(st)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	p.flows.mu.Lock()
	held := func(a netip.Addr) bool {
		return slices.ContainsFunc(p.flows.byAddr[a], func(f *flowFlush) bool { return f.dir == dir })
	}
	var addrs []netip.Addr
	for _, e := range ents {
		a, err := netip.ParseAddr(e.Name())
		if err != nil {
			_ = os.Remove(filepath.Join(dir, e.Name())) // not ours (a temp file?)
			continue
		}
		if !held(a) {
			addrs = append(addrs, a)
		}
	}
	p.flows.mu.Unlock()
	if len(addrs) == 0 {
		return
	}
	f := &flowFlush{addrs: addrs, dir: dir, work: p.flushAddrs(slices.Clone(addrs)), done: make(chan struct{}), err: errFlowsNotRun, recovered: true}
	close(f.done)
	p.flows.register(f)
	p.log.Warn("conntrack cleanups of stopped pods' addresses were interrupted; those addresses wait for them", "addresses", addrs)
	if p.flows.startTry(f) {
		go p.runFlows(st, f)
	}
}
