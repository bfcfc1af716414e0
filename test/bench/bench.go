// Package bench is diktyo's benchmark harness (`make bench`): pod-start
// overhead and scale of diktyo's CNI plugins and NRI plugin, measured side
// by side with the reference plugins users would otherwise run.
//
// Everything runs inside throwaway network namespaces the harness creates
// (a "node" namespace per configuration where the plugins run, pod
// namespaces linked to it, a "remote" namespace for traffic); plugins are
// exec'd through libcni exactly as a runtime does. Comparisons are
// interleaved (A, B, A, B... per round) within one process run, and every
// figure is reported as median with p10–p90 and N. Nothing here asserts on
// time: targets are reported as pass/fail in docs/benchmarks.md.
//
// The figures are drawn with gonum.org/v1/plot (plot.go), chosen because
// it is pure Go (no cgo: `go run` and the -render mode need no C
// libraries on the machine), writes SVG for the docs and PNG, has the
// plotters these results call for (lines, error bars; box plots and bar
// charts should a section want them) and is maintained by the Gonum
// project. Axis layout, text measuring and escaping and legend placement
// are then the library's, not code of this package.
package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Section names, for Options.Sections.
const (
	SecFloor      = "floor"      // 0. irreducible cost of each primitive
	SecPerPod     = "perpod"     // 1. per-pod ADD+DEL, diktyo vs reference
	SecUnrelated  = "unrelated"  // 2a. ADD with unrelated nat rules
	SecPods       = "pods"       // 2b. ADD with pods already under policy
	SecPacket     = "packet"     // 3. per-packet cost through the router
	SecContainerd = "containerd" // 4. NRI handler and crictl runp latency
	SecDaemon     = "daemon"     // 5. reconcile time and RSS of diktyo-nri
)

// AllSections in report order.
var AllSections = []string{SecFloor, SecPerPod, SecUnrelated, SecPods, SecPacket, SecContainerd, SecDaemon}

// Options control one run.
type Options struct {
	Mode string // "tiny", "quick" or "full": names the defaults used

	BinDir string // diktyo's plugin binaries (make build's bin/)
	RefDir string // reference plugins (/usr/lib/cni, Debian's package)
	// UpstreamCache is where the upstream plugins are built, one
	// directory per version (empty: the upstream cases are skipped).
	UpstreamCache string
	Root          string // repository root (for hack/ scripts and the report)

	Sections []string // empty: all
	Cases    []string // case keys for per-pod and scale sections; empty: all

	Rounds    int // interleaved rounds per comparison
	PerRound  int // ADD+DEL pairs per case per round
	Unrelated []int
	PodCounts []int

	// Section 0: rounds, and samples of each primitive per round.
	FloorRounds, FloorPerRound int

	PacketPods    []int
	PacketSamples int // round trips per configuration per round (and a twentieth as many bursts)
	PacketRounds  int

	CRIPods       int // pods per arm of the crictl runp comparison
	ReconcilePods int
	RSSPods       []int
	// ScalePods are the node sizes (annotated pods) of section 5's scale
	// run, in-process with the nftables chain, on a node carrying
	// ScaleUnrelated kube-proxy-shaped nat rules.
	ScalePods      []int
	ScaleUnrelated int
	// ScaleRestarts is the restarts (reconciles timed) at each size.
	ScaleRestarts int

	// CRILevels are the numbers of concurrent `crictl runp` of section
	// 4's load measurement; CRILoadPods is the pods per arm at each (at
	// least). CRICreateRounds is the rounds of its unrelated pod's
	// CreateContainer measurement (a few samples each: a create takes
	// about a second while many pods start).
	CRILevels       []int
	CRILoadPods     int
	CRICreateRounds int
	// CRITopRounds is the fewest rounds at the highest level (one block
	// per arm each: the samples of the pods/s ratio's interval).
	CRITopRounds int
	// ProfileDir keeps the raw profiles the scale run takes (empty: a
	// directory of the run's, removed with it).
	ProfileDir string
}

// DefaultOptions returns the settings of a mode: "tiny" (the go test
// smoke run, seconds), "quick" (1–2 minutes), "full" (published figures,
// under 15 minutes on 2 cores).
func DefaultOptions(mode string) (Options, error) {
	o := Options{Mode: mode, RefDir: "/usr/lib/cni"}
	switch mode {
	case "tiny":
		o.Rounds, o.PerRound = 2, 1
		o.FloorRounds, o.FloorPerRound = 2, 3
		o.Unrelated, o.PodCounts = []int{0, 100}, []int{2, 5}
		o.PacketPods, o.PacketSamples, o.PacketRounds = []int{1, 5}, 20, 2
		o.CRIPods, o.ReconcilePods, o.RSSPods = 2, 2, []int{0, 2}
		o.ScalePods, o.ScaleUnrelated, o.ScaleRestarts = []int{4, 8}, 100, 1
		o.CRILevels, o.CRILoadPods, o.CRICreateRounds, o.CRITopRounds = []int{1, 8}, 8, 1, 1
	case "quick":
		o.Rounds, o.PerRound = 4, 2
		o.FloorRounds, o.FloorPerRound = 10, 4
		o.Unrelated, o.PodCounts = []int{0, 10000}, []int{10, 100}
		o.PacketPods, o.PacketSamples, o.PacketRounds = []int{1, 100}, 60, 20
		o.CRIPods, o.ReconcilePods, o.RSSPods = 10, 20, []int{0, 50}
		o.ScalePods, o.ScaleUnrelated, o.ScaleRestarts = []int{100, 300}, 1000, 2
		o.CRILevels, o.CRILoadPods, o.CRICreateRounds, o.CRITopRounds = []int{1, 8, 32}, 16, 1, 2
	case "full":
		o.Rounds, o.PerRound = 10, 3
		o.FloorRounds, o.FloorPerRound = 30, 5
		o.Unrelated, o.PodCounts = []int{0, 1000, 10000}, []int{10, 100, 1000}
		o.PacketPods, o.PacketSamples, o.PacketRounds = []int{1, 100, 1000}, 100, 80
		o.CRIPods, o.ReconcilePods, o.RSSPods = 30, 200, []int{0, 1000}
		o.ScalePods, o.ScaleUnrelated, o.ScaleRestarts = []int{1000, 10000}, 10000, 3
		o.CRILevels, o.CRILoadPods, o.CRICreateRounds, o.CRITopRounds = []int{1, 8, 32}, 32, 6, 6
	default:
		return o, fmt.Errorf("unknown mode %q (want tiny, quick or full)", mode)
	}
	return o, nil
}

func (o *Options) wants(section string) bool {
	return len(o.Sections) == 0 || slices.Contains(o.Sections, section)
}

func (o *Options) wantsCase(key string) bool {
	return len(o.Cases) == 0 || slices.Contains(o.Cases, key)
}

// Harness runs the sections and collects Results.
type Harness struct {
	Opts Options
	Env  *Env
	Log  *slog.Logger
	Res  *Results

	upstream    string // the built upstream plugins ("" if none)
	upstreamErr string // why there are none, when an upstream case wanted them
}

// Run executes the selected sections inside a fresh Env and returns the
// results. Everything created is removed before it returns, also when ctx
// is cancelled (the CLI cancels it on SIGINT/SIGTERM).
func Run(ctx context.Context, opts Options, log *slog.Logger) (*Results, error) {
	env, err := NewEnv(log)
	if err != nil {
		return nil, err
	}
	defer env.Close()
	h := &Harness{Opts: opts, Env: env, Log: log, Res: &Results{Mode: opts.Mode, RunID: env.Run, Started: time.Now()}}
	h.Res.Meta = CollectMeta(ctx, opts)
	foreign := startForeignSampler([]string{env.Dir, env.RunDir, NetnsPrefix + env.Run, benchVMDir})
	defer func() {
		h.Res.Meta.ForeignCPU, h.Res.Meta.ForeignWall, h.Res.Meta.ForeignTop, h.Res.Meta.ForeignPeak = foreign.Stop()
	}()
	h.setupUpstream(ctx)
	sections := []struct {
		name string
		run  func(context.Context) error
	}{
		{SecFloor, h.runFloor},
		{SecPerPod, h.runPerPod},
		{SecUnrelated, h.runUnrelated},
		{SecPods, h.runPods},
		{SecPacket, h.runPacket},
		{SecContainerd, h.runContainerd},
		{SecDaemon, h.runDaemon},
	}
	var errs []error
	for _, s := range sections {
		if !opts.wants(s.name) {
			continue
		}
		if ctx.Err() != nil {
			return h.Res, ctx.Err()
		}
		t0 := time.Now()
		log.Info("section start", "section", s.name)
		if err := s.run(ctx); err != nil {
			if ctx.Err() != nil {
				return h.Res, ctx.Err()
			}
			// One section failing (a plugin bug, say) must not hide the
			// others: record it and go on.
			log.Error("section failed", "section", s.name, "err", err)
			h.Res.skip(s.name, "failed: "+err.Error())
			errs = append(errs, fmt.Errorf("%s: %w", s.name, err))
		}
		h.Res.Durations = append(h.Res.Durations, SectionTime{s.name, time.Since(t0)})
		log.Info("section done", "section", s.name, "took", time.Since(t0).Round(time.Millisecond))
	}
	h.Res.Elapsed = time.Since(h.Res.Started)
	h.Res.Meta.LoadAvgEnd = firstLine("/proc/loadavg")
	return h.Res, errors.Join(errs...)
}

// paths is the CNI_PATH of a case's nodes: diktyo's binaries, then the
// reference plugins it compares against. Debian's and upstream's plugins
// share names, so a node sees only one set.
func (h *Harness) paths(c Case) []string {
	if c.Upstream {
		return []string{h.Opts.BinDir, h.upstream}
	}
	return []string{h.Opts.BinDir, h.Opts.RefDir}
}

// missing returns why a case cannot run (binaries absent), or "".
func (h *Harness) missing(c Case) string {
	if c.Upstream && h.upstream == "" {
		return cmp.Or(h.upstreamErr, "upstream plugins not built")
	}
	var absent []string
	for _, b := range c.Bins {
		found := false
		for _, d := range h.paths(c) {
			if st, err := os.Stat(filepath.Join(d, b)); err == nil && !st.IsDir() {
				found = true
				break
			}
		}
		if !found {
			absent = append(absent, b)
		}
	}
	var tools []string
	for _, t := range c.Tools {
		if _, err := exec.LookPath(t); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join("/usr/sbin", t)); err != nil {
			tools = append(tools, t)
		}
	}
	var why []string
	if len(absent) > 0 {
		why = append(why, fmt.Sprintf("binary %s not found in %s", strings.Join(absent, ", "), strings.Join(h.paths(c), ":")))
	}
	if len(tools) > 0 {
		why = append(why, fmt.Sprintf("%s not installed", strings.Join(tools, ", ")))
	}
	return strings.Join(why, "; ")
}

// cases returns the selected cases that can run (filter further with
// keep), recording a skip line for those that cannot.
func (h *Harness) cases(section string, keep func(Case) bool) []Case {
	var out []Case
	for _, c := range Cases() {
		if !h.Opts.wantsCase(c.Key) {
			continue
		}
		if keep != nil && !keep(c) {
			continue
		}
		if why := h.missing(c); why != "" {
			h.Res.skip(section, fmt.Sprintf("%s: %s", c.Name, why))
			continue
		}
		out = append(out, c)
	}
	return out
}
