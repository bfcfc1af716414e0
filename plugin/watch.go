package plugin

import (
	"github.com/diktyo-io/diktyo/plugin/internal/watch"
)

// newSandboxWatch is the sandbox watch (plugin/internal/watch) of p;
// procDir is where the processes left in a namespace are looked for.
func newSandboxWatch(p *Plugin, procDir string) *watch.Watches {
	return watch.New(p.work.SandboxFace(), procDir, p.log)
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
