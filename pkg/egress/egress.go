// Package egress is the node-local core of diktyo's egress addresses: an
// allocator of port blocks out of the admin's pools (egress.pools), with
// its state on disk, the explicit port ranges pods claim on the same
// addresses, and the attribution log that maps an (address, port, time)
// seen on the far side back to one pod (docs/egress.md).
//
// Everything here is pure file work: assigning the addresses, ARP/ND and
// conntrack are the caller's.
//
// Every operation takes a flock on the state directory (exclusive to
// change the state), uses the state in memory unless the file changed
// since this Allocator last read or wrote it (then it reads it again:
// cache.go), and, to change it, appends to the attribution log and writes
// the state back atomically, so that goroutines and several Allocator
// instances (processes) on one state directory never hand out one port
// twice.
package egress

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/netip"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Errors, for errors.Is; the texts around them name the pool, the pod and
// the file.
var (
	// ErrExhausted: the pool has no free block.
	ErrExhausted = errors.New("egress pool exhausted")
	// ErrConflict: an explicit port range would clash with a pool or with
	// another pod's range.
	ErrConflict = errors.New("egress port range conflict")
	// ErrQuota: the pod's namespace holds all its rule's quota allows
	// (allow.masq.quota).
	ErrQuota = errors.New("egress quota exhausted")
	// ErrStale: the pod holds a block that no longer fits its pool (the
	// pool was changed since the grant); release the pod to re-grant.
	ErrStale = errors.New("egress grant no longer fits its pool")
	// ErrCorrupt: the state file does not parse; it is never reset
	// silently, since the grants it records may be in use.
	ErrCorrupt = errors.New("egress state is corrupt")
	// ErrUnsafe: a directory or file has an owner or mode the allocator
	// will not use.
	ErrUnsafe = errors.New("egress state is not private")
	// ErrNotAttributed: no grant covers the address, port and time.
	ErrNotAttributed = errors.New("no pod held that address and port at that time")
)

// Pod identifies a pod sandbox: the key of its grants. Grants of one pod
// are those with an equal Pod (all four fields).
type Pod struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	UID       string `json:"uid"`
	Sandbox   string `json:"sandbox"`
}

func (p Pod) String() string {
	return fmt.Sprintf("%s/%s (uid %s, sandbox %s)", quoteIf(p.Namespace), quoteIf(p.Name), quoteIf(p.UID), quoteIf(p.Sandbox))
}

func (p Pod) validate() error {
	if p.Namespace == "" || p.Name == "" || p.UID == "" || p.Sandbox == "" {
		return fmt.Errorf("pod %s: namespace, name, uid and sandbox are all required", p)
	}
	return nil
}

// quoteIf quotes s when it is empty or holds anything but printable,
// non-blank characters, so that errors and logs stay one line.
func quoteIf(s string) string {
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) || r == ' ' || r == '"' }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// Pool is one pool of port blocks: ports Lo-Hi of Address, cut into
// blocks of BlockSize ports from Lo; a tail shorter than a block is never
// granted.
type Pool struct {
	Name      string
	Address   netip.Addr
	Lo, Hi    uint16
	BlockSize int
	// Shared lets explicit ranges of different pods overlap on Address
	// (never a pool's ports).
	Shared bool
}

// NumBlocks is how many blocks the pool holds.
func (p Pool) NumBlocks() int { return (int(p.Hi) - int(p.Lo) + 1) / p.BlockSize }

func (p Pool) block(i int) Block {
	lo := int(p.Lo) + i*p.BlockSize
	return Block{Pool: p.Name, Address: p.Address, Lo: uint16(lo), Hi: uint16(lo + p.BlockSize - 1)}
}

// fits reports whether b is one of p's blocks as p is now.
func (p Pool) fits(b Block) bool {
	if b.Address != p.Address || b.Lo < p.Lo || int(b.Hi)-int(b.Lo)+1 != p.BlockSize {
		return false
	}
	off := int(b.Lo) - int(p.Lo)
	return off%p.BlockSize == 0 && off/p.BlockSize < p.NumBlocks()
}

func (p Pool) validate() error {
	switch {
	case !api.ValidPoolName(p.Name):
		return fmt.Errorf("pool name %q is not a DNS label", p.Name)
	case !p.Address.IsValid():
		return fmt.Errorf("pool %q: no address", p.Name)
	case p.Lo == 0 || p.Lo > p.Hi:
		return fmt.Errorf("pool %q: port range %d-%d is empty", p.Name, p.Lo, p.Hi)
	case p.BlockSize <= 0 || p.BlockSize > int(p.Hi)-int(p.Lo)+1:
		return fmt.Errorf("pool %q: blockSize %d does not fit ports %d-%d", p.Name, p.BlockSize, p.Lo, p.Hi)
	}
	return nil
}

// Block is a port range of an address a pod holds: a pool's block, or
// (Pool "") an explicit range the pod claimed.
type Block struct {
	Pool    string     `json:"pool,omitempty"`
	Address netip.Addr `json:"address"`
	Lo      uint16     `json:"lo"`
	Hi      uint16     `json:"hi"`
}

// External is the block as a masq entry's external, "IP:lo-hi".
func (b Block) External() api.External {
	return api.External{Addr: b.Address, PortLo: b.Lo, PortHi: b.Hi}
}

// Ports is "lo-hi" (also for a single port), as in the attribution log.
func (b Block) Ports() string { return fmt.Sprintf("%d-%d", b.Lo, b.Hi) }

func (b Block) String() string {
	if b.Pool == "" {
		return "explicit " + b.External().String()
	}
	return fmt.Sprintf("pool %s block %s", b.Pool, b.External())
}

func (b Block) overlaps(addr netip.Addr, lo, hi uint16) bool {
	return b.Address == addr && b.Lo <= hi && lo <= b.Hi
}

// Grant is a block held by a pod since a time.
type Grant struct {
	Pod Pod `json:"pod"`
	Block
	Since time.Time `json:"since"`
}

func (g Grant) String() string { return fmt.Sprintf("%s of pod %s", g.Block, g.Pod) }

// PoolUsage counts a pool's blocks, for metrics
// (diktyo_egress_pool_blocks{pool,state="in_use"|"free"}).
type PoolUsage struct {
	Pool    string
	Address netip.Addr
	// Blocks is the number of blocks; InUse of them are held (wholly or
	// in part, by a grant of the pool or any other range on the address);
	// Free = Blocks - InUse.
	Blocks, InUse, Free int
}

// seed is where the search for a free block starts for pod: an FNV-1a
// hash of its UID, so that a pod (even a new sandbox of it, or after the
// state was lost) tends to get the same block back, and a block just
// released is not the next one handed to whoever asks next.
func seed(pod Pod, n int) int {
	h := fnv.New64a()
	_, _ = h.Write([]byte(pod.UID))
	return int(h.Sum64() % uint64(n))
}

// OptionsFromConfig returns the allocator options of the admin's egress
// section (nil: no section, no pools).
func OptionsFromConfig(c *policy.EgressConfig) Options {
	if c == nil {
		return Options{}
	}
	o := Options{StateDir: c.StateDir, AttributionLog: c.AttributionLog}
	for i := range c.Pools {
		p := &c.Pools[i]
		lo, hi := p.PortRange()
		o.Pools = append(o.Pools, Pool{Name: p.Name, Address: p.Addr(), Lo: lo, Hi: hi, BlockSize: p.BlockSize, Shared: p.Shared})
	}
	return o
}
