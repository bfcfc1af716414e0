package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCleanupNeedsProofTheDaemonStopped: with the local API off in the
// config, cleanup cannot tell whether diktyo-nri runs, so it refuses
// (exit 1, naming api.socket) and touches nothing unless --force.
func TestCleanupNeedsProofTheDaemonStopped(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	conf := "chain:\n  conflist: " + filepath.Join(dir, "chain.conflist") + "\n  cacheDir: " + filepath.Join(dir, "cache") +
		"\ndebug:\n  dir: " + filepath.Join(dir, "debug") + "\napi:\n  socket: \"\"\n"
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "cache"), 0o700); err != nil {
		t.Fatal(err)
	}
	r := run("cleanup", "--config", cfg)
	if r.code != 1 || !strings.Contains(r.stderr, "api.socket is off") {
		t.Fatalf("cleanup with the API off: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "cache")); err != nil {
		t.Errorf("a refused cleanup removed the cache: %v", err)
	}
}
