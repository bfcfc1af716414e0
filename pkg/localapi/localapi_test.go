package localapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// fakeSource answers from fixed pods, recording what it was asked.
type fakeSource struct {
	pods     []PodStatus
	counters []bool
	traces   []TraceRequest
}

func (f *fakeSource) Pods(_ context.Context, counters bool) []PodStatus {
	f.counters = append(f.counters, counters)
	return f.pods
}

func (f *fakeSource) Pod(_ context.Context, ns, name string) (PodStatus, error) {
	for _, p := range f.pods {
		if p.Namespace == ns && p.Name == name {
			return p, nil
		}
	}
	return PodStatus{}, fmt.Errorf("%w: no pod %s/%s", ErrNotFound, ns, name)
}

func (f *fakeSource) Trace(_ context.Context, req TraceRequest) (*Trace, error) {
	f.traces = append(f.traces, req)
	if req.Destination == "bad" {
		return nil, fmt.Errorf("%w: destination %q", ErrBadRequest, req.Destination)
	}
	return &Trace{Pod: req.Pod, Destination: req.Destination, Protocol: req.Protocol,
		SNAT: TraceSNAT{Verdict: "snat to 203.0.113.10"}}, nil
}

func (f *fakeSource) Daemon() Daemon { return Daemon{State: "starting"} }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// serve starts a server for src on a socket in a fresh directory (which
// Listen must create) and returns the socket path.
func serve(t *testing.T, src Source) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run", "diktyo", "api.sock")
	l, err := Listen(path, quiet)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: NewServer(src, Version{Version: "v-test"}, quiet).Handler()}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return path
}

func TestSocketIsRootOnly(t *testing.T) {
	path := serve(t, &fakeSource{})
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Type() != os.ModeSocket || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v, want a socket with 0600", fi.Mode())
	}
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if di.Mode().Perm() != 0o700 {
		t.Errorf("created directory mode %v, want 0700", di.Mode().Perm())
	}
	// The access rule behind the peer credential check.
	for _, c := range []struct {
		uid, self uint32
		want      bool
	}{{0, 0, true}, {0, 1000, true}, {1000, 1000, true}, {1000, 0, false}, {65534, 1000, false}} {
		if got := PeerAllowed(c.uid, c.self); got != c.want {
			t.Errorf("PeerAllowed(%d, %d) = %v", c.uid, c.self, got)
		}
	}
}

func TestClientServer(t *testing.T) {
	src := &fakeSource{pods: []PodStatus{{ID: "s1", Namespace: "team-a", Name: "web-1", State: StateApplied,
		Attachment: &Attachment{SNAT: &SNAT{Rules: []SNATRule{{Family: "IPv4", Action: "snat", To: "203.0.113.10"}}}}}}}
	c := NewClient(serve(t, src))
	ctx := context.Background()

	pods, err := c.Pods(ctx, false)
	if err != nil || len(pods) != 1 || pods[0].Attachment.SNAT.Rules[0].To != "203.0.113.10" {
		t.Fatalf("pods: %+v %v", pods, err)
	}
	if _, err := c.Pods(ctx, true); err != nil || len(src.counters) != 2 || src.counters[0] || !src.counters[1] {
		t.Errorf("counters asked %v (%v)", src.counters, err)
	}
	if p, err := c.Pod(ctx, "team-a", "web-1"); err != nil || p.ID != "s1" {
		t.Errorf("pod: %+v %v", p, err)
	}
	var ae *APIError
	if _, err := c.Pod(ctx, "team-a", "nope"); !errors.As(err, &ae) || ae.Code != http.StatusNotFound || !strings.Contains(err.Error(), "team-a/nope") {
		t.Errorf("unknown pod: %v", err)
	}
	tr, err := c.Trace(ctx, TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7:443", Protocol: "udp"})
	if err != nil || tr.SNAT.Verdict != "snat to 203.0.113.10" {
		t.Errorf("trace: %+v %v", tr, err)
	}
	if got := src.traces[0]; got != (TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7:443", Protocol: "udp"}) {
		t.Errorf("trace request arrived as %+v", got)
	}
	if _, err := c.Trace(ctx, TraceRequest{Pod: "team-a/web-1", Destination: "bad"}); !errors.As(err, &ae) || ae.Code != http.StatusBadRequest {
		t.Errorf("bad trace: %v", err)
	}
	if d, err := c.Daemon(ctx); err != nil || d.State != "starting" {
		t.Errorf("Daemon = %+v, %v", d, err)
	}
	if v, err := c.Version(ctx); err != nil || v.Version != "v-test" {
		t.Errorf("version: %+v %v", v, err)
	}
	if err := c.get(ctx, "/v1/pods", map[string][]string{"counters": {"maybe"}}, new([]PodStatus)); !errors.As(err, &ae) || ae.Code != http.StatusBadRequest {
		t.Errorf("counters=maybe: %v", err)
	}
}

// The API is read-only: every endpoint refuses anything but GET.
func TestOnlyGET(t *testing.T) {
	path := serve(t, &fakeSource{})
	hc := NewClient(path).http
	for _, ep := range []string{"/v1/pods", "/v1/pods/a/b", "/v1/trace", "/v1/version"} {
		resp, err := hc.Post("http://diktyo-nri"+ep, "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %s", ep, resp.Status)
		}
	}
}

func TestClientConnErrorsNameTheSocket(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.sock")
	_, err := NewClient(missing).Pods(context.Background(), false)
	var ce *ConnError
	if !errors.As(err, &ce) || !errors.Is(err, syscall.ENOENT) || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "diktyo-nri run") {
		t.Errorf("missing socket: %v", err)
	}
	// A stale socket: nothing listens.
	stale := filepath.Join(dir, "stale.sock")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: stale, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	l.SetUnlinkOnClose(false)
	_ = l.Close()
	_, err = NewClient(stale).Pods(context.Background(), false)
	if !errors.Is(err, syscall.ECONNREFUSED) || !strings.Contains(err.Error(), "not running") {
		t.Errorf("stale socket: %v", err)
	}
}

func TestListenReplacesOnlyStaleSockets(t *testing.T) {
	dir := t.TempDir()
	// A stale socket (its daemon is gone) is replaced.
	stale := filepath.Join(dir, "stale.sock")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: stale, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	l.SetUnlinkOnClose(false)
	_ = l.Close()
	l2, err := Listen(stale, quiet)
	if err != nil {
		t.Fatalf("stale socket not replaced: %v", err)
	}
	// A live one is another daemon's: refused, and left alone.
	if _, err := Listen(stale, quiet); err == nil || !strings.Contains(err.Error(), "another process serves it") {
		t.Errorf("second listener: %v", err)
	}
	_ = l2.Close()
	if _, err := os.Lstat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left after Close: %v", err)
	}
	// Files and symlinks at the path are not ours to delete.
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, link} {
		if _, err := Listen(p, quiet); err == nil || !strings.Contains(err.Error(), "is not a socket") {
			t.Errorf("Listen(%s): %v", p, err)
		}
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "keep" {
		t.Errorf("file touched: %q %v", b, err)
	}
	if _, err := Listen("relative.sock", quiet); err == nil {
		t.Error("relative path accepted")
	}
}

// TestNonRootPeerRefused: even with the socket opened up to everyone
// (mode 0666), a connection from another user gets no answer. Root (to
// run the client as nobody); skipped with -short.
func TestNonRootPeerRefused(t *testing.T) {
	testutil.RequireRoot(t)
	if os.Getenv("DIKTYO_LOCALAPI_CLIENT") != "" {
		t.Skip("helper mode")
	}
	dir, err := os.MkdirTemp("", "diktyo-api-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := serve(t, &fakeSource{})
	open := filepath.Join(dir, "api.sock")
	if err := os.Symlink(path, open); err != nil {
		t.Fatal(err)
	}
	// nobody must reach the socket's directory and the socket.
	for p := filepath.Dir(path); p != "/" && p != os.TempDir(); p = filepath.Dir(p) {
		_ = os.Chmod(p, 0o755)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	// Root is answered...
	if _, err := NewClient(open).Pods(context.Background(), false); err != nil {
		t.Fatalf("root refused: %v", err)
	}
	// ...nobody is not: a copy of this test binary runs the client as
	// uid 65534.
	bin := filepath.Join(dir, "client.test")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil { //nolint:gosec // nobody must run it
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestHelperClient$", "-test.v")
	cmd.Env = append(os.Environ(), "DIKTYO_LOCALAPI_CLIENT="+open)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "CLIENT-REFUSED") {
		t.Errorf("nobody's client was not refused:\n%s", out)
	}
}

// TestHelperClient is the client TestNonRootPeerRefused runs as nobody.
func TestHelperClient(t *testing.T) {
	path := os.Getenv("DIKTYO_LOCALAPI_CLIENT")
	if path == "" {
		t.Skip("only run by TestNonRootPeerRefused")
	}
	pods, err := NewClient(path).Pods(context.Background(), false)
	var ce *ConnError
	if errors.As(err, &ce) {
		fmt.Println("CLIENT-REFUSED:", err)
		return
	}
	b, _ := json.Marshal(pods)
	t.Fatalf("answered as uid %d: %s %v", os.Getuid(), b, err)
}
