package route

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
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

// index maps pod addresses to their owner and shared rules to the owners
// referring to them. It is derived from the records (GC rebuilds it) and
// kept so that ADD and DEL need not read every record.
type index struct {
	Addrs  map[netip.Addr]string `json:"addrs"`
	Shared map[string]*sharedRef `json:"shared"`
}

type sharedRef struct {
	Rule   Rule     `json:"rule"`
	Owners []string `json:"owners"`
}

func newIndex() *index {
	return &index{Addrs: map[netip.Addr]string{}, Shared: map[string]*sharedRef{}}
}

// ref records that owner uses rule.
func (ix *index) ref(owner string, r Rule) {
	k := r.String()
	s := ix.Shared[k]
	if s == nil {
		s = &sharedRef{Rule: r}
		ix.Shared[k] = s
	}
	if !slices.Contains(s.Owners, owner) {
		s.Owners = append(s.Owners, owner)
	}
}

// unref drops owner's use of rule and says whether nobody uses it now. A
// rule the index does not know (lost state) is kept: GC's sweep removes
// it once no record needs it.
func (ix *index) unref(owner string, r Rule) (unused bool) {
	k := r.String()
	s := ix.Shared[k]
	if s == nil {
		return false
	}
	s.Owners = slices.DeleteFunc(s.Owners, func(o string) bool { return o == owner })
	if len(s.Owners) == 0 {
		delete(ix.Shared, k)
		return true
	}
	return false
}

// otherUsers says whether anybody but owner uses rule.
func (ix *index) otherUsers(owner string, r Rule) bool {
	s := ix.Shared[r.String()]
	return s != nil && slices.ContainsFunc(s.Owners, func(o string) bool { return o != owner })
}

func (ix *index) dropAddrs(owner string) {
	for a, o := range ix.Addrs {
		if o == owner {
			delete(ix.Addrs, a)
		}
	}
}

func (ix *index) add(rec *Record) {
	for _, a := range rec.Addrs {
		ix.Addrs[a.Addr()] = rec.Owner
	}
	for _, r := range rec.Shared {
		ix.ref(rec.Owner, r)
	}
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
	indexFile  = "index.json"
	lockFile   = "lock"
)

// openStore creates the state directory if needed and locks it.
func openStore(dir string) (*store, error) {
	if err := os.MkdirAll(filepath.Join(dir, recordsDir), 0o700); err != nil {
		return nil, fmt.Errorf("stateDir: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_CREATE|os.O_RDWR, 0o600)
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

// all returns every record in the directory, of every network. A record
// that cannot be parsed is reported and skipped, so one bad file does not
// stop GC.
func (s *store) all() ([]*Record, []error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, recordsDir))
	if err != nil {
		return nil, []error{fmt.Errorf("reading state: %w", err)}
	}
	var recs []*Record
	var errs []error
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		rec, err := s.load(strings.TrimSuffix(name, ".json"))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if rec != nil {
			recs = append(recs, rec)
		}
	}
	return recs, errs
}

func (s *store) loadIndex() (*index, error) {
	ix := newIndex()
	if _, err := readJSON(filepath.Join(s.dir, indexFile), ix); err != nil {
		return nil, err
	}
	if ix.Addrs == nil {
		ix.Addrs = map[netip.Addr]string{}
	}
	if ix.Shared == nil {
		ix.Shared = map[string]*sharedRef{}
	}
	return ix, nil
}

func (s *store) saveIndex(ix *index) error {
	return writeJSON(filepath.Join(s.dir, indexFile), ix)
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

// writeJSON replaces path atomically: temp file, fsync, rename.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
