// Package watch is the sandbox watch: it notices a sandbox's end within
// moments, whatever containerd sends. containerd sends no Stop or Remove
// for sandboxes it recovered after its own restart
// (containerd/containerd#8426), and a removed pod's SNAT rules and DNS
// record must not wait for the next periodic reconcile, since a new pod
// may get its address meanwhile.
//
// Each watch is a pidfd of the sandbox's pause process registered with
// Go's netpoller (no thread per pod): it becomes readable when the process
// exits. The room owns its watches, their lock and the bound on the
// teardowns it starts; it tells the face that a sandbox ended only with a
// Proof (its pause exited and no process is left in its network
// namespace). A read of /proc that fails proves nothing: the question is
// asked again with backoff.
package watch

import (
	"log/slog"
	"os"
	"sync"
	"time"
)

// Face is what the watch asks of the face (the pod state, the health and
// the teardown); the room never reaches up to them itself.
type Face interface {
	// LiveNetNS is pod id's network namespace while the pod is live; ok
	// is false when it is not (stopped, removed): nothing is left to
	// prove.
	LiveNetNS(id string) (netns string, ok bool)
	// Known reports whether the face still knows pod id: a failure
	// remembered for a pod it forgot is dropped.
	Known(id string) bool
	// Read is the outcome of one look at the processes left in pod id's
	// network namespace: err nil, it succeeded; else nothing is known.
	Read(id string, err error)
	// Busy: the pause process exited, but process pid is left in the
	// pod's network namespace; the pod keeps its state.
	Busy(id string, pid int)
	// Ended: pod id's sandbox ended, proven. It returns the teardown,
	// which the room runs under its bound (nil: nothing to tear down).
	Ended(id string, proof Proof) (teardown func())
}

// Proof is what shows that a sandbox ended: its pause process exited and
// no process is left in its network namespace (or the namespace is
// gone), read without error. Only this package makes one.
type Proof struct{ netns string }

func (p Proof) String() string {
	return "the sandbox's process exited and no process is left in its network namespace " + p.netns
}

// maxEndingTeardowns bounds the concurrent teardowns of ended sandboxes:
// when a node removes many pods together, containerd's own stop path
// needs the CPU too.
const maxEndingTeardowns = 2

// minPrune is the smallest size of Watches.failed at which entries of
// pods the face no longer knows are dropped.
const minPrune = 64

// Watches are the sandboxes watched, by pod (sandbox) ID.
type Watches struct {
	face    Face
	procDir string
	log     *slog.Logger

	mu sync.Mutex
	fs map[string]*os.File
	// failed says why a sandbox is not watched (pod ID -> reason), for
	// diktyo-nri status and so that each pod is warned about once;
	// pruneAt is the size at which entries of forgotten pods are dropped.
	failed  map[string]string
	pruneAt int
	// hinted: the host PID namespace warning was logged.
	hinted bool

	// busy bounds the teardowns running at once.
	busy chan struct{}
}

// New is the sandbox watch of face; procDir is where the processes left
// in a namespace are looked for (/proc).
func New(face Face, procDir string, log *slog.Logger) *Watches {
	return &Watches{face: face, procDir: procDir, log: log, fs: map[string]*os.File{}, failed: map[string]string{},
		pruneAt: minPrune, busy: make(chan struct{}, maxEndingTeardowns)}
}

// Failure is why a watch could not be set.
type Failure struct {
	// Reason is the reason label of diktyo_sandbox_watch_failures_total.
	Reason string
	// Why is the error, with a hint at its likely cause.
	Why string
	// First: the first failure for this pod (warned about and counted
	// once).
	First bool
}

// Watch starts watching pod id's sandbox (pid: its pause process, as NRI
// reports it; netns: the pod's namespace). The pid is checked to be in
// the pod's netns, so a pid that was reused by another process is never
// watched. A sandbox already watched, or without netns, is left alone. A
// watch that cannot be set is a Failure: such a pod's removal waits for
// StopPodSandbox or the periodic reconcile.
func (w *Watches) Watch(id, netns string, pid uint32) *Failure {
	if netns == "" {
		return nil
	}
	w.mu.Lock()
	_, known := w.fs[id]
	w.mu.Unlock()
	if known {
		return nil
	}
	if pid == 0 {
		return w.failedOn(id, pid, errNoPid)
	}
	f, err := openSandboxPidfd(int(pid), netns)
	if err != nil {
		return w.failedOn(id, pid, err)
	}
	w.mu.Lock()
	if _, known := w.fs[id]; known {
		w.mu.Unlock()
		_ = f.Close()
		return nil
	}
	w.fs[id] = f
	delete(w.failed, id)
	w.mu.Unlock()
	go w.awaitEnd(id, f)
	return nil
}

// failedOn records that pod id's sandbox is not watched; the first
// failure that points at the PID namespace is logged once per process.
func (w *Watches) failedOn(id string, pid uint32, err error) *Failure {
	reason := watchReason(err)
	why := err.Error()
	hostPID := reason == watchNoProcess || reason == watchOtherNS
	if hostPID {
		why += "; " + hostPIDHint
	}
	if reason == watchNoPermission {
		why += "; " + ptraceHint
	}
	w.mu.Lock()
	_, warned := w.failed[id]
	w.failed[id] = why
	hint := hostPID && !w.hinted
	w.hinted = w.hinted || hostPID
	if len(w.failed) >= w.pruneAt {
		for id := range w.failed {
			if !w.face.Known(id) {
				delete(w.failed, id)
			}
		}
		w.pruneAt = max(minPrune, 2*len(w.failed))
	}
	w.mu.Unlock()
	if hint {
		// Once per process: every pod's watch fails the same way.
		w.log.Warn("sandbox watches fail: the pid containerd reports for a sandbox is not its pause process here; "+
			"diktyo-nri is probably not in the host PID namespace: set hostPID: true. Until then a pod removed "+
			"without StopPodSandbox (after a containerd restart) keeps its SNAT, routes and DNS records until the periodic reconcile",
			"pid", pid, "error", err, "selfPid", os.Getpid())
	}
	return &Failure{Reason: reason, Why: why, First: !warned}
}

// Status says how pod id's sandbox is watched, for diktyo-nri status:
// "pidfd", "none: WHY", or "" (not watched, nor tried: host network,
// stopped).
func (w *Watches) Status(id string) string {
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

// Unwatch stops watching a sandbox (its Stop or Remove came). It reports
// true, and leaves the watch to tear the pod down, when the sandbox's
// process has exited already.
func (w *Watches) Unwatch(id string) bool {
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

// awaitEnd waits for the pidfd to become readable (the process exited)
// and then asks for the proof that the sandbox ended.
func (w *Watches) awaitEnd(id string, f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	err = rc.Read(func(fd uintptr) bool { return exited(int(fd)) })
	if err != nil {
		return // closed by Unwatch
	}
	w.mu.Lock()
	mine := w.fs[id] == f
	if mine {
		delete(w.fs, id)
	}
	w.mu.Unlock()
	_ = f.Close()
	if mine {
		w.Exited(id)
	}
}

// Exited is told that pod id's pause process exited: the face hears that
// the sandbox ended once no process is left in its network namespace.
func (w *Watches) Exited(id string) { w.exitedTry(id, 0) }

// exitedTry is Exited's n-th try: when the processes left in the pod's
// netns cannot be read, nothing proves that it ended; the pod keeps its
// state and is asked about again with backoff.
func (w *Watches) exitedTry(id string, n int) {
	netns, live := w.face.LiveNetNS(id)
	if !live {
		w.face.Read(id, nil)
		return
	}
	pid, busy, err := netnsInUse(w.procDir, netns)
	w.face.Read(id, err)
	if err != nil {
		time.AfterFunc(sandboxEndRetry(n), func() { w.exitedTry(id, n+1) })
		return
	}
	if busy {
		// The pause process can die while the pod's containers run on
		// (killed by a hostPID pod, the OOM killer): their traffic still
		// needs its policy.
		w.face.Busy(id, pid)
		return
	}
	teardown := w.face.Ended(id, Proof{netns: netns})
	if teardown == nil {
		return
	}
	w.busy <- struct{}{}
	defer func() { <-w.busy }()
	teardown()
}
