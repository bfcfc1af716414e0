package plugin_test

// Integration tests without containerd: the plugin is driven through the
// NRI runtime side (github.com/containerd/nri/pkg/adaptation, as
// containerd embeds it) over a real socket, with pods in throwaway netns
// and the real chain binaries (ipmasq, iproute, registerDNS). The chain's
// host side runs in a throwaway "host" netns (chainrun.NetnsExec), so the
// real host's tables are never touched.

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"
	dto "github.com/prometheus/client_model/go"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/registerdns/hosts"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin"
)

const testZone = "pods.diktyo.test"

// modes are the two ways diktyo-nri runs its own plugins (chain.inProcess).
var modes = []struct {
	name      string
	inProcess bool
}{{"exec", false}, {"inprocess", true}}

// inBothModes runs a scenario once with the plugin binaries exec'd and
// once with the plugins in-process.
func inBothModes(t *testing.T, scenario func(t *testing.T, inProcess bool)) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { scenario(t, m.inProcess) })
	}
}

// env is one test's world: a "host" netns where the chain runs, a fake
// containerd (NRI adaptation) and the files of the chain and the plugin.
type env struct {
	t        testing.TB
	dir      string
	host     ns.NetNS
	hosts    string // registerDNS hosts file
	cacheDir string
	config   string
	conflist string
	sock     string
	// dial is the socket the plugins dial: sock, or a proxy in front of
	// it (viaProxy).
	dial    string
	runtime *adaptation.Adaptation
	// inProcess is chain.inProcess in the admin config.
	inProcess bool

	mu   sync.Mutex
	pods map[string]*nriapi.PodSandbox
}

// adminConfig is the admin config of the tests, with %s for the conflist,
// bin dir, cache dir, debug dir, the failure policy and chain.inProcess.
const adminConfig = `
failurePolicy: %[5]s
chain:
  conflist: %[1]s
  binDirs: [%[2]s]
  cacheDir: %[3]s
  inProcess: %[6]t
timeouts:
  handler: 1500ms
  cni: 20s
reconcile:
  interval: 0s
reloadInterval: 100ms
debug:
  dir: %[4]s
namespaces:
  - namespaces: ["team-a"]
    allow:
      masq:
        externals: ["203.0.113.10:5000-5999", "203.0.113.11"]
        destinations: ["198.51.100.0/24", "0.0.0.0/0"]
      snatExclude:
        cidrs: ["10.0.0.0/8"]
      routes:
        destinations: ["198.51.100.0/24"]
        types: [unicast, blackhole]
      routeTable:
        tables: ["100-199"]
      dns:
        zones: [` + testZone + `, other.test]
        templates: ["{name}.{namespace}.{zone}"]
      debug: true
`

// newEnv is newEnvMode with the default chain.inProcess.
func newEnv(t testing.TB, failurePolicy string) *env {
	t.Helper()
	return newEnvMode(t, failurePolicy, policy.DefaultConfig().Chain.InProcess)
}

func newEnvMode(t testing.TB, failurePolicy string, inProcess bool) *env {
	t.Helper()
	testutil.RequireRoot(t)
	return newEnvIn(t, failurePolicy, inProcess, testutil.NewNS(t))
}

// newEnvIn is an env whose "host" is host: several envs on one host are
// diktyo-nri instances side by side, each with its own runtime, files
// and chain.
func newEnvIn(t testing.TB, failurePolicy string, inProcess bool, host ns.NetNS) *env {
	t.Helper()
	return newEnvBackend(t, failurePolicy, inProcess, host, "iptables")
}

// newEnvBackend is newEnvIn with ipmasq's backend chosen (deploy/ ships
// nftables).
func newEnvBackend(t testing.TB, failurePolicy string, inProcess bool, host ns.NetNS, backend string) *env {
	t.Helper()
	testutil.RequireRoot(t)
	testutil.PluginDir(t)
	e := &env{t: t, dir: t.TempDir(), host: host, pods: map[string]*nriapi.PodSandbox{}, inProcess: inProcess}
	e.hosts = filepath.Join(e.dir, "hosts")
	e.cacheDir = filepath.Join(e.dir, "cache")
	e.conflist = filepath.Join(e.dir, "chain.conflist")
	e.config = filepath.Join(e.dir, "config.yaml")
	e.sock = filepath.Join(e.dir, "nri.sock")
	tag := "DKT" + strings.ToUpper(testutil.RandSuffix(6))
	chain := fmt.Sprintf(`{
  "cniVersion": "1.1.0",
  "name": "diktyo",
  "plugins": [
    {"type": "ipmasq", "backend": %q, "tag": %q,
     "capabilities": {"ips": true, "masqEntries": true, "snatPolicy": true}},
    {"type": "iproute", "stateDir": %q,
     "capabilities": {"ips": true, "routeEntries": true, "policyRouting": true}},
    {"type": "registerDNS", "backend": "hosts", "zones": [%q], "hosts": {"file": %q},
     "capabilities": {"ips": true, "dnsNames": true}}
  ]
}`, backend, tag, filepath.Join(e.dir, "iproute"), testZone, e.hosts)
	e.write(e.conflist, chain)
	e.writeConfig(failurePolicy)
	e.startRuntime()
	return e
}

func (e *env) write(file, content string) {
	e.t.Helper()
	// Write and rename, as a ConfigMap update does, so a poll never reads
	// half a file.
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
		e.t.Fatal(err)
	}
	if err := os.Rename(tmp, file); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) writeConfig(failurePolicy string) {
	bin := testutil.PluginDir(e.t)
	if e.inProcess {
		// No binaries at all: proves the chain does not exec them.
		bin = filepath.Join(e.dir, "no-binaries")
	}
	e.write(e.config, fmt.Sprintf(adminConfig, e.conflist, bin, e.cacheDir,
		filepath.Join(e.dir, "debug"), failurePolicy, e.inProcess))
}

// startRuntime starts the runtime side of NRI on a temp socket; its
// Synchronize sends the pods the test has "running".
func (e *env) startRuntime() {
	e.t.Helper()
	empty := filepath.Join(e.dir, "nri-empty")
	if err := os.MkdirAll(empty, 0o700); err != nil {
		e.t.Fatal(err)
	}
	syncFn := func(ctx context.Context, cb adaptation.SyncCB) error {
		e.mu.Lock()
		pods := make([]*nriapi.PodSandbox, 0, len(e.pods))
		for _, p := range e.pods {
			pods = append(pods, p)
		}
		e.mu.Unlock()
		_, err := cb(ctx, pods, nil)
		return err
	}
	updateFn := func(context.Context, []*adaptation.ContainerUpdate) ([]*adaptation.ContainerUpdate, error) {
		return nil, nil
	}
	r, err := adaptation.New("containerd", "v2.2.9", syncFn, updateFn,
		adaptation.WithSocketPath(e.sock), adaptation.WithPluginPath(empty), adaptation.WithPluginConfigPath(empty))
	if err != nil {
		e.t.Fatal(err)
	}
	if err := r.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.runtime = r
	e.t.Cleanup(r.Stop)
}

// startPlugin starts a diktyo-nri instance against the runtime and waits
// until it has connected and reconciled once. The returned stop function
// ends it (also run at cleanup).
func (e *env) startPlugin() (*plugin.Plugin, func()) {
	e.t.Helper()
	p := e.newPlugin(nil)
	stop := e.runPlugin(p)
	waitFor(e.t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	// The reconcile runs inside Synchronize; the runtime lists the
	// plugin (and sends it events) only once it has the reply. Its sync
	// lock is held until then, as containerd's events wait for it.
	e.runtime.BlockPluginSync().Unblock()
	return p, stop
}

// unhurried gives the env's handlers a budget no machine load exhausts,
// for a test that is not about the budget: the runtime's request timeout
// (containerd's plugin_request_timeout, 2 s by default, which caps the
// budget at 3/4 of it) becomes a minute and timeouts.handler 45 s, until
// the test ends. Before the plugin connects: Configure announces the
// timeout.
func (e *env) unhurried() {
	e.t.Helper()
	adaptation.SetPluginRequestTimeout(time.Minute)
	e.t.Cleanup(func() { adaptation.SetPluginRequestTimeout(adaptation.DefaultPluginRequestTimeout) })
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	e.write(e.config, strings.Replace(string(cfg), "handler: 1500ms", "handler: 15s", 1))
}

// resynced waits for p's Synchronize on the runtime started last (the
// reconcile it runs, counted past after) and for the runtime to have its
// reply: the runtime lists a plugin, and sends it events, only once its
// Synchronize returned (its sync lock is held until then). An event sent
// before reaches no plugin, as it would reach none under containerd.
func (e *env) resynced(p *plugin.Plugin, after uint64) {
	e.t.Helper()
	waitFor(e.t, "the plugin's Synchronize and its reconcile", func() bool {
		return p.Daemon().Synchronized && p.Reconciled() > after
	})
	e.runtime.BlockPluginSync().Unblock()
}

// newPlugin builds a diktyo-nri instance of the env without running it;
// adjust changes the options (nil: none).
func (e *env) newPlugin(adjust func(*plugin.Options)) *plugin.Plugin {
	e.t.Helper()
	p, err := e.tryNewPlugin(adjust)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// tryNewPlugin is newPlugin that returns New's error (a config that does
// not parse stops the daemon's start).
func (e *env) tryNewPlugin(adjust func(*plugin.Options)) (*plugin.Plugin, error) {
	o := plugin.Options{
		ConfigPath:     e.config,
		ConfigRequired: true,
		Logger:         testLogger(e.t),
		Exec:           &chainrun.NetnsExec{NetNS: e.host.Path(), Stderr: io.Discard},
		PluginStderr:   io.Discard,
		PrepareChain:   true, // in the throwaway "host"
		// Egress addresses are the "host"'s too, never the machine's.
		Addresses: hostaddr.New(hostaddr.Options{NetNS: e.host.Path(), Logger: testLogger(e.t)}),
	}
	if adjust != nil {
		adjust(&o)
	}
	return plugin.New(o)
}

// runPlugin runs p against the env's NRI socket until the test ends (or
// the returned stop), without waiting for a connection.
func (e *env) runPlugin(p *plugin.Plugin) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	sock := e.sock
	if e.dial != "" {
		sock = e.dial
	}
	go func() {
		defer close(done)
		_ = p.Run(ctx, plugin.RunOptions{Socket: sock, Name: "diktyo", Idx: "10", MinBackoff: 50 * time.Millisecond, MaxBackoff: 200 * time.Millisecond})
	}()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	e.t.Cleanup(stop)
	return stop
}

// viaProxy makes the plugins dial a proxy in front of the runtime's
// socket, so that the runtime's end ("containerd dying") can close their
// connections (dropAll).
func (e *env) viaProxy(t *testing.T) *sockProxy {
	e.dial = filepath.Join(e.dir, "front.sock")
	return newSockProxy(t, e.dial, e.sock)
}

// appendConfig adds lines to the admin config file.
func (e *env) appendConfig(extra string) {
	e.t.Helper()
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	e.write(e.config, string(cfg)+extra)
}

// pod creates a pod netns with eth0 (a veth whose peer is in the host
// netns) carrying addr, as containerd's CNI would have, and returns its
// NRI description.
func (e *env) pod(name, namespace, addr string, annotations map[string]string) *nriapi.PodSandbox {
	e.t.Helper()
	podNS := testutil.NewNS(e.t)
	testutil.Veth(e.t, podNS, "eth0", e.host, "vp"+testutil.RandSuffix(8))
	testutil.Addr(e.t, podNS, "eth0", addr+"/24")
	id := testutil.RandSuffix(32)
	return &nriapi.PodSandbox{
		Id: id, Name: name, Namespace: namespace, Uid: "uid-" + id[:8],
		Annotations: annotations,
		Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{
			{Type: "network", Path: podNS.Path()},
		}},
		Ips: []string{addr},
	}
}

func (e *env) run(p *nriapi.PodSandbox) error {
	e.mu.Lock()
	e.pods[p.Id] = p
	e.mu.Unlock()
	return e.runtime.RunPodSandbox(context.Background(), &adaptation.RunPodSandboxRequest{Pod: p})
}

func (e *env) stop(p *nriapi.PodSandbox) {
	e.t.Helper()
	if err := e.runtime.StopPodSandbox(context.Background(), &adaptation.StopPodSandboxRequest{Pod: p}); err != nil {
		e.t.Fatalf("StopPodSandbox: %v", err)
	}
}

func (e *env) remove(p *nriapi.PodSandbox) {
	e.t.Helper()
	e.mu.Lock()
	delete(e.pods, p.Id)
	e.mu.Unlock()
	// As containerd: RemovePodSandbox carries no netns.
	q := &nriapi.PodSandbox{Id: p.Id, Name: p.Name, Namespace: p.Namespace, Uid: p.Uid,
		Annotations: p.Annotations, Ips: p.Ips}
	if err := e.runtime.RemovePodSandbox(context.Background(), &adaptation.RemovePodSandboxRequest{Pod: q}); err != nil {
		e.t.Fatalf("RemovePodSandbox: %v", err)
	}
}

// hostState is what the chain leaves on the "host": nat rules, ip rules
// and DNS records.
func (e *env) hostState() string {
	e.t.Helper()
	nat := testutil.Run(e.t, e.host, "iptables-save", "-t", "nat")
	rules := testutil.Run(e.t, e.host, "ip", "rule", "show")
	// registerDNS writes the hosts file behind its answers in diktyo-nri
	// (its rfc2136 updates too, which a test's server may refuse: they
	// are not this state).
	if err := hosts.Flush(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	hosts, err := os.ReadFile(e.hosts)
	if err != nil && !os.IsNotExist(err) {
		e.t.Fatal(err)
	}
	return nat + "\n--- ip rule\n" + rules + "\n--- hosts\n" + string(hosts)
}

// has reports whether the host state shows pod addr's policy: its SNAT
// rule, its table rule and its DNS record.
func (e *env) has(addr, name string) (snat, rule, dns bool) {
	s := e.hostState()
	snat = strings.Contains(s, "-s "+addr+"/32") && strings.Contains(s, "--to-source 203.0.113.")
	rule = strings.Contains(s, "from "+addr+" lookup 100")
	dns = strings.Contains(s, addr) && strings.Contains(s, name)
	return snat, rule, dns
}

// requireApplied fails unless addr's SNAT, table rule and record exist.
func (e *env) requireApplied(addr, name string) {
	e.t.Helper()
	snat, rule, dns := e.has(addr, name)
	if !snat || !rule || !dns {
		e.t.Fatalf("pod %s: snat=%v rule=%v dns=%v; host state:\n%s", addr, snat, rule, dns, e.hostState())
	}
}

// requireGone fails if anything of addr is left on the host.
func (e *env) requireGone(addr string) {
	e.t.Helper()
	if s := e.hostState(); strings.Contains(s, addr) {
		e.t.Fatalf("pod %s: state left behind:\n%s", addr, s)
	}
}

func (e *env) cached(id string) bool {
	_, err := os.Stat(filepath.Join(e.cacheDir, "results", "diktyo-"+id+"-eth0"))
	return err == nil
}

// policyAnnotations asks for SNAT, a host table and a DNS name.
func policyAnnotations(name string) map[string]string {
	return map[string]string{
		"diktyo.io/v1.masq":         `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp","description":"test"}]`,
		"diktyo.io/v1.snat-exclude": "10.1.0.0/16",
		"diktyo.io/v1.route-table":  "100",
		"diktyo.io/v1.dns-names":    name + ".team-a." + testZone,
		"unrelated.example/key":     "ignored",
	}
}

func TestRunStopRemove(t *testing.T) { inBothModes(t, testRunStopRemove) }

func testRunStopRemove(t *testing.T, inProcess bool) {
	e := newEnvMode(t, "fail", inProcess)
	p, _ := e.startPlugin()

	a := e.pod("web-a", "team-a", "198.51.100.10", policyAnnotations("web-a"))
	if err := e.run(a); err != nil {
		t.Fatalf("RunPodSandbox: %v", err)
	}
	e.requireApplied("198.51.100.10", "web-a.team-a."+testZone)
	if got := gauge(t, p, "diktyo_pods_under_policy"); got != 1 {
		t.Errorf("diktyo_pods_under_policy = %v, want 1", got)
	}

	// Stop (netns still there), then Remove: all gone, no errors.
	e.stop(a)
	e.requireGone("198.51.100.10")
	if e.cached(a.Id) {
		t.Error("libcni cache entry left after Stop")
	}
	e.remove(a)

	// A pod whose Stop never reached us: Remove (no netns) still cleans
	// the host side.
	b := e.pod("web-b", "team-a", "198.51.100.11", policyAnnotations("web-b"))
	if err := e.run(b); err != nil {
		t.Fatalf("RunPodSandbox: %v", err)
	}
	e.requireApplied("198.51.100.11", "web-b.team-a."+testZone)
	e.remove(b)
	e.requireGone("198.51.100.11")
	// Stop and Remove of pods already gone are no errors.
	e.stop(b)
	e.remove(b)

	// A pod without annotations gets nothing.
	c := e.pod("plain", "default", "198.51.100.12", nil)
	if err := e.run(c); err != nil {
		t.Fatalf("RunPodSandbox of a plain pod: %v", err)
	}
	if e.cached(c.Id) {
		t.Error("the chain ran for a pod without policy")
	}
	if got := counter(t, p, "diktyo_failures_total"); got != 0 {
		t.Errorf("diktyo_failures_total = %v, want 0", got)
	}
}

func TestRejectLeavesNothing(t *testing.T) { inBothModes(t, testRejectLeavesNothing) }

func testRejectLeavesNothing(t *testing.T, inProcess bool) {
	e := newEnvMode(t, "fail", inProcess)
	p, _ := e.startPlugin()
	cases := []struct {
		name, addr string
		ann        map[string]string
		wantErr    []string
	}{
		{"malformed", "198.51.100.20", map[string]string{"diktyo.io/v1.masq": `[{"external":"203.0.113.10","destination":"10.0.0/8"}]`},
			[]string{"diktyo.io/v1.masq", "10.0.0/8", "team-a/malformed"}},
		{"unknown-key", "198.51.100.21", map[string]string{"diktyo.io/v1.masquerade": "yes"},
			[]string{"diktyo.io/v1.masquerade", "unknown"}},
		{"denied-external", "198.51.100.22", map[string]string{"diktyo.io/v1.masq": `[{"external":"203.0.113.99","destination":"198.51.100.0/24"}]`},
			[]string{"diktyo.io/v1.masq", "203.0.113.99", "not allowed"}},
		// Allowed by the admin config but outside registerDNS's zones: the
		// chain fails at its third plugin, after ipmasq and iproute did
		// their part, which must be undone.
		{"chain-fails", "198.51.100.23", map[string]string{
			"diktyo.io/v1.masq":        `[{"external":"203.0.113.11","destination":"198.51.100.0/24"}]`,
			"diktyo.io/v1.route-table": "100",
			"diktyo.io/v1.dns-names":   "chain-fails.team-a.other.test",
		}, []string{"registerDNS", "team-a/chain-fails"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pod := e.pod(c.name, "team-a", c.addr, c.ann)
			err := e.run(pod)
			if err == nil {
				t.Fatal("RunPodSandbox succeeded, want an error")
			}
			for _, w := range c.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			e.requireGone(c.addr)
			if e.cached(pod.Id) {
				t.Error("libcni cache entry left after rejection")
			}
			// containerd then stops and removes the sandbox.
			e.stop(pod)
			e.remove(pod)
			e.requireGone(c.addr)
		})
	}
	if got := counterWith(t, p, "diktyo_failures_total", "reason", "denied"); got != 1 {
		t.Errorf(`diktyo_failures_total{reason="denied"} = %v, want 1`, got)
	}

	// Host-network pods with diktyo annotations are rejected; without
	// them they are left alone.
	hn := &nriapi.PodSandbox{Id: testutil.RandSuffix(32), Name: "hostnet", Namespace: "team-a",
		Annotations: map[string]string{"diktyo.io/v1.route-table": "100"}}
	if err := e.run(hn); err == nil || !strings.Contains(err.Error(), "host-network") {
		t.Errorf("host-network pod with annotations: err = %v, want a host-network rejection", err)
	}
	hn2 := &nriapi.PodSandbox{Id: testutil.RandSuffix(32), Name: "hostnet2", Namespace: "team-a"}
	if err := e.run(hn2); err != nil {
		t.Errorf("host-network pod without annotations: %v", err)
	}
}

func TestIgnoreStartsPodWithoutPolicy(t *testing.T) {
	e := newEnv(t, "ignore")
	p, _ := e.startPlugin()
	pod := e.pod("denied", "team-b", "198.51.100.30", policyAnnotations("denied"))
	if err := e.run(pod); err != nil {
		t.Fatalf("RunPodSandbox under failurePolicy ignore: %v", err)
	}
	e.requireGone("198.51.100.30")
	if got := counterWith(t, p, "diktyo_failures_total", "reason", "denied"); got != 1 {
		t.Errorf(`diktyo_failures_total{reason="denied"} = %v, want 1`, got)
	}
}

func TestSynchronizeAfterRestart(t *testing.T) { inBothModes(t, testSynchronizeAfterRestart) }

func testSynchronizeAfterRestart(t *testing.T, inProcess bool) {
	e := newEnvMode(t, "fail", inProcess)
	_, stop := e.startPlugin()
	keep := e.pod("keep", "team-a", "198.51.100.40", policyAnnotations("keep"))
	gone := e.pod("gone", "team-a", "198.51.100.41", policyAnnotations("gone"))
	for _, pod := range []*nriapi.PodSandbox{keep, gone} {
		if err := e.run(pod); err != nil {
			t.Fatalf("RunPodSandbox %s: %v", pod.Name, err)
		}
	}
	e.requireApplied("198.51.100.41", "gone.team-a."+testZone)
	stop()
	testutil.Run(t, e.host, "ip", "rule", "del", "from", "198.51.100.40", "lookup", "100")

	// While the plugin is down: "gone" is stopped and removed, "late" is
	// created, and keep's SNAT rules are flushed (drift).
	e.mu.Lock()
	delete(e.pods, gone.Id)
	e.mu.Unlock()
	late := e.pod("late", "team-a", "198.51.100.42", policyAnnotations("late"))
	e.mu.Lock()
	e.pods[late.Id] = late
	e.mu.Unlock()

	p2, _ := e.startPlugin() // Synchronize, then reconcile and GC
	e.requireApplied("198.51.100.40", "keep.team-a."+testZone)
	e.requireApplied("198.51.100.42", "late.team-a."+testZone)
	e.requireGone("198.51.100.41")
	if e.cached(gone.Id) || !e.cached(late.Id) || !e.cached(keep.Id) {
		t.Errorf("cache: gone=%v late=%v keep=%v, want false true true", e.cached(gone.Id), e.cached(late.Id), e.cached(keep.Id))
	}
	if got := counterWith(t, p2, "diktyo_reconcile_actions_total", "action", "add"); got != 1 {
		t.Errorf(`reconcile adds = %v, want 1 (late)`, got)
	}
	if got := counterWith(t, p2, "diktyo_reconcile_actions_total", "action", "drift"); got != 1 {
		t.Errorf(`reconcile drifts = %v, want 1 (keep's deleted rule)`, got)
	}
	if got := counterWith(t, p2, "diktyo_gc_total", "result", "ok"); got < 1 {
		t.Errorf("GC runs = %v, want >= 1", got)
	}
	for _, pod := range []*nriapi.PodSandbox{keep, late} {
		e.stop(pod)
		e.remove(pod)
	}
	e.requireGone("198.51.100.4")
}

func TestHotReload(t *testing.T) {
	e := newEnv(t, "fail")
	p, _ := e.startPlugin()
	ann := map[string]string{"diktyo.io/v1.route-table": "100"}
	first := e.pod("first", "team-c", "198.51.100.50", ann)
	if err := e.run(first); err == nil {
		t.Fatal("team-c may not use route-table yet, but the pod was accepted")
	}
	e.stop(first)
	e.remove(first)

	// Grant team-c the table, as an admin editing the file would.
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	e.write(e.config, string(cfg)+`
  - namespaces: ["team-c"]
    allow:
      routeTable:
        tables: [100]
`)
	waitFor(t, "config reloaded", func() bool { return p.Config().RuleFor("team-c") != nil })
	second := e.pod("second", "team-c", "198.51.100.51", ann)
	if err := e.run(second); err != nil {
		t.Fatalf("after reload: %v", err)
	}
	if !strings.Contains(e.hostState(), "from 198.51.100.51 lookup 100") {
		t.Fatalf("table rule missing:\n%s", e.hostState())
	}

	// An invalid config is refused and the one in force stays.
	e.write(e.config, "failurePolicy: sometimes\n")
	waitFor(t, "invalid config rejected", func() bool {
		return counterWith(t, p, "diktyo_config_reloads_total", "result", "error") > 0
	})
	if p.Config().RuleFor("team-c") == nil {
		t.Fatal("the invalid config replaced the valid one")
	}
	e.stop(second)
	e.remove(second)
	e.requireGone("198.51.100.51")
}

// waitFor polls cond until it holds; the deadline only bounds a hang.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// metricValue sums a metric's samples whose labels include label=value
// (any when label is "").
func metricValue(t *testing.T, p *plugin.Plugin, name, label, value string) float64 {
	t.Helper()
	families, err := p.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if label != "" && !hasLabel(m, label, value) {
				continue
			}
			switch {
			case m.Counter != nil:
				sum += m.GetCounter().GetValue()
			case m.Gauge != nil:
				sum += m.GetGauge().GetValue()
			}
		}
	}
	return sum
}

func hasLabel(m *dto.Metric, label, value string) bool {
	for _, l := range m.GetLabel() {
		if l.GetName() == label && l.GetValue() == value {
			return true
		}
	}
	return false
}

func counter(t *testing.T, p *plugin.Plugin, name string) float64 {
	return metricValue(t, p, name, "", "")
}

func counterWith(t *testing.T, p *plugin.Plugin, name, label, value string) float64 {
	return metricValue(t, p, name, label, value)
}

func gauge(t *testing.T, p *plugin.Plugin, name string) float64 {
	return metricValue(t, p, name, "", "")
}

// testLogger logs to the test, and drops lines that arrive after it ended
// (background loops may still log while stopping).
func testLogger(t testing.TB) *slog.Logger {
	w := &testWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (w *testWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(b), "\n"))
	}
	return len(b), nil
}

// sockProxy forwards unix connections from front to back, and can drop
// them all, as a dying containerd drops its plugins' connections.
type sockProxy struct {
	back  string
	l     net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newSockProxy(t *testing.T, front, back string) *sockProxy {
	l, err := net.Listen("unix", front)
	if err != nil {
		t.Fatal(err)
	}
	px := &sockProxy{back: back, l: l}
	go px.serve()
	t.Cleanup(func() { _ = l.Close(); px.dropAll() })
	return px
}

func (px *sockProxy) serve() {
	for {
		c, err := px.l.Accept()
		if err != nil {
			return
		}
		b, err := net.Dial("unix", px.back)
		if err != nil {
			_ = c.Close()
			continue
		}
		px.mu.Lock()
		px.conns = append(px.conns, c, b)
		px.mu.Unlock()
		go func() { _, _ = io.Copy(b, c); _ = b.Close() }()
		go func() { _, _ = io.Copy(c, b); _ = c.Close() }()
	}
}

func (px *sockProxy) dropAll() {
	px.mu.Lock()
	defer px.mu.Unlock()
	for _, c := range px.conns {
		_ = c.Close()
	}
	px.conns = nil
}

func TestReconnectAfterRuntimeRestart(t *testing.T) {
	e := newEnv(t, "fail")
	px := e.viaProxy(t)
	p, _ := e.startPlugin()
	a := e.pod("before", "team-a", "198.51.100.60", policyAnnotations("before"))
	if err := e.run(a); err != nil {
		t.Fatal(err)
	}
	// containerd restarts: the connection closes; a pod is created while
	// the plugin is disconnected (as containerd would while restarting,
	// the new pod is only seen in the next Synchronize).
	e.runtime.Stop()
	px.dropAll()
	b := e.pod("during", "team-a", "198.51.100.61", policyAnnotations("during"))
	e.mu.Lock()
	e.pods[b.Id] = b
	e.mu.Unlock()
	synced := p.Reconciled()
	e.startRuntime()
	e.resynced(p, synced)
	e.requireApplied("198.51.100.60", "before.team-a."+testZone)
	e.requireApplied("198.51.100.61", "during.team-a."+testZone)
	c := e.pod("after", "team-a", "198.51.100.62", policyAnnotations("after"))
	if err := e.run(c); err != nil {
		t.Fatalf("RunPodSandbox on the new connection: %v", err)
	}
	e.requireApplied("198.51.100.62", "after.team-a."+testZone)
	for _, pod := range []*nriapi.PodSandbox{a, b, c} {
		e.stop(pod)
		e.remove(pod)
	}
	e.requireGone("198.51.100.6")
}

// TestPreInstalled runs diktyo-nri as containerd runs a pre-installed
// plugin: started from the plugin dir with a connected socket in its
// environment and its config sent by the runtime (here the admin config
// itself, inline). The plugin file is a wrapper that keeps the binary's log.
func TestPreInstalled(t *testing.T) {
	e := newEnv(t, "fail")
	e.runtime.Stop() // this test needs a runtime that launches the plugin
	pluginDir := filepath.Join(e.dir, "nri-plugins")
	confDir := filepath.Join(e.dir, "nri-conf")
	for _, d := range []string{pluginDir, confDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	logFile := filepath.Join(e.dir, "diktyo-nri.log")
	// Its local API on a socket of the test's: never the host's default
	// (a node running diktyo has its daemon there).
	wrapper := fmt.Sprintf("#!/bin/sh\nexec %s --log-level=debug --api-socket %s 2>>%s\n", filepath.Join(testutil.PluginDir(t), "diktyo-nri"),
		filepath.Join(e.dir, "api", "diktyo-nri.sock"), logFile)
	if err := os.WriteFile(filepath.Join(pluginDir, "10-diktyo"), []byte(wrapper), 0o700); err != nil {
		t.Fatal(err)
	}
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	e.write(filepath.Join(confDir, "10-diktyo.conf"), string(cfg))
	t.Cleanup(func() {
		if t.Failed() {
			log, _ := os.ReadFile(logFile)
			t.Logf("diktyo-nri log:\n%s", log)
		}
	})

	syncFn := func(ctx context.Context, cb adaptation.SyncCB) error { _, err := cb(ctx, nil, nil); return err }
	updateFn := func(context.Context, []*adaptation.ContainerUpdate) ([]*adaptation.ContainerUpdate, error) {
		return nil, nil
	}
	r, err := adaptation.New("containerd", "v2.2.9", syncFn, updateFn, adaptation.WithPluginPath(pluginDir),
		adaptation.WithPluginConfigPath(confDir), adaptation.WithDisabledExternalConnections())
	if err != nil {
		t.Fatal(err)
	}
	// Started from the "host" netns, the plugin process (and the chain it
	// runs) lives there.
	if err := e.host.Do(func(ns.NetNS) error { return r.Start() }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Stop)
	e.runtime = r

	a := e.pod("pre", "team-a", "198.51.100.70", policyAnnotations("pre"))
	if err := e.run(a); err != nil {
		t.Fatalf("RunPodSandbox: %v", err)
	}
	e.requireApplied("198.51.100.70", "pre.team-a."+testZone)
	bad := e.pod("bad", "team-a", "198.51.100.71", map[string]string{"diktyo.io/v1.route-table": "999"})
	if err := e.run(bad); err == nil || !strings.Contains(err.Error(), "diktyo.io/v1.route-table") {
		t.Errorf("denied pod: err = %v", err)
	}
	e.stop(a)
	e.remove(a)
	e.requireGone("198.51.100.70")
}

// BenchmarkRunStopRemove measures a pod's full lifecycle through NRI with
// the real chain (ipmasq iptables backend, iproute, registerDNS hosts):
// RunPodSandbox (ADD) then StopPodSandbox (DEL) and RemovePodSandbox.
// It reports the RunPodSandbox share separately.
func BenchmarkRunStopRemove(b *testing.B) {
	e := newEnv(b, "fail")
	e.startPlugin()
	pods := make([]*nriapi.PodSandbox, 0, b.N)
	for i := range b.N {
		name := fmt.Sprintf("bench-%d", i)
		pods = append(pods, e.pod(name, "team-a", fmt.Sprintf("198.51.100.%d", 10+i%200), policyAnnotations(name)))
	}
	var run time.Duration
	b.ResetTimer()
	for _, pod := range pods {
		t0 := time.Now()
		if err := e.run(pod); err != nil {
			b.Fatal(err)
		}
		run += time.Since(t0)
		e.stop(pod)
		e.remove(pod)
	}
	b.ReportMetric(float64(run.Microseconds())/float64(b.N)/1000, "ms/RunPodSandbox")
}

// TestSwitchMode changes chain.inProcess with a pod running, both ways:
// the reconcile after the reload CHECKs the pod's state, made in the
// other mode, and finds no drift; Stop and Remove in the new mode remove
// everything.
func TestSwitchMode(t *testing.T) { inBothModes(t, testSwitchMode) }

func testSwitchMode(t *testing.T, inProcess bool) {
	e := newEnvMode(t, "fail", inProcess)
	p, _ := e.startPlugin()
	a := e.pod("switch", "team-a", "198.51.100.80", policyAnnotations("switch"))
	if err := e.run(a); err != nil {
		t.Fatalf("RunPodSandbox: %v", err)
	}
	e.requireApplied("198.51.100.80", "switch.team-a."+testZone)
	before := p.Reconciled()
	e.inProcess = !inProcess
	e.writeConfig("fail")
	waitFor(t, "reload and reconcile in the other mode", func() bool {
		return p.Config().Chain.InProcess == e.inProcess && p.Reconciled() > before
	})
	if got := counterWith(t, p, "diktyo_reconcile_actions_total", "action", "check"); got < 1 {
		t.Errorf("reconcile CHECKs = %v, want >= 1", got)
	}
	for _, a := range []string{"drift", "update", "add"} {
		if got := counterWith(t, p, "diktyo_reconcile_actions_total", "action", a); got != 0 {
			t.Errorf("reconcile in the other mode: %s %v times, want 0", a, got)
		}
	}
	e.requireApplied("198.51.100.80", "switch.team-a."+testZone)
	e.stop(a)
	e.remove(a)
	e.requireGone("198.51.100.80")
}
