package plugin_test

// The "act only on proof" rule as a property: faults are injected at the
// boundaries diktyo-nri crosses (the NRI connection and Synchronize, the
// daemon itself, the admin config file, the node-address lookup), in a
// seeded random order between pod churn and reconcile passes, against the
// real chain in throwaway namespaces and a real NRI runtime side. After
// every step: no pod that is still running has lost anything it had (its
// SNAT rule, its host rule, its DNS record). At the end, with every fault
// healed: every running pod has its policy and every removed pod has none.
//
// make test runs a short, fixed-seed walk; `make soak` a long one
// (DIKTYO_FAULT_DURATION, DIKTYO_FAULT_SEED).

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin"
)

// faultSlot is a pod netns reused by successive pods (a soak creates no
// namespace per pod).
type faultSlot struct {
	netns ns.NetNS
	addr  string
	pod   *nriapi.PodSandbox // the pod running in it, or nil
	// applied: the pod's policy was seen on the node; from then on it
	// must stay until the pod is stopped.
	applied bool
	// removed: the last pod was stopped and removed; its state must be
	// gone at the end.
	removed string
}

// faultWorld is the harness's view: what runs, what is broken.
type faultWorld struct {
	t        *testing.T
	e        *env
	rng      *rand.Rand
	slots    []*faultSlot
	px       *sockProxy
	addrs    *faultyAddrs
	plugin   *plugin.Plugin
	stop     func()
	up       bool // the runtime (NRI) is reachable
	saved    []byte
	cfgFault string // "", "missing" or "corrupt"
	pods     int
	faults   map[string]int
	step     int
}

func TestFaultProperty(t *testing.T) {
	// Seeds that make test walks; 4 and 5 each lost running pods' policy
	// on the code that garbage-collected before a Synchronize.
	seeds := []uint64{1, 4, 5}
	if s := os.Getenv("DIKTYO_FAULT_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("DIKTYO_FAULT_SEED=%q: %v", s, err)
		}
		seeds = []uint64{v}
	}
	steps, dur := 40, time.Duration(0)
	if d := os.Getenv("DIKTYO_FAULT_DURATION"); d != "" {
		var err error
		if dur, err = time.ParseDuration(d); err != nil {
			t.Fatalf("DIKTYO_FAULT_DURATION=%q: %v", d, err)
		}
		steps = 1 << 30
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { walkFaults(t, seed, steps, dur) })
	}
}

// walkFaults takes steps random steps (or as many as fit in dur).
func walkFaults(t *testing.T, seed uint64, steps int, dur time.Duration) {
	var until time.Time
	if dur > 0 {
		until = time.Now().Add(dur)
	}
	t.Logf("seed %d (DIKTYO_FAULT_SEED reproduces this walk)", seed)
	w := newFaultWorld(t, seed)
	for w.step = 0; w.step < steps && (until.IsZero() || time.Now().Before(until)); w.step++ {
		w.act()
		w.settle()
		w.checkKept()
	}
	w.heal()
	w.checkConverged()
	total := 0
	for _, n := range w.faults {
		total += n
	}
	t.Logf("%d steps, %d pods, %d faults injected: %v", w.step, w.pods, total, w.faults)
}

func newFaultWorld(t *testing.T, seed uint64) *faultWorld {
	e := newEnv(t, "fail")
	testutil.Run(t, e.host, "ip", "address", "add", "203.0.113.11/32", "dev", "lo")
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	// Ports of the node address for the pods (explicit ranges of live
	// pods may not overlap: one range per slot).
	base := strings.Replace(string(cfg), `"203.0.113.11"]`, `"203.0.113.11:6000-6999"]`, 1)
	saved := base + "egress:\n  nodeAddresses: allow\n  addresses: [{address: 203.0.113.10, routed: true}]\n  stateDir: " + filepath.Join(e.dir, "egress") +
		"\n  attributionLog: " + filepath.Join(e.dir, "attribution.jsonl") + "\n"
	e.write(e.config, saved)
	w := &faultWorld{t: t, e: e, rng: rand.New(rand.NewPCG(seed, seed^0x5eed)), saved: []byte(saved), faults: map[string]int{}}
	w.px = e.viaProxy(t)
	w.addrs = &faultyAddrs{Manager: hostaddr.New(hostaddr.Options{NetNS: e.host.Path(), Logger: testLogger(t)})}
	w.up = true
	slots := 6
	if n, err := strconv.Atoi(os.Getenv("DIKTYO_FAULT_SLOTS")); err == nil && n > 0 && n <= 50 {
		slots = n // fewer: addresses are reused more often
	}
	for i := range slots {
		s := &faultSlot{netns: testutil.NewNS(t), addr: fmt.Sprintf("198.51.100.%d", 131+i)}
		testutil.Veth(t, s.netns, "eth0", e.host, "vf"+testutil.RandSuffix(8))
		testutil.Addr(t, s.netns, "eth0", s.addr+"/24")
		w.slots = append(w.slots, s)
	}
	w.startPlugin()
	t.Cleanup(func() {
		w.heal()
		for _, s := range w.slots {
			if s.pod != nil {
				e.stop(s.pod)
				e.remove(s.pod)
			}
		}
	})
	return w
}

func (w *faultWorld) logf(format string, args ...any) {
	w.t.Logf("step %d: %s", w.step, fmt.Sprintf(format, args...))
}

func (w *faultWorld) inject(kind string) { w.faults[kind]++ }

// startPlugin starts a diktyo-nri instance; with the config file
// unparsable it cannot start (as the daemon's process exits), and the
// node runs without it until a later step starts one.
func (w *faultWorld) startPlugin() {
	p, err := w.e.tryNewPlugin(func(o *plugin.Options) { o.Addresses = w.addrs; o.ConfigRequired = false })
	if err != nil {
		w.logf("diktyo-nri cannot start: %v", err)
		w.plugin, w.stop = nil, func() {}
		return
	}
	w.plugin = p
	w.stop = w.e.runPlugin(p)
}

// reconcile runs a pass of the running instance, if there is one.
func (w *faultWorld) reconcile() {
	if w.plugin != nil {
		w.plugin.Reconcile(context.Background(), "periodic")
	}
}

// act takes one random step.
func (w *faultWorld) act() {
	switch n := w.rng.IntN(14); {
	case n < 5:
		w.startPod()
	case n < 7:
		w.stopPod()
	case n == 7:
		w.logf("diktyo-nri restarts")
		w.inject("daemon_restart")
		w.stop()
		w.startPlugin()
	case n == 8:
		if w.up {
			w.logf("containerd's NRI goes away")
			w.inject("nri_down")
			w.e.runtime.Stop()
			w.px.dropAll()
		} else {
			w.logf("containerd's NRI is back")
			w.e.startRuntime()
		}
		w.up = !w.up
	case n == 9:
		w.configFault()
	case n == 10:
		on := !w.addrs.fail.Load()
		w.logf("node-address lookup failing: %v", on)
		if on {
			w.inject("node_addresses")
		}
		w.addrs.fail.Store(on)
	case n == 11:
		w.logf("periodic reconcile")
		w.reconcile()
	case n == 12 && w.up:
		w.logf("diktyo-nri restarts while the runtime is away, then a reconcile")
		w.inject("restart_unsynced")
		w.e.runtime.Stop()
		w.px.dropAll()
		w.up = false
		w.stop()
		w.startPlugin()
		w.reconcile()
	default:
		w.logf("a pod's address answers again (no fault): reconcile")
		w.reconcile()
	}
}

// configFault flips the admin config file between intact, missing and
// unparsable (never a different valid config: that would be the admin's
// decision).
func (w *faultWorld) configFault() {
	next := []string{"", "missing", "corrupt"}[w.rng.IntN(3)]
	w.logf("config file: %q", next)
	switch next {
	case "":
		w.e.write(w.e.config, string(w.saved))
	case "missing":
		w.inject("config_missing")
		_ = os.Remove(w.e.config)
	case "corrupt":
		w.inject("config_corrupt")
		w.e.write(w.e.config, "namespaces: [ {\n")
	}
	w.cfgFault = next
}

func (w *faultWorld) startPod() {
	if !w.up {
		return // containerd is down: no pod starts
	}
	var free []*faultSlot
	for _, s := range w.slots {
		if s.pod == nil && !strings.Contains(w.e.hostState(), s.addr) {
			free = append(free, s)
		}
	}
	if len(free) == 0 {
		return
	}
	s := free[w.rng.IntN(len(free))]
	w.pods++
	name := fmt.Sprintf("p%d", w.pods)
	ann := policyAnnotations(name)
	lo := 10 * slices.Index(w.slots, s)
	ann["diktyo.io/v1.masq"] = fmt.Sprintf(`[{"external":"203.0.113.10:%d-%d","destination":"198.51.100.0/24","protocol":"tcp"}]`, 5000+lo, 5009+lo)
	if w.rng.IntN(2) == 0 {
		// SNAT to a node address: decided with the node-address lookup.
		ann["diktyo.io/v1.masq"] = fmt.Sprintf(`[{"external":"203.0.113.11:%d-%d","destination":"198.51.100.0/24","protocol":"tcp"}]`, 6000+lo, 6009+lo)
	}
	id := testutil.RandSuffix(32)
	pod := &nriapi.PodSandbox{Id: id, Name: name, Namespace: "team-a", Uid: "uid-" + id[:8], Annotations: ann,
		Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{{Type: "network", Path: s.netns.Path()}}},
		Ips:   []string{s.addr}}
	if err := w.e.run(pod); err != nil {
		// Refused (a fault made its policy undecidable or unloadable):
		// containerd tears the sandbox down.
		w.logf("pod %s refused: %v", name, err)
		w.e.stop(pod)
		w.e.remove(pod)
		s.removed = s.addr
		return
	}
	w.logf("pod %s runs on %s", name, s.addr)
	s.pod, s.applied, s.removed = pod, false, ""
}

func (w *faultWorld) stopPod() {
	if !w.up {
		return
	}
	var running []*faultSlot
	for _, s := range w.slots {
		if s.pod != nil {
			running = append(running, s)
		}
	}
	if len(running) == 0 {
		return
	}
	s := running[w.rng.IntN(len(running))]
	w.logf("pod %s stopped and removed", s.pod.Name)
	w.e.stop(s.pod)
	w.e.remove(s.pod)
	s.pod, s.applied, s.removed = nil, false, s.addr
}

// settle gives background work (a Synchronize's reconcile) a moment.
func (w *faultWorld) settle() {
	deadline := time.Now().Add(2 * time.Second)
	for w.up && w.plugin != nil && !w.plugin.Daemon().Synchronized && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
}

// checkKept is the safety property: a running pod whose policy was on
// the node still has all of it.
func (w *faultWorld) checkKept() {
	w.t.Helper()
	for _, s := range w.slots {
		if s.pod == nil {
			continue
		}
		snat, rule, dns := w.e.has(s.addr, s.pod.Name+".team-a."+testZone)
		switch {
		case snat && rule && dns:
			s.applied = true
		case s.applied:
			w.dumpState(s)
			w.t.Fatalf("step %d: running pod %s (%s) lost policy it had: snat=%v rule=%v dns=%v (faults now: nri up=%v, config %q, lookup failing=%v)\n%s",
				w.step, s.pod.Name, s.addr, snat, rule, dns, w.up, w.cfgFault, w.addrs.fail.Load(), w.e.hostState())
		}
	}
}

// dumpState logs what diktyo-nri and iproute's records say of a slot's
// pod, for the failure that follows.
func (w *faultWorld) dumpState(s *faultSlot) {
	if w.plugin != nil {
		st, err := w.plugin.Pod(context.Background(), s.pod.Namespace, s.pod.Name)
		w.t.Logf("status of %s: %+v (%v)", s.pod.Name, st, err)
	}
	recs, _ := filepath.Glob(filepath.Join(w.e.dir, "iproute", "*", "*"))
	for _, r := range recs {
		b, _ := os.ReadFile(r)
		w.t.Logf("iproute state %s: %s", r, b)
	}
}

// heal ends every fault.
func (w *faultWorld) heal() {
	w.addrs.fail.Store(false)
	if w.cfgFault != "" {
		w.e.write(w.e.config, string(w.saved))
		w.cfgFault = ""
	}
	if !w.up {
		w.e.startRuntime()
		w.up = true
	}
}

// checkConverged is the liveness property once every fault is healed.
func (w *faultWorld) checkConverged() {
	w.t.Helper()
	if w.plugin == nil {
		w.startPlugin()
	}
	waitFor(w.t, "synchronized after healing", func() bool { return w.plugin.Daemon().Synchronized })
	// An instance that started while the file was missing runs on the
	// built-in defaults (reloadInterval 5 s) until its watch reads the
	// healed file.
	waitFor(w.t, "the healed config in force", func() bool {
		return !strings.Contains(strings.Join(w.plugin.Daemon().Faults, ";"), "built-in defaults")
	})
	time.Sleep(300 * time.Millisecond) // the config watch sees the healed file
	w.plugin.Reconcile(context.Background(), "periodic")
	for _, s := range w.slots {
		switch {
		case s.pod != nil:
			w.e.requireApplied(s.addr, s.pod.Name+".team-a."+testZone)
		case s.removed != "":
			w.e.requireGone(s.removed)
		}
	}
}
