package plugin

// The daemon's state, as status and diktyo_daemon_state show it, from
// its health (plugin/internal/health), the config in force and the pods
// failing repair. Removal needs proof (docs/nri.md): the rule itself is
// the reconcile's (plugin/internal/reconcile, verdict.go), and GC's gate
// is health.Synchronized.

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
