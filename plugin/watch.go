package plugin

import (
	"context"

	"github.com/diktyo-io/diktyo/plugin/internal/watch"
)

// evEnded names the end of a sandbox that diktyo noticed itself (its
// pause process exited) in logs and metrics.
const evEnded = "SandboxEnded"

// newSandboxWatch is the sandbox watch (plugin/internal/watch) of p;
// procDir is where the processes left in a namespace are looked for.
func newSandboxWatch(p *Plugin, procDir string) *watch.Watches {
	return watch.New(watchFace{p}, procDir, p.log)
}

// watch starts watching the sandbox of e (pid: its pause process, as NRI
// reports it); a host-network pod has no netns of its own to watch. A
// watch that cannot be set is warned about (once per pod) and counted:
// such a pod's removal waits for StopPodSandbox or the periodic
// reconcile.
func (p *Plugin) watch(e *podEntry, pid uint32) {
	if e.HostNetwork {
		return
	}
	f := p.watches.Watch(e.Pod.ID, e.Pod.NetNS, pid)
	if f == nil || !f.First {
		return
	}
	p.metrics.WatchFailures.WithLabelValues(f.Reason).Inc()
	p.work.PodLog(e).Warn("cannot watch the sandbox's pause process; its removal waits for StopPodSandbox or the periodic reconcile",
		"pid", pid, "reason", f.Why)
}

// watchFace is what the sandbox watch asks of the face: the pod table,
// the health of the reads of /proc, and the teardown of an ended pod.
type watchFace struct{ p *Plugin }

func (f watchFace) LiveNetNS(id string) (string, bool) {
	e, ok := f.p.pods.Get(id)
	if !ok || !e.Live() {
		return "", false
	}
	return e.Pod.NetNS, true
}

func (f watchFace) Known(id string) bool {
	_, ok := f.p.pods.Get(id)
	return ok
}

func (f watchFace) Read(id string, err error) { f.p.work.NoteRead("procs "+id, id, err) }

func (f watchFace) Busy(id string, pid int) {
	e, ok := f.p.pods.Get(id)
	if !ok {
		return
	}
	// Stop tears the pod down when it comes, or reconcile once the
	// netns is gone.
	f.p.work.PodLog(&e).Warn("sandbox's pause process exited but the pod's network namespace still has processes; keeping its policy until StopPodSandbox",
		"pid", pid)
}

// Ended removes the state of a pod whose sandbox provably ended, without
// waiting for containerd to say so: marked ended first, so that Stop and
// Remove leave it to this teardown, which the watch runs under its bound.
func (f watchFace) Ended(id string, _ watch.Proof) func() {
	p := f.p
	e, ok := p.pods.Get(id)
	if !ok {
		return nil // removed meanwhile: its Remove tore it down
	}
	p.metrics.Events.WithLabelValues(evEnded).Inc()
	p.work.PodLog(&e).Info("sandbox's process exited; removing its state")
	claimed := p.pods.End(id)
	return func() { p.work.Teardown(context.Background(), evEnded, &e, claimed) }
}
