package nftables

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Backend is the nftables backend. Use New.
type Backend struct {
	Table string
	// NetNS is the node's network namespace; empty (as in the plugin) is
	// the calling thread's. Tests point it at a throwaway namespace.
	NetNS string
	// Observe, when set, is told of every netlink round trip: "list" (b
	// nil) or "apply" with the batch. Tests count the hot path's.
	Observe func(kind string, b *nft.Batch)
	// Client, when set, stands for the kernel: unit tests give an
	// *nft.Fake, and NetNS is not used.
	Client nft.Client
	// With, when set, renders objects that go before the pod's rules in
	// the same transaction of Add (the pod's link binding): one kernel
	// transaction for both.
	With Companion
}

// Companion is what Backend.With renders: with slow false, a creation
// that fails when its objects exist; with slow true (after that failed),
// one that converges. It may read through c.
type Companion interface {
	Render(c nft.Client, slow bool) (*nft.Batch, error)
}

// New returns a backend for table. It opens nothing: each verb opens one
// netlink socket for its transaction.
func New(table string) *Backend {
	return &Backend{Table: table}
}

var _ snat.Backend = (*Backend)(nil)

// session is one verb's netlink socket.
type session struct {
	b *Backend
	c nft.Client
}

func (b *Backend) open(ctx context.Context) (*session, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c, err := nft.Use(b.Client, b.NetNS)
	if err != nil {
		return nil, err
	}
	return &session{b: b, c: nft.Observe(c, b.Observe)}, nil
}

func (s *session) close() { _ = s.c.Close() }

// base returns the batch an ADD starts from: empty when the base chain
// holds exactly its rules (which also proves the table and the maps they
// name exist), else RenderBase. One listing of two rules, whatever the
// number of pods.
func (s *session) base() (*nft.Batch, error) {
	b := nft.NewBatch(s.b.Table)
	ok, err := nft.HoldsExactly(s.c, s.b.Table, BaseChain, baseRules())
	if err != nil {
		return nil, err
	}
	if !ok {
		RenderBase(b)
	}
	return b, nil
}

// start is the batch an ADD starts from: the companion's objects, then
// the base objects if the base chain's listing found them missing.
func (s *session) start(slow bool) (*nft.Batch, error) {
	base, err := s.base()
	if err != nil || s.b.With == nil {
		return base, err
	}
	batch, err := s.b.With.Render(s.c, slow)
	if err != nil {
		return nil, err
	}
	out := nft.NewBatch(s.b.Table)
	out.Append(batch)
	out.Append(base)
	return out, nil
}

// Add applies both families in one batch: the pod's objects as a
// creation (no listing of them), after the base objects if the base
// chain's listing found them missing. When the pod chain exists or an
// address maps to a stale chain, it lists the maps and converges.
func (b *Backend) Add(ctx context.Context, plan *snat.Plan) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	batch, err := s.start(false)
	if err != nil {
		return err
	}
	batch.Ops = append(batch.Ops, RenderCreate(b.Table, plan).Ops...)
	if s.c.Apply(batch) == nil {
		return nil
	}
	// Listed again: a parallel ADD may have created the base meanwhile.
	if batch, err = s.start(true); err != nil {
		return err
	}
	st, err := s.list()
	if err != nil {
		return err
	}
	chain := ChainName(plan.Owner.ID)
	srcs := plan.Sources()
	var stale []netip.Addr
	for _, e := range st.elements {
		mine := slices.Contains(srcs, e.addr)
		if (mine && e.target != chain) || (!mine && e.target == chain) {
			stale = append(stale, e.addr)
		}
	}
	batch.Ops = append(batch.Ops, RenderConverge(b.Table, plan, stale).Ops...)
	if err := s.c.Apply(batch); err != nil {
		return fmt.Errorf("applying rules of %s: %w", plan.Owner.ID, err)
	}
	return nil
}

// Del removes owner's elements and chain: without listing when the
// addresses are known and match, else by listing the table's maps.
func (b *Backend) Del(ctx context.Context, owner snat.Owner, addrs []netip.Prefix) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	srcs := snat.PlanForAddrs(owner, addrs).Sources()
	if len(srcs) > 0 && s.c.Apply(RenderDeleteFast(b.Table, owner, srcs)) == nil {
		return nil
	}
	st, err := s.list()
	if err != nil || !st.exists {
		return err
	}
	chain := ChainName(owner.ID)
	var elems []netip.Addr
	for _, e := range st.elements {
		if e.target == chain {
			elems = append(elems, e.addr)
		}
	}
	var chains []string
	if ok, err := s.chainExists(chain); err != nil {
		return err
	} else if ok {
		chains = append(chains, chain)
	}
	if err := s.c.Apply(RenderDelete(b.Table, elems, chains)); err != nil {
		return fmt.Errorf("deleting rules of %s: %w", owner.ID, err)
	}
	return nil
}

func (s *session) chainExists(name string) (bool, error) {
	_, err := s.c.GetChain(s.b.Table, name)
	switch {
	case errors.Is(err, nft.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// rules lists a chain's rules as text to compare: the canonical
// rendering of their expressions and comment, shown in nft's words when
// it is one of want's.
func (s *session) rules(chain string, want []*nft.Rule, wantText []string) (keys, shown []string, err error) {
	have, err := s.c.ListRules(s.b.Table, chain)
	if err != nil {
		return nil, nil, err
	}
	text := map[string]string{}
	for i, r := range want {
		text[r.String()] = wantText[i]
	}
	for _, r := range have {
		k := r.String()
		keys = append(keys, k)
		if t, ok := text[k]; ok {
			shown = append(shown, t)
		} else {
			shown = append(shown, k)
		}
	}
	return keys, shown, nil
}

// Check compares the base chain, the pod's map elements and the pod
// chain's rules with the plan.
func (b *Backend) Check(ctx context.Context, plan *snat.Plan) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	// The maps' elements and the base chain are every pod's: inside a
	// reconcile pass (a cniutil.ReadCache in ctx) they are read once for
	// all pods; the pod's own chain is read for each.
	pass := "ipmasq/nft/" + b.NetNS + "/" + b.Table + "/"
	st, err := cniutil.Read(ctx, pass+"elements", s.list)
	if err != nil {
		return err
	}
	if !st.exists {
		return &snat.DriftError{Owner: plan.Owner, Problems: []string{fmt.Sprintf("table inet %s missing", b.Table)}}
	}
	chain := ChainName(plan.Owner.ID)
	problems, err := cniutil.Read(ctx, pass+"base", s.checkBase)
	if err != nil {
		return err
	}
	problems = append(slices.Clip(problems), diffElements(st, chain, plan.Sources())...)
	if ok, err := s.chainExists(chain); err != nil {
		return err
	} else if !ok {
		problems = append(problems, "chain "+chain+" missing")
	} else {
		want := podRules(plan)
		var text []string
		for _, fr := range plan.Families {
			for _, r := range fr.Rules {
				text = append(text, ListedRule(fr.Family, r))
			}
		}
		keys, shown, err := s.rules(chain, want, text)
		if err != nil {
			return err
		}
		problems = append(problems, diffRules("chain "+chain, want, text, keys, shown)...)
	}
	if len(problems) > 0 {
		return &snat.DriftError{Owner: plan.Owner, Problems: problems}
	}
	return nil
}

func diffElements(st *state, chain string, srcs []netip.Addr) []string {
	var problems []string
	for _, a := range srcs {
		i := slices.IndexFunc(st.elements, func(e elem) bool { return e.addr == a })
		switch {
		case i < 0:
			problems = append(problems, fmt.Sprintf("map element for %s missing", a))
		case st.elements[i].target != chain:
			problems = append(problems, fmt.Sprintf("map element for %s points to %q, want %q", a, st.elements[i].target, chain))
		}
	}
	for _, e := range st.elements {
		if e.target == chain && !slices.Contains(srcs, e.addr) {
			problems = append(problems, fmt.Sprintf("unexpected map element %s -> %s", e.addr, chain))
		}
	}
	return problems
}

// diffRules compares a chain's listed rules (keys, shown) with the
// wanted ones (want, shown as text), rule by rule.
func diffRules(where string, want []*nft.Rule, text, keys, shown []string) []string {
	var problems []string
	for i := 0; i < max(len(want), len(keys)); i++ {
		switch {
		case i >= len(keys):
			problems = append(problems, fmt.Sprintf("%s: rule %d missing: %s", where, i+1, text[i]))
		case i >= len(want):
			problems = append(problems, fmt.Sprintf("%s: rule %d unexpected: %s", where, i+1, shown[i]))
		case want[i].String() != keys[i]:
			problems = append(problems, fmt.Sprintf("%s: rule %d is %q, want %q", where, i+1, shown[i], text[i]))
		}
	}
	return problems
}

// GC deletes network's pod chains whose owner is not valid, with the map
// elements pointing at them, in one transaction between flushes of those
// elements' addresses (snat.FlushAround): an address maps to one chain
// only, so the flows of an address mapped to a removed chain are the
// removed pod's. The table itself stays: deleting it could race with a
// concurrent ADD (see docs/ipmasq.md).
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool, flush snat.Flush) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	st, err := s.list()
	if err != nil || !st.exists {
		return err
	}
	listed, err := s.c.ListChains(b.Table)
	if err != nil {
		return err
	}
	var chains []string
	for _, c := range listed {
		id, ok := strings.CutPrefix(c.Name, PodChainPrefix)
		if !ok || valid[id] || c.Comment != ChainComment(snat.Owner{Network: network, ID: id}) {
			continue
		}
		chains = append(chains, c.Name)
	}
	slices.Sort(chains)
	var elems []netip.Addr
	for _, e := range st.elements {
		if slices.Contains(chains, e.target) {
			elems = append(elems, e.addr)
		}
	}
	remove := func() error { return s.c.Apply(RenderDelete(b.Table, elems, chains)) }
	if err := snat.FlushAround(flush, elems, remove); err != nil {
		return fmt.Errorf("GC: %w", err)
	}
	return nil
}

// Status checks that the kernel accepts the table, its maps and its nat
// base chain: one batch creates them in a scratch table and deletes it,
// so nothing is left and the backend's own table is never touched.
func (b *Backend) Status(ctx context.Context) error {
	s, err := b.open(ctx)
	if err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	defer s.close()
	batch := nft.NewBatch(b.Table + "-status")
	RenderBase(batch)
	batch.DelTable()
	if err := s.c.Apply(batch); err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	return nil
}

// state is what a listing of the maps found.
type state struct {
	exists   bool
	elements []elem
}

type elem struct {
	addr   netip.Addr
	target string // chain of the goto/jump verdict
}

// list reads both maps' elements (slow paths, CHECK and GC only). A
// missing table (or map) is an empty state.
// checkBase reports what is wrong with the hooked base chain.
func (s *session) checkBase() ([]string, error) {
	if ok, err := s.chainExists(BaseChain); err != nil {
		return nil, err
	} else if !ok {
		return []string{"chain " + BaseChain + " missing"}, nil
	}
	want := baseRules()
	keys, shown, err := s.rules(BaseChain, want, BaseRules)
	if err != nil {
		return nil, err
	}
	return diffRules("chain "+BaseChain, want, BaseRules, keys, shown), nil
}

func (s *session) list() (*state, error) {
	st := &state{exists: true}
	for _, set := range []*nft.Set{map4, map6} {
		els, err := s.c.ListElements(s.b.Table, set)
		if errors.Is(err, nft.ErrNotFound) {
			return &state{}, nil
		}
		if err != nil {
			return nil, err
		}
		for _, e := range els {
			if len(e.Key) == 1 && e.Verdict != nil {
				st.elements = append(st.elements, elem{addr: e.Key[0], target: e.Verdict.Chain})
			}
		}
	}
	return st, nil
}
