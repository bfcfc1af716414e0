package hold

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// walker is a fake conntrack walk: it fails while fail is set, blocks
// while gate is not nil, and counts its runs.
type walker struct {
	fail  atomic.Bool
	runs  atomic.Int32
	gate  chan struct{}
	boom  error
	flush []netip.Addr // what a recovered hold asked to flush
	mu    sync.Mutex
}

func (w *walker) walk() error {
	w.runs.Add(1)
	if w.gate != nil {
		<-w.gate
	}
	if w.fail.Load() {
		return w.boom
	}
	return nil
}

func (w *walker) flusher(addrs []netip.Addr) func() error {
	w.mu.Lock()
	w.flush = append(w.flush, addrs...)
	w.mu.Unlock()
	return w.walk
}

// faults records the last fault reported.
type faults struct {
	mu   sync.Mutex
	last error
	n    atomic.Int32
}

func (f *faults) set(err error) { f.mu.Lock(); f.last = err; f.mu.Unlock() }
func (f *faults) get() error    { f.mu.Lock(); defer f.mu.Unlock(); return f.last }

func newHolds(t *testing.T) (*Holds, *faults, string) {
	f := &faults{}
	hs := New(Options{Fault: f.set, Failed: func() { f.n.Add(1) }, Retries: []time.Duration{}})
	return hs, f, t.TempDir()
}

var (
	a1 = netip.MustParseAddr("198.51.100.1")
	a2 = netip.MustParseAddr("2001:db8::2")
	a3 = netip.MustParseAddr("198.51.100.3")
	x1 = netip.MustParseAddr("203.0.113.1")
)

func await(hs *Holds, w Want) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	return hs.Await(ctx, w)
}

func markers(t *testing.T, cacheDir string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(cacheDir, Dir))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// A DEL hold holds its addresses from before the DEL until its walk
// succeeded, with its marker; then what the pod held goes back first,
// while the addresses are still held, and the marker goes.
func TestDelHoldReleaseOrder(t *testing.T) {
	hs, _, cache := newHolds(t)
	w := &walker{gate: make(chan struct{})}
	pod := Pod{Sandbox: "s1", Namespace: "ns", Name: "web", UID: "u1"}
	h, err := hs.Take(filepath.Join(cache, Dir), Del, pod, []netip.Addr{a1, netip.AddrFrom16(a3.As16())}, []netip.Addr{x1})
	if err != nil {
		t.Fatal(err)
	}
	if len(markers(t, cache)) != 1 {
		t.Fatalf("markers while the DEL runs: %v, want one", markers(t, cache))
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a3}}); err == nil || !strings.Contains(err.Error(), "still running") {
		t.Fatalf("an address of a DEL in progress (given unmapped, held mapped): %v, want held", err)
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a2}}); err != nil {
		t.Fatalf("another address: %v", err)
	}
	var order []string
	var freedWhileHeld bool
	hs.Hand(h, w.walk, func() { order = append(order, "netns") })
	hs.OnFree(h, []netip.Addr{x1}, func() {
		order = append(order, "blocks")
		freedWhileHeld = hs.Pending(Want{Addrs: []netip.Addr{a1}})
		if kept, _ := hs.Kept(); len(kept) != 0 {
			t.Errorf("pods kept while their release runs: %v, want none (its users are counted without it)", kept)
		}
	})
	if kept, unknown := hs.Kept(); unknown || len(kept) != 1 || kept[0].Pod != pod || !slices.Equal(kept[0].External, []netip.Addr{x1}) {
		t.Fatalf("kept while the walk is pending: %v (unknown %v)", kept, unknown)
	}
	hs.Start(h, nil)
	close(w.gate)
	if err := hs.Await(context.Background(), Want{Addrs: []netip.Addr{a1}}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(order, []string{"netns", "blocks"}) || !freedWhileHeld {
		t.Errorf("releases %v (while held: %v), want both, before the addresses are free", order, freedWhileHeld)
	}
	if m := markers(t, cache); len(m) != 0 {
		t.Errorf("markers after the walk: %v", m)
	}
}

// A walk that fails keeps its addresses held and is the fault; the
// next waiter runs it again and gets its error while it fails; once it
// succeeds the fault is gone.
func TestFailedWalkRetriedByWaiter(t *testing.T) {
	hs, f, cache := newHolds(t)
	w := &walker{boom: errors.New("netlink says no")}
	w.fail.Store(true)
	h, _ := hs.Take(filepath.Join(cache, Dir), Del, Pod{Sandbox: "s1"}, []netip.Addr{a1}, nil)
	hs.Hand(h, w.walk, nil)
	done := hs.Done(h)
	hs.Start(h, nil)
	<-done
	if err := f.get(); err == nil || !strings.Contains(err.Error(), "netlink says no") {
		t.Fatalf("fault after a failed walk: %v", err)
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a1}}); !errors.Is(err, w.boom) || w.runs.Load() != 2 {
		t.Fatalf("waiter while the walk fails: %v after %d runs, want its error after a run of its own", err, w.runs.Load())
	}
	w.fail.Store(false)
	hs.Retry()
	if err := hs.Await(context.Background(), Want{Addrs: []netip.Addr{a1}}); err != nil {
		t.Fatal(err)
	}
	if err := f.get(); err != nil {
		t.Errorf("fault after success: %v", err)
	}
	if n := f.n.Load(); n != 2 {
		t.Errorf("failed tries counted: %d, want 2", n)
	}
}

// The ADD's hold: awaited by its pod (CreateContainer), and by later
// users of its addresses, never by the pod's own chain work; a second
// ADD of the pod runs both walks and is the one that counts.
func TestAddHoldAwait(t *testing.T) {
	hs, _, cache := newHolds(t)
	first, second := &walker{gate: make(chan struct{})}, &walker{}
	h, _ := hs.Take(filepath.Join(cache, Dir), Add, Pod{Sandbox: "p"}, []netip.Addr{a1}, nil)
	hs.Hand(h, first.walk, nil)
	hs.Start(h, nil)
	if err := await(hs, Want{Pod: "p"}); err == nil {
		t.Fatal("the pod's container while its ADD walk runs: free")
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a1}}); err == nil {
		t.Fatal("another pod's ADD on the address while the walk runs: free")
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a1}, Except: "p"}); err != nil {
		t.Fatalf("the pod's own chain work: %v, want not held", err)
	}
	h2, _ := hs.Take(filepath.Join(cache, Dir), Add, Pod{Sandbox: "p"}, []netip.Addr{a1}, nil)
	hs.Hand(h2, second.walk, nil)
	if m := markers(t, cache); len(m) != 1 {
		t.Errorf("markers of one pod's two ADDs: %v, want the latest only", m)
	}
	close(first.gate)
	hs.Start(h2, nil)
	if err := hs.Await(context.Background(), Want{Pod: "p"}); err != nil {
		t.Fatal(err)
	}
	if first.runs.Load() != 2 || second.runs.Load() != 1 {
		t.Errorf("runs: first %d, second %d; want the first again within the second ADD's", first.runs.Load(), second.runs.Load())
	}
	if m := markers(t, cache); len(m) != 0 {
		t.Errorf("markers after both: %v", m)
	}
}

// After a kill: each marker is held again, for its pod, and its walk (a
// flush of its addresses) runs; a DEL's hold keeps only its own pod's
// blocks and addresses.
func TestRecoverAfterKill(t *testing.T) {
	killed, _, cache := newHolds(t)
	dir := filepath.Join(cache, Dir)
	pod := Pod{Sandbox: "s1", Namespace: "ns", Name: "web", UID: "u1"}
	if _, err := killed.Take(dir, Del, pod, []netip.Addr{a1}, []netip.Addr{x1}); err != nil {
		t.Fatal(err)
	}
	if _, err := killed.Take(dir, Add, Pod{Sandbox: "s2"}, []netip.Addr{a2}, nil); err != nil {
		t.Fatal(err)
	}
	hs, _, _ := newHolds(t)
	w := &walker{fail: atomic.Bool{}, gate: make(chan struct{}), boom: errors.New("no chain")}
	hs.Recover(cache, w.flusher)
	if kept, unknown := hs.Kept(); unknown || len(kept) != 1 || kept[0].Pod != pod || !slices.Equal(kept[0].External, []netip.Addr{x1}) {
		t.Errorf("kept after the restart: %v (unknown %v), want the stopped pod only", kept, unknown)
	}
	if !hs.Interrupted("s2") || hs.Interrupted("s1") {
		t.Error("the interrupted ADD is not known as such")
	}
	if err := await(hs, Want{Pod: "s2"}); err == nil {
		t.Error("the interrupted ADD's pod may start a container before the walk")
	}
	// Recovering the same directory again (a config load) takes nothing twice.
	hs.Recover(cache, w.flusher)
	close(w.gate)
	if err := hs.Await(context.Background(), Want{Addrs: []netip.Addr{a1, a2}}); err != nil {
		t.Fatal(err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	slices.SortFunc(w.flush, netip.Addr.Compare)
	if !slices.Equal(w.flush, []netip.Addr{a1, a2}) {
		t.Errorf("flushed %v, want each marker's addresses once", w.flush)
	}
	if m := markers(t, cache); len(m) != 0 {
		t.Errorf("markers after the walks: %v", m)
	}
}

// A marker that cannot be read proves nothing: every address is held and
// the fault says why, until it can be read (or is removed).
func TestUnreadableMarkerHoldsEverything(t *testing.T) {
	_, _, cache := newHolds(t)
	dir := filepath.Join(cache, Dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "del-s9-1-1.json")
	if err := os.WriteFile(bad, []byte(`{"version":1,"kind":"del","pod":{"sand`), 0o600); err != nil {
		t.Fatal(err)
	}
	hs, f, _ := newHolds(t)
	w := &walker{}
	hs.Recover(cache, w.flusher)
	if err := await(hs, Want{Addrs: []netip.Addr{a3}}); err == nil || !strings.Contains(err.Error(), "unreadable") {
		t.Fatalf("any address with an unreadable marker: %v, want held", err)
	}
	if _, unknown := hs.Kept(); !unknown {
		t.Error("an unreadable marker's pod is known")
	}
	if f.get() == nil || f.n.Load() == 0 {
		t.Error("no fault counted for the unreadable marker")
	}
	// Readable now (repaired): it holds its own address only.
	if err := os.WriteFile(bad, []byte(`{"version":1,"kind":"del","pod":{"sandbox":"s9"},"addresses":["198.51.100.1"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	w.gate = make(chan struct{})
	hs.Retry()
	if err := await(hs, Want{Addrs: []netip.Addr{a3}}); err != nil {
		t.Errorf("another address once the marker reads: %v", err)
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a1}}); err == nil {
		t.Error("the marker's address is free before its walk")
	}
	close(w.gate)
	if err := hs.Await(context.Background(), Want{Addrs: []netip.Addr{a1}}); err != nil {
		t.Fatal(err)
	}
	if f.get() != nil {
		t.Errorf("fault once read and walked: %v", f.get())
	}
}

// The previous version's markers are converted at start: none is lost.
func TestOldMarkersConverted(t *testing.T) {
	hs, _, cache := newHolds(t)
	for _, f := range []string{"deferred/s1", "deferred-flows/198.51.100.3", "deferred-flows/.tmp-1"} {
		path := filepath.Join(cache, f)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	w := &walker{gate: make(chan struct{})}
	hs.Recover(cache, w.flusher)
	for _, old := range []string{"deferred", "deferred-flows"} {
		if ents, _ := os.ReadDir(filepath.Join(cache, old)); len(ents) != 0 {
			t.Errorf("old markers left in %s: %v", old, ents)
		}
	}
	if m := markers(t, cache); len(m) != 2 {
		t.Errorf("converted markers: %v, want two", m)
	}
	if !hs.Interrupted("s1") {
		t.Error("the old ADD marker's pod is not held")
	}
	if err := await(hs, Want{Addrs: []netip.Addr{a3}}); err == nil {
		t.Error("the old DEL marker's address is not held")
	}
	if _, unknown := hs.Kept(); !unknown {
		t.Error("an old DEL marker names no pod: its blocks cannot be told apart")
	}
	close(w.gate)
	// The old ADD marker named no address: the reconcile settles it.
	hs.Drop("s1", false)
	if err := hs.Await(context.Background(), Want{Pod: "s1", Addrs: []netip.Addr{a3}}); err != nil {
		t.Fatal(err)
	}
	if m := markers(t, cache); len(m) != 0 {
		t.Errorf("markers once settled: %v", m)
	}
}

// Removing a pod drops its ADD hold (the DEL's walk covers its
// addresses): its marker goes, what it held is released, waiters go on.
func TestDropAdd(t *testing.T) {
	hs, _, cache := newHolds(t)
	w := &walker{gate: make(chan struct{})}
	var released atomic.Int32
	h, _ := hs.Take(filepath.Join(cache, Dir), Add, Pod{Sandbox: "p"}, []netip.Addr{a1}, nil)
	hs.Hand(h, w.walk, func() { released.Add(1) })
	hs.Start(h, nil)
	hs.Drop("p", false)
	if err := await(hs, Want{Pod: "p", Addrs: []netip.Addr{a1}}); err != nil {
		t.Errorf("after the drop: %v", err)
	}
	close(w.gate)
	if released.Load() != 1 || len(markers(t, cache)) != 0 {
		t.Errorf("released %d, markers %v; want once, none", released.Load(), markers(t, cache))
	}
}

// Every spelling of an address is the one key.
func TestCanonical(t *testing.T) {
	for _, s := range []string{"198.51.100.1", "198.51.100.1/24", "::ffff:198.51.100.1"} {
		if a, ok := Canonical(s); !ok || a != a1 {
			t.Errorf("%s: %v %v, want %v", s, a, ok, a1)
		}
	}
	if _, ok := Canonical("eth0"); ok {
		t.Error("a name parsed as an address")
	}
}

// A config load reads the markers again while this process takes holds:
// its own markers (held, or leaving with their hold) are never taken for
// a killed process's.
func TestRecoverLeavesOwnMarkers(t *testing.T) {
	hs, _, cache := newHolds(t)
	w := &walker{}
	h, err := hs.Take(filepath.Join(cache, Dir), Add, Pod{Sandbox: "p"}, []netip.Addr{a1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// As a Recover that read the file before the hold was listed would
	// see it: the marker alone.
	hs.mu.Lock()
	hs.holds = slices.DeleteFunc(hs.holds, func(x *Hold) bool { return x == h })
	hs.mu.Unlock()
	hs.Recover(cache, w.flusher)
	if hs.Interrupted("p") || len(w.flush) != 0 {
		t.Error("this process's own marker was recovered as a killed process's")
	}
}

// A failed walk is retried in the background, without any waiter, at
// each of the Retries' waits; it is logged once however often it fails.
func TestBackgroundRetries(t *testing.T) {
	var logged atomic.Int32
	hs := New(Options{Retries: []time.Duration{time.Millisecond, time.Millisecond}, Log: countingLogger(&logged)})
	third := make(chan struct{})
	var runs atomic.Int32
	h, _ := hs.Take(filepath.Join(t.TempDir(), Dir), Del, Pod{Sandbox: "s"}, []netip.Addr{a1}, nil)
	hs.Hand(h, func() error {
		switch runs.Add(1) {
		case 3:
			close(third)
			return nil
		default:
			return errors.New("busy")
		}
	}, nil)
	hs.Start(h, nil)
	<-third
	if err := hs.Await(context.Background(), Want{Addrs: []netip.Addr{a1}}); err != nil {
		t.Fatal(err)
	}
	if n := runs.Load(); n != 3 {
		t.Errorf("runs: %d, want the first and two background retries", n)
	}
	if n := logged.Load(); n != 1 {
		t.Errorf("logged %d times, want once", n)
	}
}

// countingLogger counts the records logged at error level.
func countingLogger(n *atomic.Int32) *slog.Logger {
	return slog.New(countingHandler{n})
}

type countingHandler struct{ n *atomic.Int32 }

func (h countingHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h countingHandler) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		h.n.Add(1)
	}
	return nil
}
func (h countingHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h countingHandler) WithGroup(string) slog.Handler      { return h }
