package plan

import "testing"

// TestDecisionTable: every row of docs/nri.md's decision table
// ("Reconcile and GC"), and each reason to keep, without root.
func TestDecisionTable(t *testing.T) {
	for _, tc := range []struct {
		row  string
		pod  Pod
		want Action
	}{
		{"no cached attachment: ADD (after admission)", Pod{Decision: Policy},
			Action{Kind: Apply, ReleaseOnRefusal: true}},
		{"cached: CHECK or UPDATE (after admission); a refused admission keeps what is applied", Pod{Decision: Policy, Cached: true},
			Action{Kind: Apply}},
		{"cached under the earlier name: migrate (after admission)", Pod{Decision: Policy, Renamed: true},
			Action{Kind: Apply}},
		{"an ADD of this process ran, nothing cached: applied again, its state kept on refusal", Pod{Decision: Policy, HoldsChain: true},
			Action{Kind: Apply}},
		{"policy now empty under an admin's config: DEL", Pod{Decision: Empty, Cached: true},
			Action{Kind: Remove}},
		{"no longer allowed under an admin's config: DEL", Pod{Decision: Refused, Cached: true},
			Action{Kind: Remove}},
		{"no longer allowed, held under the earlier name: DEL", Pod{Decision: Refused, Renamed: true},
			Action{Kind: Remove}},
		{"policy not given under the built-in defaults: keep, say why", Pod{Decision: Empty, Provisional: true, Cached: true},
			Action{Kind: Keep, Why: Provisional}},
		{"refused under the built-in defaults: keep, say why", Pod{Decision: Refused, Provisional: true, HoldsChain: true},
			Action{Kind: Keep, Why: Provisional}},
		{"no decision possible (cannot_decide): keep, say why, retry", Pod{Decision: Unknown, Cached: true},
			Action{Kind: Keep, Why: Undecided, Retry: true}},
		{"no decision possible under the built-in defaults: keep, retry", Pod{Decision: Unknown, Provisional: true, Cached: true},
			Action{Kind: Keep, Why: Provisional, Retry: true}},
		{"no policy, nothing applied: nothing", Pod{Decision: Empty},
			Action{Kind: Nothing}},
		{"refused, nothing applied: nothing", Pod{Decision: Refused},
			Action{Kind: Nothing}},
		{"no decision, nothing applied: nothing", Pod{Decision: Unknown, Provisional: true},
			Action{Kind: Nothing}},
	} {
		if got := Decide(tc.pod); got != tc.want {
			t.Errorf("%s: Decide(%+v) = %+v, want %+v", tc.row, tc.pod, got, tc.want)
		}
	}
}

// TestChainWork: the chain work of an admitted pod.
func TestChainWork(t *testing.T) {
	for _, tc := range []struct {
		row  string
		a    Admitted
		want Work
	}{
		{"no cached attachment: ADD", Admitted{}, Add},
		{"no cached attachment, a stale marker: ADD (undeferred: the walk)", Admitted{Interrupted: true}, Add},
		{"cached under the earlier name only: migrate", Admitted{Renamed: true}, Migrate},
		{"cached under both names: the current one wins", Admitted{Cached: true, Renamed: true, Same: true}, Check},
		{"cached with other arguments or conflist: update", Admitted{Cached: true}, Update},
		{"changed and interrupted: update (its ADD runs undeferred)", Admitted{Cached: true, Interrupted: true}, Update},
		{"same, its ADD's walk interrupted: ADD again", Admitted{Cached: true, Same: true, Interrupted: true}, Redo},
		{"same: CHECK", Admitted{Cached: true, Same: true}, Check},
	} {
		if got := Chain(tc.a); got != tc.want {
			t.Errorf("%s: Chain(%+v) = %v, want %v", tc.row, tc.a, got, tc.want)
		}
	}
}
