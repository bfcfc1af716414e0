package plugin

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
)

// A pod's network namespace being gone, and no process being left in it,
// are proof that the pod ended (docs/nri.md, "Removal needs proof"). A
// read that fails (a statfs, /proc) proves neither: the pod keeps
// everything, the failure is counted (diktyo_failures_total{reason=
// "cannot_decide"}), logged once per error and pod, shown as the daemon
// fault "netns" until a read succeeds, and the question is asked again
// (at every reconcile; the sandbox watch with backoff).

// faultNetns is the daemon fault of pods whose netns could not be read.
const faultNetns = "netns"

// netnsReads are the reads of pods' namespaces that failed, by what was
// read ("netns ID": the namespace itself, "procs ID": the processes in
// it): their errors.
type netnsReads struct {
	mu      sync.Mutex
	failing map[string]string
}

// noteRead records the outcome of a read (err nil: it succeeded) and
// publishes the fault.
func (p *Plugin) noteRead(key, podID string, err error) {
	r := &p.netnsReads
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing == nil {
		r.failing = map[string]string{}
	}
	if err == nil {
		if _, ok := r.failing[key]; !ok {
			return
		}
		delete(r.failing, key)
	} else {
		p.metrics.fail(reasonUnknown)
		if r.failing[key] != err.Error() {
			p.log.Warn("cannot tell whether the pod ended: it keeps its policy, blocks and addresses; asked again", "pod.id", podID, "error", err)
		}
		r.failing[key] = err.Error()
	}
	msgs := make([]string, 0, len(r.failing))
	for _, m := range r.failing {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	var fault error
	if len(msgs) > 0 {
		fault = fmt.Errorf("cannot tell whether pods ended (they keep what they hold): %s", strings.Join(msgs, "; "))
	}
	p.health.set(faultNetns, fault)
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
