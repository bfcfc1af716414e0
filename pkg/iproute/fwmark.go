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

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os/exec"
	"slices"
	"strings"
	"time"

	"sigs.k8s.io/knftables"
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

// nftTimeout bounds one nft run; a transaction takes milliseconds.
const nftTimeout = 10 * time.Second

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

// nftBackend runs nft transactions on one table, in the host namespace.
type nftBackend struct {
	table string
	netns string // empty: the process's own namespace
	tx    *knftables.Fake
}

func newNftBackend(table, netns string) *nftBackend {
	// A Fake only renders transactions: knftables.New would probe the
	// system with two nft runs on every exec (~30 ms).
	return &nftBackend{table: table, netns: netns, tx: knftables.NewFake(knftables.InetFamily, table)}
}

// run execs nft (through nsenter when the host is another namespace).
func (n *nftBackend) run(stdin string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), nftTimeout)
	defer cancel()
	name := "nft"
	if n.netns != "" {
		name, args = "nsenter", append([]string{"--net=" + n.netns, "nft"}, args...)
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("nft %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

func (n *nftBackend) apply(tx *knftables.Transaction) error {
	if tx.NumOperations() == 0 {
		return nil
	}
	_, err := n.run(tx.String(), "-f", "-")
	return err
}

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

// fwBaseRules are the base chain's rules, in order: bypass first.
var fwBaseRules = []string{
	"ip saddr . ip daddr @" + fwBypass4 + " return",
	"ip6 saddr . ip6 daddr @" + fwBypass6 + " return",
	"ip saddr vmap @" + fwMap4,
	"ip6 saddr vmap @" + fwMap6,
}

// addBase declares the table, maps, sets and base chain and rewrites the
// base chain's rules: idempotent, atomic with the rest of the transaction.
func addBase(tx *knftables.Transaction) {
	tx.Add(&knftables.Table{})
	tx.Add(&knftables.Map{Name: fwMap4, Type: "ipv4_addr : verdict"})
	tx.Add(&knftables.Map{Name: fwMap6, Type: "ipv6_addr : verdict"})
	tx.Add(&knftables.Set{Name: fwBypass4, Type: "ipv4_addr . ipv4_addr", Flags: []knftables.SetFlag{knftables.IntervalFlag}})
	tx.Add(&knftables.Set{Name: fwBypass6, Type: "ipv6_addr . ipv6_addr", Flags: []knftables.SetFlag{knftables.IntervalFlag}})
	tx.Add(&knftables.Chain{
		Name:     fwChain,
		Type:     knftables.PtrTo(knftables.FilterType),
		Hook:     knftables.PtrTo(knftables.PreroutingHook),
		Priority: knftables.PtrTo(knftables.ManglePriority),
	})
	tx.Flush(&knftables.Chain{Name: fwChain})
	for _, r := range fwBaseRules {
		tx.Add(&knftables.Rule{Chain: fwChain, Rule: r})
	}
}

// addMarkChain (re)writes the chain that sets m's mark, keeping the bits
// outside the mask.
func addMarkChain(tx *knftables.Transaction, m Mark) {
	tx.Add(&knftables.Chain{Name: m.chain()})
	tx.Flush(&knftables.Chain{Name: m.chain()})
	tx.Add(&knftables.Rule{Chain: m.chain(), Rule: fmt.Sprintf("meta mark set meta mark & 0x%08x | 0x%08x", ^m.Mask, m.Value)})
}

func markElem(m Mark) *knftables.Element {
	return &knftables.Element{Map: mapOfAddr(m.Addr), Key: []string{m.Addr.String()}, Value: []string{"goto " + m.chain()}}
}

func markKey(a netip.Addr) *knftables.Element {
	return &knftables.Element{Map: mapOfAddr(a), Key: []string{a.String()}}
}

func bypassElem(b Bypass) *knftables.Element {
	return &knftables.Element{Set: bypassSetOf(b.Src), Key: []string{b.Src.String(), b.Dst.String()}}
}

// renderAdd is ADD's transaction. replace are map keys known to exist
// (from the previous record or a listing) that are deleted first, since
// nft refuses to add a key that exists with another value; staleBypass
// are existing bypass elements to drop.
func (n *nftBackend) renderAdd(p Plan, replace []netip.Addr, staleBypass []Bypass) *knftables.Transaction {
	tx := n.tx.NewTransaction()
	addBase(tx)
	for _, m := range dedup(slices.Clone(p.Marks), Mark.chain) {
		addMarkChain(tx, m)
	}
	for _, a := range replace {
		tx.Delete(markKey(a))
	}
	for _, b := range staleBypass {
		tx.Delete(bypassElem(b))
	}
	for _, m := range p.Marks {
		tx.Add(markElem(m))
	}
	for _, b := range p.Bypass {
		tx.Add(bypassElem(b))
	}
	return tx
}

// add installs the plan's elements in one transaction: first blind (old
// are the marks the previous record says exist), then, if nft refuses
// (an element gone or held with another value), after listing the table.
func (n *nftBackend) add(p Plan, old []Mark) error {
	if len(p.Marks)+len(p.Bypass) == 0 {
		return nil
	}
	var replace []netip.Addr
	for _, m := range old {
		if slices.ContainsFunc(p.Marks, func(n Mark) bool { return n.Addr == m.Addr }) {
			replace = append(replace, m.Addr)
		}
	}
	if n.apply(n.renderAdd(p, replace, nil)) == nil {
		return nil
	}
	st, err := n.list()
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
		if slices.ContainsFunc(p.Marks, func(m Mark) bool { return m.Addr == b.Src }) {
			stale = append(stale, b)
		}
	}
	if err := n.apply(n.renderAdd(p, replace, stale)); err != nil {
		return fmt.Errorf("adding nftables elements: %w", err)
	}
	return nil
}

// remove deletes the elements of marks and bypass: blind first (each is
// added, a no-op when present, then deleted), then what a listing finds.
// Marks are deleted by key; bypass elements by value.
func (n *nftBackend) remove(marks []Mark, bypass []Bypass) error {
	if len(marks)+len(bypass) == 0 {
		return nil
	}
	tx := n.tx.NewTransaction()
	for _, m := range dedup(slices.Clone(marks), Mark.chain) {
		tx.Add(&knftables.Chain{Name: m.chain()})
	}
	for _, m := range marks {
		tx.Add(markElem(m))
		tx.Delete(markKey(m.Addr))
	}
	for _, b := range bypass {
		tx.Add(bypassElem(b))
		tx.Delete(bypassElem(b))
	}
	if n.apply(tx) == nil {
		return nil
	}
	st, err := n.list()
	if err != nil || !st.exists {
		return err
	}
	tx = n.tx.NewTransaction()
	for _, m := range marks {
		// Only ours: the address may map to another attachment's table.
		if st.marks[m.Addr] == m.chain() {
			tx.Delete(markKey(m.Addr))
		}
	}
	for _, b := range bypass {
		if slices.Contains(st.bypass, b) {
			tx.Delete(bypassElem(b))
		}
	}
	if err := n.apply(tx); err != nil {
		return fmt.Errorf("deleting nftables elements: %w", err)
	}
	return nil
}

// status checks, changing nothing, that nft can create the table, its
// maps and sets (interval concatenations) and its base chain.
func (n *nftBackend) status() error {
	tx := n.tx.NewTransaction()
	addBase(tx)
	_, err := n.run(tx.String(), "--check", "-f", "-")
	return err
}

// check reports missing or different elements of the plan.
func (n *nftBackend) check(p Plan) []error {
	if len(p.Marks)+len(p.Bypass) == 0 {
		return nil
	}
	st, err := n.list()
	if err != nil {
		return []error{err}
	}
	if !st.exists {
		return []error{fmt.Errorf("nftables table inet %s is missing", n.table)}
	}
	var errs []error
	if !st.baseOK {
		errs = append(errs, fmt.Errorf("nftables chain %s of table inet %s is missing or changed", fwChain, n.table))
	}
	for _, m := range p.Marks {
		got, ok := st.marks[m.Addr]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("nftables map element %s is missing", m))
		case got != m.chain():
			errs = append(errs, fmt.Errorf("nftables map element %s changed: goes to %q", m, got))
		case !st.chains[m.chain()]:
			errs = append(errs, fmt.Errorf("nftables chain %s is missing", m.chain()))
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
	st, err := n.list()
	if err != nil || !st.exists {
		return err
	}
	want := map[netip.Addr]bool{}
	for _, rec := range keep {
		for _, m := range rec.Marks {
			want[m.Addr] = true
		}
	}
	tx := n.tx.NewTransaction()
	for a := range st.marks {
		if !want[a] {
			tx.Delete(markKey(a))
		}
	}
	for _, b := range st.bypass {
		if !want[b.Src] {
			tx.Delete(bypassElem(b))
		}
	}
	if err := n.apply(tx); err != nil {
		return fmt.Errorf("GC of nftables elements: %w", err)
	}
	return nil
}

// nftState is what one listing of the table found.
type nftState struct {
	exists bool
	baseOK bool
	chains map[string]bool
	marks  map[netip.Addr]string // address -> goto target
	bypass []Bypass
}

// list reads the whole table once as JSON (slow paths, CHECK and GC).
func (n *nftBackend) list() (*nftState, error) {
	out, err := n.run("", "-j", "list", "table", "inet", n.table)
	if err != nil {
		if strings.Contains(err.Error(), "No such file or directory") {
			return &nftState{marks: map[netip.Addr]string{}, chains: map[string]bool{}}, nil
		}
		return nil, fmt.Errorf("listing table inet %s: %w", n.table, err)
	}
	return parseNftState(out)
}

// parseNftState reads nft's JSON listing of the table.
func parseNftState(out string) (*nftState, error) {
	var doc struct {
		Nftables []map[string]json.RawMessage `json:"nftables"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		return nil, fmt.Errorf("parsing nft output: %w", err)
	}
	st := &nftState{exists: true, chains: map[string]bool{}, marks: map[netip.Addr]string{}}
	var base []string
	for _, obj := range doc.Nftables {
		var err error
		switch {
		case obj["chain"] != nil:
			var c struct{ Name string }
			err = json.Unmarshal(obj["chain"], &c)
			st.chains[c.Name] = true
		case obj["map"] != nil:
			err = st.parseMap(obj["map"])
		case obj["set"] != nil:
			err = st.parseSet(obj["set"])
		case obj["rule"] != nil:
			var r struct {
				Chain string
				Expr  json.RawMessage
			}
			err = json.Unmarshal(obj["rule"], &r)
			if r.Chain == fwChain {
				base = append(base, string(r.Expr))
			}
		}
		if err != nil {
			return nil, fmt.Errorf("parsing nft output: %w", err)
		}
	}
	// The base chain's rules are checked by count and by the objects
	// they refer to; their exact JSON is nft's business.
	st.baseOK = st.chains[fwChain] && len(base) == len(fwBaseRules)
	for i, r := range base {
		want := []string{fwBypass4, fwBypass6, fwMap4, fwMap6}
		if i < len(want) && !strings.Contains(r, `"@`+want[i]+`"`) {
			st.baseOK = false
		}
	}
	return st, nil
}

func (st *nftState) parseMap(raw json.RawMessage) error {
	var m struct {
		Name string
		Elem [][2]json.RawMessage
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	if m.Name != fwMap4 && m.Name != fwMap6 {
		return nil
	}
	for _, e := range m.Elem {
		var key string
		var val struct {
			Goto struct{ Target string }
		}
		if json.Unmarshal(e[0], &key) != nil || json.Unmarshal(e[1], &val) != nil {
			continue // not a shape we make
		}
		if a, err := netip.ParseAddr(key); err == nil {
			st.marks[a] = val.Goto.Target
		}
	}
	return nil
}

func (st *nftState) parseSet(raw json.RawMessage) error {
	var s struct {
		Name string
		Elem []struct {
			Concat []json.RawMessage
		}
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return err
	}
	if s.Name != fwBypass4 && s.Name != fwBypass6 {
		return nil
	}
	for _, e := range s.Elem {
		if len(e.Concat) != 2 {
			continue
		}
		src, err1 := parseNftAddr(e.Concat[0])
		dst, err2 := parseNftPrefix(e.Concat[1])
		if err1 == nil && err2 == nil {
			st.bypass = append(st.bypass, Bypass{Src: src.Addr(), Dst: dst})
		}
	}
	return nil
}

// parseNftAddr reads a bare address element.
func parseNftAddr(raw json.RawMessage) (netip.Prefix, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return netip.Prefix{}, err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return hostPrefix(a), nil
}

// parseNftPrefix reads an address or {"prefix": {"addr", "len"}}.
func parseNftPrefix(raw json.RawMessage) (netip.Prefix, error) {
	if p, err := parseNftAddr(raw); err == nil {
		return p, nil
	}
	var v struct {
		Prefix *struct {
			Addr string
			Len  int
		}
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return netip.Prefix{}, err
	}
	if v.Prefix == nil {
		return netip.Prefix{}, errors.New("not a prefix")
	}
	a, err := netip.ParseAddr(v.Prefix.Addr)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a, v.Prefix.Len), nil
}
