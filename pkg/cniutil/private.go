package cniutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// PrivateDir makes dir exist as a directory of this user's, mode 0700:
// created so, narrowed if found wider. A symlink, or a directory of
// another user (who could then reach what is inside: a lock another user
// could hold, dumps with pod data), is an error. The plugins' state,
// locks and dumps live in such directories.
func PrivateDir(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory (%s)", dir, st.Mode().Type())
	}
	if err := OwnedByUs(dir, st); err != nil {
		return err
	}
	if st.Mode().Perm()&0o077 != 0 {
		return os.Chmod(dir, 0o700)
	}
	return nil
}

// OwnedByUs refuses a file or directory that belongs to another user.
func OwnedByUs(path string, st fs.FileInfo) error {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		return fmt.Errorf("%s belongs to uid %d, not to this process's uid %d: remove it", path, sys.Uid, os.Geteuid())
	}
	return nil
}
