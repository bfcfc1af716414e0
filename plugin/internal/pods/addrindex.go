package pods

import (
	"net/netip"
	"slices"
)

// addrIndex counts, by managed egress address, the sandboxes that use it
// as far as this process has seen, so that a pod's DEL need not read
// every cached attachment to learn that the address it used still has
// other users. It is a hint, never proof: an address is withdrawn only
// after the managed addresses' full read of their users (the pod table
// and every cached attachment; plugin/internal/admit, Admission.Users)
// found no user, and WithdrawUnused makes that read only when
// the index finds an owned address without users (at the last pod of a
// drain), and at every GC. So the index may miss a user (that costs a
// full read, which finds it) or count one that has gone (that keeps the
// address until the next GC's full read), and neither can withdraw an
// address in use.
//
// Each sandbox counts through two records:
//   - table: its pod entry's egressAddrs while it is live or holds chain
//     state (what Admission.Users reads of the table), kept by Table at
//     every change of an entry;
//   - cache: the addresses its cached attachment names, as the last full
//     read found them, plus those of every ADD claimed since (the ADD may
//     have cached them), and nothing once a DEL succeeded (markRemoved:
//     libcni dropped the attachment).
//
// Table's mutex guards it.
type addrIndex struct {
	externals func(map[string]any) ([]netip.Addr, error)
	table     map[string][]netip.Addr
	cache     map[string][]netip.Addr
	users     map[netip.Addr]map[string]struct{}
}

func newAddrIndex(externals func(map[string]any) ([]netip.Addr, error)) *addrIndex {
	return &addrIndex{externals: externals, table: map[string][]netip.Addr{}, cache: map[string][]netip.Addr{}, users: map[netip.Addr]map[string]struct{}{}}
}

// union is the addresses sandbox id counts for.
func (x *addrIndex) union(id string) []netip.Addr {
	out := slices.Clone(x.table[id])
	for _, a := range x.cache[id] {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// change runs f, which changes id's records, and moves id between the
// addresses' user sets accordingly.
func (x *addrIndex) change(id string, f func()) {
	before := x.union(id)
	f()
	after := x.union(id)
	for _, a := range before {
		if !slices.Contains(after, a) {
			delete(x.users[a], id)
			if len(x.users[a]) == 0 {
				delete(x.users, a)
			}
		}
	}
	for _, a := range after {
		if x.users[a] == nil {
			x.users[a] = map[string]struct{}{}
		}
		x.users[a][id] = struct{}{}
	}
}

// setEntry records what e's entry says (table).
func (x *addrIndex) setEntry(e *Entry) {
	var addrs []netip.Addr
	if e.Live() || e.HoldsChain() {
		addrs = slices.Clone(e.EgressAddrs)
	}
	if slices.Equal(addrs, x.table[e.Pod.ID]) {
		return
	}
	x.change(e.Pod.ID, func() {
		if len(addrs) == 0 {
			delete(x.table, e.Pod.ID)
		} else {
			x.table[e.Pod.ID] = addrs
		}
	})
}

// added records the addresses an ADD claimed for id with args may have
// cached, beside those cached before.
func (x *addrIndex) added(id string, args map[string]any) {
	addrs, err := x.externals(args)
	if err != nil || len(addrs) == 0 {
		return // the full read will see what the cache holds
	}
	x.change(id, func() {
		for _, a := range addrs {
			if !slices.Contains(x.cache[id], a) {
				x.cache[id] = append(x.cache[id], a)
			}
		}
	})
}

// removed records that id's cached attachment is gone (its DEL
// succeeded).
func (x *addrIndex) removed(id string) {
	if len(x.cache[id]) > 0 {
		x.change(id, func() { delete(x.cache, id) })
	}
}

// forget drops id (its entry left the table).
func (x *addrIndex) forget(id string) {
	x.change(id, func() { delete(x.table, id); delete(x.cache, id) })
}

// setCached replaces the cache records with what a full read found.
func (x *addrIndex) SetCached(cached map[string][]netip.Addr) {
	for id := range x.cache {
		if _, ok := cached[id]; !ok {
			x.change(id, func() { delete(x.cache, id) })
		}
	}
	for id, addrs := range cached {
		x.change(id, func() { x.cache[id] = slices.Clone(addrs) })
	}
}

// count is how many sandboxes the index has using a.
func (x *addrIndex) count(a netip.Addr) int { return len(x.users[a]) }

// addrCounts returns the index's user count of each address in addrs.
func (t *Table) AddrCounts(addrs []netip.Addr) map[netip.Addr]int {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[netip.Addr]int, len(addrs))
	for _, a := range addrs {
		out[a] = t.idx.count(a)
	}
	return out
}

// setCached records a full read of the chain cache in the index.
func (t *Table) SetCached(cached map[string][]netip.Addr) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.idx.SetCached(cached)
}
