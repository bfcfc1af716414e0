package execbackend

import (
	"context"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// TestTimeoutKillsProcessGroup: a plugin that leaves a child running is
// killed with that child when the timeout expires.
func TestTimeoutKillsProcessGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	script := filepath.Join(dir, "hang")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nsleep 300 &\necho $! > "+pidFile+"\nwait\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b := New(Options{Plugin: script, AppIDKey: "app", Timeout: 300 * time.Millisecond})
	s := record.Set{ContainerID: "c1", Addrs: []netip.Addr{netip.MustParseAddr("198.51.100.1")}, Metadata: map[string]string{"app": "a"}}
	err := b.Add(context.Background(), s)
	if err == nil || !strings.Contains(err.Error(), "timed out after 300ms") {
		t.Fatalf("ADD: got %v, want a timeout", err)
	}
	raw, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // leave nothing running even when the test fails
		if alive(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	// The child is killed; PID 1 may reap it late, so a zombie counts as gone.
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("child %d of the timed-out plugin still runs", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPrimaryAddressAndNoApp(t *testing.T) {
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	script := filepath.Join(dir, "rec")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$*\" >> "+calls+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b := New(Options{Plugin: script, AppIDKey: "app", Timeout: 5 * time.Second})
	v6only := record.Set{ContainerID: "c6", Addrs: []netip.Addr{netip.MustParseAddr("2001:db8::1")}, Metadata: map[string]string{"app": "a"}}
	if err := b.Add(context.Background(), v6only); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(context.Background(), record.Set{ContainerID: "none", Addrs: v6only.Addrs}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(calls)
	if string(got) != "service register a --id=c6 --address=2001:db8::1\n" {
		t.Fatalf("calls: %q", got)
	}
	if err := b.Status(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := New(Options{Plugin: "no-such-registry-cli", Timeout: time.Second}).Status(context.Background()); err == nil {
		t.Fatal("STATUS with a missing binary succeeded")
	}
}

func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}
