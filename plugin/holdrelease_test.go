package plugin

import (
	"errors"
	"net/netip"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Hole a of issue 30: a stopped pod's DEL succeeded before its conntrack
// walk (handed over, run after StopPodSandbox answers), and its port
// blocks (the attribution log's "release" written) and managed addresses
// were given back at once, while its flows were still translated to
// them: the next grantee of the block would be named for them. They go
// back only when the walk is done; a GC meanwhile keeps them, and a walk
// that fails keeps them until a retry succeeds.
func TestStoppedPodKeepsItsBlocksUntilItsWalk(t *testing.T) {
	dir := t.TempDir()
	p := quietPlugin(t, "chain:\n  conflist: "+filepath.Join(dir, "absent.conflist")+"\n  cacheDir: "+filepath.Join(dir, "cache")+`
egress:
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}]
  stateDir: `+filepath.Join(dir, "egress")+`
  attributionLog: `+filepath.Join(dir, "attribution.jsonl")+"\n")
	st := p.conf.Load()
	p.health.SetSynced(true)
	pod := &podEntry{Pod: chainrun.Pod{ID: "stopped", Namespace: "team-a", Name: "web", UID: "u1", IPs: []string{"198.51.100.20"}},
		EgressAddrs: []netip.Addr{netip.MustParseAddr("203.0.113.10")}}
	p.pods.Upsert(pod)
	if _, err := st.Egress.Grant("web", work.EgressPod(pod)); err != nil {
		t.Fatal(err)
	}
	blocks := func() int {
		t.Helper()
		g, err := st.Egress.Blocks()
		if err != nil {
			t.Fatal(err)
		}
		return len(g)
	}

	// The teardown: hold, DEL (its walk handed over, failing first),
	// the release handed to the hold, the DEL settled.
	p.pods.Stop(pod.Pod.ID)
	cur, _ := p.pods.Get(pod.Pod.ID)
	hold := p.work.TakeDelHold(st, pod, &cur)
	var fail atomic.Bool
	fail.Store(true)
	p.work.DelDeferral(hold)(func() error {
		if fail.Load() {
			return errors.New("conntrack: interrupted (injected)")
		}
		return nil
	}, nil)
	p.work.ReleaseAfter(hold)(st, &cur)
	done := p.holds.Done(hold)
	p.work.SettleDel(hold, nil, nil)
	<-done // its first try failed

	if n := blocks(); n != 1 {
		t.Fatalf("blocks while the stopped pod's walk failed: %d, want its one kept", n)
	}
	// Status says what holds it.
	if h := strings.Join(p.work.HoldsOf(&cur), "; "); !strings.Contains(h, "its DEL's conntrack cleanup on 198.51.100.20 is pending") || !strings.Contains(h, "injected") {
		t.Errorf("status of the stopped pod while its walk fails: held by %q", h)
	}
	// Neither a GC (the pod is not live) nor another pod's release
	// gives them back meanwhile.
	p.admission.GC(st.Admit())
	if n := blocks(); n != 1 {
		t.Fatalf("blocks after a GC while the walk is pending: %d, want its one kept", n)
	}
	// (The chain's cache is not readable here: no chain. The pods the
	// daemon knows are counted all the same.)
	if users, _ := p.admission.Users(st.Admit()); len(users[netip.MustParseAddr("203.0.113.10")]) == 0 {
		t.Fatalf("users of the stopped pod's managed address while its walk is pending: %v, want the pod", users)
	}

	fail.Store(false)
	// A waiter for the address (the next pod's ADD) runs the failed walk
	// again; when it returns, the walk is done.
	if err := await(p, st, 10*time.Second, pod.Pod.IPs...); err != nil {
		t.Fatalf("the walk's retry: %v", err)
	}
	if n := blocks(); n != 0 {
		t.Errorf("blocks once the walk is done: %d, want the pod's released", n)
	}
	if e, _ := p.pods.Get(pod.Pod.ID); len(e.EgressAddrs) != 0 {
		t.Errorf("stopped pod's managed addresses once its walk is done: %v, want given back", e.EgressAddrs)
	}
	if h := p.work.HoldsOf(&cur); len(h) != 0 {
		t.Errorf("status of the stopped pod once its walk is done: held by %q", h)
	}
}
