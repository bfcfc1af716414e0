package view

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
)

// conntrackStatPath is the kernel's per-CPU conntrack statistics.
const conntrackStatPath = "/proc/net/stat/nf_conntrack"

// conntrackCounter sums one column of the kernel's per-CPU conntrack
// statistics. insert_failed and drop count the flows the kernel could not
// track (for SNAT: could not give a unique tuple, as when a port block is
// exhausted); they are the kernel's own view of NAT exhaustion, beside the
// allocator's blocks.
func conntrackCounter(path, column string) (float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 2 {
		return 0, fmt.Errorf("%s: no per-CPU lines", path)
	}
	col := -1
	for i, name := range strings.Fields(lines[0]) {
		if name == column {
			col = i
		}
	}
	if col < 0 {
		return 0, fmt.Errorf("%s: no column %q", path, column)
	}
	var sum float64
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if col >= len(f) {
			return 0, fmt.Errorf("%s: short line %q", path, l)
		}
		n, err := strconv.ParseUint(f[col], 16, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: column %s: %w", path, column, err)
		}
		sum += float64(n)
	}
	return sum, nil
}

// RegisterConntrackStats exports the kernel's NAT insert failures and
// drops, read at each scrape (nothing on the pod path).
func RegisterConntrackStats(reg prometheus.Registerer) {
	for _, c := range []struct{ column, help string }{
		{"insert_failed", "Conntrack entries the kernel failed to insert (for SNAT: no free tuple, e.g. a port block exhausted), summed over CPUs."},
		{"drop", "Packets the kernel dropped because conntrack could not track them, summed over CPUs."},
	} {
		column := c.column
		reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "diktyo_kernel_conntrack_" + column + "_total", Help: c.help,
		}, func() float64 {
			v, _ := conntrackCounter(conntrackStatPath, column)
			return v
		}))
	}
}
