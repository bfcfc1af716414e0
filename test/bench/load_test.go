package bench

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestForEach: every index once, never more than c at a time, and no new
// index started after an error.
func TestForEach(t *testing.T) {
	var (
		mu        sync.Mutex
		seen      = map[int]int{}
		in, peak  atomic.Int32
		c, n      = 4, 50
		errFailed = errors.New("failed")
	)
	err := forEach(n, c, func(i int) error {
		if cur := in.Add(1); cur > peak.Load() {
			peak.Store(cur)
		}
		time.Sleep(time.Millisecond)
		in.Add(-1)
		mu.Lock()
		seen[i]++
		mu.Unlock()
		return nil
	})
	if err != nil || len(seen) != n || peak.Load() > int32(c) {
		t.Fatalf("err %v, %d indices, peak %d (want nil, %d, ≤ %d)", err, len(seen), peak.Load(), n, c)
	}
	for i, k := range seen {
		if k != 1 {
			t.Errorf("index %d called %d times", i, k)
		}
	}
	var calls atomic.Int32
	err = forEach(n, 1, func(i int) error {
		calls.Add(1)
		if i == 2 {
			return errFailed
		}
		return nil
	})
	if !errors.Is(err, errFailed) || calls.Load() != 3 {
		t.Errorf("after an error: err %v, %d calls (want %v, 3)", err, calls.Load(), errFailed)
	}
}

// TestBlockPlan: a block has at least as many pods as start at once, and
// the rounds reach the mode's pods per arm.
func TestBlockPlan(t *testing.T) {
	for _, tc := range []struct{ pods, c, block, rounds int }{
		{8, 1, 8, 1}, {8, 8, 8, 1}, {32, 1, 16, 2}, {32, 32, 32, 1}, {48, 8, 16, 3}, {48, 32, 32, 2},
	} {
		v := &benchVM{h: &Harness{Opts: Options{CRILoadPods: tc.pods, CRILevels: []int{1, 8, 32}}}}
		if b, r := v.blockPlan(tc.c); b != tc.block || r != tc.rounds {
			t.Errorf("%d pods, %d at once: block %d, rounds %d; want %d, %d", tc.pods, tc.c, b, r, tc.block, tc.rounds)
		}
	}
	// The highest level gets CRITopRounds (the pods/s interval's
	// blocks); the others keep theirs.
	v := &benchVM{h: &Harness{Opts: Options{CRILoadPods: 32, CRILevels: []int{1, 8, 32}, CRITopRounds: 6}}}
	if _, r := v.blockPlan(32); r != 6 {
		t.Errorf("top level with CRITopRounds 6: %d rounds", r)
	}
	if _, r := v.blockPlan(1); r != 2 {
		t.Errorf("lower level with CRITopRounds 6: %d rounds, want 2", r)
	}
}

func TestPortSlot(t *testing.T) {
	if got := portSlot("198.19.255.12", 20000, 199); got != "198.19.255.12:29900-29999" {
		t.Errorf("portSlot = %q", got)
	}
}
