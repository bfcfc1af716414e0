package egress

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/api"
)

// Files in the state directory.
const (
	StateFile = "state.json"
	LockFile  = "state.lock"

	stateVersion = 1
	// maxStateBytes bounds what is read of the state file.
	maxStateBytes = 64 << 20
)

// state is the state file: every block held, by pools and explicitly;
// and, in memory, its grants indexed by pod and by address (index).
type state struct {
	Version int     `json:"version"`
	Grants  []Grant `json:"grants"`

	// byPod and byAddr are the positions in Grants of each pod's grants
	// and of the grants on each address.
	byPod  map[Pod][]int
	byAddr map[netip.Addr][]int
	// lines are the grants encoded as in the file (nil: not yet), so
	// that a write encodes only the grants new since the last.
	lines [][]byte
	// changes counts add and replace: update takes back what a failed
	// change did when it moved.
	changes uint64
}

// index builds byPod and byAddr from Grants, and sizes lines.
func (st *state) index() {
	if len(st.lines) != len(st.Grants) {
		st.lines = make([][]byte, len(st.Grants))
	}
	st.byPod = make(map[Pod][]int, len(st.Grants))
	st.byAddr = map[netip.Addr][]int{}
	for i, g := range st.Grants {
		st.byPod[g.Pod] = append(st.byPod[g.Pod], i)
		st.byAddr[g.Address] = append(st.byAddr[g.Address], i)
	}
}

// add appends a grant, indexed.
func (st *state) add(g Grant) {
	i := len(st.Grants)
	st.Grants = append(st.Grants, g)
	st.lines = append(st.lines, nil)
	st.byPod[g.Pod] = append(st.byPod[g.Pod], i)
	st.byAddr[g.Address] = append(st.byAddr[g.Address], i)
	st.changes++
}

// replace makes grants, encoded as lines (nil entries: not yet), the
// state's grants: new slices, never Grants filtered in place, so that
// update can take the change back.
func (st *state) replace(grants []Grant, lines [][]byte) {
	st.Grants, st.lines = grants, lines
	st.index()
	st.changes++
}

// holds returns the grants of pod.
func (st *state) holds(pod Pod) []Grant {
	idx := st.byPod[pod]
	out := make([]Grant, len(idx))
	for k, i := range idx {
		out[k] = st.Grants[i]
	}
	return out
}

// holdsBlock reports whether pod holds exactly b.
func (st *state) holdsBlock(pod Pod, b Block) bool {
	for _, i := range st.byPod[pod] {
		if st.Grants[i].Block == b {
			return true
		}
	}
	return false
}

// on returns the positions of the grants on addr.
func (st *state) on(addr netip.Addr) []int { return st.byAddr[addr] }

// secureDir makes dir (and missing parents) with mode 0700 and checks it
// (fsutil.PrivateDir): a directory, not a symlink, owned by this
// process's user, its mode narrowed to 0700 if wider. Another owner is
// refused: whoever owns it can rewrite the state.
func secureDir(dir string) error {
	err := fsutil.PrivateDir(dir)
	var other *fsutil.OwnerError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &other):
		return fmt.Errorf("%w: state dir %s is owned by uid %d, not uid %d (this process): refusing to use it", ErrUnsafe, dir, other.UID, other.Self)
	case errors.Is(err, fsutil.ErrUnsafe):
		return fmt.Errorf("%w: state dir: %w", ErrUnsafe, err)
	}
	return fmt.Errorf("egress state dir: %w", err)
}

// checkLogDir makes the attribution log's directory if missing (0700)
// and refuses one others may write to, a symlink, or one another user
// owns (root excepted): they could swap the log (fsutil.TrustedDir).
func checkLogDir(dir string) error {
	if err := fsutil.TrustedDir(dir); err != nil {
		return private("attribution log dir", err)
	}
	return nil
}

// private names what err is about, and makes fsutil's refusals ErrUnsafe.
func private(what string, err error) error {
	if errors.Is(err, fsutil.ErrUnsafe) {
		return fmt.Errorf("%w: %s: %w", ErrUnsafe, what, err)
	}
	return fmt.Errorf("egress %s: %w", what, err)
}

// openPrivate opens a file of ours without following a symlink, checks it
// is a regular file this user owns and narrows its mode to 0600
// (fsutil.OpenPrivate). fs.ErrNotExist comes back as it is.
func openPrivate(path string, flag int) (*os.File, error) {
	f, err := fsutil.OpenPrivate(path, flag)
	if errors.Is(err, fsutil.ErrUnsafe) {
		return nil, fmt.Errorf("%w: %w", ErrUnsafe, err)
	}
	return f, err
}

// lock takes the state directory's flock, exclusive or shared, waiting up
// to timeout; unlock with the returned function.
func lock(dir string, exclusive bool, timeout time.Duration) (func(), error) {
	f, err := openPrivate(filepath.Join(dir, LockFile), os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, fmt.Errorf("egress state lock: %w", err)
	}
	how := unix.LOCK_SH
	if exclusive {
		how = unix.LOCK_EX
	}
	deadline := time.Now().Add(timeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err = unix.Flock(int(f.Fd()), how|unix.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
			f.Close()
			return nil, fmt.Errorf("egress state lock %s: %w", f.Name(), err)
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("egress state lock %s: held by another process for more than %s", f.Name(), timeout)
		}
		time.Sleep(wait)
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}

func parseState(data []byte) (*state, error) {
	if len(data) > maxStateBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxStateBytes)
	}
	var st state
	if err := api.DecodeStrict(data, &st); err != nil {
		return nil, err
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("version %d, this diktyo knows %d", st.Version, stateVersion)
	}
	type key struct {
		pod  Pod
		pool string
	}
	seen := map[key]bool{}
	for i, g := range st.Grants {
		switch {
		case g.Pod.validate() != nil:
			return nil, fmt.Errorf("grants[%d]: %w", i, g.Pod.validate())
		case !g.Address.IsValid():
			return nil, fmt.Errorf("grants[%d]: no address", i)
		case g.Lo == 0 || g.Lo > g.Hi:
			return nil, fmt.Errorf("grants[%d]: port range %d-%d is empty", i, g.Lo, g.Hi)
		case g.Pool != "" && !api.ValidPoolName(g.Pool):
			return nil, fmt.Errorf("grants[%d]: pool %q is not a pool name", i, g.Pool)
		case g.Pool != "" && seen[key{g.Pod, g.Pool}]:
			return nil, fmt.Errorf("grants[%d]: a second block of pool %s for pod %s", i, g.Pool, g.Pod)
		}
		seen[key{g.Pod, g.Pool}] = true
	}
	return &st, nil
}

// saveState writes the state atomically: a temporary file in the same
// directory, fsync'd, renamed over the state file, then the directory
// fsync'd. The caller holds the exclusive lock, so no live writer owns a
// temporary file of the state: those of writers killed before their
// rename are removed first. It returns the file's size.
func saveState(dir string, st *state) (int, error) {
	data, err := encodeState(st)
	if err != nil {
		return 0, err
	}
	if err := fsutil.WriteFile(filepath.Join(dir, StateFile), data, fsutil.Options{Locked: true, RemoveStale: true}); err != nil {
		return 0, fmt.Errorf("egress state: %w", err)
	}
	return len(data), nil
}

// encodeState is the state file's content: a JSON object with one grant
// per line, each grant encoded once for the life of the state in memory
// (st.lines).
func encodeState(st *state) ([]byte, error) {
	if len(st.lines) != len(st.Grants) {
		st.lines = make([][]byte, len(st.Grants))
	}
	size := 64
	for i, g := range st.Grants {
		if st.lines[i] == nil {
			line, err := json.Marshal(g)
			if err != nil {
				return nil, err
			}
			st.lines[i] = line
		}
		size += len(st.lines[i]) + 4
	}
	data := make([]byte, 0, size)
	data = fmt.Appendf(data, "{\n \"version\": %d,\n \"grants\": [", st.Version)
	for i, line := range st.lines {
		if i > 0 {
			data = append(data, ',')
		}
		data = append(data, "\n  "...)
		data = append(data, line...)
	}
	return append(data, "\n ]\n}\n"...), nil
}
