package egress

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// TestFromAdminConfig: the admin's egress section drives the allocator,
// and a block it grants resolves the pod's "pool:NAME" entry into an
// external the chain takes.
func TestFromAdminConfig(t *testing.T) {
	dir := t.TempDir()
	cfg, err := policy.ParseConfig([]byte(`
egress:
  stateDir: ` + filepath.Join(dir, "egress") + `
  attributionLog: ` + filepath.Join(dir, "log", "attribution.jsonl") + `
  addresses: [{address: 203.0.113.10, interface: eth0, manage: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20099", blockSize: 30, shared: true}]
namespaces:
- namespaces: [team-a]
  allow: {masq: {pools: [web], destinations: [0.0.0.0/0]}}
`))
	if err != nil {
		t.Fatal(err)
	}
	o := OptionsFromConfig(cfg.Egress)
	want := Pool{Name: "web", Address: addr4, Lo: 20000, Hi: 20099, BlockSize: 30, Shared: true}
	if len(o.Pools) != 1 || o.Pools[0] != want || o.StateDir != filepath.Join(dir, "egress") {
		t.Fatalf("OptionsFromConfig = %+v", o)
	}
	a := mustNew(t, o)
	p := pod("web-1")
	pol, err := policy.Decide(cfg, policy.Pod{Namespace: p.Namespace, Name: p.Name, UID: p.UID},
		map[string]string{policy.KeyMasq: `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`})
	if err != nil {
		t.Fatal(err)
	}
	var got Block
	err = pol.ResolvePools(func(pool string) (api.External, error) {
		var gerr error
		got, gerr = a.Grant(pool, p)
		return got.External(), gerr
	})
	if err != nil {
		t.Fatal(err)
	}
	if pol.MasqEntries[0].External != got.External().String() || got.Hi-got.Lo+1 != 30 || got.Hi > 20089 {
		t.Errorf("resolved %q from block %s", pol.MasqEntries[0].External, got)
	}
	u, _ := a.Usage()
	if u[0].Blocks != 3 || u[0].InUse != 1 {
		t.Errorf("Usage = %+v", u)
	}
	if o := OptionsFromConfig(nil); o.Pools != nil || o.StateDir != "" {
		t.Errorf("OptionsFromConfig(nil) = %+v", o)
	}
}

// admitConfig is an admin config with one egress pool (web, on
// 203.0.113.10) and a second declared address (203.0.113.11), the given
// namespace rules, and an allocator on it in a fresh directory.
func admitConfig(t *testing.T, namespaces string) (*policy.Config, *Allocator) {
	t.Helper()
	dir := t.TempDir()
	cfg, err := policy.ParseConfig([]byte(`
egress:
  stateDir: ` + filepath.Join(dir, "egress") + `
  attributionLog: ` + filepath.Join(dir, "egress", "attribution.jsonl") + `
  addresses: [{address: 203.0.113.10}, {address: 203.0.113.11}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20099", blockSize: 10}]
namespaces:` + namespaces))
	if err != nil {
		t.Fatal(err)
	}
	return cfg, mustNew(t, OptionsFromConfig(cfg.Egress))
}

// TestAdmit: explicit ranges are claimed, pools resolved, in one call;
// again for a running pod: the same; another pod's clash is refused.
func TestAdmit(t *testing.T) {
	cfg, a := admitConfig(t, `
- namespaces: [team-a]
  allow: {masq: {pools: [web], externals: ["203.0.113.11:5000-5999", masquerade], destinations: [0.0.0.0/0]}}
`)
	decide := func(p Pod, masq string) *policy.Policy {
		t.Helper()
		pol, err := policy.Decide(cfg, policy.Pod{Namespace: p.Namespace, Name: p.Name, UID: p.UID}, map[string]string{policy.KeyMasq: masq})
		if err != nil {
			t.Fatal(err)
		}
		return pol
	}
	const masq = `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"},
		{"external":"203.0.113.11:5000-5009","destination":"192.0.2.0/24","protocol":"udp"},
		{"external":"masquerade","destination":"10.0.0.0/8"},
		{"external":"pool:web","destination":"192.0.2.0/24","protocol":"udp"}]`
	pol := decide(pod("a"), masq)
	if err := a.Admit(pod("a"), pol); err != nil {
		t.Fatal(err)
	}
	if pol.MasqEntries[0].External != pol.MasqEntries[3].External || pol.MasqEntries[1].External != "203.0.113.11:5000-5009" ||
		!strings.HasPrefix(pol.MasqEntries[0].External, "203.0.113.10:200") || len(pol.Pools()) != 0 {
		t.Errorf("admitted policy %+v", pol.MasqEntries)
	}
	again := decide(pod("a"), masq)
	if err := a.Admit(pod("a"), again); err != nil || again.MasqEntries[0] != pol.MasqEntries[0] {
		t.Errorf("second Admit = %v, %+v", err, again.MasqEntries)
	}
	if g, _ := a.Blocks(); len(g) != 2 {
		t.Errorf("Blocks = %v", g)
	}
	err := a.Admit(pod("b"), decide(pod("b"), `[{"external":"203.0.113.11:5009-5100","destination":"192.0.2.0/24","protocol":"tcp"}]`))
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "team-a/a") {
		t.Errorf("clashing Admit = %v", err)
	}
	if err := a.Admit(pod("b"), nil); err != nil {
		t.Error(err)
	}
}

// TestAdmitQuota (issue 19, part 5b): a namespace's pods together hold
// at most their rule's allow.masq.quota of pool blocks and of explicit
// ports; the refusal names the namespace and the quota; another
// namespace of the same rule has a quota of its own; a pod that holds
// what it asks is admitted again whatever the count; a release frees the
// quota.
func TestAdmitQuota(t *testing.T) {
	cfg, a := admitConfig(t, `
- namespaces: [team-a, team-b]
  allow: {masq: {pools: [web], externals: ["203.0.113.11:5000-5999"], destinations: [0.0.0.0/0], quota: {blocks: 2, ports: 20}}}
`)
	admit := func(ns, name, masq string) error {
		t.Helper()
		p := Pod{Namespace: ns, Name: name, UID: "uid-" + ns + name, Sandbox: "sb-" + ns + name}
		pol, err := policy.Decide(cfg, policy.Pod{Namespace: ns, Name: name, UID: p.UID}, map[string]string{policy.KeyMasq: masq})
		if err != nil {
			t.Fatal(err)
		}
		return a.Admit(p, pol)
	}
	const block = `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`
	ports := func(lo, hi int) string {
		return fmt.Sprintf(`[{"external":"203.0.113.11:%d-%d","destination":"192.0.2.0/24","protocol":"udp"}]`, lo, hi)
	}
	for _, n := range []string{"a1", "a2"} {
		if err := admit("team-a", n, block); err != nil {
			t.Fatalf("block %d of 2: %v", len(n), err)
		}
	}
	err := admit("team-a", "a3", block)
	if !errors.Is(err, ErrQuota) || !strings.Contains(err.Error(), "namespace team-a holds 2 pool blocks") || !strings.Contains(err.Error(), "allow.masq.quota.blocks: 2") {
		t.Errorf("third block of team-a: %v, want ErrQuota naming the namespace and the quota", err)
	}
	if err := admit("team-a", "a1", block); err != nil {
		t.Errorf("a held block admitted again: %v", err)
	}
	if err := admit("team-b", "b1", block); err != nil {
		t.Errorf("team-b's first block (a quota of its own): %v", err)
	}
	if err := admit("team-a", "p1", ports(5000, 5014)); err != nil {
		t.Fatalf("15 of 20 ports: %v", err)
	}
	if err := admit("team-a", "p2", ports(5100, 5109)); !errors.Is(err, ErrQuota) || !strings.Contains(err.Error(), "allow.masq.quota.ports") {
		t.Errorf("15+10 of 20 ports: %v, want ErrQuota", err)
	}
	if err := admit("team-a", "p2", ports(5100, 5104)); err != nil {
		t.Errorf("15+5 of 20 ports: %v", err)
	}
	if _, err := a.Release(Pod{Namespace: "team-a", Name: "a1", UID: "uid-team-aa1", Sandbox: "sb-team-aa1"}); err != nil {
		t.Fatal(err)
	}
	if err := admit("team-a", "a3", block); err != nil {
		t.Errorf("a block after a release: %v", err)
	}
}
