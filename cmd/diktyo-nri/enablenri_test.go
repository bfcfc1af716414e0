package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/nrisetup"
)

// TestEnableNRIRestartsOnlyWhenToldAndChanged: enable-nri reports what it
// wrote; it runs the restart command only with --restart and only after a
// change, and never after a refusal.
func TestEnableNRIRestartsOnlyWhenToldAndChanged(t *testing.T) {
	root := t.TempDir()
	marker := filepath.Join(t.TempDir(), "restarted")
	restart := "--restart-command=echo >> " + marker
	count := func() int {
		b, err := os.ReadFile(marker)
		if os.IsNotExist(err) {
			return 0
		}
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "\n")
	}

	r := run("enable-nri", "--root", root, "--runtime", "containerd", restart)
	if r.code != 0 || !strings.Contains(r.stdout, "changed: "+nrisetup.DropIn) || count() != 0 {
		t.Fatalf("without --restart: exit %d, restarts %d\n%s%s", r.code, count(), r.stdout, r.stderr)
	}
	if err := os.Remove(filepath.Join(root, nrisetup.DropIn)); err != nil {
		t.Fatal(err)
	}
	if r := run("enable-nri", "--root", root, "--runtime", "containerd", "--restart", restart); r.code != 0 || count() != 1 {
		t.Fatalf("--restart after a change: exit %d, restarts %d\n%s%s", r.code, count(), r.stdout, r.stderr)
	}
	if r := run("enable-nri", "--root", root, "--restart", restart); r.code != 0 || count() != 1 || !strings.Contains(r.stdout, "nothing to restart") {
		t.Fatalf("--restart with nothing changed: exit %d, restarts %d\n%s%s", r.code, count(), r.stdout, r.stderr)
	}

	bad := t.TempDir()
	cfg := filepath.Join(bad, "etc/containerd/config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("version = 3\nimports = ['/etc/other/*.toml']\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run("enable-nri", "--root", bad, "--restart", restart); r.code != 1 || count() != 1 || !strings.Contains(r.stderr, "does not include") {
		t.Fatalf("refused config: exit %d, restarts %d\n%s%s", r.code, count(), r.stdout, r.stderr)
	}
	if r := run("enable-nri", "--runtime", "docker"); r.code != 2 {
		t.Errorf("--runtime docker: exit %d, want 2 (usage)\n%s", r.code, r.stderr)
	}
}
