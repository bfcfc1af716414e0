package plugin_test

// Two nodes, one managed egress address: two "node" namespaces on one LAN
// (lantest: a router namespace with a bridge), each running its own
// diktyo-nri (its own files, config, NRI runtime side and hostaddr
// manager acting in its namespace), both against the one real API server
// with deploy/'s RBAC, each with its own node name.

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
	"google.golang.org/protobuf/proto"
	coordv1 "k8s.io/api/coordination/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr/lantest"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
	"github.com/diktyo-io/diktyo/plugin"
)

// The Leases of the two-node tests: short, so that a dead node's address
// is free again within seconds.
const (
	twoNodeLease = 3 * time.Second
	twoNodeRenew = twoNodeLease / 3
)

// lanNode is one node of the LAN: its namespace and uplink, its
// diktyo-nri (plugin, env with the runtime side) and its name in the API.
type lanNode struct {
	name string
	host lantest.Host
	e    *env
	p    *plugin.Plugin
	stop func()
}

// twoNodes is the world of a two-node test.
type twoNodes struct {
	t      *testing.T
	s      *kubeapi.Server
	lan    *lantest.LAN
	a, b   *lanNode
	leases coordinationv1.LeaseInterface // the admin's, in the Leases' namespace
}

func newTwoNodes(t *testing.T) *twoNodes {
	testutil.RequireRoot(t)
	s := kubeServer(t)
	w := &twoNodes{t: t, s: s}
	c, err := coordinationv1.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.leases = c.Leases(nriNamespace)
	// The server outlives the test (-count=10 runs share it): X's Lease
	// starts and ends absent.
	w.deleteLease()
	t.Cleanup(w.deleteLease)

	nsA := testutil.NewNS(t)
	w.lan = lantest.WithNode(t, nsA)
	suffix := testutil.RandSuffix(6)
	w.a = w.startNode("node-a-"+suffix, lantest.Host{NS: nsA, MAC: w.lan.NodeMAC, Port: w.lan.NodePort})
	nsB := testutil.NewNS(t)
	w.b = w.startNode("node-b-"+suffix, w.lan.AddNode(t, nsB, "203.0.113.3/24", "2001:db8::3/64"))
	return w
}

// startNode runs a diktyo-nri for host: X managed on its uplink, the
// Leases through a client with the node's own name.
func (w *twoNodes) startNode(name string, host lantest.Host) *lanNode {
	t := w.t
	e := newEnvIn(t, "fail", policy.DefaultConfig().Chain.InProcess, host.NS)
	e.write(e.config, e.managedConfig(`[{address: 203.0.113.10, interface: uplink, manage: true}]`, "")+
		clusterSection(t, w.s, e.dir, name, twoNodeLease))
	client := nodeClient(t, w.s, name)
	n := &lanNode{name: name, host: host, e: e}
	n.p = e.newPlugin(func(o *plugin.Options) { o.Cluster = client })
	n.stop = e.runPlugin(n.p)
	waitFor(t, name+" connected and reconciled", func() bool { return n.p.Reconciled() > 0 })
	return n
}

func (w *twoNodes) deleteLease() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := w.leases.Delete(ctx, cluster.LeaseName(ext), metav1.DeleteOptions{})
	if err != nil && !apierrors.IsNotFound(err) {
		w.t.Errorf("deleting the Lease of %s: %v", ext, err)
	}
}

// lease is X's Lease as the API has it (nil: none).
func (w *twoNodes) lease() *coordv1.Lease {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	le, err := w.leases.Get(ctx, cluster.LeaseName(ext), metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		w.t.Fatalf("reading the Lease of %s: %v", ext, err)
	}
	return le
}

func leaseHolder(le *coordv1.Lease) string {
	if le == nil || le.Spec.HolderIdentity == nil {
		return ""
	}
	return *le.Spec.HolderIdentity
}

// crash ends n's diktyo-nri as a crash would: its runtime side gone and
// its context cancelled; no StopPodSandbox, no DEL, no release. What it
// assigned stays on the node.
func (w *twoNodes) crash(n *lanNode) {
	n.e.runtime.Stop()
	n.stop()
}

// unplug deletes n's namespace, its uplink with it (waited for: the
// bridge port goes once nothing holds the namespace any more).
func (w *twoNodes) unplug(n *lanNode) {
	w.t.Helper()
	_ = n.host.NS.Close()
	// A lazy unmount: the crashed diktyo-nri lives on in this test
	// binary, and a goroutine of it still finishing (an announcement
	// repeated, a walk retried) may have the namespace's file open for an
	// instant, which a plain unmount refuses (EBUSY). A real crash closes
	// its files; the wait below proves that nothing holds the namespace
	// in the end.
	if err := unix.Unmount(n.host.NS.Path(), unix.MNT_DETACH); err != nil {
		w.t.Fatalf("deleting %s's namespace: %v", n.name, err)
	}
	if err := os.Remove(n.host.NS.Path()); err != nil {
		w.t.Fatalf("deleting %s's namespace: %v", n.name, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for w.lan.Attached(w.t, n.host.Port) {
		if time.Now().After(deadline) {
			w.t.Fatalf("%s's uplink is still on the bridge 10s after its namespace was deleted: something holds the namespace", n.name)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// retryUntil runs sandboxes of pod on n, as the kubelet retries a pod
// whose sandbox failed (torn down, tried again), every 100 ms, until one
// is admitted (returned) or, if stop is not nil, until a refusal
// satisfies stop (nil returned). Every refusal before must satisfy
// expect. It fails the test after limit.
func (w *twoNodes) retryUntil(n *lanNode, pod *nriapi.PodSandbox, limit time.Duration, expect, stop func(error) bool) (*nriapi.PodSandbox, int) {
	w.t.Helper()
	began := time.Now()
	for tries := 1; ; tries++ {
		q := retry(pod)
		err := n.e.run(q)
		if err == nil {
			w.t.Cleanup(func() { n.e.stop(q); n.e.remove(q) })
			return q, tries
		}
		n.e.stop(q)
		n.e.remove(q)
		switch {
		case stop != nil && stop(err):
			return nil, tries
		case !expect(err):
			w.t.Fatalf("%s's pod, try %d, %s in: unexpected refusal: %v", n.name, tries, time.Since(began).Round(time.Millisecond), err)
		case time.Since(began) > limit:
			w.t.Fatalf("%s's pod still refused after %s (%d tries): %v", n.name, limit, tries, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// heldBy matches the refusal of a pod whose address node's Lease holds.
func heldBy(node string) func(error) bool {
	return func(err error) bool { return strings.Contains(err.Error(), fmt.Sprintf("held by node %q", node)) }
}

// retry is the kubelet's next try at a pod sandbox that failed: a new
// sandbox of the same pod, in the same network namespace.
func retry(p *nriapi.PodSandbox) *nriapi.PodSandbox {
	q := proto.Clone(p).(*nriapi.PodSandbox)
	q.Id = testutil.RandSuffix(32)
	return q
}

// hasAddr reports whether a is assigned on the uplink of the namespace at
// path; a namespace that is gone has nothing.
func hasAddr(path string, a netip.Addr) (bool, error) {
	found := false
	err := ns.WithNetNSPath(path, func(ns.NetNS) error {
		link, err := netlink.LinkByName(lantest.Uplink)
		if err != nil {
			var nf netlink.LinkNotFoundError
			if errors.As(err, &nf) {
				return nil
			}
			return err
		}
		addrs, err := netlink.AddrList(link, netlink.FAMILY_ALL)
		if err != nil {
			return err
		}
		for _, ad := range addrs {
			if ip, ok := netip.AddrFromSlice(ad.IP); ok && ip.Unmap() == a {
				found = true
			}
		}
		return nil
	})
	var gone ns.NSPathNotExistErr
	var notNS ns.NSPathNotNSErr
	if errors.As(err, &gone) || errors.As(err, &notNS) {
		return false, nil
	}
	return found, err
}

// exclusive samples, every 25 ms until stopped, whether each node has a
// assigned, and records any moment where both have it.
type exclusive struct {
	stopc chan struct{}
	done  chan struct{}
	once  sync.Once

	mu                       sync.Mutex
	samples, onA, onB        int
	both                     []time.Time
	errs                     []string
	began, firstOnB, lastOnA time.Time
}

func sampleExclusive(t *testing.T, a netip.Addr, nodes ...*lanNode) *exclusive {
	x := &exclusive{stopc: make(chan struct{}), done: make(chan struct{}), began: time.Now()}
	pathA, pathB := nodes[0].host.NS.Path(), nodes[1].host.NS.Path()
	go func() {
		defer close(x.done)
		tick := time.NewTicker(25 * time.Millisecond)
		defer tick.Stop()
		for {
			onA, errA := hasAddr(pathA, a)
			onB, errB := hasAddr(pathB, a)
			now := time.Now()
			x.mu.Lock()
			x.samples++
			if onA {
				x.onA++
				x.lastOnA = now
			}
			if onB {
				x.onB++
				if x.firstOnB.IsZero() {
					x.firstOnB = now
				}
			}
			if onA && onB {
				x.both = append(x.both, now)
			}
			for _, err := range []error{errA, errB} {
				if err != nil && len(x.errs) < 10 {
					x.errs = append(x.errs, err.Error())
				}
			}
			x.mu.Unlock()
			select {
			case <-x.stopc:
				return
			case <-tick.C:
			}
		}
	}()
	t.Cleanup(x.halt)
	return x
}

func (x *exclusive) halt() {
	x.once.Do(func() { close(x.stopc) })
	<-x.done
}

// check stops sampling and fails the test if both nodes ever had a, or
// if the sampling never saw each of them with it (it would prove nothing).
func (x *exclusive) check(t *testing.T) {
	t.Helper()
	x.halt()
	x.mu.Lock()
	defer x.mu.Unlock()
	t.Logf("sampled %d times over %s: on A %d, on B %d; last on A %s before first on B",
		x.samples, time.Since(x.began).Round(time.Millisecond), x.onA, x.onB, x.firstOnB.Sub(x.lastOnA).Round(time.Millisecond))
	if len(x.both) > 0 {
		t.Errorf("both nodes had %s assigned at %d samples, first at %s", ext, len(x.both), x.both[0].Format(time.StampMicro))
	}
	if len(x.errs) > 0 {
		t.Errorf("sampling failed: %v", x.errs)
	}
	if x.onA == 0 || x.onB == 0 {
		t.Errorf("the sampling never saw %s on A (%d) or on B (%d): it proves nothing", ext, x.onA, x.onB)
	}
}

// TestTwoNodesManagedAddress: node A's pod takes managed address X (A
// holds its Lease, X is on A's uplink); node B's pod asking for X is
// refused naming A, and gets an Event saying so; A dies (no clean DEL,
// its namespace and uplink gone); B's pod, retried as the kubelet does,
// gets X once A's Lease lapsed (within its duration plus the probe, and
// not before A's last renewal lapsed), and the router's neighbour entry
// for X moves to B's MAC. Sampled throughout: never both nodes with X.
// Once B's pod is gone, X is withdrawn and its Lease deleted.
func TestTwoNodesManagedAddress(t *testing.T) {
	w := newTwoNodes(t)
	a, b := w.a, w.b
	x := sampleExclusive(t, ext, a, b)

	podA := a.e.pod("a", "team-a", "198.51.100.101", masqTo("203.0.113.10:5000-5010"))
	if err := a.e.run(podA); err != nil {
		t.Fatalf("A's pod: %v", err)
	}
	if line := assigned(t, a.host.NS, ext); !strings.Contains(line, ext.String()+"/32") {
		t.Fatalf("X on A's uplink: %q, want %s/32", line, ext)
	}
	if h := leaseHolder(w.lease()); h != a.name {
		t.Fatalf("X's Lease held by %q after A's pod, want %s", h, a.name)
	}
	talk(t, w.lan, ext)
	w.lan.WaitNeighbour(t, ext, a.host.MAC, 2*time.Second)

	podB := b.e.pod("b", "team-a", "198.51.100.102", masqTo("203.0.113.10:5000-5010"))
	err := b.e.run(podB)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("held by node %q", a.name)) || !strings.Contains(err.Error(), ext.String()) {
		t.Fatalf("B's pod while A holds X: %v; want a refusal naming %s and %s", err, ext, a.name)
	}
	b.e.stop(podB)
	b.e.remove(podB)
	if line := assigned(t, b.host.NS, ext); line != "" {
		t.Fatalf("X on B's uplink while A holds it: %s", line)
	}
	ev := waitPodEvent(t, w.s, "team-a", podB.Uid, cluster.ReasonAddressHeld)
	if !strings.Contains(ev.Note, fmt.Sprintf("held by node %q", a.name)) || !strings.Contains(ev.Note, ext.String()) ||
		ev.Related == nil || ev.Related.Name != b.name || ev.Regarding.Name != "b" {
		t.Fatalf("B's pod's Event: note %q related %+v regarding %+v; want it naming %s and %s, from %s", ev.Note, ev.Related, ev.Regarding, ext, a.name, b.name)
	}

	w.crash(a)
	w.unplug(a)
	killed := time.Now()
	// The kubelet retries the sandbox; refused (naming A) until A's Lease
	// lapsed.
	got, tries := w.retryUntil(b, podB, twoNodeLease+5*time.Second, heldBy(a.name), nil)
	took := time.Since(killed)
	t.Logf("B got %s %s after A died, at try %d", ext, took.Round(time.Millisecond), tries)
	// A renewed at most one renewal interval before it died: its Lease
	// lapsed no earlier than duration - renewInterval after, and B's try
	// after that took a probe.
	if took < twoNodeLease-twoNodeRenew-200*time.Millisecond {
		t.Errorf("B got X %s after A died: before A's last renewal can have lapsed (%s - %s)", took, twoNodeLease, twoNodeRenew)
	}
	if took > twoNodeLease+2*time.Second {
		t.Errorf("B got X %s after A died; want it within the Lease duration %s plus the probe", took, twoNodeLease)
	}
	if line := assigned(t, b.host.NS, ext); !strings.Contains(line, ext.String()+"/32") {
		t.Fatalf("X on B's uplink: %q, want %s/32", line, ext)
	}
	w.lan.WaitNeighbour(t, ext, b.host.MAC, 2*time.Second)
	le := w.lease()
	if leaseHolder(le) != b.name || le.Spec.LeaseTransitions == nil || *le.Spec.LeaseTransitions != 1 {
		t.Fatalf("X's Lease after the handover: holder %q transitions %v; want %s, 1", leaseHolder(le), le.Spec.LeaseTransitions, b.name)
	}
	x.check(t)

	b.e.stop(got)
	b.e.remove(got)
	if line := assigned(t, b.host.NS, ext); line != "" {
		t.Fatalf("X still on B after its last pod went: %s", line)
	}
	waitFor(t, "X's Lease deleted after B withdrew X", func() bool { return w.lease() == nil })
}

// TestTwoNodesLapsedLeaseAddressInUse: A's diktyo-nri dies but the node
// stays on the LAN, X still on its uplink: once A's Lease lapsed, B's pod
// is refused by the probe, naming A's MAC, and B does not keep the Lease
// it took for that probe (it would keep every node from X, itself
// without it, for as long as it lives). Once A is gone from the LAN, B's
// next try gets X at once (the probe only). Never both with X.
func TestTwoNodesLapsedLeaseAddressInUse(t *testing.T) {
	w := newTwoNodes(t)
	a, b := w.a, w.b
	x := sampleExclusive(t, ext, a, b)
	podA := a.e.pod("a", "team-a", "198.51.100.101", masqTo("203.0.113.10:5000-5010"))
	if err := a.e.run(podA); err != nil {
		t.Fatalf("A's pod: %v", err)
	}
	w.crash(a)
	died := time.Now()

	podB := b.e.pod("b", "team-a", "198.51.100.102", masqTo("203.0.113.10:5000-5010"))
	conflict := func(err error) bool { return strings.Contains(err.Error(), a.host.MAC) }
	if got, _ := w.retryUntil(b, podB, twoNodeLease+5*time.Second, heldBy(a.name), conflict); got != nil {
		t.Fatalf("B's pod admitted while A's uplink still has %s", ext)
	}
	t.Logf("B's probe found %s on A's MAC %s after A died", ext, time.Since(died).Round(time.Millisecond))
	if line := assigned(t, b.host.NS, ext); line != "" {
		t.Fatalf("X on B while A has it: %s", line)
	}
	waitFor(t, "the Lease B took for its probe deleted", func() bool { return w.lease() == nil })
	// And not written again by B's renewals.
	deadline := time.Now().Add(2*twoNodeRenew + 200*time.Millisecond)
	for time.Now().Before(deadline) {
		if le := w.lease(); le != nil {
			t.Fatalf("X's Lease is back, held by %q, while B does not have X", leaseHolder(le))
		}
		time.Sleep(50 * time.Millisecond)
	}

	w.unplug(a)
	unplugged := time.Now()
	got, tries := w.retryUntil(b, podB, 3*time.Second, conflict, nil)
	t.Logf("B got %s %s after A left the LAN, at try %d", ext, time.Since(unplugged).Round(time.Millisecond), tries)
	if line := assigned(t, b.host.NS, ext); !strings.Contains(line, ext.String()+"/32") {
		t.Fatalf("X on B's uplink: %q, want %s/32", line, ext)
	}
	if h := leaseHolder(w.lease()); h != b.name {
		t.Fatalf("X's Lease held by %q, want %s", h, b.name)
	}
	x.check(t)
	b.e.stop(got)
	b.e.remove(got)
	waitFor(t, "X's Lease deleted after B withdrew X", func() bool { return w.lease() == nil })
}
