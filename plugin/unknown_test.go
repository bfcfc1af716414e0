package plugin

import (
	"path/filepath"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

func livePod(id, netns string, ips ...string) *podEntry {
	return &podEntry{Pod: chainrun.Pod{ID: id, Namespace: "team-a", Name: id, NetNS: netns, IPs: ips}}
}

// Hole b of issue 30: a failed statfs of a pod's netns was taken for
// proof that the netns is gone: reconcile ended the pod (its blocks
// released, its address claimable). An error is "unknown": the pod keeps
// everything, and the fault is counted and shown until a read succeeds.
func TestVanishedNeedsProof(t *testing.T) {
	p := quietPlugin(t, "")
	p.pods.Upsert(livePod("unknown", testutil.UnreadableNetns(t), "198.51.100.7"))
	p.pods.Upsert(livePod("gone", filepath.Join(t.TempDir(), "absent"), "198.51.100.8"))
	p.rec.MarkVanished()
	if e, _ := p.pods.Get("unknown"); !e.Live() {
		t.Errorf("pod whose netns could not be read: %s, want running (no proof it ended)", e.Life)
	}
	if e, _ := p.pods.Get("gone"); e.Live() {
		t.Errorf("pod whose netns is absent: %s, want ended", e.Life)
	}
	if f := p.health.Fault(health.FaultNetns); !strings.Contains(f, "netns-loop") {
		t.Errorf("fault %q: %q, want it naming the unreadable netns", health.FaultNetns, f)
	}
	if got := failures(t, p, health.ReasonUnknown); got != 1 {
		t.Errorf(`diktyo_failures_total{reason=%q} = %v, want 1`, health.ReasonUnknown, got)
	}
	// Readable again (here: gone for good): the fault clears.
	p.pods.Update("unknown", func(e *podEntry) { e.Pod.NetNS = filepath.Join(t.TempDir(), "absent") })
	p.rec.MarkVanished()
	if f := p.health.Fault(health.FaultNetns); f != "" {
		t.Errorf("fault %q once every netns was read: %q", health.FaultNetns, f)
	}
}

// The sandbox watch: a pause process that exited, and a netns that cannot
// be read to tell whether processes are left in it, is no proof that the
// pod ended: it keeps its policy.
func TestSandboxEndNeedsProof(t *testing.T) {
	p := quietPlugin(t, "")
	p.pods.Upsert(livePod("unknown", testutil.UnreadableNetns(t), "198.51.100.10"))
	p.watches.Exited("unknown")
	if e, _ := p.pods.Get("unknown"); !e.Live() {
		t.Errorf("pod whose netns could not be read at its pause's exit: %s, want running", e.Life)
	}
	if f := p.health.Fault(health.FaultNetns); f == "" {
		t.Errorf("no %q fault for a netns that could not be read", health.FaultNetns)
	}
}

// failures is diktyo_failures_total{reason}.
func failures(t *testing.T, p *Plugin, reason string) float64 {
	t.Helper()
	var m dto.Metric
	if err := p.metrics.Failures.WithLabelValues(reason).Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}

// An unreadable /proc (where the processes left in a pod's netns are
// looked for) was taken for "no process left": the pod was torn down
// while its containers could still run in its netns.
func TestSandboxEndNeedsProcesses(t *testing.T) {
	p := quietPlugin(t, "")
	p.watches = newSandboxWatch(p, filepath.Join(t.TempDir(), "no-proc"))
	p.pods.Upsert(livePod("unknown", "/proc/self/ns/net", "198.51.100.11"))
	p.watches.Exited("unknown")
	if e, _ := p.pods.Get("unknown"); !e.Live() {
		t.Errorf("pod whose netns's processes could not be listed at its pause's exit: %s, want running", e.Life)
	}
	if f := p.health.Fault(health.FaultNetns); !strings.Contains(f, "no-proc") {
		t.Errorf("fault %q: %q, want it naming what could not be read", health.FaultNetns, f)
	}
	// Readable: this test's own process is in that netns, so the pod
	// still has a process and keeps its policy; the fault clears.
	p.watches = newSandboxWatch(p, "/proc")
	p.watches.Exited("unknown")
	if f := p.health.Fault(health.FaultNetns); f != "" {
		t.Errorf("fault %q once /proc was read: %q", health.FaultNetns, f)
	}
}
