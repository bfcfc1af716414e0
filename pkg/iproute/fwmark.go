package iproute

// The fwmark layout. Instead of one "from PODIP lookup TABLE" rule per pod
// (walked linearly by every route lookup), pod traffic is marked in
// nftables from a map keyed by source address, and one shared
// "fwmark MARK/MASK lookup TABLE" rule per table and family routes it:
//
//	table inet diktyo-iproute {
//	  map pod4 { type ipv4_addr : verdict }      # pod address -> goto mark chain
//	  map pod6 { type ipv6_addr : verdict }
//	  set bypass4 { type ipv4_addr . ipv4_addr; flags interval }  # pod . bypass CIDR
//	  set bypass6 { type ipv6_addr . ipv6_addr; flags interval }
//	  chain prerouting { type filter hook prerouting priority mangle
//	    ip saddr . ip daddr @bypass4 return
//	    ip6 saddr . ip6 daddr @bypass6 return
//	    ip saddr vmap @pod4
//	    ip6 saddr vmap @pod6 }
//	  chain mark-00010000-00ff0000 { meta mark set meta mark & 0xff00ffff | 0x00010000 }
//	}
//
// A verdict map to one small chain per mark value, rather than a map
// whose values are marks: nft 1.0.6 cannot OR a map lookup into the mark
// ("right hand side of binary operation must be constant"), and setting
// the whole mark from the map would clobber other components' bits.
//
// The table is written over netlink by the process (internal/nft), not by
// exec'ing nft: one listing and one batch per ADD, one batch per DEL.

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"slices"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Object names inside the fwmark table.
const (
	fwChain     = "prerouting"
	fwMap4      = "pod4"
	fwMap6      = "pod6"
	fwBypass4   = "bypass4"
	fwBypass6   = "bypass6"
	markChainPf = "mark-"
)

// Mark is one pod address's map element: its packets get Value under Mask.
type Mark struct {
	Addr  netip.Addr `json:"addr"`
	Table int        `json:"table"`
	Value uint32     `json:"value"`
	Mask  uint32     `json:"mask"`
}

func (m Mark) String() string {
	return fmt.Sprintf("%s -> mark %#x/%#x (table %d)", m.Addr, m.Value, m.Mask, m.Table)
}

// chain is the mark chain the element jumps to; its name says what it
// does, so networks sharing the table never disagree about its content.
func (m Mark) chain() string { return fmt.Sprintf("%s%08x-%08x", markChainPf, m.Value, m.Mask) }

// Bypass keeps one pod's traffic to Dst unmarked (main table).
type Bypass struct {
	Src netip.Addr   `json:"src"`
	Dst netip.Prefix `json:"dst"`
}

func (b Bypass) String() string { return fmt.Sprintf("%s . %s", b.Src, b.Dst) }

// addMarks adds the fwmark objects of one pod address with a table.
func (p *Plan) addMarks(cfg *Config, pod *Pod, host netip.Prefix) {
	m := Mark{Addr: host.Addr(), Table: pod.Table, Value: cfg.markOf(pod.Table), Mask: cfg.FwmarkMask}
	p.Marks = append(p.Marks, m)
	p.Shared = append(p.Shared, Rule{Priority: pod.Priority, Mark: m.Value, Mask: m.Mask, V6: host.Addr().Is6(), Table: pod.Table})
	for _, c := range outermost(sameFamily(pod.ExcludeCIDRs, host)) {
		p.Bypass = append(p.Bypass, Bypass{Src: host.Addr(), Dst: c})
	}
}

// outermost drops CIDRs inside another one of the list: the interval set
// refuses overlapping elements, and the inner one changes nothing.
func outermost(cidrs []netip.Prefix) []netip.Prefix {
	var out []netip.Prefix
	for i, c := range cidrs {
		inside := slices.ContainsFunc(cidrs, func(o netip.Prefix) bool {
			return o != c && o.Bits() < c.Bits() && o.Contains(c.Addr())
		})
		if !inside && !slices.Contains(cidrs[:i], c) {
			out = append(out, c)
		}
	}
	return out
}

// nftBackend is the fwmark layout's table, worked on over netlink
// (internal/nft) from the process: no nft exec. Each verb opens one
// socket in the host namespace; ADD lists the table's rules once and
// sends one batch, DEL sends one batch; both list the elements only
// when that batch is refused.
type nftBackend struct {
	table string
	netns string // empty: the calling thread's namespace (see internal/nft)
	// observe, when set, is told of every netlink round trip: "list" (b
	// nil) or "apply" with the batch. Tests pin what the verbs send.
	observe func(kind string, b *nft.Batch)
	// client, when set, stands for the kernel: unit tests give an
	// *nft.Fake, and netns is not used.
	client nft.Client
}

func newNftBackend(table, netns string) *nftBackend {
	return &nftBackend{table: table, netns: netns}
}

// session is one verb's netlink socket.
type session struct {
	n *nftBackend
	c nft.Client
}

func (n *nftBackend) open() (*session, error) {
	c, err := nft.Use(n.client, n.netns)
	if err != nil {
		return nil, err
	}
	return &session{n: n, c: nft.Observe(c, n.observe)}, nil
}

func (s *session) close() { _ = s.c.Close() }

func mapOfAddr(a netip.Addr) string {
	if a.Is4() {
		return fwMap4
	}
	return fwMap6
}

func bypassSetOf(a netip.Addr) string {
	if a.Is4() {
		return fwBypass4
	}
	return fwBypass6
}

// The maps and sets. IDs name them within the batch that declares them,
// numbered as nft numbered them in the script this layout used to run.
var (
	v4, v6       = byte(unix.NFPROTO_IPV4), byte(unix.NFPROTO_IPV6)
	fwSets       = []*nft.Set{fwMapSet4, fwMapSet6, fwBypassSet4, fwBypassSet6}
	fwMapSet4    = &nft.Set{Name: fwMap4, Fields: []byte{v4}, Verdicts: true, ID: 1}
	fwMapSet6    = &nft.Set{Name: fwMap6, Fields: []byte{v6}, Verdicts: true, ID: 2}
	fwBypassSet4 = &nft.Set{Name: fwBypass4, Fields: []byte{v4, v4}, Interval: true, ID: 3}
	fwBypassSet6 = &nft.Set{Name: fwBypass6, Fields: []byte{v6, v6}, Interval: true, ID: 4}
)

// fwBaseChain is the hooked chain: filter at prerouting, priority mangle.
var fwBaseChain = &nft.Chain{Name: fwChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: -150}}

// fwBaseRules are the base chain's rules, in order, bypass first:
//
//	ip saddr . ip daddr @bypass4 return
//	ip6 saddr . ip6 daddr @bypass6 return
//	ip saddr vmap @pod4
//	ip6 saddr vmap @pod6
//
// as nft 1.0.6 compiles them (registers included: the second field of an
// IPv4 concatenation goes to the 4-byte register after the first).
func fwBaseRules() []*nft.Rule {
	bypass := func(fam byte, dreg uint32, set string) *nft.Rule {
		return &nft.Rule{Chain: fwChain, Exprs: append(nft.MatchFamily(fam), nft.LoadAddr(fam, false, nft.Reg1),
			nft.LoadAddr(fam, true, dreg), nft.Lookup(set), &expr.Verdict{Kind: expr.VerdictReturn})}
	}
	vmap := func(fam byte, set string) *nft.Rule {
		return &nft.Rule{Chain: fwChain, Exprs: append(nft.MatchFamily(fam), nft.LoadAddr(fam, false, nft.Reg1), nft.LookupVerdict(set))}
	}
	return []*nft.Rule{bypass(v4, nft.Reg32_01, fwBypass4), bypass(v6, nft.Reg2, fwBypass6), vmap(v4, fwMap4), vmap(v6, fwMap6)}
}

// markRule is m's chain's one rule: "meta mark set meta mark & ^MASK |
// VALUE", which keeps the bits outside the mask.
func markRule(m Mark) *nft.Rule {
	return &nft.Rule{Chain: m.chain(), Exprs: nft.SetMarkBits(m.Value, m.Mask)}
}

// declareBase declares the table, maps, sets and base chain and rewrites
// the base chain's rules: idempotent and atomic with the rest of the
// batch, so parallel repairs converge on exactly its four rules. Only
// sent when a listing found the base chain missing or changed.
func declareBase(b *nft.Batch) {
	b.AddTable()
	for _, s := range fwSets {
		b.AddSet(s)
	}
	b.AddChain(fwBaseChain)
	b.FlushChain(fwChain)
	for _, r := range fwBaseRules() {
		b.AddRule(r)
	}
}

// declareMarkChain (re)writes the chain that sets m's mark; only sent
// when a listing found it missing or changed.
func declareMarkChain(b *nft.Batch, m Mark) {
	b.AddChain(&nft.Chain{Name: m.chain()})
	b.FlushChain(m.chain())
	b.AddRule(markRule(m))
}

// sameRules says whether a chain's listed rules are want, in order.
func sameRules(have []nft.Rule, want []*nft.Rule) bool {
	if len(have) != len(want) {
		return false
	}
	for i := range want {
		if have[i].String() != want[i].String() {
			return false
		}
	}
	return true
}

func markElem(m Mark) *nft.Element {
	return &nft.Element{Set: mapOfAddr(m.Addr), Key: []netip.Addr{m.Addr}, Verdict: &nft.Verdict{Code: unix.NFT_GOTO, Chain: m.chain()}}
}

func markKey(a netip.Addr) *nft.Element {
	return &nft.Element{Set: mapOfAddr(a), Key: []netip.Addr{a}}
}

// bypassElem is "SRC . DST": in a concatenated interval set every
// element is a range, from SRC . first address of DST to SRC . last.
func bypassElem(b Bypass) *nft.Element {
	d := b.Dst.Masked()
	return &nft.Element{Set: bypassSetOf(b.Src), Key: []netip.Addr{b.Src, d.Addr()}, KeyEnd: []netip.Addr{b.Src, nft.LastAddr(d)}}
}

// bypassOf reads a listed bypass element back; ranges that are not one
// source and one prefix are none of this layout's.
func bypassOf(e nft.Element) (Bypass, bool) {
	if len(e.Key) != 2 || len(e.KeyEnd) != 2 || e.Key[0] != e.KeyEnd[0] {
		return Bypass{}, false
	}
	for bits := 0; bits <= e.Key[1].BitLen(); bits++ {
		p := netip.PrefixFrom(e.Key[1], bits)
		if p.Masked().Addr() == e.Key[1] && nft.LastAddr(p) == e.KeyEnd[1] {
			return Bypass{Src: e.Key[0], Dst: p}, true
		}
	}
	return Bypass{}, false
}

// renderAdd is ADD's batch. have are the table's rules by chain (one
// listing): the base objects and each mark chain are declared only when
// missing or changed. replace are map keys known to exist (from the
// previous record or a listing), deleted first since the kernel refuses
// to add a key that exists with another value; staleBypass are existing
// bypass elements to drop.
func renderAdd(table string, p Plan, have map[string][]nft.Rule, replace []netip.Addr, staleBypass []Bypass) *nft.Batch {
	b := nft.NewBatch(table)
	if !sameRules(have[fwChain], fwBaseRules()) {
		declareBase(b)
	}
	for _, m := range dedup(slices.Clone(p.Marks), Mark.chain) {
		if !sameRules(have[m.chain()], []*nft.Rule{markRule(m)}) {
			declareMarkChain(b, m)
		}
	}
	for _, a := range replace {
		b.DelElement(markKey(a))
	}
	for _, bp := range staleBypass {
		b.DelElement(bypassElem(bp))
	}
	for _, m := range p.Marks {
		b.AddElement(markElem(m))
	}
	for _, bp := range p.Bypass {
		b.AddElement(bypassElem(bp))
	}
	return b
}

// renderRemoveFast deletes elements without knowing whether they exist:
// each is added first (a no-op when present), then deleted. It fails,
// changing nothing, when the table or a mark chain is gone or an address
// maps to another mark; it declares no chain, so a DEL on a node without
// the table creates nothing.
func renderRemoveFast(table string, marks []Mark, bypass []Bypass) *nft.Batch {
	b := nft.NewBatch(table)
	for _, m := range marks {
		b.AddElement(markElem(m))
		b.DelElement(markKey(m.Addr))
	}
	for _, bp := range bypass {
		b.AddElement(bypassElem(bp))
		b.DelElement(bypassElem(bp))
	}
	return b
}

// add installs the plan's elements in one batch after one listing of the
// table's rules: first with the keys the previous record says exist
// (old) replaced, then, if the kernel refuses (a key gone or held with
// another value), after listing the elements.
func (n *nftBackend) add(p Plan, old []Mark) error {
	if len(p.Marks)+len(p.Bypass) == 0 {
		return nil
	}
	s, err := n.open()
	if err != nil {
		return err
	}
	defer s.close()
	have, err := s.rules()
	if err != nil {
		return err
	}
	var replace []netip.Addr
	for _, m := range old {
		if slices.ContainsFunc(p.Marks, func(n Mark) bool { return n.Addr == m.Addr }) {
			replace = append(replace, m.Addr)
		}
	}
	if s.c.Apply(renderAdd(n.table, p, have, replace, nil)) == nil {
		return nil
	}
	st, err := s.list()
	if err != nil {
		return err
	}
	replace = replace[:0]
	for _, m := range p.Marks {
		if _, ok := st.marks[m.Addr]; ok {
			replace = append(replace, m.Addr)
		}
	}
	var stale []Bypass
	for _, b := range st.bypass {
		if slices.ContainsFunc(p.Marks, func(m Mark) bool { return m.Addr == b.Src }) && !slices.Contains(p.Bypass, b) {
			stale = append(stale, b)
		}
	}
	if err := s.c.Apply(renderAdd(n.table, p, st.rules, replace, stale)); err != nil {
		return fmt.Errorf("adding nftables elements: %w", err)
	}
	return nil
}

// remove deletes the elements of marks and bypass: blind first, then
// what a listing finds. Marks are deleted by key, and only when they go
// to this mark's chain; bypass elements by value.
func (n *nftBackend) remove(marks []Mark, bypass []Bypass) error {
	if len(marks)+len(bypass) == 0 {
		return nil
	}
	s, err := n.open()
	if err != nil {
		return err
	}
	defer s.close()
	if s.c.Apply(renderRemoveFast(n.table, marks, bypass)) == nil {
		return nil
	}
	st, err := s.list()
	if err != nil || !st.exists {
		return err
	}
	b := nft.NewBatch(n.table)
	for _, m := range marks {
		// Only ours: the address may map to another attachment's table.
		if st.marks[m.Addr] == m.chain() {
			b.DelElement(markKey(m.Addr))
		}
	}
	for _, bp := range bypass {
		if slices.Contains(st.bypass, bp) {
			b.DelElement(bypassElem(bp))
		}
	}
	if err := s.c.Apply(b); err != nil {
		return fmt.Errorf("deleting nftables elements: %w", err)
	}
	return nil
}

// status checks, changing nothing, that the kernel accepts the table,
// its maps and sets (interval concatenations), its base chain and a mark
// chain: one batch declares them in a scratch table and deletes it, so
// the layout's own table is never touched.
func (n *nftBackend) status() error {
	s, err := n.open()
	if err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	defer s.close()
	b := nft.NewBatch(n.table + "-status")
	declareBase(b)
	declareMarkChain(b, Mark{Value: 1, Mask: 1})
	b.DelTable()
	if err := s.c.Apply(b); err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	return nil
}

// check reports missing or different elements of the plan.
func (n *nftBackend) check(ctx context.Context, p Plan) []error {
	if len(p.Marks)+len(p.Bypass) == 0 {
		return nil
	}
	s, err := n.open()
	if err != nil {
		return []error{err}
	}
	defer s.close()
	// The table is every pod's: inside a reconcile pass (a
	// cniutil.ReadCache in ctx) it is listed once for all pods.
	type listing struct {
		st     *nftState
		chains []nft.Chain
	}
	l, err := cniutil.Read(ctx, "iproute/nft/"+n.netns+"/"+n.table, func() (listing, error) {
		st, err := s.list()
		if err != nil || !st.exists {
			return listing{st: st}, err
		}
		chains, err := s.c.ListChains(n.table)
		if err != nil {
			return listing{}, fmt.Errorf("listing chains of table inet %s: %w", n.table, err)
		}
		return listing{st: st, chains: chains}, nil
	})
	if err != nil {
		return []error{err}
	}
	st, chains := l.st, l.chains
	if !st.exists {
		return []error{fmt.Errorf("nftables table inet %s is missing", n.table)}
	}
	var errs []error
	if !sameRules(st.rules[fwChain], fwBaseRules()) {
		errs = append(errs, fmt.Errorf("nftables chain %s of table inet %s is missing or changed", fwChain, n.table))
	}
	for _, m := range p.Marks {
		got, ok := st.marks[m.Addr]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("nftables map element %s is missing", m))
		case got != m.chain():
			errs = append(errs, fmt.Errorf("nftables map element %s changed: goes to %q", m, got))
		case !slices.ContainsFunc(chains, func(c nft.Chain) bool { return c.Name == m.chain() }):
			errs = append(errs, fmt.Errorf("nftables chain %s is missing", m.chain()))
		case !sameRules(st.rules[m.chain()], []*nft.Rule{markRule(m)}):
			errs = append(errs, fmt.Errorf("nftables chain %s changed: does not set mark %#x/%#x", m.chain(), m.Value, m.Mask))
		}
	}
	for _, b := range p.Bypass {
		if !slices.Contains(st.bypass, b) {
			errs = append(errs, fmt.Errorf("nftables bypass element %s is missing", b))
		}
	}
	return errs
}

// sweep deletes the map and bypass elements whose pod address no kept
// record accounts for (GC).
func (n *nftBackend) sweep(keep []*Record) error {
	s, err := n.open()
	if err != nil {
		return err
	}
	defer s.close()
	st, err := s.list()
	if err != nil || !st.exists {
		return err
	}
	want := map[netip.Addr]bool{}
	for _, rec := range keep {
		for _, m := range rec.Marks {
			want[m.Addr] = true
		}
	}
	b := nft.NewBatch(n.table)
	// Sorted: the batch (and an error naming an operation) is the same
	// from one run to the next.
	for _, a := range slices.SortedFunc(maps.Keys(st.marks), netip.Addr.Compare) {
		if !want[a] {
			b.DelElement(markKey(a))
		}
	}
	for _, bp := range st.bypass {
		if !want[bp.Src] {
			b.DelElement(bypassElem(bp))
		}
	}
	if err := s.c.Apply(b); err != nil {
		return fmt.Errorf("GC of nftables elements: %w", err)
	}
	return nil
}

// nftState is what one listing of the table found.
type nftState struct {
	exists bool
	rules  map[string][]nft.Rule // by chain
	marks  map[netip.Addr]string // address -> goto target
	bypass []Bypass
}

// rules lists the rules of every chain of the table in one round trip:
// the base chain's four and one per mark chain, whatever the number of
// pods. A missing table has none.
func (s *session) rules() (map[string][]nft.Rule, error) {
	listed, err := s.c.ListRules(s.n.table, "")
	if err != nil {
		return nil, fmt.Errorf("listing rules of table inet %s: %w", s.n.table, err)
	}
	out := map[string][]nft.Rule{}
	for _, r := range listed {
		out[r.Chain] = append(out[r.Chain], r)
	}
	return out, nil
}

// list reads the table's rules and the elements of its maps and sets
// (slow paths, CHECK and GC). A missing table is an empty state; a
// missing map or set has no elements (and the base chain, which refers
// to it, cannot be intact).
func (s *session) list() (*nftState, error) {
	st := &nftState{rules: map[string][]nft.Rule{}, marks: map[netip.Addr]string{}}
	ok, err := s.c.TableExists(s.n.table)
	if err != nil || !ok {
		return st, err
	}
	st.exists = true
	if st.rules, err = s.rules(); err != nil {
		return nil, err
	}
	for _, set := range fwSets {
		els, err := s.c.ListElements(s.n.table, set)
		if errors.Is(err, nft.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("listing elements of inet %s %s: %w", s.n.table, set.Name, err)
		}
		for _, e := range els {
			switch {
			case set.Verdicts && len(e.Key) == 1 && e.Verdict != nil:
				st.marks[e.Key[0]] = e.Verdict.Chain
			case !set.Verdicts:
				if b, ok := bypassOf(e); ok {
					st.bypass = append(st.bypass, b)
				}
			}
		}
	}
	return st, nil
}
