package plugin

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
)

func quietPlugin(t testing.TB, cfg string) *Plugin {
	t.Helper()
	f := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(f, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := New(Options{ConfigPath: f, ConfigRequired: true, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPodAddrsNeverFromThePod: a pod's addresses are the runtime's (or
// those of its first ADD), one host each, inside podCIDRs, and never held
// by another live pod.
func TestPodAddrsNeverFromThePod(t *testing.T) {
	p := quietPlugin(t, "podCIDRs: [198.51.100.0/24, 2001:db8::/64]\n")
	st := p.conf.Load()
	victim := &podEntry{Pod: chainrun.Pod{ID: "victim", Namespace: "a", Name: "victim", NetNS: "/proc/self/ns/net", IPs: []string{"198.51.100.9"}}}
	p.pods.Upsert(victim)
	pod := func(ips ...string) *podEntry {
		return &podEntry{Pod: chainrun.Pod{ID: "me", Namespace: "b", Name: "me", NetNS: "/y", IPs: ips}}
	}
	got, err := p.work.PodAddrs(st, pod("198.51.100.7", "2001:db8::7/128"), nil)
	if err != nil || !reflect.DeepEqual(got, []string{"198.51.100.7", "2001:db8::7"}) {
		t.Errorf("runtime IPs: %v %v", got, err)
	}
	// The first ADD's addresses win over what the runtime says later.
	got, err = p.work.PodAddrs(st, pod("198.51.100.8"), []string{"198.51.100.7"})
	if err != nil || !reflect.DeepEqual(got, []string{"198.51.100.7"}) {
		t.Errorf("cached IPs: %v %v", got, err)
	}
	for _, c := range []struct {
		ips  []string
		want string
	}{
		{nil, "sent no pod IPs"},
		{[]string{"1.2.3.4/0"}, `"1.2.3.4/0" has prefix length 0`},
		{[]string{"0.0.0.0"}, "not a global unicast"},
		{[]string{"224.0.0.1"}, "not a global unicast"},
		{[]string{"203.0.113.5"}, "outside podCIDRs"},
		{[]string{"198.51.100.9"}, "held by live pod a/victim"},
		{[]string{"198.51.100.7", "198.51.100.7/32"}, "given twice"},
		{[]string{"not-an-ip"}, `invalid address "not-an-ip"`},
	} {
		_, err := p.work.PodAddrs(st, pod(c.ips...), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.ips, err, c.want)
		}
	}
	// A pod whose netns is gone no longer holds its address (no event may
	// ever say so: containerd#8426), nor does a stopped one.
	p.pods.Upsert(&podEntry{Pod: chainrun.Pod{ID: "gone", Namespace: "a", Name: "gone", NetNS: "/nonexistent/netns", IPs: []string{"198.51.100.10"}}})
	if _, err := p.work.PodAddrs(st, pod("198.51.100.10"), nil); err != nil {
		t.Errorf("address of a pod whose netns is gone: %v", err)
	}
	p.pods.Stop("victim")
	if _, err := p.work.PodAddrs(st, pod("198.51.100.9"), nil); err != nil {
		t.Errorf("address of a stopped pod: %v", err)
	}
}

func TestNetnsPathAndHostNetwork(t *testing.T) {
	pod := &nriapi.PodSandbox{Id: "x", Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{
		{Type: "ipc", Path: "/proc/1/ns/ipc"}, {Type: "network", Path: "/var/run/netns/cni-1"}}}}
	if e := entryFromNRI(pod); e.Pod.NetNS != "/var/run/netns/cni-1" || e.HostNetwork {
		t.Errorf("entry %+v", e)
	}
	if e := entryFromNRI(&nriapi.PodSandbox{Id: "y"}); !e.HostNetwork {
		t.Error("a pod without a network namespace is not host-network")
	}
	// containerd 2.4 lists a stopped sandbox whose netns it removed
	// without it, with its addresses: stopped, not host-network.
	if e := entryFromNRI(&nriapi.PodSandbox{Id: "z", Ips: []string{"198.51.100.85"}}); e.HostNetwork {
		t.Error("a sandbox with addresses but no netns taken for a host-network pod")
	}
}

func TestPluginConfigFromRuntime(t *testing.T) {
	p := quietPlugin(t, "failurePolicy: fail\n")
	other := filepath.Join(t.TempDir(), "other.yaml")
	if err := os.WriteFile(other, []byte("failurePolicy: ignore\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// "configFile: PATH" names the admin config file.
	if err := p.conf.SetPluginConfig("configFile: " + other); err != nil {
		t.Fatal(err)
	}
	if p.Config().FailurePolicy != "ignore" || p.conf.Path() != other {
		t.Errorf("configFile not followed: %+v", p.Config())
	}
	// Anything else is the admin config itself.
	if err := p.conf.SetPluginConfig("failurePolicy: fail\nhostNetwork: ignore\n"); err != nil {
		t.Fatal(err)
	}
	if p.Config().HostNetwork != "ignore" {
		t.Error("inline config not used")
	}
	// Empty keeps what is in force; invalid is an error and changes nothing.
	if err := p.conf.SetPluginConfig(""); err != nil || p.Config().HostNetwork != "ignore" {
		t.Errorf("empty config: %v", err)
	}
	if err := p.conf.SetPluginConfig("failurePolicy: maybe\n"); err == nil || !strings.Contains(err.Error(), "failurePolicy") {
		t.Errorf("invalid inline config: %v", err)
	}
	if p.Config().HostNetwork != "ignore" {
		t.Error("invalid config replaced the one in force")
	}
}

func TestBudgetCappedByRequestTimeout(t *testing.T) {
	p := quietPlugin(t, "timeouts: {handler: 5s, cni: 10s}\n")
	cfg := p.Config()
	if b := p.work.Budget(cfg); b.Seconds() != 5 {
		t.Errorf("budget %v before the runtime announced its timeout", b)
	}
	p.work.SetRequestTimeout(2e9)
	if b := p.work.Budget(cfg); b.Milliseconds() != 1500 {
		t.Errorf("budget %v, want 3/4 of the 2s request timeout", b)
	}
}

// TestWaitConfigured: the daemon's API waits for containerd's first
// Configure in pre-installed mode (the config, and so api.socket, comes
// with it); WaitConfigured returns once it was applied, or false when the
// caller gives up first.
func TestWaitConfigured(t *testing.T) {
	p := quietPlugin(t, "failurePolicy: fail\n")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if p.WaitConfigured(ctx) {
		t.Fatal("configured before any Configure")
	}
	if _, err := p.Configure(context.Background(), "api: {socket: /tmp/x/api.sock}\nfailurePolicy: fail\n", "containerd", "v2"); err != nil {
		t.Fatal(err)
	}
	if !p.WaitConfigured(context.Background()) || p.Config().API.Socket != "/tmp/x/api.sock" {
		t.Errorf("after Configure: api.socket %q", p.Config().API.Socket)
	}
}
