package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
)

// benchVMDir is section 4's test VM instance (its containerd and the
// processes it starts name it on their command lines).
const benchVMDir = "/var/lib/diktyo-bench-vm"

// Section 4 runs under a real containerd: the test VM of hack/testvm.sh,
// as a separate instance (own state dir, bridge, subnet, DNS port) so a
// test VM someone else runs on the machine is not disturbed. diktyo-nri is
// started and stopped by the harness between the arms of each round, with
// its own copy of the VM's chain whose shared objects carry bench names.

// TestVM settings of the harness's instance; DIKTYO_BENCH_TESTVM_DIR
// overrides the state directory (tools and images are cached there).
var benchVMEnv = map[string]string{
	"DIKTYO_TESTVM_DIR":      benchVMDir,
	"DIKTYO_TESTVM_BRIDGE":   "dkbvm0",
	"DIKTYO_TESTVM_SUBNET":   "198.18.210.0/24",
	"DIKTYO_TESTVM_METRICS":  "127.0.0.1:9798",
	"DIKTYO_TESTVM_DNS_PORT": "10063",
}

const (
	benchVMTag   = "DKBENCH-VM" // ipmasq tag chain of the bench VM's chain
	benchVMTable = "dkbench_vm" // ipmasq nftables table likewise
	benchVMNS    = "e2e-bench"  // pod namespace (the VM's admin config allows e2e-*)
	benchVMExt   = "198.19.255.10"
	// benchVMExtTCP's ports 20000-29999 are what the VM allows on it.
	benchVMExtTCP = "198.19.255.12"
)

type benchVM struct {
	h      *Harness
	script string
	env    []string
	vars   map[string]string
	dir    string // harness scratch for pod configs, chain, config
	// configs are diktyo-nri admin configs (the VM's, pointing at our
	// copy of its chain) by ipmasq backend.
	configs map[string]string
	seq     atomic.Int32 // names pods and containers; pods start while containers are created
}

// runContainerd is section 4.
func (h *Harness) runContainerd(ctx context.Context) error {
	script := filepath.Join(h.Opts.Root, "hack", "testvm.sh")
	if h.Opts.Root == "" {
		h.Res.skip(SecContainerd, "repository root unknown (hack/testvm.sh provisions containerd)")
		return nil
	}
	if _, err := os.Stat(script); err != nil {
		h.Res.skip(SecContainerd, "hack/testvm.sh not found (the test VM of issue 6 provisions containerd)")
		return nil
	}
	if why := h.missing(Case{Bins: []string{"diktyo-nri", "ipmasq", "iproute", "registerDNS"}}); why != "" {
		h.Res.skip(SecContainerd, why)
		return nil
	}
	vm := &benchVM{h: h, script: script, dir: filepath.Join(h.Env.Dir, "vm")}
	if err := os.MkdirAll(vm.dir, 0o755); err != nil {
		return err
	}
	for k, v := range benchVMEnv {
		if k == "DIKTYO_TESTVM_DIR" {
			if o := os.Getenv("DIKTYO_BENCH_TESTVM_DIR"); o != "" {
				v = o
			}
		}
		vm.env = append(vm.env, k+"="+v)
	}
	t0 := time.Now()
	h.Log.Info("bringing the bench test VM up (provisions on first use: several minutes)", "dir", vm.envValue("DIKTYO_TESTVM_DIR"))
	defer vm.tearDown()
	if out, err := vm.sh(ctx, "up", "--nri", "none"); err != nil {
		h.Log.Error("hack/testvm.sh up failed", "output", tail(out, 30))
		return fmt.Errorf("hack/testvm.sh up: %w", err)
	}
	if err := vm.loadEnv(ctx); err != nil {
		return err
	}
	bin := filepath.Join(vm.vars["DIKTYO_TESTVM_DIR"], "bin")
	h.Res.Meta.Versions["containerd (test VM)"] = cmdLine(ctx, "", filepath.Join(bin, "containerd"), "--version")
	h.Res.Meta.Versions["crictl (test VM)"] = cmdLine(ctx, "", filepath.Join(bin, "crictl"), "--version")
	res := &ContainerdResult{}
	var err error
	res.Notes = append(res.Notes, fmt.Sprintf("test VM up (provisioning included) in %s; not part of any figure", time.Since(t0).Round(time.Second)))
	vm.configs = map[string]string{}
	for _, backend := range []string{"iptables", "nftables"} {
		if vm.configs[backend], err = vm.writeChain(backend); err != nil {
			return err
		}
	}
	if _, err := vm.crictl(ctx, "rmp", "-fa"); err != nil {
		return err
	}
	// Whatever was measured is kept when a later part fails.
	h.Res.Containerd = res
	if err := vm.measure(ctx, res); err != nil {
		return err
	}
	if err := vm.measureLoad(ctx, res); err != nil {
		return fmt.Errorf("under load: %w", err)
	}
	if err := vm.measureCreate(ctx, res); err != nil {
		return fmt.Errorf("CreateContainer under load: %w", err)
	}
	return nil
}

func (v *benchVM) envValue(k string) string {
	for _, kv := range v.env {
		if key, val, _ := strings.Cut(kv, "="); key == k {
			return val
		}
	}
	return ""
}

// sh runs hack/testvm.sh with the bench instance's environment.
func (v *benchVM) sh(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, v.script, args...)
	cmd.Env = append(os.Environ(), v.env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	v.h.Log.Debug("testvm.sh", "args", args, "output", out.String())
	return out.String(), err
}

func (v *benchVM) loadEnv(ctx context.Context) error {
	out, err := v.sh(ctx, "env")
	if err != nil {
		return fmt.Errorf("hack/testvm.sh env: %w", err)
	}
	v.vars = map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^export (\w+)=(.*)$`).FindAllStringSubmatch(out, -1) {
		v.vars[m[1]] = m[2]
	}
	for _, k := range []string{"DIKTYO_TESTVM_DIR", "DIKTYO_TESTVM_SOCKET", "DIKTYO_TESTVM_NRI_SOCKET", "DIKTYO_TESTVM_CONFIG", "DIKTYO_TESTVM_CGROUP_PARENT"} {
		if v.vars[k] == "" {
			return fmt.Errorf("hack/testvm.sh env: no %s", k)
		}
	}
	return nil
}

// writeChain copies the VM's chain and admin config into the harness's
// scratch dir with ipmasq's backend set, renaming the chain's shared
// objects (tag chain, nft table, iproute state) so they cannot collide
// with another test VM's. It returns the admin config's path.
func (v *benchVM) writeChain(backend string) (string, error) {
	cfg, err := os.ReadFile(v.vars["DIKTYO_TESTVM_CONFIG"])
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^(\s*conflist:\s*)(\S+)\s*$`).FindSubmatch(cfg)
	if m == nil {
		return "", fmt.Errorf("%s: no chain.conflist line", v.vars["DIKTYO_TESTVM_CONFIG"])
	}
	raw, err := os.ReadFile(string(m[2]))
	if err != nil {
		return "", err
	}
	var list map[string]any
	if err := json.Unmarshal(raw, &list); err != nil {
		return "", fmt.Errorf("%s: %w", m[2], err)
	}
	plugins, _ := list["plugins"].([]any)
	for _, p := range plugins {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		switch pm["type"] {
		case "ipmasq":
			pm["tag"], pm["table"], pm["backend"] = benchVMTag, benchVMTable, backend
		case "iproute":
			pm["stateDir"] = filepath.Join(v.dir, "iproute")
		}
	}
	chain, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return "", err
	}
	conflist := filepath.Join(v.dir, "chain-"+backend+".conflist")
	if err := os.WriteFile(conflist, chain, 0o600); err != nil {
		return "", err
	}
	cache := filepath.Join(v.dir, "cni-cache")
	out := regexp.MustCompile(`(?m)^(\s*conflist:\s*)\S+\s*$`).ReplaceAll(cfg, []byte("${1}"+conflist))
	out = regexp.MustCompile(`(?m)^(\s*cacheDir:\s*)\S+\s*$`).ReplaceAll(out, []byte("${1}"+cache))
	// The default, stated so the figure says what it measured.
	out = regexp.MustCompile(`(?m)^\s*inProcess:.*\n`).ReplaceAll(out, nil)
	out = regexp.MustCompile(`(?m)^chain:\s*\n`).ReplaceAll(out, []byte("chain:\n  inProcess: true\n"))
	config := filepath.Join(v.dir, "config-"+backend+".yaml")
	return config, os.WriteFile(config, out, 0o600)
}

func (v *benchVM) crictl(ctx context.Context, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	bin := filepath.Join(v.vars["DIKTYO_TESTVM_DIR"], "bin", "crictl")
	cmd := exec.CommandContext(ctx, bin, append([]string{"--runtime-endpoint", "unix://" + v.vars["DIKTYO_TESTVM_SOCKET"], "--timeout", "60s"}, args...)...)
	cmd.Env = append(os.Environ(), "CRI_CONFIG_FILE="+v.vars["CRI_CONFIG_FILE"])
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("crictl %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// podConfig writes a crictl pod config; annotated pods ask for the same
// kind of policy as the other sections, within the VM's allowlists. Their
// explicit externals are port ranges of their own (a slot of 100 ports
// from the pod's sequence number), as diktyo-nri refuses a range that
// overlaps another live pod's: pods started together need not wait for
// each other's.
func (v *benchVM) podConfig(annotated bool) (string, error) {
	seq := v.seq.Add(1)
	name := fmt.Sprintf("bench-%s-%04d", v.h.Env.Run, seq)
	uid := "uid-" + name
	cfg := map[string]any{
		"metadata":      map[string]any{"name": name, "namespace": benchVMNS, "uid": uid, "attempt": 0},
		"log_directory": filepath.Join(v.vars["DIKTYO_TESTVM_DIR"], "pods", benchVMNS+"_"+name+"_"+uid),
		"linux":         map[string]any{"cgroup_parent": v.vars["DIKTYO_TESTVM_CGROUP_PARENT"]},
	}
	if annotated {
		masq, err := json.Marshal([]map[string]string{
			{"external": portSlot(benchVMExt, 10000, seq), "destination": "198.19.0.0/16", "protocol": "udp", "description": "bench udp"},
			{"external": portSlot(benchVMExtTCP, 20000, seq), "destination": "198.19.0.0/16", "protocol": "tcp", "description": "bench tcp"},
			{"external": "masquerade", "destination": "198.19.1.0/24", "description": "bench masq"},
		})
		if err != nil {
			return "", err
		}
		cfg["annotations"] = map[string]string{
			"diktyo.io/v1.masq":        string(masq),
			"diktyo.io/v1.route-table": "100",
			"diktyo.io/v1.dns-names":   name + "." + benchVMNS + "." + strings.TrimSuffix(v.vars["DIKTYO_TESTVM_DNS_ZONE"], "."),
		}
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	f := filepath.Join(v.dir, name+".json")
	return f, os.WriteFile(f, b, 0o644)
}

// portSlot is the external addr with the seq'th (mod 100) range of 100
// ports from base: 100 pods in a row never share one.
func portSlot(addr string, base int, seq int32) string {
	lo := base + 100*int(seq%100)
	return fmt.Sprintf("%s:%d-%d", addr, lo, lo+99)
}

// runp times one `crictl runp` and removes the pod afterwards (untimed).
func (v *benchVM) runp(ctx context.Context, annotated bool) (time.Duration, error) {
	cfg, err := v.podConfig(annotated)
	if err != nil {
		return 0, err
	}
	id, d, err := v.startPod(ctx, cfg)
	if err != nil {
		return 0, err
	}
	if _, err := v.stopPod(ctx, id); err != nil {
		return 0, err
	}
	if _, err := v.crictl(ctx, "rmp", id); err != nil {
		return 0, err
	}
	return d, nil
}

// startPod times `crictl runp` of a pod config and returns the pod's id.
func (v *benchVM) startPod(ctx context.Context, cfg string) (string, time.Duration, error) {
	t0 := time.Now()
	out, err := v.crictl(ctx, "runp", cfg)
	return strings.TrimSpace(out), time.Since(t0), err
}

// stopPod times `crictl stopp` (StopPodSandbox: diktyo-nri's DEL).
func (v *benchVM) stopPod(ctx context.Context, id string) (time.Duration, error) {
	t0 := time.Now()
	_, err := v.crictl(ctx, "stopp", id)
	return time.Since(t0), err
}

// startNRI starts diktyo-nri against the VM's NRI socket (external mode)
// and waits until it is connected and has reconciled.
func (v *benchVM) startNRI(ctx context.Context, config string) (*daemon, error) {
	bin := filepath.Join(v.h.Opts.BinDir, "diktyo-nri")
	cmd := exec.Command(bin, "--config", config, "--socket", v.vars["DIKTYO_TESTVM_NRI_SOCKET"], "--log-format", "json")
	d, err := startDaemon(v.h.Env, nil, cmd)
	if err != nil {
		return nil, err
	}
	if _, _, err := d.waitLog(ctx, 0, 30*time.Second, func(l logLine) bool { return l.msg == "reconciled" }); err != nil {
		v.h.Env.Stop(cmd)
		return nil, fmt.Errorf("diktyo-nri did not connect: %w", err)
	}
	return d, nil
}

// criBlock is how many pods each arm runs per round: diktyo-nri is
// restarted for every connected block, and its first pod after a connect
// (untimed) warms it up, so blocks keep restarts from dominating.
const criBlock = 5

// measure runs rounds until each arm has CRIPods pods: the arm without
// diktyo-nri (unannotated pods), then the arm with it connected (an
// annotated pod, full chain, and an unannotated one, alternately), the
// order of the arms alternating between rounds.
func (v *benchVM) measure(ctx context.Context, res *ContainerdResult) error {
	var without, with, plain, handler []time.Duration
	block := min(criBlock, v.h.Opts.CRIPods)
	withArm := func() error {
		d, err := v.startNRI(ctx, v.configs["iptables"])
		if err != nil {
			return err
		}
		defer v.h.Env.Stop(d.cmd)
		if err := v.warmUp(ctx, d); err != nil {
			return err
		}
		for i := range block {
			for _, annotated := range []bool{i%2 == 0, i%2 != 0} {
				from := d.count()
				dt, err := v.runp(ctx, annotated)
				if err != nil {
					return err
				}
				if !annotated {
					plain = append(plain, dt)
					continue
				}
				with = append(with, dt)
				l, _, err := d.waitLog(ctx, from, 10*time.Second, func(l logLine) bool { return l.msg == "policy applied" })
				if err != nil {
					return err
				}
				handler = append(handler, durAttr(l.attr["took"]))
			}
		}
		return nil
	}
	withoutArm := func() error {
		for range block {
			dt, err := v.runp(ctx, false)
			if err != nil {
				return err
			}
			without = append(without, dt)
		}
		return nil
	}
	// One untimed pod first: images and binaries into the page cache.
	if _, err := v.runp(ctx, false); err != nil {
		return err
	}
	for r := 0; len(with) < v.h.Opts.CRIPods; r++ {
		arms := []func() error{withoutArm, withArm}
		if r%2 == 1 {
			arms[0], arms[1] = arms[1], arms[0]
		}
		for _, arm := range arms {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := arm(); err != nil {
				return err
			}
		}
	}
	res.RunpWithout, res.RunpWith, res.RunpPlain = Summarize(without), Summarize(with), Summarize(plain)
	res.RunpWithSamples, res.RunpWithoutSamples = with, without
	hs := Summarize(handler)
	res.HandlerP50, res.HandlerP99, res.HandlerN = hs.Median, hs.P99, hs.N
	res.Notes = append(res.Notes,
		fmt.Sprintf("rounds of %d pods per arm, arms alternating; diktyo-nri is started for each connected block and its first pod after connecting is untimed", block),
		"the handler figure is diktyo-nri's own `policy applied took` log field for each annotated pod; the chain is the test VM's (ipmasq iptables, iproute, registerDNS rfc2136 to the VM's BIND9), run in-process (`chain.inProcess: true`, the default)",
		"crictl runp is timed end to end (crictl process included, the same in both arms); stopp and rmp run after each pod, untimed")
	return nil
}

// tearDown removes the pods (diktyo's DEL runs for any annotated one left
// by an error, as its state lives in the chain), stops the VM and resets
// the host unless another test VM is running on the machine (reset would
// remove its shared objects too).
func (v *benchVM) tearDown() {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if v.vars != nil {
		_, _ = v.crictl(ctx, "rmp", "-fa")
	}
	if out, err := v.sh(ctx, "down"); err != nil {
		v.h.Log.Error("hack/testvm.sh down failed", "error", err, "output", tail(out, 20))
	}
	removeBenchVMObjects()
	if other := otherTestVM(v.envValue("DIKTYO_TESTVM_DIR")); other != "" {
		v.h.Log.Warn("another test VM runs on this machine; only the bench VM's own bridge is removed (not hack/testvm.sh reset)", "other", other)
		_ = exec.Command("ip", "link", "del", v.envValue("DIKTYO_TESTVM_BRIDGE")).Run()
		return
	}
	if out, err := v.sh(ctx, "reset"); err != nil {
		v.h.Log.Error("hack/testvm.sh reset failed", "error", err, "output", tail(out, 20))
	}
}

// removeBenchVMObjects deletes whatever of the bench chain's iptables and
// nftables objects is left in the host namespace (normally nothing: DEL
// of the last pod removes the tag chain too): every rule naming the tag,
// then every chain whose name holds it, in one iptables-restore per
// family.
func removeBenchVMObjects() {
	for _, fam := range []string{"iptables", "ip6tables"} {
		out, err := exec.Command(fam+"-save", "-t", "nat").Output()
		if err != nil {
			continue
		}
		if script := untagScript(string(out), benchVMTag); script != "" {
			cmd := exec.Command(fam+"-restore", "--noflush")
			cmd.Stdin = strings.NewReader(script)
			_ = cmd.Run()
		}
	}
	for _, fam := range []string{"ip", "ip6", "inet"} {
		_ = exec.Command("nft", "delete", "table", fam, benchVMTable).Run()
	}
}

// untagScript turns an iptables-save of the nat table into a restore
// script removing the tag chain, the pod chains it jumps or goes to, and
// the rules elsewhere that jump to any of them ("" when there are none).
func untagScript(save, tag string) string {
	ours := map[string]bool{}
	var lines [][]string
	for _, l := range strings.Split(save, "\n") {
		if strings.HasPrefix(l, ":"+tag+" ") {
			ours[tag] = true
		}
		if strings.HasPrefix(l, "-A ") {
			lines = append(lines, strings.Fields(l))
		}
	}
	if !ours[tag] {
		return ""
	}
	target := func(f []string) string {
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "-j" || f[i] == "-g" {
				return f[i+1]
			}
		}
		return ""
	}
	var order []string
	for _, f := range lines {
		if f[1] == tag {
			if t := target(f); t != "" && !ours[t] && t != "RETURN" && t != "ACCEPT" {
				ours[t] = true
				order = append(order, t)
			}
		}
	}
	var b strings.Builder
	b.WriteString("*nat\n")
	for _, l := range strings.Split(save, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "-A" && !ours[f[1]] && ours[target(f)] {
			b.WriteString("-D " + l[3:] + "\n")
		}
	}
	for _, c := range append([]string{tag}, order...) {
		b.WriteString("-F " + c + "\n")
	}
	for _, c := range append([]string{tag}, order...) {
		b.WriteString("-X " + c + "\n")
	}
	b.WriteString("COMMIT\n")
	return b.String()
}

// otherTestVM returns the config path of a containerd not of ours started
// by hack/testvm.sh, or "".
func otherTestVM(ourDir string) string {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		args := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
		if len(args) < 3 || filepath.Base(args[0]) != "containerd" {
			continue
		}
		for i, a := range args[:len(args)-1] {
			if a == "--config" && strings.HasSuffix(args[i+1], "/etc/containerd/config.toml") && !strings.HasPrefix(args[i+1], ourDir+"/") {
				return args[i+1]
			}
		}
	}
	return ""
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
