package main

import (
	"errors"
	"log/slog"
	"math"
	"runtime/debug"
	"testing"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// TestMemoryLimitFromTheContainer: the runtime's soft limit becomes 90% of
// the container's limit; GOMEMLIMIT in the environment wins; a limit that
// cannot be read leaves the default.
func TestMemoryLimitFromTheContainer(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(orig) })
	quiet := slog.New(slog.DiscardHandler)

	t.Setenv("GOMEMLIMIT", "")
	setMemoryLimit(quiet, memlimit.Limit(256<<20))
	if got, want := debug.SetMemoryLimit(-1), int64(256<<20)*9/10; got != want {
		t.Errorf("256 MiB container: GOMEMLIMIT %d, want %d", got, want)
	}

	debug.SetMemoryLimit(math.MaxInt64)
	setMemoryLimit(quiet, func() (uint64, error) { return 0, errors.New("no cgroup") })
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("unreadable limit: GOMEMLIMIT %d, want the default", got)
	}

	t.Setenv("GOMEMLIMIT", "100MiB")
	debug.SetMemoryLimit(100 << 20)
	setMemoryLimit(quiet, memlimit.Limit(256<<20))
	if got := debug.SetMemoryLimit(-1); got != 100<<20 {
		t.Errorf("GOMEMLIMIT=100MiB: %d, want it kept", got)
	}
}
