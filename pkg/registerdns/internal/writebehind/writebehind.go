// Package writebehind is what registerDNS's backends share to write behind
// the answer (hosts/behind.go, rfc2136/behind.go): the writers of one
// process by key, each one's loop with its retries, and the wait for
// what it has not written yet.
package writebehind

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Writer is one file's or server's writer.
type Writer interface {
	// Flush waits, within ctx, until everything accepted so far is
	// written.
	Flush(ctx context.Context) error
}

// Writers are a process's writers of one kind, by key (a path, a
// server): every backend value of one key (one per verb call) shares its
// writer.
type Writers[W Writer] struct{ m sync.Map }

// Get returns key's writer, made by newW (and started by start) the
// first time.
func (ws *Writers[W]) Get(key string, newW func() W, start func(W)) W {
	if w, ok := ws.m.Load(key); ok {
		return w.(W)
	}
	w, loaded := ws.m.LoadOrStore(key, newW())
	if !loaded {
		start(w.(W))
	}
	return w.(W)
}

// Flush flushes every writer.
func (ws *Writers[W]) Flush(ctx context.Context) error {
	var errs []error
	ws.m.Range(func(_, w any) bool {
		errs = append(errs, w.(W).Flush(ctx))
		return true
	})
	return errors.Join(errs...)
}

// Run is a writer's loop: at each kick it calls step until step has no
// more to do; after a step that failed it pauses, 50 ms doubling up to
// 5 s, and steps again (what failed is still queued).
func Run(kick <-chan struct{}, step func() (more bool, err error)) {
	pause := 50 * time.Millisecond
	for range kick {
		for {
			more, err := step()
			if err != nil {
				time.Sleep(pause)
				pause = min(2*pause, 5*time.Second)
				continue
			}
			pause = 50 * time.Millisecond
			if !more {
				break
			}
		}
	}
}

// Drained tells a writer's Flush when nothing is left: Open when
// something is queued, Close when the queue empties. The caller's lock
// guards it.
type Drained struct{ ch chan struct{} }

// Open marks something queued.
func (d *Drained) Open() {
	if d.ch == nil {
		d.ch = make(chan struct{})
	}
}

// Close marks the queue empty, waking Wait's callers.
func (d *Drained) Close() {
	if d.ch != nil {
		close(d.ch)
		d.ch = nil
	}
}

// Chan is what Wait waits on (nil: nothing queued).
func (d *Drained) Chan() <-chan struct{} { return d.ch }

// Wait waits for ch to close within ctx; left says, when ctx ends
// first, what is left unwritten and why.
func Wait(ctx context.Context, ch <-chan struct{}, left func(error) error) error {
	if ch == nil {
		return nil
	}
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return left(ctx.Err())
	}
}
