package nft

import (
	"cmp"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sync"
	"syscall"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Fake is a Client holding a ruleset in memory: tests of the backends
// run on it without root. A batch is applied as the kernel applies it:
// operation by operation on a copy, with the kernel's errno for what the
// kernel refuses (a missing object ENOENT, an existing one created
// EEXIST, a map key held with another value EEXIST, a chain still
// referred to EBUSY, an overlapping interval EEXIST), the copy kept only
// when no operation failed. Every operation is also encoded as Conn
// would send it, so what Conn refuses before sending, Fake refuses too.
//
// It does not check what only the kernel's expression validation finds
// (registers, NAT in a chain of another type...): the kernel tests do.
// TestFakeAgreesWithKernel applies the same batches to both and compares
// their Dump.
//
// Close does nothing: the ruleset outlives the verbs that use it, as the
// kernel's outlives their sockets. A Fake is safe for concurrent use.
type Fake struct {
	*fakeState
	// fam is the family of the tables the listings read: 0 is inet.
	fam byte
}

// fakeState is a Fake's ruleset, shared by its views (In).
type fakeState struct {
	mu     sync.Mutex
	tables []*fakeTable
	gen    uint32 // the ruleset generation: one more per committed batch
}

type fakeTable struct {
	fam    byte // unix.NFPROTO_INET or NFPROTO_BRIDGE
	name   string
	handle uint64 // the last handle given
	chains []*fakeChain
	sets   []*fakeSet
}

type fakeChain struct {
	Chain
	rules []Rule
}

type fakeSet struct {
	Set
	elems []Element
}

// NewFake returns an empty ruleset. Its generation starts at 1, as the
// kernel's does: a batch's GenID of 0 means "not checked", so a writer
// that read generation 0 would race unchecked.
func NewFake() *Fake { return &Fake{fakeState: &fakeState{gen: 1}} }

// Close does nothing.
func (f *Fake) Close() error { return nil }

// Tables are the names of the fake's tables, in the order they were made.
func (f *Fake) Tables() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, t := range f.tables {
		if t.fam == f.family() {
			out = append(out, t.name)
		}
	}
	return out
}

// Dump renders every table in nft list ruleset syntax (see Dump).
func (f *Fake) Dump() string {
	s, err := Dump(f, f.Tables()...)
	if err != nil {
		// Listing a Fake fails only when a table vanishes meanwhile.
		return "<dump failed: " + err.Error() + ">"
	}
	return s
}

func (f *Fake) table(name string) *fakeTable { return f.tableIn(f.family(), name) }

func (s *fakeState) tableIn(fam byte, name string) *fakeTable {
	for _, t := range s.tables {
		if t.fam == fam && t.name == name {
			return t
		}
	}
	return nil
}

func (t *fakeTable) chain(name string) *fakeChain {
	for _, c := range t.chains {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (t *fakeTable) set(name string) *fakeSet {
	for _, s := range t.sets {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (t *fakeTable) clone() *fakeTable {
	c := *t
	c.chains = make([]*fakeChain, len(t.chains))
	for i, ch := range t.chains {
		cc := *ch
		cc.rules = slices.Clone(ch.rules)
		c.chains[i] = &cc
	}
	c.sets = make([]*fakeSet, len(t.sets))
	for i, s := range t.sets {
		sc := *s
		sc.elems = slices.Clone(s.elems)
		c.sets[i] = &sc
	}
	return &c
}

// Apply applies every operation of b or, returning an *OpError for each
// operation refused (joined), none.
func (f *Fake) Apply(b *Batch) error {
	if b.Len() == 0 {
		return nil
	}
	for _, op := range b.Ops {
		if _, err := encodeOp(b.FamilyOf(op), b.Table, op); err != nil {
			return fmt.Errorf("%s: %w", b.Render(op), err)
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if b.GenID != 0 && b.GenID != f.gen {
		return &OpError{Op: "nftables batch", Errno: unix.ERESTART}
	}
	tables := slices.Clone(f.tables)
	type key struct {
		fam  byte
		name string
	}
	cloned := map[key]bool{} // tables copied (or made) by this batch
	find := func(k key) *fakeTable {
		for i, x := range tables {
			if x.fam == k.fam && x.name == k.name {
				if !cloned[k] {
					tables[i], cloned[k] = x.clone(), true
				}
				return tables[i]
			}
		}
		return nil
	}
	var errs []error
	for _, op := range b.Ops {
		name := key{b.FamilyOf(op), b.TableOf(op)}
		t := find(name)
		var errno syscall.Errno
		switch {
		case op.Kind == OpAddTable && t == nil:
			tables, cloned[name] = append(tables, &fakeTable{fam: name.fam, name: name.name}), true
		case op.Kind == OpAddTable:
		case t == nil:
			errno = unix.ENOENT
		case op.Kind == OpDelTable:
			tables = slices.DeleteFunc(tables, func(x *fakeTable) bool { return x == t })
		case op.Kind == OpDelSetIfEmpty && f.hadElements(name.fam, name.name, op.Set.Name):
			// The kernel counts a set's elements at commit: those this
			// batch deleted still count.
			errno = unix.EBUSY
		case op.Kind == OpDelTableIfEmpty && (len(t.chains) > 0 || len(t.sets) > 0):
			errno = unix.EBUSY
		case op.Kind == OpDelTableIfEmpty:
			tables = slices.DeleteFunc(tables, func(x *fakeTable) bool { return x == t })
		default:
			errno = t.apply(op)
		}
		if errno != 0 {
			errs = append(errs, &OpError{Op: b.Render(op), Errno: errno})
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	f.tables = tables
	f.gen++
	return nil
}

// Gen is the ruleset's generation: it changes with every batch applied.
func (f *Fake) Gen() (uint32, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gen, nil
}

// Bump stands for a transaction of another writer: the generation
// changes, nothing else.
func (f *Fake) Bump() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gen++
}

// hadElements says whether set held elements before the batch.
func (s *fakeState) hadElements(fam byte, table, set string) bool {
	if t := s.tableIn(fam, table); t != nil {
		if fs := t.set(set); fs != nil {
			return len(fs.elems) > 0
		}
	}
	return false
}

func (t *fakeTable) apply(op Op) syscall.Errno {
	switch op.Kind {
	case OpAddSet:
		if s := t.set(op.Set.Name); s != nil {
			if !slices.Equal(s.Fields, op.Set.Fields) || s.Verdicts != op.Set.Verdicts || s.Interval != op.Set.Interval ||
				!slices.Equal(s.Data, op.Set.Data) || s.Counter != op.Set.Counter {
				return unix.EEXIST
			}
			return 0
		}
		s := *op.Set
		s.Fields, s.Data = slices.Clone(s.Fields), slices.Clone(s.Data)
		t.handle++
		t.sets = append(t.sets, &fakeSet{Set: s})
	case OpAddChain, OpCreateChain:
		if c := t.chain(op.Chain.Name); c != nil {
			switch {
			case op.Kind == OpCreateChain:
				return unix.EEXIST
			case op.Chain.Hook != nil && (c.Hook == nil || *c.Hook != *op.Chain.Hook):
				return unix.EEXIST // the kernel does not move a chain to another hook
			}
			return 0
		}
		c := *op.Chain
		if c.Hook != nil {
			if !slices.Contains([]string{"filter", "nat", "route"}, c.Hook.Type) {
				return unix.ENOENT
			}
			h := *c.Hook
			c.Hook = &h
		}
		t.handle++
		c.Handle = t.handle
		t.chains = append(t.chains, &fakeChain{Chain: c})
	case OpFlushChain:
		c := t.chain(op.Chain.Name)
		if c == nil {
			return unix.ENOENT
		}
		c.rules = nil
	case OpDelChain:
		c := t.chain(op.Chain.Name)
		if c == nil || (op.Chain.Handle != 0 && c.Handle != op.Chain.Handle) {
			return unix.ENOENT
		}
		// Its own rules go with it; a jump or goto to it keeps it.
		if t.referred(c.Name) {
			return unix.EBUSY
		}
		t.chains = slices.DeleteFunc(t.chains, func(x *fakeChain) bool { return x == c })
	case OpDelSetIfEmpty:
		s := t.set(op.Set.Name)
		switch {
		case s == nil:
			return unix.ENOENT
		case len(s.elems) > 0 || t.looksUp(s.Name):
			return unix.EBUSY
		}
		t.sets = slices.DeleteFunc(t.sets, func(x *fakeSet) bool { return x == s })
	case OpDelSet:
		s := t.set(op.Set.Name)
		switch {
		case s == nil:
			return unix.ENOENT
		case t.looksUp(s.Name):
			return unix.EBUSY
		}
		t.sets = slices.DeleteFunc(t.sets, func(x *fakeSet) bool { return x == s })
	case OpAddRule:
		c := t.chain(op.Rule.Chain)
		if c == nil {
			return unix.ENOENT
		}
		if errno := t.checkExprs(op.Rule.Exprs); errno != 0 {
			return errno
		}
		r := *op.Rule
		r.Exprs = slices.Clone(r.Exprs)
		t.handle++
		r.Handle = t.handle
		c.rules = append(c.rules, r)
	case OpAddElem:
		return t.addElem(op.Elem, false)
	case OpCreateElem:
		return t.addElem(op.Elem, true)
	case OpDelElem:
		s := t.set(op.Elem.Set)
		if s == nil {
			return unix.ENOENT
		}
		i := slices.IndexFunc(s.elems, func(e Element) bool { return sameKey(&s.Set, &e, op.Elem) })
		if i < 0 {
			return unix.ENOENT
		}
		s.elems = slices.Delete(s.elems, i, i+1)
	default:
		return unix.EINVAL
	}
	return 0
}

// looksUp says whether a rule uses set.
func (t *fakeTable) looksUp(set string) bool {
	for _, c := range t.chains {
		for _, r := range c.rules {
			for _, e := range r.Exprs {
				if l, ok := e.(*expr.Lookup); ok && l.SetName == set {
					return true
				}
			}
		}
	}
	return false
}

// referred says whether a rule of another chain or a map element jumps
// or goes to chain.
func (t *fakeTable) referred(chain string) bool {
	for _, c := range t.chains {
		if c.Name == chain {
			continue
		}
		for _, r := range c.rules {
			for _, e := range r.Exprs {
				if v, ok := e.(*expr.Verdict); ok && v.Chain == chain {
					return true
				}
			}
		}
	}
	for _, s := range t.sets {
		for _, e := range s.elems {
			if e.Verdict != nil && e.Verdict.Chain == chain {
				return true
			}
		}
	}
	return false
}

// target checks the chain of a jump or goto.
func (t *fakeTable) target(chain string) syscall.Errno {
	c := t.chain(chain)
	switch {
	case c == nil:
		return unix.ENOENT
	case c.Hook != nil:
		return unix.EOPNOTSUPP
	}
	return 0
}

// checkExprs checks what a rule refers to: sets, maps and chains.
func (t *fakeTable) checkExprs(es []expr.Any) syscall.Errno {
	for _, e := range es {
		switch e := e.(type) {
		case *expr.Lookup:
			s := t.set(e.SetName)
			switch {
			case s == nil:
				return unix.ENOENT
			case e.IsDestRegSet && e.DestRegister == unix.NFT_REG_VERDICT && !s.Verdicts,
				e.IsDestRegSet && e.DestRegister != unix.NFT_REG_VERDICT && len(s.Data) == 0:
				return unix.EINVAL
			}
		case *expr.Verdict:
			if e.Kind == expr.VerdictJump || e.Kind == expr.VerdictGoto {
				if errno := t.target(e.Chain); errno != 0 {
					return errno
				}
			}
		}
	}
	return 0
}

// fieldsOK says whether the addresses (and protocol) are of the set's
// address fields.
func fieldsOK(s *Set, as []netip.Addr, proto byte) bool {
	fields := addrFields(s.Fields)
	if slices.Contains(fields, FieldProto) != (proto != 0) {
		return false
	}
	fields = slices.DeleteFunc(slices.Clone(fields), func(f byte) bool { return f == FieldProto })
	if len(as) != len(fields) {
		return false
	}
	for i, a := range as {
		if FamilyOf(a) != fields[i] {
			return false
		}
	}
	return true
}

// dataOK says whether a plain-data value is of the map's data fields.
func dataOK(s *Set, d *Data) bool {
	if d == nil || len(s.Data) == 0 {
		return d == nil && len(s.Data) == 0
	}
	var addrs, ports, words int
	for _, f := range s.Data {
		switch dataRank(f) {
		case 0:
			addrs++
			if FamilyOf(d.Addr) != f {
				return false
			}
		case 1:
			ports++
		default:
			words++
		}
	}
	return (addrs == 1) == d.Addr.IsValid() && len(d.Ports) == ports && len(d.Words) == words
}

func sameValue(a, b *Element) bool {
	switch {
	case (a.Verdict == nil) != (b.Verdict == nil):
		return false
	case a.Verdict != nil:
		return *a.Verdict == *b.Verdict
	}
	return a.Data.Equal(b.Data)
}

// bounds is an element's range: KeyEnd, or Key for a single key.
func bounds(e *Element) (lo, hi []netip.Addr) {
	if len(e.KeyEnd) > 0 {
		return e.Key, e.KeyEnd
	}
	return e.Key, e.Key
}

func sameKey(s *Set, a, b *Element) bool {
	alo, ahi := bounds(a)
	blo, bhi := bounds(b)
	if a.Iif != b.Iif {
		return false
	}
	if !s.Interval {
		return slices.Equal(a.Key, b.Key) && a.Proto == b.Proto
	}
	return slices.Equal(alo, blo) && slices.Equal(ahi, bhi)
}

// overlap says whether two ranges share a key: every field's ranges
// intersect.
func overlap(a, b *Element) bool {
	alo, ahi := bounds(a)
	blo, bhi := bounds(b)
	for i := range alo {
		if ahi[i].Less(blo[i]) || bhi[i].Less(alo[i]) {
			return false
		}
	}
	return true
}

func (t *fakeTable) addElem(e *Element, excl bool) syscall.Errno {
	s := t.set(e.Set)
	if s == nil {
		return unix.ENOENT
	}
	lo, hi := bounds(e)
	switch {
	case !fieldsOK(&s.Set, lo, e.Proto) || !fieldsOK(&s.Set, hi, e.Proto):
		return unix.EINVAL
	case len(e.KeyEnd) > 0 && !s.Interval:
		return unix.EINVAL
	case s.Verdicts != (e.Verdict != nil), !dataOK(&s.Set, e.Data):
		return unix.EINVAL
	case (len(s.Fields) > 0 && s.Fields[0] == FieldIfindex) != (e.Iif != 0):
		return unix.EINVAL
	}
	for i := range lo {
		if hi[i].Less(lo[i]) {
			return unix.EINVAL
		}
	}
	if e.Verdict != nil && (e.Verdict.Code == unix.NFT_GOTO || e.Verdict.Code == unix.NFT_JUMP) {
		if errno := t.target(e.Verdict.Chain); errno != 0 {
			return errno
		}
	}
	for _, have := range s.elems {
		switch {
		case sameKey(&s.Set, &have, e):
			if !excl && sameValue(&have, e) {
				return 0 // the kernel keeps the element, comment and counter
			}
			return unix.EEXIST
		case s.Interval && overlap(&have, e):
			return unix.EEXIST
		}
	}
	c := Element{Set: e.Set, Iif: e.Iif, Key: slices.Clone(e.Key), KeyEnd: slices.Clone(e.KeyEnd), Proto: e.Proto,
		Data: e.Data.clone(), Comment: e.Comment}
	if s.Counter {
		c.Counter = &Counter{}
	}
	if s.Interval && len(c.KeyEnd) == 0 {
		c.KeyEnd = slices.Clone(c.Key) // the kernel lists a single key as a range of one
	}
	if e.Verdict != nil {
		v := *e.Verdict
		c.Verdict = &v
	}
	s.elems = append(s.elems, c)
	return 0
}

func (f *Fake) locked(table string) *fakeTable {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.table(table)
}

// TableExists reports whether the table exists.
func (f *Fake) TableExists(table string) (bool, error) { return f.locked(table) != nil, nil }

// ListChains returns the table's chains, in the order they were made.
func (f *Fake) ListChains(table string) ([]Chain, error) {
	t := f.locked(table)
	if t == nil {
		return nil, nil
	}
	out := make([]Chain, len(t.chains))
	for i, c := range t.chains {
		out[i] = c.Chain
	}
	return out, nil
}

// GetChain returns one chain; a missing table or chain is ErrNotFound.
func (f *Fake) GetChain(table, name string) (*Chain, error) {
	if t := f.locked(table); t != nil {
		if c := t.chain(name); c != nil {
			ch := c.Chain
			return &ch, nil
		}
	}
	return nil, &OpError{Op: "listing chain " + familyName(f.family()) + " " + table + " " + name, Errno: unix.ENOENT}
}

// ListRules returns the rules of a chain, or of every chain with chain
// empty; a missing table or chain has none.
func (f *Fake) ListRules(table, chain string) ([]Rule, error) {
	t := f.locked(table)
	out := []Rule{}
	if t == nil {
		return out, nil
	}
	for _, c := range t.chains {
		if chain == "" || c.Name == chain {
			out = append(out, c.rules...)
		}
	}
	return out, nil
}

// ListSets returns the table's sets and maps.
func (f *Fake) ListSets(table string) ([]Set, error) {
	t := f.locked(table)
	if t == nil {
		return nil, nil
	}
	out := make([]Set, len(t.sets))
	for i, s := range t.sets {
		out[i] = s.Set
		out[i].ID = 0 // a batch's name for it, not kept by the kernel
	}
	return out, nil
}

// ListElements returns the elements of set s, ordered by key (the
// kernel's order is its hash's); a missing table or set is ErrNotFound.
func (f *Fake) ListElements(table string, s *Set) ([]Element, error) {
	if t := f.locked(table); t != nil {
		if fs := t.set(s.Name); fs != nil {
			out := make([]Element, len(fs.elems))
			for i, e := range fs.elems {
				out[i] = copyElem(s, e)
			}
			slices.SortFunc(out, compareElems)
			return out, nil
		}
	}
	return nil, &OpError{Op: "listing elements of " + familyName(f.family()) + " " + table + " " + s.Name, Errno: unix.ENOENT}
}

func compareElems(a, b Element) int {
	if a.Iif != b.Iif {
		return cmp.Compare(a.Iif, b.Iif)
	}
	alo, ahi := bounds(&a)
	blo, bhi := bounds(&b)
	if c := slices.CompareFunc(alo, blo, netip.Addr.Compare); c != 0 {
		return c
	}
	if c := slices.CompareFunc(ahi, bhi, netip.Addr.Compare); c != 0 {
		return c
	}
	return int(a.Proto) - int(b.Proto)
}

// copyElem is e with its own counter (a listing's copy does not count
// on), read through s as Conn reads it: without the set's Data fields,
// a listing cannot tell what the value is, and has none.
func copyElem(s *Set, e Element) Element {
	if e.Counter != nil {
		c := *e.Counter
		e.Counter = &c
	}
	if len(s.Data) == 0 {
		e.Data = nil
	}
	return e
}

// GetElement returns the element of set s with e's key; a missing
// table, set or key is ErrNotFound.
func (f *Fake) GetElement(table string, s *Set, e *Element) (*Element, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if t := f.table(table); t != nil {
		if fs := t.set(s.Name); fs != nil {
			for _, have := range fs.elems {
				if sameKey(&fs.Set, &have, e) {
					c := copyElem(s, have)
					return &c, nil
				}
			}
		}
	}
	return nil, &OpError{Op: "listing element " + e.keyText() + " of " + familyName(f.family()) + " " + table + " " + s.Name, Errno: unix.ENOENT}
}
