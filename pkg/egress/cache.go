package egress

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// The state in memory: each Allocator keeps the state it last read or
// wrote, and re-reads the file only when it changed under it. Every
// operation still takes the directory's flock first (another process, or
// another Allocator of this process, may write the file), and then
// compares the file the state path names now with the one the cache was
// read from:
//
//   - every writer replaces the file by a rename under the exclusive lock
//     (saveState), so a write by anyone makes the path name another inode;
//   - the cache holds the file it was read from open, so that inode's
//     number cannot be reused by a later file while the cache uses it (an
//     inode number alone, with its size and times, could be: times are
//     coarse, and a freed inode number is handed out again);
//   - size, mtime, ctime, mode and owner are compared too, for a file
//     rewritten in place or chmod'ed by hand (not by diktyo).
//
// A state that does not parse is cached with its error for as long as the
// file stays the same, so a corrupt file costs one read, not one per pod,
// and is reported (ErrCorrupt, naming the file) by every call that needs
// it, never reset.

// cache is what the Allocator knows of the state file.
type cache struct {
	// f is the state file read (nil: there was none, or the cache is
	// empty); held open for its inode number (see above).
	f  *os.File
	id fileID
	// absent: the state file did not exist; st is then the empty state.
	absent bool
	st     *state
	err    error
}

// fileID is what identifies one version of the state file.
type fileID struct {
	dev, ino     uint64
	size         int64
	mtime, ctime unix.Timespec
	mode, uid    uint32
}

func idOf(s *unix.Stat_t) fileID {
	return fileID{dev: s.Dev, ino: s.Ino, size: s.Size, mtime: s.Mtim, ctime: s.Ctim, mode: s.Mode, uid: s.Uid}
}

// drop forgets the cached state (the next call reads the file).
func (c *cache) drop() {
	if c.f != nil {
		_ = c.f.Close()
	}
	*c = cache{}
}

// begin serialises the Allocator's calls (the cache is one per Allocator;
// goroutines of one process would otherwise share it unlocked), then
// takes the state directory's flock. Each wait is bounded by LockTimeout.
func (a *Allocator) begin(exclusive bool) (func(), error) {
	select {
	case a.sem <- struct{}{}:
	default:
		t := time.NewTimer(a.o.LockTimeout)
		defer t.Stop()
		select {
		case a.sem <- struct{}{}:
		case <-t.C:
			return nil, fmt.Errorf("egress state lock %s: held by another call of this process for more than %s",
				filepath.Join(a.o.StateDir, LockFile), a.o.LockTimeout)
		}
	}
	unlock, err := lock(a.o.StateDir, exclusive, a.o.LockTimeout)
	if err != nil {
		<-a.sem
		return nil, err
	}
	return func() { unlock(); <-a.sem }, nil
}

// current returns the state as the file holds it now: the cached one if
// the file is the one it was read from, or the file read afresh. The
// caller holds begin's locks. The state returned is the cache's own:
// update changes it in place and takes the changes back on failure.
func (a *Allocator) current() (*state, error) {
	path := filepath.Join(a.o.StateDir, StateFile)
	c := &a.cache
	var s unix.Stat_t
	err := unix.Lstat(path, &s)
	switch {
	case errors.Is(err, unix.ENOENT):
		if !c.absent {
			c.drop()
			c.absent, c.st = true, &state{Version: stateVersion}
			c.st.index()
		}
		return c.st, nil
	case err == nil && c.f != nil && c.id == idOf(&s):
		return c.st, c.err
	}
	c.drop()
	f, err := openPrivate(path, os.O_RDONLY)
	if errors.Is(err, fs.ErrNotExist) {
		// Removed between the Lstat and the open: by hand, not by a
		// writer of the lock. Read again next time.
		return &state{Version: stateVersion}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("egress state: %w", err)
	}
	// The identity first, then the content: a change after the fstat
	// changes what the next call compares.
	if err := unix.Fstat(int(f.Fd()), &s); err != nil {
		f.Close()
		return nil, fmt.Errorf("egress state %s: %w", path, err)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxStateBytes+1))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("egress state %s: %w", path, err)
	}
	st, err := parseState(data)
	if err != nil {
		st, err = nil, fmt.Errorf("%w: %s: %w (left as it is: its grants may be in use; fix it, or move it aside once no pod uses them)", ErrCorrupt, path, err)
	} else {
		st.index()
	}
	*c = cache{f: f, id: idOf(&s), st: st, err: err}
	return st, err
}

// written records that st is now the state file, just written (size
// bytes) by this Allocator under the exclusive lock: the cache takes the
// new file's identity. Anything unexpected drops the cache instead (the
// next call reads the file).
func (a *Allocator) written(st *state, size int) {
	c := &a.cache
	c.drop()
	f, err := openPrivate(filepath.Join(a.o.StateDir, StateFile), os.O_RDONLY)
	if err != nil {
		return
	}
	var s unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &s); err != nil || s.Size != int64(size) {
		f.Close()
		return
	}
	*c = cache{f: f, id: idOf(&s), st: st}
}
