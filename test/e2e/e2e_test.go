package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/miekg/dns"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// SNAT addresses the VM's admin config allows (hack/testvm.sh): .10 and
// .11 with any port, .12 only with ports 20000-29999.
const (
	extA     = "198.19.255.10"
	extB     = "198.19.255.11"
	extPorts = "198.19.255.12"
)

func masq(entries ...api.MasqEntry) string {
	b, err := json.Marshal(entries)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func routes(entries ...api.RouteEntry) string {
	b, err := json.Marshal(entries)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// snatTo returns annotations asking for SNAT of TCP to the remote's SNAT
// destination to ext, and a DNS name of the pod's own.
func snatTo(ext string) map[string]string {
	return map[string]string{
		policy.KeyMasq: masq(api.MasqEntry{External: ext, Destination: prefix24(dstSNAT), Protocol: "tcp"}),
	}
}

// configWith writes a copy of the VM's admin config with changes applied
// and returns its path.
func (v *testVM) configWith(t *testing.T, change func(cfg map[string]any)) string {
	t.Helper()
	b, err := os.ReadFile(v.env["DIKTYO_TESTVM_CONFIG"])
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	change(cfg)
	out, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(f, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// expectSNATState checks the node state of a pod under a SNAT policy:
// its nat rules (naming ext), and its DNS records, forward and reverse.
func expectSNATState(t *testing.T, p *pod, ext string) {
	t.Helper()
	rules := p.natRules(t)
	// iptables-save says "--to-source EXT", nft "snat ip to EXT".
	if !slices.ContainsFunc(rules, func(r string) bool {
		return strings.Contains(r, "--to-source "+ext) || strings.Contains(r, " to "+ext)
	}) {
		t.Errorf("pod %s: no nat rule SNATing to %s; its rules:\n%s", p.Name, ext, strings.Join(rules, "\n"))
	}
}

// diktyo-nri sends the updates behind the answer: each record is looked
// up until it answers, for at most 10 s (milliseconds after the ADD, or
// a writer's retry pause of at most 5 s after an outage).
func expectDNS(t *testing.T, p *pod, names ...string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, n := range append([]string{p.dnsName()}, names...) {
		if got := until(t, p, n, dns.TypeA, deadline, func(got []string) bool { return slices.Equal(got, []string{p.IP}) }); !slices.Equal(got, []string{p.IP}) {
			t.Errorf("pod %s: DNS %s A = %v, want [%s]", p.Name, n, got, p.IP)
		}
	}
	fqdn := dns.Fqdn(p.dnsName())
	if got := until(t, p, reverseName(p.IP), dns.TypePTR, deadline, func(got []string) bool { return slices.Contains(got, fqdn) }); !slices.Contains(got, fqdn) {
		t.Errorf("pod %s: PTR %s = %v, want %s among them", p.Name, p.IP, got, p.dnsName())
	}
}

// TestPlainPod: the VM itself works (a pod, a busybox container, the pod
// network), and diktyo leaves pods without annotations alone.
func TestPlainPod(t *testing.T) {
	v := requireVM(t)
	v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	p := v.mustRunPod(t, "plain", "e2e-plain", nil)
	out := p.mustExec(t, "ip", "-4", "addr", "show", "eth0")
	if !strings.Contains(out, "inet "+p.IP+"/") {
		t.Errorf("pod address %s not on eth0:\n%s", p.IP, out)
	}
	p.mustExec(t, "ping", "-c", "1", "-W", "2", gatewayOf(v))
	expectNoPolicy(t, p)
	p.stop(t)
	p.remove(t)
	if ids := v.podsNamed(t, "plain", "e2e-plain"); len(ids) != 0 {
		t.Errorf("pod still listed after rmp: %v", ids)
	}
}

func gatewayOf(v *testVM) string {
	pfx := v.env["DIKTYO_TESTVM_SUBNET"]
	base, _, _ := strings.Cut(pfx, "/")
	i := strings.LastIndex(base, ".")
	var last int
	_, _ = fmt.Sscan(base[i+1:], &last)
	return fmt.Sprintf("%s.%d", base[:i], last+1)
}

// TestPolicyLifecycle: an annotated pod gets its SNAT rules, pod routes,
// host policy routing and DNS records; traffic from it is SNATed as asked
// (address and port range), excluded destinations are not, routes and
// blackholes behave; stop and remove take everything away.
func TestPolicyLifecycle(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])

	const ns = "e2e-policy"
	extra := "api.web." + ns + "." + v.env["DIKTYO_TESTVM_DNS_ZONE"]
	web := v.mustRunPod(t, "web", ns, map[string]string{
		policy.KeyMasq: masq(
			api.MasqEntry{External: extPorts + ":20000-20099", Destination: prefix24(dstSNAT), Protocol: "tcp", Description: "ported"},
			api.MasqEntry{External: extA, Destination: "198.19.0.0/16", Description: "everything else"},
		),
		policy.KeySNATExclude: prefix24(dstExclude),
		policy.KeyRoutes: routes(
			api.RouteEntry{Destination: prefix24(dstRoute), Type: "blackhole", Description: "no way"},
			api.RouteEntry{Destination: "198.19.4.0/24", Gateway: gatewayOf(v), Metric: 100},
		),
		policy.KeyRouteTable: testTable,
		policy.KeyDNSNames:   strings.TrimSuffix(extra, "."),
	})
	plain := v.mustRunPod(t, "plain", ns, nil)

	// Node state.
	expectSNATState(t, web, extPorts+":20000-20099")
	expectSNATState(t, web, extA)
	if rules := web.ipRules(t); !slices.ContainsFunc(rules, func(r string) bool { return strings.Contains(r, "lookup "+testTable) }) {
		t.Errorf("no 'from %s lookup %s' rule; rules for the pod: %v", web.IP, testTable, rules)
	}
	expectDNS(t, web, extra)
	routesIn := web.mustExec(t, "ip", "-4", "route", "show")
	for _, want := range []string{"blackhole " + prefix24(dstRoute), "198.19.4.0/24 via " + gatewayOf(v)} {
		if !strings.Contains(routesIn, want) {
			t.Errorf("pod routes lack %q:\n%s", want, routesIn)
		}
	}

	// Data plane, against the unannotated pod as control.
	expectSource(t, web, dstSNAT, extPorts, 20000, 20099)
	expectSource(t, web, dstExclude, web.IP, 0, 0)
	expectSource(t, web, dstTable, extA, 0, 0) // via host table 100, SNATed by the /16 entry
	if msg := expectNoConnection(t, web, dstRoute); msg != "" {
		t.Logf("blackholed destination: %s", msg)
	}
	expectSource(t, plain, dstSNAT, plain.IP, 0, 0)
	expectSource(t, plain, dstRoute, plain.IP, 0, 0)
	expectNoConnection(t, plain, dstTable) // main has no route to it

	// Stop removes everything; remove is still fine.
	web.stop(t)
	expectNothingLeft(t, web, extra)
	web.remove(t)
	expectNothingLeft(t, web, extra)
}

// diktyoObjects is a node-wide snapshot of what diktyo makes per pod, to
// check that a rejected pod left nothing whose name we never learnt.
type diktyoObjects struct{ nat, rules, cache []string }

func (v *testVM) snapshot(t *testing.T) diktyoObjects {
	t.Helper()
	var s diktyoObjects
	for _, l := range strings.Split(output(t, "iptables-save", "-t", "nat"), "\n") {
		if strings.HasPrefix(l, "-A ") && strings.Contains(l, "owner=") {
			s.nat = append(s.nat, l)
		}
	}
	for _, l := range strings.Split(output(t, "ip", "-4", "rule", "show"), "\n") {
		if strings.Contains(l, "proto 209") && !strings.Contains(l, "from all") {
			s.rules = append(s.rules, l)
		}
	}
	_ = filepath.WalkDir(v.dir("diktyo", "cni-cache"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			s.cache = append(s.cache, p)
		}
		return nil
	})
	return s
}

func (s diktyoObjects) equal(o diktyoObjects) bool {
	return slices.Equal(s.nat, o.nat) && slices.Equal(s.rules, o.rules) && slices.Equal(s.cache, o.cache)
}

// TestRejections: a malformed annotation, an unknown key, a request
// outside the allowlist and a namespace without rights each make `crictl
// runp` fail with an error naming the annotation; nothing is left.
func TestRejections(t *testing.T) {
	v := requireVM(t)
	n := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	cases := []struct {
		name, ns    string
		annotations map[string]string
		want        []string // in the error
	}{
		{"bad-cidr", "e2e-reject", map[string]string{policy.KeyMasq: masq(api.MasqEntry{External: extA, Destination: "198.19.1.0/33"})},
			[]string{policy.KeyMasq, "198.19.1.0/33"}},
		{"bad-json", "e2e-reject", map[string]string{policy.KeyRoutes: `[{"destination": "198.19.3.0/24",}]`},
			[]string{policy.KeyRoutes, "invalid JSON"}},
		{"unknown-key", "e2e-reject", map[string]string{policy.Prefix + "v1.snat-everything": "yes"},
			[]string{policy.Prefix + "v1.snat-everything", "unknown"}},
		{"not-allowed-ext", "e2e-reject", snatTo("198.19.254.1"),
			[]string{policy.KeyMasq, "198.19.254.1"}},
		{"port-outside", "e2e-reject", snatTo(extPorts + ":30000-30010"),
			[]string{policy.KeyMasq, "30000-30010"}},
		{"no-rights", "kube-system", snatTo(extA),
			[]string{policy.KeyMasq, "kube-system", "may not use"}},
	}
	before := v.snapshot(t)
	failures := n.metric(t, "diktyo_failures_total", "")
	ran := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ran++
			p, err := v.runPod(t, c.name, c.ns, c.annotations)
			if err == nil {
				t.Fatalf("crictl runp succeeded (pod %s, IP %s); want a rejection", p.ID, p.IP)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not name %q:\n%v", w, err)
				}
			}
			if after := v.snapshot(t); !after.equal(before) {
				t.Errorf("rejected pod left state: before %+v, after %+v", before, after)
			}
			// containerd sometimes fails to clean a failed sandbox up
			// ("failed to delete task: ttrpc: closed") and keeps it as
			// SANDBOX_NOTREADY for the kubelet to remove. It must never be
			// ready; removing it, as the kubelet would, leaves nothing.
			for _, ps := range v.podStates(t, c.name, c.ns) {
				if ps.State == "SANDBOX_READY" {
					t.Errorf("rejected pod %s is ready", ps.ID)
				}
				t.Logf("containerd kept the failed sandbox %s (%s); removing it", ps.ID, ps.State)
				v.mustCrictl(t, "rmp", "-f", ps.ID)
			}
			if after := v.snapshot(t); !after.equal(before) {
				t.Errorf("removing the rejected sandbox changed diktyo's state: before %+v, after %+v", before, after)
			}
		})
	}
	if f := n.metric(t, "diktyo_failures_total", ""); f != failures+float64(ran) {
		t.Errorf("diktyo_failures_total = %v, want %v (one per rejected pod)", f, failures+float64(ran))
	}
}

// TestFailurePolicyIgnore: under failurePolicy ignore, a pod with a bad
// annotation starts without policy and the failure is counted.
func TestFailurePolicyIgnore(t *testing.T) {
	v := requireVM(t)
	cfg := v.configWith(t, func(c map[string]any) { c["failurePolicy"] = policy.FailurePolicyIgnore })
	n := v.startNRI(t, cfg)
	invalid := n.metric(t, "diktyo_failures_total", `reason="invalid_annotation"`)
	denied := n.metric(t, "diktyo_failures_total", `reason="denied"`)

	bad := v.mustRunPod(t, "bad", "e2e-ignore", map[string]string{policy.KeyMasq: "not json"})
	expectNoPolicy(t, bad)
	if got := n.metric(t, "diktyo_failures_total", `reason="invalid_annotation"`); got != invalid+1 {
		t.Errorf("failures{invalid_annotation} = %v, want %v", got, invalid+1)
	}
	outside := v.mustRunPod(t, "outside", "e2e-ignore", snatTo("198.19.254.1"))
	expectNoPolicy(t, outside)
	if got := n.metric(t, "diktyo_failures_total", `reason="denied"`); got != denied+1 {
		t.Errorf("failures{denied} = %v, want %v", got, denied+1)
	}
	// A good pod still gets its policy.
	good := v.mustRunPod(t, "good", "e2e-ignore", snatTo(extB))
	expectSNATState(t, good, extB)
}

// TestNRIRestart: diktyo-nri is killed while pods are created and
// deleted; after it restarts, live pods have their state and deleted
// pods' state is gone.
func TestNRIRestart(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	n := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	const ns = "e2e-restart"
	a := v.mustRunPod(t, "a", ns, snatTo(extA))
	b := v.mustRunPod(t, "b", ns, snatTo(extB))
	expectSNATState(t, a, extA)
	expectSNATState(t, b, extB)

	// Pods created in a burst; the plugin dies in the middle of it.
	var (
		mu      sync.Mutex
		created []*pod
		wg      sync.WaitGroup
	)
	started := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 6 {
			if i == 2 {
				close(started)
			}
			p, err := v.runPod(t, fmt.Sprintf("burst-%d", i), ns, snatTo(extPorts+fmt.Sprintf(":%d-%d", 21000+i*10, 21009+i*10)))
			if err != nil {
				// In flight when the plugin died: containerd may fail it.
				t.Logf("burst pod %d: %v", i, err)
				continue
			}
			mu.Lock()
			created = append(created, p)
			mu.Unlock()
		}
	}()
	<-started
	n.kill(t)
	wg.Wait()
	// While the plugin is down: a pod is removed (its state leaks for
	// now), another is created (without policy for now).
	a.stop(t)
	a.remove(t)
	c := v.mustRunPod(t, "c", ns, snatTo(extPorts+":22000-22009"))

	v.restartNRI(t, n, v.env["DIKTYO_TESTVM_CONFIG"])
	expectNothingLeft(t, a)
	for _, p := range append([]*pod{b, c}, created...) {
		expectDNS(t, p)
	}
	expectSNATState(t, b, extB)
	expectSNATState(t, c, extPorts+":22000-22009")
	for _, p := range created {
		if len(p.natRules(t)) == 0 {
			t.Errorf("burst pod %s has no nat rules after the restart", p.Name)
		}
	}
	expectSource(t, b, dstSNAT, extB, 0, 0)
	expectSource(t, c, dstSNAT, extPorts, 22000, 22009)
	if t.Failed() {
		n.dumpLog(t)
	}
}

// TestContainerdRestart: containerd restarts; diktyo-nri reconnects by
// itself, pods keep their state, and new and removed pods are handled.
//
// containerd (2.4 included) keeps the NRI state of pod sandboxes in memory
// only: after a restart it never sends StopPodSandbox or RemovePodSandbox
// for pods it recovered (containerd/containerd#8426). diktyo must notice
// those pods going by itself: it watches each sandbox's pause process, so
// no periodic reconcile is needed (it is off here).
func TestContainerdRestart(t *testing.T) {
	v := requireVM(t)
	cfg := v.configWith(t, func(c map[string]any) {
		c["reconcile"] = map[string]any{"interval": "0s"}
	})
	n := v.startNRI(t, cfg)
	const ns = "e2e-ctrd"
	a := v.mustRunPod(t, "a", ns, snatTo(extA))
	before := a.natRules(t)
	connected := n.count(`msg="connected to runtime"`)
	synced := n.count(`msg=reconciled trigger=Synchronize`)

	v.restartContainerd(t)
	n.waitLog(t, `msg="connected to runtime"`, connected+1)
	n.waitLog(t, `msg=reconciled trigger=Synchronize`, synced+1)

	if after := a.natRules(t); !slices.Equal(before, after) {
		t.Errorf("pod a's rules changed across the restart:\nbefore %v\nafter  %v", before, after)
	}
	expectDNS(t, a)
	b := v.mustRunPod(t, "b", ns, snatTo(extB))
	expectSNATState(t, b, extB)
	b.stop(t)
	expectNothingLeft(t, b)

	// a was recovered by the restarted containerd: no NRI events for it.
	a.stop(t)
	a.remove(t)
	if !eventually(5*time.Second, func() bool { return len(a.natRules(t)) == 0 && len(a.cacheEntries(t)) == 0 }) {
		t.Errorf("state of pod a (recovered by containerd after its restart, then removed) still there 5 s later, with no reconcile running")
	}
	expectNothingLeft(t, a)
}

// eventually polls cond every 100 ms until it holds (true) or timeout
// passes (false): for state that converges in the background.
func eventually(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
	return true
}

// TestParallelPods: 20 pods started at once all get correct, distinct
// state, and all of it goes when they are removed at once.
func TestParallelPods(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	n := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	t.Cleanup(func() {
		if t.Failed() {
			n.dumpLog(t)
		}
	})
	const count = 20
	pods := make([]*pod, count)
	ports := func(i int) (int, int) { return 23000 + i*10, 23009 + i*10 }
	var wg sync.WaitGroup
	errs := make([]error, count)
	for i := range count {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := ports(i)
			pods[i], errs[i] = v.runPod(t, fmt.Sprintf("p%02d", i), "e2e-scale", snatTo(fmt.Sprintf("%s:%d-%d", extPorts, lo, hi)))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("pod %d: %v", i, err)
		}
	}
	ips := map[string]bool{}
	for i, p := range pods {
		if ips[p.IP] {
			t.Errorf("IP %s given twice", p.IP)
		}
		ips[p.IP] = true
		lo, hi := ports(i)
		expectSNATState(t, p, fmt.Sprintf("%s:%d-%d", extPorts, lo, hi))
		expectDNS(t, p)
	}
	for i, p := range pods {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := ports(i)
			expectSource(t, p, dstSNAT, extPorts, uint16(lo), uint16(hi))
		}()
	}
	wg.Wait()
	for _, p := range pods {
		wg.Add(1)
		go func() { defer wg.Done(); p.remove(t) }()
	}
	wg.Wait()
	for _, p := range pods {
		expectNothingLeft(t, p)
	}
}

// TestUninstallGC: the uninstall step of docs/install.md (stop
// diktyo-nri, then `cnitool gc` of the chain with no valid attachment)
// removes the state of every pod, live ones included; started again,
// diktyo-nri finds the live pods' state missing and puts it back.
func TestUninstallGC(t *testing.T) {
	v := requireVM(t)
	n := v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	const ns = "e2e-uninstall"
	ann := snatTo(extA)
	ann[policy.KeyRouteTable] = testTable
	a := v.mustRunPod(t, "a", ns, ann)
	b := v.mustRunPod(t, "b", ns, snatTo(extB))
	expectSNATState(t, a, extA)
	expectSNATState(t, b, extB)
	n.stop(t)

	gc := exec.Command(v.bin("cnitool"), "gc", chainNetwork, "/proc/self/ns/net")
	gc.Env = append(os.Environ(), "CNI_PATH="+v.dir("cni", "bin"), "NETCONFPATH="+v.dir("etc", "diktyo"))
	if out, err := gc.CombinedOutput(); err != nil {
		t.Fatalf("cnitool gc: %v\n%s", err, out)
	}
	expectNoNodeState(t, a)
	expectNoNodeState(t, b)

	v.restartNRI(t, n, v.env["DIKTYO_TESTVM_CONFIG"])
	expectSNATState(t, a, extA)
	expectSNATState(t, b, extB)
	if rules := a.ipRules(t); !slices.ContainsFunc(rules, func(r string) bool { return strings.Contains(r, "lookup "+testTable) }) {
		t.Errorf("pod a's 'lookup %s' rule not restored: %v", testTable, rules)
	}
	expectDNS(t, a)
	expectDNS(t, b)
}

// TestPreinstalled: containerd starts diktyo-nri itself from plugin_path
// (10-diktyo), with its config from plugin_config_path; it works as the
// external plugin does.
func TestPreinstalled(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	if err := v.script(os.Stderr, "up", "--nri", "preinstalled"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil {
			t.Error(err)
		}
	})
	p := v.mustRunPod(t, "pre", "e2e-pre", snatTo(extPorts+":24000-24009"))
	expectSNATState(t, p, extPorts+":24000-24009")
	expectDNS(t, p)
	expectSource(t, p, dstSNAT, extPorts, 24000, 24009)
	if _, err := v.runPod(t, "pre-bad", "e2e-pre", map[string]string{policy.KeyMasq: "[]x"}); err == nil || !strings.Contains(err.Error(), policy.KeyMasq) {
		t.Errorf("malformed annotation in pre-installed mode: %v, want an error naming %s", err, policy.KeyMasq)
	}
	p.stop(t)
	p.remove(t)
	expectNothingLeft(t, p)
}
