package noop_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/noop"
)

// clock makes noop.Now advance by a second per call, from a fixed start.
func clock(t *testing.T) *time.Time {
	t.Helper()
	now := time.Now()
	old := noop.Now
	noop.Now = func() time.Time { now = now.Add(time.Second); return now }
	t.Cleanup(func() { noop.Now = old })
	return &now
}

// del calls DEL in-process for containerID with conf.
func del(t *testing.T, conf, containerID string) error {
	t.Helper()
	return noop.Plugin.Verbs(cniutil.Env{Environ: os.Environ()}).Del(context.Background(), &skel.CmdArgs{ContainerID: containerID, IfName: "eth0", StdinData: []byte(conf)})
}

func debugConf(dir, extra string) string {
	return fmt.Sprintf(`{"cniVersion":"1.0.0","name":"n","type":"noop","debug":true,"debugDir":%q%s}`, dir, extra)
}

// TestDumpsBounded: an attachment dir keeps its newest maxDumps dumps.
func TestDumpsBounded(t *testing.T) {
	clock(t)
	dir := t.TempDir()
	conf := debugConf(dir, `,"maxDumps":5`)
	var all []string
	for range 8 {
		if err := del(t, conf, "ctr1"); err != nil {
			t.Fatal(err)
		}
		files, _ := noop.ListDumps(dir, "ctr1", "eth0")
		all = append(all, files[len(files)-1])
	}
	files, err := noop.ListDumps(dir, "ctr1", "eth0")
	if err != nil || !slices.Equal(files, all[3:]) {
		t.Fatalf("dumps %q (%v), want the newest 5 %q", files, err, all[3:])
	}
}

func TestDumpsBoundedByDefault(t *testing.T) {
	clock(t)
	dir := t.TempDir()
	for range noop.DefaultMaxDumps + 3 {
		if err := del(t, debugConf(dir, ""), "ctr1"); err != nil {
			t.Fatal(err)
		}
	}
	if files, _ := noop.ListDumps(dir, "ctr1", "eth0"); len(files) != noop.DefaultMaxDumps {
		t.Fatalf("%d dumps, want %d", len(files), noop.DefaultMaxDumps)
	}
}

// TestOldAttachmentsExpire: the next write removes attachment dirs not
// written for maxAge, and nothing that noop did not write.
func TestOldAttachmentsExpire(t *testing.T) {
	now := clock(t)
	dir := t.TempDir()
	conf := debugConf(dir, `,"maxAge":"1h"`)
	for _, ctr := range []string{"old", "oldmixed", "recent"} {
		if err := del(t, conf, ctr); err != nil {
			t.Fatal(err)
		}
	}
	foreign := []string{filepath.Join(dir, "notes.txt"), filepath.Join(dir, "oldmixed", "eth0", "keep.txt")}
	for _, f := range foreign {
		if err := os.WriteFile(f, []byte("not noop's"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	past := now.Add(-2 * time.Hour)
	for _, d := range []string{"old/eth0", "oldmixed/eth0"} {
		if err := os.Chtimes(filepath.Join(dir, d), past, past); err != nil {
			t.Fatal(err)
		}
	}
	if err := del(t, conf, "new"); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"old", "oldmixed/eth0/del_*.json"} {
		if m, _ := filepath.Glob(filepath.Join(dir, gone)); len(m) != 0 {
			t.Errorf("%s not expired: %v", gone, m)
		}
	}
	for _, kept := range append(foreign, filepath.Join(dir, "recent", "eth0"), filepath.Join(dir, "new", "eth0")) {
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("%s removed: %v", kept, err)
		}
	}
}

// TestDumpsPrivate: dumps are root-only, attachment dirs made wide by an
// older version are narrowed, and a debugDir that other users can write
// to, or that is theirs, is refused (they could swap in symlinks).
func TestDumpsPrivate(t *testing.T) {
	clock(t)
	dir := filepath.Join(t.TempDir(), "debug")
	if err := del(t, debugConf(dir, ""), "ctr1"); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "ctr0", "eth0"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(dir, "ctr1"), filepath.Join(dir, "ctr1", "eth0"), filepath.Join(dir, "ctr0")} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := del(t, debugConf(dir, ""), "ctr1"); err != nil {
		t.Fatal(err)
	}
	files, _ := noop.ListDumps(dir, "ctr1", "eth0")
	check := append([]string{dir, filepath.Join(dir, "ctr1"), filepath.Join(dir, "ctr1", "eth0"), filepath.Join(dir, "ctr0"), filepath.Join(dir, "ctr0", "eth0")}, files...)
	for _, p := range check {
		st, err := os.Stat(p)
		want := os.FileMode(0o700)
		if err == nil && !st.IsDir() {
			want = 0o600
		}
		if err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want mode %v", p, st.Mode().Perm(), err, want)
		}
	}

	shared := t.TempDir()
	if err := os.Chmod(shared, 0o1777); err != nil {
		t.Fatal(err)
	}
	if err := del(t, debugConf(shared, ""), "ctr1"); err == nil || !strings.Contains(err.Error(), "debugDir: "+shared+" is writable by other users") {
		t.Fatalf("DEL with a world-writable debugDir: %v", err)
	}
	if os.Geteuid() == 0 {
		theirs := t.TempDir()
		if err := os.Chown(theirs, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		if err := del(t, debugConf(theirs, ""), "ctr1"); err == nil || !strings.Contains(err.Error(), "belongs to uid 65534") {
			t.Fatalf("DEL with another user's debugDir: %v", err)
		}
	}
}
