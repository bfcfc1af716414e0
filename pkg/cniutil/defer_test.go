package cniutil

import (
	"context"
	"errors"
	"testing"
)

// TestDefer: without a deferral the work runs now and its error is the
// caller's; with one it is handed over, not run.
func TestDefer(t *testing.T) {
	ran := 0
	boom := errors.New("boom")
	work := func() error { ran++; return boom }
	if err := Defer(context.Background(), work); !errors.Is(err, boom) || ran != 1 {
		t.Fatalf("no deferral: %v, ran %d; want boom, once", err, ran)
	}
	var taken []func() error
	var releases []func()
	ctx := WithDeferral(context.Background(), func(w func() error, release func()) {
		taken, releases = append(taken, w), append(releases, release)
	})
	if err := Defer(ctx, work); err != nil || ran != 1 || len(taken) != 1 {
		t.Fatalf("with a deferral: %v, ran %d, taken %d; want nil, not run, taken once", err, ran, len(taken))
	}
	for want := 2; want <= 3; want++ { // a retry runs it again
		if err := taken[0](); !errors.Is(err, boom) || ran != want {
			t.Fatalf("the taken work: %v, ran %d", err, ran)
		}
	}
	releases[0]()
}
