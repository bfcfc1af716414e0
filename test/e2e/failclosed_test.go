package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// pidOf reads the pid of one of the VM's daemons from its pid file.
func (v *testVM) pidOf(t *testing.T, daemon string) int {
	t.Helper()
	b, err := os.ReadFile(v.dir("run", daemon+".pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("%s.pid: %v", daemon, err)
	}
	return pid
}

// restartContainerdWith restarts containerd (pods live on in their shims)
// with extra environment for hack/testvm.sh, which regenerates its config.
func (v *testVM) restartContainerdWith(t *testing.T, env ...string) {
	t.Helper()
	pid := v.pidOf(t, "containerd")
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatalf("stopping containerd: %v", err)
	}
	waitFor(t, 20*time.Second, "containerd to exit", func() bool { return !alive(pid) })
	cmd := exec.Command(filepath.Join(v.repo, "hack/testvm.sh"), "up", "--nri", "none")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hack/testvm.sh up: %v", err)
	}
}

// TestFailClosed: with containerd requiring the diktyo NRI plugin
// (deploy/containerd/20-diktyo-required.toml) and failClosed in the admin
// config, an annotated pod's application cannot start while diktyo-nri is
// down, and the error names diktyo; once diktyo-nri is back it starts with
// its policy, and its traffic leaves with its external address. With the
// opt-in off, the documented fail-open behaviour holds: the container
// starts, and gets its policy when diktyo-nri reconciles.
func TestFailClosed(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	v.restartContainerdWith(t, "DIKTYO_TESTVM_REQUIRE_DIKTYO=1")
	t.Cleanup(func() { v.restartContainerdWith(t, "DIKTYO_TESTVM_REQUIRE_DIKTYO=0") })
	cfg := v.configWith(t, func(c map[string]any) { c["failClosed"] = true })
	n := v.startNRI(t, cfg)
	const ns = "e2e-failclosed"

	n.kill(t)
	p := v.mustRunPod(t, "closed", ns, snatTo(extA))
	err := p.startApp(t)
	if err == nil || !strings.Contains(err.Error(), "required plugin") || !strings.Contains(err.Error(), "diktyo") {
		t.Fatalf("container of an annotated pod while diktyo-nri is down: %v, want a refusal naming diktyo", err)
	}
	v.restartNRI(t, n, cfg)
	if err := p.startApp(t); err != nil {
		t.Fatalf("container after diktyo-nri returned: %v", err)
	}
	expectSNATState(t, p, extA)
	expectSource(t, p, dstSNAT, extA, 0, 0)
	p.stop(t)
	p.remove(t)
	expectNothingLeft(t, p)

	// Opt-in off: fail open, as documented.
	n.stop(t) // it would reconnect to the restarted containerd
	v.restartContainerdWith(t, "DIKTYO_TESTVM_REQUIRE_DIKTYO=0")
	n2 := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	n2.kill(t)
	q := v.mustRunPod(t, "open", ns, snatTo(extB))
	if err := q.startApp(t); err != nil {
		t.Fatalf("fail-open: container while diktyo-nri is down: %v", err)
	}
	if rules := q.natRules(t); len(rules) != 0 {
		t.Fatalf("fail-open: nat rules before diktyo-nri returned: %v", rules)
	}
	v.restartNRI(t, n2, v.env["DIKTYO_TESTVM_CONFIG"])
	expectSNATState(t, q, extB)
	expectSource(t, q, dstSNAT, extB, 0, 0)
	q.stop(t)
	q.remove(t)
	expectNothingLeft(t, q)
}

// TestDNSOutage: with the node's DNS server down, reconcile finds the
// pod's record unreachable and its repair's update, sent behind the
// answer, fails and is retried; the pod keeps its SNAT rules and routes,
// and its traffic still leaves with its external address. When the
// server is back, the record answers again.
func TestDNSOutage(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	cfg := v.configWith(t, func(c map[string]any) {
		c["reconcile"] = map[string]any{"interval": "1s"}
	})
	n := v.startNRI(t, cfg)
	p := v.mustRunPod(t, "dnsdown", "e2e-dnsdown", snatTo(extA))
	expectDNS(t, p)
	before := p.natRules(t)

	pid := v.pidOf(t, "named")
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("stopping named: %v", err)
	}
	waitFor(t, 10*time.Second, "named to exit", func() bool { return !alive(pid) })
	t.Cleanup(func() {
		if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil {
			t.Error(err)
		}
	})
	failures := n.count(`updates behind the answers failed`)
	n.waitLog(t, `updates behind the answers failed`, failures+1)
	if after := p.natRules(t); !slices.Equal(before, after) {
		t.Fatalf("a DNS outage changed the pod's nat rules:\nbefore %v\nafter  %v", before, after)
	}
	expectSource(t, p, dstSNAT, extA, 0, 0)

	if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil { // starts named again
		t.Fatal(err)
	}
	// The writer retries with a pause of up to 5 s.
	waitFor(t, 15*time.Second, "the record back", func() bool {
		return slices.Equal(p.vm.lookup(t, p.dnsName(), dns.TypeA), []string{p.IP})
	})
	expectDNS(t, p)
	p.stop(t)
	p.remove(t)
	expectNothingLeft(t, p)
	if t.Failed() {
		n.dumpLog(t)
	}
}
