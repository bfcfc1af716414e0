package plugin

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// slowCNI is a CNI plugin that logs "<verb>-start <id>" and
// "<verb>-end <id>" around a sleep on ADD, so tests can see how chain
// runs overlap. It touches nothing else.
const slowCNI = `#!/bin/sh
cat >/dev/null
echo "$CNI_COMMAND-start $CNI_CONTAINERID" >>%[1]s
if [ "$CNI_COMMAND" = ADD ]; then sleep %[2]s; fi
echo "$CNI_COMMAND-end $CNI_CONTAINERID" >>%[1]s
if [ "$CNI_COMMAND" = ADD ]; then echo '{"cniVersion":"1.1.0"}'; fi
`

type slowEnv struct {
	p   *Plugin
	log string
	dir string
}

func newSlowEnv(t *testing.T, failurePolicy, sleep string) *slowEnv {
	t.Helper()
	return newSlowEnvWith(t, failurePolicy, sleep, "")
}

// newSlowEnvWith is newSlowEnv with extra admin config (egress:
// "%[1]s" is the env's directory).
func newSlowEnvWith(t *testing.T, failurePolicy, sleep, extra string) *slowEnv {
	t.Helper()
	dir := t.TempDir()
	logFile := filepath.Join(dir, "calls.log")
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "slowcni"), []byte(fmt.Sprintf(slowCNI, logFile, sleep)), 0o700); err != nil {
		t.Fatal(err)
	}
	conflist := filepath.Join(dir, "chain.conflist")
	if err := os.WriteFile(conflist, []byte(`{"cniVersion":"1.1.0","name":"slow","plugins":[{"type":"slowcni","capabilities":{"ips":true,"policyRouting":true,"masqEntries":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`
failurePolicy: %s
chain: {conflist: %s, binDirs: [%s], cacheDir: %s}
timeouts: {handler: 100ms, cni: 20s}
reconcile: {interval: 0s}
namespaces:
  - namespaces: [team-a]
    allow: {routeTable: {tables: [100]}%[5]s}
`, failurePolicy, conflist, bin, filepath.Join(dir, "cache"), allowMasq(extra)) + strings.ReplaceAll(extra, "%[1]s", dir)
	cfgFile := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := New(Options{ConfigPath: cfgFile, ConfigRequired: true, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), PluginStderr: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	return &slowEnv{p: p, log: logFile, dir: dir}
}

// allowMasq lets team-a use pool web when the extra config defines it.
func allowMasq(extra string) string {
	if extra == "" {
		return ""
	}
	return `, masq: {destinations: ["198.51.100.0/24"], pools: [web]}`
}

func (s *slowEnv) calls(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(s.log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return strings.Fields(strings.ReplaceAll(string(data), " ", "/"))
}

func (s *slowEnv) waitCalls(t *testing.T, what string, cond func([]string) bool) []string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		c := s.calls(t)
		if cond(c) {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s; calls: %v", what, c)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func slowPod(id string) *nriapi.PodSandbox {
	return &nriapi.PodSandbox{
		Id: id, Name: "web", Namespace: "team-a",
		Annotations: map[string]string{"diktyo.io/v1.route-table": "100"},
		Linux:       &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{{Type: "network", Path: "/proc/self/ns/net"}}},
		// One address per pod: no two live pods may hold the same one.
		Ips: []string{fmt.Sprintf("198.51.100.%d", 10+crc32.ChecksumIEEE([]byte(id))%200)},
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Under "fail", a chain run slower than the handler budget fails the pod
// at once, and the ADD, once done, is undone.
func TestSlowAddFailsPodAndIsUndone(t *testing.T) {
	s := newSlowEnv(t, "fail", "0.5")
	err := s.p.RunPodSandbox(context.Background(), slowPod("slow1"))
	if err == nil || !strings.Contains(err.Error(), "handler budget") || !strings.Contains(err.Error(), "team-a/web") {
		t.Fatalf("err = %v, want a timeout naming the pod", err)
	}
	if r := work.ReasonOf(err); r != health.ReasonTimeout {
		t.Errorf("reason %q, want %q", r, health.ReasonTimeout)
	}
	calls := s.waitCalls(t, "the late ADD to be undone", func(c []string) bool { return contains(c, "DEL-end/slow1") })
	if want := []string{"ADD-start/slow1", "ADD-end/slow1", "DEL-start/slow1", "DEL-end/slow1"}; strings.Join(calls, " ") != strings.Join(want, " ") {
		t.Errorf("calls %v, want %v", calls, want)
	}
	waitIdle(t, s.p)
	if s.p.conf.Load().Runner.HasCached("slow1") {
		t.Error("cache entry left after the undo")
	}
}

// Under "ignore", the pod starts at once and keeps the late policy.
func TestSlowAddUnderIgnoreKeepsLatePolicy(t *testing.T) {
	s := newSlowEnv(t, "ignore", "0.3")
	if err := s.p.RunPodSandbox(context.Background(), slowPod("slow2")); err != nil {
		t.Fatalf("RunPodSandbox under ignore: %v", err)
	}
	s.waitCalls(t, "the ADD to finish", func(c []string) bool { return contains(c, "ADD-end/slow2") })
	waitIdle(t, s.p)
	if contains(s.calls(t), "DEL-start/slow2") {
		t.Error("late ADD undone under ignore")
	}
	if !s.p.conf.Load().Runner.HasCached("slow2") {
		t.Error("late ADD not cached")
	}
}

// Stop arriving while the ADD of the same pod runs waits for it: ADD and
// DEL of one pod never overlap. Another pod is not held up.
func TestPerPodSerialization(t *testing.T) {
	s := newSlowEnv(t, "ignore", "0.3")
	ctx := context.Background()
	if err := s.p.RunPodSandbox(ctx, slowPod("ser1")); err != nil {
		t.Fatal(err)
	}
	s.waitCalls(t, "the ADD to start", func(c []string) bool { return contains(c, "ADD-start/ser1") })
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = s.p.StopPodSandbox(ctx, slowPod("ser1")) }()
	go func() { defer wg.Done(); _ = s.p.RunPodSandbox(ctx, slowPod("ser2")) }()
	wg.Wait()
	calls := s.waitCalls(t, "the DEL", func(c []string) bool { return contains(c, "DEL-end/ser1") })
	var mine []string
	for _, c := range calls {
		if strings.HasSuffix(c, "/ser1") {
			mine = append(mine, c)
		}
	}
	if want := "ADD-start/ser1 ADD-end/ser1 DEL-start/ser1 DEL-end/ser1"; strings.Join(mine, " ") != want {
		t.Errorf("ser1 calls %v, want %s", mine, want)
	}
	if !contains(calls, "ADD-start/ser2") {
		t.Error("the other pod's ADD did not run")
	}
	waitIdle(t, s.p)
}

// waitIdle waits until no pod has work in progress.
func waitIdle(t *testing.T, p *Plugin) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for p.work.Locks().Held() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("pod work never finished")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestNoAddAfterRemove: under failurePolicy ignore, an ADD that waited
// behind GC while its pod was stopped and removed never runs (the review
// saw one run after Remove, leaving policy for a gone pod).
func TestNoAddAfterRemove(t *testing.T) {
	s := newSlowEnv(t, "ignore", "0")
	ctx := context.Background()
	s.p.work.Locks().LockGC() // a GC in progress: chain work of single pods waits
	if err := s.p.RunPodSandbox(ctx, slowPod("late1")); err != nil {
		t.Fatal(err) // ignore: the handler gives up and the pod starts
	}
	_ = s.p.StopPodSandbox(ctx, slowPod("late1"))
	_ = s.p.RemovePodSandbox(ctx, slowPod("late1"))
	s.p.work.Locks().UnlockGC()
	waitIdle(t, s.p)
	for _, c := range s.calls(t) {
		if strings.HasSuffix(c, "/late1") {
			t.Errorf("chain verb %s ran for a pod after its Remove", c)
		}
	}
}

// TestNoAdmissionAfterRemove (item 6 of "act only on proof"): a queued
// RunPodSandbox of a pod that was stopped and removed meanwhile granted
// it a port block (and an attribution line) that nothing released until
// the next GC.
func TestNoAdmissionAfterRemove(t *testing.T) {
	s := newSlowEnvWith(t, "ignore", "0", `
egress:
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}]
  attributionLog: %[1]s/attribution.jsonl
  stateDir: %[1]s/egress
`)
	ctx := context.Background()
	pod := slowPod("late2")
	pod.Annotations = map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}
	s.p.work.Locks().LockGC() // a GC in progress: chain work of single pods waits
	if err := s.p.RunPodSandbox(ctx, pod); err != nil {
		t.Fatal(err) // ignore: the handler gives up and the pod starts
	}
	_ = s.p.StopPodSandbox(ctx, pod)
	_ = s.p.RemovePodSandbox(ctx, pod)
	s.p.work.Locks().UnlockGC()
	waitIdle(t, s.p)
	grants, err := s.p.conf.Load().Egress.Blocks()
	if err != nil || len(grants) != 0 {
		t.Errorf("blocks after the pod's Remove: %v (%v), want none", grants, err)
	}
	if log, _ := os.ReadFile(filepath.Join(s.dir, "attribution.jsonl")); strings.Contains(string(log), "late2") {
		t.Errorf("attribution log names the removed pod:\n%s", log)
	}
}

// TestAddressReusedWhileLateADDRuns: pod X's ADD outlives its handler; X
// is stopped and removed, and IPAM gives its address to pod Y. Y's ADD
// must not run while X's is still at work on the same address (X's
// plugins would take the address's objects back from Y: iproute takes
// over an address from the attachment that held it); it waits for X's,
// and then owns the address. Found by plugin TestFaultProperty's soak (a
// running pod lost its table rule).
func TestAddressReusedWhileLateADDRuns(t *testing.T) {
	s := newSlowEnv(t, "ignore", "0.5")
	ctx := context.Background()
	x, y := slowPod("late-x"), slowPod("late-y")
	y.Ips = x.Ips
	if err := s.p.RunPodSandbox(ctx, x); err != nil {
		t.Fatal(err)
	}
	_ = s.p.StopPodSandbox(ctx, x)
	_ = s.p.RemovePodSandbox(ctx, x)
	if err := s.p.RunPodSandbox(ctx, y); err != nil {
		t.Fatal(err)
	}
	calls := s.waitCalls(t, "Y's ADD done", func(c []string) bool { return contains(c, "ADD-end/late-y") })
	waitIdle(t, s.p)
	at := func(c string) int {
		for i, got := range calls {
			if got == c {
				return i
			}
		}
		return -1
	}
	if xs, xe, ys := at("ADD-start/late-x"), at("ADD-end/late-x"), at("ADD-start/late-y"); xs >= 0 && (xe < 0 || ys < xe) {
		t.Errorf("Y's ADD on X's address started while X's late ADD ran: %v", calls)
	}
}
