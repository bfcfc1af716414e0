package cniutil

import (
	"context"
	"errors"
	"sync"
	"testing"
)

// TestReadCache: within a pass each key is read once, even by concurrent
// callers, failures included; Clear makes the next read go to the source;
// without a cache every call reads.
func TestReadCache(t *testing.T) {
	calls := 0
	var mu sync.Mutex
	read := func() (int, error) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		return calls, nil
	}
	if v, _ := Read(context.Background(), "k", read); v != 1 {
		t.Fatalf("no cache: %d", v)
	}
	if v, _ := Read(context.Background(), "k", read); v != 2 {
		t.Fatalf("no cache reads every time: %d", v)
	}
	c := NewReadCache()
	ctx := WithReadCache(context.Background(), c)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v, err := Read(ctx, "k", read); v != 3 || err != nil {
				t.Errorf("cached read: %d %v", v, err)
			}
		}()
	}
	wg.Wait()
	if v, _ := Read(ctx, "other", read); v != 4 {
		t.Fatalf("another key: %d", v)
	}
	c.Clear()
	if v, _ := Read(ctx, "k", read); v != 5 {
		t.Fatalf("after Clear: %d", v)
	}
	// A failed read is not kept: the next caller reads again.
	boom := errors.New("boom")
	n := 0
	fail := func() (int, error) { n++; return 0, boom }
	for range 3 {
		if _, err := Read(ctx, "bad", fail); !errors.Is(err, boom) {
			t.Fatalf("error: %v", err)
		}
	}
	if n != 3 {
		t.Fatalf("a failed read was read %d times by 3 callers, want 3", n)
	}
	// A nil cache in ctx (a retry outside its pass) reads every time.
	plain := WithReadCache(ctx, nil)
	if v, _ := Read(plain, "k", read); v != 6 {
		t.Fatalf("WithReadCache(nil): %d", v)
	}
}
