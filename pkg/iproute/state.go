package iproute

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/diktyo-io/diktyo/internal/fsutil"
)

// Record is what one attachment installed. It lets DEL and GC find the
// host-side objects without the pod's netns or prevResult; GC reconciles
// kernel objects against the records rather than trusting them blindly.
type Record struct {
	Owner       string         `json:"owner"`
	Network     string         `json:"network"`
	ContainerID string         `json:"containerID"`
	IfName      string         `json:"ifName"`
	Netns       string         `json:"netns,omitempty"`
	Addrs       []netip.Prefix `json:"addrs,omitempty"`
	Plan
}

// store is the state directory, held under an exclusive flock for the
// whole of one verb: ADD, DEL, CHECK and GC of all attachments on the node
// are serialised, which makes shared rules and parallel DELs safe at the
// price of a few hundred microseconds of waiting under load.
type store struct {
	dir  string
	lock *os.File
}

const (
	recordsDir = "pods"
	lockFile   = "lock"
)

// openStore creates the state directory if needed and locks it. The
// directories are private (fsutil.PrivateDir) and so is the lock: another
// user who could reach them could rewrite the records or hold the lock.
func openStore(dir string) (*store, error) {
	for _, d := range []string{dir, filepath.Join(dir, recordsDir)} {
		if err := fsutil.PrivateDir(d); err != nil {
			return nil, fmt.Errorf("stateDir: %w", err)
		}
	}
	f, err := fsutil.OpenPrivate(filepath.Join(dir, lockFile), os.O_CREATE|os.O_RDWR)
	if err != nil {
		return nil, fmt.Errorf("stateDir: %w", err)
	}
	if err := flock(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("stateDir: locking %s: %w", f.Name(), err)
	}
	return &store{dir: dir, lock: f}, nil
}

func flock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// close releases the lock (closing the file drops the flock).
func (s *store) close() { _ = s.lock.Close() }

func (s *store) recordPath(owner string) string {
	return filepath.Join(s.dir, recordsDir, owner+".json")
}

// load returns owner's record, or nil when there is none.
func (s *store) load(owner string) (*Record, error) {
	rec := &Record{}
	ok, err := readJSON(s.recordPath(owner), rec)
	if err != nil || !ok {
		return nil, err
	}
	return rec, nil
}

func (s *store) save(rec *Record) error {
	return writeJSON(s.recordPath(rec.Owner), rec)
}

func (s *store) remove(owner string) error {
	if err := os.Remove(s.recordPath(owner)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing state of %s: %w", owner, err)
	}
	return nil
}

// all returns every record in the directory, of every network, and the
// owners whose record cannot be read (reported, not fatal, so one bad file
// does not stop GC).
func (s *store) all() ([]*Record, map[string]error, error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, recordsDir))
	if err != nil {
		return nil, nil, fmt.Errorf("reading state: %w", err)
	}
	var recs []*Record
	bad := map[string]error{}
	for _, e := range entries {
		owner, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok {
			continue
		}
		rec, err := s.load(owner)
		if err != nil {
			bad[owner] = err
			continue
		}
		if rec != nil {
			recs = append(recs, rec)
		}
	}
	return recs, bad, nil
}

// readJSON reads path into v; ok is false when the file does not exist.
func readJSON(path string, v any) (ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", path, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("parsing %s: %w", path, err)
	}
	return true, nil
}

// writeJSON replaces path atomically with v in JSON.
func writeJSON(path string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeFile(path, data)
}

// writeFile replaces path atomically (fsutil.WriteFile). It does not
// fsync: the state describes kernel objects that a power loss wipes as
// well, and a rename is atomic for every process that survives. The temp
// name is fixed (Locked) because the caller holds the store's lock.
func writeFile(path string, data []byte) error {
	return fsutil.WriteFile(path, data, fsutil.Options{Locked: true, NoSync: true})
}
