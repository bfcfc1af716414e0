package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// UnreadableNetns is a netns path in a temp directory whose every read
// fails with an error that is no proof of anything (ELOOP: a symlink to
// itself), as a statfs that fails for want of memory, a permission or a
// hung mount.
func UnreadableNetns(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "netns-loop")
	if err := os.Symlink(p, p); err != nil {
		t.Fatal(err)
	}
	return p
}
