// Package health is diktyo-nri's daemon health in one place: its phase
// (synchronized with the runtime or not), its faults by kind, the rule
// that says a fault once (Note), the daemon state that status and
// diktyo_daemon_state show, and the Prometheus metrics (metrics.go).
//
// Every failure the daemon keeps running through is noted here by its
// kind and source: the first error of a source, or one that differs
// from its last, is news (the caller logs and counts it then, once); a
// source that works again clears it. Status lists the failing kinds.
package health

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Daemon states, as status and diktyo_daemon_state{state} show them.
const (
	// Starting: no Synchronize on the current NRI connection, so the
	// pod table is not the runtime's list: nothing is garbage-collected.
	Starting = "starting"
	// Synchronized: the pod table is the runtime's, nothing failing.
	Synchronized = "synchronized"
	// Degraded: synchronized, but something is failing (the config
	// source, the egress state, a pod's repair); what is applied stays.
	Degraded = "degraded"
)

// States are the daemon states, in diktyo_daemon_state's order.
var States = []string{Starting, Synchronized, Degraded}

// Fault kinds: what the daemon keeps running through.
const (
	FaultConfig      = "config"
	FaultEgressState = "egress_state"
	FaultGC          = "gc"
	// FaultNRI: the runtime's NRI could not be reached; cleared by the
	// next Synchronize.
	FaultNRI = "nri"
	// FaultRuntime: the runtime lacks something every pod with a policy
	// needs.
	FaultRuntime = "runtime"
	// FaultNetns: pods whose netns could not be read (they keep what
	// they hold).
	FaultNetns = "netns"
	// FaultAddresses: the managed addresses' ledger unreadable or
	// unwritable, a withdrawal failing.
	FaultAddresses = "egress_addresses"
	// FaultLeases: a Lease renewal failing, or a Lease another node took
	// while this node's pods use its address.
	FaultLeases = "egress_leases"
	// FaultNodeLabels: the node's labels select a config this node
	// refuses; cleared by the next labels that do not.
	FaultNodeLabels = "node_labels"
	// FaultFlows: conntrack walks that failed, or hold markers that
	// cannot be read.
	FaultFlows = "deferred_flows"
)

// Change is what a Note changed for its source.
type Change uint8

const (
	// Same: nothing to say (the same error again, or still working).
	Same Change = iota
	// News: a new error, or one that differs from the source's last.
	News
	// Recovered: the source failed and works again.
	Recovered
)

// Health is the daemon's phase and its current faults.
type Health struct {
	synced atomic.Bool
	// gcDeferred: a GC was skipped for want of a Synchronize (said
	// once per connection).
	gcDeferred atomic.Bool
	mu         sync.Mutex
	// faults are the failing sources' errors by kind, then by source.
	faults map[string]map[string]string
}

// Synchronized reports whether a Synchronize has run on the current
// connection: only then is the pod table the runtime's list, and a pod's
// absence from it proof that it ended.
func (h *Health) Synchronized() bool { return h.synced.Load() }

// SetSynced records a Synchronize (true) or a closed connection (false).
func (h *Health) SetSynced(v bool) {
	h.synced.Store(v)
	if !v {
		h.gcDeferred.Store(false)
		return
	}
	// A Synchronize is the proof that NRI works.
	h.Set(FaultNRI, nil)
}

// GCDeferred records a GC skipped for want of a Synchronize and reports
// whether it is the first on this connection (to be said once).
func (h *Health) GCDeferred() bool { return !h.gcDeferred.Swap(true) }

// Note records the outcome of one source (key) of fault kind: err nil
// clears it. What changed says whether to log and count it.
func (h *Health) Note(kind, key string, err error) Change {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.faults == nil {
		h.faults = map[string]map[string]string{}
	}
	prev, had := h.faults[kind][key]
	if err == nil {
		if !had {
			return Same
		}
		delete(h.faults[kind], key)
		if len(h.faults[kind]) == 0 {
			delete(h.faults, kind)
		}
		return Recovered
	}
	if h.faults[kind] == nil {
		h.faults[kind] = map[string]string{}
	}
	h.faults[kind][key] = err.Error()
	if had && prev == err.Error() {
		return Same
	}
	return News
}

// Set records the fault of kind, its one source (err nil: cleared).
func (h *Health) Set(kind string, err error) { h.Note(kind, "", err) }

// SetNew is Set, reporting whether err is news (to be said once).
func (h *Health) SetNew(kind string, err error) bool { return h.Note(kind, "", err) == News }

// Fault is kind's fault now ("" when none): its sources' errors, sorted.
func (h *Health) Fault(kind string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return joined(h.faults[kind])
}

func joined(bySource map[string]string) string {
	msgs := make([]string, 0, len(bySource))
	for _, m := range bySource {
		if !slices.Contains(msgs, m) {
			msgs = append(msgs, m)
		}
	}
	sort.Strings(msgs)
	return strings.Join(msgs, "; ")
}

// Faults lists the failing kinds as "kind: why", sorted.
func (h *Health) Faults() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.faults))
	for kind, bySource := range h.faults {
		out = append(out, kind+": "+joined(bySource))
	}
	sort.Strings(out)
	return out
}

// State is the daemon's state for its phase, its faults (Faults and any
// the caller adds) and the pods being repaired.
func (h *Health) State(faults, repairing int) string {
	switch {
	case !h.Synchronized():
		return Starting
	case faults > 0 || repairing > 0:
		return Degraded
	}
	return Synchronized
}
