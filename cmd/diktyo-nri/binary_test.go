package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// buildBinary builds diktyo-nri as the Makefile does, version stamped.
func buildBinary(t *testing.T) string {
	t.Helper()
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "diktyo-nri")
	cmd := exec.Command("go", "build", "-ldflags", "-X main.version=v1.2.3-test", "-o", bin, "./cmd/diktyo-nri")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runBinary runs the binary with a deadline: a command line that starts
// the daemon by mistake would hang, and fails here instead.
func runBinary(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after 20s (the daemon started?)\n%s", args, out)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return 0, string(out)
}

func TestBinary(t *testing.T) {
	bin := buildBinary(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "Available Commands:"},
		{[]string{"help", "explain"}, 0, "diktyo-nri explain [flags]"}, // used to start the daemon and hang
		{[]string{"explain", "--help"}, 0, "--annotations-file"},       // used to exit 2
		{[]string{"version"}, 0, "diktyo-nri v1.2.3-test"},             // -ldflags -X main.version
		{[]string{"foo"}, 2, `unknown command "foo"`},
		{[]string{"run", "extra"}, 2, `got "extra"`},
		{[]string{"--config", "/nonexistent/config.yaml"}, 1, "/nonexistent/config.yaml"},
	} {
		code, out := runBinary(t, bin, c.args...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", c.args, code, c.code, c.want, out)
		}
	}
}

// TestBinaryDaemonServesTheAPI starts the daemon with no containerd to
// talk to (it keeps redialling an NRI socket that is not there, and
// touches no network state), asks it through its API socket, and stops it.
func TestBinaryDaemonServesTheAPI(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "api.sock")
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, "chain: {conflist: %s, cacheDir: %s}\napi: {socket: %s}\n",
		filepath.Join(dir, "none.conflist"), filepath.Join(dir, "cache"), sock), 0o600); err != nil {
		t.Fatal(err)
	}
	var log testutil.SyncBuffer
	d := exec.Command(bin, "--config", cfg, "--socket", filepath.Join(dir, "nri.sock"), "--log-level", "debug")
	d.Stdout, d.Stderr = &log, &log
	if err := d.Start(); err != nil {
		t.Fatal(err)
	}
	var waitErr error
	exited := make(chan struct{})
	go func() {
		waitErr = d.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = d.Process.Kill()
		<-exited
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(sock); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no API socket after 20s:\n%s", log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	fi, err := os.Stat(sock)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v (%v), want 0600", fi.Mode(), err)
	}
	if di, err := os.Stat(filepath.Dir(sock)); err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("socket directory mode %v (%v), want 0700", di.Mode(), err)
	}
	code, out := runBinary(t, bin, "status", "-o", "json", "--api-socket", sock)
	var pods []localapi.PodStatus
	if code != 0 || json.Unmarshal([]byte(out), &pods) != nil || len(pods) != 0 {
		t.Errorf("status -o json: exit %d:\n%s", code, out)
	}
	code, out = runBinary(t, bin, "trace", "a/b", "192.0.2.1", "--api-socket", sock)
	if code != 1 || !strings.Contains(out, "diktyo-nri knows no pod a/b") {
		t.Errorf("trace of an unknown pod: exit %d:\n%s", code, out)
	}
	if err := d.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		if waitErr != nil {
			t.Errorf("daemon exit on SIGTERM: %v\n%s", waitErr, log.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("daemon still running 20s after SIGTERM:\n%s", log.String())
	}
	if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("API socket left behind: %v", err)
	}
}
