package chainrun_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func writeConflist(t testing.TB, dir, body string) string {
	t.Helper()
	f := filepath.Join(dir, "chain-"+testutil.RandSuffix(8)+".conflist")
	if err := os.WriteFile(f, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

const noopChain = `{"cniVersion":"1.1.0","name":"testnet","plugins":[{"type":"noop","capabilities":{"ips":true,"masqEntries":true}}]}`

func TestRuntimeConf(t *testing.T) {
	dir := t.TempDir()
	r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, noopChain), BinDirs: []string{dir}, CacheDir: dir, IfName: "eth0"})
	if err != nil {
		t.Fatal(err)
	}
	pod := chainrun.Pod{ID: "abc", Namespace: "ns", Name: "web", UID: "u1", NetNS: "/var/run/netns/x", IPs: []string{"198.51.100.7"}}
	args := map[string]any{api.CapMasqEntries: []api.MasqEntry{{External: "203.0.113.1", Destination: "0.0.0.0/0"}}}
	rt := r.RuntimeConf(pod, args)
	if rt.ContainerID != "abc" || rt.NetNS != "/var/run/netns/x" || rt.IfName != "eth0" {
		t.Errorf("runtime conf %+v", rt)
	}
	wantArgs := [][2]string{{"IgnoreUnknown", "1"}, {"K8S_POD_NAMESPACE", "ns"}, {"K8S_POD_NAME", "web"},
		{"K8S_POD_INFRA_CONTAINER_ID", "abc"}, {"K8S_POD_UID", "u1"}}
	if !reflect.DeepEqual(rt.Args, wantArgs) {
		t.Errorf("CNI_ARGS %v, want %v", rt.Args, wantArgs)
	}
	if !reflect.DeepEqual(rt.CapabilityArgs[api.CapIPs], []string{"198.51.100.7"}) || rt.CapabilityArgs[api.CapMasqEntries] == nil {
		t.Errorf("capability args %v", rt.CapabilityArgs)
	}
	if _, ok := args[api.CapIPs]; ok {
		t.Error("RuntimeConf modified the caller's map")
	}
	if r.NetworkName() != "testnet" || !reflect.DeepEqual(r.PluginTypes(), []string{"noop"}) {
		t.Errorf("network %q plugins %v", r.NetworkName(), r.PluginTypes())
	}
}

func TestNewErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		opts chainrun.Options
		err  string
	}{
		{chainrun.Options{Conflist: filepath.Join(dir, "missing"), CacheDir: dir, IfName: "eth0"}, "chain conflist"},
		{chainrun.Options{Conflist: writeConflist(t, dir, `{"cniVersion":"1.1.0","name":"x","plugins":[]}`), CacheDir: dir, IfName: "eth0"}, "no plugins"},
		{chainrun.Options{Conflist: writeConflist(t, dir, noopChain), IfName: "eth0"}, "empty cache dir"},
		{chainrun.Options{Conflist: writeConflist(t, dir, noopChain), CacheDir: dir}, "empty interface name"},
	} {
		if _, err := chainrun.New(tc.opts); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("New(%+v) = %v, want %q", tc.opts, err, tc.err)
		}
	}
}

func TestIsNetNS(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "file")
	if err := os.WriteFile(plain, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if chainrun.IsNetNS(plain) || chainrun.IsNetNS(filepath.Join(dir, "missing")) {
		t.Error("a plain or missing file is taken for a netns")
	}
	if !chainrun.IsNetNS("/proc/self/ns/net") {
		t.Error("/proc/self/ns/net is not taken for a netns")
	}
	n := testutil.NewNS(t)
	if !chainrun.IsNetNS(n.Path()) {
		t.Errorf("%s is not taken for a netns", n.Path())
	}
}

// TestChainVerbs runs the noop plugin with debug dumps through Add,
// Check, Del (cached and fallback) and GC, checking what each plugin run
// received and what the cache holds; with the binary exec'd and
// in-process.
func TestChainVerbs(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		t.Run(map[bool]string{false: "exec", true: "inprocess"}[inProcess], func(t *testing.T) { testChainVerbs(t, inProcess) })
	}
}

func testChainVerbs(t *testing.T, inProcess bool) {
	testutil.RequireRoot(t)
	bin := testutil.PluginDir(t)
	dir := t.TempDir()
	debugDir := filepath.Join(dir, "debug")
	chain := fmt.Sprintf(`{"cniVersion":"1.1.0","name":"testnet","plugins":[{"type":"noop","debug":true,"debugDir":%q,
		"capabilities":{"ips":true,"masqEntries":true}}]}`, debugDir)
	host := testutil.NewNS(t)
	if inProcess {
		bin = filepath.Join(dir, "no-binaries") // proves nothing is exec'd
	}
	r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, chain), BinDirs: []string{bin},
		CacheDir: filepath.Join(dir, "cache"), IfName: "eth0", Exec: &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard},
		InProcess: inProcess})
	if err != nil {
		t.Fatal(err)
	}
	podNS := testutil.NewNS(t)
	ctx := context.Background()
	pod := chainrun.Pod{ID: "pod1" + testutil.RandSuffix(8), Namespace: "ns", Name: "web", UID: "u1", NetNS: podNS.Path(), IPs: []string{"198.51.100.7/24"}}
	args := map[string]any{api.CapMasqEntries: []api.MasqEntry{{External: "203.0.113.1", Destination: "0.0.0.0/0"}}}

	if _, err := r.Add(ctx, pod, args); err != nil {
		t.Fatalf("Add: %v", err)
	}
	dump := lastDump(t, filepath.Join(debugDir, pod.ID, "eth0"), "add")
	for _, want := range []string{`"masqEntries"`, `"198.51.100.7/24"`, "K8S_POD_NAME=web", "K8S_POD_INFRA_CONTAINER_ID=" + pod.ID, "K8S_POD_UID=u1"} {
		if !strings.Contains(dump, want) {
			t.Errorf("ADD input lacks %s:\n%s", want, dump)
		}
	}
	if !r.HasCached(pod.ID) {
		t.Fatal("no cache entry after Add")
	}
	att, err := r.Cached(pod.ID)
	if err != nil || att == nil {
		t.Fatalf("Cached: %v %v", att, err)
	}
	if !chainrun.SameArgs(att, pod, args) {
		t.Error("SameArgs false for the args just used")
	}
	changed := map[string]any{api.CapMasqEntries: []api.MasqEntry{{External: "203.0.113.2", Destination: "0.0.0.0/0"}}}
	if chainrun.SameArgs(att, pod, changed) {
		t.Error("SameArgs true for different args")
	}
	if err := r.Check(ctx, pod); err != nil {
		t.Errorf("Check: %v", err)
	}
	if ids, err := r.CachedIDs(); err != nil || !reflect.DeepEqual(ids, []string{pod.ID}) {
		t.Errorf("CachedIDs = %v, %v", ids, err)
	}

	// DEL with the netns gone: the cached args are used, CNI_NETNS is empty.
	gone := pod
	gone.NetNS = filepath.Join(dir, "no-such-netns")
	gone.IPs = nil
	ran, err := r.Del(ctx, gone, nil)
	if err != nil || !ran {
		t.Fatalf("Del = %v, %v", ran, err)
	}
	del := lastDump(t, filepath.Join(debugDir, pod.ID, "eth0"), "del")
	if !strings.Contains(del, `"198.51.100.7/24"`) || strings.Contains(del, "no-such-netns") {
		t.Errorf("DEL did not get the cached args and an empty netns:\n%s", del)
	}
	if r.HasCached(pod.ID) {
		t.Error("cache entry left after Del")
	}
	// Nothing cached, no fallback: nothing runs.
	if ran, err := r.Del(ctx, pod, nil); ran || err != nil {
		t.Errorf("second Del = %v, %v; want not run", ran, err)
	}
	// Nothing cached, with fallback (cleanup of a failed ADD): runs.
	if ran, err := r.Del(ctx, pod, args); !ran || err != nil {
		t.Errorf("fallback Del = %v, %v; want run", ran, err)
	}

	// GC: two attachments, one valid; the other is DELeted.
	p2, p3 := pod, pod
	p2.ID, p3.ID = "pod2"+testutil.RandSuffix(8), "pod3"+testutil.RandSuffix(8)
	for _, p := range []chainrun.Pod{p2, p3} {
		if _, err := r.Add(ctx, p, args); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.GC(ctx, []string{p2.ID}); err != nil {
		t.Fatalf("GC: %v", err)
	}
	if !r.HasCached(p2.ID) || r.HasCached(p3.ID) {
		t.Errorf("after GC: p2 cached %v (want true), p3 cached %v (want false)", r.HasCached(p2.ID), r.HasCached(p3.ID))
	}
	if err := r.Status(ctx); err != nil {
		t.Errorf("Status: %v", err)
	}
}

// lastDump returns the newest noop debug dump of a verb.
func lastDump(t *testing.T, dir, verb string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, verb+"_*.json"))
	if len(matches) == 0 {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("no %s dump in %s (%v)", verb, dir, entries)
	}
	data, err := os.ReadFile(matches[len(matches)-1])
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("dump is not JSON: %v", err)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

// TestMoved: of a cached attachment, only the plugins whose state the
// chain's config now keeps elsewhere (ipmasq's backend changed) are DELed
// after the new ADD (Continuing marks that DEL as one of a pod that runs
// on).
func TestMoved(t *testing.T) {
	dir := t.TempDir()
	chain := func(backend string) string {
		return `{"cniVersion":"1.1.0","name":"testnet","plugins":[{"type":"ipmasq","backend":"` + backend +
			`"},{"type":"iproute"},{"type":"noop"}]}`
	}
	r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, chain("nftables")), BinDirs: []string{dir}, CacheDir: dir, IfName: "eth0"})
	if err != nil {
		t.Fatal(err)
	}
	old, err := chainrun.LoadConflist(writeConflist(t, dir, chain("iptables")))
	if err != nil {
		t.Fatal(err)
	}
	pod := chainrun.Pod{ID: "abc", Namespace: "ns", Name: "web", UID: "u1", IPs: []string{"198.51.100.7"}}
	att := &chainrun.Attachment{List: old, Runtime: r.RuntimeConf(pod, nil)}
	moved := r.Moved(att)
	if moved == nil || !reflect.DeepEqual(moved.PluginTypes(), []string{"ipmasq"}) {
		t.Fatalf("moved = %+v, want ipmasq only", moved)
	}
	if !strings.Contains(string(moved.List.Plugins[0].Bytes), `"iptables"`) {
		t.Errorf("moved carries %s, want the old (iptables) config", moved.List.Plugins[0].Bytes)
	}
	cont := chainrun.Continuing(moved)
	if last := cont.Runtime.Args[len(cont.Runtime.Args)-1]; last != [2]string{"DIKTYO_POD_CONTINUES", "true"} {
		t.Errorf("CNI_ARGS %v lack DIKTYO_POD_CONTINUES=true", cont.Runtime.Args)
	}
	if len(att.Runtime.Args) != 5 {
		t.Errorf("Moved changed the cached attachment's args: %v", att.Runtime.Args)
	}
	same, err := chainrun.LoadConflist(writeConflist(t, dir, chain("nftables")))
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Moved(&chainrun.Attachment{List: same, Runtime: r.RuntimeConf(pod, nil)}); m != nil {
		t.Errorf("moved %v with an unchanged chain", m.PluginTypes())
	}
}

// TestPodValidateRefusesInjection: a pod identity that would add keys to
// CNI_ARGS (joined with ";") is refused, naming the field, for every key
// diktyo passes and every key it reads.
func TestPodValidateRefusesInjection(t *testing.T) {
	good := chainrun.Pod{ID: strings.Repeat("ab", 32), Namespace: "team-a", Name: "web-1.v2", UID: "0b6f4b8e-2f7c-4c3e-9b1a-1f2e3d4c5b6a"}
	if err := good.Validate(); err != nil {
		t.Fatalf("a Kubernetes pod: %v", err)
	}
	static := good
	static.UID = "6f1a2b3c4d5e6f708192a3b4c5d6e7f8" // a static pod's hash
	if err := static.Validate(); err != nil {
		t.Fatalf("a static pod: %v", err)
	}
	for _, tc := range []struct {
		field string
		set   func(*chainrun.Pod, string)
	}{
		{"pod name", func(p *chainrun.Pod, v string) { p.Name = v }},
		{"pod namespace", func(p *chainrun.Pod, v string) { p.Namespace = v }},
		{"pod UID", func(p *chainrun.Pod, v string) { p.UID = v }},
		{"sandbox ID", func(p *chainrun.Pod, v string) { p.ID = v }},
	} {
		for _, v := range []string{
			"web;" + cniutil.ArgPodContinues + "=true",
			"web;K8S_POD_NAMESPACE=kube-system",
			"web;K8S_POD_NAME=other",
			"web;K8S_POD_UID=x",
			"web;K8S_POD_INFRA_CONTAINER_ID=y",
			"a=b", "with space", "new\nline", "UPPER",
		} {
			p := good
			tc.set(&p, v)
			if tc.field == "pod UID" && v == "UPPER" || tc.field == "sandbox ID" && v == "UPPER" {
				continue // letters of either case are fine in tokens
			}
			err := p.Validate()
			if !errors.Is(err, api.ErrInvalid) || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("%s %q: Validate = %v, want an ErrInvalid naming the %s", tc.field, v, err, tc.field)
			}
			for _, kv := range chainrun.CNIArgs(p) {
				if err == nil && strings.ContainsAny(kv[1], ";=") {
					t.Errorf("%s %q reached CNI_ARGS", tc.field, v)
				}
			}
		}
	}
}
