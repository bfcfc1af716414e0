package main

import (
	"log/slog"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// setMemoryLimit makes the Go runtime's soft memory limit 90% of the
// container's (its cgroup's memory limit, v2 or v1), so that the garbage
// collector works harder before the kernel's OOM killer would end the
// daemon mid-transaction. GOMEMLIMIT in the environment wins; without a
// limit, or with one that cannot be read, the runtime's default stays.
func setMemoryLimit(log *slog.Logger, provider memlimit.Provider) {
	limit, err := memlimit.Set(memlimit.WithProvider(provider), memlimit.WithRatio(0.9))
	switch {
	case err != nil:
		log.Info("memory limit: none set", "reason", err.Error())
	case limit > 0:
		log.Info("memory limit", "gomemlimit", limit)
	}
}
