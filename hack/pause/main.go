// Command pause is the test VM's pod sandbox process: it holds the pod's
// namespaces open, reaps orphaned children (it is PID 1 in the pod) and
// exits on SIGINT or SIGTERM, like Kubernetes' pause container. It is built
// static (CGO_ENABLED=0) so its image needs no other file.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range sigs {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		reap()
	}
}

// reap collects every exited child so none stays a zombie.
func reap() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}
