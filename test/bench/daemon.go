package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
	nrilog "github.com/containerd/nri/pkg/log"
)

// The daemon section drives the real diktyo-nri binary through NRI's
// runtime side (github.com/containerd/nri/pkg/adaptation, the code
// containerd embeds) over a real socket, so it runs without containerd.
// diktyo-nri runs inside a node namespace: the chain it execs changes that
// namespace only.

const benchZone = "bench.test"

// daemonAdminConfig: %[1]s conflist, %[2]s bin dir, %[3]s cache dir,
// %[4]t whether diktyo-nri runs its own plugins in-process.
const daemonAdminConfig = `failurePolicy: fail
chain:
  conflist: %[1]s
  binDirs: [%[2]s]
  cacheDir: %[3]s
  inProcess: %[4]t
reconcile:
  interval: 0s
namespaces:
  - namespaces: ["bench"]
    allow:
      masq:
        externals: ["198.19.0.1", "198.19.0.1:20000-29999", "masquerade", "198.19.0.60:1000-1999", "198.19.0.61"]
        destinations: ["198.19.0.0/24", "203.0.113.0/24", "0.0.0.0/0"]
      snatExclude:
        cidrs: ["10.0.0.0/8"]
      routeTable:
        tables: ["100-199"]
      dns:
        zones: [` + benchZone + `]
        templates: ["{name}.{namespace}.{zone}"]
`

// nriWorld is a fake containerd (the NRI runtime side) plus the files a
// diktyo-nri instance needs, on one node.
type nriWorld struct {
	h       *Harness
	mode    string // "in-process" or "exec"
	node    *Node
	dir     string
	sock    string
	config  string
	runtime *adaptation.Adaptation

	mu   sync.Mutex
	pods map[string]*nriapi.PodSandbox
	seq  int
	// syncReply is how long the last Synchronize took to be answered.
	syncReply atomic.Int64
	// pprofSock, when set, is where every instance started serves its
	// profiles (--pprof-socket).
	pprofSock string
}

func (h *Harness) newNRIWorld(backend string, inProcess bool) (*nriWorld, error) {
	return h.newNRIWorldWith(backend, inProcess, "")
}

// newNRIWorldWith is newNRIWorld with extra admin config appended (the
// egress cost measurement's egress section).
func (h *Harness) newNRIWorldWith(backend string, inProcess bool, extra string) (*nriWorld, error) {
	mode := "exec"
	if inProcess {
		mode = "in-process"
	}
	node, err := h.Env.NewNode("nri-"+mode, h.paths(Case{}))
	if err != nil {
		return nil, err
	}
	w := &nriWorld{h: h, mode: mode, node: node, dir: filepath.Join(node.Dir, "nri"), pods: map[string]*nriapi.PodSandbox{}}
	if err := os.MkdirAll(filepath.Join(w.dir, "empty"), 0o700); err != nil {
		return nil, err
	}
	w.sock = filepath.Join(w.dir, "nri.sock")
	w.config = filepath.Join(w.dir, "config.yaml")
	conflist := filepath.Join(w.dir, "chain.conflist")
	chain, err := json.MarshalIndent(map[string]any{
		"cniVersion": "1.1.0", "name": "diktyo",
		"plugins": []map[string]any{ipmasqConf(backend), iprouteConf(node, "shared"), registerDNSConf(node)},
	}, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(conflist, chain, 0o600); err != nil {
		return nil, err
	}
	cfg := fmt.Sprintf(daemonAdminConfig, conflist, h.Opts.BinDir, filepath.Join(w.dir, "cache"), inProcess) + extra
	if err := os.WriteFile(w.config, []byte(cfg), 0o600); err != nil {
		return nil, err
	}
	return w, w.startRuntime()
}

// nriLog sends the NRI runtime side's logging to the harness's logger at
// debug level (it is chatty about every plugin connection).
type nriLog struct{ h *Harness }

func (l nriLog) Debugf(_ context.Context, f string, a ...any) {
	l.h.Log.Debug("nri: " + fmt.Sprintf(f, a...))
}
func (l nriLog) Infof(_ context.Context, f string, a ...any) {
	l.h.Log.Debug("nri: " + fmt.Sprintf(f, a...))
}
func (l nriLog) Warnf(_ context.Context, f string, a ...any) {
	l.h.Log.Debug("nri: " + fmt.Sprintf(f, a...))
}
func (l nriLog) Errorf(_ context.Context, f string, a ...any) {
	l.h.Log.Debug("nri: " + fmt.Sprintf(f, a...))
}

func (w *nriWorld) startRuntime() error {
	nrilog.Set(nriLog{w.h})
	empty := filepath.Join(w.dir, "empty")
	syncFn := func(ctx context.Context, cb adaptation.SyncCB) error {
		w.mu.Lock()
		pods := make([]*nriapi.PodSandbox, 0, len(w.pods))
		for _, p := range w.pods {
			pods = append(pods, p)
		}
		w.mu.Unlock()
		t0 := time.Now()
		_, err := cb(ctx, pods, nil)
		w.syncReply.Store(int64(time.Since(t0)))
		return err
	}
	updateFn := func(context.Context, []*adaptation.ContainerUpdate) ([]*adaptation.ContainerUpdate, error) {
		return nil, nil
	}
	r, err := adaptation.New("containerd", "v2.2.9", syncFn, updateFn,
		adaptation.WithSocketPath(w.sock), adaptation.WithPluginPath(empty), adaptation.WithPluginConfigPath(empty))
	if err != nil {
		return err
	}
	if err := r.Start(); err != nil {
		return err
	}
	w.runtime = r
	w.h.Env.OnClose(r.Stop)
	return nil
}

// pod describes the next pod; annotated pods carry the same policy as the
// CNI cases (4 masq entries, a bypass CIDR, table 100, a DNS name). All
// share the node's filler sandbox: their host-side state is what counts.
func (w *nriWorld) pod(annotated bool) (*nriapi.PodSandbox, error) {
	w.mu.Lock()
	w.seq++
	i := w.seq
	w.mu.Unlock()
	a := fillerAddr0.As4()
	v := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3]) + uint32(i)
	addr := netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
	// An annotated pod has its own netns and veth, as on a real node:
	// ipmasq binds its rules to its link (one hooked chain per veth), and
	// pods sharing one link would each take the link over from the last.
	// Pods without annotations run no chain: they share the filler.
	sandbox, err := w.node.Filler()
	if annotated {
		sandbox, err = w.node.linkedPod(netip.PrefixFrom(addr, podNet.Bits()))
	}
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("pod-%05d", i)
	id := fmt.Sprintf("%s%058d", w.h.Env.Run, i)[:64]
	p := &nriapi.PodSandbox{
		Id: id, Name: name, Namespace: "bench", Uid: "uid-" + name,
		Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{{Type: "network", Path: sandbox.Netns.Path}}},
		Ips:   []string{addr.String()},
	}
	if annotated {
		masq, err := json.Marshal(masqEntries())
		if err != nil {
			return nil, err
		}
		p.Annotations = map[string]string{
			"diktyo.io/v1.masq":         string(masq),
			"diktyo.io/v1.snat-exclude": "10.0.0.0/8",
			"diktyo.io/v1.route-table":  "100",
			"diktyo.io/v1.dns-names":    name + ".bench." + benchZone,
		}
	}
	return p, nil
}

// run sends RunPodSandbox and returns the round trip as the runtime sees
// it (NRI plus diktyo-nri's handler).
func (w *nriWorld) run(ctx context.Context, p *nriapi.PodSandbox) (time.Duration, error) {
	w.mu.Lock()
	w.pods[p.Id] = p
	w.mu.Unlock()
	t0 := time.Now()
	err := w.runtime.RunPodSandbox(ctx, &adaptation.RunPodSandboxRequest{Pod: p})
	return time.Since(t0), err
}

// startReady starts diktyo-nri and waits for its first reconcile and for
// the runtime to deliver it events (a probe pod applied).
func (w *nriWorld) startReady(ctx context.Context) (*daemon, error) {
	d, err := w.startDaemon()
	if err != nil {
		return nil, err
	}
	if _, err := d.reconciled(ctx, 0, 30*time.Second); err != nil {
		w.h.Env.Stop(d.cmd)
		return nil, err
	}
	if err := w.awaitEvents(ctx, d); err != nil {
		w.h.Env.Stop(d.cmd)
		return nil, err
	}
	return d, nil
}

// daemon is one running diktyo-nri process and its parsed JSON log.
type daemon struct {
	cmd     *exec.Cmd
	started time.Time
	mu      sync.Mutex
	lines   []logLine
	changed chan struct{}
	done    chan struct{}
}

type logLine struct {
	at   time.Time
	msg  string
	attr map[string]any
}

// startDaemon starts diktyo-nri in the world's node namespace, dialing the
// world's NRI socket.
func (w *nriWorld) startDaemon() (*daemon, error) {
	bin := filepath.Join(w.h.Opts.BinDir, "diktyo-nri")
	// No local API: the host's default socket belongs to a real diktyo-nri.
	args := []string{"--config", w.config, "--socket", w.sock, "--api-socket", "", "--log-format", "json", "--log-level", "info"}
	if w.pprofSock != "" {
		args = append(args, "--pprof-socket", w.pprofSock)
	}
	return startDaemon(w.h.Env, w.node.Netns, exec.Command(bin, args...))
}

// startDaemon starts a diktyo-nri command (in namespace n; nil: the
// harness's own) and follows its JSON log.
func startDaemon(env *Env, n *Netns, cmd *exec.Cmd) (*daemon, error) {
	// A plain pipe, not StderrPipe: Wait must not race the reader.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = pw
	d := &daemon{cmd: cmd, changed: make(chan struct{}, 1), done: make(chan struct{})}
	d.started = time.Now()
	err = env.Start(n, cmd)
	_ = pw.Close()
	if err != nil {
		_ = pr.Close()
		return nil, err
	}
	go func() {
		defer pr.Close()
		d.read(pr)
	}()
	return d, nil
}

// tail is the messages (and errors) of the last n log lines.
func (d *daemon) tail(n int) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []string
	for _, l := range d.lines[max(0, len(d.lines)-n):] {
		s := l.msg
		if e, ok := l.attr["error"].(string); ok {
			s += ": " + e
		}
		out = append(out, strconv.Quote(s))
	}
	return strings.Join(out, ", ")
}

// count is the number of log lines read so far.
func (d *daemon) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.lines)
}

// read keeps diktyo-nri's JSON log lines (plugin stderr, interleaved, is
// skipped).
func (d *daemon) read(r io.Reader) {
	defer close(d.done)
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 64<<10), 1<<20)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var m map[string]any
		if json.Unmarshal(line, &m) != nil {
			continue
		}
		msg, _ := m["msg"].(string)
		d.mu.Lock()
		d.lines = append(d.lines, logLine{at: time.Now(), msg: msg, attr: m})
		d.mu.Unlock()
		select {
		case d.changed <- struct{}{}:
		default:
		}
	}
}

// waitLog waits for a log line matching pred, seen from index from on,
// and returns it with the index after it.
func (d *daemon) waitLog(ctx context.Context, from int, timeout time.Duration, pred func(logLine) bool) (logLine, int, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		d.mu.Lock()
		for i := from; i < len(d.lines); i++ {
			if pred(d.lines[i]) {
				l := d.lines[i]
				d.mu.Unlock()
				return l, i + 1, nil
			}
		}
		from = len(d.lines)
		d.mu.Unlock()
		select {
		case <-ctx.Done():
			return logLine{}, from, ctx.Err()
		case <-deadline.C:
			return logLine{}, from, fmt.Errorf("no matching diktyo-nri log line within %s", timeout)
		case <-d.done:
			return logLine{}, from, fmt.Errorf("diktyo-nri exited; its last lines: %s", d.tail(3))
		case <-d.changed:
		}
	}
}

// restart stops d and starts a new diktyo-nri on w; it returns once the
// new instance has reconciled every pod of w (its own "took") and
// events demonstrably reach it (awaitEvents).
// It also returns the wall time from the new process's start to the end
// of that reconcile.
func (w *nriWorld) restart(ctx context.Context, d *daemon) (nd *daemon, took, wall time.Duration, err error) {
	return w.restartThen(ctx, d, nil)
}

// restartThen is restart calling started (when not nil) once the new
// instance's process runs, before its reconcile is awaited.
func (w *nriWorld) restartThen(ctx context.Context, d *daemon, started func()) (nd *daemon, took, wall time.Duration, err error) {
	w.h.Env.Stop(d.cmd)
	nd, err = w.startDaemon()
	if err != nil {
		return nil, 0, 0, err
	}
	if started != nil {
		started()
	}
	w.mu.Lock()
	n := len(w.pods)
	w.mu.Unlock()
	took, err = nd.reconciled(ctx, n, 10*time.Minute)
	if err != nil {
		return nd, 0, 0, err
	}
	wall = time.Since(nd.started)
	return nd, took, wall, w.awaitEvents(ctx, nd)
}

// awaitEvents sends annotated pods until diktyo-nri applies one. A
// reconcile logged by a fresh instance does not prove that the runtime
// counts it in: now and then, right after a restart, the runtime side
// (NRI's adaptation) waits on a Synchronize reply the plugin has sent,
// delivers no event to it meanwhile (RunPodSandbox returns at once, with
// no plugin), then drops the connection and the plugin reconnects. A
// measurement that trusted the reconcile line would time pods that no
// plugin saw. The probes stay on the node as ordinary pods.
func (w *nriWorld) awaitEvents(ctx context.Context, d *daemon) error {
	// A probe applied late (the new instance busy reconciling many pods)
	// still counts: every probe sent is looked for from the first on.
	from := d.count()
	sent := map[string]bool{}
	w.mu.Lock()
	wait := 30*time.Second + time.Duration(len(w.pods))*time.Millisecond
	w.mu.Unlock()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		p, err := w.pod(true)
		if err != nil {
			return err
		}
		sent[p.Id] = true
		if _, err := w.run(ctx, p); err != nil {
			return fmt.Errorf("probe %s: %w", p.Name, err)
		}
		_, _, err = d.waitLog(ctx, from, time.Second, func(l logLine) bool {
			id, _ := l.attr["pod.id"].(string)
			return l.msg == "policy applied" && sent[id]
		})
		if err == nil {
			return nil
		}
	}
	return fmt.Errorf("no event reached the restarted diktyo-nri within %s", wait)
}

// applied waits for diktyo-nri's "policy applied" line of sandbox id,
// from log index from on.
func (d *daemon) applied(ctx context.Context, from int, id string, timeout time.Duration) error {
	_, err := d.appliedLine(ctx, from, id, timeout)
	return err
}

// appliedLine is applied, returning the line.
func (d *daemon) appliedLine(ctx context.Context, from int, id string, timeout time.Duration) (logLine, error) {
	l, _, err := d.waitLog(ctx, from, timeout, func(l logLine) bool {
		return l.msg == "policy applied" && l.attr["pod.id"] == id
	})
	return l, err
}

// stageTimes collects the stages of "policy applied" lines (diktyo-nri's
// stages: an object of nanoseconds), in first-seen order, and what is
// not diktyo-nri's handler: the round trip less its "took" (NRI, ttrpc,
// the socket and the scheduler).
type stageTimes struct {
	order []string
	by    map[string][]time.Duration
}

// stageLibcni is the chain stage less its plugins: libcni's own work.
const stageLibcni = "libcni (chain less its plugins)"

// stageOutside is the round trip less diktyo-nri's handler.
const stageOutside = "NRI and the socket (round trip less the handler)"

func (s *stageTimes) add(name string, d time.Duration) {
	if s.by == nil {
		s.by = map[string][]time.Duration{}
	}
	if _, ok := s.by[name]; !ok {
		s.order = append(s.order, name)
	}
	s.by[name] = append(s.by[name], d)
}

// record takes one pod's line and round trip.
func (s *stageTimes) record(l logLine, roundTrip time.Duration) {
	m, _ := l.attr["stages"].(map[string]any)
	var plugins time.Duration
	var chain time.Duration
	for _, name := range []string{"watch", "decide", "wait", "admit", "addr_locks"} {
		if v, ok := m[name]; ok {
			s.add(name, durAttr(v))
		}
	}
	for name, v := range m {
		switch name {
		case "watch", "decide", "wait", "admit", "addr_locks":
		case "chain":
			chain = durAttr(v)
		default:
			plugins += durAttr(v)
		}
	}
	for _, name := range []string{"ipmasq", "iproute", "registerDNS"} {
		if v, ok := m[name]; ok {
			s.add(name, durAttr(v))
		}
	}
	if chain > 0 {
		s.add(stageLibcni, chain-plugins)
		s.add("chain", chain)
	}
	if took := durAttr(l.attr["took"]); took > 0 {
		s.add("handler (took)", took)
		s.add(stageOutside, roundTrip-took)
	}
}

func (s *stageTimes) summaries() []StageSummary {
	out := make([]StageSummary, 0, len(s.order))
	for _, name := range s.order {
		out = append(out, StageSummary{Name: name, Summary: Summarize(s.by[name])})
	}
	return out
}

// reconciled waits for the end of the first reconcile over n pods (the
// one Synchronize starts) and returns diktyo-nri's own "took".
func (d *daemon) reconciled(ctx context.Context, n int, timeout time.Duration) (time.Duration, error) {
	l, _, err := d.waitLog(ctx, 0, timeout, func(l logLine) bool {
		return l.msg == "reconciled" && numAttr(l.attr["pods"]) == float64(n)
	})
	if err != nil {
		return 0, fmt.Errorf("waiting for the reconcile of %d pods: %w", n, err)
	}
	return durAttr(l.attr["took"]), nil
}

func numAttr(v any) float64 {
	f, _ := v.(float64)
	return f
}

// durAttr reads a slog duration: JSON handlers write nanoseconds; a
// string form ("1.5s") is accepted too.
func durAttr(v any) time.Duration {
	switch x := v.(type) {
	case float64:
		return time.Duration(x)
	case string:
		d, err := time.ParseDuration(x)
		if err == nil {
			return d
		}
	}
	return 0
}

// rss reads VmRSS of the process, in bytes.
func rss(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) >= 1 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024, err
			}
		}
	}
	return 0, errors.New("VmRSS not found")
}

// daemonBackend is ipmasq's backend in section 5's main instances: the
// one deploy/ ships.
const daemonBackend = "nftables"

// runDaemon is section 5 (and the NRI handler latency as the runtime side
// sees it), for both ways diktyo-nri runs its plugins (chain.inProcess
// true, the default, and false: exec), each in its own node with its own
// diktyo-nri, interleaved: handler round trips of annotated and
// unannotated pods, reconcile time after restarts with ReconcilePods
// annotated pods, RSS at each of RSSPods.
func (h *Harness) runDaemon(ctx context.Context) error {
	if why := h.missing(Case{Bins: []string{"diktyo-nri", "ipmasq", "iproute", "registerDNS"}}); why != "" {
		h.Res.skip(SecDaemon, why)
		return nil
	}
	type arm struct {
		w             *nriWorld
		d             *daemon
		res           *DaemonResult
		with, without []time.Duration
		recon, wall   []time.Duration
		stages        stageTimes
	}
	var arms []*arm
	for _, inProcess := range []bool{true, false} {
		w, err := h.newNRIWorld(daemonBackend, inProcess)
		if err != nil {
			return err
		}
		d, err := w.startDaemon()
		if err != nil {
			return err
		}
		if _, err := d.reconciled(ctx, 0, 30*time.Second); err != nil {
			return fmt.Errorf("%s: %w", w.mode, err)
		}
		a := &arm{w: w, d: d, res: &DaemonResult{Mode: w.mode, Backend: daemonBackend, ReconcilePods: h.Opts.ReconcilePods}}
		if b, err := rss(d.cmd.Process.Pid); err == nil {
			a.res.RSS = append(a.res.RSS, RSSPoint{Pods: 0, Bytes: b})
		}
		arms = append(arms, a)
		if err := w.awaitEvents(ctx, d); err != nil {
			return fmt.Errorf("%s: %w", w.mode, err)
		}
	}
	defer func() {
		for _, a := range arms {
			h.Env.Stop(a.d.cmd)
		}
	}()

	// Handler latency, pods alternating between the arms (and between
	// annotated and not), until each arm has ReconcilePods annotated pods.
	for i := 0; i < h.Opts.ReconcilePods; i++ {
		for j := range arms {
			a := arms[(i+j)%len(arms)]
			for _, annotated := range []bool{i%2 == 0, i%2 != 0} {
				p, err := a.w.pod(annotated)
				if err != nil {
					return err
				}
				from := a.d.count()
				dt, err := a.w.run(ctx, p)
				if err != nil {
					return fmt.Errorf("%s: RunPodSandbox %s: %w", a.w.mode, p.Name, err)
				}
				if annotated {
					l, err := a.d.appliedLine(ctx, from, p.Id, 10*time.Second)
					if err != nil {
						return fmt.Errorf("%s: pod %s not applied: %w", a.w.mode, p.Name, err)
					}
					a.stages.record(l, dt)
				}
				if annotated {
					a.with = append(a.with, dt)
				} else {
					a.without = append(a.without, dt)
				}
			}
		}
	}

	// Reconcile after a restart: every pod's state is present, so each
	// gets a CHECK (and GC runs once).
	for r := range max(1, h.Opts.Rounds/3) {
		for j := range arms {
			a := arms[(r+j)%len(arms)]
			d, took, wall, err := a.w.restart(ctx, a.d)
			if d != nil {
				a.d = d
			}
			if err != nil {
				return fmt.Errorf("%s: %w", a.w.mode, err)
			}
			a.recon = append(a.recon, took)
			a.wall = append(a.wall, wall)
		}
	}

	// Fill up to each RSS point (annotated pods, alternating arms).
	for _, target := range h.Opts.RSSPods {
		if target == 0 {
			continue
		}
		for i := 0; ; i++ {
			a := arms[i%len(arms)]
			if countAnnotated(arms[0].w) >= target && countAnnotated(arms[len(arms)-1].w) >= target {
				break
			}
			if countAnnotated(a.w) >= target {
				continue
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			p, err := a.w.pod(true)
			if err != nil {
				return err
			}
			from := a.d.count()
			if _, err := a.w.run(ctx, p); err != nil {
				return fmt.Errorf("%s: RunPodSandbox %s: %w", a.w.mode, p.Name, err)
			}
			if err := a.d.applied(ctx, from, p.Id, 10*time.Second); err != nil {
				return fmt.Errorf("%s: pod %s not applied: %w", a.w.mode, p.Name, err)
			}
		}
		for _, a := range arms {
			b, err := rss(a.d.cmd.Process.Pid)
			if err != nil {
				return err
			}
			a.res.RSS = append(a.res.RSS, RSSPoint{Pods: target, Bytes: b})
		}
	}
	for _, a := range arms {
		a.res.HandlerWith, a.res.HandlerWithout = Summarize(a.with), Summarize(a.without)
		a.res.HandlerWithSamples = a.with
		a.res.Reconcile, a.res.ReconcileWall = Summarize(a.recon), Summarize(a.wall)
		a.res.Stages = a.stages.summaries()
		h.Res.Daemon = append(h.Res.Daemon, *a.res)
	}
	if err := h.runScale(ctx); err != nil {
		return err
	}
	if err := h.runConntrack(ctx); err != nil {
		return err
	}
	if err := h.runEgress(ctx); err != nil {
		return err
	}
	return h.runGoBench(ctx)
}

func countAnnotated(w *nriWorld) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, p := range w.pods {
		if len(p.Annotations) > 0 {
			n++
		}
	}
	return n
}
