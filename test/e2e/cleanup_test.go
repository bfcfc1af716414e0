package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestCleanup: diktyo-nri cleanup refuses while diktyo-nri runs; once it
// stopped, it removes every pod's policy, ipmasq's shared objects, the
// egress guard and reserved ports, diktyo's state and its plugin
// binaries, and leaves another writer's table, chain, jump, rule and
// binary alone. Started again, diktyo-nri puts the live pods' policy back.
func TestCleanup(t *testing.T) {
	v := requireVM(t)
	n := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	const ns = "e2e-cleanup"
	ann := snatTo(extA)
	ann[policy.KeyRouteTable] = testTable
	a := v.mustRunPod(t, "a", ns, ann)
	b := v.mustRunPod(t, "b", ns, snatTo(extB))
	expectSNATState(t, a, extA)
	foreign := addForeignObjects(t)
	bins := t.TempDir()
	copyFile(t, v.dir("cni", "bin", "ipmasq"), filepath.Join(bins, "ipmasq"))
	copyFile(t, "/bin/true", filepath.Join(bins, "noop")) // not diktyo's
	cleanup := func() (string, error) {
		out, err := exec.Command(v.bin("diktyo-nri"), "cleanup", "--config", v.env["DIKTYO_TESTVM_CONFIG"], "--cni-bin-dir", bins).CombinedOutput()
		return string(out), err
	}

	if out, err := cleanup(); err == nil || !strings.Contains(out, "answers on") {
		t.Fatalf("cleanup while diktyo-nri runs: %v\n%s\nwant a refusal naming the running daemon", err, out)
	}
	expectSNATState(t, a, extA)

	n.stop(t)
	out, err := cleanup()
	if err != nil {
		t.Fatalf("cleanup: %v\n%s", err, out)
	}
	t.Logf("cleanup:\n%s", out)
	expectNoNodeState(t, a)
	expectNoNodeState(t, b)
	expectNoSharedState(t, v)
	foreign.expectIntact(t)
	if _, err := os.Stat(filepath.Join(bins, "ipmasq")); !os.IsNotExist(err) {
		t.Errorf("diktyo's ipmasq binary in --cni-bin-dir: stat = %v, want removed", err)
	}
	if _, err := os.Stat(filepath.Join(bins, "noop")); err != nil || !strings.Contains(out, "not built from") {
		t.Errorf("a noop binary that is not diktyo's: stat = %v, want it kept and said so:\n%s", err, out)
	}
	if _, err := os.Stat(v.dir("diktyo", "cni-cache")); !os.IsNotExist(err) {
		t.Errorf("chain cache: stat = %v, want removed", err)
	}

	out, err = cleanup()
	if err != nil {
		t.Errorf("second cleanup: %v\n%s", err, out)
	}
	v.restartNRI(t, n, v.env["DIKTYO_TESTVM_CONFIG"])
	expectSNATState(t, a, extA)
	expectSNATState(t, b, extB)
}

// expectNoSharedState checks that none of the test node's shared objects
// is left: ipmasq's tag chain and jump or nft table, the guard tables, the
// egress pool's reserved ports.
func expectNoSharedState(t *testing.T, v *testVM) {
	t.Helper()
	tag := v.env["DIKTYO_TESTVM_SNAT_CHAIN"]
	for _, tool := range []string{"iptables-save", "ip6tables-save"} {
		if s := output(t, tool, "-t", "nat"); strings.Contains(s, tag) {
			t.Errorf("%s: %s left:\n%s", tool, tag, s)
		}
	}
	tables := output(t, "nft", "list", "tables")
	for _, name := range []string{v.env["DIKTYO_TESTVM_NFT_TABLE"], v.env["DIKTYO_TESTVM_GUARD_TABLE"], v.env["DIKTYO_TESTVM_ROUTE_TABLE"], "diktyo-egress"} {
		if strings.Contains(tables, "inet "+name+"\n") {
			t.Errorf("table inet %s left:\n%s", name, tables)
		}
	}
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_reserved_ports"); err != nil || strings.Contains(string(b), "30000-30255") {
		t.Errorf("ip_local_reserved_ports = %q (%v): the demo pool's 30000-30255 left", b, err)
	}
}

// foreignObjects are another writer's objects beside diktyo's.
type foreignObjects struct{ table, chain, rule string }

func addForeignObjects(t *testing.T) *foreignObjects {
	t.Helper()
	suffix := testutil.RandSuffix(6)
	f := &foreignObjects{table: "e2e-foreign-" + suffix, chain: "E2E-FOREIGN-" + suffix, rule: "from 192.0.2.251 lookup main"}
	run(t, "nft", "add", "table", "inet", f.table)
	t.Cleanup(func() { _ = exec.Command("nft", "delete", "table", "inet", f.table).Run() })
	run(t, "nft", "add", "chain", "inet", f.table, "c")
	run(t, "iptables", "-t", "nat", "-N", f.chain)
	run(t, "iptables", "-t", "nat", "-A", "POSTROUTING", "-s", "192.0.2.250/32", "-j", f.chain)
	t.Cleanup(func() {
		_ = exec.Command("iptables", "-t", "nat", "-D", "POSTROUTING", "-s", "192.0.2.250/32", "-j", f.chain).Run()
		_ = exec.Command("iptables", "-t", "nat", "-X", f.chain).Run()
	})
	run(t, "ip", "rule", "add", "pref", "32001", "from", "192.0.2.251", "lookup", "main", "proto", "static")
	t.Cleanup(func() { _ = exec.Command("ip", "rule", "del", "pref", "32001", "from", "192.0.2.251").Run() })
	return f
}

func (f *foreignObjects) expectIntact(t *testing.T) {
	t.Helper()
	if s := output(t, "nft", "list", "table", "inet", f.table); !strings.Contains(s, "chain c") {
		t.Errorf("foreign table inet %s changed:\n%s", f.table, s)
	}
	if s := output(t, "iptables-save", "-t", "nat"); !strings.Contains(s, ":"+f.chain) || !strings.Contains(s, "-j "+f.chain) {
		t.Errorf("foreign chain %s or its jump removed:\n%s", f.chain, s)
	}
	if s := output(t, "ip", "rule", "show", "pref", "32001"); !strings.Contains(s, f.rule) {
		t.Errorf("foreign rule %q removed: %q", f.rule, s)
	}
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o755); err != nil {
		t.Fatal(err)
	}
}
