package watch

import (
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
)

// face records what the watch tells it; the pod it is asked about is
// live with netns until the test ends.
type face struct {
	netns string
	mu    sync.Mutex
	done  bool
	reads []error
	busy  []int
	ended []Proof
	torn  int
}

func (f *face) LiveNetNS(string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.netns, !f.done
}

func (f *face) Known(string) bool { return true }

func (f *face) Read(_ string, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads = append(f.reads, err)
}

func (f *face) Busy(_ string, pid int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.busy = append(f.busy, pid)
}

func (f *face) Ended(_ string, p Proof) func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ended = append(f.ended, p)
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.torn++
	}
}

func newFace(t *testing.T, netns string) *face {
	f := &face{netns: netns}
	// The pod is no longer live once the test ends: a retry pending
	// then stops asking.
	t.Cleanup(func() { f.mu.Lock(); f.done = true; f.mu.Unlock() })
	return f
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestEndedOnlyOnProof: a pause's exit is told to the face as an end
// only with proof. An unreadable /proc is "unknown" (the read's error is
// told, nothing ended); a process left in the netns keeps the pod (this
// test's own process is in /proc/self/ns/net); a netns that is gone is
// proof, and the teardown runs.
func TestEndedOnlyOnProof(t *testing.T) {
	unknown := newFace(t, "/proc/self/ns/net")
	New(unknown, filepath.Join(t.TempDir(), "no-proc"), quiet()).Exited("pod")
	if len(unknown.ended) != 0 || len(unknown.reads) != 1 || unknown.reads[0] == nil {
		t.Errorf("unreadable /proc: ended %v, reads %v; want no end and the read's error", unknown.ended, unknown.reads)
	}

	busy := newFace(t, "/proc/self/ns/net")
	New(busy, "/proc", quiet()).Exited("pod")
	if len(busy.ended) != 0 || len(busy.busy) != 1 || busy.reads[0] != nil {
		t.Errorf("a process left in the netns: ended %v, busy %v, reads %v; want kept", busy.ended, busy.busy, busy.reads)
	}

	gone := newFace(t, filepath.Join(t.TempDir(), "absent"))
	New(gone, "/proc", quiet()).Exited("pod")
	if len(gone.ended) != 1 || gone.torn != 1 || gone.reads[0] != nil {
		t.Errorf("a netns that is gone: ended %v, torn down %d times, reads %v; want one end", gone.ended, gone.torn, gone.reads)
	}
}

// TestNotWatchedSaysWhy: a watch that cannot be set is a Failure, the
// first one for a pod marked first, and status says why.
func TestNotWatchedSaysWhy(t *testing.T) {
	w := New(newFace(t, "/proc/self/ns/net"), "/proc", quiet())
	f := w.Watch("pod", "/proc/self/ns/net", 0)
	if f == nil || !f.First || f.Reason != watchNoPid {
		t.Fatalf("watch without a pid: %+v, want a first %s failure", f, watchNoPid)
	}
	if f := w.Watch("pod", "/proc/self/ns/net", 0); f == nil || f.First {
		t.Errorf("second failure of one pod: %+v, want not first", f)
	}
	if s := w.Status("pod"); s != "none: "+errNoPid.Error() {
		t.Errorf("status %q", s)
	}
	if w.Unwatch("pod") || w.Status("pod") != "" {
		t.Errorf("after Unwatch: status %q, want none", w.Status("pod"))
	}
}
