package plugin_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// staleFlow is a flow of addr to 198.51.100.7:53 (inside the test
// policy's SNAT destination) that no SNAT translated: the flow a previous
// pod with addr, without diktyo's policy, leaves behind. The pod's rules
// SNAT that destination, so ADD's conntrack cleanup removes it.
func staleFlow(addr string) *netlink.ConntrackFlow {
	return flowOf(addr, "198.51.100.7", unix.IPPROTO_TCP)
}

func (e *env) addFlow(t *testing.T, f *netlink.ConntrackFlow) {
	t.Helper()
	if err := e.host.Do(func(ns.NetNS) error {
		return netlink.ConntrackCreate(netlink.ConntrackTable, unix.AF_INET, f)
	}); err != nil {
		t.Fatalf("creating a conntrack entry: %v", err)
	}
}

func (e *env) createContainer(pod *nriapi.PodSandbox, name string) error {
	_, err := e.runtime.CreateContainer(context.Background(), &adaptation.CreateContainerRequest{
		Pod: pod, Container: &nriapi.Container{Id: "ctr-" + name + "-" + pod.Id, PodSandboxId: pod.Id, Name: name}})
	return err
}

// TestDeferredConntrackCleanup: RunPodSandbox answers before the ADD's
// conntrack cleanup of the pod's address, and the pod's first container
// is not created before it is done: the stale flow a previous holder of
// the address left is gone when CreateContainer returns, the marker of
// the deferred work too.
func TestDeferredConntrackCleanup(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	const addr = "198.51.100.71"
	flow := staleFlow(addr)
	e.addFlow(t, flow)
	pod := e.pod("a", "team-a", addr, policyAnnotations("a"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(pod, "app"); err != nil {
		t.Fatalf("CreateContainer: %v", err)
	}
	if hasFlow(t, e, flow) {
		t.Fatal("the previous holder's flow survived to the pod's first container")
	}
	e.noHoldMarkers(t)
	// A pod without policy, and a later container, are never held up.
	plain := e.pod("plain", "team-a", "198.51.100.72", nil)
	if err := e.run(plain); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pod  *nriapi.PodSandbox
		name string
	}{{plain, "app"}, {pod, "sidecar"}} {
		if err := e.createContainer(c.pod, c.name); err != nil {
			t.Fatalf("CreateContainer %s of %s: %v", c.name, c.pod.Name, err)
		}
	}
}

// TestDeferredWorkAfterRestart: diktyo-nri killed between RunPodSandbox's
// answer and the deferred cleanup (its marker left, the stale flow still
// there): the restarted one refuses the pod's containers until its
// reconcile ran the pod's ADD again, undeferred; then the flow is gone,
// the marker too, and the container is created.
func TestDeferredWorkAfterRestart(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	const addr = "198.51.100.73"
	pod := e.pod("b", "team-a", addr, policyAnnotations("b"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	// This process's own deferred work done (the kill is simulated
	// below: its goroutine must not remove the marker the test writes).
	if err := e.createContainer(pod, "init"); err != nil {
		t.Fatal(err)
	}
	stop()
	// As the killed process left it: the marker written, the work not
	// run (a flow the pod's rules would not give).
	flow, marker := e.leaveADDMarker(t, pod.Id, addr)
	p := e.newPlugin(nil)
	stop2 := e.runPlugin(p)
	defer stop2()
	waitFor(t, "the restarted plugin's reconcile", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock() // the runtime has its reply too
	waitFor(t, "the container created once the pod's ADD ran again", func() bool {
		err := e.createContainer(pod, "app")
		if err != nil && !strings.Contains(err.Error(), "interrupted") {
			t.Fatalf("CreateContainer after the restart: %v", err)
		}
		return err == nil
	})
	if hasFlow(t, e, flow) {
		t.Fatal("the stale flow survived the restart's ADD")
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("marker after the repeated ADD: %v, want gone", err)
	}
	e.noHoldMarkers(t)
}

// TestDeferredWorkAfterRestartNamedAddresses: as TestDeferredWorkAfterRestart,
// with the marker this version writes, which names the pod and its
// addresses: the restarted process flushes them at once, before its
// reconcile, and the container is created once the flow is gone.
func TestDeferredWorkAfterRestartNamedAddresses(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	const addr = "198.51.100.79"
	pod := e.pod("b2", "team-a", addr, policyAnnotations("b2"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(pod, "init"); err != nil {
		t.Fatal(err)
	}
	stop()
	flow := staleFlow(addr)
	e.addFlow(t, flow)
	marker := filepath.Join(e.cacheDir, "holds", "add-"+pod.Id+"-1-1.json")
	if err := os.MkdirAll(filepath.Dir(marker), 0o700); err != nil {
		t.Fatal(err)
	}
	body := `{"version":1,"kind":"add","pod":{"sandbox":"` + pod.Id + `","namespace":"team-a","name":"b2"},"addresses":["` + addr + `"]}`
	if err := os.WriteFile(marker, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	p := e.newPlugin(nil)
	stop2 := e.runPlugin(p)
	defer stop2()
	waitFor(t, "the restarted plugin's reconcile", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock()
	waitFor(t, "the container created once the interrupted walk ran", func() bool {
		err := e.createContainer(pod, "app")
		if err != nil && !strings.Contains(err.Error(), "conntrack cleanup") {
			t.Fatalf("CreateContainer after the restart: %v", err)
		}
		return err == nil
	})
	if hasFlow(t, e, flow) {
		t.Fatal("the stale flow survived the restart")
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("marker after the walk: %v, want gone", err)
	}
	e.noHoldMarkers(t)
}

// flowExists asks the kernel for f's entry by its tuple: one lookup, not
// a dump (a dump of a large table lasts longer than the walk it would
// check). The probe refreshes the entry's timeout, nothing else.
func flowExists(t *testing.T, e *env, f *netlink.ConntrackFlow) bool {
	t.Helper()
	var found bool
	if err := e.host.Do(func(ns.NetNS) error {
		err := netlink.ConntrackUpdate(netlink.ConntrackTable, unix.AF_INET, f)
		switch {
		case err == nil:
			found = true
		case errors.Is(err, unix.ENOENT):
		default:
			return err
		}
		return nil
	}); err != nil {
		t.Fatalf("looking the flow up: %v", err)
	}
	return found
}

// loadFlows fills the env's host conntrack table with n unrelated UDP
// entries, so that a walk of it takes long enough (tens of ms) for a
// pod that did not wait for it to see the flows it removes.
func (e *env) loadFlows(t *testing.T, n int) {
	t.Helper()
	if err := e.host.Do(func(ns.NetNS) error {
		h, err := netlink.NewHandle(unix.NETLINK_NETFILTER)
		if err != nil {
			return err
		}
		defer h.Close()
		for i := range n {
			f := flowOf(fmt.Sprintf("198.19.%d.%d", 128+i>>8%64, i%256), "198.19.255.1", unix.IPPROTO_UDP)
			f.Forward.SrcPort, f.Reverse.DstPort = uint16(10000+i>>14), uint16(10000+i>>14)
			if err := h.ConntrackCreate(netlink.ConntrackTable, unix.AF_INET, f); err != nil {
				return fmt.Errorf("entry %d: %w", i, err)
			}
		}
		return nil
	}); err != nil {
		t.Fatalf("loading conntrack entries: %v", err)
	}
}

// TestDeferredDelConntrackCleanup: StopPodSandbox hands the DEL's
// conntrack walk over, and the next holder of the address, a pod without
// policy, cannot start a container before it is done: the stopped pod's
// flow is gone when its CreateContainer returns, the marker too. The
// node carries 100,000 other entries, so the walk takes longer than the
// next pod's start.
func TestDeferredDelConntrackCleanup(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	e.loadFlows(t, 100_000)
	const addr = "198.51.100.75"
	pod := e.pod("c", "team-a", addr, policyAnnotations("c"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(pod, "app"); err != nil {
		t.Fatal(err)
	}
	flow := flowOf(addr, "198.51.100.9", unix.IPPROTO_TCP) // one of the pod's flows
	e.addFlow(t, flow)
	next := e.pod("next", "team-a", addr, nil) // its netns made beforehand
	// Stopped, not removed: containerd frees the address at the stop's
	// network teardown, and removes the sandbox much later.
	e.stop(pod)
	defer e.remove(pod)
	e.startNextHolder(t, next, flow)
	e.noHoldMarkers(t)
}

// noHoldMarkers fails t when a hold marker is left (the walks are done).
func (e *env) noHoldMarkers(t *testing.T) {
	t.Helper()
	if ents, _ := os.ReadDir(filepath.Join(e.cacheDir, "holds")); len(ents) != 0 {
		t.Errorf("hold markers left after the walks: %v", ents)
	}
}

// leaveFlowMarker writes addr's marker of a DEL walk, as a process killed
// before the walk leaves it (the previous version's format: converted
// at start), and returns its path.
func (e *env) leaveFlowMarker(t *testing.T, addr string) string {
	t.Helper()
	marker := filepath.Join(e.cacheDir, "deferred-flows", addr)
	if err := os.MkdirAll(filepath.Dir(marker), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return marker
}

// TestDeferredDelFlowsAfterRestart: diktyo-nri killed between
// StopPodSandbox's answer and the DEL's walk (its marker left, the
// stopped pod's flow still there): the restarted one holds the address,
// flushes it, and only then lets the next holder's container start.
func TestDeferredDelFlowsAfterRestart(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	stop()
	e.loadFlows(t, 50_000)
	const addr = "198.51.100.76"
	flow := flowOf(addr, "198.51.100.9", unix.IPPROTO_UDP)
	e.addFlow(t, flow)
	marker := e.leaveFlowMarker(t, addr)
	p := e.newPlugin(nil)
	stop2 := e.runPlugin(p)
	defer stop2()
	waitFor(t, "the restarted plugin's reconcile", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock() // the runtime has its reply too
	next := e.pod("next", "team-a", addr, nil)
	if err := e.run(next); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(next, "app"); err != nil {
		t.Fatalf("CreateContainer of the address's next holder: %v", err)
	}
	if hasFlow(t, e, flow) {
		t.Fatal("the stopped pod's flow survived the restart")
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("marker after the restart's flush: %v, want gone", err)
	}
	e.noHoldMarkers(t)
}

// TestDeferredDelFlowsHeldWithoutChain: a restarted diktyo-nri that finds
// a marker but cannot flush (its chain does not load) keeps the address
// held: the next holder's container is refused, the stopped pod's flow
// still there; once the chain loads, the next CreateContainer runs the
// flush itself and the container is created, the flow and marker gone.
func TestDeferredDelFlowsHeldWithoutChain(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	stop()
	const addr = "198.51.100.77"
	flow := flowOf(addr, "198.51.100.9", unix.IPPROTO_UDP)
	e.addFlow(t, flow)
	marker := e.leaveFlowMarker(t, addr)
	chain, err := os.ReadFile(e.conflist)
	if err != nil {
		t.Fatal(err)
	}
	e.write(e.conflist, "{not a conflist")
	p := e.newPlugin(nil)
	stop2 := e.runPlugin(p)
	defer stop2()
	waitFor(t, "the restarted plugin's (skipped) reconcile", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock()
	next := e.pod("next", "team-a", addr, nil)
	if err := e.run(next); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(next, "app"); err == nil || !strings.Contains(err.Error(), "chain not loaded") {
		t.Fatalf("CreateContainer while the flush cannot run: %v, want refused (chain not loaded)", err)
	}
	if !flowExists(t, e, flow) {
		t.Fatal("the stopped pod's flow went without a flush")
	}
	e.write(e.conflist, string(chain))
	waitFor(t, "the container created once the chain loads", func() bool { return e.createContainer(next, "app") == nil })
	if flowExists(t, e, flow) {
		t.Fatal("the container was created with the stopped pod's flow still there")
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("marker after the flush: %v, want gone", err)
	}
	e.noHoldMarkers(t)
}

// TestDeferredDelFlowsFlushedWhenDelFails: a teardown whose DEL fails
// before ipmasq's DEL ran (iproute's runs first in DEL order; its state
// directory is made a file, so it cannot open its store) has handed no
// walk over, yet the stopped pod's flow is still there: the address stays
// held until a flush of it, and the next holder's container starts only
// after the flow is gone.
func TestDeferredDelFlowsFlushedWhenDelFails(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	const addr = "198.51.100.78"
	pod := e.pod("d", "team-a", addr, policyAnnotations("d"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	flow := flowOf(addr, "198.51.100.9", unix.IPPROTO_TCP)
	e.addFlow(t, flow)
	next := e.pod("next", "team-a", addr, nil)
	stateDir := filepath.Join(e.dir, "iproute")
	if err := os.Rename(stateDir, stateDir+".saved"); err != nil {
		t.Fatal(err)
	}
	defer func() { // so that the GC's DEL and the cleanup succeed
		_ = os.Remove(stateDir)
		_ = os.Rename(stateDir+".saved", stateDir)
	}()
	if err := os.WriteFile(stateDir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	e.stop(pod)
	defer e.remove(pod)
	e.startNextHolder(t, next, flow) // its DEL failed before ipmasq's
}

// startNextHolder runs next, a pod at a stopped pod's address, and its
// first container: the stopped pod's flow must be gone by then.
func (e *env) startNextHolder(t *testing.T, next *nriapi.PodSandbox, flow *netlink.ConntrackFlow) {
	t.Helper()
	if err := e.run(next); err != nil {
		t.Fatal(err)
	}
	if err := e.createContainer(next, "app"); err != nil {
		t.Fatalf("CreateContainer of the address's next holder: %v", err)
	}
	if flowExists(t, e, flow) {
		t.Fatal("the next holder of the address started with the stopped pod's flow still there")
	}
}

// leaveADDMarker leaves what a process killed between a pod's answer and
// its ADD walk leaves: the walk's marker (the previous version's format,
// which names no address: converted at start), and a flow of the pod's address
// the walk would have removed; it returns the flow and the marker's path.
func (e *env) leaveADDMarker(t *testing.T, sandbox, addr string) (*netlink.ConntrackFlow, string) {
	t.Helper()
	flow := staleFlow(addr)
	e.addFlow(t, flow)
	marker := filepath.Join(e.cacheDir, "deferred", sandbox)
	if err := os.MkdirAll(filepath.Dir(marker), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return flow, marker
}
