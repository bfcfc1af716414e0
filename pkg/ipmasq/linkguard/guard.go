package linkguard

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Guard applies bindings to the node's guard table. Every method is
// one netlink socket and, for the writes, one transaction; safe to run
// in parallel with any other, in other processes too.
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
}

// New returns the guard of table.
func New(table string) *Guard { return &Guard{Table: table} }

func (g *Guard) open(ctx context.Context) (nft.Client, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return nft.Use(g.Client, g.NetNS)
}

// base returns an empty batch when the base chain holds exactly its
// rules, else one that declares the base objects.
func (g *Guard) base(c nft.Client) (*nft.Batch, error) {
	b := nft.NewBatch(g.Table)
	for _, ch := range baseChains {
		ok, err := nft.HoldsExactly(c, g.Table, ch.Name, baseRules(ch.Name))
		if err != nil {
			return nil, err
		}
		if !ok {
			RenderBase(b)
			return b, nil
		}
	}
	return b, nil
}

// elem is one element of the bound maps.
type elem struct {
	addr   netip.Addr
	target string
}

// elements lists the bound maps; a map (or table) the kernel says is
// not there holds none: another writer may have deleted the table, and
// the ADD that makes it again must not fail on it.
func (g *Guard) elements(c nft.Client) ([]elem, error) {
	var out []elem
	for _, s := range []*nft.Set{map4, map6} {
		els, err := c.ListElements(g.Table, s)
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range els {
			if len(e.Key) == 1 && e.Verdict != nil {
				out = append(out, elem{addr: e.Key[0], target: e.Verdict.Chain})
			}
		}
	}
	return out, nil
}

// Add makes the kernel hold exactly b's objects, in one transaction; it
// reads the link chain and lists the maps only when the first attempt
// (a creation) failed: a repeated ADD, an address bound to another
// owner, or a device a vanished pod had.
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
	if c.Apply(batch) == nil {
		return nil
	}
	if batch, err = bd.Render(c, true); err != nil {
		return err
	}
	if err := c.Apply(batch); err != nil {
		return fmt.Errorf("binding %s to link %s: %w", b.Owner.ID, b.Link, err)
	}
	return nil
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

// Render is the batch that makes the kernel hold exactly the binding's
// objects: with slow false, a creation that fails when they exist (no
// reads but the base chain's rules); with slow true, after reading the
// link chain and the maps, one that converges.
func (bd *Bound) Render(c nft.Client, slow bool) (*nft.Batch, error) {
	g, b := bd.g, bd.b
	batch, err := g.base(c)
	if err != nil {
		return nil, err
	}
	if !slow {
		RenderAdd(batch, b, LinkCreate, nil, false)
		return batch, nil
	}
	link := LinkRewrite
	if ch, err := c.GetChain(g.Table, LinkChain(b.Link)); err == nil && ch.Comment != linkComment(b.Owner) {
		link = LinkReplace
	} else if err != nil && !errors.Is(err, nft.ErrNotFound) {
		return nil, err
	}
	stale, previous, renew, err := g.stale(c, b)
	if err != nil {
		return nil, err
	}
	RenderAdd(batch, b, link, stale, renew)
	// The previous holder's link still marks the address: it would pass
	// as this pod. Its link chain goes in the same transaction; packets
	// from that link are then unmarked, so its other addresses fail
	// closed (two pods given one address cannot both keep an identity).
	for chain := range previous {
		if err := g.unlinkPrevious(c, batch, chain, b.Link); err != nil {
			return nil, err
		}
	}
	return batch, nil
}

// stale reads what b's slow ADD replaces: the elements to delete (b's
// addresses mapped to another owner, other addresses mapped to b, and
// with renew every element mapped to b), the as- chains that held one
// of b's addresses, and renew: b's as- chain names another SNAT config
// (its comment differs) and is to be made anew.
func (g *Guard) stale(c nft.Client, b Binding) (stale []netip.Addr, previous map[string]bool, renew bool, err error) {
	els, err := g.elements(c)
	if err != nil {
		return nil, nil, false, err
	}
	as := AsChain(b.Owner.ID)
	have, err := c.GetChain(g.Table, as)
	if err != nil && !errors.Is(err, nft.ErrNotFound) {
		return nil, nil, false, err
	}
	renew = have != nil && have.Comment != asComment(b)
	previous = map[string]bool{}
	for _, e := range els {
		mine := slices.Contains(b.Addrs, e.addr)
		if (mine && e.target != as) || (!mine && e.target == as) || (renew && e.target == as) {
			stale = append(stale, e.addr)
		}
		if mine && e.target != as {
			previous[e.target] = true
		}
	}
	return stale, previous, renew, nil
}

// unlinkPrevious adds to batch the removal of the link chain of the
// owner of as- chain chain, when that link chain is still the owner's and
// is not the link being bound (taken over already).
func (g *Guard) unlinkPrevious(c nft.Client, batch *nft.Batch, chain, bound string) error {
	ch, err := c.GetChain(g.Table, chain)
	if errors.Is(err, nft.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	id, link := commentField(ch.Comment, "owner"), commentField(ch.Comment, "link")
	if id == "" || link == "" || link == bound {
		return nil
	}
	lc, err := c.GetChain(g.Table, LinkChain(link))
	if errors.Is(err, nft.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if commentField(lc.Comment, "owner") != id {
		return nil
	}
	batch.DelChainHandle(lc)
	return nil
}

// bound is what the kernel holds for an owner: its as- chain (nil when
// none) and the link its comment names.
func (g *Guard) bound(c nft.Client, id string) (*nft.Chain, string, error) {
	ch, err := c.GetChain(g.Table, AsChain(id))
	if errors.Is(err, nft.ErrNotFound) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	return ch, commentField(ch.Comment, "link"), nil
}

// ownedLink returns link's chain when it exists and is owner's: a chain
// another pod took over is never deleted for this one.
func (g *Guard) ownedLink(c nft.Client, owner snat.Owner, link string) (*nft.Chain, error) {
	if link == "" {
		return nil, nil
	}
	ch, err := c.GetChain(g.Table, LinkChain(link))
	if errors.Is(err, nft.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if ch.Comment != linkComment(owner) {
		return nil, nil
	}
	return ch, nil
}

// Del removes owner's binding. Nothing there (the table, the chains) is
// success. addrs, when known, let it do so without listing the maps.
func (g *Guard) Del(ctx context.Context, owner snat.Owner, addrs []netip.Addr) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	as, link, err := g.bound(c, owner.ID)
	if err != nil || as == nil {
		return err
	}
	if guards := commentField(as.Comment, "snat"); g.Guards != "" && guards != "" &&
		guards != strings.ReplaceAll(snat.Sanitize(g.Guards), " ", "_") {
		return nil // the binding of the pod's new config
	}
	lc, err := g.ownedLink(c, owner, link)
	if err != nil {
		return err
	}
	if len(addrs) > 0 {
		b := nft.NewBatch(g.Table)
		RenderDelete(b, owner.ID, addrs, true, lc)
		if c.Apply(b) == nil {
			return g.release(c)
		}
	}
	els, err := g.elements(c)
	if err != nil {
		return err
	}
	var mine []netip.Addr
	for _, e := range els {
		if e.target == AsChain(owner.ID) {
			mine = append(mine, e.addr)
		}
	}
	// Read again: a link chain replaced since is not ours to delete.
	if lc, err = g.ownedLink(c, owner, link); err != nil {
		return err
	}
	b := nft.NewBatch(g.Table)
	RenderDelete(b, owner.ID, mine, false, lc)
	if err := c.Apply(b); err != nil {
		return fmt.Errorf("removing the link binding of %s: %w", owner.ID, err)
	}
	return g.release(c)
}

// release removes the guard's shared objects (base chains, maps,
// table) once no binding is left, so that a node where every bound pod
// went holds no hook of diktyo's. It is one transaction that the
// kernel refuses, changing nothing, while anything else is in the
// table: a map element or any other chain (a binding another ADD put
// in since, whatever the order). No listing: a refusal (EBUSY), or a
// table gone already (ENOENT), is the answer.
func (g *Guard) release(c nft.Client) error {
	err := c.Apply(g.releaseBatch())
	if err == nil || errors.Is(err, unix.EBUSY) || errors.Is(err, unix.ENOENT) {
		return nil
	}
	return fmt.Errorf("removing the empty guard table %s: %w", g.Table, err)
}

func (g *Guard) releaseBatch() *nft.Batch {
	b := nft.NewBatch(g.Table)
	for _, ch := range baseChains {
		b.DelChain(ch.Name)
	}
	b.DelSetIfEmpty(map4)
	b.DelSetIfEmpty(map6)
	b.DelTableIfEmpty()
	return b
}

// Teardown removes the guard table for an uninstall, as the last
// binding's DEL does, and says why not when it cannot: snat.ErrInUse
// while a binding or anything else is left in it. Absent: false, nil.
func (g *Guard) Teardown(ctx context.Context) (removed bool, err error) {
	c, err := g.open(ctx)
	if err != nil {
		return false, err
	}
	defer func() { _ = c.Close() }()
	return nft.Teardown(c, g.releaseBatch(), snat.ErrInUse)
}

// Check reports how the kernel differs from b, as a *snat.DriftError, or
// nil. The maps are read through ctx's ReadCache: once per reconcile pass.
func (g *Guard) Check(ctx context.Context, b Binding) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	els, err := cniutil.Read(ctx, "linkguard/"+g.NetNS+"/"+g.Table+"/elements", func() ([]elem, error) { return g.elements(c) })
	if err != nil {
		return err
	}
	// The base chain is every pod's: read once per pass.
	baseOK, err := cniutil.Read(ctx, "linkguard/"+g.NetNS+"/"+g.Table+"/base", func() (bool, error) {
		batch, err := g.base(c)
		return batch.Len() == 0, err
	})
	if err != nil {
		return err
	}
	var problems []string
	if !baseOK {
		problems = append(problems, fmt.Sprintf("guard chains %s and %s missing or changed: no binding is in force", BaseChain, OutputChain))
	}
	as := AsChain(b.Owner.ID)
	for _, a := range b.Addrs {
		i := slices.IndexFunc(els, func(e elem) bool { return e.addr == a })
		switch {
		case i < 0:
			problems = append(problems, fmt.Sprintf("guard map element for %s missing", a))
		case els[i].target != as:
			problems = append(problems, fmt.Sprintf("guard map element for %s points to %q, want %q", a, els[i].target, as))
		}
	}
	problems = append(problems, g.diffChain(c, &nft.Chain{Name: as, Comment: asComment(b)}, asRules(b))...)
	problems = append(problems, g.diffChain(c, linkChain(b), linkRules(b))...)
	if len(problems) > 0 {
		return &snat.DriftError{Owner: b.Owner, Problems: problems}
	}
	return nil
}

func (g *Guard) diffChain(c nft.Client, want *nft.Chain, rules []*nft.Rule) []string {
	have, err := c.GetChain(g.Table, want.Name)
	if err != nil {
		return []string{fmt.Sprintf("guard chain %s: %v", want.Name, err)}
	}
	if have.String() != want.String() {
		return []string{fmt.Sprintf("guard chain is %s, want %s", have, want)}
	}
	listed, err := c.ListRules(g.Table, want.Name)
	if err != nil {
		return []string{fmt.Sprintf("guard chain %s: %v", want.Name, err)}
	}
	var got, exp []string
	for _, r := range listed {
		got = append(got, r.String())
	}
	for _, r := range rules {
		exp = append(exp, r.String())
	}
	if !slices.Equal(got, exp) {
		return []string{fmt.Sprintf("guard chain %s holds %d rules that differ from the %d wanted", want.Name, len(got), len(exp))}
	}
	return nil
}

// GC removes the bindings of network's owners that are not in valid:
// their as- chains, the elements that map to them and the link chains
// they own. A table that does not exist holds nothing to collect.
func (g *Guard) GC(ctx context.Context, network string, valid map[string]bool) error {
	c, err := g.open(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = c.Close() }()
	if ok, err := c.TableExists(g.Table); err != nil || !ok {
		return err
	}
	chains, err := c.ListChains(g.Table)
	if err != nil {
		return err
	}
	gone := map[string]bool{} // as- chains to remove
	var drop []nft.Chain
	for _, ch := range chains {
		id := commentField(ch.Comment, "owner")
		if id == "" || commentField(ch.Comment, "net") != netTag(network) || valid[id] {
			continue
		}
		if strings.HasPrefix(ch.Name, AsPrefix) || strings.HasPrefix(ch.Name, LinkPrefix) {
			drop = append(drop, ch)
			gone[ch.Name] = true
		}
	}
	if len(drop) == 0 {
		return nil
	}
	els, err := g.elements(c)
	if err != nil {
		return err
	}
	b := nft.NewBatch(g.Table)
	for _, e := range els {
		if gone[e.target] {
			b.DelElement(key(e.addr))
		}
	}
	// By handle: a link chain a new pod's ADD took over since the
	// listing fails the batch instead of going (the next GC sees it
	// owned by a valid pod).
	for i := range drop {
		b.DelChainHandle(&drop[i])
	}
	if err := c.Apply(b); err != nil {
		return fmt.Errorf("GC of link bindings: %w", err)
	}
	return g.release(c)
}

// Drops is what a binding dropped: packets from the pod's link with
// another source (From), and packets carrying the pod's address that did
// not come from its link (As).
type Drops struct {
	Link     string
	From, As uint64
}

// Counters reads owner's binding: ok false when it has none.
func (g *Guard) Counters(ctx context.Context, owner snat.Owner) (d Drops, ok bool, err error) {
	c, err := g.open(ctx)
	if err != nil {
		return d, false, err
	}
	defer func() { _ = c.Close() }()
	as, link, err := g.bound(c, owner.ID)
	if err != nil || as == nil {
		return d, false, err
	}
	d.Link = link
	if d.As, err = dropped(c, g.Table, AsChain(owner.ID)); err != nil {
		return d, true, err
	}
	d.From, err = dropped(c, g.Table, LinkChain(link))
	return d, true, err
}

// dropped is the packets counted by a chain's rules: every counter of
// the binding's chains is on a drop (the as- chain has two: a socket of
// the node, another link).
func dropped(c nft.Client, table, chain string) (uint64, error) {
	rules, err := c.ListRules(table, chain)
	if err != nil {
		return 0, err
	}
	if len(rules) == 0 {
		return 0, fmt.Errorf("guard chain %s is empty or missing", chain)
	}
	var n uint64
	found := false
	for _, r := range rules {
		for _, e := range r.Exprs {
			if ct, ok := e.(*expr.Counter); ok {
				n, found = n+ct.Packets, true
			}
		}
	}
	if !found {
		return 0, fmt.Errorf("guard chain %s has no counter", chain)
	}
	return n, nil
}

// All reads every binding's drops, by owner ID: one listing of the
// table's chains and one of its rules, whatever the number of pods (for
// a metrics scrape). A table that does not exist holds none.
func (g *Guard) All(ctx context.Context) (map[string]Drops, error) {
	c, err := g.open(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = c.Close() }()
	if ok, err := c.TableExists(g.Table); err != nil || !ok {
		return nil, err
	}
	chains, err := c.ListChains(g.Table)
	if err != nil {
		return nil, err
	}
	rules, err := c.ListRules(g.Table, "")
	if err != nil {
		return nil, err
	}
	last := map[string]uint64{} // chain -> what its counters (all on drops) counted
	for _, r := range rules {
		for _, e := range r.Exprs {
			if ct, ok := e.(*expr.Counter); ok {
				last[r.Chain] += ct.Packets
			}
		}
	}
	out := map[string]Drops{}
	for _, ch := range chains {
		id := commentField(ch.Comment, "owner")
		if id == "" {
			continue
		}
		d := out[id]
		switch {
		case strings.HasPrefix(ch.Name, AsPrefix):
			d.As, d.Link = last[ch.Name], commentField(ch.Comment, "link")
		case strings.HasPrefix(ch.Name, LinkPrefix):
			d.From = last[ch.Name]
		}
		out[id] = d
	}
	return out, nil
}
