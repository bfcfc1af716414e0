package cluster

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	eventsv1 "k8s.io/client-go/kubernetes/typed/events/v1"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// The identity deploy/ gives diktyo-nri, and its namespace.
const saNamespace = kubeapi.DiktyoNamespace

var sa = kubeapi.DiktyoNRI

func TestMain(m *testing.M) { kubeapi.Main(m) }

// server is the shared API server with deploy/'s RBAC applied (once),
// as an operator's kubectl apply -k would, and the namespaces the tests
// use.
func server(t *testing.T) *kubeapi.Server {
	t.Helper()
	s := kubeapi.Shared(t, sa)
	s.Namespaces(t, saNamespace, "team-a", "other")
	s.ApplyFile(t, filepath.Join("..", "..", "deploy", "rbac.yaml"))
	return s
}

// nodeClient is diktyo-nri's client on node, with deploy/'s identity.
func nodeClient(t *testing.T, s *kubeapi.Server, node string) *Client {
	t.Helper()
	c, err := Connect(s.NodeCluster(t, node), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newLeases(t *testing.T, s *kubeapi.Server, node string, d time.Duration) *Leases {
	t.Helper()
	l := NewLeases(nodeClient(t, s, node), d, d/3, slog.New(slog.DiscardHandler))
	return l
}

// testAddr is a fresh address per test (the server is shared).
var addrSeq atomic.Uint32

func testAddr() netip.Addr {
	n := addrSeq.Add(1)
	return netip.AddrFrom4([4]byte{203, 0, 113, byte(n)})
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func adminLeases(t *testing.T, s *kubeapi.Server) coordinationv1.LeaseInterface {
	c, err := coordinationv1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	return c.Leases(saNamespace)
}

// TestLeaseHandover: node A holds X; node B is refused naming A; A stops
// renewing (dies); once the Lease lapsed B takes it (one transition); A,
// back, finds it lost at its next renewal and is told who took it; A's
// release after that leaves B's Lease alone; B's release deletes it.
func TestLeaseHandover(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	const d = 3 * time.Second
	a, b := newLeases(t, s, "node-a", d), newLeases(t, s, "node-b", d)
	var lostTo atomic.Value
	a.OnLost = func(_ netip.Addr, by string) { lostTo.Store(by) }
	x := testAddr()

	if err := a.Acquire(ctx, x, false); err != nil {
		t.Fatalf("A: %v", err)
	}
	if !a.Holds(x) {
		t.Fatal("A does not hold X after Acquire")
	}
	err := b.Acquire(ctx, x, false)
	var held *HeldError
	if !errors.As(err, &held) || held.Holder != "node-a" || !strings.Contains(err.Error(), `held by node "node-a"`) ||
		!strings.Contains(err.Error(), saNamespace+"/"+LeaseName(x)) {
		t.Fatalf("B while A holds X: %v, want a HeldError naming node-a and the Lease", err)
	}
	// Renewals keep it A's past its duration.
	for range 4 {
		time.Sleep(d / 3)
		a.RenewAll(ctx)
	}
	if err := b.Acquire(ctx, x, false); !errors.As(err, &held) {
		t.Fatalf("B after A renewed past the duration: %v, want held", err)
	}
	// A dies: no more renewals. B gets X after the duration.
	deadline := time.Now().Add(d + 2*time.Second)
	for {
		err = b.Acquire(ctx, x, false)
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("B after A stopped renewing for %s: %v", d, err)
	}
	le, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if holder(le) != "node-b" || le.Spec.LeaseTransitions == nil || *le.Spec.LeaseTransitions != 1 || le.Annotations[AddressAnnotation] != x.String() {
		t.Fatalf("Lease after handover: holder %q transitions %v annotations %v", holder(le), le.Spec.LeaseTransitions, le.Annotations)
	}
	// A comes back and renews: it learns it lost X, to B.
	a.RenewAll(ctx)
	if a.Holds(x) || lostTo.Load() != "node-b" {
		t.Fatalf("A after B took X: holds %v, told lost to %v", a.Holds(x), lostTo.Load())
	}
	if err := a.Release(ctx, x); err != nil {
		t.Fatal(err)
	}
	if le, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{}); err != nil || holder(le) != "node-b" {
		t.Fatalf("B's Lease after A's release: %v %v", holder(le), err)
	}
	if err := b.Release(ctx, x); err != nil {
		t.Fatal(err)
	}
	if _, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("Lease after B's release: %v, want deleted", err)
	}
}

// TestLeaseRace: eight nodes ask for one address at the same moment,
// first when it has no Lease (they race to create it), then again when
// the winner's Lease lapsed (they race to take it over): each time
// exactly one gets it and every other is told which node did.
func TestLeaseRace(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	x := testAddr()
	const n, d = 8, 3 * time.Second
	nodes := make([]*Leases, n)
	for i := range nodes {
		nodes[i] = newLeases(t, s, "race-"+string(rune('a'+i)), d)
	}
	race := func(round string) string {
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = nodes[i].Acquire(ctx, x, false)
			}()
		}
		close(start)
		wg.Wait()
		winner := ""
		for i, err := range errs {
			var held *HeldError
			switch {
			case err == nil && winner != "":
				t.Fatalf("%s: both %s and %s got %s", round, winner, nodes[i].Node(), x)
			case err == nil:
				winner = nodes[i].Node()
			case !errors.As(err, &held):
				t.Fatalf("%s: %s: %v, want a HeldError", round, nodes[i].Node(), err)
			}
		}
		if winner == "" {
			t.Fatalf("%s: nobody got %s: %v", round, x, errs)
		}
		for i, err := range errs {
			var held *HeldError
			if err != nil && errors.As(err, &held) && held.Holder != winner {
				t.Errorf("%s: %s was told %s holds it, but %s does", round, nodes[i].Node(), held.Holder, winner)
			}
		}
		le, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{})
		if err != nil || holder(le) != winner {
			t.Fatalf("%s: Lease holder %q (%v), want %s", round, holder(le), err, winner)
		}
		return winner
	}
	first := race("create")
	// The winner forgets it (as a dead node would) and the Lease lapses:
	// by its renewTime, and as the others see it (unchanged for d since
	// their first look: race's refusals were that look).
	for _, l := range nodes {
		if l.Node() == first {
			l.mu.Lock()
			delete(l.held, x)
			l.mu.Unlock()
		}
	}
	time.Sleep(d + 500*time.Millisecond)
	race("take over")
}

// TestLeaseWait: with wait, a pod's Acquire gets the address as soon as
// the holder releases it, within its budget; without a release it gives
// up at the budget with the HeldError.
func TestLeaseWait(t *testing.T) {
	s := server(t)
	a, b := newLeases(t, s, "wait-a", 15*time.Second), newLeases(t, s, "wait-b", 15*time.Second)
	x := testAddr()
	if err := a.Acquire(ctxT(t), x, false); err != nil {
		t.Fatal(err)
	}
	budget, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	began := time.Now()
	var held *HeldError
	if err := b.Acquire(budget, x, true); !errors.As(err, &held) {
		t.Fatalf("wait without a release: %v, want HeldError at the budget", err)
	}
	if el := time.Since(began); el < 600*time.Millisecond {
		t.Fatalf("gave up after %s, before its budget", el)
	}
	go func() {
		time.Sleep(300 * time.Millisecond)
		_ = a.Release(context.Background(), x)
	}()
	budget2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if err := b.Acquire(budget2, x, true); err != nil {
		t.Fatalf("wait with a release after 300ms: %v", err)
	}
}

// TestRBAC: deploy/rbac.yaml gives diktyo-nri's service account exactly
// what it uses: Leases in its own namespace, Events anywhere; nothing
// else (no Leases elsewhere, no pods, secrets or nodes).
func TestRBAC(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	c := nodeClient(t, s, "rbac-node")
	own := NewLeases(c, 15*time.Second, 5*time.Second, slog.New(slog.DiscardHandler))
	x := testAddr()
	if err := own.Acquire(ctx, x, false); err != nil {
		t.Fatalf("Lease in %s: %v", saNamespace, err)
	}
	if err := own.Release(ctx, x); err != nil {
		t.Fatalf("releasing: %v", err)
	}
	elsewhere := *c
	elsewhere.Namespace = "other"
	if err := NewLeases(&elsewhere, 15*time.Second, 5*time.Second, slog.New(slog.DiscardHandler)).Acquire(ctx, x, false); !apierrors.IsForbidden(errors.Unwrap(err)) {
		t.Errorf("Lease in another namespace: %v, want forbidden", err)
	}
	if _, err := c.Core.Pods("team-a").List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("list pods: %v, want forbidden", err)
	}
	if _, err := c.Core.Secrets(saNamespace).List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("list secrets: %v, want forbidden", err)
	}
	// Its node's labels: read, never written.
	if _, err := c.Core.Nodes().List(ctx, metav1.ListOptions{FieldSelector: "metadata.name=rbac-node"}); err != nil {
		t.Errorf("list its node: %v, want allowed", err)
	}
	if _, err := c.Core.Nodes().Get(ctx, "rbac-node", metav1.GetOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("get node: %v, want forbidden (the watch lists, nothing gets)", err)
	}
	if _, err := c.Core.Nodes().Create(ctx, &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "rbac-node"}}, metav1.CreateOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("create node: %v, want forbidden", err)
	}
	if _, err := c.Events.Events("team-a").List(ctx, metav1.ListOptions{}); !apierrors.IsForbidden(err) {
		t.Errorf("list events: %v, want forbidden (it only writes them)", err)
	}
}

// TestEvents: an Event on a refused pod reaches the API with diktyo's
// reason, the note (cut to the API's limit), the pod as regarding and the
// node as related, under deploy/'s RBAC; node Events too.
func TestEvents(t *testing.T) {
	s := server(t)
	c := nodeClient(t, s, "events-node")
	r := NewRecorder(c, slog.New(slog.DiscardHandler))
	defer r.Shutdown()
	long := "annotation diktyo.io/masq: value \"pool:web\": " + strings.Repeat("x", 2000)
	r.Pod(PodRef{Namespace: "team-a", Name: "web-1", UID: "uid-web-1"}, true, ReasonRefused, "RunPodSandbox", long)
	r.Node(true, ReasonDegraded, "Reconcile", "egress_state: unreadable")
	ev, err := eventsv1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	find := func(ns, reason string) *metav1.Time {
		deadline := time.Now().Add(15 * time.Second)
		for time.Now().Before(deadline) {
			list, err := ev.Events(ns).List(context.Background(), metav1.ListOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range list.Items {
				if e.Reason != reason {
					continue
				}
				switch reason {
				case ReasonRefused:
					if e.Regarding.Kind != "Pod" || e.Regarding.Name != "web-1" || e.Regarding.UID != "uid-web-1" || e.Type != corev1.EventTypeWarning ||
						e.Related == nil || e.Related.Name != "events-node" || e.ReportingController != ReportingController ||
						len(e.Note) > maxNote || !strings.HasPrefix(e.Note, "annotation diktyo.io/masq: value \"pool:web\"") || !strings.HasSuffix(e.Note, "[...]") {
						t.Fatalf("pod event %+v", e)
					}
				case ReasonDegraded:
					if e.Regarding.Kind != "Node" || e.Regarding.Name != "events-node" || e.Note != "egress_state: unreadable" {
						t.Fatalf("node event %+v", e)
					}
				}
				return &e.CreationTimestamp
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Fatalf("no %s event in %s", reason, ns)
		return nil
	}
	find("team-a", ReasonRefused)
	find("default", ReasonDegraded)
}

// TestConnectNodeLocal: without credentials diktyo-nri is node-local, and
// the error says why.
func TestConnectNodeLocal(t *testing.T) {
	t.Setenv("KUBERNETES_SERVICE_HOST", "")
	cfg := policy.DefaultConfig().Cluster
	if _, err := Connect(cfg, slog.New(slog.DiscardHandler)); !errors.Is(err, ErrNodeLocal) || !strings.Contains(err.Error(), "does not run in a pod") {
		t.Errorf("auto outside a pod: %v", err)
	}
	cfg.API = policy.ClusterAPIOff
	if _, err := Connect(cfg, slog.New(slog.DiscardHandler)); !errors.Is(err, ErrNodeLocal) || !strings.Contains(err.Error(), "off") {
		t.Errorf("off: %v", err)
	}
	t.Setenv("KUBERNETES_SERVICE_HOST", "198.18.255.1")
	t.Setenv("KUBERNETES_SERVICE_PORT", "443")
	cfg.API = policy.ClusterAPIAuto
	if _, err := Connect(cfg, slog.New(slog.DiscardHandler)); !errors.Is(err, ErrNoCredentials) || !errors.Is(err, ErrNodeLocal) || !strings.Contains(err.Error(), "no usable credentials") {
		t.Errorf("auto in a pod without a token: %v", err)
	}
	cfg.API, cfg.Kubeconfig = policy.ClusterAPIKubeconfig, filepath.Join(t.TempDir(), "missing")
	if _, err := Connect(cfg, slog.New(slog.DiscardHandler)); err == nil || errors.Is(err, ErrNodeLocal) || !strings.Contains(err.Error(), "cluster.kubeconfig") {
		t.Errorf("missing kubeconfig: %v, want an error naming cluster.kubeconfig", err)
	}
}

// TestLeaseName: names are valid for the API and distinct per address.
func TestLeaseName(t *testing.T) {
	for a, want := range map[string]string{
		"203.0.113.10": "diktyo-egress-203-0-113-10",
		"2001:db8::":   "diktyo-egress-2001-0db8-0000-0000-0000-0000-0000-0000",
		"2001:db8::10": "diktyo-egress-2001-0db8-0000-0000-0000-0000-0000-0010",
	} {
		if got := LeaseName(netip.MustParseAddr(a)); got != want {
			t.Errorf("LeaseName(%s) = %s, want %s", a, got, want)
		}
	}
}

// TestWatchNodeLabels: under deploy/'s RBAC, the node's labels arrive
// when first read and again after an admin relabels the node; another
// node's change is not delivered; deleting the Node delivers nothing.
func TestWatchNodeLabels(t *testing.T) {
	s := server(t)
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	admin, err := typedcorev1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"label-node", "other-node"} {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"topology.kubernetes.io/zone": "a"}}}
		if _, err := admin.Nodes().Create(ctx, n, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = admin.Nodes().Delete(context.Background(), name, metav1.DeleteOptions{}) })
	}
	got := make(chan map[string]string, 10)
	WatchNodeLabels(ctx, nodeClient(t, s, "label-node"), slog.New(slog.DiscardHandler), func(l map[string]string) { got <- l })
	next := func(what string) map[string]string {
		select {
		case l := <-got:
			return l
		case <-time.After(15 * time.Second):
			t.Fatalf("%s: no labels delivered", what)
			return nil
		}
	}
	if l := next("first read"); l["topology.kubernetes.io/zone"] != "a" {
		t.Fatalf("first labels %v", l)
	}
	relabel := func(name, zone string) {
		n, err := admin.Nodes().Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		n.Labels["topology.kubernetes.io/zone"] = zone
		if _, err := admin.Nodes().Update(ctx, n, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	relabel("other-node", "c")
	relabel("label-node", "b")
	if l := next("relabel"); l["topology.kubernetes.io/zone"] != "b" {
		t.Fatalf("labels after relabel %v (another node's change delivered?)", l)
	}
	if err := admin.Nodes().Delete(ctx, "label-node", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	select {
	case l := <-got:
		t.Fatalf("labels delivered after the Node was deleted: %v", l)
	case <-time.After(time.Second):
	}
}

// TestLeaseClockSkew: a node whose clock runs a minute ahead sees every
// renewTime as long past, yet cannot take a Lease its holder renews: it
// must also see the Lease unchanged for its duration.
func TestLeaseClockSkew(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	const d = 3 * time.Second
	a, b := newLeases(t, s, "skew-a", d), newLeases(t, s, "skew-fast", d)
	b.now = func() time.Time { return time.Now().Add(time.Minute) }
	x := testAddr()
	if err := a.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	var held *HeldError
	for end := time.Now().Add(2 * d); time.Now().Before(end); time.Sleep(d / 6) {
		a.RenewAll(ctx)
		if err := b.Acquire(ctx, x, false); !errors.As(err, &held) || held.Holder != "skew-a" {
			t.Fatalf("the fast node while skew-a renews: %v, want held by skew-a", err)
		}
	}
}

// TestLeaseHeldExpiresLocally: a Lease this node could not renew for its
// duration is not counted as held any more (so a new assignment asks the
// API again), though its address stays.
func TestLeaseHeldExpiresLocally(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	l := newLeases(t, s, "expire-node", 3*time.Second)
	x := testAddr()
	if err := l.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	if !l.Holds(x) {
		t.Fatal("not held after Acquire")
	}
	l.now = func() time.Time { return time.Now().Add(3 * time.Second) }
	if l.Holds(x) {
		t.Fatal("still held a duration after its last write")
	}
	// Renewed (no one took it): held again.
	l.RenewAll(ctx)
	if !l.Holds(x) {
		t.Fatalf("not held after a successful renewal: %v", l.States())
	}
}

// TestDropDelete: Drop stops holding at once (no renewal writes it again),
// and its Delete run after a new Acquire leaves the new Lease alone; run
// without one, it deletes the Lease.
func TestDropDelete(t *testing.T) {
	s := server(t)
	ctx := ctxT(t)
	l := newLeases(t, s, "forget-node", 3*time.Second)
	x := testAddr()
	if err := l.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	stale := l.Drop(x)
	if l.Holds(x) {
		t.Fatal("still held after Drop")
	}
	l.RenewAll(ctx) // renews nothing
	if err := l.Acquire(ctx, x, false); err != nil {
		t.Fatalf("Acquire after Drop: %v", err)
	}
	if err := l.Delete(ctx, stale); err != nil {
		t.Fatalf("stale deletion: %v", err)
	}
	le, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{})
	if err != nil || holder(le) != "forget-node" {
		t.Fatalf("Lease after a stale deletion: holder %q, %v; want it kept", holder(le), err)
	}
	if err := l.Release(ctx, x); err != nil {
		t.Fatal(err)
	}
	if _, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("Lease after Release: %v, want deleted", err)
	}
	if err := l.Release(ctx, x); err != nil {
		t.Fatalf("Release of a Lease not held: %v", err)
	}
	// A renewal in flight at the Drop writes a newer version of this
	// node's: deleted too (else it would stay, and keep the others away
	// until it lapsed).
	if err := l.Acquire(ctx, x, false); err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	inFlight := l.takeOver(l.held[x], time.Now())
	l.mu.Unlock()
	del := l.Drop(x)
	if _, err := l.api.Update(ctx, inFlight, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := l.Delete(ctx, del); err != nil {
		t.Fatalf("deletion after a renewal in flight: %v", err)
	}
	if _, err := adminLeases(t, s).Get(ctx, LeaseName(x), metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("Lease after a renewal in flight at the Drop: %v, want deleted", err)
	}
}
