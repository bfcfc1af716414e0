package reconcile

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// noAddrs is an AddressManager for a config whose egress addresses are
// routed: nothing is ever assigned or withdrawn.
type noAddrs struct{}

func (noAddrs) Ensure(context.Context, *hostaddr.Ledger, hostaddr.Address) (hostaddr.Result, error) {
	return 0, errors.New("no managed address in this test")
}
func (noAddrs) Withdraw(*hostaddr.Ledger, netip.Addr) (bool, error) { return false, nil }
func (noAddrs) Inventory(*hostaddr.Ledger) (hostaddr.Inventory, error) {
	return hostaddr.Inventory{}, nil
}
func (noAddrs) Present(netip.Addr) (bool, error) { return true, nil }

// actRoom is a reconcile over a chain that is loaded (its cache the
// test's, empty) and an egress pool of two blocks, wired as plugin wires
// it, with nothing that needs root: a pod's ADD stops at its netns,
// which the tests leave absent.
func actRoom(t *testing.T) (*Reconciler, *gen.State, *prometheus.Registry) {
	t.Helper()
	dir := t.TempDir()
	conflist := filepath.Join(dir, "diktyo.conflist")
	if err := os.WriteFile(conflist, []byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[{"type":"noop"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "config.yaml")
	cfg := "chain:\n  conflist: " + conflist + "\n  cacheDir: " + filepath.Join(dir, "cache") + "\n  inProcess: true\n" + `egress:
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}]
  stateDir: ` + filepath.Join(dir, "egress") + `
  attributionLog: ` + filepath.Join(dir, "attribution.jsonl") + `
namespaces:
- namespaces: [team-a]
  allow: {masq: {pools: [web], destinations: [0.0.0.0/0]}}
`
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg := prometheus.NewRegistry()
	m := health.NewMetrics(reg)
	h := &health.Health{}
	table := pods.New(admit.ArgsExternals)
	adm := admit.New(admit.Face{Log: log, Manager: noAddrs{},
		Recorded: func() []admit.Use { return nil },
		Record:   func(id string, addrs []netip.Addr) { table.Update(id, func(e *pods.Entry) { e.EgressAddrs = addrs }) },
		Live:     func() []egress.Pod { return nil },
		Kept:     func() ([]admit.Kept, bool) { return nil, false },
		Counts:   table.AddrCounts, Index: table.SetCached,
		Note:   func(error) (bool, bool) { return false, false },
		Failed: func() {}, AddrPods: m.EgressAddrPods, Blocks: m.EgressBlocks})
	conf := gen.New(gen.Options{ConfigPath: cfgPath, ConfigRequired: true, Log: log, Metrics: m, Admission: adm,
		NodeName: func(policy.ClusterConfig) string { return "node-a" }, Labels: func() policy.NodeLabels { return policy.NodeLabels{Known: true} }})
	if _, err := conf.Reload(true); err != nil {
		t.Fatal(err)
	}
	st := conf.Load()
	if st.Runner == nil {
		t.Fatalf("chain not loaded: %v", st.RunnerErr)
	}
	rooms := work.Options{Log: log, Metrics: m, Health: h, Conf: conf, Pods: table, Admission: adm,
		Holds: hold.New(hold.Options{Log: log, Fault: func(error) {}, Failed: func() {}}),
		Kube:  func() *kube.Kube { return nil }}
	return New(Options{Options: rooms, Registry: reg, Work: work.New(rooms), Published: func() {}}), st, reg
}

// webPod is a live pod of team-a asking for a block of pool web, whose
// netns is absent (its ADD stops there, before the chain runs).
func webPod(t *testing.T, id string) *pods.Entry {
	return &pods.Entry{Pod: chainrun.Pod{ID: id, Namespace: "team-a", Name: id, UID: "uid-" + id,
		NetNS: filepath.Join(t.TempDir(), "absent"), IPs: []string{"198.51.100.7"}},
		Annotations: map[string]string{policy.KeyMasq: `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}}
}

func actions(t *testing.T, reg *prometheus.Registry, action string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "diktyo_reconcile_actions_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "action" && l.GetValue() == action {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

func holdsBlock(t *testing.T, st *gen.State, id string) bool {
	t.Helper()
	grants, err := st.Egress.Blocks()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range grants {
		if g.Pod.Sandbox == id {
			return true
		}
	}
	return false
}

// TestAdmissionIsAnActOfThePlan: reconcile decides a pod's chain work
// before anything is claimed, and its egress admission runs as the
// plan's first act: for a pod the plan applies, the block is granted and
// then the chain work the plan named (an ADD, which stops at the absent
// netns) runs; a pod with no policy is planned nothing and admitted
// nothing; an admission refused (a full pool) claims nothing, runs no
// chain work, and is retried as a failed repair. No root: no chain runs.
func TestAdmissionIsAnActOfThePlan(t *testing.T) {
	r, st, reg := actRoom(t)
	reconcile := func(e *pods.Entry) (bool, error) {
		t.Helper()
		r.Pods.Upsert(e)
		return r.reconcileAction(context.Background(), st, e, nil, r.Work.PodLog(e), func(string) {})
	}

	a := webPod(t, "a")
	repairing, err := reconcile(a)
	if !repairing || work.ReasonOf(err) != health.ReasonNoNetns {
		t.Fatalf("pod a: repairing %v, %v; want the ADD the plan named, stopped at the absent netns", repairing, err)
	}
	if !holdsBlock(t, st, "a") || actions(t, reg, "add") != 1 {
		t.Fatalf("pod a: block %v, add actions %v; want admitted, then one ADD", holdsBlock(t, st, "a"), actions(t, reg, "add"))
	}

	none := webPod(t, "none")
	none.Annotations = nil
	if repairing, err := reconcile(none); repairing || err != nil || holdsBlock(t, st, "none") {
		t.Fatalf("pod without policy: repairing %v, %v, block %v; want nothing planned, nothing admitted", repairing, err, holdsBlock(t, st, "none"))
	}

	// The pool's other block goes to a pod outside this reconcile: pod
	// b's preview and admission both find the pool full.
	if _, err := st.Egress.Grant("web", egress.Pod{Namespace: "team-a", Name: "x", UID: "uid-x", Sandbox: "x"}); err != nil {
		t.Fatal(err)
	}
	b := webPod(t, "b")
	repairing, err = reconcile(b)
	if !repairing || work.ReasonOf(err) != health.ReasonEgress {
		t.Fatalf("pod b, pool full: repairing %v, %v; want the admission's refusal, retried", repairing, err)
	}
	if holdsBlock(t, st, "b") || actions(t, reg, "add") != 1 {
		t.Errorf("pod b: block %v, add actions %v; want nothing claimed and no chain work", holdsBlock(t, st, "b"), actions(t, reg, "add"))
	}
}
