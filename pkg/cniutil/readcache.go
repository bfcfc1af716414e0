package cniutil

import (
	"context"
	"sync"
)

// A ReadCache holds what one reconcile pass has read of the node's state
// (a nat table, a rule list, a map's elements), so that checking N pods
// reads each of them once rather than once per pod: a pass is then O(N)
// instead of O(N²). diktyo-nri puts one in the context of every CHECK of
// a pass (WithReadCache) and clears it after any repair; the plugins'
// CHECK paths read through it (Read). ADD and DEL never do: they must see
// the kernel as it is.
//
// What a pass reads may be up to one pass old by the time a pod is
// checked; drift that appears meanwhile is found by the next pass.
type ReadCache struct {
	mu sync.Mutex
	m  map[string]*cached
}

type cached struct {
	once sync.Once
	v    any
	err  error
}

// NewReadCache returns an empty cache.
func NewReadCache() *ReadCache { return &ReadCache{m: map[string]*cached{}} }

// Clear forgets everything read so far (after a repair changed the
// node).
func (c *ReadCache) Clear() {
	c.mu.Lock()
	c.m = map[string]*cached{}
	c.mu.Unlock()
}

type readCacheKey struct{}

// WithReadCache returns ctx carrying c for the CHECKs run with it.
func WithReadCache(ctx context.Context, c *ReadCache) context.Context {
	return context.WithValue(ctx, readCacheKey{}, c)
}

// ReadCacheFrom returns the cache ctx carries, or nil.
func ReadCacheFrom(ctx context.Context) *ReadCache {
	c, _ := ctx.Value(readCacheKey{}).(*ReadCache)
	return c
}

// Read returns read's result, computed once per key for the pass whose
// cache ctx carries (concurrent callers wait for the first); without a
// cache it just calls read. A failed read is not kept: it may be the
// first caller's own (its deadline, an interrupted dump), and the next
// caller reads again. The value must not be changed by its users.
func Read[T any](ctx context.Context, key string, read func() (T, error)) (T, error) {
	c := ReadCacheFrom(ctx)
	if c == nil {
		return read()
	}
	c.mu.Lock()
	e, ok := c.m[key]
	if !ok {
		e = &cached{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v, e.err = read() })
	if e.err != nil {
		c.mu.Lock()
		if c.m[key] == e {
			delete(c.m, key)
		}
		c.mu.Unlock()
	}
	v, _ := e.v.(T)
	return v, e.err
}
