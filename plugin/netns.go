package plugin

import (
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// A pod's network namespace being gone, and no process being left in it,
// are proof that the pod ended (docs/nri.md, "Removal needs proof"). A
// read that fails (a statfs, /proc) proves neither: the pod keeps
// everything, the failure is counted (diktyo_failures_total{reason=
// "cannot_decide"}), logged once per error and pod, shown as the daemon
// fault "netns" until a read succeeds, and the question is asked again
// (at every reconcile; the sandbox watch, plugin/internal/watch, with
// backoff).

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
	gone, err := chainrun.NetNSGone(e.Pod.NetNS)
	p.noteRead("netns "+e.Pod.ID, e.Pod.ID, err)
	return err == nil && gone
}
