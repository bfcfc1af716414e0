package plugin_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
	"github.com/diktyo-io/diktyo/plugin"
)

// withPerNodePool lets team-a ask for pool:web, which is 203.0.113.30 on
// nodes labelled diktyo.test/zone=a and 203.0.113.40 on zone b (both
// routed to the node).
func (e *env) withPerNodePool() {
	e.t.Helper()
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	conf := strings.Replace(string(cfg), `externals: ["203.0.113.10:5000-5999", "203.0.113.11"]`,
		`externals: ["203.0.113.10:5000-5999"]
        pools: [web]`, 1)
	conf += fmt.Sprintf(`egress:
  addresses:
  - {address: 203.0.113.10, routed: true}
  - {address: 203.0.113.30, routed: true, nodeSelector: {diktyo.test/zone: a}}
  - {address: 203.0.113.40, routed: true, nodeSelector: {diktyo.test/zone: b}}
  pools:
  - {name: web, address: 203.0.113.30, ports: "20000-20127", blockSize: 64}
  - {name: web, address: 203.0.113.40, ports: "20000-20127", blockSize: 64}
  attributionLog: %s
  stateDir: %s
`, filepath.Join(e.dir, "attribution.jsonl"), filepath.Join(e.dir, "egress"))
	e.write(e.config, conf)
}

// apiNode is a Node object of the test server, relabelled at will.
type apiNode struct {
	t    *testing.T
	name string
	core typedcorev1.CoreV1Interface
}

func newAPINode(t *testing.T, s *kubeapi.Server, zone string) *apiNode {
	t.Helper()
	core, err := typedcorev1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	n := &apiNode{t: t, name: "pernode-" + strings.ToLower(testutil.RandSuffix(6)), core: core}
	obj := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: n.name, Labels: map[string]string{"diktyo.test/zone": zone}}}
	if _, err := core.Nodes().Create(context.Background(), obj, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = core.Nodes().Delete(context.Background(), n.name, metav1.DeleteOptions{}) })
	return n
}

func (n *apiNode) zone(z string) {
	n.t.Helper()
	obj, err := n.core.Nodes().Get(context.Background(), n.name, metav1.GetOptions{})
	if err != nil {
		n.t.Fatal(err)
	}
	obj.Labels["diktyo.test/zone"] = z
	if _, err := n.core.Nodes().Update(context.Background(), obj, metav1.UpdateOptions{}); err != nil {
		n.t.Fatal(err)
	}
}

// TestPerNodePoolFollowsLabels: one config, pool web per zone. The node
// in zone a admits pool:web on 203.0.113.30; relabelled to zone b (a
// change of config, through the API, reconciled like a reload) a new pod
// gets 203.0.113.40, while the running pod keeps its block of
// 203.0.113.30, as after a ConfigMap edit moving the pool: a block is
// never swapped under a running pod (its repair fails, saying why, and
// it keeps its identity until it is recreated); in a zone without the
// pool a new pod is refused, naming the pool and why.
func TestPerNodePoolFollowsLabels(t *testing.T) {
	s := kubeServer(t)
	e := newEnv(t, "fail")
	e.withPerNodePool()
	node := newAPINode(t, s, "a")
	c := nodeClient(t, s, node.name)
	p := e.newPlugin(func(o *plugin.Options) { o.Cluster = c })
	e.runPlugin(p)
	waitFor(t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	ann := map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}
	to := func(addr string) string {
		st := e.hostState()
		jump := regexp.MustCompile(`-s ` + regexp.QuoteMeta(addr) + `/32 .* -g (\S+)`).FindStringSubmatch(st)
		if jump == nil {
			return ""
		}
		m := regexp.MustCompile(`-A ` + regexp.QuoteMeta(jump[1]) + ` .*--to-source (203\.0\.113\.\d+):`).FindStringSubmatch(st)
		if m == nil {
			return ""
		}
		return m[1]
	}
	a := e.pod("a", "team-a", "198.51.100.101", ann)
	// The labels arrive through the watch: until then pool:web gets no
	// verdict (refused, retried by the kubelet).
	waitFor(t, "pod a admitted once the labels are known", func() bool { return e.run(a) == nil })
	if got := to("198.51.100.101"); got != "203.0.113.30" {
		t.Fatalf("pod a in zone a: SNAT to %q, want 203.0.113.30", got)
	}
	node.zone("b")
	b := e.pod("b", "team-a", "198.51.100.102", ann)
	waitFor(t, "pod b admitted on zone b's address", func() bool {
		if e.run(b) != nil {
			return false
		}
		if to("198.51.100.102") == "203.0.113.40" {
			return true
		}
		e.stop(b) // admitted before the relabel reached diktyo-nri
		e.remove(b)
		b = e.pod("b", "team-a", "198.51.100.102", ann)
		return false
	})
	waitFor(t, "pod a's repair refused, saying why", func() bool {
		st, err := p.Pod(context.Background(), "team-a", "a")
		return err == nil && strings.Contains(st.LastError, "no longer fits its pool") && strings.Contains(st.LastError, "203.0.113.40")
	})
	if got := to("198.51.100.101"); got != "203.0.113.30" {
		t.Fatalf("running pod a after the relabel: SNAT to %q, want its block of 203.0.113.30 kept", got)
	}
	if got := to("198.51.100.102"); got != "203.0.113.40" {
		t.Fatalf("pod b in zone b: SNAT to %q, want 203.0.113.40", got)
	}
	node.zone("c")
	c2 := e.pod("c", "team-a", "198.51.100.103", ann)
	waitFor(t, "pod c refused in zone c", func() bool {
		err := e.run(c2)
		if err == nil {
			e.stop(c2)
			e.remove(c2)
			return false
		}
		return strings.Contains(err.Error(), `pool "web" is not this node's`)
	})
	// The admin's change says pool web is no node's here: the running
	// pods lose that policy, as after a ConfigMap edit removing it.
	waitFor(t, "running pods' pool policy removed in zone c", func() bool {
		return to("198.51.100.101") == "" && to("198.51.100.102") == ""
	})
}

// TestPerNodeLabelsUnknown: while the node's labels cannot be read (no
// such Node yet), a pod asking for a per-node pool gets no verdict
// (refused as cannot decide, not as denied) and a pod asking for an
// address without a selector is admitted; once the Node appears with a
// matching label, the pool works.
func TestPerNodeLabelsUnknown(t *testing.T) {
	s := kubeServer(t)
	e := newEnv(t, "fail")
	e.withPerNodePool()
	name := "pernode-late-" + strings.ToLower(testutil.RandSuffix(6))
	p := e.newPlugin(func(o *plugin.Options) { o.Cluster = nodeClient(t, s, name) })
	e.runPlugin(p)
	waitFor(t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	pool := e.pod("a", "team-a", "198.51.100.101", map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`})
	err := e.run(pool)
	if err == nil || !strings.Contains(err.Error(), "labels are not known yet") {
		t.Fatalf("pool:web with the labels unknown: %v, want no verdict", err)
	}
	if v := metricValue(t, p, "diktyo_failures_total", "reason", "cannot_decide"); v != 1 {
		t.Errorf("diktyo_failures_total{reason=cannot_decide} = %v, want 1", v)
	}
	e.stop(pool)
	e.remove(pool)
	plain := e.pod("b", "team-a", "198.51.100.102", masqTo("203.0.113.10:5000-5010"))
	if err := e.run(plain); err != nil {
		t.Fatalf("an address without a selector, labels unknown: %v", err)
	}
	core, err := typedcorev1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	obj := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"diktyo.test/zone": "b"}}}
	if _, err := core.Nodes().Create(context.Background(), obj, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = core.Nodes().Delete(context.Background(), name, metav1.DeleteOptions{}) })
	again := e.pod("c", "team-a", "198.51.100.103", map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`})
	waitFor(t, "pool:web admitted once the Node appeared", func() bool { return e.run(again) == nil })
}
