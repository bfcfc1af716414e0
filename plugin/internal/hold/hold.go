// Package hold owns diktyo-nri's address holds: the one mechanism behind
// the invariant "an address is not used until a conntrack walk on it
// succeeded" (docs/nri.md, "Address holds").
//
// A hold is taken for one pod (its sandbox ID) on a set of addresses:
// its internal ones, which the walk covers and later users wait for, and
// its external ones, which stay the pod's until the walk is done (its
// flows are translated to them). Two walks take one: the ADD's conntrack
// cleanup, run after RunPodSandbox answered and awaited by the pod's
// CreateContainer, and the DEL's, run after StopPodSandbox answered and
// awaited by every later user of the addresses. Each hold has a marker
// file, written before the walk is handed over and removed after it
// succeeded, so that a process killed at any instruction leaves it; the
// next process reads the markers at start (Recover) and holds the same
// addresses again. A marker it cannot read is "unknown": it holds every
// address, and its fault is shown, until it can be read.
//
// The package knows nothing of the chain, the pods or the node: the walk
// is a function it is handed (a fake in its tests), so its state machine
// (hold, fail, retry, recover, await, release) is tested without root.
package hold

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// Kind is the walk a hold waits for.
type Kind string

const (
	// Add is the ADD's conntrack cleanup of a new pod's addresses.
	Add Kind = "add"
	// Del is the DEL's conntrack cleanup of a stopped pod's addresses.
	Del Kind = "del"
)

// Pod names the pod a hold is for (Sandbox is its key; the rest lets
// what it holds be named after a restart). A marker of the previous
// version names no pod for a DEL: Sandbox is then empty.
type Pod struct {
	Sandbox   string `json:"sandbox"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name,omitempty"`
	UID       string `json:"uid,omitempty"`
}

// ErrNotRun is the state of a hold recovered from a marker: its walk
// has not run in this process yet.
var ErrNotRun = errors.New("interrupted (diktyo-nri restarted) before its conntrack cleanup ran; not run yet")

// Options are what a Holds reports to and how it retries.
type Options struct {
	Log *slog.Logger
	// Fault is told the holds' fault after every change: the first
	// failing walk (or unreadable marker), or nil.
	Fault func(error)
	// Failed is told every try of a walk that failed (a counter),
	// under the holds' lock: it must not call back into them.
	Failed func()
	// Retries are the waits before each background retry of a failed
	// walk (then only waiters and Retry try it again).
	Retries []time.Duration
}

// DefaultRetries are the background retries' waits.
var DefaultRetries = []time.Duration{100 * time.Millisecond, time.Second, 5 * time.Second}

// Holds are the holds of one process; its one lock guards them all.
type Holds struct {
	opts  Options
	mu    sync.Mutex
	holds []*Hold // in the order taken: a waiter waits for them in turn
	// recovered are the cache directories Recover read, with their
	// walks (read again while a marker there cannot be read);
	// unreadable, the markers that could not be, with why (logged once).
	recovered  map[string]func([]netip.Addr) func() error
	unreadable map[string]string
	// epoch names the markers this Holds wrote: Recover leaves them.
	epoch string
}

// Hold is one pod's hold of its addresses until one walk is done.
type Hold struct {
	kind     Kind
	pod      Pod
	addrs    []netip.Addr // internal: the walk's, waited for
	external []netip.Addr // kept the pod's until the walk is done
	all      bool         // an unreadable marker: every address
	file     string       // its marker; "" when none could be written
	// done is closed when the current try (or the DEL it waits for)
	// ended; err is its result.
	done chan struct{}
	err  error
	// work is the walk, nil while none was handed over.
	work func() error
	// free is called once the walk succeeded, before the addresses are
	// free: what the pod held goes back (its owner is no longer named).
	free      []func()
	running   bool
	freed     bool
	logged    bool
	recovered bool
	// gone: the hold left the set (done, dropped or superseded).
	gone bool
}

// New returns an empty set of holds.
func New(opts Options) *Holds {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if opts.Fault == nil {
		opts.Fault = func(error) {}
	}
	if opts.Failed == nil {
		opts.Failed = func() {}
	}
	if opts.Retries == nil {
		opts.Retries = DefaultRetries
	}
	return &Holds{opts: opts, recovered: map[string]func([]netip.Addr) func() error{}, unreadable: map[string]string{}, epoch: newEpoch()}
}

// Take holds addrs (and external) for pod until the walk of kind that is
// handed over (Hand) succeeds: its marker first, in dir, then the hold in
// memory, which is kept even when the marker could not be written (the
// error says a kill would then go unnoticed). A second ADD hold of one
// pod (a retried admission) takes the first's walk and releases over:
// both walks run, in turn, and only the latest hold counts.
func (hs *Holds) Take(dir string, kind Kind, pod Pod, addrs, external []netip.Addr) (*Hold, error) {
	h := &Hold{kind: kind, pod: pod, addrs: canonical(addrs), external: canonical(external), done: make(chan struct{}), running: true}
	file, err := writeMarker(dir, hs.epoch, h.marker())
	h.file = file
	hs.mu.Lock()
	var old []string
	if kind == Add {
		for _, prev := range hs.holds {
			if prev.kind == Add && prev.pod.Sandbox == pod.Sandbox && !prev.gone {
				h.work = join(h.work, prev.work)
				h.free, prev.free = append(h.free, prev.free...), nil
				prev.gone = true
				old = append(old, prev.file)
			}
		}
		hs.holds = slices.DeleteFunc(hs.holds, func(x *Hold) bool { return x.gone })
	}
	hs.holds = append(hs.holds, h)
	hs.removeMarkers(old...)
	hs.mu.Unlock()
	if err != nil {
		return h, fmt.Errorf("hold marker of pod %q (%s) not written; a kill before the walk would not be noticed: %w", pod.Sandbox, kind, err)
	}
	return h, nil
}

// Hand gives h its walk (after any handed over before) and what the walk
// holds, to be released once it succeeded (nil: nothing).
func (hs *Holds) Hand(h *Hold, work func() error, release func()) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	h.work = join(h.work, work)
	if release != nil {
		h.free = append(h.free, release)
	}
}

// OnFree adds what goes back once h's walk succeeded, before its
// addresses are free (so that whoever waits for them finds it given
// back); external replaces the addresses the pod keeps until then.
func (hs *Holds) OnFree(h *Hold, external []netip.Addr, free func()) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	h.external = canonical(external)
	h.free = append(h.free, free)
}

// Done is closed when h's current try (or the step before its first)
// ends.
func (hs *Holds) Done(h *Hold) <-chan struct{} {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return h.done
}

// Handed reports whether a walk was handed over to h.
func (hs *Holds) Handed(h *Hold) bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return h.work != nil
}

// Start ends the step before h's walk (the ADD's answer, the DEL): the
// walk handed over runs in the background, with retries; when now is
// not nil, its first try is now, in the caller (a walk's own form for a
// caller that holds what the handed one would take). A hold without a
// walk is done at once.
func (hs *Holds) Start(h *Hold, now func() error) {
	hs.mu.Lock()
	work := h.work
	hs.mu.Unlock()
	switch {
	case work == nil:
		hs.finish(h, nil)
	case now != nil:
		hs.finish(h, now())
	default:
		go hs.run(h)
	}
}

// run tries h's walk (h.running set) with retries.
func (hs *Holds) run(h *Hold) {
	err := h.work()
	for _, wait := range hs.opts.Retries {
		if err == nil {
			break
		}
		hs.finish(h, err)
		time.Sleep(wait)
		if !hs.claim(h, false) {
			return // a waiter runs or ran it meanwhile, or it is gone
		}
		err = h.work()
	}
	hs.finish(h, err)
}

// claim starts a try of h's walk; false when it has none, is done or
// gone, another try runs, or (failedOnly) its last try did not fail.
func (hs *Holds) claim(h *Hold, failedOnly bool) bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if h.running || h.work == nil || h.gone || (failedOnly && h.err == nil) {
		return false
	}
	h.running, h.done = true, make(chan struct{})
	return true
}

// finish ends a try of h (or the step before it): on success what the
// pod held goes back, then h leaves its addresses and its marker goes;
// on failure h stays, logged once. The fault says what fails either way.
func (hs *Holds) finish(h *Hold, err error) {
	if err == nil {
		hs.mu.Lock()
		free := h.free
		h.free, h.freed = nil, true
		hs.mu.Unlock()
		for _, f := range free {
			f()
		}
	}
	hs.mu.Lock()
	h.err, h.running = err, false
	if err == nil && !h.gone {
		// The marker first, under the lock: nobody finds it without
		// the hold that explains it (Recover would take it for a
		// killed process's), nor the hold gone with its marker left.
		h.gone = true
		hs.removeMarkers(h.file)
		hs.holds = slices.DeleteFunc(hs.holds, func(x *Hold) bool { return x == h })
	}
	logIt := err != nil && !h.logged
	h.logged = h.logged || logIt
	// Under mu: a later success cannot be overwritten by this result.
	hs.opts.Fault(hs.failing())
	if err != nil {
		// Counted before anyone is told: whoever the done wakes sees
		// the try counted (a metric; cheap under the lock).
		hs.opts.Failed()
	}
	close(h.done)
	hs.mu.Unlock()
	if logIt {
		hs.opts.Log.Error("conntrack cleanup failed; pods with these addresses wait, retried", "kind", h.kind, "pod.id", h.pod.Sandbox, "addresses", h.addrs, "error", err)
	}
}

// failing is the first hold whose last try failed, as an error, or nil.
// The caller holds mu.
func (hs *Holds) failing() error {
	for _, h := range hs.holds {
		if h.err != nil && !h.running && !errors.Is(h.err, ErrNotRun) {
			return fmt.Errorf("%s failed; pods with addresses %v wait: %w", h, h.addrs, h.err)
		}
	}
	return nil
}

func (h *Hold) String() string {
	switch {
	case h.all:
		return "a hold whose marker is unreadable"
	case h.kind == Add:
		return fmt.Sprintf("the conntrack cleanup of pod %s's ADD", h.pod.Sandbox)
	case h.pod.Sandbox == "":
		return "the conntrack cleanup of a stopped pod's DEL"
	}
	return fmt.Sprintf("the conntrack cleanup of stopped pod %s's DEL", h.pod.Sandbox)
}

// covers reports whether h holds any of addrs.
func (h *Hold) covers(addrs []netip.Addr) bool {
	return h.all && len(addrs) > 0 || slices.ContainsFunc(addrs, func(a netip.Addr) bool { return slices.Contains(h.addrs, a) })
}

// Want says which holds a waiter waits for: those of pod Pod (its own
// ADD's), and every hold on one of Addrs but those of pod Except (a
// pod's chain work never waits for its own walks).
type Want struct {
	Pod    string
	Addrs  []netip.Addr
	Except string
}

func (w Want) matches(h *Hold) bool {
	if w.Pod != "" && h.pod.Sandbox == w.Pod {
		return true
	}
	return (w.Except == "" || h.pod.Sandbox != w.Except) && h.covers(w.Addrs)
}

// first is the first hold w waits for and the end of its current try.
func (hs *Holds) first(w Want) (*Hold, chan struct{}) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	for _, h := range hs.holds {
		if w.matches(h) {
			return h, h.done
		}
	}
	return nil, nil
}

// Pending reports whether a hold w waits for is there.
func (hs *Holds) Pending(w Want) bool {
	h, _ := hs.first(w)
	return h != nil
}

// Await waits, within ctx, until no hold w waits for is left; a walk
// whose last try failed is run again here. An error means a previous
// pod's flows (or a new pod's stale ones) may still be there: the caller
// must not let a pod use the addresses.
func (hs *Holds) Await(ctx context.Context, w Want) error {
	w.Addrs = canonical(w.Addrs)
	for {
		h, done := hs.first(w)
		if h == nil {
			return nil
		}
		select {
		case <-done:
		case <-ctx.Done():
			return fmt.Errorf("%s is still running: %w", h, ctx.Err())
		}
		if hs.claim(h, true) {
			err := h.work()
			hs.finish(h, err)
			if err != nil {
				return fmt.Errorf("%s failed (flows could leave with another pod's translation): %w", h, err)
			}
			continue
		}
		hs.mu.Lock()
		stuck, err := !h.gone && !h.running && h.work == nil, h.err
		hs.mu.Unlock()
		if stuck && err != nil {
			// Nothing here can run: a recovered hold waiting for the
			// reconcile, or an unreadable marker.
			return fmt.Errorf("%s: %w", h, err)
		}
	}
}

// Retry starts a try of every hold whose last try failed (the periodic
// reconcile), and reads again the markers that could not be read.
func (hs *Holds) Retry() {
	hs.mu.Lock()
	var retry []*Hold
	for _, h := range hs.holds {
		if h.err != nil && !h.running && h.work != nil {
			retry = append(retry, h)
		}
	}
	hs.mu.Unlock()
	for _, h := range retry {
		if hs.claim(h, true) {
			go hs.run(h)
		}
	}
	hs.rereadUnknown()
}

// Drop ends pod sandbox's ADD holds without their walk (a removed pod:
// its DEL's walk covers its addresses; a pod whose reconcile ran the
// walk): their markers go, what they held is released, their waiters go
// on. onlyIdle drops only holds with no walk to run (recovered from a
// marker that named no address).
func (hs *Holds) Drop(sandbox string, onlyIdle bool) {
	hs.DropAdds(func(s string) bool { return s != sandbox }, onlyIdle)
}

// DropAdds is Drop for every pod that keep refuses (GC: the pods that
// are not live).
func (hs *Holds) DropAdds(keep func(sandbox string) bool, onlyIdle bool) {
	hs.mu.Lock()
	var files []string
	var free []func()
	for _, h := range hs.holds {
		if h.kind != Add || h.all || keep(h.pod.Sandbox) || (onlyIdle && h.work != nil) {
			continue
		}
		h.gone = true
		files = append(files, h.file)
		free, h.free = append(free, h.free...), nil
		if !h.running {
			// No try will close it: wake its waiters (they find it gone).
			h.done = closed()
		}
	}
	hs.holds = slices.DeleteFunc(hs.holds, func(x *Hold) bool { return x.gone })
	hs.removeMarkers(files...)
	hs.opts.Fault(hs.failing())
	hs.mu.Unlock()
	for _, f := range free {
		f()
	}
}

func closed() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// Interrupted reports whether pod has an ADD hold a previous process
// left (recovered), not yet settled.
func (hs *Holds) Interrupted(sandbox string) bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return slices.ContainsFunc(hs.holds, func(h *Hold) bool { return h.kind == Add && h.recovered && h.pod.Sandbox == sandbox })
}

// PendingAdd reports whether this process has an ADD walk of pod not
// done yet (not one a previous process left).
func (hs *Holds) PendingAdd(sandbox string) bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return slices.ContainsFunc(hs.holds, func(h *Hold) bool { return h.kind == Add && !h.recovered && h.pod.Sandbox == sandbox })
}

// Kept is a pod whose DEL walk is not done: what it holds stays its own.
type Kept struct {
	Pod      Pod
	External []netip.Addr
}

// Kept lists the pods whose DEL walks are not done, and whether a hold
// whose pod is not known is pending too (a marker of the previous
// version, an unreadable one): then nobody can say which blocks and
// addresses its flows use.
func (hs *Holds) Kept() (pods []Kept, unknown bool) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	for _, h := range hs.holds {
		switch {
		case h.all || (h.kind == Del && h.pod.Sandbox == ""):
			unknown = true
		case h.kind == Del && !h.freed:
			pods = append(pods, Kept{Pod: h.pod, External: slices.Clone(h.external)})
		}
	}
	return pods, unknown
}

// View is what status shows of one hold.
type View struct {
	Kind      Kind
	Pod       string
	Addrs     []netip.Addr
	Running   bool
	Recovered bool
	Unknown   bool  // an unreadable marker: every address
	Err       error // the last try's
}

// Views lists the holds w waits for.
func (hs *Holds) Views(w Want) []View {
	w.Addrs = canonical(w.Addrs)
	hs.mu.Lock()
	defer hs.mu.Unlock()
	var out []View
	for _, h := range hs.holds {
		if w.matches(h) {
			out = append(out, View{Kind: h.kind, Pod: h.pod.Sandbox, Addrs: slices.Clone(h.addrs), Running: h.running,
				Recovered: h.recovered, Unknown: h.all, Err: h.err})
		}
	}
	return out
}

// join runs a, then b, each whatever the other's result.
func join(a, b func() error) func() error {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func() error { return errors.Join(a(), b()) }
}

func canonical(addrs []netip.Addr) []netip.Addr {
	out := make([]netip.Addr, 0, len(addrs))
	for _, a := range addrs {
		if a = a.Unmap(); a.IsValid() && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// Canonical is the one form of a pod IP ("ADDR" or "ADDR/LEN") that the
// holds and the address locks key on, so that two spellings of an
// address ("2001:db8::1", "2001:0db8::1/128", "::ffff:198.51.100.1" for
// 198.51.100.1) exclude each other.
func Canonical(s string) (netip.Addr, bool) {
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(s)
	return a.Unmap(), err == nil
}
