package nftables

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

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
	// Planned, when set, is the plan of the pod a Del is for (DEL has
	// the pod's config): Del then deletes its elements by key, with no
	// listing, when the pod's gate counts as many.
	Planned *snat.Plan
	// Strict, when not 0, is the conntrack mark bit every decision of
	// the chains sets (strict mode; snat.Config.StrictMark): the chains
	// are written and checked with it, and Add's creation fails where
	// they do not mark with it (its marker chain is missing).
	Strict uint32
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

// retries bounds the slow paths that send a batch computed from a
// listing with its generation: each retry follows a commit by another
// writer.
const retries = 8

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

// companion is the batch the pod's objects are appended to: the
// companion's objects first.
func (s *session) companion(slow bool) (*nft.Batch, error) {
	out := nft.NewBatch(s.b.Table)
	if s.b.With == nil {
		return out, nil
	}
	batch, err := s.b.With.Render(s.c, slow)
	if err != nil {
		return nil, err
	}
	out.Append(batch)
	return out, nil
}

// Add applies both families in one batch: the pod's gate and map
// elements as creations, no listing. When that fails (a map the pod
// needs is missing, or a key of the pod is there: a repeated ADD, a
// repair, an address reused) it lists the table and converges in one
// batch, rewriting the chains when the maps in use change.
func (b *Backend) Add(ctx context.Context, plan *snat.Plan) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	batch, err := s.companion(false)
	if err != nil {
		return err
	}
	batch.Append(RenderFlatCreate(b.Table, plan))
	if b.Strict != 0 {
		// A tripwire: the chains may not mark (another config, or a
		// version before, wrote them); the slow way checks them.
		batch.FlushChain(StrictMarker(b.Strict))
	}
	if s.c.Apply(batch) == nil {
		return nil
	}
	if err := s.retry(func(gen uint32) (*nft.Batch, error) { return s.converge(plan, gen) }); err != nil {
		return fmt.Errorf("applying rules of %s: %w", plan.Owner.ID, err)
	}
	return nil
}

// retry sends the batch render makes from a fresh listing until it is
// not refused for a moved generation.
func (s *session) retry(render func(gen uint32) (*nft.Batch, error)) error {
	for range retries {
		gen, err := s.c.Gen()
		if err != nil {
			return err
		}
		batch, err := render(gen)
		if err != nil || batch == nil {
			return err
		}
		if err = s.c.Apply(batch); !errors.Is(err, unix.ERESTART) {
			return err
		}
	}
	return fmt.Errorf("table inet %s kept changing under %d listings", s.b.Table, retries)
}

// converge is the batch that makes the kernel hold exactly the pod's
// elements: its stale ones deleted, the missing or different ones
// added, the structure declared when a map is missing or a chain
// differs (sent with gen then), and the pod's objects of the per-pod
// chain layout removed in the same transaction (an upgrade).
func (s *session) converge(plan *snat.Plan, gen uint32) (*nft.Batch, error) {
	l, err := s.list()
	if err != nil {
		return nil, err
	}
	batch, err := s.companion(true)
	if err != nil {
		return nil, err
	}
	want := compile(plan)
	maps := union(l.mapIDs(), mapsOf(want))
	if problems, err := s.structure(l, maps); err != nil {
		return nil, err
	} else if len(problems) > 0 {
		s.renderStructure(batch, l, maps)
		batch.GenID = gen
	}
	srcs := plan.Sources()
	// The pod's elements of addresses it no longer has go too.
	have := l.ofSources(srcs)
	for _, e := range l.ofOwner(plan.Owner) {
		if !slices.Contains(have, e) {
			have = append(have, e)
		}
	}
	wanted := append(gateElems(plan, want), elemsOf(want)...)
	for _, h := range have {
		if !slices.ContainsFunc(wanted, func(w *nft.Element) bool { return sameElem(h, w) }) {
			batch.DelElement(h)
		}
	}
	for _, w := range wanted {
		if !slices.ContainsFunc(have, func(h *nft.Element) bool { return sameElem(h, w) }) {
			batch.AddElement(w)
		}
	}
	renderLegacyRemoval(batch, l, plan.Owner, srcs)
	return batch, nil
}

func elemsOf(fs []flatElem) []*nft.Element {
	out := make([]*nft.Element, len(fs))
	for i, f := range fs {
		out[i] = f.e
	}
	return out
}

func union(a, b []mapID) []mapID {
	out := slices.Clone(a)
	for _, m := range b {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, compareMaps)
	return out
}

// sameKey says whether two elements are the same key of the same set.
func sameKey(a, b *nft.Element) bool {
	return a.Set == b.Set && a.Proto == b.Proto && slices.Equal(a.Key, b.Key)
}

// sameElem: same key, value and comment.
func sameElem(a, b *nft.Element) bool {
	if !sameKey(a, b) || a.Comment != b.Comment || (a.Data == nil) != (b.Data == nil) {
		return false
	}
	return a.Data == nil || a.Data.Addr == b.Data.Addr && slices.Equal(a.Data.Ports, b.Data.Ports)
}

// Del removes owner's gate and map elements: by key when Planned is the
// pod's plan and its gates count exactly the elements it names (one
// lookup per address, one batch), else by listing. Objects of the
// per-pod chain layout are removed by the listing path and by GC.
func (b *Backend) Del(ctx context.Context, owner snat.Owner, addrs []netip.Prefix) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	srcs := snat.PlanForAddrs(owner, addrs).Sources()
	if p := b.Planned; p != nil && p.Owner == owner && len(srcs) > 0 && sameSet(p.Sources(), srcs) {
		done, err := s.delPlanned(p)
		if err != nil || done {
			return err
		}
	}
	err = s.retry(func(uint32) (*nft.Batch, error) {
		l, err := s.list()
		if err != nil || !l.exists {
			return nil, err
		}
		batch := nft.NewBatch(b.Table)
		for _, e := range l.ofOwner(owner) {
			batch.DelElement(e)
		}
		renderLegacyRemoval(batch, l, owner, nil)
		if batch.Len() == 0 {
			return nil, nil
		}
		return batch, nil
	})
	if err != nil {
		return fmt.Errorf("deleting rules of %s: %w", owner.ID, err)
	}
	return nil
}

func sameSet(a, b []netip.Addr) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(x netip.Addr) bool { return !slices.Contains(b, x) })
}

// delPlanned deletes the planned pod's elements by key when every
// address's gate is the pod's and counts as many elements as the plan
// names for it; done false (nothing changed) when that is not proven.
func (s *session) delPlanned(plan *snat.Plan) (done bool, err error) {
	elems := compile(plan)
	batch := nft.NewBatch(s.b.Table)
	for _, g := range gateElems(plan, elems) {
		fam := snat.FamilyOf(g.Key[0])
		have, err := s.c.GetElement(s.b.Table, gate(fam), g)
		switch {
		case errors.Is(err, nft.ErrNotFound):
			return false, nil
		case err != nil:
			return false, err
		case have.Comment != g.Comment:
			// Another owner's address, or another count: the listing
			// decides.
			return false, nil
		}
		batch.DelElement(g)
	}
	for _, e := range elems {
		batch.DelElement(e.e)
	}
	if err := s.c.Apply(batch); err != nil {
		if errors.Is(err, nft.ErrNotFound) {
			return false, nil
		}
		return false, fmt.Errorf("deleting rules of %s: %w", plan.Owner.ID, err)
	}
	return true, nil
}

// Check compares the structure (the fixed objects, the maps the pod
// needs, the chains: constant-size listings, read once per reconcile
// pass) and the pod's elements with the plan. Inside a reconcile pass
// (a cniutil.ReadCache in ctx) the elements are listed once for all
// pods, and a pod's stale elements are found too; outside one, the
// pod's own keys are looked up one by one.
func (b *Backend) Check(ctx context.Context, plan *snat.Plan) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	pass := "ipmasq/nft/" + b.NetNS + "/" + b.Table + "/"
	want := compile(plan)
	st, err := cniutil.Read(ctx, pass+"structure", s.listStructure)
	if err != nil {
		return err
	}
	if !st.exists {
		return &snat.DriftError{Owner: plan.Owner, Problems: []string{fmt.Sprintf("table inet %s missing", b.Table)}}
	}
	problems, err := cniutil.Read(ctx, pass+"chains", func() ([]string, error) { return s.structure(st, st.mapIDs()) })
	if err != nil {
		return err
	}
	problems = append(slices.Clip(problems), missingMaps(st, want)...)
	wanted := append(gateElems(plan, want), elemsOf(want)...)
	if cniutil.ReadCacheFrom(ctx) != nil {
		l, err := cniutil.Read(ctx, pass+"elements", s.list)
		if err != nil {
			return err
		}
		problems = append(problems, diffListed(l.ofSources(plan.Sources()), wanted)...)
	} else {
		more, err := s.diffByKey(wanted, mapsOf(want))
		if err != nil {
			return err
		}
		problems = append(problems, more...)
	}
	if len(problems) > 0 {
		return &snat.DriftError{Owner: plan.Owner, Problems: problems}
	}
	return nil
}

func missingMaps(l *listing, want []flatElem) []string {
	var out []string
	for _, m := range mapsOf(want) {
		if _, ok := l.maps[m.Name()]; !ok {
			out = append(out, "map "+m.Name()+" missing")
		}
	}
	return out
}

func elemText(e *nft.Element) string { return e.Set + " { " + e.Text() + " }" }

// diffListed compares the listed elements of the pod's addresses with
// the wanted ones.
func diffListed(have, want []*nft.Element) []string {
	var problems []string
	for _, w := range want {
		i := slices.IndexFunc(have, func(h *nft.Element) bool { return sameKey(h, w) })
		switch {
		case i < 0:
			problems = append(problems, "element "+elemText(w)+" missing")
		case !sameElem(have[i], w):
			problems = append(problems, fmt.Sprintf("element %s is %q, want %q", w.Set, have[i].Text(), w.Text()))
		}
	}
	for _, h := range have {
		if !slices.ContainsFunc(want, func(w *nft.Element) bool { return sameKey(h, w) }) {
			problems = append(problems, "unexpected element "+elemText(h))
		}
	}
	return problems
}

// diffByKey looks the pod's gate and map elements up by key.
func (s *session) diffByKey(wanted []*nft.Element, maps []mapID) ([]string, error) {
	var problems []string
	sets := map[string]*nft.Set{}
	for _, fam := range families {
		sets[gate(fam).Name] = gate(fam)
	}
	for _, m := range maps {
		sets[m.Name()] = m.set()
	}
	for _, w := range wanted {
		have, err := s.c.GetElement(s.b.Table, sets[w.Set], w)
		switch {
		case errors.Is(err, nft.ErrNotFound):
			problems = append(problems, "element "+elemText(w)+" missing")
		case err != nil:
			return nil, err
		case !sameElem(have, w):
			problems = append(problems, fmt.Sprintf("element %s is %q, want %q", w.Set, have.Text(), w.Text()))
		}
	}
	return problems, nil
}

// structure reports how the fixed objects and the chains differ from
// what maps need: one listing of the three chains.
func (s *session) structure(l *listing, maps []mapID) ([]string, error) {
	if !l.exists {
		return []string{"table inet " + s.b.Table + " missing"}, nil
	}
	var problems []string
	for _, fam := range families {
		if !l.sets[gate(fam).Name] {
			problems = append(problems, "set "+gate(fam).Name+" missing")
		}
	}
	for _, m := range maps {
		if _, ok := l.maps[m.Name()]; !ok {
			problems = append(problems, "map "+m.Name()+" missing")
		}
	}
	for _, name := range s.staleMarkers(l) {
		problems = append(problems, "chain "+name+" says the chains mark decisions with another bit")
	}
	if m := s.b.Strict; m != 0 && !l.hasChain(StrictMarker(m)) {
		problems = append(problems, "chain "+StrictMarker(m)+" missing: the chains do not mark decisions (strict)")
	}
	chains := map[string][]*nft.Rule{FlatChain: flatBaseRules()}
	for _, fam := range families {
		chains[familyChain(fam)] = chainRules(fam, maps, s.b.Strict)
	}
	for _, name := range []string{FlatChain, FlatChain4, FlatChain6} {
		if !slices.ContainsFunc(l.chains, func(c nft.Chain) bool { return c.Name == name }) {
			problems = append(problems, "chain "+name+" missing")
			continue
		}
		want := chains[name]
		text := make([]string, len(want))
		for i, r := range want {
			text[i] = nft.RuleText(r, nil)
		}
		keys, shown, err := s.rules(name, want, text)
		if err != nil {
			return nil, err
		}
		problems = append(problems, diffRules("chain "+name, want, text, keys, shown)...)
	}
	return problems, nil
}

// staleMarkers are the strict marker chains l holds that are not this
// config's: the chains mark with another bit, or this config marks
// none.
func (s *session) staleMarkers(l *listing) []string {
	var out []string
	for _, c := range l.chains {
		if strings.HasPrefix(c.Name, StrictPrefix) && (s.b.Strict == 0 || c.Name != StrictMarker(s.b.Strict)) {
			out = append(out, c.Name)
		}
	}
	return out
}

// renderStructure is RenderStructure for this backend's strict mark,
// with the marker chains of another deleted.
func (s *session) renderStructure(b *nft.Batch, l *listing, maps []mapID) {
	renderStructure(b, maps, s.b.Strict, s.staleMarkers(l))
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
			shown = append(shown, nft.RuleText(&r, nil))
		}
	}
	return keys, shown, nil
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

// GC removes network's pods whose owner is not valid (their gate and
// map elements), between flushes of their addresses (snat.FlushAround):
// an address has one gate, so the flows of an address whose gate goes
// are the removed pod's. It also removes what no packet reaches (map
// elements of an address without its owner's gate, left by a foreign
// deletion) and the per-pod chain layout's objects: a valid pod's once
// its gate is there (no flush: the flat elements translate its flows as
// its chain did), an invalid pod's with the flushes, and the old base
// chain and maps once nothing is left in them. One batch, sent with the
// generation it was listed at. The table and the structure stay:
// deleting them could race with a concurrent ADD (see docs/ipmasq.md).
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool, flush snat.Flush) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	for range retries {
		gen, err := s.c.Gen()
		if err != nil {
			return err
		}
		l, err := s.list()
		if err != nil || !l.exists {
			return err
		}
		batch, addrs := renderGC(l, network, valid)
		if batch.Len() == 0 {
			return nil
		}
		batch.Table, batch.GenID = b.Table, gen
		err = snat.FlushAround(flush, addrs, func() error { return s.c.Apply(batch) })
		if !errors.Is(err, unix.ERESTART) {
			if err != nil {
				return fmt.Errorf("GC: %w", err)
			}
			return nil
		}
	}
	return fmt.Errorf("GC: table inet %s kept changing under %d listings", b.Table, retries)
}

// renderGC is GC's batch and the addresses whose flows it must flush.
func renderGC(l *listing, network string, valid map[string]bool) (*nft.Batch, []netip.Addr) {
	batch := nft.NewBatch("")
	var addrs []netip.Addr
	owners := map[netip.Addr]string{} // address -> its gate's owner prefix, after GC
	for _, g := range l.gates() {
		prefix, _, _ := gateOwner(g.Comment)
		id, net, ok := parseOwner(prefix)
		if ok && net == network && !valid[id] {
			batch.DelElement(g)
			addrs = append(addrs, g.Key[0])
			continue
		}
		owners[g.Key[0]] = prefix
	}
	for _, e := range l.ruleElems() {
		id, _, _ := strings.Cut(strings.TrimPrefix(e.Comment, "owner="), " ")
		if p, ok := owners[e.Key[0]]; !ok || !strings.HasPrefix(p, "owner="+id+" ") {
			batch.DelElement(e)
		}
	}
	addrs = append(addrs, renderLegacyGC(batch, l, network, valid, owners)...)
	slices.SortFunc(addrs, netip.Addr.Compare)
	return batch, slices.Compact(addrs)
}

// parseOwner reads "owner=<id> net=<network>".
func parseOwner(prefix string) (id, network string, ok bool) {
	rest, ok := strings.CutPrefix(prefix, "owner=")
	if !ok {
		return "", "", false
	}
	id, net, ok := strings.Cut(rest, " net=")
	return id, net, ok
}

// Status checks that the kernel accepts the table, its sets, maps of
// every shape and the chains: one batch creates them in a scratch table
// and deletes it, so nothing is left and the backend's own table is
// never touched.
func (b *Backend) Status(ctx context.Context) error {
	s, err := b.open(ctx)
	if err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	defer s.close()
	batch := nft.NewBatch(b.Table + "-status")
	renderStructure(batch, statusMaps, b.Strict, nil)
	batch.DelTable()
	if err := s.c.Apply(batch); err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	return nil
}

// statusMaps are a map of every shape the layout uses.
var statusMaps = []mapID{
	{fam: snat.IPv4, bits: 24, proto: true, kind: kind{action: snat.ActionSNAT, ports: true, random: snat.RandomFully}},
	{fam: snat.IPv4, bits: 0, kind: kind{action: snat.ActionMasquerade, random: snat.RandomHash}},
	{fam: snat.IPv6, bits: 48, kind: kind{action: snat.ActionSNAT}},
	{fam: snat.IPv6, bits: 8, proto: true, kind: kind{action: snat.ActionReturn}},
}

// Counters are what the kernel counted for each rule of the plan, per
// family in the plan's order: the sum of the counters of the elements
// that stand for the rule (a rule no packet can reach has none and
// counts 0). One lookup per element, in the table of c's namespace. An
// element missing is drift: no counters rather than misattributed ones.
func Counters(c nft.Client, table string, plan *snat.Plan) (map[snat.Family][]nft.Counter, error) {
	out := map[snat.Family][]nft.Counter{}
	for _, fr := range plan.Families {
		out[fr.Family] = make([]nft.Counter, len(fr.Rules))
	}
	for _, e := range compile(plan) {
		have, err := c.GetElement(table, e.id.set(), e.e)
		if err != nil {
			return nil, fmt.Errorf("reading the counter of %s (drift; the next reconcile repairs it): %w", elemText(e.e), err)
		}
		if have.Counter == nil {
			return nil, fmt.Errorf("element %s has no counter", elemText(e.e))
		}
		sum := &out[e.fam][e.rule]
		sum.Packets += have.Counter.Packets
		sum.Bytes += have.Counter.Bytes
	}
	return out, nil
}

// Teardown removes the table's shared objects (chains, sets, maps,
// table; those of the per-pod chain layout too) for an uninstall. It is
// one transaction that the kernel refuses, changing nothing, while any
// element or pod chain is left (NLM_F_NONREC): a table a pod of any
// network still uses is kept, and Teardown returns snat.ErrInUse. A table
// already gone is not an error.
func (b *Backend) Teardown(ctx context.Context) (removed bool, err error) {
	s, err := b.open(ctx)
	if err != nil {
		return false, err
	}
	defer s.close()
	if ok, err := s.c.TableExists(b.Table); err != nil || !ok {
		return false, err
	}
	chains, err := s.c.ListChains(b.Table)
	if err != nil {
		return false, err
	}
	sets, err := s.c.ListSets(b.Table)
	if err != nil {
		return false, err
	}
	batch := nft.NewBatch(b.Table)
	// The base chains first: their gotos and lookups hold the others.
	for _, name := range []string{FlatChain, BaseChain, FlatChain4, FlatChain6} {
		if slices.ContainsFunc(chains, func(c nft.Chain) bool { return c.Name == name }) {
			batch.DelChain(name)
		}
	}
	for _, c := range chains {
		if strings.HasPrefix(c.Name, StrictPrefix) {
			batch.DelChain(c.Name)
		}
	}
	for i := range sets {
		batch.DelSetIfEmpty(&sets[i])
	}
	batch.DelTableIfEmpty()
	return nft.Teardown(s.c, batch, snat.ErrInUse)
}

// manyPerBatch bounds the pods of one AddMany transaction (a netlink
// message of the kernel's default socket buffer).
const manyPerBatch = 20

// AddMany applies many pods' elements, manyPerBatch pods to a
// transaction, after one structure step for the maps they all use: a
// cold load (an empty table after a restart, a lost table) in a few
// hundred transactions instead of one per pod. A transaction refused (a
// pod's key is there, a leaked pod's address) is done again pod by pod
// with Add, which converges. It renders no companion (link binding):
// the caller binds each pod as its ADD does.
func (b *Backend) AddMany(ctx context.Context, plans []*snat.Plan) error {
	s, err := b.open(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	var need []mapID
	for _, p := range plans {
		need = union(need, mapsOf(compile(p)))
	}
	if _, err := s.ensureStructure(need); err != nil {
		return fmt.Errorf("declaring the structure: %w", err)
	}
	for i := 0; i < len(plans); i += manyPerBatch {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk := plans[i:min(i+manyPerBatch, len(plans))]
		batch := nft.NewBatch(b.Table)
		for _, p := range chunk {
			batch.Append(RenderFlatCreate(b.Table, p))
		}
		if s.c.Apply(batch) == nil {
			continue
		}
		for _, p := range chunk {
			if err := b.Add(ctx, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// Prepare makes the table hold the fixed objects (the gate sets, the
// three chains) and the maps plan needs (a plan of the node's own
// rules: every pod has them), so that a pod's ADD is a creation of its
// elements alone: constant-size listings, and one batch (sent with the
// generation it was computed from) only when something is missing. It
// returns what it repaired of a table that was there (a foreign flush or
// deletion), not a table it made anew; maps in use stay in the chains.
func (b *Backend) Prepare(ctx context.Context, plan *snat.Plan) (repaired []string, err error) {
	s, err := b.open(ctx)
	if err != nil {
		return nil, err
	}
	defer s.close()
	repaired, err = s.ensureStructure(mapsOf(compile(plan)))
	if err != nil {
		return nil, fmt.Errorf("preparing table inet %s: %w", b.Table, err)
	}
	return repaired, nil
}

// ensureStructure makes the table hold the fixed objects and the maps
// in use and need, with the chains probing them: constant-size listings,
// and one batch, sent with the generation it was computed from, only
// when something is missing. It returns what the structure in use
// lacked in a table of this layout (a foreign flush or deletion); a map
// needed for the first time, or a table made anew or of the layout
// before, is no repair.
func (s *session) ensureStructure(need []mapID) (repaired []string, err error) {
	err = s.retry(func(gen uint32) (*nft.Batch, error) {
		l, err := s.listStructure()
		if err != nil {
			return nil, err
		}
		maps := union(l.mapIDs(), need)
		problems, err := s.structure(l, maps)
		if err != nil || len(problems) == 0 {
			repaired = nil
			return nil, err
		}
		if repaired = nil; l.flat() {
			if repaired, err = s.structure(l, l.mapIDs()); err != nil {
				return nil, err
			}
		}
		batch := nft.NewBatch(s.b.Table)
		s.renderStructure(batch, l, maps)
		batch.GenID = gen
		return batch, nil
	})
	return repaired, err
}
