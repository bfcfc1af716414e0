package linkguard

// The layout before the flat one (per-pod as- and link- chains, bound4
// and bound6 maps): what the upgrade reads to move each binding over.

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"strings"

	"github.com/google/nftables/expr"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// elem is one element of the bound maps.
type elem struct {
	addr   netip.Addr
	target string
}

// elements lists the bound maps; a map (or table) the kernel says is
// not there holds none: another writer may have deleted the table, and
// the ADD that makes it again must not fail on it.
func (g *Guard) oldElements(c nft.Client) ([]elem, error) {
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

// oldBinding is one binding of the old layout, as the upgrade moves it.
type oldBinding struct {
	as, link *nft.Chain // its as- chain and, when it is the owner's, its link chain
	index    uint32     // the link's index, from the link chain's first rule
	addrs    []netip.Addr
}

// linkIndex is the index a link chain's first rule ("meta iif != N
// accept") names; 0 when it names none (a chain made before the index
// was kept).
func linkIndex(rules []nft.Rule) uint32 {
	if len(rules) == 0 || len(rules[0].Exprs) < 2 {
		return 0
	}
	m, ok := rules[0].Exprs[0].(*expr.Meta)
	c, ok2 := rules[0].Exprs[1].(*expr.Cmp)
	if !ok || !ok2 || m.Key != expr.MetaKeyIIF || c.Op != expr.CmpOpNeq || len(c.Data) != 4 {
		return 0
	}
	return binary.NativeEndian.Uint32(c.Data)
}

// oldBindings reads the old layout: present false when its base chain
// is gone (one lookup). kept says a binding could not be moved (its link
// chain names no index): the old base objects then stay for it.
func (g *Guard) oldBindings(c nft.Client) (out []oldBinding, present, kept bool, err error) {
	if _, err := c.GetChain(g.Table, BaseChain); errors.Is(err, nft.ErrNotFound) {
		return nil, false, false, nil
	} else if err != nil {
		return nil, false, false, err
	}
	chains, err := c.ListChains(g.Table)
	if err != nil {
		return nil, true, false, err
	}
	els, err := g.oldElements(c)
	if err != nil {
		return nil, true, false, err
	}
	byName := map[string]*nft.Chain{}
	for i := range chains {
		byName[chains[i].Name] = &chains[i]
	}
	for i := range chains {
		as := &chains[i]
		if !strings.HasPrefix(as.Name, AsPrefix) {
			continue
		}
		ob := oldBinding{as: as}
		id := commentField(as.Comment, "owner")
		if lc := byName[LinkChain(commentField(as.Comment, "link"))]; lc != nil && commentField(lc.Comment, "owner") == id {
			rules, err := c.ListRules(g.Table, lc.Name)
			if err != nil {
				return nil, true, false, err
			}
			ob.link, ob.index = lc, linkIndex(rules)
		}
		for _, e := range els {
			if e.target == as.Name {
				ob.addrs = append(ob.addrs, e.addr)
			}
		}
		if ob.index == 0 {
			kept = true
			continue
		}
		out = append(out, ob)
	}
	return out, true, kept, nil
}

// renderUpgrade moves every old binding to the flat layout in batch
// (the caller's transaction, after the flat base): its elements in, its
// map elements and chains out. One transaction: a neighbour never finds
// the pod bound by neither layout. The old base chains and maps stay:
// the kernel counts a set's elements at commit, so they go in a
// transaction of their own (renderOldRelease), once empty.
func renderUpgrade(batch *nft.Batch, table string, olds []oldBinding) {
	in := nft.NewBatch(table)
	for _, ob := range olds {
		v := &nft.Data{Words: []uint32{ob.index,
			tag(commentField(ob.as.Comment, "net") + "\x00" + commentField(ob.as.Comment, "owner")),
			tag(commentField(ob.as.Comment, "snat"))}}
		renderKeys(batch, table, keys(ob.index, ob.addrs, v, ob.as.Comment))
		for _, a := range ob.addrs {
			in.DelElement(key(a))
		}
		in.FlushChain(ob.as.Name)
		in.DelChainHandle(ob.as)
		if ob.link != nil {
			in.DelChainHandle(ob.link)
		}
	}
	batch.Append(in)
}

// renderOldRelease removes the old layout's base chains and maps: the
// kernel refuses it (EBUSY), changing nothing, while a map holds an
// element (a binding the upgrade could not move, or an old version's
// ADD since).
func renderOldRelease(table string) *nft.Batch {
	b := nft.NewBatch(table)
	for _, ch := range baseChains {
		b.DelChain(ch.Name)
	}
	b.DelSetIfEmpty(map4)
	b.DelSetIfEmpty(map6)
	return b
}
