package linkguard

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Guard applies bindings to the node's guard tables (an inet and a
// bridge table of one name). Every method is one netlink socket and, for
// the writes, one transaction; safe to run in parallel with any other,
// in other processes too.
type Guard struct {
	Table string
	// NetNS is the node's network namespace; "" is the calling thread's.
	NetNS string
	// Client, when set, stands for the kernel (tests: an *nft.Fake).
	Client nft.Client
	// Guards, when set, is the SNAT config Del unbinds for
	// (Binding.Guards): a binding made for another one (the pod's
	// rules moved to another backend or table, and its ADD there bound
	// it again) is not this DEL's.
	Guards string
	// From, when set, is the guard table the pod's binding was made in
	// under the config before (its guardTable changed; the caller's
	// record of the pod names it): Add, and the batch For renders, take
	// the pod's elements out of it in the transaction that binds the pod
	// in Table, so the pod is never unbound nor bound in both (where the
	// first table's prerouting would clear the link bit the second one
	// looks for). ReleaseFrom then removes From's fixed objects once
	// nothing is left in them.
	From string
}

// New returns the guard of table.
func New(table string) *Guard { return &Guard{Table: table} }

func (g *Guard) open(ctx context.Context) (nft.Client, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return nft.Use(g.Client, g.NetNS)
}

func bridge(c nft.Client) (nft.Client, error) {
	if b := nft.In(c, unix.NFPROTO_BRIDGE); b != nil {
		return b, nil
	}
	return nil, fmt.Errorf("nftables client %T lists no bridge tables", c)
}

// baseOK says whether the tables hold exactly the fixed chains' rules
// and nothing else (which also proves the tables and the sets they name
// exist, and that no chain of the layout before is left): one listing of
// each table's rules, a few whatever the number of pods.
func (g *Guard) baseOK(c nft.Client, m marks) (bool, error) {
	br, err := bridge(c)
	if err != nil {
		return false, err
	}
	rules := flatRules(m)
	if ok, err := holdsAll(br, g.Table, rules["bridge/"+BridgeChain]); err != nil || !ok {
		return false, err
	}
	var want []*nft.Rule
	for _, ch := range flatChains {
		want = append(want, rules[ch.Name]...)
	}
	return holdsAll(c, g.Table, want)
}

// holdsAll says whether table's rules, all chains' but the per-device
// bindings' (PortChain, a pod's), are exactly want.
func holdsAll(c nft.Client, table string, want []*nft.Rule) (bool, error) {
	all, err := c.ListRules(table, "")
	if err != nil {
		return false, err
	}
	have := slices.DeleteFunc(all, func(r nft.Rule) bool { return strings.HasPrefix(r.Chain, PortPrefix) })
	if len(have) != len(want) {
		return false, nil
	}
	for i := range want {
		if have[i].Chain != want[i].Chain || have[i].String() != want[i].String() {
			return false, nil
		}
	}
	return true, nil
}

// base returns the batch an ADD starts from: empty when the tables hold
// exactly the fixed chains; else the fixed objects, and the move of the
// old layout's bindings when its base chain is there.
func (g *Guard) base(c nft.Client, m marks) (*nft.Batch, error) {
	b := nft.NewBatch(g.Table)
	ok, err := g.baseOK(c, m)
	if err != nil {
		return nil, err
	}
	if ok {
		// Whole but unmarked (CHECK found them changed, another ADD
		// rewrote them since): marked again.
		_, err := c.GetChain(g.Table, wholeName())
		if !errors.Is(err, nft.ErrNotFound) {
			return b, err
		}
	}
	if err := g.dropStaleWhole(c, b); err != nil {
		return nil, err
	}
	RenderFlatBase(b, g.Table, m)
	olds, present, kept, err := g.oldBindings(c)
	if err != nil {
		return nil, err
	}
	switch {
	case len(olds) > 0:
		renderUpgrade(b, g.Table, olds)
	case present && !kept:
		// Moved by an earlier transaction: only the old base is left.
		b.Append(renderOldRelease(g.Table))
	}
	return b, nil
}

// dropStaleWhole deletes, in b, the wholeName chains of other versions:
// left, they would keep the table from being released.
func (g *Guard) dropStaleWhole(c nft.Client, b *nft.Batch) error {
	chains, err := c.ListChains(g.Table)
	if err != nil {
		return err
	}
	for i := range chains {
		if strings.HasPrefix(chains[i].Name, "whole-") && chains[i].Name != wholeName() {
			b.DelChainHandle(&chains[i])
		}
	}
	return nil
}

// releaseOld removes the old layout's base once an upgrade emptied it;
// a refusal (a binding left in it) or its absence is the answer.
func (g *Guard) releaseOld(c nft.Client) error {
	err := c.Apply(renderOldRelease(g.Table))
	if err == nil || errors.Is(err, unix.EBUSY) || errors.Is(err, unix.ENOENT) {
		return nil
	}
	return fmt.Errorf("removing the guard's old base chains: %w", err)
}

// Add makes the kernel hold b's binding, in one transaction; it reads
// the pod's elements only when the first attempt (a creation) failed: an
// address bound to another link, owner or SNAT config.
func (g *Guard) Add(ctx context.Context, b Binding) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	bd := g.For(b)
	batch, err := bd.Render(c, false)
	if err != nil {
		return err
	}
	if c.Apply(batch) != nil {
		if batch, err = bd.Render(c, true); err != nil {
			return err
		}
		if err := c.Apply(batch); err != nil {
			return fmt.Errorf("binding %s to link %s (index %d): %w", b.Owner.ID, b.Link, b.Index, err)
		}
	}
	if upgraded(batch) {
		if err := g.releaseOld(c); err != nil {
			return err
		}
	}
	return g.releaseFrom(c)
}

// ReleaseFrom removes the fixed objects and tables of g.From (see
// release) once a move took the last binding out of them; for a caller
// that sent the move in its own transaction (For). Nothing to do
// without From.
func (g *Guard) ReleaseFrom(ctx context.Context) error {
	if !g.moving() {
		return nil
	}
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	return g.releaseFrom(c)
}

func (g *Guard) moving() bool { return g.From != "" && g.From != g.Table }

// releaseFrom removes g.From's fixed objects and tables once no
// binding is left in them; where something else keeps a table (another
// writer's chain), only the fixed objects go, so none of its hooks is
// left. Each step is one transaction the kernel refuses, changing
// nothing, while any binding is left (EBUSY: the answer, not an error).
func (g *Guard) releaseFrom(c nft.Client) error {
	if !g.moving() {
		return nil
	}
	err := c.Apply(flatRelease(g.From))
	if !errors.Is(err, unix.EBUSY) {
		return releaseAnswer(g.From, err)
	}
	// Refused: a binding is left (the common answer while a move goes
	// on: one more transaction says so, since a binding holds elements
	// in both tables), or another writer's object keeps a table; then
	// the fixed objects go without it.
	if err := c.Apply(flatReleaseBridge(g.From, false)); err != nil {
		return releaseAnswer(g.From, err)
	}
	bridgeTable := nft.NewBatchIn(unix.NFPROTO_BRIDGE, g.From)
	bridgeTable.DelTableIfEmpty()
	if err := releaseAnswer(g.From, c.Apply(bridgeTable)); err != nil {
		return err
	}
	err = c.Apply(flatReleaseInet(g.From, true))
	if errors.Is(err, unix.EBUSY) {
		err = c.Apply(flatReleaseInet(g.From, false))
	}
	return releaseAnswer(g.From, err)
}

// releaseAnswer is a release's error: refused (a binding or another's
// object left) and gone already are answers.
func releaseAnswer(table string, err error) error {
	if err == nil || errors.Is(err, unix.EBUSY) || errors.Is(err, unix.ENOENT) {
		return nil
	}
	return fmt.Errorf("removing the empty guard tables %s: %w", table, err)
}

// renderMove takes b's elements out of g.From, as read (the batch fails,
// changing nothing, when one changed since): the owner's whatever SNAT
// config they guard, since the move is of the binding, not the rules.
func (g *Guard) renderMove(c nft.Client, batch *nft.Batch, b Binding) error {
	if !g.moving() {
		return nil
	}
	held, err := ownedIn(c, g.From, b.Owner, b.Addrs, func(*nft.Element) bool { return true })
	if err != nil {
		return fmt.Errorf("reading the binding of %s in guard table %s: %w", b.Owner.ID, g.From, err)
	}
	renderUnbind(batch, g.From, held, true, nil)
	// An Open vSwitch port's own chain goes with its elements: it names
	// the old table's sets, which would keep the table's fixed objects
	// (and their hooks) for good.
	old := nft.NewBatch(g.From)
	for _, idx := range portsOf(held) {
		old.DelChain(PortChain(idx))
	}
	batch.Append(old)
	return nil
}

// upgraded says whether batch moved bindings of the old layout (it
// deletes an as- chain).
func upgraded(b *nft.Batch) bool {
	return slices.ContainsFunc(b.Ops, func(op nft.Op) bool {
		return op.Kind == nft.OpDelChain && strings.HasPrefix(op.Chain.Name, AsPrefix)
	})
}

// Bound is a binding to render into a transaction of someone else's:
// ipmasq's nftables backend sends it with the pod's rules, one
// transaction for both.
type Bound struct {
	g *Guard
	b Binding
}

// For is b, to be rendered by the caller's transaction.
func (g *Guard) For(b Binding) *Bound { return &Bound{g: g, b: b} }

// Render is the batch that makes the kernel hold the binding: with slow
// false, a creation that reads nothing and fails when an address is held
// otherwise, the fixed objects are not whole or the layout before is
// there (renderTripwires); with slow true, after reading the tables'
// rules and the pod's elements, one that writes the fixed objects if
// need be, moves the layout before, and takes each address over from
// what held it (in the same transaction: no instant unbound).
func (bd *Bound) Render(c nft.Client, slow bool) (*nft.Batch, error) {
	g, b := bd.g, bd.b
	if b.Index <= 0 {
		return nil, fmt.Errorf("binding %s: link %s has no interface index", b.Owner.ID, b.Link)
	}
	if !slow {
		batch := nft.NewBatch(g.Table)
		renderTripwires(batch, g.Table)
		if err := g.renderMove(c, batch, b); err != nil {
			return nil, err
		}
		renderKeys(batch, g.Table, keysOf(b))
		renderPort(batch, g.Table, b, false)
		return batch, nil
	}
	batch, err := g.base(c, marksOf(b))
	if err != nil {
		return nil, err
	}
	if err := g.renderMove(c, batch, b); err != nil {
		return nil, err
	}
	want := podValue(b)
	var held []*nft.Element
	for _, a := range b.Addrs {
		e, err := c.GetElement(g.Table, podSet(nft.FamilyOf(a)), &nft.Element{Key: []netip.Addr{a}})
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !want.Equal(e.Data) || e.Comment != asComment(b) {
			held = append(held, e)
		}
	}
	// The pod's own link's elements stay (deleted and added again in
	// this transaction would be the same); another's go.
	renderUnbind(batch, g.Table, held, false, nil)
	renderKeys(batch, g.Table, keysOf(b))
	renderPort(batch, g.Table, b, true)
	return batch, nil
}

// owned reads the pod elements of owner's addresses that are owner's
// and, when g.Guards is set, made for that SNAT config.
func (g *Guard) owned(c nft.Client, owner snat.Owner, addrs []netip.Addr) ([]*nft.Element, error) {
	return ownedIn(c, g.Table, owner, addrs, func(e *nft.Element) bool { return g.mine(e, owner) })
}

// ownedIn reads table's pod elements of addrs that mine accepts: one
// lookup per address, no listing.
func ownedIn(c nft.Client, table string, owner snat.Owner, addrs []netip.Addr, mine func(*nft.Element) bool) ([]*nft.Element, error) {
	var out []*nft.Element
	for _, a := range addrs {
		e, err := c.GetElement(table, podSet(nft.FamilyOf(a)), &nft.Element{Key: []netip.Addr{a}})
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if valueOwner(e.Data) == ownerTag(owner) && commentField(e.Comment, "owner") == owner.ID && mine(e) {
			out = append(out, e)
		}
	}
	return out, nil
}

func (g *Guard) mine(e *nft.Element, owner snat.Owner) bool {
	if valueOwner(e.Data) != ownerTag(owner) || commentField(e.Comment, "owner") != owner.ID {
		return false
	}
	return g.Guards == "" || valueGuards(e.Data) == guardsTag(g.Guards)
}

// ownerAddrs lists the pod maps for owner's addresses: for a DEL that
// was not told them.
func (g *Guard) ownerAddrs(c nft.Client, owner snat.Owner) ([]netip.Addr, error) {
	els, err := g.pods(c)
	if err != nil {
		return nil, err
	}
	var out []netip.Addr
	for _, e := range els {
		if commentField(e.Comment, "owner") == owner.ID && valueOwner(e.Data) == ownerTag(owner) {
			out = append(out, e.Key[0])
		}
	}
	return out, nil
}

// pods lists both pod maps; a map (or table) not there holds none.
func (g *Guard) pods(c nft.Client) ([]nft.Element, error) {
	var out []nft.Element
	for _, s := range []*nft.Set{pods4, pods6} {
		els, err := c.ListElements(g.Table, s)
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, els...)
	}
	return out, nil
}

// Del removes owner's binding: a lookup of its addresses' pod elements,
// then one transaction that deletes the ones that are owner's (and this
// SNAT config's) with their keys, and fails, changing nothing, when one
// changed since (read again then, once). Nothing there is success.
// When none of addrs is owner's (none given, or stale ones) it lists the
// pod maps for owner's.
func (g *Guard) Del(ctx context.Context, owner snat.Owner, addrs []netip.Addr) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	listed := false
	for attempt := 0; ; attempt++ {
		held, err := g.owned(c, owner, addrs)
		if err != nil {
			return err
		}
		if len(held) == 0 && !listed {
			// None of the addresses given is owner's (none given, or the
			// caller's are stale): the pod maps say which are.
			if addrs, err = g.ownerAddrs(c, owner); err != nil {
				return err
			}
			listed = true
			if held, err = g.owned(c, owner, addrs); err != nil {
				return err
			}
		}
		if len(held) == 0 {
			return g.release(c)
		}
		b := nft.NewBatch(g.Table)
		renderUnbind(b, g.Table, held, true, nil)
		err = c.Apply(b)
		if err == nil {
			if err := g.dropPorts(c, held); err != nil {
				return err
			}
			return g.release(c)
		}
		if attempt > 0 {
			return fmt.Errorf("removing the link binding of %s: %w", owner.ID, err)
		}
	}
}

// dropPorts deletes the ingress chains of the per-device bindings among
// unbound (their elements gone in a transaction before): each in its
// own transaction, a chain already gone (its device went, and a kernel
// before 6.16 took the chain with it) being success.
func (g *Guard) dropPorts(c nft.Client, unbound []*nft.Element) error {
	for _, idx := range portsOf(unbound) {
		if err := g.dropPort(c, idx); err != nil {
			return err
		}
	}
	return nil
}

// portsOf are the interface indexes of the ports with a chain of their
// own (Open vSwitch) among a binding's elements, each once.
func portsOf(elems []*nft.Element) []uint32 {
	var out []uint32
	for _, e := range elems {
		idx := valueIndex(e.Data)
		if commentField(e.Comment, "hook") == "ingress" && idx != 0 && !slices.Contains(out, idx) {
			out = append(out, idx)
		}
	}
	return out
}

func (g *Guard) dropPort(c nft.Client, idx uint32) error {
	b := nft.NewBatch(g.Table)
	b.DelChain(PortChain(idx))
	if err := c.Apply(b); err != nil && !errors.Is(err, unix.ENOENT) {
		return fmt.Errorf("removing the ingress chain %s: %w", PortChain(idx), err)
	}
	return nil
}

// release removes the guard's fixed objects and tables once no binding
// is left, so that a node where every bound pod went holds no hook of
// diktyo's: one transaction that the kernel refuses, changing nothing,
// while any element (a binding another ADD put in since) or anything
// else is in the tables. No listing: a refusal (EBUSY), or a table gone
// already (ENOENT), is the answer.
func (g *Guard) release(c nft.Client) error {
	return releaseAnswer(g.Table, c.Apply(flatRelease(g.Table)))
}

// Teardown removes the guard tables for an uninstall, as the last
// binding's DEL does, and says why not when it cannot: snat.ErrInUse
// while a binding or anything else is left in them. Absent: false, nil.
func (g *Guard) Teardown(ctx context.Context) (removed bool, err error) {
	c, err := g.open(ctx)
	if err != nil {
		return false, err
	}
	defer func() { _ = c.Close() }()
	return nft.Teardown(c, flatRelease(g.Table), snat.ErrInUse)
}

// Check reports how the kernel differs from b, as a *snat.DriftError, or
// nil: one lookup of each of the pod's elements; the fixed chains are
// read through ctx's ReadCache, once per reconcile pass.
func (g *Guard) Check(ctx context.Context, b Binding) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	baseOK, err := cniutil.Read(ctx, "linkguard/"+g.NetNS+"/"+g.Table+"/flatbase", func() (bool, error) {
		ok, err := g.baseOK(c, marksOf(b))
		if err != nil || ok {
			return ok, err
		}
		// The repairing ADD must take the slow way, which rewrites them.
		unwhole := nft.NewBatch(g.Table)
		unwhole.DelChain(wholeName())
		if err := c.Apply(unwhole); err != nil && !errors.Is(err, unix.ENOENT) {
			return false, fmt.Errorf("marking the guard's fixed objects for rewriting: %w", err)
		}
		return false, nil
	})
	if err != nil {
		return err
	}
	var problems []string
	if !baseOK {
		problems = append(problems, fmt.Sprintf("guard chains %s, %s, %s or bridge %s missing or changed, or the layout before them still there: no flat binding is in force", FlatPrerouting, FlatOutput, FlatStrict, BridgeChain))
	}
	br, err := bridge(c)
	if err != nil {
		return err
	}
	get := func(c nft.Client, where string, want *nft.Element) (*nft.Element, error) {
		return c.GetElement(g.Table, setOf(want), want)
	}
	if cniutil.ReadCacheFrom(ctx) != nil {
		// A reconcile pass: every binding's elements, listed once for
		// all pods (one dump per set, not a lookup per element and pod).
		listed, err := cniutil.Read(ctx, "linkguard/"+g.NetNS+"/"+g.Table+"/elements", func() (map[string]*nft.Element, error) {
			return g.listElements(c, br)
		})
		if err != nil {
			return err
		}
		get = func(_ nft.Client, where string, want *nft.Element) (*nft.Element, error) {
			if e, ok := listed[elemKey(where, want)]; ok {
				return e, nil
			}
			return nil, nft.ErrNotFound
		}
	}
	k := keysOf(b)
	for _, e := range k.inet {
		problems = append(problems, diffElement(get, c, "", e)...)
	}
	for _, e := range k.bridge {
		problems = append(problems, diffElement(get, br, "bridge ", e)...)
	}
	if b.PerDevice {
		problems = append(problems, g.diffPort(c, b)...)
	}
	for _, e := range k.unstrict {
		if _, err := c.GetElement(g.Table, setOf(e), e); !errors.Is(err, nft.ErrNotFound) {
			problems = append(problems, fmt.Sprintf("guard element %s { %s }: present (or unreadable: %v) for a pod not in strict mode", e.Set, e, err))
		}
	}
	if len(problems) > 0 {
		return &snat.DriftError{Owner: b.Owner, Problems: problems}
	}
	return nil
}

// diffPort says how b's ingress chain differs from its rules.
func (g *Guard) diffPort(c nft.Client, b Binding) []string {
	name := PortChain(uint32(b.Index))
	ch, err := c.GetChain(g.Table, name)
	if err != nil {
		return []string{fmt.Sprintf("guard chain %s (ingress of %s): %v", name, b.Link, err)}
	}
	if ch.Hook == nil || ch.Hook.Device != b.Link {
		return []string{fmt.Sprintf("guard chain %s does not hook the ingress of %s", name, b.Link)}
	}
	have, err := c.ListRules(g.Table, name)
	if err != nil {
		return []string{fmt.Sprintf("guard chain %s: %v", name, err)}
	}
	want := portRules(uint32(b.Index), marksOf(b).link)
	if len(have) != len(want) {
		return []string{fmt.Sprintf("guard chain %s has %d rules, want %d", name, len(have), len(want))}
	}
	for i := range want {
		if have[i].String() != want[i].String() {
			return []string{fmt.Sprintf("guard chain %s rule %d changed", name, i)}
		}
	}
	return nil
}

// listElements lists the elements of both tables' sets, by elemKey; a
// set (or table) not there holds none.
func (g *Guard) listElements(c, br nft.Client) (map[string]*nft.Element, error) {
	out := map[string]*nft.Element{}
	for _, in := range []struct {
		c     nft.Client
		where string
		sets  []*nft.Set
	}{{c, "", []*nft.Set{link4, link6, links, pods4, pods6, as4, as6}}, {br, "bridge ", []*nft.Set{brLink4, brLink6, brLinks}}} {
		for _, s := range in.sets {
			els, err := in.c.ListElements(g.Table, s)
			if errors.Is(err, nft.ErrNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			for i := range els {
				e := &els[i]
				e.Set = s.Name
				out[elemKey(in.where, e)] = e
			}
		}
	}
	return out, nil
}

// elemKey names an element of the flat layout by table, set, link and
// address.
func elemKey(where string, e *nft.Element) string {
	return fmt.Sprint(where, e.Set, " ", e.Iif, " ", e.Key)
}

// diffElement says how the element of want's key that get reads
// differs.
func diffElement(get func(nft.Client, string, *nft.Element) (*nft.Element, error), c nft.Client, where string, want *nft.Element) []string {
	have, err := get(c, where, want)
	if err != nil {
		return []string{fmt.Sprintf("guard element %s%s { %s }: %v", where, want.Set, want, err)}
	}
	if want.Data != nil && (!want.Data.Equal(have.Data) || have.Comment != want.Comment) {
		return []string{fmt.Sprintf("guard element %s%s is { %s }, want { %s }", where, want.Set, have, want)}
	}
	return nil
}

// setOf is the set an element of the flat layout is in, as declared
// (its key and data fields read the element back; the bridge table's
// sets have the inet ones' shapes).
func setOf(e *nft.Element) *nft.Set {
	for _, s := range inetSets {
		if s.Name == e.Set {
			return s
		}
	}
	return &nft.Set{Name: e.Set}
}

// GC removes the bindings of network's owners that are not in valid,
// and the links no binding names any more: one listing of the links
// sets and the pod maps, then one transaction. A table that does not
// exist holds nothing to collect.
func (g *Guard) GC(ctx context.Context, network string, valid map[string]bool) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	// The links first: an ADD adds a link and its pod elements in one
	// transaction, so a link listed here whose pod elements are missing
	// from the listing after it has none (its pod's addresses were taken
	// over, and its DEL could not find it).
	orphans, err := g.linkElements(c)
	if err != nil {
		return err
	}
	els, err := g.pods(c)
	if err != nil {
		return err
	}
	var gone []*nft.Element
	keep := map[uint32]bool{} // links a binding that stays still names
	for i := range els {
		e := &els[i]
		id := commentField(e.Comment, "owner")
		if id == "" || commentField(e.Comment, "net") != netTag(network) || valid[id] {
			keep[valueIndex(e.Data)] = true
			continue
		}
		gone = append(gone, e)
	}
	b := nft.NewBatch(g.Table)
	renderUnbind(b, g.Table, gone, true, keep)
	stay := maps.Clone(keep) // links a binding that stays names
	for _, e := range gone {
		keep[valueIndex(e.Data)] = true // deleted with it, above
	}
	in, br := nft.NewBatch(g.Table), nft.NewBatchIn(unix.NFPROTO_BRIDGE, g.Table)
	for _, o := range orphans {
		if keep[o.iif] {
			continue
		}
		to := in
		if o.bridge {
			to = br
		}
		removeKey(to, &nft.Element{Set: links.Name, Iif: o.iif})
	}
	b.Append(br)
	b.Append(in)
	if b.Len() > 0 {
		if err := c.Apply(b); err != nil {
			return fmt.Errorf("GC of link bindings: %w", err)
		}
	}
	if err := g.dropOrphanPorts(c, stay); err != nil {
		return err
	}
	if b.Len() == 0 {
		return nil
	}
	return g.release(c)
}

// dropOrphanPorts deletes the per-device ingress chains of links no
// binding names (stay): those of the bindings GC removed, and any a DEL
// left behind.
func (g *Guard) dropOrphanPorts(c nft.Client, stay map[uint32]bool) error {
	chains, err := c.ListChains(g.Table)
	if errors.Is(err, nft.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, ch := range chains {
		rest, ok := strings.CutPrefix(ch.Name, PortPrefix)
		if !ok {
			continue
		}
		idx, err := strconv.ParseUint(rest, 10, 32)
		if err != nil || stay[uint32(idx)] {
			continue
		}
		if err := g.dropPort(c, uint32(idx)); err != nil {
			return err
		}
	}
	return nil
}

// linkElem is an element of a links set: bridge says which table's.
type linkElem struct {
	bridge bool
	iif    uint32
}

// linkElements lists both tables' links sets; a set (or table) not
// there holds none.
func (g *Guard) linkElements(c nft.Client) ([]linkElem, error) {
	br, err := bridge(c)
	if err != nil {
		return nil, err
	}
	var out []linkElem
	for _, in := range []struct {
		c      nft.Client
		bridge bool
	}{{c, false}, {br, true}} {
		els, err := in.c.ListElements(g.Table, links)
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range els {
			out = append(out, linkElem{bridge: in.bridge, iif: e.Iif})
		}
	}
	return out, nil
}

// Drops is what a binding dropped: packets from the pod's link with
// another source (From), packets carrying the pod's address that did
// not come from its link (As), and, when the pod is held to strict mode
// (Strict), its new connections that would have left with its own
// address without a decision of ipmasq's (Untranslated).
type Drops struct {
	Link         string
	From, As     uint64
	Strict       bool
	Untranslated uint64
}

// Counters reads owner's binding: ok false when it has none. One
// listing of the pod maps, then a lookup of each counted element.
func (g *Guard) Counters(ctx context.Context, owner snat.Owner) (d Drops, ok bool, err error) {
	all, err := g.All(ctx)
	if err != nil {
		return d, false, err
	}
	d, ok = all[owner.ID]
	return d, ok, nil
}

// All reads every binding's drops, by owner ID: one listing of the pod
// maps and one of each counted set, whatever the number of pods (for a
// metrics scrape). A table that does not exist holds none.
func (g *Guard) All(ctx context.Context) (map[string]Drops, error) {
	c, err := g.open(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Close() }()
	els, err := g.pods(c)
	if err != nil || len(els) == 0 {
		return nil, err
	}
	br, err := bridge(c)
	if err != nil {
		return nil, err
	}
	counts := map[string]uint64{} // "as/<addr>", "from/<index>", "strict/<addr>"
	strict := map[string]bool{}   // "strict/<addr>" has an element
	add := func(c nft.Client, s *nft.Set, name func(nft.Element) string) error {
		list, err := c.ListElements(g.Table, s)
		if errors.Is(err, nft.ErrNotFound) {
			return nil
		}
		for _, e := range list {
			if s == strict4 || s == strict6 {
				strict[name(e)] = true
			}
			if e.Counter != nil {
				counts[name(e)] += e.Counter.Packets
			}
		}
		return err
	}
	byAddr := func(e nft.Element) string { return "as/" + e.Key[0].String() }
	byLink := func(e nft.Element) string { return fmt.Sprint("from/", e.Iif) }
	byStrict := func(e nft.Element) string { return "strict/" + e.Key[0].String() }
	for _, step := range []error{add(c, as4, byAddr), add(c, as6, byAddr), add(c, links, byLink), add(br, brLinks, byLink),
		add(c, strict4, byStrict), add(c, strict6, byStrict)} {
		if step != nil {
			return nil, step
		}
	}
	out := map[string]Drops{}
	seen := map[string]bool{}
	for _, e := range els {
		id := commentField(e.Comment, "owner")
		if id == "" {
			continue
		}
		d := out[id]
		d.Link = commentField(e.Comment, "link")
		d.As += counts["as/"+e.Key[0].String()]
		d.Untranslated += counts["strict/"+e.Key[0].String()]
		d.Strict = d.Strict || strict["strict/"+e.Key[0].String()]
		if from := fmt.Sprint("from/", valueIndex(e.Data)); !seen[id+from] {
			seen[id+from] = true
			d.From += counts[from]
		}
		out[id] = d
	}
	return out, nil
}

// Prepare makes both tables hold the fixed objects (their chains and
// sets, written whole), moving the layout before when it is there, so
// that a pod's ADD is a creation of its elements alone: a listing of
// the tables' rules (a few, whatever the number of pods) and one
// transaction only when something is missing or changed. It returns
// what it repaired of the fixed chains that were there in part (a
// foreign flush or deletion), not tables it made anew.
func (g *Guard) Prepare(ctx context.Context, linkMark, strictMark uint32) (repaired []string, err error) {
	bits := marksOf(Binding{Mark: linkMark, StrictMark: strictMark})
	c, err := g.open(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Close() }()
	ok, err := g.baseOK(c, bits)
	if err != nil {
		return nil, err
	}
	if !ok {
		if repaired, err = g.partial(c); err != nil {
			return nil, err
		}
	}
	batch, err := g.base(c, bits)
	if err != nil || batch.Len() == 0 {
		return nil, err
	}
	if err := c.Apply(batch); err != nil {
		return nil, fmt.Errorf("preparing guard tables %s: %w", g.Table, err)
	}
	if upgraded(batch) {
		return repaired, g.releaseOld(c)
	}
	return repaired, nil
}

// partial names the fixed chains that are there while the whole is not
// (the caller found it so): what a foreign write left; none when none of
// them is there (tables to make anew, or only the layout before).
func (g *Guard) partial(c nft.Client) ([]string, error) {
	br, err := bridge(c)
	if err != nil {
		return nil, err
	}
	var there []string
	for _, ch := range []struct {
		c    nft.Client
		name string
	}{{br, BridgeChain}, {c, FlatPrerouting}, {c, FlatOutput}} {
		_, err := ch.c.GetChain(g.Table, ch.name)
		switch {
		case err == nil:
			there = append(there, ch.name)
		case !errors.Is(err, nft.ErrNotFound):
			return nil, err
		}
	}
	if len(there) == 0 {
		return nil, nil
	}
	return []string{fmt.Sprintf("guard tables %s: fixed chains or sets missing or changed (found %s)", g.Table, strings.Join(there, ", "))}, nil
}
