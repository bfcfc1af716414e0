package plugin_test

import "testing"

// TestSynchronizeStoppedSandboxWithoutNetns: containerd (2.4) lists a
// stopped sandbox whose netns it removed without its network namespace
// (internal/cri/nri: "Filter out stale network namespaces"), with its
// addresses still. Such a pod is no host-network pod: a diktyo-nri
// restarted after the pod stopped (it missed the Stop) must remove its
// state at Synchronize, not keep it as a host-network pod's until
// RemovePodSandbox, which never comes for a sandbox containerd recovered
// after its own restart. Found by TestKubelet/kill (make e2e-kubelet).
func TestSynchronizeStoppedSandboxWithoutNetns(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	gone := e.pod("gone", "team-a", "198.51.100.85", policyAnnotations("gone"))
	keep := e.pod("keep", "team-a", "198.51.100.86", policyAnnotations("keep"))
	if err := e.run(gone); err != nil {
		t.Fatal(err)
	}
	if err := e.run(keep); err != nil {
		t.Fatal(err)
	}
	e.requireApplied("198.51.100.85", "gone.team-a."+testZone)
	stop()

	// Stopped while diktyo-nri was down: containerd lists it with its
	// IPs and no network namespace.
	e.mu.Lock()
	e.pods[gone.Id].Linux.Namespaces = nil
	e.mu.Unlock()
	e.startPlugin()
	waitFor(t, "the stopped pod's state removed at Synchronize", func() bool {
		snat, rule, dns := e.has("198.51.100.85", "gone.team-a."+testZone)
		return !snat && !rule && !dns
	})
	if e.cached(gone.Id) {
		t.Error("the stopped pod's cache entry survived Synchronize")
	}
	e.requireApplied("198.51.100.86", "keep.team-a."+testZone)
}
