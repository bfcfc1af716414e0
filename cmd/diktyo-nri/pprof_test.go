package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// TestServeProfiles: --pprof-socket serves the runtime's profiles on a
// unix socket only root can open (mode 0600), and the socket is gone
// when the daemon stops.
func TestServeProfiles(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "pprof.sock")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		serveProfiles(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), sock)
	}()
	defer func() { cancel(); <-done }()
	client := &http.Client{Timeout: 10 * time.Second, Transport: localapi.UnixTransport(sock)}
	var body string
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := client.Get("http://pprof/debug/pprof/heap?debug=1")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("heap profile: %s", resp.Status)
			}
			body = string(b)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("profile socket never answered: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(body, "heap profile") || !strings.Contains(body, "# runtime.MemStats") {
		t.Errorf("heap profile (debug=1) without its header or MemStats:\n%.300s", body)
	}
	fi, err := os.Stat(sock)
	if err != nil {
		t.Fatal(err)
	}
	if m := fi.Mode().Perm(); m != 0o600 {
		t.Errorf("profile socket mode %v, want 0600", m)
	}
	cancel()
	<-done
	if _, err := os.Stat(sock); !os.IsNotExist(err) {
		t.Errorf("profile socket after the stop: %v, want gone", err)
	}
}
