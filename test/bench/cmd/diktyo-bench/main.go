// Command diktyo-bench runs diktyo's benchmarks (make bench) and writes
// docs/benchmarks.md with its SVG plots. See docs/benchmarks.md, "How to
// reproduce". Needs root; everything it creates lives in throwaway network
// namespaces and is removed at the end, on failure and on SIGINT/SIGTERM.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/test/bench"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "diktyo-bench:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := testutil.ModuleRoot()
	if err != nil {
		return err
	}
	defMode := "full"
	if m := os.Getenv("DIKTYO_BENCH_MODE"); m != "" {
		defMode = m
	}
	mode := flag.String("mode", defMode, "tiny (seconds), quick (1-2 min) or full (published figures); env DIKTYO_BENCH_MODE")
	quick := flag.Bool("quick", false, "same as -mode quick")
	binDir := flag.String("bin", filepath.Join(root, "bin"), "diktyo plugin binaries")
	refDir := flag.String("ref", "/usr/lib/cni", "reference CNI plugins (Debian's package)")
	upstream := flag.String("upstream", filepath.Join(root, "bin", "bench", "upstream"),
		"where the upstream CNI plugins (go.mod's containernetworking/plugins) are built, per version; empty: skip them")
	out := flag.String("out", "", "report path (default docs/benchmarks.md in full mode, bin/bench/benchmarks.md otherwise)")
	imgDir := flag.String("img", "", "plot directory (default img/ beside the report)")
	jsonOut := flag.String("json", "", "also write the raw results as JSON here")
	sections := flag.String("sections", "", "comma-separated subset of "+strings.Join(bench.AllSections, ","))
	cases := flag.String("cases", "", "comma-separated case keys for sections 1-2 (default all)")
	rounds := flag.Int("rounds", 0, "override the mode's rounds")
	perRound := flag.Int("per-round", 0, "override the mode's ADD+DEL pairs per case per round")
	reconcilePods := flag.Int("reconcile-pods", 0, "override the mode's annotated pods for the diktyo-nri reconcile measurement")
	build := flag.Bool("build", false, "go build ./cmd/... into -bin first")
	verbose := flag.Bool("v", false, "debug logging")
	render := flag.String("render", "", "only render the report from results saved with -json (no root, nothing measured)")
	publishBusy := flag.Bool("publish-busy", false, "replace docs/benchmarks.md even when the machine was busy (bench.QuietEnough says when)")
	flag.Parse()
	if *quick {
		*mode = "quick"
	}

	opts, err := bench.DefaultOptions(*mode)
	if err != nil {
		return err
	}
	// Absolute: diktyo-nri and the plugins are started from other
	// directories, and the admin config the harness writes names them.
	for _, p := range []*string{binDir, refDir, upstream} {
		if *p == "" {
			continue
		}
		if *p, err = filepath.Abs(*p); err != nil {
			return err
		}
	}
	opts.BinDir, opts.RefDir, opts.UpstreamCache, opts.Root = *binDir, *refDir, *upstream, root
	opts.Sections, opts.Cases = splitList(*sections), splitList(*cases)
	for _, s := range opts.Sections {
		if !contains(bench.AllSections, s) {
			return fmt.Errorf("-sections: unknown section %q (want %s)", s, strings.Join(bench.AllSections, ","))
		}
	}
	if *reconcilePods > 0 {
		opts.ReconcilePods = *reconcilePods
	}
	if *rounds > 0 {
		opts.Rounds, opts.PacketRounds, opts.FloorRounds = *rounds, *rounds, *rounds
	}
	if *perRound > 0 {
		opts.PerRound = *perRound
	}
	if *jsonOut != "" {
		// The scale run's raw profiles stay beside the results.
		opts.ProfileDir = filepath.Join(filepath.Dir(*jsonOut), "profiles")
	}
	published := filepath.Join(root, "docs", "benchmarks.md")
	if *out == "" {
		*out = filepath.Join(root, "bin", "bench", "benchmarks.md")
		if opts.Mode == "full" {
			*out = published
		}
	}
	if *imgDir == "" {
		*imgDir = filepath.Join(filepath.Dir(*out), "img")
	}

	if *render != "" {
		raw, err := os.ReadFile(*render)
		if err != nil {
			return err
		}
		var res bench.Results
		if err := json.Unmarshal(raw, &res); err != nil {
			return fmt.Errorf("%s: %w", *render, err)
		}
		if quiet, why := bench.QuietEnough(res.Meta); !quiet && *out == published && !*publishBusy {
			return fmt.Errorf("%s: the machine was busy (%s): not rendered over %s (-out elsewhere, or -publish-busy)", *render, why, published)
		}
		return writeReport(&res, *out, *imgDir, *jsonOut)
	}

	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	if *build {
		cmd := exec.Command("go", "build", "-o", opts.BinDir+"/", "./cmd/...")
		cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building plugins: %w", err)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, runErr := bench.Run(ctx, opts, log)
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted; everything created was removed")
	}
	if res == nil {
		return runErr
	}
	if quiet, why := bench.QuietEnough(res.Meta); !quiet && *out == published && !*publishBusy {
		// Published figures come from a quiet machine only: a busy run's
		// report goes beside the binaries, and docs/ keeps the last
		// quiet one.
		*out = filepath.Join(root, "bin", "bench", "benchmarks.md")
		*imgDir = filepath.Join(filepath.Dir(*out), "img")
		log.Warn("the machine was busy: not replacing "+published, "why", why, "report", *out)
	}
	if err := writeReport(res, *out, *imgDir, *jsonOut); err != nil {
		return err
	}
	log.Info("report written", "path", *out, "plots", *imgDir)
	return runErr
}

func writeReport(res *bench.Results, out, imgDir, jsonOut string) error {
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	rel, err := filepath.Rel(filepath.Dir(out), imgDir)
	if err != nil {
		rel = imgDir
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := bench.Report(f, res, imgDir, rel); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if jsonOut == "" {
		return nil
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(jsonOut, b, 0o644)
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
