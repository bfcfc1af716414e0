package plugin

import (
	"context"
	"sync"
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
