package plugin

import (
	"errors"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/policy"
)

const perNodeUnitConfig = `
egress:
  addresses:
  - {address: 203.0.113.10, routed: true, nodeSelector: {zone: a}}
  - {address: 203.0.113.20, routed: true}
  pools:
  - {name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}
namespaces:
- namespaces: [team-a]
  allow:
    masq:
      pools: [web]
      destinations: ["0.0.0.0/0"]
`

// perNodeUnit is perNodeUnitConfig with its egress state in a directory
// of the test's (never the host's /var/lib/diktyo).
func perNodeUnit(t *testing.T) string {
	dir := t.TempDir()
	return strings.Replace(perNodeUnitConfig, "egress:\n", "egress:\n  stateDir: "+dir+"/egress\n  attributionLog: "+dir+"/attribution.jsonl\n", 1)
}

func decideWeb(p *Plugin) error {
	ann := map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}
	_, err := policy.Decide(p.Config(), policy.Pod{Namespace: "team-a", Name: "w", UID: "u"}, ann)
	return err
}

// Regression (found in review), the old failure: node-local (no API server): docs/cluster.md says the labels are
// known to be none, so pool web is no node's (denied). New's second reload
// is guarded by HasNodeSelectors() on the already-selected config, which
// is false once SelectNode set the selector addresses aside as unknown.
func TestPerNodeNodeLocalIsNoNodes(t *testing.T) {
	p := quietPlugin(t, perNodeUnit(t))
	err := decideWeb(p)
	if errors.Is(err, policy.ErrUnknown) || !errors.Is(err, policy.ErrDenied) {
		t.Fatalf("node-local, pool web: %v; want denied (not this node's), not 'labels not known yet'", err)
	}
}

// Regression (found in review), the old failure: labels unknown at start, then known and matching no selector:
// the hash covers the labels only when the *selected* config still has a
// selector address, so unknown -> known-no-match hashes the same and the
// config stays "unknown" forever (setNodeLabels returns early for the same
// reason, and the watcher's reload says unchanged).
func TestPerNodeUnknownThenNoMatch(t *testing.T) {
	p := quietPlugin(t, perNodeUnit(t))
	// Pretend an API server: labels start unknown.
	p.kube.NodeLocal, p.kube.NoCluster = "", false
	p.kube.Labels.Store(nil)
	p.kube.Client = nil
	p.kube.Labels.Store(&policy.NodeLabels{Known: true, Labels: map[string]string{"zone": "c"}})
	if _, err := p.conf.Reload(false); err != nil {
		t.Fatal(err)
	}
	err := decideWeb(p)
	if errors.Is(err, policy.ErrUnknown) {
		t.Fatalf("labels known (zone c) after unknown: %v; want denied, the config still treats the labels as unknown", err)
	}
}

// Regression (found in review), the old failure: setNodeLabels decides whether to reload from the config in
// force, after selection: with the labels unknown it has no selector
// address left, so a label update never reloads (only the poller would).
func TestPerNodeLabelsReloadAtOnce(t *testing.T) {
	p := quietPlugin(t, perNodeUnit(t))
	// Force the in-force config to the "labels unknown" selection.
	p.kube.NodeLocal, p.kube.NoCluster = "", false
	if !p.conf.Load().Cfg.Egress.HasNodeSelectors() {
		t.Logf("in-force config: HasNodeSelectors()=false after SelectNode")
	}
	p.kube.SetNodeLabels(map[string]string{"zone": "a"})
	if err := decideWeb(p); err != nil {
		t.Fatalf("after setNodeLabels(zone=a), pool web: %v; want admitted at once", err)
	}
}

// TestPerNodeNoCredentials: in a pod of a cluster whose credentials could
// not be read (node-local for now), the node's labels are unknown, not
// known to be none: a per-node pool gets no verdict, so a running pod
// using it keeps it (a failed read is no admin's decision).
func TestPerNodeNoCredentials(t *testing.T) {
	p := quietPlugin(t, perNodeUnit(t))
	p.kube.NodeLocal, p.kube.NoCluster = "no API server: no usable credentials: ...", false
	if _, err := p.conf.Reload(true); err != nil {
		t.Fatal(err)
	}
	if err := decideWeb(p); !errors.Is(err, policy.ErrUnknown) {
		t.Fatalf("pool web without credentials: %v, want no verdict (ErrUnknown)", err)
	}
}
