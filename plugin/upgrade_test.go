package plugin_test

import (
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestBackendSwitchMovesState: the admin moves ipmasq from iptables to
// nftables (what deploy/ now ships) under a running pod. After the
// restart's reconcile the pod's SNAT is in the nftables table and nothing
// of it is left in iptables (before the fix the pod's iptables chain and
// jump stayed for good, and a later pod with its address would have left
// with its external); the pod's existing flow keeps its conntrack entry
// (the DEL of the old state says the pod continues), and a real DEL
// afterwards still removes it.
func TestBackendSwitchMovesState(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	const addr = "198.51.100.87"
	pod := e.pod("keep", "team-a", addr, policyAnnotations("keep"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	e.requireApplied(addr, "keep.team-a."+testZone)
	flow := podFlow(addr)
	if err := e.host.Do(func(ns.NetNS) error {
		return netlink.ConntrackCreate(netlink.ConntrackTable, unix.AF_INET, flow)
	}); err != nil {
		t.Fatalf("creating the pod's flow: %v", err)
	}
	stop()

	table := "dkt-" + testutil.RandSuffix(6)
	conflist, err := os.ReadFile(e.conflist)
	if err != nil {
		t.Fatal(err)
	}
	before := string(conflist)
	i := strings.Index(before, `"backend": "iptables"`)
	if i < 0 {
		t.Fatalf("no iptables backend in the test chain:\n%s", before)
	}
	j := strings.Index(before[i:], `,`+"\n")
	if j < 0 {
		t.Fatalf("no end of the tag field in the test chain:\n%s", before)
	}
	// backend and tag replaced by backend and table.
	e.write(e.conflist, before[:i]+`"backend": "nftables", "table": "`+table+`"`+before[i+j:])
	t.Cleanup(func() {
		_ = e.host.Do(func(ns.NetNS) error { return exec.Command("nft", "delete", "table", "inet", table).Run() })
	})
	e.startPlugin()

	nat := testutil.Run(t, e.host, "iptables-save", "-t", "nat")
	if strings.Contains(nat, addr) || strings.Contains(nat, "203.0.113.10") {
		t.Fatalf("the pod's iptables rules outlived the switch:\n%s", nat)
	}
	ruleset := testutil.Run(t, e.host, "nft", "list", "table", "inet", table)
	if !strings.Contains(ruleset, addr) || !strings.Contains(ruleset, "203.0.113.10") {
		t.Fatalf("the pod's SNAT is not in the nftables table:\n%s", ruleset)
	}
	if !hasFlow(t, e, flow) {
		t.Fatal("the pod's flow lost its conntrack entry in the switch")
	}
	// libcni's DEL of the old state drops the pod's cache entry, which the
	// new ADD had written: without it the next pass would ADD again, and a
	// Stop after a restart would DEL nothing.
	if !e.cached(pod.Id) {
		t.Fatal("the switch dropped the pod's libcni cache entry")
	}
	e.stop(pod)
	e.remove(pod)
	// The DEL's walk runs after the answer (the address held meanwhile).
	waitFor(t, "DEL's removal of the pod's flow (else the check above proves nothing)", func() bool { return !hasFlow(t, e, flow) })
	if ruleset := testutil.Run(t, e.host, "nft", "list", "table", "inet", table); strings.Contains(ruleset, addr) {
		t.Fatalf("DEL left the pod in the nftables table:\n%s", ruleset)
	}
}

// podFlow is a UDP flow of the pod to a destination its policy excludes
// from SNAT (no translation: the ADD's stale-flow check keeps it). A rule
// may name 10.x; no packet goes anywhere.
func podFlow(addr string) *netlink.ConntrackFlow { return flowOf(addr, "10.1.2.3", unix.IPPROTO_UDP) }

// flowOf is an untranslated flow from addr:40001 to dst:53.
func flowOf(addr, dst string, proto uint8) *netlink.ConntrackFlow {
	src, to := net.ParseIP(addr).To4(), net.ParseIP(dst).To4()
	return &netlink.ConntrackFlow{
		FamilyType: unix.AF_INET,
		Forward:    netlink.IPTuple{SrcIP: src, DstIP: to, Protocol: proto, SrcPort: 40001, DstPort: 53},
		Reverse:    netlink.IPTuple{SrcIP: to, DstIP: src, Protocol: proto, SrcPort: 53, DstPort: 40001},
		TimeOut:    300,
	}
}

func hasFlow(t *testing.T, e *env, f *netlink.ConntrackFlow) bool {
	t.Helper()
	var found bool
	if err := e.host.Do(func(ns.NetNS) error {
		flows, err := netlink.ConntrackTableList(netlink.ConntrackTable, unix.AF_INET)
		for _, c := range flows {
			if c.Forward.SrcIP.Equal(f.Forward.SrcIP) && c.Forward.DstIP.Equal(f.Forward.DstIP) && c.Forward.SrcPort == f.Forward.SrcPort {
				found = true
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return found
}

// TestGuardTableMoveOnRestart: the admin changes ipmasq's guardTable
// under a running pod. The restart's reconcile ADDs the pod under the
// new config, handing it the pod's record (the config it was ADDed
// under): the binding moves to the new table in the ADD's one
// transaction and the old table goes with it. Before, the pod stayed
// bound in the old table as well, for good (a bridged pod's own
// traffic then dropped: pkg/ipmasq/linkguard TestGuardTableMove).
func TestGuardTableMoveOnRestart(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	const addr = "198.51.100.88"
	pod := e.pod("keep", "team-a", addr, policyAnnotations("keep"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	if !e.bound(addr) {
		t.Fatalf("the pod is not bound:\n%s", testutil.Run(t, e.host, "nft", "list", "ruleset"))
	}
	stop()
	table := "dkg-" + testutil.RandSuffix(6)
	t.Cleanup(func() {
		_ = e.host.Do(func(ns.NetNS) error {
			_ = exec.Command("nft", "delete", "table", "inet", table).Run()
			return exec.Command("nft", "delete", "table", "bridge", table).Run()
		})
	})
	e.write(e.conflist, strings.Replace(mustRead(t, e.conflist), `"type": "ipmasq",`, `"type": "ipmasq", "guardTable": "`+table+`",`, 1))
	e.startPlugin()

	ruleset := testutil.Run(t, e.host, "nft", "list", "ruleset")
	if strings.Contains(ruleset, "table inet diktyo-guard ") || strings.Contains(ruleset, "table bridge diktyo-guard ") {
		t.Fatalf("the old guard table outlived the move of its only binding:\n%s", ruleset)
	}
	moved := testutil.Run(t, e.host, "nft", "list", "table", "inet", table)
	if !strings.Contains(moved, addr+` comment "owner=`) {
		t.Fatalf("the pod is not bound in the new guard table:\n%s", moved)
	}
	e.stop(pod)
	e.remove(pod)
}
