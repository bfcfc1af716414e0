// Package ctzone gives each incarnation of a pod address its own
// conntrack zone, so that no conntrack entry made before the pod's ADD
// can carry the pod's flows: the ADD's walk of the conntrack table is
// then unnecessary by design (docs/ipmasq.md, "Conntrack zones").
//
// A stale entry is harmful when a new pod's packet finds it in the
// original direction: conntrack then applies the entry's translation
// (an earlier owner's SNAT, or none) and the nat rules never see the
// flow. Anyone may make such an entry before the pod's ADD binds its
// address: a neighbour spoofing the address, a host process with
// CAP_NET_RAW, the address's previous pod. With zones, the pod's
// packets (and only those its link binding let through, since the zone
// is set after the binding's checks) are looked up in the original
// direction in a zone no earlier entry of the address can hold, so they
// never find one and each flow is translated by the pod's own rules.
// Replies are looked up in the default zone, as before (a directional
// zone: NF_CT_ZONE_DIR_ORIG), so nothing else changes for the pod.
//
// The zone of an address's incarnation is one more than the last zone
// the address had (the last4/last6 maps keep it, beside the live zone
// maps the prerouting chain reads). That holds only from a point at
// which the address provably had no entry in any zone: the table's
// epoch (every zoned entry of an earlier table removed once, in the
// first ADD's walk), or a walk of every entry of the address (an ADD
// that found no proof). Until such a walk succeeded, the last zone is
// marked pending and the next ADD walks again: unknown means walk.
package ctzone

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// Table is the zones' nftables table (family inet), one per node
// whatever the networks: a zone is unique per address only while one
// counter hands them out.
const Table = "diktyo-ctzone"

// Priority is the prerouting chain's: after the link binding's checks
// (-460, -450) and defragmentation (-400), before conntrack (-200).
const Priority = -300

const (
	chainPre = "pre"
	// pending marks a last zone whose walk has not succeeded yet, and
	// the epoch while its walk has not.
	pending = 1 << 31
	// MaxZone is the highest zone handed out; the next incarnation
	// after it starts at 1 again, with a walk.
	MaxZone = 0xffff
)

var (
	zone4 = &nft.Set{Name: "zone4", Fields: []byte{unix.NFPROTO_IPV4}, Data: []byte{nft.FieldU32}}
	zone6 = &nft.Set{Name: "zone6", Fields: []byte{unix.NFPROTO_IPV6}, Data: []byte{nft.FieldU32}}
	last4 = &nft.Set{Name: "last4", Fields: []byte{unix.NFPROTO_IPV4}, Data: []byte{nft.FieldU32}}
	last6 = &nft.Set{Name: "last6", Fields: []byte{unix.NFPROTO_IPV6}, Data: []byte{nft.FieldU32}}
	// epochKey is the key in last4 of the table's epoch: never a pod
	// address.
	epochKey = netip.IPv4Unspecified()
)

func liveSet(a netip.Addr) *nft.Set {
	if a.Is4() {
		return zone4
	}
	return zone6
}

func lastSet(a netip.Addr) *nft.Set {
	if a.Is4() {
		return last4
	}
	return last6
}

// Zones hands out the zones of one node's namespace.
type Zones struct {
	// Client stands for the kernel in unit tests (an nft.Fake).
	Client nft.Client
	// NetNS is the namespace to work in ("": the caller's).
	NetNS string
}

// Walk is the conntrack walk an ADD still needs.
type Walk int

const (
	// WalkNone: the zone proves that no earlier entry carries the pod's
	// flows.
	WalkNone Walk = iota
	// WalkStale: a repeated ADD of the same pod, which keeps its zone:
	// its own flows must follow its rules (snat.Plan.Stale).
	WalkStale
	// WalkFull: no proof: every entry whose original source is the
	// address goes (the pod has sent nothing yet).
	WalkFull
)

func (w Walk) String() string {
	return [...]string{"none", "stale", "full"}[w]
}

// Live is an address's element in the zone maps: the zone its
// packets get now and the owner it was given to.
type Live struct {
	Zone  uint16
	Owner string
	OK    bool
}

// Last is an address's last zone and whether its walk is proven.
type Last struct {
	Zone    uint16
	Pending bool
	OK      bool
}

// Decide is the ADD's decision for one address, pure: the zone it gets
// and the walk it still needs. epoch says whether the table's epoch is
// proven (every zoned entry of an earlier table removed).
func Decide(owner string, live Live, last Last, epoch bool) (zone uint16, walk Walk) {
	if live.OK && live.Owner == owner && last.OK && last.Zone == live.Zone {
		// The same pod again (a repair, a changed policy): its flows
		// keep their zone, and follow its rules.
		if last.Pending {
			return live.Zone, WalkFull
		}
		return live.Zone, WalkStale
	}
	next := uint16(1)
	if last.OK && last.Zone < MaxZone {
		next = last.Zone + 1
	}
	switch {
	case last.OK && last.Zone >= MaxZone:
		// Wrapped: zone 1 may be an earlier incarnation's.
		return next, WalkFull
	case last.OK && last.Pending:
		// The walk that would have proven its history did not succeed.
		return next, WalkFull
	case !last.OK && (!epoch || live.OK):
		// No history: a proof only in a proven epoch, and only when no
		// zone was ever given (a live zone without its last one is a
		// table someone else changed).
		return next, WalkFull
	}
	return next, WalkNone
}

// Assignment is what an ADD's Assign decided: each address's zone, and
// the walks still needed.
type Assignment struct {
	Zones map[netip.Addr]uint16
	// Full are the addresses whose every entry must go; Stale says the
	// pod's own flows must be judged against its rules.
	Full  []netip.Addr
	Stale bool
	// Epoch: the table's epoch is not proven; the walk must also remove
	// every zoned entry of an earlier table, then Confirm proves it.
	Epoch      bool
	epochNonce uint32
}

// Walk is the strongest walk the assignment needs.
func (a *Assignment) Walk() Walk {
	switch {
	case len(a.Full) > 0 || a.Epoch:
		return WalkFull
	case a.Stale:
		return WalkStale
	}
	return WalkNone
}

func (z *Zones) open(ctx context.Context) (nft.Client, func(), error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	c, err := nft.Use(z.Client, z.NetNS)
	if err != nil {
		return nil, nil, err
	}
	if z.Client != nil {
		return c, func() {}, nil
	}
	return c, func() { _ = c.Close() }, nil
}

// Assign gives owner's addresses their zones, in one transaction that
// fails, changing nothing, when another ADD changed what it read (then
// it reads again). The table is made when missing.
func (z *Zones) Assign(ctx context.Context, owner string, addrs []netip.Addr) (*Assignment, error) {
	c, done, err := z.open(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	var last error
	for range 5 {
		a, err := z.assign(c, owner, addrs)
		if err == nil {
			return a, nil
		}
		last = err
		if !errors.Is(err, nft.ErrExists) && !errors.Is(err, nft.ErrNotFound) && !errors.Is(err, unix.EBUSY) {
			break
		}
	}
	return nil, fmt.Errorf("conntrack zones of %v in table %s: %w", addrs, Table, last)
}

func (z *Zones) assign(c nft.Client, owner string, addrs []netip.Addr) (*Assignment, error) {
	b := nft.NewBatch(Table)
	epoch, err := z.ensure(c, b)
	if err != nil {
		return nil, err
	}
	a := &Assignment{Zones: map[netip.Addr]uint16{}, Epoch: !epoch.OK || epoch.Pending, epochNonce: epoch.nonce}
	for _, addr := range addrs {
		addr = addr.Unmap()
		live, liveEl, err := readLive(c, addr)
		if err != nil {
			return nil, err
		}
		last, lastEl, err := readLast(c, addr)
		if err != nil {
			return nil, err
		}
		zone, walk := Decide(owner, live, last, !a.Epoch)
		a.Zones[addr] = zone
		switch walk {
		case WalkFull:
			a.Full = append(a.Full, addr)
		case WalkStale:
			a.Stale = true
		}
		// Compare and swap: each element re-added as it was read (the
		// kernel refuses the batch if another ADD changed it), then
		// replaced.
		swap(b, liveEl, liveElem(addr, zone, owner))
		swap(b, lastEl, lastElem(addr, zone, walk == WalkFull))
	}
	if err := c.Apply(b); err != nil {
		return nil, err
	}
	return a, nil
}

// swap replaces element old (nil: none, and none may appear meanwhile)
// with new.
func swap(b *nft.Batch, old, new *nft.Element) {
	if old == nil {
		b.CreateElement(new)
		return
	}
	b.AddElement(old)
	b.DelElement(old)
	b.AddElement(new)
}

type epochState struct {
	Last
	nonce uint32
}

func epochElem(nonce uint32, isPending bool) *nft.Element {
	w := nonce
	if isPending {
		w |= pending
	}
	return &nft.Element{Set: last4.Name, Key: []netip.Addr{epochKey}, Data: &nft.Data{Words: []uint32{w}}, Comment: "diktyo: epoch"}
}

// ensure reads the table's epoch and its chain, and puts in b (first)
// whatever is missing: the table, its maps, its chain's exact rules
// (without them a pod's packets would be in the default zone, with
// every stale entry), a new epoch, pending (its walk has not run).
func (z *Zones) ensure(c nft.Client, b *nft.Batch) (epochState, error) {
	var st epochState
	el, err := c.GetElement(Table, last4, &nft.Element{Set: last4.Name, Key: []netip.Addr{epochKey}})
	switch {
	case err == nil:
		w := word(el)
		st = epochState{Last: Last{OK: true, Pending: w&pending != 0}, nonce: w &^ pending}
	case !errors.Is(err, nft.ErrNotFound):
		return st, err
	}
	ok, err := nft.HoldsExactly(c, Table, chainPre, Rules())
	if err != nil && !errors.Is(err, nft.ErrNotFound) {
		return st, err
	}
	// The table and maps are declared in every ADD's transaction (a
	// no-op when there): last4/last6 are in no rule, so another writer
	// can delete one with the chain intact, and every later ADD would
	// then fail on it.
	b.AddTable()
	for _, s := range []*nft.Set{zone4, zone6, last4, last6} {
		b.AddSet(s)
	}
	if !ok {
		b.AddChain(&nft.Chain{Name: chainPre, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: Priority},
			Comment: "diktyo: conntrack zone of each pod address's incarnation"})
		b.FlushChain(chainPre)
		for _, r := range Rules() {
			b.AddRule(r)
		}
	}
	if !st.OK {
		nonce, err := newNonce()
		if err != nil {
			return st, err
		}
		st.nonce = nonce
		b.CreateElement(epochElem(nonce, true))
		return st, nil
	}
	return z.historyKept(c, b, el, st)
}

// historyKept checks that last6 is still there beside the epoch (in
// last4): another writer deleting it took every IPv6 address's last zone
// with it, so the epoch proves nothing any more and is replaced by a new
// one, pending (the next ADD's epoch walk removes every zoned entry no
// record keeps).
func (z *Zones) historyKept(c nft.Client, b *nft.Batch, el *nft.Element, st epochState) (epochState, error) {
	sets, err := c.ListSets(Table)
	if err != nil {
		return st, err
	}
	if slices.ContainsFunc(sets, func(s nft.Set) bool { return s.Name == last6.Name }) {
		return st, nil
	}
	nonce, err := newNonce()
	if err != nil {
		return st, err
	}
	swap(b, el, epochElem(nonce, true))
	return epochState{Last: Last{OK: true, Pending: true}, nonce: nonce}, nil
}

// Rules are the prerouting chain's rules: "ct original zone set ip
// saddr map @zone4", and for IPv6.
func Rules() []*nft.Rule {
	var out []*nft.Rule
	for _, s := range []struct {
		fam byte
		set *nft.Set
	}{{unix.NFPROTO_IPV4, zone4}, {unix.NFPROTO_IPV6, zone6}} {
		ex := nft.MatchFamily(s.fam)
		ex = append(ex, nft.LoadAddr(s.fam, false, nft.Reg1),
			&expr.Lookup{SourceRegister: nft.Reg1, DestRegister: nft.Reg1, IsDestRegSet: true, SetName: s.set.Name},
			nft.SetOrigZone(nft.Reg1))
		out = append(out, &nft.Rule{Chain: chainPre, Exprs: ex})
	}
	return out
}

func newNonce() (uint32, error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.NativeEndian.Uint32(b[:]) &^ pending, nil
}

func word(e *nft.Element) uint32 {
	if e == nil || e.Data == nil || len(e.Data.Words) == 0 {
		return 0
	}
	return e.Data.Words[0]
}

func ownerComment(owner string) string { return "owner=" + owner }

func ownerOf(comment string) string {
	for _, f := range strings.Fields(comment) {
		if v, ok := strings.CutPrefix(f, "owner="); ok {
			return v
		}
	}
	return ""
}

func liveElem(a netip.Addr, zone uint16, owner string) *nft.Element {
	return &nft.Element{Set: liveSet(a).Name, Key: []netip.Addr{a}, Data: &nft.Data{Words: []uint32{nft.ZoneWord(zone)}}, Comment: ownerComment(owner)}
}

func lastElem(a netip.Addr, zone uint16, isPending bool) *nft.Element {
	w := uint32(zone)
	if isPending {
		w |= pending
	}
	return &nft.Element{Set: lastSet(a).Name, Key: []netip.Addr{a}, Data: &nft.Data{Words: []uint32{w}}}
}

// readLive reads a's live zone; a missing element (or table) is none.
func readLive(c nft.Client, a netip.Addr) (Live, *nft.Element, error) {
	el, err := c.GetElement(Table, liveSet(a), &nft.Element{Set: liveSet(a).Name, Key: []netip.Addr{a}})
	switch {
	case errors.Is(err, nft.ErrNotFound):
		return Live{}, nil, nil
	case err != nil:
		return Live{}, nil, err
	}
	return Live{Zone: uint16(word(el)), Owner: ownerOf(el.Comment), OK: true}, el, nil
}

// readLast reads a's last zone; a missing element (or table) is none.
func readLast(c nft.Client, a netip.Addr) (Last, *nft.Element, error) {
	el, err := c.GetElement(Table, lastSet(a), &nft.Element{Set: lastSet(a).Name, Key: []netip.Addr{a}})
	switch {
	case errors.Is(err, nft.ErrNotFound):
		return Last{}, nil, nil
	case err != nil:
		return Last{}, nil, err
	}
	w := word(el)
	return Last{Zone: uint16(w), Pending: w&pending != 0, OK: true}, el, nil
}

// Confirm records that a's walk of every entry succeeded: its last
// zone (still the one it wrote) and, with epoch, the table's epoch
// (still the one it read) are proven. A change meanwhile (another ADD,
// a table made again) leaves them as they are: unknown.
func (z *Zones) Confirm(ctx context.Context, a *Assignment) error {
	c, done, err := z.open(ctx)
	if err != nil {
		return err
	}
	defer done()
	b := nft.NewBatch(Table)
	for _, addr := range a.Full {
		zone := a.Zones[addr]
		b.AddElement(lastElem(addr, zone, true))
		b.DelElement(lastElem(addr, zone, true))
		b.AddElement(lastElem(addr, zone, false))
	}
	if b.Len() > 0 {
		if err := c.Apply(b); err != nil {
			return fmt.Errorf("conntrack zones: recording the walk of %v: %w", a.Full, err)
		}
	}
	if !a.Epoch {
		return nil
	}
	// Its own batch: another ADD's walk may have proven the epoch first.
	e := nft.NewBatch(Table)
	e.AddElement(epochElem(a.epochNonce, true))
	e.DelElement(epochElem(a.epochNonce, true))
	e.AddElement(epochElem(a.epochNonce, false))
	err = c.Apply(e)
	if err == nil {
		return nil
	}
	// Refused: the epoch is no longer the one read. Either another walk
	// proved it, or the table was made again, with an epoch of its own
	// that its own first walk proves: this pod's addresses were walked
	// either way.
	if _, gerr := c.GetElement(Table, last4, &nft.Element{Set: last4.Name, Key: []netip.Addr{epochKey}}); gerr == nil || errors.Is(gerr, nft.ErrNotFound) {
		return nil
	}
	return fmt.Errorf("conntrack zones: recording the epoch's walk: %w", err)
}

// Keep says, for the epoch's walk, whether a zoned entry is one this
// table's epoch made and proved: its source's live zone, whose last zone
// is proven. Every other zoned entry is an earlier table's (or an
// unproven one's) and goes.
func (z *Zones) Keep(ctx context.Context) (func(src netip.Addr, zone uint16) bool, error) {
	c, done, err := z.open(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	keep := map[netip.Addr]uint16{}
	for _, pair := range [][2]*nft.Set{{zone4, last4}, {zone6, last6}} {
		lives, err := c.ListElements(Table, pair[0])
		if err != nil {
			return nil, err
		}
		lasts, err := c.ListElements(Table, pair[1])
		if err != nil {
			return nil, err
		}
		proven := map[netip.Addr]uint32{}
		for _, l := range lasts {
			proven[l.Key[0]] = word(&l)
		}
		for _, l := range lives {
			zone := uint16(word(&l))
			if w, ok := proven[l.Key[0]]; ok && w == uint32(zone) {
				keep[l.Key[0]] = zone
			}
		}
	}
	return func(src netip.Addr, zone uint16) bool {
		k, ok := keep[src.Unmap()]
		return ok && k == zone
	}, nil
}

// Release ends owner's incarnations of addrs: their live zones go (one
// another owner took over stays), their last zones stay. A missing
// table is nothing to release.
func (z *Zones) Release(ctx context.Context, owner string, addrs []netip.Addr) error {
	c, done, err := z.open(ctx)
	if err != nil {
		return err
	}
	defer done()
	var last error
	for range 5 {
		b := nft.NewBatch(Table)
		for _, a := range addrs {
			live, el, err := readLive(c, a.Unmap())
			if err != nil {
				return fmt.Errorf("conntrack zone of %s: %w", a, err)
			}
			if live.OK && live.Owner == owner {
				b.AddElement(el)
				b.DelElement(el)
			}
		}
		if b.Len() == 0 {
			return nil
		}
		if last = c.Apply(b); last == nil {
			return nil
		}
	}
	return fmt.Errorf("conntrack zones: releasing %v: %w", addrs, last)
}

// errInUse refuses a teardown while the table holds what diktyo did not
// put there.
var errInUse = errors.New("table inet " + Table + " holds objects diktyo did not make: kept")

// Teardown removes the table (diktyo-nri cleanup): its chain and maps,
// then the table only if nothing else is in it. A missing table is
// (false, nil).
func (z *Zones) Teardown(ctx context.Context) (removed bool, err error) {
	c, done, err := z.open(ctx)
	if err != nil {
		return false, err
	}
	defer done()
	b := nft.NewBatch(Table)
	b.DelChain(chainPre)
	for _, s := range []*nft.Set{zone4, zone6, last4, last6} {
		b.DelSet(s)
	}
	b.DelTableIfEmpty()
	return nft.Teardown(c, b, errInUse)
}
