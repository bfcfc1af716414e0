package work

import (
	"context"
	"testing"
	"time"
)

// TestPodLocks: a pod's lock excludes its own work only, and gives up
// with its context.
func TestPodLocks(t *testing.T) {
	l := newPodLocks()
	ctx := context.Background()
	if err := l.lock(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	// Another pod is independent.
	if err := l.lock(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	l.unlock("b")
	// The same pod waits, and gives up with its context.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := l.lock(cctx, "a"); err == nil {
		t.Fatal("second lock of a held pod succeeded")
	}
	got := make(chan struct{})
	go func() {
		if err := l.lock(ctx, "a"); err == nil {
			close(got)
		}
	}()
	select {
	case <-got:
		t.Fatal("lock taken while held")
	case <-time.After(50 * time.Millisecond):
	}
	l.unlock("a")
	<-got
	l.unlock("a")
	if n := l.held(); n != 0 {
		t.Errorf("%d lock entries left", n)
	}
}
