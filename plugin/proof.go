package plugin

// Removal needs proof (docs/nri.md). diktyo-nri removes a pod's policy,
// port blocks, records and managed addresses only
//   - when the pod provably ended: its StopPodSandbox or
//     RemovePodSandbox, its network namespace gone, its absence from the
//     runtime's pod list of a Synchronize on the current connection; or
//   - on an admin's deliberate change that is itself valid: a config read
//     from its source (never the built-in defaults standing in for an
//     absent file) or the pod's annotations, that now deny or drop it.
//
// Every other failure (a lookup, a file, a server, its own state) keeps
// what is applied, is retried with backoff, logged once, counted, and
// shown by `diktyo-nri status`. This file holds the two checks that say
// so (removalVerdict, and health.Synchronized for GC) and the daemon's
// state that status and diktyo_daemon_state show, from its health
// (plugin/internal/health).

import (
	"sort"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// daemonStatus is the daemon's state for the local API and the metric.
func (p *Plugin) daemonStatus() localapi.Daemon {
	d := localapi.Daemon{Synchronized: p.health.Synchronized(), Faults: p.health.Faults()}
	if st := p.conf.Load(); st != nil {
		if st.EgressErr != nil {
			d.Faults = append(d.Faults, health.FaultEgressState+": "+st.EgressErr.Error())
		}
		if st.Provisional {
			d.Faults = append(d.Faults, "config: "+st.Source+": built-in defaults, not an admin's decision; running pods keep their policy")
		}
	}
	for _, e := range p.pods.Snapshot() {
		if e.Live() && e.RepairFailures > 0 {
			d.Repairing++
		}
	}
	sort.Strings(d.Faults)
	if u := p.admission.Unproven(); len(u) > 0 {
		d.UnprovenAddresses = u
	}
	if rt := p.runtime.Load(); rt != nil {
		d.Runtime, d.RuntimeLimits = rt.name+" "+rt.version, rt.limits
	}
	d.State = p.health.State(len(d.Faults), d.Repairing)
	return d
}

// Daemon is the local API's view of the daemon's state.
func (p *Plugin) Daemon() localapi.Daemon {
	d := p.daemonStatus()
	d.Cluster = p.kube.Status()
	return d
}

// publishHealth sets diktyo_daemon_state to the state now.
func (p *Plugin) publishHealth() {
	d := p.daemonStatus()
	p.kube.NoteState(d)
	p.metrics.PublishState(d.State)
}
