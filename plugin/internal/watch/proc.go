package watch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

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
