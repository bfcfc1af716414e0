package egress

import (
	"cmp"
	"fmt"
	"net/netip"
	"path/filepath"
	"slices"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// DefaultLockTimeout bounds the wait for the state lock.
const DefaultLockTimeout = 5 * time.Second

// Options configure an Allocator.
type Options struct {
	// StateDir holds the state file and its lock; made 0700.
	StateDir string
	// AttributionLog is the JSON-lines log every grant and release is
	// appended to (0600, fsync'd).
	AttributionLog string
	// Pools are the admin's pools (OptionsFromConfig).
	Pools []Pool
	// Now is the clock (default time.Now); times are logged in UTC.
	Now func() time.Time
	// LockTimeout bounds the wait for the state lock (default
	// DefaultLockTimeout).
	LockTimeout time.Duration
	// Node is the node's name, written on every attribution line.
	Node string
}

// Allocator grants pods blocks of the pools, and records the explicit
// ranges pods claim, in a state directory shared by every Allocator on
// it. Safe for concurrent use; cheap to make (make a new one when the
// pools change: the state is on disk). It keeps the state in memory and
// reads the file again only when another writer replaced it (cache.go).
type Allocator struct {
	o Options
	// sem (one slot) serialises the calls of this Allocator: the holder
	// owns cache.
	sem   chan struct{}
	cache cache
}

// New checks the options and prepares the state directory (0700, owned by
// this user, or refused) and the attribution log (0600). It does not read
// the state: a corrupt, foreign or newer state file fails only the calls
// that need it (the pods that need a block), never the daemon's start;
// Check reports it.
func New(o Options) (*Allocator, error) {
	if !filepath.IsAbs(o.StateDir) || !filepath.IsAbs(o.AttributionLog) {
		return nil, fmt.Errorf("egress: state dir %q and attribution log %q must be absolute paths", o.StateDir, o.AttributionLog)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = DefaultLockTimeout
	}
	o.Pools = slices.Clone(o.Pools)
	for i, p := range o.Pools {
		if err := p.validate(); err != nil {
			return nil, fmt.Errorf("egress: %w", err)
		}
		for _, q := range o.Pools[:i] {
			if q.Name == p.Name {
				return nil, fmt.Errorf("egress: pool %q given twice", p.Name)
			}
			if q.Address == p.Address && q.Lo <= p.Hi && p.Lo <= q.Hi {
				return nil, fmt.Errorf("egress: pools %q and %q overlap on %s", q.Name, p.Name, p.Address)
			}
		}
	}
	if err := secureDir(o.StateDir); err != nil {
		return nil, err
	}
	if err := checkLogDir(filepath.Dir(o.AttributionLog)); err != nil {
		return nil, err
	}
	a := &Allocator{o: o, sem: make(chan struct{}, 1)}
	if err := a.touchLog(); err != nil {
		return nil, err
	}
	return a, nil
}

// Check reads the state once under the shared lock and reports why it
// cannot be used (ErrCorrupt for a file that does not parse, a foreign
// owner, a lock that cannot be had), or nil.
func (a *Allocator) Check() error {
	return a.read(func(*state) error { return nil })
}

// StateDir is the directory holding the state (Options.StateDir).
func (a *Allocator) StateDir() string { return a.o.StateDir }

func (a *Allocator) pool(name string) (Pool, bool) {
	for _, p := range a.o.Pools {
		if p.Name == name {
			return p, true
		}
	}
	return Pool{}, false
}

func (a *Allocator) sharedAddr(addr netip.Addr) bool {
	return slices.ContainsFunc(a.o.Pools, func(p Pool) bool { return p.Address == addr && p.Shared })
}

// read runs fn on the state under a shared lock. fn must not change it.
func (a *Allocator) read(fn func(*state) error) error {
	unlock, err := a.begin(false)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := a.current()
	if err != nil {
		return err
	}
	return fn(st)
}

// update runs fn on the state under the exclusive lock. fn returns the
// events of what it changed; they are appended to the attribution log
// first, then the state is written. The log may so record a grant that
// never took effect (a crash in between), never miss one that did; if the
// state cannot be written, a grant logged is taken back by a release line.
//
// fn changes st only through st.add and st.replace, and returns events
// for every change. When fn fails, or the log or the state cannot be
// written, what fn changed is taken back: the state in memory stays the
// file's.
func (a *Allocator) update(fn func(*state, time.Time) ([]Event, error)) (err error) {
	unlock, err := a.begin(true)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := a.current()
	if err != nil {
		return err
	}
	before, lines, n, changes := st.Grants, st.lines, len(st.Grants), st.changes
	defer func() {
		if err != nil && st.changes != changes {
			// add only appended (the first n are as they were); replace
			// made new slices.
			st.Grants, st.lines = before[:n:n], lines[:n:n]
			st.index()
		}
	}()
	now := a.o.Now().UTC()
	events, err := fn(st, now)
	if err != nil || len(events) == 0 {
		return err
	}
	if err = a.appendLog(events); err != nil {
		return err
	}
	size, err := saveState(a.o.StateDir, st)
	if err == nil {
		a.written(st, size)
		return nil
	}
	var undo []Event
	for _, e := range events {
		if e.Event == EventGrant {
			e.Event = EventRelease
			undo = append(undo, e)
		}
	}
	if len(undo) > 0 {
		_ = a.appendLog(undo) // best effort; the error that matters is err
	}
	return err
}

// Grant returns the block of pool the pod holds, granting it one if it
// holds none: the same block for the same pod, whatever the restarts
// (idempotent); a block no other grant on the address overlaps for a new
// one. The search for a free block is deterministic: it starts at a block
// derived from the pod's UID (FNV-1a, modulo the number of blocks) and
// takes the first free one from there, wrapping around (docs/egress.md).
// No free block: ErrExhausted, naming the pool.
func (a *Allocator) Grant(pool string, pod Pod) (Block, error) {
	return a.grant(pool, pod, policy.MasqQuota{})
}

// grant is Grant within the namespace's quota, checked under the same
// lock as the grant.
func (a *Allocator) grant(pool string, pod Pod, q policy.MasqQuota) (Block, error) {
	if err := pod.validate(); err != nil {
		return Block{}, fmt.Errorf("egress: %w", err)
	}
	var got Block
	err := a.update(func(st *state, now time.Time) (events []Event, err error) {
		got, events, err = a.grantIn(st, now, pool, pod, q)
		return events, err
	})
	return got, err
}

// grantIn is grant's change of st.
func (a *Allocator) grantIn(st *state, now time.Time, pool string, pod Pod, q policy.MasqQuota) (Block, []Event, error) {
	p, ok := a.pool(pool)
	if !ok {
		return Block{}, nil, fmt.Errorf("egress: unknown pool %q", pool)
	}
	b, held, err := pick(st, p, pod)
	if err != nil || held {
		return b, nil, err
	}
	if blocks, _ := namespaceHolds(st, pod.Namespace); q.Blocks > 0 && blocks+1 > q.Blocks {
		return Block{}, nil, fmt.Errorf("%w: namespace %s holds %d pool blocks, all its quota allows (allow.masq.quota.blocks: %d); pod %s gets no block of pool %q",
			ErrQuota, pod.Namespace, blocks, q.Blocks, pod, pool)
	}
	st.add(Grant{Pod: pod, Block: b, Since: now})
	return b, []Event{event(EventGrant, now, pod, b)}, nil
}

// Preview is what Grant would return now, without granting anything (for
// diktyo-nri explain): held reports whether the pod already holds it.
func (a *Allocator) Preview(pool string, pod Pod) (b Block, held bool, err error) {
	p, ok := a.pool(pool)
	if !ok {
		return Block{}, false, fmt.Errorf("egress: unknown pool %q", pool)
	}
	if err := pod.validate(); err != nil {
		return Block{}, false, fmt.Errorf("egress: %w", err)
	}
	err = a.read(func(st *state) error {
		b, held, err = pick(st, p, pod)
		return err
	})
	return b, held, err
}

// pick returns the block of p the pod holds (held), or the one Grant
// gives it: the first free block from the pod's seed on.
func pick(st *state, p Pool, pod Pod) (Block, bool, error) {
	for _, g := range st.holds(pod) {
		if g.Pool == p.Name {
			if !p.fits(g.Block) {
				return Block{}, false, fmt.Errorf("%w: pod %s holds %s on %s, not a block of pool %s as it is now (%s ports %d-%d, blockSize %d); release the pod to grant it a new one",
					ErrStale, pod, g.Block, g.Address, p.Name, p.Address, p.Lo, p.Hi, p.BlockSize)
			}
			return g.Block, true, nil
		}
	}
	used := occupied(st, p)
	n := len(used)
	start := seed(pod, n)
	for k := range n {
		if i := (start + k) % n; !used[i] {
			return p.block(i), false, nil
		}
	}
	return Block{}, false, fmt.Errorf("%w: pool %q has no free block for pod %s (%d blocks of %d ports on %s, all held)",
		ErrExhausted, p.Name, pod, n, p.BlockSize, p.Address)
}

// occupied marks the blocks of p that any grant on p's address overlaps.
func occupied(st *state, p Pool) []bool {
	n := p.NumBlocks()
	used := make([]bool, n)
	end := int(p.Lo) + n*p.BlockSize - 1
	for _, i := range st.on(p.Address) {
		g := st.Grants[i]
		if int(g.Hi) < int(p.Lo) || int(g.Lo) > end {
			continue
		}
		first := (max(int(g.Lo), int(p.Lo)) - int(p.Lo)) / p.BlockSize
		last := (min(int(g.Hi), end) - int(p.Lo)) / p.BlockSize
		for i := first; i <= last; i++ {
			used[i] = true
		}
	}
	return used
}

// Release frees every block and explicit range the pod holds and returns
// them (none: nil, no error).
func (a *Allocator) Release(pod Pod) ([]Grant, error) {
	var released []Grant
	err := a.update(func(st *state, now time.Time) ([]Event, error) {
		if len(st.byPod[pod]) == 0 {
			return nil, nil // nothing held: nothing to write
		}
		var events []Event
		released, events = releaseIn(st, now, func(g Grant) bool { return g.Pod == pod })
		return events, nil
	})
	if err != nil {
		return nil, err
	}
	return released, nil
}

// Reconcile releases what pods not in live hold (the garbage collection
// of pods that went away while nobody released them) and returns it.
// live must list every pod sandbox the runtime still has, running or not.
func (a *Allocator) Reconcile(live []Pod) ([]Grant, error) {
	alive := make(map[Pod]bool, len(live))
	for _, p := range live {
		alive[p] = true
	}
	return a.releaseIf(func(g Grant) bool { return !alive[g.Pod] })
}

func (a *Allocator) releaseIf(gone func(Grant) bool) ([]Grant, error) {
	var released []Grant
	err := a.update(func(st *state, now time.Time) ([]Event, error) {
		var events []Event
		released, events = releaseIn(st, now, gone)
		return events, nil
	})
	if err != nil {
		return nil, err
	}
	return released, nil
}

// releaseIn removes the grants gone says are and returns them, with
// their events; st is unchanged when there are none.
func releaseIn(st *state, now time.Time, gone func(Grant) bool) ([]Grant, []Event) {
	var released []Grant
	var events []Event
	kept := make([]Grant, 0, len(st.Grants))
	lines := make([][]byte, 0, len(st.Grants))
	for i, g := range st.Grants {
		if gone(g) {
			released = append(released, g)
			events = append(events, event(EventRelease, now, g.Pod, g.Block))
			continue
		}
		kept = append(kept, g)
		lines = append(lines, st.lines[i])
	}
	if len(released) > 0 {
		st.replace(kept, lines)
	}
	return released, events
}

// Blocks lists every block held, by address then port.
func (a *Allocator) Blocks() ([]Grant, error) {
	var out []Grant
	err := a.read(func(st *state) error {
		out = slices.Clone(st.Grants)
		return nil
	})
	slices.SortFunc(out, func(x, y Grant) int {
		return cmp.Or(x.Address.Compare(y.Address), cmp.Compare(x.Lo, y.Lo), cmp.Compare(x.Hi, y.Hi))
	})
	return out, err
}

// Usage counts the blocks of every pool, in the order of the pools.
func (a *Allocator) Usage() ([]PoolUsage, error) {
	var out []PoolUsage
	err := a.read(func(st *state) error {
		for _, p := range a.o.Pools {
			u := PoolUsage{Pool: p.Name, Address: p.Address}
			for _, used := range occupied(st, p) {
				u.Blocks++
				if used {
					u.InUse++
				}
			}
			u.Free = u.Blocks - u.InUse
			out = append(out, u)
		}
		return nil
	})
	return out, err
}

// CheckExplicit reports whether pod may use the explicit external
// addr:lo-hi (lo = hi = 0: an address without ports, i.e. any port):
// ErrConflict, naming the pool or the other pod, if the range overlaps a
// pool's ports on addr (pool blocks must never clash, whatever shared
// says) or another pod's explicit range on addr, unless a pool on addr is
// shared. It changes nothing; ClaimExplicit records the range.
func (a *Allocator) CheckExplicit(pod Pod, addr netip.Addr, lo, hi uint16) error {
	lo, hi, err := explicitRange(pod, addr, lo, hi)
	if err != nil {
		return err
	}
	return a.read(func(st *state) error { return a.conflict(st, pod, addr, lo, hi) })
}

// ClaimExplicit is CheckExplicit, and then records the range as the
// pod's (logged like a grant, with no pool; idempotent), so that other
// pods' claims are checked against it until Release or Reconcile.
func (a *Allocator) ClaimExplicit(pod Pod, addr netip.Addr, lo, hi uint16) error {
	lo, hi, err := explicitRange(pod, addr, lo, hi)
	if err != nil {
		return err
	}
	return a.claim(pod, []Block{{Address: addr, Lo: lo, Hi: hi}}, policy.MasqQuota{})
}

// namespaceHolds counts the pool blocks and the explicit ranges' ports
// the pods of namespace ns hold.
func namespaceHolds(st *state, ns string) (blocks, ports int) {
	for _, g := range st.Grants {
		switch {
		case g.Pod.Namespace != ns:
		case g.Pool != "":
			blocks++
		default:
			ports += int(g.Hi) - int(g.Lo) + 1
		}
	}
	return blocks, ports
}

// claim records the explicit ranges bs for pod, all or none, within the
// namespace's quota of ports (q.Ports, 0: unbounded).
func (a *Allocator) claim(pod Pod, bs []Block, q policy.MasqQuota) error {
	return a.update(func(st *state, now time.Time) ([]Event, error) {
		return a.claimIn(st, now, pod, bs, q)
	})
}

// claimIn is claim's change of st.
func (a *Allocator) claimIn(st *state, now time.Time, pod Pod, bs []Block, q policy.MasqQuota) ([]Event, error) {
	if q.Ports > 0 {
		want := 0
		for _, b := range bs {
			if !st.holdsBlock(pod, b) {
				want += int(b.Hi) - int(b.Lo) + 1
			}
		}
		if want > 0 {
			if _, held := namespaceHolds(st, pod.Namespace); held+want > q.Ports {
				return nil, fmt.Errorf("%w: namespace %s holds %d ports of explicit ranges, and pod %s asks %d more: its quota allows %d (allow.masq.quota.ports)",
					ErrQuota, pod.Namespace, held, pod, want, q.Ports)
			}
		}
	}
	var events []Event
	for _, b := range bs {
		if err := a.conflict(st, pod, b.Address, b.Lo, b.Hi); err != nil {
			return nil, err
		}
		if st.holdsBlock(pod, b) {
			continue
		}
		st.add(Grant{Pod: pod, Block: b, Since: now})
		events = append(events, event(EventGrant, now, pod, b))
	}
	return events, nil
}

// Admit is what diktyo-nri does with a pod's policy before it runs the
// chain: it claims the explicit ranges of the policy's masq entries (all
// or none; "masquerade" takes no range), then replaces every "pool:NAME"
// external with the pod's block of the pool (Grant). In that order: a
// resolved block must not be taken for an explicit range. Idempotent: a
// running pod's policy admitted again resolves to the same blocks. All or
// nothing, under one lock: on error the policy is left as it was and the
// pod holds what it held before (fail the pod and Release it, as after
// any failed start). A pod that holds what it asks already costs a look
// at its own grants in memory, no read of the file (cache.go).
func (a *Allocator) Admit(pod Pod, pol *policy.Policy) error {
	if pol == nil {
		return nil
	}
	var explicit []Block
	for i, e := range pol.MasqEntries {
		ext, err := api.ParseExternal(e.External)
		if err != nil {
			return fmt.Errorf("egress: masq[%d]: %w", i, err)
		}
		if ext.Masquerade || ext.Pool != "" {
			continue
		}
		lo, hi, err := explicitRange(pod, ext.Addr, ext.PortLo, ext.PortHi)
		if err != nil {
			return err
		}
		b := Block{Address: ext.Addr, Lo: lo, Hi: hi}
		if !slices.Contains(explicit, b) {
			explicit = append(explicit, b)
		}
	}
	if len(explicit) == 0 && len(pol.Pools()) == 0 {
		return nil // no lock, no state read
	}
	if err := pod.validate(); err != nil {
		return fmt.Errorf("egress: %w", err)
	}
	var resolved []api.MasqEntry
	err := a.update(func(st *state, now time.Time) ([]Event, error) {
		events, err := a.claimIn(st, now, pod, explicit, pol.Quota)
		if err != nil {
			return nil, err
		}
		r := *pol
		defer func() { resolved = r.MasqEntries }()
		err = r.ResolvePools(func(pool string) (api.External, error) {
			b, evs, err := a.grantIn(st, now, pool, pod, pol.Quota)
			events = append(events, evs...)
			return b.External(), err
		})
		return events, err
	})
	if err != nil {
		return err
	}
	pol.MasqEntries = resolved
	return nil
}

func explicitRange(pod Pod, addr netip.Addr, lo, hi uint16) (uint16, uint16, error) {
	if err := pod.validate(); err != nil {
		return 0, 0, fmt.Errorf("egress: %w", err)
	}
	if lo == 0 && hi == 0 {
		lo, hi = 1, 65535
	}
	if !addr.IsValid() || lo == 0 || lo > hi {
		return 0, 0, fmt.Errorf("egress: explicit range %s ports %d-%d is not an address with a port range", addr, lo, hi)
	}
	return lo, hi, nil
}

func (a *Allocator) conflict(st *state, pod Pod, addr netip.Addr, lo, hi uint16) error {
	want := Block{Address: addr, Lo: lo, Hi: hi}
	for _, p := range a.o.Pools {
		if p.Address == addr && p.Lo <= hi && lo <= p.Hi {
			return fmt.Errorf("%w: %s for pod %s overlaps pool %q (ports %d-%d): pool blocks must never clash",
				ErrConflict, want, pod, p.Name, p.Lo, p.Hi)
		}
	}
	shared := a.sharedAddr(addr)
	for _, i := range st.on(addr) {
		g := st.Grants[i]
		if g.Pod == pod || !g.overlaps(addr, lo, hi) {
			continue
		}
		if g.Pool != "" {
			// A block of a pool no longer configured, still held.
			return fmt.Errorf("%w: %s for pod %s overlaps %s", ErrConflict, want, pod, g)
		}
		if !shared {
			return fmt.Errorf("%w: %s for pod %s overlaps %s (no pool on %s is shared)", ErrConflict, want, pod, g, addr)
		}
	}
	return nil
}
