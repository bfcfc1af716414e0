package plugin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// evEnded names the end of a sandbox that diktyo noticed itself (its
// pause process exited) in logs and metrics.
const evEnded = "SandboxEnded"

// sandboxWatches notice a sandbox's end within moments, whatever
// containerd sends: containerd sends no Stop or Remove for sandboxes it
// recovered after its own restart (containerd/containerd#8426), and a
// removed pod's SNAT rules and DNS record must not wait for the next
// periodic reconcile, since a new pod may get its address meanwhile.
//
// Each watch is a pidfd of the sandbox's pause process registered with
// Go's netpoller (no thread per pod): it becomes readable when the process
// exits.
type sandboxWatches struct {
	mu sync.Mutex
	fs map[string]*os.File
	// failed says why a sandbox is not watched (pod ID -> reason), for
	// diktyo-nri status and so that each pod is warned about once;
	// pruneAt is the size at which entries of forgotten pods are dropped.
	failed  map[string]string
	pruneAt int
	// hinted: the host PID namespace warning was logged.
	hinted bool
	// busy bounds the teardowns running at once: when a node removes many
	// pods together, containerd's own stop path needs the CPU too.
	busy chan struct{}
}

// maxEndingTeardowns bounds the concurrent teardowns of ended sandboxes.
const maxEndingTeardowns = 2

func newSandboxWatches() *sandboxWatches {
	return &sandboxWatches{fs: map[string]*os.File{}, failed: map[string]string{}, pruneAt: minWatchPrune,
		busy: make(chan struct{}, maxEndingTeardowns)}
}

// watch starts watching the sandbox of e (pid: its pause process, as NRI
// reports it). The pid is checked to be in the pod's netns, so a pid that
// was reused by another process is never watched. A sandbox already
// watched, or without netns (host network), is left alone. A watch that
// cannot be set is warned about (once per pod) and counted: such a pod's
// removal waits for StopPodSandbox or the periodic reconcile.
func (p *Plugin) watch(e *podEntry, pid uint32) {
	if e.hostNetwork || e.pod.NetNS == "" {
		return
	}
	w := p.watches
	w.mu.Lock()
	_, known := w.fs[e.pod.ID]
	w.mu.Unlock()
	if known {
		return
	}
	if pid == 0 {
		p.watchFailed(e, pid, errNoPid)
		return
	}
	f, err := openSandboxPidfd(int(pid), e.pod.NetNS)
	if err != nil {
		p.watchFailed(e, pid, err)
		return
	}
	w.mu.Lock()
	if _, known := w.fs[e.pod.ID]; known {
		w.mu.Unlock()
		_ = f.Close()
		return
	}
	w.fs[e.pod.ID] = f
	delete(w.failed, e.pod.ID)
	w.mu.Unlock()
	go p.awaitEnd(e.pod.ID, f)
}

// Why a watch could not be set (the reason label of
// diktyo_sandbox_watch_failures_total).
const (
	watchNoPid     = "no_pid"     // the runtime reported no pid
	watchNoProcess = "no_process" // no process has that pid here (ESRCH)
	watchOtherNS   = "other_netns"
	// watchNoPermission: /proc/PID/ns/net of the pause process is
	// refused (EACCES, EPERM): the kernel's ptrace access check, which a
	// diktyo-nri without CAP_SYS_PTRACE fails for another container's
	// process.
	watchNoPermission = "no_permission"
	watchError        = "error"
)

// minWatchPrune is the smallest size of sandboxWatches.failed at which
// entries of pods the plugin no longer knows are dropped.
const minWatchPrune = 64

var (
	errNoPid = errors.New("the runtime reported no pid for the sandbox")
	// errNotSandbox: the pid is not a process of the sandbox's netns.
	errNotSandbox = errors.New("the process is not in the sandbox's network namespace")
)

// hostPIDHint is what a watch failing on the pid itself most likely
// means: diktyo-nri runs in a PID namespace of its own, where the host's
// pids that NRI reports name no process, or another one.
const hostPIDHint = "not in the host PID namespace? set hostPID: true"

// ptraceHint is what a watch refused by the kernel most likely means.
const ptraceHint = "diktyo-nri lacks CAP_SYS_PTRACE? (deploy/'s securityContext adds it)"

func watchReason(err error) string {
	switch {
	case errors.Is(err, errNoPid):
		return watchNoPid
	case errors.Is(err, unix.ESRCH):
		return watchNoProcess
	case errors.Is(err, errNotSandbox):
		return watchOtherNS
	case errors.Is(err, unix.EACCES), errors.Is(err, unix.EPERM):
		return watchNoPermission
	}
	return watchError
}

// watchFailed records that e's sandbox is not watched: the first time for
// a pod, a warning saying what it costs, and the metric.
func (p *Plugin) watchFailed(e *podEntry, pid uint32, err error) {
	reason := watchReason(err)
	why := err.Error()
	hostPID := reason == watchNoProcess || reason == watchOtherNS
	if hostPID {
		why += "; " + hostPIDHint
	}
	if reason == watchNoPermission {
		why += "; " + ptraceHint
	}
	w := p.watches
	w.mu.Lock()
	_, warned := w.failed[e.pod.ID]
	w.failed[e.pod.ID] = why
	hint := hostPID && !w.hinted
	w.hinted = w.hinted || hostPID
	if len(w.failed) >= w.pruneAt {
		for id := range w.failed {
			if _, ok := p.pods.get(id); !ok {
				delete(w.failed, id)
			}
		}
		w.pruneAt = max(minWatchPrune, 2*len(w.failed))
	}
	w.mu.Unlock()
	if hint {
		// Once per process: every pod's watch fails the same way.
		p.log.Warn("sandbox watches fail: the pid containerd reports for a sandbox is not its pause process here; "+
			"diktyo-nri is probably not in the host PID namespace: set hostPID: true. Until then a pod removed "+
			"without StopPodSandbox (after a containerd restart) keeps its SNAT, routes and DNS records until the periodic reconcile",
			"pid", pid, "error", err, "selfPid", os.Getpid())
	}
	if warned {
		return
	}
	p.metrics.WatchFailures.WithLabelValues(reason).Inc()
	p.podLog(e).Warn("cannot watch the sandbox's pause process; its removal waits for StopPodSandbox or the periodic reconcile",
		"pid", pid, "reason", why)
}

// watchStatus says how the sandbox id is watched, for diktyo-nri status:
// "pidfd", "none: WHY", or "" (not watched, nor tried: host network,
// stopped).
func (p *Plugin) watchStatus(id string) string {
	w := p.watches
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.fs[id]; ok {
		return "pidfd"
	}
	if why, ok := w.failed[id]; ok {
		return "none: " + why
	}
	return ""
}

// unwatch stops watching a sandbox (its Stop or Remove came). It reports
// true, and leaves the watch to tear the pod down, when the sandbox's
// process has exited already.
func (p *Plugin) unwatch(id string) bool {
	w := p.watches
	w.mu.Lock()
	f := w.fs[id]
	if f != nil && pidfdExited(f) {
		w.mu.Unlock()
		return true
	}
	delete(w.fs, id)
	delete(w.failed, id)
	w.mu.Unlock()
	if f != nil {
		_ = f.Close() // wakes awaitEnd with an error: not an end
	}
	return false
}

// pidfdExited polls a watched pidfd without taking it out of the
// netpoller (File.Fd would make it blocking).
func pidfdExited(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	done := false
	_ = rc.Control(func(fd uintptr) { done = exited(int(fd)) })
	return done
}

// awaitEnd waits for the pidfd to become readable (the process exited)
// and then tears the pod's state down as a Stop would.
func (p *Plugin) awaitEnd(id string, f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	err = rc.Read(func(fd uintptr) bool { return exited(int(fd)) })
	if err != nil {
		return // closed by unwatch
	}
	w := p.watches
	w.mu.Lock()
	mine := w.fs[id] == f
	if mine {
		delete(w.fs, id)
	}
	w.mu.Unlock()
	_ = f.Close()
	if mine {
		p.sandboxEnded(id)
	}
}

// sandboxEnded removes the state of a pod whose pause process exited,
// without waiting for containerd to say so.
func (p *Plugin) sandboxEnded(id string) { p.sandboxEndedTry(id, 0) }

// sandboxEndedTry is sandboxEnded's n-th try: when the processes left in
// the pod's netns cannot be read, nothing proves that it ended; the pod
// keeps its policy and is asked about again with backoff.
func (p *Plugin) sandboxEndedTry(id string, n int) {
	e, ok := p.pods.get(id)
	if !ok || !e.live() {
		p.noteRead("procs "+id, id, nil)
		return
	}
	pid, busy, err := netnsInUse(p.procDir, e.pod.NetNS)
	p.noteRead("procs "+id, id, err)
	if err != nil {
		time.AfterFunc(sandboxEndRetry(n), func() { p.sandboxEndedTry(id, n+1) })
		return
	}
	if busy {
		// The pause process can die while the pod's containers run on
		// (killed by a hostPID pod, the OOM killer): their traffic still
		// needs its policy. Stop tears the pod down when it comes, or
		// reconcile once the netns is gone.
		p.podLog(&e).Warn("sandbox's pause process exited but the pod's network namespace still has processes; keeping its policy until StopPodSandbox",
			"pid", pid)
		return
	}
	p.metrics.Events.WithLabelValues(evEnded).Inc()
	p.podLog(&e).Info("sandbox's process exited; removing its state")
	// Marked first, so that Stop and Remove leave it to this teardown.
	claimed := p.pods.end(id)
	p.watches.busy <- struct{}{}
	defer func() { <-p.watches.busy }()
	p.teardown(context.Background(), evEnded, &e, claimed)
}

// openSandboxPidfd opens a non-blocking pidfd of pid after checking that
// the process lives in the network namespace at netns.
func openSandboxPidfd(pid int, netns string) (*os.File, error) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("pidfd_open(%d): %w", pid, err)
	}
	// Checked after the pidfd is open: from here on the pid cannot be
	// reused while we hold the fd, so a match is the sandbox itself.
	var want, have unix.Stat_t
	if err := unix.Stat(netns, &want); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("netns %s: %w", netns, err)
	}
	if err := unix.Stat(fmt.Sprintf("/proc/%d/ns/net", pid), &have); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("netns of pid %d: %w", pid, err)
	}
	if want.Dev != have.Dev || want.Ino != have.Ino {
		_ = unix.Close(fd)
		return nil, errNotSandbox
	}
	return os.NewFile(uintptr(fd), fmt.Sprintf("pidfd:%d", pid)), nil
}

// exited polls the pidfd without blocking: readable means exited.
func exited(fd int) bool {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&unix.POLLIN != 0
}
