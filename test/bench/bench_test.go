package bench_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/test/bench"
)

// TestHarnessTinyRun runs every section of the harness in its smallest
// mode against noop and the reference plugins, then checks the shape of
// the results and the report, and that nothing is left behind. It asserts
// nothing about time.
func TestHarnessTinyRun(t *testing.T) {
	testutil.RequireRoot(t)
	if testing.Short() {
		t.Skip("-short: the harness run takes about a minute")
	}
	ref := testutil.ReferencePluginDir(t)
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	// Only noop is built: the harness must not depend on the plugins it
	// measures being present (missing ones are reported as skipped).
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+"/", "./cmd/noop")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/noop: %v\n%s", err, out)
	}

	opts, err := bench.DefaultOptions("tiny")
	if err != nil {
		t.Fatal(err)
	}
	opts.BinDir, opts.RefDir, opts.Root = bin, ref, root
	opts.Cases = []string{"noop", "portmap", "bridge-masq", "ipmasq-nft"}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	res, err := bench.Run(context.Background(), opts, log)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	assertNoLeftovers(t, res.RunID)

	perRun := opts.Rounds * opts.PerRound
	got := map[string]bench.PerPodRow{}
	for _, r := range res.PerPod {
		got[r.Key] = r
	}
	for _, k := range []string{"noop", "portmap", "bridge-masq"} {
		r, ok := got[k]
		if !ok {
			t.Fatalf("per-pod results lack %s: %+v", k, res.PerPod)
		}
		if r.Add.N != perRun || r.Del.N != perRun || r.AddDel.N != perRun {
			t.Errorf("%s: N add/del/sum = %d/%d/%d, want %d each", k, r.Add.N, r.Del.N, r.AddDel.N, perRun)
		}
		if r.Add.Median <= 0 || r.AddDel.P10 > r.AddDel.P90 {
			t.Errorf("%s: implausible summary %+v", k, r.AddDel)
		}
	}
	// portmap's rules are counted, noop makes none.
	if got["portmap"].PerPod.IPTRules == 0 {
		t.Errorf("portmap per-pod state %v: want iptables rules", got["portmap"].PerPod)
	}
	if got["noop"].PerPod != (bench.State{}) {
		t.Errorf("noop per-pod state %v: want none", got["noop"].PerPod)
	}
	if _, ok := got["ipmasq-nft"]; ok {
		t.Errorf("ipmasq-nft ran although its binary was not built")
	}
	wantScale := len(opts.Unrelated) * 2 // portmap and bridge-masq
	if len(res.Unrelated) != wantScale {
		t.Errorf("unrelated rows = %d, want %d: %+v", len(res.Unrelated), wantScale, res.Unrelated)
	}
	if len(res.Pods) != len(opts.PodCounts) { // portmap only
		t.Errorf("pods rows = %d, want %d: %+v", len(res.Pods), len(opts.PodCounts), res.Pods)
	}
	if len(res.Packet) != 1 || res.Packet[0].Key != "none" || res.Packet[0].NewFlow.N != opts.PacketSamples*opts.PacketRounds {
		t.Errorf("packet rows = %+v, want the baseline with %d samples", res.Packet, opts.PacketSamples*opts.PacketRounds)
	}
	assertSkipped(t, res, "ipmasq")
	assertFloors(t, res, opts.FloorRounds*opts.FloorPerRound)

	out := t.TempDir()
	var md bytes.Buffer
	if err := bench.Report(&md, res, filepath.Join(out, "img"), "img"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Machine and versions", "## 0. Floors", "| ADD vs its floor |", "portmap (Debian, reference)", "skipped: ", "img/bench-unrelated.svg", "img/bench-packet.svg"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	for f, series := range map[string]string{"bench-unrelated.svg": "portmap", "bench-pods.svg": "portmap", "bench-packet.svg": "none"} {
		assertSVG(t, filepath.Join(out, "img", f), series)
	}
}

// TestBuildUpstream builds the upstream peers at go.mod's version, then
// proves a second call reuses them.
func TestBuildUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds three upstream plugins (module proxy if not cached)")
	}
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-C", root, "-m", "-f", "{{.Version}}", "github.com/containernetworking/plugins").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSpace(string(out))
	cache := t.TempDir()
	dir, version, err := bench.BuildUpstream(context.Background(), root, cache)
	if err != nil {
		t.Fatal(err)
	}
	if version != want || dir != filepath.Join(cache, want) {
		t.Fatalf("built %s into %s, want go.mod's %s in %s", version, dir, want, filepath.Join(cache, want))
	}
	for _, b := range []string{"portmap", "bridge", "host-local"} {
		if _, err := os.Stat(filepath.Join(dir, b)); err != nil {
			t.Error(err)
		}
	}
	before, err := os.Stat(filepath.Join(dir, "portmap"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := bench.BuildUpstream(context.Background(), root, cache); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(filepath.Join(dir, "portmap"))
	if err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the second call rebuilt (or lost) portmap: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(cache, "*.tmp-*")); len(left) > 0 {
		t.Errorf("build directories left behind: %v", left)
	}
}

// TestHarnessCancel proves that a cancelled run (what SIGINT does) leaves
// nothing behind.
func TestHarnessCancel(t *testing.T) {
	testutil.RequireRoot(t)
	ref := testutil.ReferencePluginDir(t)
	opts, err := bench.DefaultOptions("tiny")
	if err != nil {
		t.Fatal(err)
	}
	opts.BinDir, opts.RefDir = t.TempDir(), ref
	opts.Sections = []string{bench.SecUnrelated}
	opts.Cases = []string{"portmap"}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	res, err := bench.Run(ctx, opts, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if res == nil {
		t.Fatalf("Run returned no results: %v", err)
	}
	assertNoLeftovers(t, res.RunID)
}

func assertNoLeftovers(t *testing.T, run string) {
	t.Helper()
	out, err := exec.Command("ip", "netns", "list").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), bench.NetnsPrefix+run+"-") {
		t.Errorf("namespaces of run %s left behind:\n%s", run, out)
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "diktyo-bench-"+run+"-*"))
	if len(dirs) > 0 {
		t.Errorf("scratch directories left behind: %v", dirs)
	}
}

// assertFloors checks section 0: the primitives that need nothing
// beyond what the harness always needs ran, each with n samples kept.
func assertFloors(t *testing.T, res *bench.Results, n int) {
	t.Helper()
	got := map[string]bool{}
	for _, f := range res.Floor {
		got[f.Key] = true
		if f.Time.N != n || len(f.Samples) != n || f.Time.Median <= 0 || f.Time.P10 > f.Time.P90 {
			t.Errorf("floor %s: %+v with %d samples, want N %d", f.Key, f.Time, len(f.Samples), n)
		}
	}
	for _, k := range []string{bench.FloorExec, bench.FloorIPT, bench.FloorNFT, bench.FloorRuleAdd, bench.FloorRuleDel, bench.FloorFile} {
		if !got[k] {
			t.Errorf("floor %s not measured; floors %+v, skipped %+v", k, res.Floor, res.Skipped)
		}
	}
}

func assertSkipped(t *testing.T, res *bench.Results, substr string) {
	t.Helper()
	for _, s := range res.Skipped {
		if strings.Contains(s.Why, substr) {
			return
		}
	}
	t.Errorf("no skip line mentions %q: %+v", substr, res.Skipped)
}

func assertSVG(t *testing.T, path, series string) {
	t.Helper()
	b := bench.ReadWellFormedXML(t, path)
	if !bytes.Contains(b, []byte(">"+series+"<")) {
		t.Errorf("%s has no %s series in its legend", path, series)
	}
}

// TestHarnessDiktyoTiny runs the sections that need diktyo's own binaries
// (ipmasq per pod, the per-packet router with SNAT checked on every reply,
// diktyo-nri through NRI's runtime side) in the smallest mode.
func TestHarnessDiktyoTiny(t *testing.T) {
	testutil.RequireRoot(t)
	if testing.Short() {
		t.Skip("-short: builds every plugin and runs diktyo-nri")
	}
	ref := testutil.ReferencePluginDir(t)
	bin := testutil.PluginDir(t)
	opts, err := bench.DefaultOptions("tiny")
	if err != nil {
		t.Fatal(err)
	}
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	opts.BinDir, opts.RefDir, opts.Root = bin, ref, root
	opts.ProfileDir = t.TempDir()
	opts.Sections = []string{bench.SecPerPod, bench.SecPacket, bench.SecDaemon}
	opts.Cases = []string{"ipmasq-nft", "chain-ipt"}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	res, err := bench.Run(context.Background(), opts, log)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	assertNoLeftovers(t, res.RunID)
	if len(res.PerPod) != 2 {
		t.Fatalf("per-pod rows: %+v", res.PerPod)
	}
	for _, r := range res.PerPod {
		if r.PerPod == (bench.State{}) {
			t.Errorf("%s made no kernel objects per pod", r.Key)
		}
	}
	// none at 1, ipmasq-nft at each size (the reply check inside the
	// harness fails the section if SNAT did not happen).
	if want := 1 + len(opts.PacketPods); len(res.Packet) != want {
		t.Fatalf("packet rows = %d, want %d: %+v", len(res.Packet), want, res.Packet)
	}
	if len(res.Daemon) != 2 {
		t.Fatalf("daemon results for %d modes, want 2 (in-process, exec); skipped: %+v", len(res.Daemon), res.Skipped)
	}
	for _, d := range res.Daemon {
		if d.HandlerWith.N != opts.ReconcilePods || d.HandlerWithout.N != opts.ReconcilePods || d.Reconcile.N < 1 {
			t.Errorf("%s: daemon results %+v", d.Mode, d)
		}
		if len(d.RSS) != len(opts.RSSPods) || d.RSS[0].Bytes <= 0 {
			t.Errorf("%s: RSS points %+v, want %d", d.Mode, d.RSS, len(opts.RSSPods))
		}
	}
	if res.Scale == nil || len(res.Scale.Points) != len(opts.ScalePods) {
		t.Fatalf("scale results %+v, want %d points", res.Scale, len(opts.ScalePods))
	}
	for _, pt := range res.Scale.Points {
		if pt.Reconcile <= 0 || pt.SyncReply <= 0 || pt.RSS <= 0 || pt.Handler.N < 1 {
			t.Errorf("scale point %+v", pt)
		}
		if len(pt.HandlerSamples) != pt.Handler.N || len(pt.RSSReadings) != pt.Handler.N || len(pt.Restarts) != max(1, opts.ScaleRestarts) {
			t.Errorf("scale point at %d pods: %d samples, %d RSS readings, %d restarts for N %d", pt.Pods, len(pt.HandlerSamples), len(pt.RSSReadings), len(pt.Restarts), pt.Handler.N)
		}
	}
	assertScaleProfile(t, res.Scale)
	assertDaemonExtras(t, res)
	var report bytes.Buffer
	if err := bench.Report(&report, res, t.TempDir(), "img"); err != nil {
		t.Fatalf("Report: %v", err)
	}
	if !strings.Contains(report.String(), "#### Profiles at") || !strings.Contains(report.String(), "Type: cpu") {
		t.Errorf("the report shows no profiles:\n%s", report.String())
	}
	if os.Getenv("DIKTYO_BENCH_SHOW") != "" {
		t.Log(report.String())
	}
}

// assertScaleProfile checks the profiles of the scale run's largest size
// were taken and read: pprof rendered the heap and both CPU profiles,
// and the runtime's accounting is there.
func assertScaleProfile(t *testing.T, s *bench.ScaleResult) {
	t.Helper()
	for i, pt := range s.Points {
		if (pt.Profile != nil) != (i == len(s.Points)-1) {
			t.Errorf("scale point %d of %d has profile %v: want one at the largest only", i, len(s.Points), pt.Profile != nil)
		}
	}
	sp := s.Points[len(s.Points)-1].Profile
	if sp == nil {
		return
	}
	if len(sp.Errors) > 0 {
		t.Errorf("profiles not taken: %v", sp.Errors)
	}
	if sp.MemStats["HeapInuse"] <= 0 || sp.MemStats["Sys"] < sp.MemStats["HeapInuse"] {
		t.Errorf("memory statistics %v", sp.MemStats)
	}
	for _, c := range []struct{ name, top, typ string }{
		{"heap", sp.HeapTop, "Type: inuse_space"}, {"start CPU", sp.StartCPUTop, "Type: cpu"}, {"reconcile CPU", sp.ReconcileTop, "Type: cpu"},
	} {
		if !strings.Contains(c.top, c.typ) || !strings.Contains(c.top, "flat%") {
			t.Errorf("%s top is not pprof's of %q: %q", c.name, c.typ, c.top)
		}
	}
	for _, f := range sp.Files {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("profile file %s: %v", f, err)
		}
	}
}

// assertDaemonExtras checks section 5's stage table, busy-conntrack
// comparison and Go benchmark figures.
func assertDaemonExtras(t *testing.T, res *bench.Results) {
	t.Helper()
	for _, d := range res.Daemon {
		names := map[string]bool{}
		for _, s := range d.Stages {
			if s.Summary.N != d.HandlerWith.N {
				t.Errorf("%s: stage %s has %d samples, want one per annotated pod (%d)", d.Mode, s.Name, s.Summary.N, d.HandlerWith.N)
			}
			names[s.Name] = true
		}
		for _, want := range []string{"watch", "decide", "ipmasq", "iproute", "registerDNS", "chain", "handler (took)"} {
			if !names[want] {
				t.Errorf("%s: no stage %q in %+v", d.Mode, want, d.Stages)
			}
		}
	}
	c := res.Conntrack
	if c == nil || c.Empty.Run.N == 0 || c.Busy.Run.N != c.Empty.Run.N || c.Busy.Stop.N != c.Busy.Run.N || c.Busy.Create.N != c.Busy.Run.N {
		t.Errorf("conntrack results %+v", c)
	}
	for _, name := range []string{"BenchmarkAdmitHeld/grants=10000", "BenchmarkReconcilePass", "BenchmarkAddressUsers/drain=100", "BenchmarkAddressUsers/drain=1000"} {
		found := false
		for _, g := range res.GoBench {
			found = found || (g.Name == name && g.Time.N > 0 && g.Time.Median > 0)
		}
		if !found {
			t.Errorf("no figure of %s in %+v", name, res.GoBench)
		}
	}
}
