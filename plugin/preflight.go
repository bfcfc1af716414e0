package plugin

// Preflight: what an operator needs to hear when diktyo-nri cannot do its
// job on this node at all. With no NRI socket a DaemonSet's pod would
// otherwise sit "Running" while no pod gets policy, and nothing would
// say why; with a runtime too old for what diktyo relies on, pods would
// be refused one by one with the same error. Each finding is a fault of
// the daemon's health (status, readiness, diktyo_daemon_state), one log
// line and one Event on the Node per distinct reason.

import (
	"errors"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
)

// nriFailed records a failed or closed NRI connection as the daemon's
// fault; a reason new since the last one is logged and posted on the
// Node once (the retries that follow say nothing new).
func (p *Plugin) nriFailed(socket string, preinstalled bool, err error) {
	why := health.NRIProblem(socket, preinstalled, err)
	if !p.health.SetNew(health.FaultNRI, why) {
		return
	}
	p.publishHealth()
	p.log.Warn("cannot reach the runtime's NRI; pods get no diktyo policy until it can", "error", why)
	p.kube.NodeEvent(kube.ReasonNRIUnavailable, "Connect", why.Error())
}

// noteRuntime checks the runtime containerd announced in Configure.
func (p *Plugin) noteRuntime(runtime, version string) {
	limits, fatal := health.RuntimeLimits(runtime, version)
	p.runtime.Store(&runtimeInfo{name: runtime, version: version, limits: limits})
	var err error
	if fatal {
		err = errors.New(limits[0])
	}
	p.health.Set(health.FaultRuntime, err)
	for _, l := range limits {
		p.log.Warn("runtime limit", "limit", l)
	}
	if fatal {
		p.kube.NodeEvent(kube.ReasonRuntimeUnsupported, "Connect", limits[0])
	}
}

// runtimeInfo is what containerd announced, and what it lacks.
type runtimeInfo struct {
	name, version string
	limits        []string
}
