package admit

import (
	"path/filepath"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// TestPreviewClaimsNothing: the preview reconcile's plan decides from
// resolves a pod's pools to the very blocks its admission then grants,
// claims nothing (another pod's preview sees the block still free), and
// leaves the policy it was given as it was; a pool that cannot be
// previewed is an error naming it.
func TestPreviewClaimsNothing(t *testing.T) {
	dir := t.TempDir()
	cfg, err := policy.ParseConfig([]byte(`
egress:
  stateDir: ` + filepath.Join(dir, "egress") + `
  attributionLog: ` + filepath.Join(dir, "attribution.jsonl") + `
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20063", blockSize: 32}]
namespaces:
- namespaces: [team-a]
  allow: {masq: {pools: [web], destinations: [0.0.0.0/0]}}
`))
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAllocator(cfg, "node-a")
	if err != nil {
		t.Fatal(err)
	}
	ann := map[string]string{policy.KeyMasq: `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}
	decide := func(name string) *policy.Policy {
		pol, err := policy.Decide(cfg, policy.Pod{Namespace: "team-a", Name: name, UID: "uid-" + name}, ann)
		if err != nil {
			t.Fatal(err)
		}
		return pol
	}
	podA := egress.Pod{Namespace: "team-a", Name: "a", UID: "uid-a", Sandbox: "sandbox-a"}
	podB := egress.Pod{Namespace: "team-a", Name: "b", UID: "uid-b", Sandbox: "sandbox-b"}

	polA := decide("a")
	pre, err := Preview(a, podA, polA)
	if err != nil {
		t.Fatal(err)
	}
	if polA.MasqEntries[0].External != "pool:web" {
		t.Fatalf("Preview changed the policy it was given: %q", polA.MasqEntries[0].External)
	}
	if grants, err := a.Blocks(); err != nil || len(grants) != 0 {
		t.Fatalf("Preview granted %v (%v)", grants, err)
	}
	if err := Pools(a, podA, polA); err != nil {
		t.Fatal(err)
	}
	if got, want := polA.MasqEntries[0].External, pre.MasqEntries[0].External; got != want {
		t.Errorf("admission granted %q, the preview said %q", got, want)
	}
	// Once pod a holds its block, pod b's preview names another.
	preB2, err := Preview(a, podB, decide("b"))
	if err != nil {
		t.Fatal(err)
	}
	if preB2.MasqEntries[0].External == polA.MasqEntries[0].External {
		t.Errorf("pod b's preview names pod a's granted block %q", polA.MasqEntries[0].External)
	}
	// A full pool cannot be previewed.
	if err := Pools(a, podB, decide("b")); err != nil {
		t.Fatal(err)
	}
	podC := egress.Pod{Namespace: "team-a", Name: "c", UID: "uid-c", Sandbox: "sandbox-c"}
	if _, err := Preview(a, podC, decide("c")); err == nil {
		t.Error("Preview of a full pool succeeded")
	}
}
