package plugin_test

import (
	"context"
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
	if ents, _ := os.ReadDir(filepath.Join(e.cacheDir, "deferred")); len(ents) != 0 {
		t.Errorf("deferred work markers left after the work: %v", ents)
	}
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
	flow := staleFlow(addr)
	e.addFlow(t, flow)
	marker := filepath.Join(e.cacheDir, "deferred", pod.Id)
	if err := os.MkdirAll(filepath.Dir(marker), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p := e.newPlugin(nil)
	stop2 := e.runPlugin(p)
	defer stop2()
	waitFor(t, "the restarted plugin's reconcile", func() bool { return p.Reconciled() > 0 })
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
}
