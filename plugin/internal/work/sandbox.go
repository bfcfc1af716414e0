package work

import (
	"context"

	"github.com/diktyo-io/diktyo/plugin/internal/watch"
)

// EvEnded names the end of a sandbox that diktyo noticed itself (its
// pause process exited) in logs and metrics.
const EvEnded = "SandboxEnded"

// sandboxFace is what the sandbox watch (plugin/internal/watch) asks of
// the work: the pod table, the health of the reads of /proc, and the
// teardown of an ended pod.
type sandboxFace struct{ w *Work }

func (f sandboxFace) LiveNetNS(id string) (string, bool) {
	e, ok := f.w.Pods.Get(id)
	if !ok || !e.Live() {
		return "", false
	}
	return e.Pod.NetNS, true
}

func (f sandboxFace) Known(id string) bool {
	_, ok := f.w.Pods.Get(id)
	return ok
}

func (f sandboxFace) Read(id string, err error) { f.w.NoteRead("procs "+id, id, err) }

func (f sandboxFace) Busy(id string, pid int) {
	e, ok := f.w.Pods.Get(id)
	if !ok {
		return
	}
	// Stop tears the pod down when it comes, or reconcile once the
	// netns is gone.
	f.w.PodLog(&e).Warn("sandbox's pause process exited but the pod's network namespace still has processes; keeping its policy until StopPodSandbox",
		"pid", pid)
}

// Ended removes the state of a pod whose sandbox provably ended, without
// waiting for containerd to say so: marked ended first, so that Stop and
// Remove leave it to this teardown, which the watch runs under its bound.
func (f sandboxFace) Ended(id string, _ watch.Proof) func() {
	w := f.w
	e, ok := w.Pods.Get(id)
	if !ok {
		return nil // removed meanwhile: its Remove tore it down
	}
	w.Metrics.Events.WithLabelValues(EvEnded).Inc()
	w.PodLog(&e).Info("sandbox's process exited; removing its state")
	claimed := w.Pods.End(id)
	return func() { w.Teardown(context.Background(), EvEnded, &e, claimed) }
}

// SandboxFace is what the sandbox watch asks of the work: the pod
// table, the health of the reads of /proc, and the teardown of an ended
// pod.
func (w *Work) SandboxFace() watch.Face { return sandboxFace{w} }
