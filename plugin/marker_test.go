package plugin_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin"
)

// Hole c of issue 30: the marker of an ADD whose deferred conntrack walk
// a kill interrupted was cleared only by the reconcile's repeated ADD.
// When the reconcile after the restart removed the pod's policy (the
// admin revoked it) or kept it (no decision could be made), the marker
// stayed, and CreateContainer refused every container of the live pod
// for ever. Whatever the reconcile decides, the walk runs (the stale
// flow goes) and then the marker goes.
func TestInterruptedADDSettledWhateverTheReconcile(t *testing.T) {
	for _, tc := range []struct {
		name string
		// restart changes the world before the restarted plugin starts
		// and returns its options' adjustment.
		restart func(e *env) func(*plugin.Options)
		applied bool // the pod keeps its policy
	}{{
		name: "removed",
		restart: func(e *env) func(*plugin.Options) {
			cfg, err := os.ReadFile(e.config)
			if err != nil {
				t.Fatal(err)
			}
			e.write(e.config, strings.Replace(string(cfg), `namespaces: ["team-a"]`, `namespaces: ["team-z"]`, 1))
			return nil
		},
	}, {
		name: "kept",
		restart: func(e *env) func(*plugin.Options) {
			addrs := &faultyAddrs{Manager: hostaddr.New(hostaddr.Options{NetNS: e.host.Path(), Logger: testLogger(t)})}
			addrs.fail.Store(true) // no decision possible: the pod keeps its policy
			return func(o *plugin.Options) { o.Addresses = addrs }
		},
		applied: true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, "fail")
			testutil.Run(t, e.host, "ip", "address", "add", "203.0.113.11/32", "dev", "lo")
			e.appendConfig("egress:\n  nodeAddresses: allow\n  stateDir: " + filepath.Join(e.dir, "egress") +
				"\n  attributionLog: " + filepath.Join(e.dir, "attribution.jsonl") + "\n")
			_, stop := e.startPlugin()
			const addr = "198.51.100.74"
			ann := policyAnnotations("c")
			ann["diktyo.io/v1.masq"] = `[{"external":"203.0.113.11","destination":"198.51.100.0/24","protocol":"tcp"}]`
			pod := e.pod("c", "team-a", addr, ann)
			e.runApplied(pod)
			if err := e.createContainer(pod, "init"); err != nil {
				t.Fatal(err)
			}
			stop()
			// As a process killed between the answer and the walk left
			// it: the marker, and a flow the walk would have removed.
			flow, marker := e.leaveADDMarker(t, pod.Id, addr)
			p := e.newPlugin(tc.restart(e))
			e.runPlugin(p)
			e.resynced(p, 0)
			// The Synchronize's pass decided; a second one proves the
			// marker does not wait for some later decision.
			p.Reconcile(context.Background(), "periodic")
			if err := e.createContainer(pod, "app"); err != nil {
				t.Fatalf("CreateContainer after the restart's reconcile: %v", err)
			}
			if _, err := os.Stat(marker); !os.IsNotExist(err) {
				t.Errorf("marker after the reconcile: %v, want gone", err)
			}
			e.noHoldMarkers(t)
			if hasFlow(t, e, flow) {
				t.Error("the stale flow the interrupted walk would have removed survived the reconcile")
			}
			if snat, _, _ := e.has(addr, "c.team-a."+testZone); snat != tc.applied {
				t.Errorf("pod's SNAT after the reconcile: %v, want %v", snat, tc.applied)
			}
			e.stopAll(pod)
		})
	}
}
