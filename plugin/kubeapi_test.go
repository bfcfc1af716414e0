package plugin_test

// diktyo-nri against a real etcd and kube-apiserver (pkg/testutil/kubeapi)
// with deploy/'s namespace, service account and RBAC, and the service
// account's identity: Events on refused pods here, two nodes sharing a
// managed egress address in twonode_test.go.

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	eventsapi "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	eventsv1 "k8s.io/client-go/kubernetes/typed/events/v1"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
	"github.com/diktyo-io/diktyo/plugin"
)

// The identity deploy/ gives diktyo-nri, and its namespace (the Leases').
const nriNamespace = kubeapi.DiktyoNamespace

var nriIdentity = kubeapi.DiktyoNRI

func TestMain(m *testing.M) {
	// MainCode removes the binaries testutil.PluginDir built.
	code := testutil.MainCode(m)
	kubeapi.StopShared()
	os.Exit(code)
}

// kubeServer is the test binary's API server with deploy/ applied, as
// kubectl apply -k would, and the pods' namespace. Without root (or with
// -short) it skips before starting anything; without the binaries it
// skips, or fails under DIKTYO_E2E=1 (kubeapi).
func kubeServer(t *testing.T) *kubeapi.Server {
	t.Helper()
	testutil.RequireRoot(t)
	s := kubeapi.Shared(t, nriIdentity)
	for _, f := range []string{"namespace.yaml", "serviceaccount.yaml", "rbac.yaml"} {
		s.ApplyFile(t, filepath.Join("..", "deploy", f))
	}
	s.Namespaces(t, "team-a")
	return s
}

// clusterSection is the admin config's cluster section for node, through
// a kubeconfig of deploy/'s service account written into dir, with
// Leases of duration d renewed every d/3.
func clusterSection(t *testing.T, s *kubeapi.Server, dir, node string, d time.Duration) string {
	t.Helper()
	return fmt.Sprintf(`cluster:
  api: kubeconfig
  kubeconfig: %s
  nodeName: %s
  leases:
    namespace: %s
    duration: %s
    renewInterval: %s
`, s.Kubeconfig(t, dir, nriIdentity), node, nriNamespace, d, d/3)
}

// nodeClient is diktyo-nri's client on node as cluster.Connect makes it
// from a config's cluster section.
func nodeClient(t *testing.T, s *kubeapi.Server, node string) *cluster.Client {
	t.Helper()
	c, err := cluster.Connect(s.NodeCluster(t, node), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// podEvents lists, as the admin, the Events in namespace about the pod
// whose UID is uid.
func podEvents(t *testing.T, s *kubeapi.Server, namespace, uid string) []eventsapi.Event {
	t.Helper()
	c, err := eventsv1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := c.Events(namespace).List(ctx, metav1.ListOptions{})
	if err != nil {
		t.Fatalf("listing events in %s: %v", namespace, err)
	}
	var out []eventsapi.Event
	for _, e := range list.Items {
		if e.Regarding.Kind == "Pod" && string(e.Regarding.UID) == uid {
			out = append(out, e)
		}
	}
	return out
}

// waitPodEvent waits (bounded: Events are posted in the background) for
// an Event with reason on the pod whose UID is uid, and returns it.
func waitPodEvent(t *testing.T, s *kubeapi.Server, namespace, uid, reason string) eventsapi.Event {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		evs := podEvents(t, s, namespace, uid)
		for _, e := range evs {
			if e.Reason == reason {
				return e
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s Event on pod %s/uid %s within 15s; its Events: %+v", reason, namespace, uid, evs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPodEventsAPI: through the real API under deploy/'s RBAC, a pod
// diktyo-nri refuses (an annotation asking for a value the admin config
// denies) gets a Warning Event (DiktyoPolicyRefused) on it whose note
// names the annotation, the value and why; a pod it admits gets none. The
// client is made from the config's cluster section (ConnectCluster).
func TestPodEventsAPI(t *testing.T) {
	s := kubeServer(t)
	e := newEnv(t, "fail")
	node := "events-" + testutil.RandSuffix(6)
	e.appendConfig(clusterSection(t, s, e.dir, node, 15*time.Second))
	p := e.newPlugin(func(o *plugin.Options) { o.ConnectCluster = true })
	e.runPlugin(p)
	waitFor(t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })

	ok := e.pod("admitted", "team-a", "198.51.100.61", policyAnnotations("admitted"))
	if err := e.run(ok); err != nil {
		t.Fatalf("admitted pod: %v", err)
	}
	t.Cleanup(func() { e.stop(ok); e.remove(ok) })
	const ann, value = "diktyo.io/v1.route-table", "300"
	bad := e.pod("refused", "team-a", "198.51.100.62", map[string]string{ann: value})
	err := e.run(bad)
	if err == nil {
		t.Fatalf("pod asking for %s=%s was admitted; the config allows tables 100-199 only", ann, value)
	}
	e.stop(bad)
	e.remove(bad)

	ev := waitPodEvent(t, s, "team-a", bad.Uid, cluster.ReasonRefused)
	for _, want := range []string{ann, `"` + value + `"`, "not allowed by the admin config", "not in the allowed tables"} {
		if !strings.Contains(ev.Note, want) {
			t.Errorf("Event note %q does not name %q", ev.Note, want)
		}
	}
	if ev.Type != corev1.EventTypeWarning || ev.Regarding.Name != "refused" || ev.Regarding.Namespace != "team-a" ||
		ev.Related == nil || ev.Related.Kind != "Node" || ev.Related.Name != node || ev.ReportingController != cluster.ReportingController ||
		ev.Action != "RunPodSandbox" {
		t.Errorf("Event: type %s regarding %+v related %+v controller %s action %s", ev.Type, ev.Regarding, ev.Related, ev.ReportingController, ev.Action)
	}
	// Posted in order: the admitted pod came first, so an Event on it
	// would be there by now.
	if evs := podEvents(t, s, "team-a", ok.Uid); len(evs) != 0 {
		t.Errorf("admitted pod has Events: %+v", evs)
	}
}
