package plugin_test

import (
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr/lantest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// Managed egress addresses (egress.addresses[] manage: true) through the
// plugin: the "host" netns gets an uplink on a throwaway LAN (a router
// namespace with a bridge, lantest), and the managed address lives there.

var ext = netip.MustParseAddr("203.0.113.10")

// managedConfig is the test's admin config with an egress section whose
// addresses are the given YAML flow sequence.
//
// With managed addresses the tests are not tests of the handler budget:
// an address's conflict probe takes 0.4 s of its 1.5 s, and on a loaded
// machine (make stress) the rest of the chain's work may not fit.
func (e *env) managedConfig(addresses, extra string) string {
	e.t.Helper()
	e.unhurried()
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(cfg) + `egress:
  addresses: ` + addresses + `
  attributionLog: ` + filepath.Join(e.dir, "attribution.jsonl") + `
  stateDir: ` + filepath.Join(e.dir, "egress") + `
` + extra
}

func newManagedEnv(t *testing.T) (*env, *lantest.LAN) {
	e := newEnv(t, "fail")
	l := lantest.WithNode(t, e.host)
	e.write(e.config, e.managedConfig(`[{address: 203.0.113.10, interface: uplink, manage: true}]`, ""))
	return e, l
}

// masqTo asks for SNAT to external for one destination.
func masqTo(external string) map[string]string {
	return map[string]string{"diktyo.io/v1.masq": `[{"external":"` + external + `","destination":"198.51.100.0/24","protocol":"tcp"}]`}
}

// assigned is the uplink's address line of a in the "host", or "".
func assigned(t *testing.T, host ns.NetNS, a netip.Addr) string {
	t.Helper()
	for _, line := range strings.Split(testutil.Run(t, host, "ip", "address", "show", "dev", lantest.Uplink), "\n") {
		if strings.Contains(line, " "+a.String()+"/") {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// talk makes the router resolve a (a TCP connection attempt; any answer,
// even a reset, fills its neighbour table).
func talk(t *testing.T, l *lantest.LAN, a netip.Addr) {
	t.Helper()
	_ = l.Router.Do(func(ns.NetNS) error {
		c, err := net.DialTimeout("tcp", netip.AddrPortFrom(a, 9).String(), time.Second)
		if err == nil {
			_ = c.Close()
		}
		return nil
	})
}

// TestManagedAddressConflict: a squatter on the same bridge holds the
// external: the pod is refused naming the address and the squatter's MAC,
// and nothing is assigned; once the squatter has left, the next pod is
// admitted, and the router's neighbour entry for the external (which
// still pointed at the squatter) shows the node's MAC within 1 s of the
// RunPodSandbox; the last pod's removal withdraws the address.
func TestManagedAddressConflict(t *testing.T) {
	e, l := newManagedEnv(t)
	p, _ := e.startPlugin()
	sq, sqMAC := l.Join(t)
	testutil.Addr(t, sq, "eth0", "203.0.113.10/24")
	talk(t, l, ext)
	l.WaitNeighbour(t, ext, sqMAC, time.Second)

	a := e.pod("a", "team-a", "198.51.100.101", masqTo("203.0.113.10:5000-5010"))
	err := e.run(a)
	if err == nil || !strings.Contains(err.Error(), "203.0.113.10") || !strings.Contains(err.Error(), sqMAC) {
		t.Fatalf("pod with a squatted external: %v; want a refusal naming 203.0.113.10 and %s", err, sqMAC)
	}
	if line := assigned(t, e.host, ext); line != "" {
		t.Fatalf("assigned despite the conflict: %s", line)
	}
	e.stop(a)
	e.remove(a)

	testutil.Run(t, sq, "ip", "address", "del", "203.0.113.10/24", "dev", "eth0")
	if n := l.Neighbour(t, ext); !strings.Contains(n, sqMAC) {
		t.Fatalf("router's entry before the pod: %q; want the squatter's %s (stale)", n, sqMAC)
	}
	b := e.pod("b", "team-a", "198.51.100.102", masqTo("203.0.113.10:5000-5010"))
	start := time.Now()
	if err := e.run(b); err != nil {
		t.Fatalf("pod after the squatter left: %v", err)
	}
	l.WaitNeighbour(t, ext, l.NodeMAC, time.Second-time.Since(start))
	if line := assigned(t, e.host, ext); !strings.Contains(line, "203.0.113.10/32") {
		t.Fatalf("address line %q; want 203.0.113.10/32", line)
	}
	if s := e.hostState(); !strings.Contains(s, "--to-source 203.0.113.10:5000-5010") {
		t.Fatalf("no SNAT to the external:\n%s", s)
	}
	l.Reach(t, ext)
	e.stop(b)
	e.remove(b)
	if line := assigned(t, e.host, ext); line != "" {
		t.Fatalf("still assigned after the last pod went: %s", line)
	}
	if v := metricValue(t, p, "diktyo_egress_address_pods", "address", "203.0.113.10"); v != 0 {
		t.Errorf("diktyo_egress_address_pods = %v after the last pod, want 0", v)
	}
}

// nriProcess is diktyo-nri as a process of its own in the "host" netns,
// so that it can be killed with SIGKILL.
type nriProcess struct {
	cmd  *exec.Cmd
	log  *testutil.SyncBuffer
	done <-chan struct{}
}

func (e *env) startNRIProcess(t *testing.T) *nriProcess {
	t.Helper()
	bin := filepath.Join(testutil.PluginDir(t), "diktyo-nri")
	n := &nriProcess{log: &testutil.SyncBuffer{}}
	n.cmd = exec.Command("nsenter", "--net="+e.host.Path(), bin, "--config", e.config, "--socket", e.sock,
		"--api-socket", "", "--log-level", "debug")
	n.cmd.Stdout, n.cmd.Stderr = n.log, n.log
	done, err := testutil.StartTied(n.cmd, "")
	if err != nil {
		t.Fatal(err)
	}
	n.done = done
	t.Cleanup(func() {
		_ = n.cmd.Process.Kill()
		<-n.done
		if t.Failed() {
			t.Logf("diktyo-nri log:\n%s", n.log)
		}
	})
	waitFor(t, "diktyo-nri reconciled", func() bool {
		select {
		case <-n.done:
			t.Fatalf("diktyo-nri exited:\n%s", n.log)
		default:
		}
		return strings.Contains(n.log.String(), "msg=reconciled")
	})
	// The runtime counts the plugin in once its Synchronize reply is
	// through, after the reconcile logged: a pod without policy, sent
	// until the plugin has seen it, proves that events reach it.
	probe := e.pod("probe", "team-a", "198.51.100.250", nil)
	waitFor(t, "events reaching diktyo-nri", func() bool {
		if err := e.run(probe); err != nil {
			t.Fatalf("probe pod: %v", err)
		}
		return strings.Contains(n.log.String(), probe.Id)
	})
	e.stop(probe)
	e.remove(probe)
	return n
}

// kill9 ends the process as a crash would.
func (n *nriProcess) kill9() {
	_ = n.cmd.Process.Signal(syscall.SIGKILL)
	<-n.done
}

// TestManagedAddressRefcount: two pods share a managed external; removing
// one keeps it; diktyo-nri is killed with SIGKILL between the two
// removals and restarted: the address is still there (nothing lost), and
// removing the second pod withdraws it (nothing leaked).
func TestManagedAddressRefcount(t *testing.T) {
	e, l := newManagedEnv(t)
	n := e.startNRIProcess(t)
	a := e.pod("a", "team-a", "198.51.100.101", masqTo("203.0.113.10:5000-5010"))
	b := e.pod("b", "team-a", "198.51.100.102", masqTo("203.0.113.10:5011-5020"))
	if err := e.run(a); err != nil {
		t.Fatalf("pod a: %v", err)
	}
	if err := e.run(b); err != nil {
		t.Fatalf("pod b: %v", err)
	}
	if line := assigned(t, e.host, ext); line == "" {
		t.Fatal("not assigned with two pods")
	}
	e.stop(a)
	e.remove(a)
	if line := assigned(t, e.host, ext); line == "" {
		t.Fatal("withdrawn while pod b still uses it")
	}
	n.kill9()
	if line := assigned(t, e.host, ext); line == "" {
		t.Fatal("withdrawn by the kill")
	}
	n = e.startNRIProcess(t)
	// The restarted diktyo-nri counted pod b from its Synchronize: GC
	// (which ran in its first reconcile) kept the address.
	if line := assigned(t, e.host, ext); line == "" {
		t.Fatalf("withdrawn after the restart while pod b uses it:\n%s", n.log)
	}
	l.Reach(t, ext)
	e.stop(b)
	e.remove(b)
	if line := assigned(t, e.host, ext); line != "" {
		t.Fatalf("still assigned after the last pod went: %s\n%s", line, n.log)
	}
	e.requireGone("198.51.100.10")
}

// TestManagedAddressHostile: an address already on the node but not
// assigned by diktyo is used and never removed; a missing interface
// refuses the pod naming it; an unmanaged address that is not on the node
// refuses the pod; a config change that stops declaring a managed address
// while a pod uses it does not remove it until the pod goes.
func TestManagedAddressHostile(t *testing.T) {
	e := newEnv(t, "fail")
	lantest.WithNode(t, e.host)
	// Node addresses allowed, so that the pod keeps its external once the
	// config no longer declares it (it is then one of the node's).
	e.write(e.config, e.managedConfig(`[{address: 203.0.113.10, interface: uplink, manage: true},
    {address: 203.0.113.11, interface: uplink, manage: true},
    {address: 203.0.113.12, interface: nosuch0, manage: true},
    {address: 203.0.113.13}]`, "  nodeAddresses: allow\n"))
	cfg, _ := os.ReadFile(e.config)
	e.write(e.config, strings.Replace(string(cfg), `externals: ["203.0.113.10:5000-5999", "203.0.113.11"]`,
		`externals: ["203.0.113.10:5000-5999", "203.0.113.11", "203.0.113.12", "203.0.113.13"]`, 1))
	p, _ := e.startPlugin()
	foreign := netip.MustParseAddr("203.0.113.11")
	testutil.Run(t, e.host, "ip", "address", "add", "203.0.113.11/32", "dev", lantest.Uplink)

	f := e.pod("f", "team-a", "198.51.100.111", masqTo("203.0.113.11"))
	if err := e.run(f); err != nil {
		t.Fatalf("pod on an address the admin assigned: %v", err)
	}
	e.stop(f)
	e.remove(f)
	if assigned(t, e.host, foreign) == "" {
		t.Fatal("the admin's address was removed")
	}

	for _, c := range []struct{ ext, want string }{
		{"203.0.113.12", `"nosuch0"`},
		{"203.0.113.13", "203.0.113.13 (egress.addresses, manage: false) is not on this node"},
	} {
		pod := e.pod("x", "team-a", "198.51.100.112", masqTo(c.ext))
		if err := e.run(pod); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.ext) {
			t.Errorf("pod on %s: %v; want a refusal naming %s", c.ext, err, c.want)
		}
		e.stop(pod)
		e.remove(pod)
	}

	u := e.pod("u", "team-a", "198.51.100.113", masqTo("203.0.113.10:5000-5010"))
	if err := e.run(u); err != nil {
		t.Fatalf("pod u: %v", err)
	}
	before := p.Reconciled()
	e.write(e.config, strings.Replace(mustRead(t, e.config), `[{address: 203.0.113.10, interface: uplink, manage: true},
    `, `[`, 1))
	waitFor(t, "reconcile after the reload", func() bool { return p.Reconciled() > before })
	if p.Config().Egress.Declared(ext) != nil {
		t.Fatal("the reload did not drop 203.0.113.10")
	}
	if assigned(t, e.host, ext) == "" {
		t.Fatal("withdrawn by the config change while pod u uses it")
	}
	if s := e.hostState(); !strings.Contains(s, "--to-source 203.0.113.10:5000-5010") {
		t.Fatalf("pod u lost its SNAT:\n%s", s)
	}
	e.stop(u)
	e.remove(u)
	if line := assigned(t, e.host, ext); line != "" {
		t.Fatalf("an address diktyo assigned and nobody uses is still there: %s", line)
	}
	if assigned(t, e.host, foreign) == "" {
		t.Fatal("the admin's address was removed")
	}
}

func mustRead(t *testing.T, f string) string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
