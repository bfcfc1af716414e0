package plugin_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/plugin"
)

// TestSandboxWatchFailureWarns: a sandbox whose pause process cannot be
// watched (the pid NRI reports names no process here, or a process
// outside the pod's netns: diktyo-nri is not in the host PID namespace)
// is still served; the failure is a warning naming the pod, the reason
// and the cost (once per pod, with one hint to set hostPID), counted by
// reason, and shown by status. Before, it was a debug line only.
func TestSandboxWatchFailureWarns(t *testing.T) {
	e := newEnv(t, "fail")
	logs := &lockedBuffer{}
	p := startPluginLogging(e, logs)

	// pid_max is above every pid: no process has it (ESRCH).
	b, err := os.ReadFile("/proc/sys/kernel/pid_max")
	if err != nil {
		t.Fatal(err)
	}
	pidMax, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	gone := e.pod("gone", "team-a", "198.51.100.80", policyAnnotations("gone"))
	gone.Pid = uint32(pidMax)
	// The test's own process: alive, but in the host's netns, not the
	// pod's (what a pid of the host's resolves to in another PID
	// namespace).
	other := e.pod("other", "team-a", "198.51.100.81", policyAnnotations("other"))
	other.Pid = uint32(os.Getpid())
	good := e.pod("good", "team-a", "198.51.100.82", policyAnnotations("good"))
	pause, _ := inPodNetns(t, good)
	good.Pid = uint32(pause.Process.Pid)
	if err := e.run(gone); err != nil {
		t.Fatal(err)
	}
	if err := e.run(other); err != nil {
		t.Fatal(err)
	}
	if err := e.run(good); err != nil {
		t.Fatal(err)
	}
	// Served all the same.
	e.requireApplied("198.51.100.80", "gone.team-a."+testZone)
	e.requireApplied("198.51.100.81", "other.team-a."+testZone)
	e.requireApplied("198.51.100.82", "good.team-a."+testZone)

	const m = "diktyo_sandbox_watch_failures_total"
	if n := counterWith(t, p, m, "reason", "no_process"); n != 1 {
		t.Errorf("%s{reason=no_process} = %v, want 1", m, n)
	}
	if n := counterWith(t, p, m, "reason", "other_netns"); n != 1 {
		t.Errorf("%s{reason=other_netns} = %v, want 1", m, n)
	}
	if n := counter(t, p, m); n != 2 {
		t.Errorf("%s = %v, want 2 (the watched pod is no failure)", m, n)
	}

	out := logs.String()
	for _, name := range []string{"gone", "other"} {
		var found string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "level=WARN") && strings.Contains(l, "cannot watch the sandbox") && strings.Contains(l, "pod.name="+name) {
				found = l
			}
		}
		if found == "" {
			t.Errorf("no warning for pod %s's watch:\n%s", name, out)
			continue
		}
		for _, want := range []string{"StopPodSandbox", "periodic reconcile", "set hostPID: true"} {
			if !strings.Contains(found, want) {
				t.Errorf("warning for pod %s lacks %q: %s", name, want, found)
			}
		}
	}
	if n := strings.Count(out, "probably not in the host PID namespace"); n != 1 {
		t.Errorf("host PID namespace hint logged %d times, want once:\n%s", n, out)
	}

	// Status says how each pod is watched.
	watch := map[string]string{}
	for _, s := range p.Pods(context.Background(), false) {
		watch[s.Name] = s.Watch
	}
	if watch["good"] != "pidfd" {
		t.Errorf("status watch of the watched pod: %q, want pidfd", watch["good"])
	}
	for _, name := range []string{"gone", "other"} {
		if !strings.HasPrefix(watch[name], "none: ") || !strings.Contains(watch[name], "hostPID") {
			t.Errorf("status watch of pod %s: %q, want none: WHY (hostPID)", name, watch[name])
		}
	}

	// Once per pod: a Synchronize retries the watch, silently.
	p.Reconcile(context.Background(), "test")
	before := strings.Count(logs.String(), "cannot watch the sandbox")
	if _, err := p.Synchronize(context.Background(), e.sandboxes(), nil); err != nil {
		t.Fatal(err)
	}
	if n := counter(t, p, m); n != 2 {
		t.Errorf("%s = %v after a Synchronize, want still 2 (once per pod)", m, n)
	}
	if after := strings.Count(logs.String(), "cannot watch the sandbox"); after != before {
		t.Errorf("a Synchronize warned again about pods already warned about (%d -> %d)", before, after)
	}

	e.stop(gone)
	e.remove(gone)
	e.stop(other)
	e.remove(other)
	e.stop(good)
	e.remove(good)
	e.requireGone("198.51.100.8")
	for _, s := range p.Pods(context.Background(), false) {
		if s.Watch != "" && s.State != localapi.StateStopped {
			t.Errorf("pod %s: watch %q after its removal", s.Name, s.Watch)
		}
	}
}

// sandboxes is what the test runtime has running, as Synchronize lists it.
func (e *env) sandboxes() []*nriapi.PodSandbox {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]*nriapi.PodSandbox, 0, len(e.pods))
	for _, p := range e.pods {
		out = append(out, p)
	}
	return out
}

// startPluginLogging is env.startPlugin with the plugin's log also in w.
func startPluginLogging(e *env, w io.Writer) *plugin.Plugin {
	e.t.Helper()
	tw := &testWriter{t: e.t}
	e.t.Cleanup(func() { tw.mu.Lock(); tw.done = true; tw.mu.Unlock() })
	log := slog.New(slog.NewTextHandler(io.MultiWriter(w, tw), &slog.HandlerOptions{Level: slog.LevelDebug}))
	p := e.newPlugin(func(o *plugin.Options) { o.Logger = log })
	e.runPlugin(p)
	waitFor(e.t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	return p
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(b)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
