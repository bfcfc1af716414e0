package testutil

import (
	"fmt"
	"os/exec"
	"runtime"
	"syscall"

	"github.com/containernetworking/plugins/pkg/ns"
)

// StartTied starts cmd so that it dies with the test binary and at no other
// time, inside the network namespace at netnsPath ("": the process's
// initial one, whatever namespace the calling goroutine is in), and
// returns a channel closed once cmd has exited and been reaped (cmd.Wait
// is called here; callers must not call it again).
//
// PDEATHSIG fires when the *thread* that forked the child ends, not the
// process, and Go ends any thread whose goroutine exits while locked to it
// (ns.Do, netns creation, this package's helpers). A child forked from an
// ordinary thread is therefore SIGKILLed at random once the test binary is
// busy: diktyo-nri vanished silently mid-test that way under CI load. The
// child here is forked from a goroutine locked to its thread until the child
// has been reaped, so the thread outlives the child.
func StartTied(cmd *exec.Cmd, netnsPath string) (<-chan struct{}, error) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	started := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread may be in another netns
		if netnsPath != "" {
			if err := enterNetNS(netnsPath); err != nil {
				started <- err
				return
			}
		}
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		_ = cmd.Wait()
		close(done)
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return done, nil
}

func enterNetNS(path string) error {
	n, err := ns.GetNS(path)
	if err != nil {
		return fmt.Errorf("opening netns %s: %w", path, err)
	}
	defer n.Close()
	if err := n.Set(); err != nil {
		return fmt.Errorf("entering netns %s: %w", path, err)
	}
	return nil
}
