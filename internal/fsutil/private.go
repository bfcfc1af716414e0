// Package fsutil holds the file-system rules diktyo's state, locks and
// debug dumps share: one atomic replace (WriteFile), one private
// directory and file rule (PrivateDir, OpenPrivate), the rule for a
// directory others may not write to (TrustedDir), and one bounded
// debug-dump writer (Dumps). It imports nothing of diktyo's.
package fsutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// ErrUnsafe matches (errors.Is) every refusal of this package: a
// symlink, something that is not a directory or regular file, another
// user's file or directory, a directory others may write to.
var ErrUnsafe = errors.New("not private")

// OwnerError is a file or directory that belongs to another user.
type OwnerError struct {
	Path      string
	UID, Self int // its owner, this process's effective uid
}

func (e *OwnerError) Error() string {
	return fmt.Sprintf("%s belongs to uid %d, not to this process's uid %d: remove it", e.Path, e.UID, e.Self)
}

// Unwrap makes an OwnerError match ErrUnsafe.
func (e *OwnerError) Unwrap() error { return ErrUnsafe }

// unsafe is a refusal matching ErrUnsafe whose message is only its own.
type unsafe string

func (e unsafe) Error() string { return string(e) }
func (e unsafe) Unwrap() error { return ErrUnsafe }

func refuse(format string, args ...any) error { return unsafe(fmt.Sprintf(format, args...)) }

// owner returns the uid owning st, or -1 when the system does not say.
func owner(st fs.FileInfo) int {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(sys.Uid)
	}
	return -1
}

// OwnedByUs refuses (an *OwnerError) a file or directory that belongs to
// another user.
func OwnedByUs(path string, st fs.FileInfo) error {
	if uid := owner(st); uid != -1 && uid != os.Geteuid() {
		return &OwnerError{Path: path, UID: uid, Self: os.Geteuid()}
	}
	return nil
}

// PrivateDir makes dir exist as a directory of this user's, mode 0700:
// created so (with any missing parents), narrowed if found otherwise. A
// symlink, something else than a directory, or a directory of another
// user (who could then reach what is inside: state another user could
// rewrite, a lock another user could hold, dumps with pod data) is
// refused. diktyo's state, locks and dumps live in such directories.
func PrivateDir(dir string) error {
	if err := mkdir(dir); err != nil {
		return err
	}
	return narrowDir(dir)
}

// narrowDir is PrivateDir on a directory that exists: it creates nothing.
func narrowDir(dir string) error {
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return refuse("%s is not a directory (%s)", dir, st.Mode().Type())
	}
	if err := OwnedByUs(dir, st); err != nil {
		return err
	}
	if st.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("%s: narrowing mode %v to 0700: %w", dir, st.Mode().Perm(), err)
		}
	}
	return nil
}

// mkdir makes dir 0700 with any missing parents; something else already
// there is for the caller's checks to refuse.
func mkdir(dir string) error {
	err := os.MkdirAll(dir, 0o700)
	if _, lerr := os.Lstat(dir); err != nil && lerr != nil {
		return err
	}
	return nil
}

// TrustedDir makes dir exist (created 0700, with any missing parents)
// and checks it may hold private things without being private itself:
// a directory, not a symlink, of this user's or root's, that nobody else
// may write to (who could otherwise swap what is in it for symlinks or
// their own). Its mode is left as it is: it may be a directory others
// read, or share.
func TrustedDir(dir string) error {
	if err := mkdir(dir); err != nil {
		return err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return refuse("%s is not a directory (%s)", dir, st.Mode().Type())
	}
	if uid := owner(st); uid != 0 {
		if err := OwnedByUs(dir, st); err != nil {
			return err
		}
	}
	if st.Mode().Perm()&0o022 != 0 {
		return refuse("%s is writable by other users (mode %v: others may write to it, and swap what is in it): use a directory of its own", dir, st.Mode().Perm())
	}
	return nil
}

// OpenPrivate opens path with flag (creating it 0600 with os.O_CREATE)
// without following a symlink, and checks it is a regular file of this
// user's, narrowing its mode to 0600. Errors from opening (fs.ErrNotExist)
// are returned as they are; refusals match ErrUnsafe.
func OpenPrivate(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, refuse("%s is a symlink", path)
		}
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = refuse("%s is not a regular file", path)
	}
	if err == nil {
		err = OwnedByUs(path, st)
	}
	if err == nil && st.Mode().Perm() != 0o600 {
		err = f.Chmod(0o600)
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return f, nil
}
