package egress

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorruptStateIsNotReset: a state file that does not parse is an
// error naming the file at Check and at every operation (never at New: the
// daemon starts and only the pods that need a block fail), and stays as
// it is.
func TestCorruptStateIsNotReset(t *testing.T) {
	for _, tc := range []struct{ name, content, err string }{
		{"truncated", `{"version":1,"grants":[{"pod":`, "invalid JSON"},
		{"empty", ``, "invalid JSON"},
		{"unknown field", `{"version":1,"grants":[],"extra":1}`, `unknown field "extra"`},
		{"version", `{"version":2,"grants":[]}`, "version 2"},
		{"bad grant", `{"version":1,"grants":[{"pod":{"namespace":"a","name":"b","uid":"c","sandbox":"d"},"pool":"web","address":"203.0.113.10","lo":9,"hi":5,"since":"2025-01-01T00:00:00Z"}]}`, "grants[0]: port range 9-5"},
		{"incomplete pod", `{"version":1,"grants":[{"pod":{"namespace":"a","name":"b"},"pool":"web","address":"203.0.113.10","lo":1,"hi":5,"since":"2025-01-01T00:00:00Z"}]}`, "grants[0]: pod"},
		{"trailing", `{"version":1,"grants":[]} {}`, "trailing data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := testOptions(t.TempDir(), webPool(4, 10))
			if err := os.MkdirAll(o.StateDir, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(o.StateDir, StateFile)
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			a, err := New(o)
			if err != nil {
				t.Fatalf("New on a corrupt state = %v, want an allocator (the daemon must start)", err)
			}
			err = a.Check()
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Check = %v, want ErrCorrupt naming %s and %q", err, path, tc.err)
			}
			if _, err := a.Grant("web", pod("a")); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Grant on corrupt state = %v", err)
			}
			if got, _ := os.ReadFile(path); string(got) != tc.content {
				t.Errorf("state file changed to %q", got)
			}
		})
	}
	// Corrupted under a running allocator: its operations fail too.
	o := testOptions(t.TempDir(), webPool(4, 10))
	a := mustNew(t, o)
	mustGrant(t, a, "web", pod("a"))
	path := filepath.Join(o.StateDir, StateFile)
	if err := os.WriteFile(path, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Grant("web", pod("b")); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Grant on corrupt state = %v", err)
	}
	if _, err := a.Reconcile(nil); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Reconcile on corrupt state = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "garbage" {
		t.Errorf("state file changed to %q", got)
	}
}

// TestKilledWriterTempsRemoved: the temporary file of a writer killed
// before its rename is removed by the next write.
func TestKilledWriterTempsRemoved(t *testing.T) {
	o := testOptions(t.TempDir(), webPool(4, 10))
	a := mustNew(t, o)
	mustGrant(t, a, "web", pod("a"))
	stale := filepath.Join(o.StateDir, "."+StateFile+".123456")
	if err := os.WriteFile(stale, []byte(`{"version":1`), 0o600); err != nil {
		t.Fatal(err)
	}
	mustGrant(t, a, "web", pod("b"))
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temp file %s left after a write: %v", stale, err)
	}
	if err := a.Check(); err != nil {
		t.Errorf("state after the write: %v", err)
	}
}

// TestStateDirModes: a wider mode is narrowed; files too.
func TestStateDirModes(t *testing.T) {
	o := testOptions(t.TempDir(), webPool(4, 10))
	if err := os.MkdirAll(o.StateDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(o.StateDir, 0o777); err != nil {
		t.Fatal(err)
	}
	a := mustNew(t, o)
	mustGrant(t, a, "web", pod("a"))
	mode := func(p string) os.FileMode {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	if m := mode(o.StateDir); m != 0o700 {
		t.Errorf("state dir mode %v, want 0700", m)
	}
	for _, f := range []string{filepath.Join(o.StateDir, StateFile), filepath.Join(o.StateDir, LockFile), o.AttributionLog} {
		if m := mode(f); m != 0o600 {
			t.Errorf("%s mode %v, want 0600", f, m)
		}
		if err := os.Chmod(f, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustGrant(t, a, "web", pod("b"))
	for _, f := range []string{filepath.Join(o.StateDir, LockFile), o.AttributionLog} {
		if m := mode(f); m != 0o600 {
			t.Errorf("%s mode %v after use, want 0600", f, m)
		}
	}
	// The state file is replaced by a fresh 0600 one.
	if m := mode(filepath.Join(o.StateDir, StateFile)); m != 0o600 {
		t.Errorf("state file mode %v after use", m)
	}
}

// TestForeignStateDir: a state dir, state file or log of another user is
// refused, as are symlinks and a log dir others may write to.
func TestForeignStateDir(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to chown")
	}
	const other = 4242
	t.Run("dir", func(t *testing.T) {
		o := testOptions(t.TempDir(), webPool(4, 10))
		if err := os.MkdirAll(o.StateDir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(o.StateDir, other, other); err != nil {
			t.Fatal(err)
		}
		if _, err := New(o); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "owned by uid 4242") {
			t.Errorf("New = %v", err)
		}
	})
	t.Run("state file", func(t *testing.T) {
		o := testOptions(t.TempDir(), webPool(4, 10))
		a := mustNew(t, o)
		mustGrant(t, a, "web", pod("a"))
		if err := os.Chown(filepath.Join(o.StateDir, StateFile), other, other); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Grant("web", pod("b")); !errors.Is(err, ErrUnsafe) {
			t.Errorf("Grant = %v", err)
		}
	})
	t.Run("log", func(t *testing.T) {
		o := testOptions(t.TempDir(), webPool(4, 10))
		a := mustNew(t, o)
		if err := os.Chown(o.AttributionLog, other, other); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Grant("web", pod("b")); !errors.Is(err, ErrUnsafe) {
			t.Errorf("Grant = %v", err)
		}
		if g, _ := a.Blocks(); len(g) != 0 {
			t.Errorf("granted without a log line: %v", g)
		}
	})
}

func TestSymlinksAndOpenLogDir(t *testing.T) {
	t.Run("state file symlink", func(t *testing.T) {
		dir := t.TempDir()
		o := testOptions(dir, webPool(4, 10))
		if err := os.MkdirAll(o.StateDir, 0o700); err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, "elsewhere.json")
		if err := os.WriteFile(target, []byte(`{"version":1,"grants":[]}`), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(o.StateDir, StateFile)); err != nil {
			t.Fatal(err)
		}
		a, err := New(o)
		if err != nil {
			t.Fatalf("New = %v; the state is read only when needed", err)
		}
		if err := a.Check(); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "symlink") {
			t.Errorf("Check = %v", err)
		}
		if _, err := a.Grant("web", pod("a")); !errors.Is(err, ErrUnsafe) {
			t.Errorf("Grant = %v", err)
		}
	})
	t.Run("log symlink", func(t *testing.T) {
		dir := t.TempDir()
		o := testOptions(dir, webPool(4, 10))
		if err := os.MkdirAll(o.StateDir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/dev/null", o.AttributionLog); err != nil {
			t.Fatal(err)
		}
		if _, err := New(o); !errors.Is(err, ErrUnsafe) {
			t.Errorf("New = %v", err)
		}
	})
	t.Run("log dir writable by others", func(t *testing.T) {
		dir := t.TempDir()
		o := testOptions(dir, webPool(4, 10))
		o.AttributionLog = filepath.Join(dir, "logs", "attribution.jsonl")
		if err := os.MkdirAll(filepath.Dir(o.AttributionLog), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Dir(o.AttributionLog), 0o777); err != nil {
			t.Fatal(err)
		}
		if _, err := New(o); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "others may write") {
			t.Errorf("New = %v", err)
		}
	})
}
