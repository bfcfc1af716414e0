package bench

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// NetnsPrefix starts the name of every network namespace the harness
// creates, so a leftover (after kill -9) is easy to recognise:
// ip netns list | grep ^dktb-.
const NetnsPrefix = "dktb-"

// Env owns everything one benchmark run creates: named network namespaces,
// a scratch directory and background processes. Close removes them all; it
// is safe to call more than once and from a signal handler's goroutine.
type Env struct {
	Run string // random run id, part of every name
	Dir string // scratch directory (CNI cache, IPAM state, hosts files)
	// RunDir is scratch space on tmpfs for what a node keeps under /run
	// (iproute's state: its default /run/diktyo/iproute is on tmpfs on a
	// node, whatever this machine's /run is).
	RunDir string
	Log    *slog.Logger

	mu     sync.Mutex
	netns  []*Netns
	procs  []*exec.Cmd
	extra  []func()
	closed bool
	seq    int
}

// NewEnv creates the scratch directory; namespaces come later.
func NewEnv(log *slog.Logger) (*Env, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("the benchmarks need root (network namespaces, iptables, nftables)")
	}
	run := testutil.RandSuffix(6)
	dir, err := os.MkdirTemp("", "diktyo-bench-"+run+"-")
	if err != nil {
		return nil, err
	}
	runDir, err := os.MkdirTemp(tmpfsDir(), "diktyo-bench-"+run+"-")
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	return &Env{Run: run, Dir: dir, RunDir: runDir, Log: log}, nil
}

// tmpfsDir is a tmpfs to make RunDir in: /dev/shm where it is one, else
// the system's temp dir (then the figures include the disk's metadata
// writes, and the report's machine table says what /dev/shm was).
func tmpfsDir() string {
	var st unix.Statfs_t
	if unix.Statfs("/dev/shm", &st) == nil && st.Type == unix.TMPFS_MAGIC {
		return "/dev/shm"
	}
	return os.TempDir()
}

// Netns is one named network namespace of the run.
type Netns struct {
	Name string
	Path string
	ns   ns.NetNS
}

// NewNetns creates a namespace named dktb-<run>-<role><n> with loopback up.
func (e *Env) NewNetns(role string) (*Netns, error) {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, errors.New("environment closed")
	}
	e.seq++
	name := fmt.Sprintf("%s%s-%s%d", NetnsPrefix, e.Run, role, e.seq)
	e.mu.Unlock()
	if len(name) > 60 {
		name = name[:60]
	}
	if out, err := exec.Command("ip", "netns", "add", name).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ip netns add %s: %w: %s", name, err, out)
	}
	n := &Netns{Name: name, Path: filepath.Join("/var/run/netns", name)}
	e.mu.Lock()
	e.netns = append(e.netns, n)
	e.mu.Unlock()
	h, err := ns.GetNS(n.Path)
	if err != nil {
		return nil, err
	}
	n.ns = h
	if _, err := n.Run("ip", "link", "set", "lo", "up"); err != nil {
		return nil, err
	}
	return n, nil
}

// Do runs fn on a thread switched into the namespace. Processes fn starts
// (plugins exec'd by libcni) inherit the namespace.
func (n *Netns) Do(fn func() error) error {
	return n.ns.Do(func(ns.NetNS) error { return fn() })
}

// Run executes a command inside the namespace and returns its combined
// output.
func (n *Netns) Run(name string, args ...string) (string, error) {
	return n.RunStdin("", name, args...)
}

// RunStdin is Run with stdin.
func (n *Netns) RunStdin(stdin, name string, args ...string) (string, error) {
	var out []byte
	err := n.Do(func() error {
		cmd := exec.Command(name, args...)
		if stdin != "" {
			cmd.Stdin = strings.NewReader(stdin)
		}
		var err error
		out, err = cmd.CombinedOutput()
		return err
	})
	if err != nil {
		return string(out), fmt.Errorf("%s %s (netns %s): %w: %s", name, strings.Join(args, " "), n.Name, err, out)
	}
	return string(out), nil
}

// runHost runs a command in the harness's own namespace (ip -n NAME ...
// commands act on the named namespace from there).
func runHost(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// Start starts a long-running process inside the namespace; Close stops it.
func (e *Env) Start(n *Netns, cmd *exec.Cmd) error {
	var err error
	if n != nil {
		err = n.Do(cmd.Start)
	} else {
		err = cmd.Start()
	}
	if err != nil {
		return err
	}
	e.mu.Lock()
	e.procs = append(e.procs, cmd)
	e.mu.Unlock()
	return nil
}

// Stop ends a process started with Start (SIGTERM, then SIGKILL after 5 s)
// and waits for it.
func (e *Env) Stop(cmd *exec.Cmd) {
	e.mu.Lock()
	for i, c := range e.procs {
		if c == cmd {
			e.procs = append(e.procs[:i], e.procs[i+1:]...)
			break
		}
	}
	e.mu.Unlock()
	stopProcess(cmd)
}

func stopProcess(cmd *exec.Cmd) {
	if cmd.Process == nil || cmd.ProcessState != nil {
		return
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	_ = cmd.Process.Signal(os.Interrupt)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

// OnClose registers a cleanup run by Close before namespaces are deleted.
func (e *Env) OnClose(fn func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.extra = append(e.extra, fn)
}

// DeleteNetns removes one namespace early (and everything in it).
func (e *Env) DeleteNetns(n *Netns) {
	e.mu.Lock()
	for i, x := range e.netns {
		if x == n {
			e.netns = append(e.netns[:i], e.netns[i+1:]...)
			break
		}
	}
	e.mu.Unlock()
	deleteNetns(n)
}

func deleteNetns(n *Netns) {
	if n.ns != nil {
		_ = n.ns.Close()
	}
	_ = exec.Command("ip", "netns", "del", n.Name).Run()
}

// Close stops processes, runs cleanups, deletes every namespace (which
// removes their links, routes, rules, iptables and nftables state) and the
// scratch directory.
func (e *Env) Close() {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return
	}
	e.closed = true
	procs, extra, nss := e.procs, e.extra, e.netns
	e.procs, e.extra, e.netns = nil, nil, nil
	e.mu.Unlock()
	for i := len(procs) - 1; i >= 0; i-- {
		stopProcess(procs[i])
	}
	for i := len(extra) - 1; i >= 0; i-- {
		extra[i]()
	}
	for _, n := range nss {
		deleteNetns(n)
	}
	_ = os.RemoveAll(e.Dir)
	_ = os.RemoveAll(e.RunDir)
}

// Leftovers lists namespaces of this run that still exist (for the test
// that proves cleanup).
func (e *Env) Leftovers() []string {
	out, _ := exec.Command("ip", "netns", "list").Output()
	var left []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], NetnsPrefix+e.Run+"-") {
			left = append(left, f[0])
		}
	}
	return left
}
