// Package e2e is diktyo's end-to-end suite: a real containerd (CRI, NRI)
// driven with crictl on the machine it runs on, provisioned by
// hack/testvm.sh, with diktyo-nri connected to it. See docs/testing.md.
//
// It only runs with DIKTYO_E2E=1 (as root): TestMain then brings the test
// VM up (cached after the first run), and resets the host at the end
// (DIKTYO_E2E_KEEP=1 leaves the VM running for inspection). Without it,
// every test skips, so `go test ./...` stays fast and harmless.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// vm is the running test VM; nil when the suite is not enabled.
var vm *testVM

// testVM is the containerd provisioned by hack/testvm.sh, described by
// the variables `hack/testvm.sh env` prints.
type testVM struct {
	repo string
	env  map[string]string
}

func TestMain(m *testing.M) {
	if os.Getenv("DIKTYO_E2E") != "1" {
		os.Exit(m.Run())
	}
	if os.Geteuid() != 0 {
		fmt.Fprintln(os.Stderr, "e2e: DIKTYO_E2E=1 needs root (it runs containerd)")
		os.Exit(1)
	}
	v, err := setUp()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: setting up the test VM:", err)
		os.Exit(1)
	}
	vm = v
	code := m.Run()
	if os.Getenv("DIKTYO_E2E_KEEP") == "1" {
		fmt.Fprintln(os.Stderr, "e2e: DIKTYO_E2E_KEEP=1: the test VM keeps running; `hack/testvm.sh reset` removes it")
	} else if err := v.script(os.Stderr, "reset"); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: resetting the test VM:", err)
		code = 1
	}
	os.Exit(code)
}

// requireVM skips the test unless the suite is enabled.
func requireVM(t *testing.T) *testVM {
	t.Helper()
	if vm == nil {
		t.Skip("end-to-end test: set DIKTYO_E2E=1 and run as root (it provisions a containerd with hack/testvm.sh)")
	}
	return vm
}

func setUp() (*testVM, error) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		return nil, err
	}
	v := &testVM{repo: repo}
	start := time.Now()
	if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := v.script(&out, "env"); err != nil {
		return nil, err
	}
	v.env = map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^export (\w+)=(.*)$`).FindAllStringSubmatch(out.String(), -1) {
		v.env[m[1]] = m[2]
	}
	for _, k := range []string{"DIKTYO_TESTVM_DIR", "DIKTYO_TESTVM_SOCKET", "DIKTYO_TESTVM_NRI_SOCKET", "DIKTYO_TESTVM_DNS_SERVER", "DIKTYO_TESTVM_CONFIG"} {
		if v.env[k] == "" {
			return nil, fmt.Errorf("hack/testvm.sh env: no %s", k)
		}
	}
	// Pods of an earlier, interrupted run would confuse the checks.
	if out, err := v.crictl(context.Background(), "rmp", "-fa"); err != nil {
		return nil, fmt.Errorf("crictl rmp -fa: %w\n%s", err, out)
	}
	fmt.Fprintf(os.Stderr, "e2e: test VM up in %s\n", time.Since(start).Round(time.Millisecond))
	return v, nil
}

// script runs hack/testvm.sh with args, its output to w.
func (v *testVM) script(w io.Writer, args ...string) error {
	cmd := exec.Command(filepath.Join(v.repo, "hack/testvm.sh"), args...)
	cmd.Stdout, cmd.Stderr = w, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("hack/testvm.sh %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

func (v *testVM) dir(parts ...string) string {
	return filepath.Join(append([]string{v.env["DIKTYO_TESTVM_DIR"]}, parts...)...)
}

func (v *testVM) bin(name string) string { return v.dir("bin", name) }

// crictl runs the VM's crictl; stdout and stderr come back separately in
// the error's text so callers can match containerd's message.
func (v *testVM) crictl(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, v.bin("crictl"), args...)
	cmd.Env = append(os.Environ(),
		"CONTAINER_RUNTIME_ENDPOINT=unix://"+v.env["DIKTYO_TESTVM_SOCKET"],
		"CRI_CONFIG_FILE="+v.bin("crictl.yaml"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		return stdout.String(), fmt.Errorf("crictl %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

func (v *testVM) mustCrictl(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := v.crictl(ctx, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// restartContainerd stops containerd (its pods live on in their shims)
// and starts it again through hack/testvm.sh.
func (v *testVM) restartContainerd(t *testing.T) {
	t.Helper()
	pidFile := v.dir("run", "containerd.pid")
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("%s: %v", pidFile, err)
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatalf("stopping containerd: %v", err)
	}
	waitFor(t, 20*time.Second, "containerd to exit", func() bool { return !alive(pid) })
	if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil {
		t.Fatal(err)
	}
}

// alive reports whether pid runs and is no zombie (PID 1 reaps late).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return false
	}
	m := regexp.MustCompile(`(?m)^State:\s+(\S)`).FindSubmatch(b)
	return m != nil && string(m[1]) != "Z" && string(m[1]) != "X"
}

// waitFor polls cond every 50 ms until it holds or timeout passes. It is
// for state that converges (a process exits, a log line appears), never
// for asserting how fast something happens.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// nri is a diktyo-nri process in external mode, connected to the VM.
type nri struct {
	cmd     *exec.Cmd
	log     string
	metrics string
	done    <-chan struct{}
}

// startNRI starts diktyo-nri with the admin config at cfg and waits for
// its first Synchronize with containerd to be reconciled. It is stopped
// at the end of the test.
func (v *testVM) startNRI(t *testing.T, cfg string) *nri {
	t.Helper()
	n := &nri{log: filepath.Join(t.TempDir(), "diktyo-nri.log"), metrics: freeAddr(t)}
	v.restartNRI(t, n, cfg)
	t.Cleanup(func() { n.stop(t) })
	return n
}

// restartNRI (re)starts n's process with the admin config cfg, appending
// to the same log.
func (v *testVM) restartNRI(t *testing.T, n *nri, cfg string) {
	t.Helper()
	logf, err := os.OpenFile(n.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	synced := n.count(`msg=reconciled trigger=Synchronize`)
	n.cmd = exec.Command(v.bin("diktyo-nri"), "--config", cfg, "--socket", v.env["DIKTYO_TESTVM_NRI_SOCKET"],
		"--metrics-addr", n.metrics, "--log-level", "debug")
	n.cmd.Stdout, n.cmd.Stderr = logf, logf
	// Its own process group: a ^C at the terminal reaches the test
	// binary, whose cleanup stops diktyo-nri in order.
	n.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	done, err := testutil.StartTied(n.cmd, "")
	if err != nil {
		t.Fatalf("starting diktyo-nri: %v", err)
	}
	n.done = done
	n.waitLog(t, `msg=reconciled trigger=Synchronize`, synced+1)
}

// kill ends diktyo-nri abruptly (SIGKILL), as a crash would.
func (n *nri) kill(t *testing.T) {
	t.Helper()
	_ = n.cmd.Process.Kill()
	<-n.done
}

// stop ends diktyo-nri with SIGTERM, as a rolling update would.
func (n *nri) stop(t *testing.T) {
	t.Helper()
	select {
	case <-n.done:
		return
	default:
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(10 * time.Second):
		_ = n.cmd.Process.Kill()
		<-n.done
		t.Error("diktyo-nri did not exit within 10s of SIGTERM")
	}
	if t.Failed() {
		n.dumpLog(t)
	}
}

func (n *nri) dumpLog(t *testing.T) {
	b, _ := os.ReadFile(n.log)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > 60 {
		lines = lines[len(lines)-60:]
	}
	t.Logf("diktyo-nri log (last %d lines):\n%s", len(lines), strings.Join(lines, "\n"))
}

// count returns how many log lines match re.
func (n *nri) count(re string) int {
	b, err := os.ReadFile(n.log)
	if err != nil {
		return 0
	}
	return len(regexp.MustCompile(re).FindAllIndex(b, -1))
}

// waitLog waits until at least want log lines match re.
func (n *nri) waitLog(t *testing.T, re string, want int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for n.count(re) < want {
		select {
		case <-n.done:
			n.dumpLog(t)
			t.Fatalf("diktyo-nri exited while waiting for log %q", re)
		default:
		}
		if time.Now().After(deadline) {
			n.dumpLog(t)
			t.Fatalf("timed out waiting for diktyo-nri log %q (x%d)", re, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sample is one series of diktyo-nri's Prometheus endpoint.
type sample struct {
	name, labelText string // labelText: between the braces, as exposed
	labels          map[string]string
	value           float64
}

var labelRE = regexp.MustCompile(`(\w+)="((?:[^"\\]|\\.)*)"`)

// samples scrapes diktyo-nri's Prometheus endpoint once.
func (n *nri) samples(t *testing.T) []sample {
	t.Helper()
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get("http://" + n.metrics + "/metrics")
	if err != nil {
		t.Fatalf("metrics: %v", err)
	}
	defer resp.Body.Close()
	var out []sample
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		series, val, ok := strings.Cut(line, " ")
		if i := strings.LastIndex(line, "} "); i >= 0 {
			series, val, ok = line[:i+1], line[i+2:], true
		}
		if !ok {
			continue
		}
		name, labelText, _ := strings.Cut(series, "{")
		labelText = strings.TrimSuffix(labelText, "}")
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		sm := sample{name: name, labelText: labelText, labels: map[string]string{}, value: f}
		for _, m := range labelRE.FindAllStringSubmatch(labelText, -1) {
			sm.labels[m[1]] = m[2]
		}
		out = append(out, sm)
	}
	return out
}

// metric sums every series of the named metric whose labels contain
// labelSubstr, from diktyo-nri's Prometheus endpoint.
func (n *nri) metric(t *testing.T, name, labelSubstr string) float64 {
	t.Helper()
	var sum float64
	for _, s := range n.samples(t) {
		if s.name == name && strings.Contains(s.labelText, labelSubstr) {
			sum += s.value
		}
	}
	return sum
}

// metricWhere sums every series of the named metric that has all of
// labels (and any others), from diktyo-nri's Prometheus endpoint. A metric
// that is not exposed sums to 0.
func (n *nri) metricWhere(t *testing.T, name string, labels map[string]string) float64 {
	t.Helper()
	var sum float64
	for _, s := range n.samples(t) {
		match := s.name == name
		for k, v := range labels {
			match = match && s.labels[k] == v
		}
		if match {
			sum += s.value
		}
	}
	return sum
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
