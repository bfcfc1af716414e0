package egress

import (
	"path/filepath"
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
