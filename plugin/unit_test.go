package plugin

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/policy"
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

// TestEntryKeepsOnlyOurAnnotations: a pod's record keeps the annotations
// that decide its policy, not kubelet's and the cluster's.
func TestEntryKeepsOnlyOurAnnotations(t *testing.T) {
	e := entryFromNRI(&nriapi.PodSandbox{Id: "x", Annotations: map[string]string{
		policy.KeyDNSNames: "web", "io.kubernetes.cri.sandbox-log-directory": "/var/log/pods/x", "kubernetes.io/config.seen": "now"}})
	if len(e.Annotations) != 1 || e.Annotations[policy.KeyDNSNames] != "web" {
		t.Fatalf("entry's annotations %v, want only %s", e.Annotations, policy.KeyDNSNames)
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
