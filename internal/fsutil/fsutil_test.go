package fsutil

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestWriteFileAtomic: concurrent readers of a file being replaced over
// and over see one whole version or another, never a part.
func TestWriteFileAtomic(t *testing.T) {
	for name, o := range map[string]Options{"own temp": {}, "locked": {Locked: true}, "no sync": {NoSync: true}} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.json")
			version := func(i int) []byte { return bytes.Repeat([]byte{byte('a' + i%26)}, 64<<10+i) }
			if err := WriteFile(path, version(0), o); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			var wg sync.WaitGroup
			var bad []string
			var mu sync.Mutex
			for range 2 {
				wg.Go(func() {
					for {
						select {
						case <-done:
							return
						default:
						}
						data, err := os.ReadFile(path)
						ok := err == nil && len(data) >= 64<<10 && bytes.Equal(data, version(len(data)-64<<10))
						if !ok {
							mu.Lock()
							bad = append(bad, fmt.Sprintf("%d bytes, %v", len(data), err))
							mu.Unlock()
						}
					}
				})
			}
			for i := 1; i < 100; i++ {
				if err := WriteFile(path, version(i), o); err != nil {
					t.Fatal(err)
				}
			}
			close(done)
			wg.Wait()
			if len(bad) > 0 {
				t.Fatalf("%d partial reads, first: %s", len(bad), bad[0])
			}
			if got := entries(t, filepath.Dir(path)); len(got) != 1 {
				t.Errorf("directory holds %v, want only the file", got)
			}
		})
	}
}

// TestWriteFileFailureKeepsOld: a write that fails (here: the rename, a
// directory being in the way; and the temp file, a directory we may not
// write to) leaves the old file and no temp file.
func TestWriteFileFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := WriteFile(path, []byte("old"), Options{}); err != nil {
		t.Fatal(err)
	}
	// A directory where the fixed temp file goes: the create fails.
	if err := os.Mkdir(tempPath(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tempPath(path), "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new"), Options{Locked: true}); err == nil {
		t.Fatal("write over a directory in the temp file's place succeeded")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("file after a failed write: %q", got)
	}
	if err := os.RemoveAll(tempPath(path)); err != nil {
		t.Fatal(err)
	}
	// A non-empty directory as the target: the rename fails.
	target := filepath.Join(dir, "d")
	if err := os.MkdirAll(filepath.Join(target, "inside"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{}, {Locked: true}} {
		if err := WriteFile(target, []byte("new"), o); err == nil || !strings.Contains(err.Error(), "replacing "+target) {
			t.Errorf("rename over a directory (%+v): %v", o, err)
		}
	}
	if got := entries(t, dir); strings.Join(got, " ") != "d f" {
		t.Errorf("directory after failed writes: %v, want d and f alone", got)
	}
}

// TestWriteFileModes: 0600 unless told; a given mode; KeepMode keeps an
// existing file's; a leftover temp file's mode does not leak.
func TestWriteFileModes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name     string
		existing fs.FileMode // 0: none
		o        Options
		want     fs.FileMode
	}{
		{"default", 0, Options{}, 0o600},
		{"default over a wider file", 0o644, Options{}, 0o600},
		{"given", 0, Options{Mode: 0o644}, 0o644},
		{"kept, none there", 0, Options{Mode: 0o644, KeepMode: true}, 0o644},
		{"kept", 0o640, Options{Mode: 0o644, KeepMode: true}, 0o640},
		{"locked", 0, Options{Locked: true}, 0o600},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
		if c.existing != 0 {
			if err := os.WriteFile(path, []byte("old"), c.existing); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, c.existing); err != nil {
				t.Fatal(err)
			}
		}
		if c.o.Locked {
			if err := os.WriteFile(tempPath(path), []byte("leftover"), 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(tempPath(path), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteFile(path, []byte("new"), c.o); err != nil {
			t.Fatal(err)
		}
		if m := mode(t, path); m != c.want {
			t.Errorf("%s: mode %v, want %v", c.name, m, c.want)
		}
		if got, _ := os.ReadFile(path); string(got) != "new" {
			t.Errorf("%s: content %q", c.name, got)
		}
	}
}

// TestRemoveStale: a Locked writer asked to removes the temp files of its
// target, of any writer and any older name, and nothing else.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	stale := []string{".state.json.tmp", ".state.json.tmp-123", ".state.json.4567"}
	kept := []string{".other.json.tmp", "state.json.bak", ".state.jsonx"}
	for _, f := range append(stale, kept...) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFile(path, []byte("{}"), Options{RemoveStale: true}); err == nil {
		t.Error("RemoveStale without Locked accepted")
	}
	if err := WriteFile(path, []byte("{}"), Options{Locked: true, RemoveStale: true}); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(entries(t, dir), " ")
	if want := ".other.json.tmp .state.jsonx state.json state.json.bak"; got != want {
		t.Errorf("directory holds %s, want %s", got, want)
	}
	// Without RemoveStale, nothing else is touched.
	other := filepath.Join(dir, ".state.json.999")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("{}"), Options{Locked: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a temp file removed without RemoveStale: %v", err)
	}
	for _, n := range []string{".state.json.tmp", ".a.tmp-99", ".rule.tmp"} {
		if !IsTemp(n) {
			t.Errorf("IsTemp(%q) = false", n)
		}
	}
	for _, n := range []string{"rule", "owner", ".tmpfoo", "a.tmp-1"} {
		if IsTemp(n) {
			t.Errorf("IsTemp(%q) = true", n)
		}
	}
}

// TestPrivateDir: created 0700 with its parents, narrowed when wider,
// and a symlink or a file refused.
func TestPrivateDir(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "b")
	if err := PrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); m != 0o700 {
		t.Errorf("created with mode %v", m)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := PrivateDir(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); m != 0o700 {
		t.Errorf("not narrowed: mode %v", m)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(base, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, file} {
		err := PrivateDir(p)
		if !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), p+" is not a directory") {
			t.Errorf("PrivateDir(%s) = %v", p, err)
		}
		if err := TrustedDir(p); !errors.Is(err, ErrUnsafe) {
			t.Errorf("TrustedDir(%s) = %v", p, err)
		}
	}
}

// TestTrustedDir: a directory others may write to is refused, its mode
// left alone; a readable one is fine.
func TestTrustedDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := TrustedDir(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); m != 0o755 {
		t.Errorf("mode changed to %v", m)
	}
	if err := os.Chmod(dir, 0o1777); err != nil {
		t.Fatal(err)
	}
	if err := TrustedDir(dir); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), dir+" is writable by other users") {
		t.Errorf("TrustedDir of a 1777 directory = %v", err)
	}
}

// TestOwnerRefused: another user's directory or file is refused by every
// rule, with the owner named.
func TestOwnerRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to chown")
	}
	base := t.TempDir()
	dir := filepath.Join(base, "theirs")
	file := filepath.Join(base, "their-file")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, file} {
		if err := os.Chown(p, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	var owner *OwnerError
	for name, err := range map[string]error{
		"PrivateDir": PrivateDir(dir),
		"TrustedDir": TrustedDir(dir),
		"OpenPrivate": func() error {
			f, err := OpenPrivate(file, os.O_RDONLY)
			if err == nil {
				f.Close()
			}
			return err
		}(),
	} {
		if !errors.As(err, &owner) || owner.UID != 65534 || !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "belongs to uid 65534") {
			t.Errorf("%s of another user's = %v", name, err)
		}
	}
	// A root-owned directory is trusted by any user (but root owns it
	// here, and we are root).
	if err := os.Chown(dir, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := TrustedDir(dir); err != nil {
		t.Errorf("TrustedDir of root's: %v", err)
	}
}

// TestOpenPrivate: created 0600, narrowed, a symlink and a directory
// refused.
func TestOpenPrivate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lock")
	f, err := OpenPrivate(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if m := mode(t, path); m != 0o600 {
		t.Errorf("created with mode %v", m)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err = OpenPrivate(path, os.O_RDONLY)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if m := mode(t, path); m != 0o600 {
		t.Errorf("not narrowed: mode %v", m)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenPrivate(link, os.O_RDONLY); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "symlink") {
		t.Errorf("OpenPrivate of a symlink = %v", err)
	}
	if _, err := OpenPrivate(dir, os.O_RDONLY); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("OpenPrivate of a directory = %v", err)
	}
	if _, err := OpenPrivate(filepath.Join(dir, "none"), os.O_RDONLY); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenPrivate of nothing = %v", err)
	}
}

// TestDumps: the layout, modes, the per-directory bound and expiry at
// one and at two levels, and nothing foreign removed.
func TestDumps(t *testing.T) {
	for _, depth := range []int{1, 2} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "debug")
			d := Dumps{Dir: root, Key: "debug.dir", Keep: 3, MaxAge: time.Hour}
			sub := func(id string) []string { return []string{id, "eth0"}[:depth] }
			start := time.Now()
			var paths []string
			for i := range 5 {
				p, err := d.Write(sub("pod1"), "ADD", start.Add(time.Duration(i)), []byte("{}"))
				if err != nil {
					t.Fatal(err)
				}
				paths = append(paths, p)
			}
			leaf := filepath.Join(append([]string{root}, sub("pod1")...)...)
			if want := filepath.Join(leaf, fmt.Sprintf("ADD_%d.json", start.Add(4).UnixNano())); paths[4] != want {
				t.Errorf("path %s, want %s", paths[4], want)
			}
			if got := d.List(sub("pod1")...); strings.Join(got, " ") != strings.Join(paths[2:], " ") {
				t.Errorf("kept %v, want the newest 3 %v", got, paths[2:])
			}
			for _, p := range []string{root, leaf, filepath.Dir(leaf)} {
				if m := mode(t, p); m != 0o700 {
					t.Errorf("%s: mode %v", p, m)
				}
			}
			if m := mode(t, paths[4]); m != 0o600 {
				t.Errorf("dump mode %v", m)
			}

			// An old pod's directory goes, with its dumps but not what
			// diktyo did not write; a recent one stays, narrowed.
			if _, err := d.Write(sub("old"), "DEL", start, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Write(sub("mixed"), "DEL", start, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Write(sub("recent"), "DEL", start, nil); err != nil {
				t.Fatal(err)
			}
			mixedLeaf := filepath.Join(append([]string{root}, sub("mixed")...)...)
			foreign := filepath.Join(mixedLeaf, "notes.txt")
			if err := os.WriteFile(foreign, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			past := start.Add(-2 * time.Hour)
			for _, id := range []string{"old", "mixed"} {
				for p := filepath.Join(append([]string{root}, sub(id)...)...); p != root; p = filepath.Dir(p) {
					if err := os.Chtimes(p, past, past); err != nil {
						t.Fatal(err)
					}
				}
			}
			recent := filepath.Join(root, "recent")
			if err := os.Chmod(recent, 0o755); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Write(sub("new"), "ADD", start, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(root, "old")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("old pod's directory kept: %v", err)
			}
			if got := d.List(sub("mixed")...); len(got) != 0 {
				t.Errorf("old dumps kept beside a foreign file: %v", got)
			}
			if _, err := os.Stat(foreign); err != nil {
				t.Errorf("a file diktyo did not write was removed: %v", err)
			}
			if len(d.List(sub("recent")...)) != 1 || mode(t, recent) != 0o700 {
				t.Errorf("recent pod: dumps %v, mode %v", d.List(sub("recent")...), mode(t, recent))
			}
		})
	}
}

// TestDumpsRefused: unsafe names, a root others may write to, and a
// symlink where a pod's directory belongs.
func TestDumpsRefused(t *testing.T) {
	root := t.TempDir()
	d := Dumps{Dir: root, Key: "debugDir", Keep: 3, MaxAge: time.Hour}
	for _, sub := range [][]string{{".."}, {"../x"}, {"a/b"}, {".hidden"}, {""}, {"ok", ".."}} {
		if p, err := d.Write(sub, "ADD", time.Now(), nil); err == nil {
			t.Errorf("sub %q: wrote %s", sub, p)
		}
	}
	if p, err := d.Write([]string{"ok"}, "../ADD", time.Now(), nil); err == nil {
		t.Errorf("verb with a slash: wrote %s", p)
	}
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(root, "pod")); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Write([]string{"pod"}, "ADD", time.Now(), nil); !errors.Is(err, ErrUnsafe) {
		t.Errorf("dump through a symlink = %v", err)
	}
	if got := entries(t, elsewhere); len(got) != 0 {
		t.Errorf("written through the symlink: %v", got)
	}
	if err := os.Chmod(root, 0o1777); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Write([]string{"ok"}, "ADD", time.Now(), nil); err == nil || !strings.Contains(err.Error(), "debugDir: "+root+" is writable by other users") {
		t.Errorf("dump under a 1777 root = %v", err)
	}
}
