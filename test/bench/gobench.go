package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// The allocator and drain figures (section 5): Go benchmarks of
// pkg/egress and plugin, run by the harness with `go test -bench` so that
// they land in the same run as everything else. They need no root and no
// kernel: they time diktyo's own bookkeeping, which nothing else
// measures.

// GoBench is one Go benchmark's figure over -count runs: each run's
// ns/op (or the named metric) is one sample.
type GoBench struct {
	Name   string  `json:"name"`
	Metric string  `json:"metric"`
	Time   Summary `json:"time"`
}

// goBenchSpecs are what runGoBench runs: package, -bench pattern,
// -benchtime, and the metric to keep of each result line.
var goBenchSpecs = []struct {
	pkg, pattern, benchtime, metric string
}{
	{"./pkg/egress/", "^BenchmarkAdmitHeld$", "20000x", "ns/op"},
	{"./pkg/egress/", "^BenchmarkReconcilePass$", "3x", "ns/op"},
	{"./plugin/", "^BenchmarkAddressUsers$/^drain", "1x", "ns/del"},
}

// runGoBench runs goBenchSpecs, count runs each.
func (h *Harness) runGoBench(ctx context.Context) error {
	if h.Opts.Root == "" {
		h.Res.skip(SecDaemon, "Go benchmarks: no repository root (Options.Root)")
		return nil
	}
	count := 5
	if h.Opts.Mode == "tiny" {
		count = 2
	}
	for _, s := range goBenchSpecs {
		cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", s.pattern,
			"-benchtime", s.benchtime, "-count", strconv.Itoa(count), s.pkg)
		cmd.Dir = h.Opts.Root
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go test -bench %s %s: %w: %s%s", s.pattern, s.pkg, err, out.String(), errb.String())
		}
		for name, samples := range parseGoBench(out.Bytes(), s.metric) {
			h.Res.GoBench = append(h.Res.GoBench, GoBench{Name: name, Metric: s.metric, Time: Summarize(samples)})
		}
	}
	return nil
}

// parseGoBench reads `go test -bench` output: for each benchmark (its
// name without the -GOMAXPROCS suffix), the metric of each result line.
func parseGoBench(out []byte, metric string) map[string][]time.Duration {
	res := map[string][]time.Duration{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		for i := 2; i+1 < len(f); i += 2 {
			if f[i+1] != metric {
				continue
			}
			v, err := strconv.ParseFloat(f[i], 64)
			if err == nil {
				res[name] = append(res[name], time.Duration(v))
			}
		}
	}
	return res
}

// findGoBench is the figure of benchmark name, or nil.
func findGoBench(r *Results, name string) *GoBench {
	for i := range r.GoBench {
		if r.GoBench[i].Name == name {
			return &r.GoBench[i]
		}
	}
	return nil
}
