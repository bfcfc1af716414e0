package nftables

import (
	"errors"
	"net/netip"
	"slices"
	"strings"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// listing is what a listing of the table found: the slow paths' (a
// converging ADD, a DEL without its plan, GC) and a reconcile pass's
// (once for every pod's CHECK).
type listing struct {
	exists bool
	sets   map[string]bool
	maps   map[string]mapID
	// elems are the gate and map elements; bySource the same, by their
	// source address (the first field of every key): a reconcile pass
	// shares one listing among every pod's CHECK, each of which reads
	// its own sources' elements.
	elems    []*nft.Element
	bySource map[netip.Addr][]*nft.Element
	chains   []nft.Chain
	// legacy are the per-pod chain layout's map elements.
	legacy []legacyElem
}

// legacyElem is an element of pods4 or pods6: an address sent to a pod
// chain.
type legacyElem struct {
	addr  netip.Addr
	chain string
}

// list reads the table's sets and maps with their elements, and its
// chains. A missing table is an empty listing.
func (s *session) list() (*listing, error) { return s.read(true) }

// listStructure is list without the elements: constant-size.
func (s *session) listStructure() (*listing, error) { return s.read(false) }

func (s *session) read(elements bool) (*listing, error) {
	l := &listing{sets: map[string]bool{}, maps: map[string]mapID{}}
	ok, err := s.c.TableExists(s.b.Table)
	if err != nil || !ok {
		return l, err
	}
	sets, err := s.c.ListSets(s.b.Table)
	if err != nil {
		return nil, err
	}
	for i := range sets {
		set := &sets[i]
		l.sets[set.Name] = true
		m, isMap := parseMapName(set.Name)
		legacy := set.Name == Map4 || set.Name == Map6
		if isMap {
			l.maps[set.Name] = m
		}
		if !elements || !isMap && !legacy && !isGate(set.Name) {
			continue
		}
		els, err := s.c.ListElements(s.b.Table, set)
		if errors.Is(err, nft.ErrNotFound) {
			continue // deleted since the listing of the sets
		}
		if err != nil {
			return nil, err
		}
		for j := range els {
			e := &els[j]
			switch {
			case len(e.Key) == 0:
			case legacy && e.Verdict != nil:
				l.legacy = append(l.legacy, legacyElem{addr: e.Key[0], chain: e.Verdict.Chain})
			case !legacy:
				l.elems = append(l.elems, e)
			}
		}
	}
	sortElems(l.elems)
	l.bySource = make(map[netip.Addr][]*nft.Element, len(l.elems)/2)
	for _, e := range l.elems {
		l.bySource[e.Key[0]] = append(l.bySource[e.Key[0]], e)
	}
	if l.chains, err = s.c.ListChains(s.b.Table); err != nil {
		return nil, err
	}
	l.exists = true
	return l, nil
}

// sortElems orders elements by set, key and protocol: batches made from
// a listing (in the kernel's hash order) read the same every time.
func sortElems(es []*nft.Element) []*nft.Element {
	slices.SortFunc(es, func(a, b *nft.Element) int {
		if c := strings.Compare(a.Set, b.Set); c != 0 {
			return c
		}
		if c := slices.CompareFunc(a.Key, b.Key, netip.Addr.Compare); c != 0 {
			return c
		}
		return int(a.Proto) - int(b.Proto)
	})
	return es
}

func (l *listing) mapIDs() []mapID {
	out := make([]mapID, 0, len(l.maps))
	for _, m := range l.maps {
		out = append(out, m)
	}
	slices.SortFunc(out, compareMaps)
	return out
}

func isGate(set string) bool { return set == Gate4 || set == Gate6 }

func (l *listing) gates() []*nft.Element {
	var out []*nft.Element
	for _, e := range l.elems {
		if isGate(e.Set) {
			out = append(out, e)
		}
	}
	return out
}

func (l *listing) ruleElems() []*nft.Element {
	var out []*nft.Element
	for _, e := range l.elems {
		if !isGate(e.Set) {
			out = append(out, e)
		}
	}
	return out
}

// ofSources are the gate and map elements of addresses srcs, in the
// listing's order: a lookup per address, whatever the number of pods.
func (l *listing) ofSources(srcs []netip.Addr) []*nft.Element {
	var out []*nft.Element
	for i, a := range srcs {
		if !slices.Contains(srcs[:i], a) {
			out = append(out, l.bySource[a]...)
		}
	}
	if len(srcs) > 1 {
		sortElems(out)
	}
	return out
}

// ofOwner are owner's gate and map elements, by their comments.
func (l *listing) ofOwner(owner snat.Owner) []*nft.Element {
	var out []*nft.Element
	gatePrefix, rulePrefix := ChainComment(owner)+" n=", "owner="+owner.ID+" "
	for _, e := range l.elems {
		if isGate(e.Set) && strings.HasPrefix(e.Comment, gatePrefix) || !isGate(e.Set) && strings.HasPrefix(e.Comment, rulePrefix) {
			out = append(out, e)
		}
	}
	return out
}

// flat says whether the table holds any fixed object of the flat
// layout (a gate set or one of its chains).
func (l *listing) flat() bool {
	return l.sets[Gate4] || l.sets[Gate6] || l.hasChain(FlatChain) || l.hasChain(FlatChain4) || l.hasChain(FlatChain6)
}

func (l *listing) hasChain(name string) bool {
	return slices.ContainsFunc(l.chains, func(c nft.Chain) bool { return c.Name == name })
}

// renderLegacyRemoval removes owner's objects of the per-pod chain
// layout (its chain and the elements sending addresses to it) and the
// elements of addresses srcs, whatever chain they send to: the pod's
// flat elements, in the same batch, take their place at once.
func renderLegacyRemoval(batch *nft.Batch, l *listing, owner snat.Owner, srcs []netip.Addr) {
	chain := ChainName(owner.ID)
	for _, e := range l.legacy {
		if e.chain == chain || slices.Contains(srcs, e.addr) {
			batch.DelElement(key(e.addr))
		}
	}
	if l.hasChain(chain) {
		batch.FlushChain(chain)
		batch.DelChain(chain)
	}
}

// renderLegacyGC removes network's pod chains of the per-pod chain
// layout: an invalid pod's (its addresses returned, for the flushes), a
// valid pod's once every address it had is gated as its (owners: the
// gates' owner prefixes after GC). When no pod chain and no element is
// left, the old base chain and maps go too.
func renderLegacyGC(batch *nft.Batch, l *listing, network string, valid map[string]bool, owners map[netip.Addr]string) []netip.Addr {
	var flush []netip.Addr
	removed := map[string]bool{}
	podChains := 0
	for _, c := range l.chains {
		id, ok := strings.CutPrefix(c.Name, PodChainPrefix)
		if !ok {
			continue
		}
		podChains++
		owner := snat.Owner{Network: network, ID: id}
		if c.Comment != ChainComment(owner) {
			continue
		}
		var addrs []netip.Addr
		migrated := true
		for _, e := range l.legacy {
			if e.chain == c.Name {
				addrs = append(addrs, e.addr)
				migrated = migrated && owners[e.addr] == ChainComment(owner)
			}
		}
		if valid[id] && !migrated {
			continue
		}
		if !valid[id] {
			flush = append(flush, addrs...)
		}
		removed[c.Name] = true
		for _, a := range addrs {
			batch.DelElement(key(a))
		}
		batch.FlushChain(c.Name)
		batch.DelChain(c.Name)
	}
	left := slices.ContainsFunc(l.legacy, func(e legacyElem) bool { return !removed[e.chain] })
	if podChains == len(removed) && !left && l.hasChain(BaseChain) {
		// The maps' last elements go in this batch, which the kernel's
		// "delete if empty" counts as still there: the batch's
		// generation (GC sends it) proves nothing was added since.
		batch.DelChain(BaseChain)
		batch.DelSet(map4)
		batch.DelSet(map6)
	}
	return flush
}
