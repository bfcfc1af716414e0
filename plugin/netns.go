package plugin

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// A pod's network namespace being gone, and no process being left in it,
// are proof that the pod ended (docs/nri.md, "Removal needs proof"). A
// read that fails (a statfs, /proc) proves neither: the pod keeps
// everything, the failure is counted (diktyo_failures_total{reason=
// "cannot_decide"}), logged once per error and pod, shown as the daemon
// fault "netns" until a read succeeds, and the question is asked again
// (at every reconcile; the sandbox watch with backoff).

// noteRead records the outcome of a read of pod podID's namespace (key
// says which: "netns ID", the namespace itself, "procs ID", the
// processes in it; err nil: it succeeded): each failure is counted, a new
// one logged once, and the fault shown until the read succeeds.
func (p *Plugin) noteRead(key, podID string, err error) {
	if err != nil {
		p.metrics.Fail(health.ReasonUnknown)
		err = fmt.Errorf("cannot tell whether pod %s ended (it keeps what it holds): %w", podID, err)
	}
	if p.health.Note(health.FaultNetns, key, err) == health.News {
		p.log.Warn("cannot tell whether the pod ended: it keeps its policy, blocks and addresses; asked again", "pod.id", podID, "error", err)
	}
}

// netnsGone reports whether e's network namespace is provably gone. A
// namespace that cannot be read is not.
func (p *Plugin) netnsGone(e *podEntry) bool {
	gone, err := chainrun.NetNSGone(e.pod.NetNS)
	p.noteRead("netns "+e.pod.ID, e.pod.ID, err)
	return err == nil && gone
}

// netnsInUse reports a process (other than the caller) that still lives in
// the network namespace at path, if any: one pass over procDir (/proc), at
// a sandbox's end only. A namespace that is gone has none. An error means
// it is not known: a process could be left.
func netnsInUse(procDir, path string) (int, bool, error) {
	var want unix.Stat_t
	if path == "" {
		return 0, false, nil
	}
	if err := unix.Stat(path, &want); err != nil {
		if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
			return 0, false, nil
		}
		return 0, false, fmt.Errorf("network namespace %s: %w", path, err)
	}
	entries, err := os.ReadDir(procDir)
	if err != nil {
		return 0, false, fmt.Errorf("listing the processes left in network namespace %s: %w", path, err)
	}
	self := os.Getpid()
	for _, d := range entries {
		pid, err := strconv.Atoi(d.Name())
		if err != nil || pid == self {
			continue
		}
		// A process that exited meanwhile has no namespace; one whose
		// namespace root may not read (EACCES: ptrace rules, as for
		// pid 1 in some containers) is no container of a pod, whose
		// processes the node's root reads.
		var st unix.Stat_t
		if unix.Stat(filepath.Join(procDir, d.Name(), "ns", "net"), &st) == nil && st.Dev == want.Dev && st.Ino == want.Ino {
			return pid, true, nil
		}
	}
	return 0, false, nil
}

// sandboxEndRetry is the wait before asking again whether a sandbox whose
// pause process exited ended, after the n-th read that failed.
func sandboxEndRetry(n int) time.Duration {
	return min(time.Second<<min(n, 9), 5*time.Minute)
}
