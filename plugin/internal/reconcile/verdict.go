package reconcile

import (
	"errors"
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/plan"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

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
