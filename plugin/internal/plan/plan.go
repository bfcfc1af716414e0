// Package plan is reconcile's decision for one live pod, as a pure
// function of what reconcile observed (docs/nri.md, "Reconcile and GC"):
// nothing here reads the node, the cache or a file, so every row of the
// decision table is a case of a test that runs without root.
//
// Reconcile observes first (the cache, the pod's decision under the
// config in force, the pod table, and the preview of the pod's egress
// admission: its pools resolved to the blocks it would be granted,
// nothing claimed), asks Decide for the action and, for an Apply, Chain
// for the chain work that brings the pod to that policy; then it acts.
// An Apply's first act is the admission (the only act that claims
// anything: blocks, managed addresses, Leases); when it granted other
// blocks than previewed, Chain is asked again with what it granted.
package plan

// Decision is what the config in force makes of a pod's request.
type Decision uint8

const (
	// Policy: a non-empty policy.
	Policy Decision = iota
	// Empty: no policy (none asked, or the config gives none).
	Empty
	// Refused: a verdict on the request (denied, invalid, a host-network
	// pod with annotations).
	Refused
	// Unknown: no decision, a fact it needs could not be read.
	Unknown
)

// Pod is what reconcile observed of one live pod before deciding.
type Pod struct {
	Decision Decision
	// Provisional: the config in force is the built-in defaults standing
	// in for an absent file, not an admin's decision.
	Provisional bool
	// Cached: libcni holds an attachment of the pod under the network's
	// current name; Renamed: under an earlier one.
	Cached, Renamed bool
	// HoldsChain: an ADD of this process may have left chain state.
	HoldsChain bool
}

// holds reports whether the chain may hold state for the pod.
func (p Pod) holds() bool { return p.Cached || p.Renamed || p.HoldsChain }

// Kind is what reconcile does with a pod.
type Kind uint8

const (
	// Nothing: no policy and nothing applied.
	Nothing Kind = iota
	// Keep: the pod holds chain state the config in force would not
	// give it, and nothing proves the admin meant that: it stays (Why).
	Keep
	// Remove: DEL, the admin's deliberate, valid verdict.
	Remove
	// Apply: the chain work Chain names, after the pod's egress
	// admission.
	Apply
)

var kindNames = [...]string{"nothing", "keep", "remove", "apply"}

func (k Kind) String() string { return kindNames[k] }

// Why says why a Keep keeps.
type Why uint8

const (
	// NoWhy: not a Keep.
	NoWhy Why = iota
	// Provisional: the config in force is the built-in defaults.
	Provisional
	// Undecided: no decision could be made.
	Undecided
)

// Action is the plan for one pod.
type Action struct {
	Kind Kind
	Why  Why
	// Retry: decided again with backoff (a fact could not be read), as a
	// failed repair is.
	Retry bool
	// ReleaseOnRefusal: when the admission of an Apply fails, what it
	// claimed goes back (nothing is applied that it could be keeping).
	ReleaseOnRefusal bool
}

// Decide is the plan for a live pod.
func Decide(p Pod) Action {
	if p.Decision == Policy {
		return Action{Kind: Apply, ReleaseOnRefusal: !p.holds()}
	}
	if !p.holds() {
		return Action{Kind: Nothing}
	}
	retry := p.Decision == Unknown
	switch {
	case p.Provisional:
		return Action{Kind: Keep, Why: Provisional, Retry: retry}
	case retry:
		return Action{Kind: Keep, Why: Undecided, Retry: true}
	}
	return Action{Kind: Remove}
}

// Admitted is what reconcile observed of a pod it applies: its
// attachments, compared with its policy as the admission resolves it
// (previewed before the admission, granted after it) and the chain in
// force.
type Admitted struct {
	Cached, Renamed bool
	// Same: the cached attachment has the policy's arguments (its pools
	// resolved) and the conflist in force.
	Same bool
	// Interrupted: a previous process's ADD of the pod handed its
	// conntrack walk over and may have been killed before it ran (its
	// marker, and no such work pending in this process).
	Interrupted bool
}

// Work is the chain work an Apply does.
type Work uint8

const (
	// Add: no attachment: ADD.
	Add Work = iota
	// Migrate: an attachment under the network's earlier name only:
	// ADD under the new name, then DEL of the old.
	Migrate
	// Update: other arguments or another conflist: ADD over the old
	// state (plugins that left the chain get a DEL of their own).
	Update
	// Redo: the same attachment, its ADD's walk interrupted: ADD again,
	// undeferred.
	Redo
	// Check: the same attachment: CHECK, and ADD again on drift.
	Check
)

var workNames = [...]string{"add", "migrate", "update", "add", "check"}

// String is the work's name in diktyo_reconcile_actions_total{action}.
func (w Work) String() string { return workNames[w] }

// Chain is the chain work that brings a pod it applies to its policy.
func Chain(a Admitted) Work {
	switch {
	case !a.Cached && a.Renamed:
		return Migrate
	case !a.Cached:
		return Add
	case !a.Same:
		return Update
	case a.Interrupted:
		return Redo
	}
	return Check
}
