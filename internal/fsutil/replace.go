package fsutil

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Options says how WriteFile replaces a file.
type Options struct {
	// Mode is the new file's permission bits; 0 means 0600.
	Mode fs.FileMode
	// KeepMode: when path exists, its permission bits win over Mode (an
	// admin may have narrowed a file others read).
	KeepMode bool
	// NoSync skips both fsyncs (the file's and the directory's): for
	// files a power loss makes moot anyway (state of kernel objects a
	// reboot wipes, debug dumps). The rename stays atomic for every
	// process that survives.
	NoSync bool
	// Locked says the caller holds a lock every writer of path takes. The
	// temp file then has one fixed name, which the next writer overwrites
	// if a writer was killed before its rename; without it each writer
	// has a temp file of its own.
	Locked bool
	// RemoveStale removes, before writing, every file in path's directory
	// named like a temp file of path (.BASE.*): what writers killed
	// before their rename left, of any diktyo version. Only with Locked,
	// in a directory of the caller's own: it reads the whole directory.
	RemoveStale bool
}

// WriteFile replaces path with data atomically: a temp file in the same
// directory (mode 0600, then o.Mode), written, fsync'd, renamed over
// path, then the directory fsync'd. A reader sees the old file or the
// new one, never a part; a failed write leaves the old file and no temp
// file.
func WriteFile(path string, data []byte, o Options) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if o.RemoveStale {
		if !o.Locked {
			return fmt.Errorf("replacing %s: removing stale temp files needs the writers' lock", path)
		}
		removeTemps(path)
	}
	var tmp *os.File
	if o.Locked {
		tmp, err = os.OpenFile(tempPath(path), os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0o600)
	} else {
		tmp, err = os.CreateTemp(dir, "."+base+".tmp-*")
	}
	if err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	mode := o.Mode.Perm()
	if mode == 0 {
		mode = 0o600
	}
	if o.KeepMode {
		if st, err := os.Stat(path); err == nil {
			mode = st.Mode().Perm()
		}
	}
	// Always: a leftover fixed-name temp file keeps its old mode.
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	if !o.NoSync {
		if err = tmp.Sync(); err != nil {
			return fmt.Errorf("replacing %s: fsync: %w", path, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	if o.NoSync {
		return nil
	}
	return SyncDir(dir)
}

// SyncDir fsyncs a directory, making a file created, renamed or removed
// in it durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("fsync of directory %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("fsync of directory %s: %w", dir, err)
	}
	return nil
}

// tempPath is the temp file of a Locked WriteFile of path: .BASE.tmp
// beside it.
func tempPath(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".tmp")
}

// IsTemp says whether a directory entry's name is one of WriteFile's
// temp files (of any target).
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && (strings.HasSuffix(name, ".tmp") || strings.Contains(name, ".tmp-"))
}

// removeTemps removes the temp files of path (.BASE.*) that writers
// killed before their rename left. Best effort: a leftover only costs
// disk space. The caller holds the lock of every writer of path.
func removeTemps(path string) {
	dir, base := filepath.Split(path)
	stale, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".*"))
	for _, f := range stale {
		_ = os.Remove(f)
	}
}

// globEscape quotes filepath.Match's metacharacters in a file name.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
