package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/policy"
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

// TestCleanupKeepsTheRecordsOfWhatStayed: when the chain's GC or the
// egress withdrawal failed, the chain's cache and the egress state (what
// proves those leftovers are diktyo's) stay for the next run; what
// records nothing is removed.
func TestCleanupKeepsTheRecordsOfWhatStayed(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		chainLeft, egressLeft bool
	}{{"nothing left", false, false}, {"chain GC failed", true, false}, {"egress withdrawal failed", false, true}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := &policy.Config{}
			cfg.Chain.CacheDir = filepath.Join(dir, "cache")
			cfg.Debug.Dir = filepath.Join(dir, "debug")
			cfg.Egress = &policy.EgressConfig{StateDir: filepath.Join(dir, "egress")}
			for _, f := range []string{"cache/results/x", "debug/d", "egress/ledger.json"} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			r := &cleanupReport{chainLeft: tc.chainLeft, egressLeft: tc.egressLeft}
			cleanState(cfg, &cleanupOptions{}, r)
			for path, keep := range map[string]bool{"cache/results/x": tc.chainLeft, "debug/d": false, "egress/ledger.json": tc.egressLeft} {
				_, err := os.Stat(filepath.Join(dir, path))
				if kept := err == nil; kept != keep {
					t.Errorf("%s: kept %v, want %v (%v)", path, kept, keep, r)
				}
			}
		})
	}
}
