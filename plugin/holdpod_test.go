package plugin

import (
	"net/netip"
	"path/filepath"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// A recovered DEL hold blocks only the releases of its own pod: a
// process killed between a stopped pod's DEL and its conntrack walk
// leaves a marker; the next process holds that pod's port blocks and
// managed addresses until the walk is done, and gives back those of
// every other gone pod at its GC. Markers that did not name their pod
// blocked every release on the node until the walk ended.
func TestRecoveredHoldBlocksOnlyItsPod(t *testing.T) {
	dir := t.TempDir()
	cfg := "chain:\n  conflist: " + filepath.Join(dir, "absent.conflist") + "\n  cacheDir: " + filepath.Join(dir, "cache") + `
egress:
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}]
  stateDir: ` + filepath.Join(dir, "egress") + `
  attributionLog: ` + filepath.Join(dir, "attribution.jsonl") + "\n"
	killed := quietPlugin(t, cfg)
	st := killed.conf.Load()
	held := &podEntry{Pod: chainrun.Pod{ID: "stopped", Namespace: "team-a", Name: "web", UID: "u1", IPs: []string{"198.51.100.20"}},
		EgressAddrs: []netip.Addr{netip.MustParseAddr("203.0.113.10")}}
	gone := &podEntry{Pod: chainrun.Pod{ID: "gone", Namespace: "team-a", Name: "api", UID: "u2", IPs: []string{"198.51.100.21"}}}
	for _, e := range []*podEntry{held, gone} {
		killed.pods.Upsert(e)
		if _, err := st.Egress.Grant("web", work.EgressPod(e)); err != nil {
			t.Fatal(err)
		}
	}
	// The stopped pod's teardown: its hold taken, then the process is
	// killed before the DEL ends (nothing settled).
	killed.pods.Stop(held.Pod.ID)
	cur, _ := killed.pods.Get(held.Pod.ID)
	killed.work.TakeDelHold(st, held, &cur)

	// The next process: no pod is live; only the held pod's flows may
	// still be translated to its block.
	p := quietPlugin(t, cfg)
	st = p.conf.Load()
	p.health.SetSynced(true)
	p.admission.GC(st.Admit())
	grants, err := st.Egress.Blocks()
	if err != nil {
		t.Fatal(err)
	}
	var owners []string
	for _, g := range grants {
		owners = append(owners, g.Pod.Sandbox)
	}
	if len(owners) != 1 || owners[0] != held.Pod.ID {
		t.Errorf("blocks after the restart's GC: owned by %v, want only the held pod's (%s)", owners, held.Pod.ID)
	}
}
