package plugin_test

import (
	"context"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// containerd sends no StopPodSandbox or RemovePodSandbox for sandboxes it
// recovered after its own restart. A pod whose netns disappears without an
// event must still lose its state at the next reconcile.
func TestVanishedNetnsLosesStateAtReconcile(t *testing.T) {
	e := newEnv(t, "fail")
	p, _ := e.startPlugin()
	gone := e.pod("vanish", "team-a", "198.51.100.60", policyAnnotations("vanish"))
	keep := e.pod("stay", "team-a", "198.51.100.61", policyAnnotations("stay"))
	if err := e.run(gone); err != nil {
		t.Fatal(err)
	}
	if err := e.run(keep); err != nil {
		t.Fatal(err)
	}
	e.requireApplied("198.51.100.60", "vanish.team-a."+testZone)

	// Remove the pod's netns behind the plugin's back, as containerd does
	// when it tears down a recovered sandbox.
	// (Lazily, as `ip netns del` does: the test still holds it open.)
	path := gone.Linux.Namespaces[0].Path
	if err := unix.Unmount(path, unix.MNT_DETACH); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}

	p.Reconcile(context.Background(), "test")
	e.requireGone("198.51.100.60")
	if e.cached(gone.Id) {
		t.Error("the vanished pod's cache entry survived the reconcile")
	}
	e.requireApplied("198.51.100.61", "stay.team-a."+testZone)
	if !e.cached(keep.Id) {
		t.Error("the live pod lost its cache entry")
	}
	e.stop(keep)
	e.remove(keep)
}
