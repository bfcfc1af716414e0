package hosts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func behind(path string) *Backend {
	b := New(path, "n1")
	b.WriteBehind()
	return b
}

// holdLock takes the file's writers' lock as another process would, so
// that nothing is written until release.
func holdLock(t *testing.T, path string) (release func()) {
	t.Helper()
	unlock, err := New(path, "n1").lock(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unlock)
	return unlock
}

// TestWriteBehindAnswersBeforeTheWrite: writing behind, Add and Del
// answer while another writer holds the file's lock (they wait for no
// write), their names are checked against the file as it will be (a name
// an accepted change holds is refused at once, and CHECK sees the
// accepted lines), and Flush writes exactly what a writer that waits
// writes.
func TestWriteBehindAnswersBeforeTheWrite(t *testing.T) {
	dir := t.TempDir()
	path, want := filepath.Join(dir, "hosts"), filepath.Join(dir, "want")
	b, sync := behind(path), New(want, "n1")
	release := holdLock(t, path)
	for i, name := range []string{"web", "db", "api"} {
		s := setOn("n1", "pod"+name, []string{name}, "198.51.100."+string(rune('1'+i)))
		for _, be := range []*Backend{b, sync} {
			if err := be.Add(ctx(t), s); err != nil {
				t.Fatalf("Add %s: %v", name, err)
			}
		}
		if err := b.Check(ctx(t), s); err != nil {
			t.Fatalf("Check of the accepted %s: %v", name, err)
		}
	}
	if err := b.Add(ctx(t), setOn("n1", "other", []string{"db"}, "198.51.100.9")); err == nil || !strings.Contains(err.Error(), "db.pods.test is already taken") {
		t.Fatalf("Add of a name an accepted change holds = %v, want refused", err)
	}
	gone := setOn("n1", "podapi", []string{"api"}, "198.51.100.3")
	for _, be := range []*Backend{b, sync} {
		if err := be.Del(ctx(t), gone); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the file was written while another writer held the lock (stat: %v)", err)
	}
	release()
	if err := Flush(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if got, w := read(t, path), read(t, want); got != w {
		t.Fatalf("written behind:\n%s\nwritten at once:\n%s", got, w)
	}
}

// TestWriteBehindSeesOtherWriters: a name another writer (a standalone
// CNI call, an admin) put in the file is taken for the next change; one
// it took after a change was accepted drops that change when it is
// written, and the pod's CHECK says its line is missing.
func TestWriteBehindSeesOtherWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts")
	b := behind(path)
	if err := New(path, "n1").Add(ctx(t), setOn("n1", "x", []string{"db"}, "198.51.100.1")); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx(t), setOn("n1", "y", []string{"db"}, "198.51.100.2")); err == nil {
		t.Fatal("Add of a name another writer holds accepted")
	}

	release := holdLock(t, path)
	late := setOn("n1", "late", []string{"api"}, "198.51.100.3")
	if err := b.Add(ctx(t), late); err != nil {
		t.Fatal(err)
	}
	admin := read(t, path) + "192.0.2.50\tapi.pods.test\n"
	if err := os.WriteFile(path, []byte(admin), 0o644); err != nil {
		t.Fatal(err)
	}
	release()
	if err := Flush(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != admin {
		t.Fatalf("file after the dropped change:\n%s\nwant the admin's:\n%s", got, admin)
	}
	if err := b.Check(ctx(t), late); err == nil || !strings.Contains(err.Error(), "missing line") {
		t.Fatalf("Check of the dropped change = %v, want a missing line", err)
	}
}

// TestWriteBehindFailureReported: a write that fails keeps its changes
// queued and retries them; meanwhile STATUS and CHECK report the fault,
// and once the file can be written again everything accepted is there.
func TestWriteBehindFailureReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts")
	b := behind(path)
	release := holdLock(t, path)
	s := setOn("n1", "web", []string{"web"}, "198.51.100.1")
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	// The file's name taken by a directory: no read or rename succeeds.
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	release()
	for b.Status(ctx(t)) == nil {
		select {
		case <-ctx(t).Done():
			t.Fatal("STATUS never reported the failing write")
		case <-time.After(10 * time.Millisecond):
		}
	}
	if err := b.Check(ctx(t), s); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Check while writes fail = %v, want the fault naming %s", err, path)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := Flush(c); err != nil {
		t.Fatal(err)
	}
	if err := b.Status(ctx(t)); err != nil {
		t.Fatalf("Status after the write succeeded: %v", err)
	}
	if err := b.Check(ctx(t), s); err != nil || !strings.Contains(read(t, path), "web.pods.test") {
		t.Fatalf("after recovery: Check = %v, file:\n%s", err, read(t, path))
	}
}
