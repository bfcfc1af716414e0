package nftables

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"sigs.k8s.io/knftables"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Backend is the nftables backend. Use New.
type Backend struct {
	Table  string
	Runner snat.Runner
	tx     TxFactory
}

// New returns a backend for table. It runs nothing: see TxFactory.
func New(table string, r snat.Runner) *Backend {
	return &Backend{Table: table, Runner: r, tx: NewTxFactory(table)}
}

var _ snat.Backend = (*Backend)(nil)

// run applies one transaction with "nft -f -".
func (b *Backend) run(ctx context.Context, tx *knftables.Transaction) error {
	if tx.NumOperations() == 0 {
		return nil
	}
	doc := tx.String()
	if _, err := b.Runner.Run(ctx, doc, "nft", "-f", "-"); err != nil {
		return fmt.Errorf("%w\ninput:\n%s", err, doc)
	}
	return nil
}

// Add applies both families in one transaction: as a creation first (no
// listing), then, when the pod chain exists or an address is mapped to a
// stale chain, by listing the table and converging.
func (b *Backend) Add(ctx context.Context, plan *snat.Plan) error {
	if b.run(ctx, RenderCreate(b.tx, plan)) == nil {
		return nil
	}
	st, err := b.list(ctx)
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
	if err := b.run(ctx, RenderConverge(b.tx, plan, stale)); err != nil {
		return fmt.Errorf("applying rules of %s: %w", plan.Owner.ID, err)
	}
	return nil
}

// Del removes owner's elements and chain: without listing when the
// addresses are known and match, else by listing the table's maps.
func (b *Backend) Del(ctx context.Context, owner snat.Owner, addrs []netip.Prefix) error {
	srcs := snat.PlanForAddrs(owner, addrs).Sources()
	if len(srcs) > 0 && b.run(ctx, RenderDeleteFast(b.tx, owner, srcs)) == nil {
		return nil
	}
	st, err := b.list(ctx)
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
	if _, ok := st.chains[chain]; ok {
		chains = append(chains, chain)
	}
	if err := b.run(ctx, RenderDelete(b.tx, elems, chains)); err != nil {
		return fmt.Errorf("deleting rules of %s: %w", owner.ID, err)
	}
	return nil
}

// Check compares the base chain, the pod's map elements and the pod
// chain's rules with the plan.
func (b *Backend) Check(ctx context.Context, plan *snat.Plan) error {
	st, err := b.list(ctx)
	if err != nil {
		return err
	}
	if !st.exists {
		return &snat.DriftError{Owner: plan.Owner, Problems: []string{fmt.Sprintf("table inet %s missing", b.Table)}}
	}
	chain := ChainName(plan.Owner.ID)
	var problems []string
	if _, ok := st.chains[BaseChain]; !ok {
		problems = append(problems, "chain "+BaseChain+" missing")
	} else {
		base, err := b.listRules(ctx, BaseChain)
		if err != nil {
			return err
		}
		problems = append(problems, diffLines("chain "+BaseChain, BaseRules, base)...)
	}
	problems = append(problems, diffElements(st, chain, plan.Sources())...)
	if _, ok := st.chains[chain]; !ok {
		problems = append(problems, "chain "+chain+" missing")
	} else {
		have, err := b.listRules(ctx, chain)
		if err != nil {
			return err
		}
		var want []string
		for _, fr := range plan.Families {
			for _, r := range fr.Rules {
				want = append(want, ListedRule(fr.Family, r))
			}
		}
		problems = append(problems, diffLines("chain "+chain, want, have)...)
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

func diffLines(where string, want, have []string) []string {
	var problems []string
	for i := 0; i < max(len(want), len(have)); i++ {
		switch {
		case i >= len(have):
			problems = append(problems, fmt.Sprintf("%s: rule %d missing: %s", where, i+1, want[i]))
		case i >= len(want):
			problems = append(problems, fmt.Sprintf("%s: rule %d unexpected: %s", where, i+1, have[i]))
		case normalize(want[i]) != normalize(have[i]):
			problems = append(problems, fmt.Sprintf("%s: rule %d is %q, want %q", where, i+1, have[i], want[i]))
		}
	}
	return problems
}

func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// GC deletes network's pod chains whose owner is not valid, with the map
// elements pointing at them, in one transaction. The table itself stays:
// deleting it could race with a concurrent ADD (see docs/ipmasq.md).
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool) error {
	st, err := b.list(ctx)
	if err != nil || !st.exists {
		return err
	}
	comments, err := b.chainComments(ctx)
	if err != nil {
		return err
	}
	var chains []string
	for name := range st.chains {
		comment := comments[name]
		id, ok := strings.CutPrefix(name, PodChainPrefix)
		if !ok || valid[id] || comment != ChainComment(snat.Owner{Network: network, ID: id}) {
			continue
		}
		chains = append(chains, name)
	}
	slices.Sort(chains)
	var elems []netip.Addr
	for _, e := range st.elements {
		if slices.Contains(chains, e.target) {
			elems = append(elems, e.addr)
		}
	}
	if err := b.run(ctx, RenderDelete(b.tx, elems, chains)); err != nil {
		return fmt.Errorf("GC: %w", err)
	}
	return nil
}

// Status checks, without changing anything, that nft can create the
// table and its nat base chain.
func (b *Backend) Status(ctx context.Context) error {
	tx := b.tx.New()
	addBase(tx)
	if _, err := b.Runner.Run(ctx, tx.String(), "nft", "--check", "-f", "-"); err != nil {
		return fmt.Errorf("nftables not usable: %w", err)
	}
	return nil
}

// state is what a listing of the table found.
type state struct {
	exists   bool
	chains   map[string]bool
	elements []elem
}

type elem struct {
	addr   netip.Addr
	target string // chain of the goto/jump verdict
}

// list reads the table once as JSON (slow paths, CHECK and GC only).
func (b *Backend) list(ctx context.Context) (*state, error) {
	out, err := b.Runner.Run(ctx, "", "nft", "-j", "list", "table", "inet", b.Table)
	if err != nil {
		var ee *snat.ExecError
		if errors.As(err, &ee) && strings.Contains(ee.Stderr, "No such file or directory") {
			return &state{}, nil
		}
		return nil, fmt.Errorf("listing table inet %s: %w", b.Table, err)
	}
	return parseState(out)
}

// ParseState is exported for tests; see parseState.
var ParseState = parseState

func parseState(out string) (*state, error) {
	var doc struct {
		Nftables []map[string]json.RawMessage `json:"nftables"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		return nil, fmt.Errorf("parsing nft JSON: %w", err)
	}
	st := &state{exists: true, chains: map[string]bool{}}
	for _, obj := range doc.Nftables {
		if raw, ok := obj["chain"]; ok {
			var c struct{ Name string }
			if err := json.Unmarshal(raw, &c); err != nil {
				return nil, fmt.Errorf("parsing nft chain: %w", err)
			}
			st.chains[c.Name] = true
		}
		if raw, ok := obj["map"]; ok {
			elems, err := parseMap(raw)
			if err != nil {
				return nil, err
			}
			st.elements = append(st.elements, elems...)
		}
	}
	return st, nil
}

func parseMap(raw json.RawMessage) ([]elem, error) {
	var m struct {
		Name string
		Elem [][2]json.RawMessage
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("parsing nft map: %w", err)
	}
	if m.Name != Map4 && m.Name != Map6 {
		return nil, nil
	}
	var out []elem
	for _, kv := range m.Elem {
		var key string
		var verdict map[string]struct{ Target string }
		if json.Unmarshal(kv[0], &key) != nil || json.Unmarshal(kv[1], &verdict) != nil {
			continue // not an element ipmasq writes
		}
		a, err := netip.ParseAddr(key)
		if err != nil {
			continue
		}
		e := elem{addr: a}
		for _, v := range verdict { // {"goto": {"target": "pod-..."}}
			e.target = v.Target
		}
		out = append(out, e)
	}
	return out, nil
}

// chainComments lists the table as text, since nft 1.0.6's JSON output
// omits chain comments, and returns each chain's comment (GC only).
func (b *Backend) chainComments(ctx context.Context) (map[string]string, error) {
	out, err := b.Runner.Run(ctx, "", "nft", "list", "table", "inet", b.Table)
	if err != nil {
		return nil, fmt.Errorf("listing table inet %s: %w", b.Table, err)
	}
	return parseChainComments(out), nil
}

// parseChainComments maps chain names to the comment line that opens
// their body in "nft list table" output.
func parseChainComments(out string) map[string]string {
	comments := map[string]string{}
	chain := ""
	for _, line := range strings.Split(out, "\n") {
		l := strings.TrimSpace(line)
		if name, ok := strings.CutPrefix(l, "chain "); ok && strings.HasSuffix(name, "{") {
			chain = strings.TrimSpace(strings.TrimSuffix(name, "{"))
			continue
		}
		if c, ok := strings.CutPrefix(l, "comment "); ok && chain != "" {
			comments[chain] = strings.Trim(c, `"`)
		}
		chain = ""
	}
	return comments
}

// listRules returns a chain's rules as nft lists them, one per line.
func (b *Backend) listRules(ctx context.Context, chain string) ([]string, error) {
	out, err := b.Runner.Run(ctx, "", "nft", "list", "chain", "inet", b.Table, chain)
	if err != nil {
		return nil, fmt.Errorf("listing chain %s: %w", chain, err)
	}
	return parseChainRules(out), nil
}

// parseChainRules extracts the rule lines of "nft list chain" output,
// skipping the table and chain lines, a base chain's type line and the
// chain's comment.
func parseChainRules(out string) []string {
	var rules []string
	depth := 0
	for _, line := range strings.Split(out, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case l == "":
		case strings.HasSuffix(l, "{"):
			depth++
		case l == "}":
			depth--
		case depth == 2 && !strings.HasPrefix(l, "type ") && !strings.HasPrefix(l, "comment "):
			rules = append(rules, l)
		}
	}
	return rules
}
