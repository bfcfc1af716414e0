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
	"errors"
	"fmt"
	"sort"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/plan"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
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

// errKept marks a reconcile that kept a running pod's policy although the
// config in force would not give it: no proof that the admin meant it.
var errKept = errors.New("policy kept")

// removalVerdict says whether reconcile may remove a running pod's
// policy because the config in force does not give it any more (perr, or
// an empty policy): nil when it may, why it is kept otherwise. It may
// when the config is an admin's (not the built-in defaults standing in
// for an absent file) and the decision is a verdict on the request
// (denied, invalid, a host-network pod), not a fact that could not be
// read. The rule is the plan's (plugin/internal/plan).
func removalVerdict(st *gen.State, perr error) error {
	a := plan.Decide(plan.Pod{Decision: decisionOf(&policy.Policy{}, perr), Provisional: st.Provisional, HoldsChain: true})
	if a.Kind == plan.Keep {
		return keptWhy(st, a.Why, perr)
	}
	return nil
}

// keptWhy is why a plan keeps a pod's policy, for its last error.
func keptWhy(st *gen.State, why plan.Why, perr error) error {
	if why == plan.Provisional {
		return fmt.Errorf("%w: the config in force is %s, not an admin's decision", errKept, st.Source)
	}
	return fmt.Errorf("%w: no decision could be made: %w", errKept, perr)
}

// decisionOf is the plan's view of decide's result.
func decisionOf(pol *policy.Policy, perr error) plan.Decision {
	switch {
	case perr == nil && !pol.Empty():
		return plan.Policy
	case perr == nil:
		return plan.Empty
	case isVerdict(perr):
		return plan.Refused
	}
	return plan.Unknown
}

// isVerdict reports whether a decide error is the admin config's verdict
// on the pod's request, rather than a failure to decide.
func isVerdict(err error) bool {
	switch work.ReasonOf(err) {
	case health.ReasonDenied, health.ReasonInvalid, health.ReasonHostNetwork:
		return true
	}
	return false
}
