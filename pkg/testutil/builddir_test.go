package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// A build directory is removed by the next sweep once its process is gone
// (its lock file free), never while its owner lives, and one without a
// lock file (being made, or made by a testutil from before the locks) is
// left alone.
func TestSweepRemovesOnlyAbandonedBuildDirs(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	mk := func(name string) string {
		d := filepath.Join(tmp, BuildDirPrefix+name)
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		return d
	}
	owned := mk("owned")
	f, err := ownDir(owned)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	abandoned := mk("abandoned")
	// A killed owner leaves its lock file; the kernel dropped its lock.
	if err := os.WriteFile(filepath.Join(abandoned, buildLock), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	unowned := mk("unowned")

	sweepBuildDirs()

	for dir, want := range map[string]bool{owned: true, abandoned: false, unowned: true} {
		_, err := os.Stat(dir)
		if got := err == nil; got != want {
			t.Errorf("%s after the sweep: present=%v, want %v", filepath.Base(dir), got, want)
		}
	}
	// The owner's lock survives the sweep: a second sweep still keeps it.
	sweepBuildDirs()
	if _, err := os.Stat(filepath.Join(owned, buildLock)); err != nil {
		t.Errorf("owned build dir's lock after two sweeps: %v", err)
	}
}
