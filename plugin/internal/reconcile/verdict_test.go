package reconcile

import (
	"errors"
	"fmt"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// TestRemovalVerdict: reconcile removes a running pod's policy only on
// an admin's verdict under an admin's config (verdict.go).
func TestRemovalVerdict(t *testing.T) {
	admin := &gen.State{Source: "/etc/diktyo/config.yaml"}
	defaults := &gen.State{Source: "built-in defaults (/etc/diktyo/config.yaml absent)", Provisional: true}
	denied := work.Failure(health.ReasonDenied, policy.ErrDenied)
	unknown := work.Failure(health.ReasonUnknown, fmt.Errorf("%w: the node's addresses could not be read", policy.ErrUnknown))
	for _, tc := range []struct {
		name   string
		st     *gen.State
		perr   error
		remove bool
	}{
		{"policy dropped by the admin", admin, nil, true},
		{"denied by the admin", admin, denied, true},
		{"invalid annotation", admin, work.Failure(health.ReasonInvalid, errors.New("bad")), true},
		{"host-network pod", admin, work.Failure(health.ReasonHostNetwork, errors.New("host")), true},
		{"lookup failed", admin, unknown, false},
		{"unclassified error", admin, errors.New("boom"), false},
		{"defaults for an absent file, empty", defaults, nil, false},
		{"defaults for an absent file, denied", defaults, denied, false},
	} {
		err := removalVerdict(tc.st, tc.perr)
		if (err == nil) != tc.remove || (err != nil && !errors.Is(err, errKept)) {
			t.Errorf("%s: removalVerdict = %v, want remove=%v", tc.name, err, tc.remove)
		}
	}
}
