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
// so (removalVerdict, and health.synchronized for GC) and the daemon's
// health that status and diktyo_daemon_state show.

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/plan"
)

// Daemon states, as status and diktyo_daemon_state{state} show them.
const (
	// stateStarting: no Synchronize on the current NRI connection, so the
	// pod table is not the runtime's list: nothing is garbage-collected.
	stateStarting = "starting"
	// stateSynchronized: the pod table is the runtime's, nothing failing.
	stateSynchronized = "synchronized"
	// stateDegraded: synchronized, but something is failing (the config
	// source, the egress state, a pod's repair); what is applied stays.
	stateDegraded = "degraded"
)

var daemonStates = []string{stateStarting, stateSynchronized, stateDegraded}

// Faults the daemon keeps running through, by kind.
const (
	faultConfig      = "config"
	faultEgressState = "egress_state"
	faultGC          = "gc"
)

// health is the daemon's phase and its current faults.
type health struct {
	synced atomic.Bool
	mu     sync.Mutex
	faults map[string]string
	// deferred: a GC was skipped for want of a Synchronize (logged once
	// per connection).
	deferred atomic.Bool
}

// synchronized reports whether a Synchronize has run on the current
// connection: only then is the pod table the runtime's list, and a pod's
// absence from it proof that it ended.
func (h *health) synchronized() bool { return h.synced.Load() }

// setSynced records a Synchronize (true) or a closed connection (false).
func (h *health) setSynced(v bool) {
	h.synced.Store(v)
	if !v {
		h.deferred.Store(false)
		return
	}
	// A Synchronize is the proof that NRI works.
	h.set(faultNRI, nil)
}

// setNew records the fault of kind and reports whether its message
// differs from the one recorded (so that callers say a reason once).
func (h *health) setNew(kind string, err error) bool {
	h.mu.Lock()
	prev, had := h.faults[kind]
	h.mu.Unlock()
	h.set(kind, err)
	return err != nil && (!had || prev != err.Error())
}

// set records the fault of kind (err nil: cleared).
func (h *health) set(kind string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.faults == nil {
		h.faults = map[string]string{}
	}
	if err == nil {
		delete(h.faults, kind)
		return
	}
	h.faults[kind] = err.Error()
}

// daemonStatus is the daemon's state for the local API and the metric.
func (p *Plugin) daemonStatus() localapi.Daemon {
	h := &p.health
	d := localapi.Daemon{State: stateSynchronized, Synchronized: h.synchronized()}
	h.mu.Lock()
	for kind, msg := range h.faults {
		d.Faults = append(d.Faults, kind+": "+msg)
	}
	h.mu.Unlock()
	if st := p.state.Load(); st != nil {
		if st.egressErr != nil {
			d.Faults = append(d.Faults, faultEgressState+": "+st.egressErr.Error())
		}
		if st.provisional {
			d.Faults = append(d.Faults, "config: "+st.source+": built-in defaults, not an admin's decision; running pods keep their policy")
		}
	}
	for _, e := range p.pods.snapshot() {
		if e.live() && e.repairFailures > 0 {
			d.Repairing++
		}
	}
	sort.Strings(d.Faults)
	if u := p.unproven.Load(); u != nil && len(*u) > 0 {
		d.UnprovenAddresses = *u
	}
	if rt := p.runtime.Load(); rt != nil {
		d.Runtime, d.RuntimeLimits = rt.name+" "+rt.version, rt.limits
	}
	switch {
	case !d.Synchronized:
		d.State = stateStarting
	case len(d.Faults) > 0 || d.Repairing > 0:
		d.State = stateDegraded
	}
	return d
}

// Daemon is the local API's view of the daemon's state.
func (p *Plugin) Daemon() localapi.Daemon {
	d := p.daemonStatus()
	d.Cluster = p.clusterStatus()
	return d
}

// publishHealth sets diktyo_daemon_state to the state now.
func (p *Plugin) publishHealth() {
	d := p.daemonStatus()
	p.noteState(d)
	now := d.State
	for _, s := range daemonStates {
		v := 0.0
		if s == now {
			v = 1
		}
		p.metrics.daemonState.WithLabelValues(s).Set(v)
	}
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
func removalVerdict(st *state, perr error) error {
	a := plan.Decide(plan.Pod{Decision: decisionOf(&policy.Policy{}, perr), Provisional: st.provisional, HoldsChain: true})
	if a.Kind == plan.Keep {
		return keptWhy(st, a.Why, perr)
	}
	return nil
}

// keptWhy is why a plan keeps a pod's policy, for its last error.
func keptWhy(st *state, why plan.Why, perr error) error {
	if why == plan.Provisional {
		return fmt.Errorf("%w: the config in force is %s, not an admin's decision", errKept, st.source)
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
	switch reasonOf(err) {
	case reasonDenied, reasonInvalid, reasonHostNetwork:
		return true
	}
	return false
}
