package chainrun_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/containernetworking/cni/pkg/invoke"
	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/cni/pkg/version"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// cniEnv builds the environment libcni gives a plugin.
func cniEnv(cmd, id, netns, ifname, args string) []string {
	a := &invoke.Args{Command: cmd, ContainerID: id, NetNS: netns, IfName: ifname, PluginArgsStr: args, Path: "/nonexistent"}
	return a.AsEnv()
}

func TestInProcessVersion(t *testing.T) {
	e := chainrun.NewInProcess(nil)
	ctx := context.Background()
	for _, typ := range chainrun.BuiltinTypes() {
		path, err := e.FindInPath(typ, nil)
		if err != nil {
			t.Fatalf("FindInPath(%s) with no bin dirs: %v", typ, err)
		}
		info, err := invoke.GetVersionInfo(ctx, path, e)
		if err != nil {
			t.Fatalf("%s VERSION: %v", typ, err)
		}
		if got, want := info.SupportedVersions(), cniutil.Versions.SupportedVersions(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s VERSION = %v, want %v", typ, got, want)
		}
	}
}

// TestInProcessVersionLikeBinary compares VERSION's bytes with the
// binaries'.
func TestInProcessVersionLikeBinary(t *testing.T) {
	bin := testutil.PluginDir(t)
	e := chainrun.NewInProcess(nil)
	env := (&invoke.Args{Command: "VERSION", NetNS: "dummy", IfName: "dummy", Path: "dummy"}).AsEnv()
	stdin := []byte(`{"cniVersion":"1.1.0"}`)
	for _, typ := range chainrun.BuiltinTypes() {
		want, err := (&invoke.RawExec{Stderr: io.Discard}).ExecPlugin(context.Background(), filepath.Join(bin, typ), stdin, env)
		if err != nil {
			t.Fatal(err)
		}
		path, _ := e.FindInPath(typ, nil)
		got, err := e.ExecPlugin(context.Background(), path, stdin, env)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s VERSION:\n in-process %s\n binary     %s", typ, got, want)
		}
	}
}

// fakeExec records what reaches it.
type fakeExec struct {
	version.PluginDecoder
	mu    sync.Mutex
	found []string
	ran   []string
}

func (f *fakeExec) FindInPath(plugin string, paths []string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.found = append(f.found, plugin)
	if len(paths) == 0 {
		return "", fmt.Errorf("no paths")
	}
	return filepath.Join(paths[0], plugin), nil
}

func (f *fakeExec) ExecPlugin(_ context.Context, path string, stdin []byte, _ []string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ran = append(f.ran, path+" "+string(stdin))
	return []byte(`{"cniVersion":"1.1.0"}`), nil
}

func TestInProcessUnknownTypeFallsBack(t *testing.T) {
	fake := &fakeExec{}
	e := chainrun.NewInProcess(fake)
	path, err := e.FindInPath("portmap", []string{"/opt/x"})
	if err != nil || path != "/opt/x/portmap" {
		t.Fatalf("FindInPath(portmap) = %q, %v; want the fallback's /opt/x/portmap", path, err)
	}
	if _, err := e.ExecPlugin(context.Background(), path, []byte(`{"x":1}`), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := e.FindInPath("ipmasq", []string{"/opt/x"}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fake.found, []string{"portmap"}) || !reflect.DeepEqual(fake.ran, []string{`/opt/x/portmap {"x":1}`}) {
		t.Errorf("fallback saw found=%v ran=%v; want only portmap", fake.found, fake.ran)
	}
	if _, err := e.FindInPath("nosuch", nil); err == nil {
		t.Error("an unknown plugin with no bin dirs was found")
	}
}

// TestInProcessErrorsLikeBinary runs bad invocations both through the
// binary and in-process: both give the same *types.Error. None of them
// gets as far as touching the kernel; the binaries still run in a
// throwaway netns.
func TestInProcessErrorsLikeBinary(t *testing.T) {
	testutil.RequireRoot(t)
	bin := testutil.PluginDir(t)
	host, pod := testutil.NewNS(t), testutil.NewNS(t)
	conf := func(v, typ, extra string) []byte {
		return []byte(fmt.Sprintf(`{"cniVersion":%q,"name":"net1","type":%q%s}`, v, typ, extra))
	}
	badMasq := `,"runtimeConfig":{"masqEntries":[{"external":"203.0.113.1","destination":"10.0.0/8"}]}`
	cases := []struct {
		name, typ string
		env       []string
		stdin     []byte
		code      uint
	}{
		{"invalid masq entry", "ipmasq", cniEnv("ADD", "c1", pod.Path(), "eth0", ""), conf("1.1.0", "ipmasq", badMasq), types.ErrInternal},
		{"invalid route", "iproute", cniEnv("ADD", "c1", pod.Path(), "eth0", ""),
			conf("1.1.0", "iproute", `,"runtimeConfig":{"routeEntries":[{"destination":"nope","gateway":"drop"}]}`), 0},
		{"dns name outside zones", "registerDNS", cniEnv("ADD", "c1", pod.Path(), "eth0", ""),
			conf("1.1.0", "registerDNS", `,"zones":["a.test"],"hosts":{"file":"`+filepath.Join(t.TempDir(), "hosts")+`"},"runtimeConfig":{"dnsNames":["x.b.test."],"ips":["192.0.2.1"]}`), 0},
		{"noop debug without dir", "noop", cniEnv("ADD", "c1", pod.Path(), "eth0", ""), conf("1.1.0", "noop", `,"debug":true`), types.ErrInternal},
		{"missing container id", "ipmasq", cniEnv("ADD", "", pod.Path(), "eth0", ""), conf("1.1.0", "ipmasq", ""), types.ErrInvalidEnvironmentVariables},
		{"bad container id", "noop", cniEnv("DEL", "bad/id", "", "eth0", ""), conf("1.1.0", "noop", ""), 0},
		{"CHECK before 0.4.0", "noop", cniEnv("CHECK", "c1", pod.Path(), "eth0", ""), conf("0.3.1", "noop", ""), types.ErrIncompatibleCNIVersion},
		{"GC before 1.1.0", "noop", cniEnv("GC", "", "", "", ""), conf("1.0.0", "noop", ""), types.ErrIncompatibleCNIVersion},
		{"unsupported version", "noop", cniEnv("DEL", "c1", "", "eth0", ""), conf("0.2.0", "noop", ""), types.ErrIncompatibleCNIVersion},
		{"unknown command", "noop", cniEnv("FOO", "c1", "", "eth0", ""), conf("1.1.0", "noop", ""), types.ErrInvalidEnvironmentVariables},
		{"no network name", "noop", cniEnv("DEL", "c1", "", "eth0", ""), []byte(`{"cniVersion":"1.1.0","type":"noop"}`), types.ErrInvalidNetworkConfig},
		{"not JSON", "noop", cniEnv("DEL", "c1", "", "eth0", ""), []byte(`{`), types.ErrDecodingFailure},
		// The plugin's own netns given as the pod's.
		{"pod netns is the plugin's", "noop", cniEnv("ADD", "c1", host.Path(), "eth0", ""), conf("1.1.0", "noop", ""), types.ErrInvalidNetNS},
	}
	binary := &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard}
	inproc := chainrun.NewInProcess(binary)
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, berr := binary.ExecPlugin(ctx, filepath.Join(bin, c.typ), c.stdin, c.env)
			path, _ := inproc.FindInPath(c.typ, nil)
			_, ierr := inproc.ExecPlugin(ctx, path, c.stdin, c.env)
			var bte *types.Error
			if !errors.As(berr, &bte) {
				t.Fatalf("binary: %v (%T), want a *types.Error", berr, berr)
			}
			// Exactly a *types.Error, as invoke.RawExec returns: libcni and
			// its callers type-assert it.
			ite, ok := ierr.(*types.Error) //nolint:errorlint // the dynamic type is what is tested
			if !ok || ite == nil {
				t.Fatalf("in-process: %v (%T), want a *types.Error", ierr, ierr)
			}
			// For ErrInvalidNetNS, skel's binary runs ADD before checking
			// and prints the result, then the error; in-process refuses
			// up front.
			if *ite != *bte && c.code != types.ErrInvalidNetNS {
				t.Errorf("in-process error %+v\nbinary error     %+v", *ite, *bte)
			}
			if c.code != 0 && ite.Code != c.code {
				t.Errorf("code %d, want %d (%v)", ite.Code, c.code, ite)
			}
		})
	}
}

// TestInProcessResultLikeBinary: ADD's output is byte for byte the
// binary's, in every supported version (noop passes prevResult through).
func TestInProcessResultLikeBinary(t *testing.T) {
	testutil.RequireRoot(t)
	bin := testutil.PluginDir(t)
	host, pod := testutil.NewNS(t), testutil.NewNS(t)
	binary := &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard}
	inproc := chainrun.NewInProcess(binary)
	ctx := context.Background()
	for _, v := range cniutil.Versions.SupportedVersions() {
		ipVersion := `"version":"4",`
		if strings.HasPrefix(v, "1.") {
			ipVersion = ""
		}
		prev := fmt.Sprintf(`{"cniVersion":%q,"interfaces":[{"name":"eth0","sandbox":"/x"}],"ips":[{%s"address":"198.51.100.7/24","interface":0}]}`, v, ipVersion)
		stdin := []byte(fmt.Sprintf(`{"cniVersion":%q,"name":"net1","type":"noop","prevResult":%s}`, v, prev))
		env := cniEnv("ADD", "c1", pod.Path(), "eth0", "")
		want, err := binary.ExecPlugin(ctx, filepath.Join(bin, "noop"), stdin, env)
		if err != nil {
			t.Fatalf("%s binary: %v", v, err)
		}
		path, _ := inproc.FindInPath("noop", nil)
		got, err := inproc.ExecPlugin(ctx, path, stdin, env)
		if err != nil {
			t.Fatalf("%s in-process: %v", v, err)
		}
		if string(got) != string(want) || !strings.Contains(string(got), "198.51.100.7") {
			t.Errorf("%s ADD output:\n in-process %s\n binary     %s", v, got, want)
		}
	}
}

func panicky() map[string]cniutil.Plugin {
	return map[string]cniutil.Plugin{"boom": {
		Verbs: func(cniutil.Env) cniutil.Verbs {
			return cniutil.Verbs{
				Add: func(context.Context, *skel.CmdArgs) (*current.Result, string, error) { panic("kaboom") },
				Del: func(_ context.Context, a *skel.CmdArgs) error {
					var s []string
					_ = s[len(a.ContainerID)] // a runtime error panic: index out of range
					return nil
				},
				Check: func(context.Context, *skel.CmdArgs) error { return nil },
			}
		},
	}}
}

func TestInProcessRecoversPanics(t *testing.T) {
	testutil.RequireRoot(t)
	host, pod := testutil.NewNS(t), testutil.NewNS(t)
	stdin := []byte(`{"cniVersion":"1.1.0","name":"net1","type":"boom"}`)
	for _, netns := range []string{"", host.Path()} {
		e := &chainrun.InProcess{Plugins: panicky(), NetNS: netns}
		for _, cmd := range []string{"ADD", "DEL"} {
			_, err := e.ExecPlugin(context.Background(), "diktyo-inprocess:boom", stdin, cniEnv(cmd, "c1", pod.Path(), "eth0", ""))
			var te *types.Error
			if !errors.As(err, &te) || te.Code != types.ErrInternal || !strings.Contains(te.Msg, "boom panicked") {
				t.Errorf("netns %q %s: err = %v, want an internal *types.Error naming the panic", netns, cmd, err)
			}
		}
		// The executor (and its locked thread, if any) still works.
		if _, err := e.ExecPlugin(context.Background(), "diktyo-inprocess:boom", stdin, cniEnv("CHECK", "c1", pod.Path(), "eth0", "")); err != nil {
			t.Errorf("netns %q: CHECK after panics: %v", netns, err)
		}
	}
}

// TestInProcessContextDone: a verb is not started once ctx has ended.
func TestInProcessContextDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := &chainrun.InProcess{Plugins: panicky()}
	_, err := e.ExecPlugin(ctx, "diktyo-inprocess:boom", []byte(`{"cniVersion":"1.1.0","name":"n"}`), cniEnv("ADD", "c1", "/x", "eth0", ""))
	var te *types.Error
	if !errors.As(err, &te) || !strings.Contains(te.Msg, "canceled") {
		t.Errorf("err = %v, want a *types.Error saying the context was canceled", err)
	}
}

// TestInProcessConcurrentPods runs the full chain (ipmasq, iproute,
// registerDNS, then noop with debug dumps) in-process for many pods in
// parallel, ADD then DEL: every plugin sees its own pod's environment,
// the host gets exactly the pods' state, and DEL leaves nothing. The
// process environment is never touched.
func TestInProcessConcurrentPods(t *testing.T) {
	testutil.RequireRoot(t)
	const pods = 16
	dir := t.TempDir()
	host := testutil.NewNS(t)
	hostsFile := filepath.Join(dir, "hosts")
	debugDir := filepath.Join(dir, "debug")
	tag := "DKT" + strings.ToUpper(testutil.RandSuffix(6))
	chain := fmt.Sprintf(`{"cniVersion":"1.1.0","name":"par","plugins":[
	  {"type":"ipmasq","backend":"iptables","tag":%q,"capabilities":{"ips":true,"masqEntries":true}},
	  {"type":"iproute","stateDir":%q,"capabilities":{"ips":true,"policyRouting":true}},
	  {"type":"registerDNS","backend":"hosts","zones":["par.test"],"hosts":{"file":%q},"capabilities":{"ips":true,"dnsNames":true}},
	  {"type":"noop","debug":true,"debugDir":%q}]}`, tag, filepath.Join(dir, "iproute"), hostsFile, debugDir)
	r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, chain), BinDirs: []string{"/nonexistent"},
		CacheDir: filepath.Join(dir, "cache"), IfName: "eth0", InProcess: true,
		Exec: &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard}})
	if err != nil {
		t.Fatal(err)
	}
	type podT struct {
		pod  chainrun.Pod
		args map[string]any
	}
	var all []podT
	for i := range pods {
		podNS := testutil.NewNS(t)
		id := fmt.Sprintf("p%02d%s", i, testutil.RandSuffix(8))
		addr := fmt.Sprintf("198.51.100.%d", 10+i)
		all = append(all, podT{
			pod: chainrun.Pod{ID: id, Namespace: "ns", Name: fmt.Sprintf("web%d", i), UID: "u" + id, NetNS: podNS.Path(), IPs: []string{addr + "/24"}},
			args: map[string]any{
				api.CapMasqEntries:   []api.MasqEntry{{External: "203.0.113.1", Destination: "0.0.0.0/0"}},
				api.CapPolicyRouting: map[string]any{"table": 100 + i},
				api.CapDNSNames:      []string{fmt.Sprintf("web%d.par.test", i)},
			},
		})
	}
	parallel := func(f func(p podT) error) {
		t.Helper()
		errs := make([]error, len(all))
		var wg sync.WaitGroup
		for i, p := range all {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = f(p) }()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	// Plugins written for short-lived processes must not leak in a
	// long-lived one: count open fds and goroutines around the run.
	fdsBefore, goroutinesBefore := openFDs(t), runtime.NumGoroutine()
	parallel(func(p podT) error { _, err := r.Add(ctx, p.pod, p.args); return err })

	nat := testutil.Run(t, host, "iptables-save", "-t", "nat")
	rules := testutil.Run(t, host, "ip", "rule", "show")
	hosts, err := os.ReadFile(hostsFile)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range all {
		addr := strings.TrimSuffix(p.pod.IPs[0], "/24")
		if !strings.Contains(nat, "-s "+addr+"/32") {
			t.Errorf("pod %d: no SNAT rule for %s", i, addr)
		}
		if !strings.Contains(rules, fmt.Sprintf("from %s lookup %d", addr, 100+i)) {
			t.Errorf("pod %d: no rule from %s lookup %d", i, addr, 100+i)
		}
		if !strings.Contains(string(hosts), fmt.Sprintf("%s web%d.par.test", addr, i)) && !strings.Contains(string(hosts), fmt.Sprintf("%s\tweb%d.par.test", addr, i)) {
			t.Errorf("pod %d: no hosts record %s web%d.par.test", i, addr, i)
		}
		env := dumpEnv(t, debugDir, p.pod.ID, "add")
		want := map[string]string{"CNI_COMMAND": "ADD", "CNI_CONTAINERID": p.pod.ID, "CNI_NETNS": p.pod.NetNS, "CNI_IFNAME": "eth0"}
		for k, v := range want {
			if env[k] != v {
				t.Errorf("pod %d: noop saw %s=%q, want %q", i, k, env[k], v)
			}
		}
		if !strings.Contains(env["CNI_ARGS"], "K8S_POD_NAME="+p.pod.Name+";") {
			t.Errorf("pod %d: noop saw CNI_ARGS %q", i, env["CNI_ARGS"])
		}
	}
	if t.Failed() {
		t.Logf("nat:\n%s\nrules:\n%s\nhosts:\n%s", nat, rules, hosts)
	}

	parallel(func(p podT) error { _, err := r.Del(ctx, p.pod, nil); return err })
	nat = testutil.Run(t, host, "iptables-save", "-t", "nat")
	rules = testutil.Run(t, host, "ip", "rule", "show")
	hosts, _ = os.ReadFile(hostsFile)
	for _, p := range all {
		addr := strings.TrimSuffix(p.pod.IPs[0], "/24")
		if strings.Contains(nat+rules+string(hosts), addr) {
			t.Errorf("state of %s left after DEL:\n%s\n%s\n%s", addr, nat, rules, hosts)
		}
		if r.HasCached(p.pod.ID) {
			t.Errorf("cache entry of %s left", p.pod.ID)
		}
	}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CNI_COMMAND=") || strings.HasPrefix(kv, "CNI_CONTAINERID=") {
			t.Errorf("process environment changed: %s", kv)
		}
	}
	// A leak of one fd or goroutine per pod and verb would show as 2*pods.
	const slack = 4
	if fds := openFDs(t); fds > fdsBefore+slack {
		t.Errorf("open fds: %d before %d ADDs and DELs, %d after", fdsBefore, 2*pods, fds)
	}
	waitSettled := func() int {
		for range 50 {
			if n := runtime.NumGoroutine(); n <= goroutinesBefore+slack {
				return n
			}
			time.Sleep(20 * time.Millisecond)
		}
		return runtime.NumGoroutine()
	}
	g := waitSettled()
	t.Logf("fds %d -> %d, goroutines %d -> %d", fdsBefore, openFDs(t), goroutinesBefore, g)
	if g > goroutinesBefore+slack {
		t.Errorf("goroutines: %d before %d ADDs and DELs, %d after", goroutinesBefore, 2*pods, g)
	}
}

func openFDs(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(entries)
}

// dumpEnv returns the CNI_* environment of the noop dump of a verb.
func dumpEnv(t *testing.T, dir, id, verb string) map[string]string {
	t.Helper()
	var d struct {
		Env map[string]string `json:"env"`
	}
	if err := json.Unmarshal([]byte(lastDump(t, filepath.Join(dir, id, "eth0"), verb)), &d); err != nil {
		t.Fatal(err)
	}
	return d.Env
}

// TestInProcessMixedChain runs ipmasq in-process followed by the
// reference portmap binary (an unknown type, exec'd): both work on the
// same "host" namespace, and DEL removes both plugins' rules.
func TestInProcessMixedChain(t *testing.T) {
	testutil.RequireRoot(t)
	ref := testutil.ReferencePluginDir(t)
	dir := t.TempDir()
	host, podNS := testutil.NewNS(t), testutil.NewNS(t)
	tag := "DKT" + strings.ToUpper(testutil.RandSuffix(6))
	chain := fmt.Sprintf(`{"cniVersion":"1.0.0","name":"mixed","plugins":[
	  {"type":"ipmasq","backend":"iptables","tag":%q,"capabilities":{"ips":true,"masqEntries":true}},
	  {"type":"portmap","capabilities":{"portMappings":true}}]}`, tag)
	r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, chain), BinDirs: []string{ref},
		CacheDir: filepath.Join(dir, "cache"), IfName: "eth0", InProcess: true,
		Exec: &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard}})
	if err != nil {
		t.Fatal(err)
	}
	pod := chainrun.Pod{ID: "mix" + testutil.RandSuffix(8), Namespace: "ns", Name: "web", NetNS: podNS.Path(), IPs: []string{"198.51.100.77/24"}}
	args := map[string]any{
		api.CapMasqEntries: []api.MasqEntry{{External: "203.0.113.5", Destination: "0.0.0.0/0"}},
		"portMappings":     []map[string]any{{"hostPort": 18080, "containerPort": 80, "protocol": "tcp"}},
	}
	ctx := context.Background()
	res, err := r.Add(ctx, pod, args)
	if err != nil {
		t.Fatalf("Add: %v", err)
	}
	if !strings.Contains(fmt.Sprint(res), "198.51.100.77") {
		cr, _ := current.NewResultFromResult(res)
		t.Errorf("result lacks the pod address: %+v", cr)
	}
	nat := testutil.Run(t, host, "iptables-save", "-t", "nat")
	if !strings.Contains(nat, "--to-source 203.0.113.5") || !strings.Contains(nat, "--dport 18080") || !strings.Contains(nat, "198.51.100.77:80") {
		t.Fatalf("host nat table lacks ipmasq's SNAT or portmap's DNAT:\n%s", nat)
	}
	if _, err := r.Del(ctx, pod, nil); err != nil {
		t.Fatalf("Del: %v", err)
	}
	nat = testutil.Run(t, host, "iptables-save", "-t", "nat")
	if strings.Contains(nat, "198.51.100.77") || strings.Contains(nat, "18080") {
		t.Errorf("rules left after DEL:\n%s", nat)
	}
}

// TestBuiltinPluginsAvoidProcessGlobals guards what in-process running
// relies on: the plugins' code never reads or changes the process
// environment, writes stdout or exits. (cniutil.Main, used only by the
// binaries, hands os.Environ to the verbs and lets skel exit.)
func TestBuiltinPluginsAvoidProcessGlobals(t *testing.T) {
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	forbidden := []string{"os.Getenv", "os.LookupEnv", "os.Setenv", "os.Unsetenv", "os.Clearenv", "os.Environ",
		"os.Stdout", "os.Exit", "log.Fatal", "skel.PluginMain", "syscall.Setns", "unix.Setns", "os.Chdir"}
	allowed := map[string]bool{
		// cniutil.Main is the binaries' entry point alone.
		"pkg/cniutil/main.go: Environ: os.Environ()": true,
		"pkg/cniutil/main.go: skel.PluginMainFuncs(": true,
		// NODE_NAME is the same for the whole process, and an exec'd
		// plugin inherits it from the same process: reading it in-process
		// gives what the binary would see.
		"pkg/registerdns/config.go: os.Getenv(NodeNameEnv)": true,
	}
	checked := 0
	for _, dir := range []string{"pkg/ipmasq", "pkg/iproute", "pkg/registerdns", "pkg/noop", "pkg/cniutil"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
				strings.Contains(path, "/internal/") || strings.Contains(path, "/dnstest/") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			rel, _ := filepath.Rel(root, path)
			for i, line := range strings.Split(string(src), "\n") {
				for _, f := range forbidden {
					if strings.Contains(line, f) && !allowedLine(allowed, rel, line) {
						t.Errorf("%s:%d uses %s: %s", rel, i+1, f, strings.TrimSpace(line))
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d files checked; wrong module root %s?", checked, root)
	}
}

func allowedLine(allowed map[string]bool, file, line string) bool {
	for k := range allowed {
		f, frag, _ := strings.Cut(k, ": ")
		if f == file && strings.Contains(line, frag) {
			return true
		}
	}
	return false
}

// TestInProcessDeadline: a call still running when its context ends is
// answered with an error at once, and finishes in the background.
func TestInProcessDeadline(t *testing.T) {
	release, finished := make(chan struct{}), make(chan struct{})
	e := &chainrun.InProcess{Plugins: map[string]cniutil.Plugin{"hang": {
		Verbs: func(cniutil.Env) cniutil.Verbs {
			return cniutil.Verbs{Del: func(context.Context, *skel.CmdArgs) error {
				<-release
				close(finished)
				return nil
			}}
		},
	}}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := e.ExecPlugin(ctx, "diktyo-inprocess:hang", []byte(`{"cniVersion":"1.1.0","name":"n"}`), cniEnv("DEL", "c1", "", "eth0", ""))
	var te *types.Error
	if !errors.As(err, &te) || !strings.Contains(te.Msg, "hang did not finish") || !strings.Contains(te.Msg, "deadline") {
		t.Errorf("err = %v, want a *types.Error saying the call did not finish", err)
	}
	select {
	case <-finished:
		t.Fatal("the call finished before it was released")
	default:
	}
	close(release)
	select {
	case <-finished:
	case <-time.After(10 * time.Second):
		t.Fatal("the abandoned call never finished")
	}
}

// TestInProcessLogsThroughCaller: an in-process plugin logs through the
// logger the caller put in the context (diktyo-nri's, with the pod's
// attributes), never to a handler of its own.
func TestInProcessLogsThroughCaller(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil)).With("pod.name", "web-1")
	e := &chainrun.InProcess{Plugins: map[string]cniutil.Plugin{"talk": {
		Verbs: func(env cniutil.Env) cniutil.Verbs {
			return cniutil.Verbs{Del: func(context.Context, *skel.CmdArgs) error {
				env.Log.Warn("said by the plugin")
				return nil
			}}
		},
	}}}
	ctx := chainrun.WithLogger(context.Background(), log)
	if _, err := e.ExecPlugin(ctx, "diktyo-inprocess:talk", []byte(`{"cniVersion":"1.1.0","name":"n"}`), cniEnv("DEL", "c1", "", "eth0", "")); err != nil {
		t.Fatal(err)
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("not one JSON log line: %q (%v)", buf.String(), err)
	}
	if line["msg"] != "said by the plugin" || line["pod.name"] != "web-1" || line["plugin"] != "talk" || line["cni.command"] != "DEL" {
		t.Fatalf("log line %v", line)
	}
}
