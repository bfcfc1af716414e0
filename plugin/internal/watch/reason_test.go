package watch

import (
	"fmt"
	"testing"

	"golang.org/x/sys/unix"
)

// TestWatchReason: each way openSandboxPidfd fails gets its reason label;
// a refused /proc/PID/ns/net (what a diktyo-nri without CAP_SYS_PTRACE
// gets for another container's pause process, as e2e-kubelet showed) is
// no_permission, not a bare error.
func TestWatchReason(t *testing.T) {
	for err, want := range map[error]string{
		errNoPid: watchNoPid,
		fmt.Errorf("pidfd_open(7): %w", unix.ESRCH): watchNoProcess,
		errNotSandbox: watchOtherNS,
		fmt.Errorf("netns of pid 7: %w", unix.EACCES):         watchNoPermission,
		fmt.Errorf("netns of pid 7: %w", unix.EPERM):          watchNoPermission,
		fmt.Errorf("netns /var/run/netns/x: %w", unix.ENOENT): watchError,
	} {
		if got := watchReason(err); got != want {
			t.Errorf("watchReason(%v) = %s, want %s", err, got, want)
		}
	}
}
