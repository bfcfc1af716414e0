package plugin_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/plugin"
)

// preflightConfig is an admin config whose every path is the test's: a
// chain of noop only, in-process.
const preflightConfig = `
chain:
  conflist: %[1]s/chain.conflist
  binDirs: [%[1]s/bin]
  cacheDir: %[1]s/cache
  inProcess: true
reconcile:
  interval: 0s
api:
  socket: %[1]s/api.sock
`

// TestPreflightNRI: with no NRI socket the daemon is not synchronized,
// says why (the socket's absence, naming it) in its faults and says it
// once; a runtime too old for pod IPs is a fault of its own; once a
// runtime answers and synchronizes, the NRI fault is gone.
func TestPreflightNRI(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "chain.conflist"),
		[]byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[{"type":"noop"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(preflightConfig, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	p, err := plugin.New(plugin.Options{ConfigPath: cfg, ConfigRequired: true, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "nri", "nri.sock")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- p.Run(ctx, plugin.RunOptions{Socket: sock, Name: "diktyo", Idx: "10", MinBackoff: 5 * time.Millisecond, MaxBackoff: 10 * time.Millisecond})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})

	// No socket: starting, and the fault names the socket and the cause.
	waitFor(t, "the NRI fault", func() bool { return hasFault(p.Daemon(), "nri: no NRI socket at "+sock) })
	// Several retries later, it was said once.
	waitFor(t, "retries", func() bool { return strings.Count(logs.String(), "NRI connection ended; reconnecting") >= 3 })
	if n := strings.Count(logs.String(), "cannot reach the runtime's NRI"); n != 1 {
		t.Errorf("the NRI fault was logged %d times, want once:\n%s", n, logs.String())
	}
	if d := p.Daemon(); d.State != "starting" || d.Synchronized {
		t.Errorf("without NRI: %+v", d)
	}

	// A runtime too old for pod IPs: connected and synchronized, with a
	// fault that says what fails and what is needed.
	if err := os.MkdirAll(filepath.Dir(sock), 0o700); err != nil {
		t.Fatal(err)
	}
	startNRIRuntime(t, dir, sock, "v2.0.5")
	waitFor(t, "synchronized", func() bool { return p.Daemon().Synchronized })
	d := p.Daemon()
	if hasFault(d, "nri:") || !hasFault(d, "runtime: containerd v2.0.5 sends no pod IPs over NRI") || d.State != "degraded" || d.Runtime != "containerd v2.0.5" {
		t.Errorf("with containerd v2.0.5: %+v", d)
	}
}

func hasFault(d localapi.Daemon, prefix string) bool {
	for _, f := range d.Faults {
		if strings.HasPrefix(f, prefix) {
			return true
		}
	}
	return false
}

// startNRIRuntime runs NRI's runtime side (as containerd does) on sock,
// announcing itself as containerd version, with no pods.
func startNRIRuntime(t *testing.T, dir, sock, version string) {
	t.Helper()
	empty := filepath.Join(dir, "nri-empty")
	if err := os.MkdirAll(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	syncFn := func(ctx context.Context, cb adaptation.SyncCB) error {
		_, err := cb(ctx, []*nriapi.PodSandbox{}, nil)
		return err
	}
	updateFn := func(context.Context, []*adaptation.ContainerUpdate) ([]*adaptation.ContainerUpdate, error) {
		return nil, nil
	}
	r, err := adaptation.New("containerd", version, syncFn, updateFn,
		adaptation.WithSocketPath(sock), adaptation.WithPluginPath(empty), adaptation.WithPluginConfigPath(empty))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Stop)
}

// TestPreflightStaleSocket: a socket file nobody listens on (containerd
// stopped without removing it) is told apart from a missing one.
func TestPreflightStaleSocket(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "nri.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	l.Close()
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(fmt.Sprintf(preflightConfig, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := plugin.New(plugin.Options{ConfigPath: filepath.Join(dir, "config.yaml"), ConfigRequired: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- p.Run(ctx, plugin.RunOptions{Socket: sock, Name: "diktyo", Idx: "10", MinBackoff: 5 * time.Millisecond, MaxBackoff: 10 * time.Millisecond})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	waitFor(t, "the stale-socket fault", func() bool { return hasFault(p.Daemon(), "nri: nothing listens on the NRI socket "+sock) })
}
