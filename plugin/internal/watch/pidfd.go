package watch

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

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
