package plugin

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func quietPlugin(t *testing.T, cfg string) *Plugin {
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

func TestPodIPs(t *testing.T) {
	ips, err := podIPs([]string{"198.51.100.7", "2001:db8::7"}, "", "eth0")
	if err != nil || !reflect.DeepEqual(ips, []string{"198.51.100.7", "2001:db8::7"}) {
		t.Errorf("event IPs: %v %v", ips, err)
	}
	if _, err := podIPs([]string{"not-an-ip"}, "", "eth0"); err == nil {
		t.Error("bad event IP accepted")
	}
	// Runtimes that send no IPs: read them from the pod's interface.
	n := testutil.NewNS(t)
	testutil.Veth(t, n, "eth0", testutil.NewNS(t), "peer0")
	testutil.Addr(t, n, "eth0", "198.51.100.8/24")
	ips, err = podIPs(nil, n.Path(), "eth0")
	if err != nil || !reflect.DeepEqual(ips, []string{"198.51.100.8/24"}) {
		t.Errorf("netns IPs: %v %v", ips, err)
	}
	if _, err := podIPs(nil, n.Path(), "eth9"); err == nil {
		t.Error("missing interface gave no error")
	}
}

func TestNetnsPathAndHostNetwork(t *testing.T) {
	pod := &nriapi.PodSandbox{Id: "x", Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{
		{Type: "ipc", Path: "/proc/1/ns/ipc"}, {Type: "network", Path: "/var/run/netns/cni-1"}}}}
	if e := entryFromNRI(pod); e.pod.NetNS != "/var/run/netns/cni-1" || e.hostNetwork {
		t.Errorf("entry %+v", e)
	}
	if e := entryFromNRI(&nriapi.PodSandbox{Id: "y"}); !e.hostNetwork {
		t.Error("a pod without a network namespace is not host-network")
	}
}

func TestPluginConfigFromRuntime(t *testing.T) {
	p := quietPlugin(t, "failurePolicy: fail\n")
	other := filepath.Join(t.TempDir(), "other.yaml")
	if err := os.WriteFile(other, []byte("failurePolicy: ignore\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// "configFile: PATH" names the admin config file.
	if err := p.setPluginConfig("configFile: " + other); err != nil {
		t.Fatal(err)
	}
	if p.Config().FailurePolicy != "ignore" || *p.configPath.Load() != other {
		t.Errorf("configFile not followed: %+v", p.Config())
	}
	// Anything else is the admin config itself.
	if err := p.setPluginConfig("failurePolicy: fail\nhostNetwork: ignore\n"); err != nil {
		t.Fatal(err)
	}
	if p.Config().HostNetwork != "ignore" {
		t.Error("inline config not used")
	}
	// Empty keeps what is in force; invalid is an error and changes nothing.
	if err := p.setPluginConfig(""); err != nil || p.Config().HostNetwork != "ignore" {
		t.Errorf("empty config: %v", err)
	}
	if err := p.setPluginConfig("failurePolicy: maybe\n"); err == nil || !strings.Contains(err.Error(), "failurePolicy") {
		t.Errorf("invalid inline config: %v", err)
	}
	if p.Config().HostNetwork != "ignore" {
		t.Error("invalid config replaced the one in force")
	}
}

func TestBudgetCappedByRequestTimeout(t *testing.T) {
	p := quietPlugin(t, "timeouts: {handler: 5s, cni: 10s}\n")
	cfg := p.Config()
	if b := p.budget(cfg); b.Seconds() != 5 {
		t.Errorf("budget %v before the runtime announced its timeout", b)
	}
	p.requestTimeout.Store(int64(2e9))
	if b := p.budget(cfg); b.Milliseconds() != 1500 {
		t.Errorf("budget %v, want 3/4 of the 2s request timeout", b)
	}
}
