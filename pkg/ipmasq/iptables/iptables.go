package iptables

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Backend is the iptables backend. The zero value is not usable; use New.
type Backend struct {
	Tag    string
	Runner cniutil.Runner
	// LockWait is the seconds iptables waits for the xtables lock (-w).
	LockWait string
	// LockFile serialises the rare repair of the tag chain's jump.
	LockFile string
}

// New returns a backend for the shared chain tag.
func New(tag string, r cniutil.Runner) *Backend {
	return &Backend{Tag: tag, Runner: r, LockWait: "10", LockFile: "/run/diktyo-ipmasq.lock"}
}

var _ snat.Backend = (*Backend)(nil)

func tool(fam snat.Family) string {
	if fam == snat.IPv6 {
		return "ip6tables"
	}
	return "iptables"
}

// restore runs one iptables-restore --noflush transaction.
func (b *Backend) restore(ctx context.Context, fam snat.Family, doc string) error {
	_, err := b.Runner.Run(ctx, doc, tool(fam)+"-restore", "-w", b.LockWait, "--noflush")
	if err != nil {
		return fmt.Errorf("%w\ninput:\n%s", err, doc)
	}
	return nil
}

// ipt runs one iptables command on the nat table.
func (b *Backend) ipt(ctx context.Context, fam snat.Family, args ...string) (string, error) {
	return b.Runner.Run(ctx, "", tool(fam), append([]string{"-w", b.LockWait, "-t", "nat"}, args...)...)
}

// listChain returns the rules of one chain (never the whole table), and
// whether the chain exists.
func (b *Backend) listChain(ctx context.Context, fam snat.Family, chain string) ([]Listed, bool, error) {
	out, err := b.ipt(ctx, fam, "-S", chain)
	if err != nil {
		if isNoChain(err) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return ParseListing(out), true, nil
}

// isNoChain recognises "no such chain": iptables-legacy says so, while
// iptables-nft 1.8.9 calls a missing chain "incompatible".
func isNoChain(err error) bool {
	var ee *cniutil.ExecError
	return errors.As(err, &ee) && cniutil.ExitCode(err) == 1 &&
		(strings.Contains(ee.Stderr, "No chain/target/match") || strings.Contains(ee.Stderr, "does not exist") ||
			strings.Contains(ee.Stderr, "is incompatible, use 'nft' tool"))
}

// Add applies each family's rules in one transaction: first as a
// creation that needs no listing (the common, first ADD), and only when
// that fails (the chain exists, or the tag chain does not yet) by
// listing the tag chain and converging. A family that still fails undoes
// the families already applied.
//
// A repeated ADD (the slow path) also removes the owner's objects of a
// family the pod no longer has an address in.
func (b *Backend) Add(ctx context.Context, plan *snat.Plan) error {
	converged := false
	for i, fr := range plan.Families {
		slow, err := b.addFamily(ctx, plan.Owner, fr)
		if err != nil {
			for _, done := range plan.Families[:i] {
				if uerr := b.delFamily(ctx, plan.Owner, done.Family, nil); uerr != nil {
					err = errors.Join(err, fmt.Errorf("undoing %s rules: %w", done.Family, uerr))
				}
			}
			return err
		}
		converged = converged || slow
	}
	if !converged {
		return nil
	}
	for _, fam := range []snat.Family{snat.IPv4, snat.IPv6} {
		if !slices.ContainsFunc(plan.Families, func(fr snat.FamilyRules) bool { return fr.Family == fam }) {
			if err := b.delFamily(ctx, plan.Owner, fam, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// addFamily applies one family and tells whether it had to converge.
func (b *Backend) addFamily(ctx context.Context, owner snat.Owner, fr snat.FamilyRules) (slow bool, err error) {
	if b.restore(ctx, fr.Family, RenderCreate(b.Tag, owner, fr)) == nil {
		return false, nil
	}
	return true, b.convergeFamily(ctx, owner, fr)
}

func (b *Backend) convergeFamily(ctx context.Context, owner snat.Owner, fr snat.FamilyRules) error {
	if err := b.ensureTag(ctx, fr.Family); err != nil {
		return err
	}
	jumps, err := b.jumpsOf(ctx, fr.Family, owner.ID)
	if err != nil {
		return err
	}
	if err := b.restore(ctx, fr.Family, RenderConverge(b.Tag, owner, fr, jumps)); err != nil {
		return fmt.Errorf("%s: applying rules of %s: %w", fr.Family, owner.ID, err)
	}
	return nil
}

// ensureTag creates the tag chain with its POSTROUTING jump in one
// transaction, or, when the chain exists, makes sure the jump is there.
// It runs under a file lock: iptables-nft checks "-N" against a cache read
// before its commit, so two concurrent creations can both succeed and add
// two jumps. Only the slow path of ADD gets here.
func (b *Backend) ensureTag(ctx context.Context, fam snat.Family) error {
	unlock, err := b.lock()
	if err != nil {
		return err
	}
	defer unlock()
	if b.restore(ctx, fam, RenderCreateTag(b.Tag)) == nil {
		return nil
	}
	args := append([]string{"-C", "POSTROUTING"}, TagJumpSpec(b.Tag)...)
	if _, err := b.ipt(ctx, fam, args...); err == nil {
		return nil
	} else if cniutil.ExitCode(err) != 1 {
		return fmt.Errorf("%s: checking the POSTROUTING jump to %s: %w", fam, b.Tag, err)
	}
	if _, err := b.ipt(ctx, fam, append([]string{"-A", "POSTROUTING"}, TagJumpSpec(b.Tag)...)...); err != nil {
		return fmt.Errorf("%s: adding the POSTROUTING jump to %s: %w", fam, b.Tag, err)
	}
	return nil
}

func (b *Backend) lock() (func(), error) {
	f, err := os.OpenFile(b.LockFile, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening lock %s: %w", b.LockFile, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("locking %s: %w", b.LockFile, err)
	}
	return func() { _ = f.Close() }, nil
}

// jumpsOf lists the tag chain and returns the jumps to id's chain.
func (b *Backend) jumpsOf(ctx context.Context, fam snat.Family, id string) ([][]string, error) {
	rules, _, err := b.listChain(ctx, fam, b.Tag)
	if err != nil {
		return nil, fmt.Errorf("%s: listing %s: %w", fam, b.Tag, err)
	}
	var jumps [][]string
	for _, r := range rules {
		if Target(r.Spec) == ChainName(id) {
			jumps = append(jumps, r.Spec)
		}
	}
	return jumps, nil
}

// Del removes owner's chain and jumps. With addresses, the families they
// cover are deleted in one transaction each without listing; if that
// fails (DEL twice, addresses changed) or without addresses, the tag
// chain is listed to find owner's jumps.
func (b *Backend) Del(ctx context.Context, owner snat.Owner, addrs []netip.Prefix) error {
	plan := snat.PlanForAddrs(owner, addrs)
	if len(plan.Families) == 0 {
		return errors.Join(b.delFamily(ctx, owner, snat.IPv4, nil), b.delFamily(ctx, owner, snat.IPv6, nil))
	}
	var errs []error
	for _, fr := range plan.Families {
		errs = append(errs, b.delFamily(ctx, owner, fr.Family, fr.Sources))
	}
	return errors.Join(errs...)
}

func (b *Backend) delFamily(ctx context.Context, owner snat.Owner, fam snat.Family, srcs []netip.Addr) error {
	if len(srcs) > 0 && b.restore(ctx, fam, RenderDeleteFast(b.Tag, owner, srcs)) == nil {
		return nil
	}
	jumps, err := b.jumpsOf(ctx, fam, owner.ID)
	if err != nil {
		if len(srcs) == 0 && unavailable(err) {
			return nil // e.g. no ip6tables nat on an IPv4-only node: nothing of ours there
		}
		return err
	}
	if err := b.restore(ctx, fam, RenderDelete(b.Tag, owner, jumps)); err != nil {
		return fmt.Errorf("%s: deleting rules of %s: %w", fam, owner.ID, err)
	}
	return nil
}

// unavailable recognises a family whose tools or nat table do not exist
// on this node, where ipmasq therefore cannot have left anything.
func unavailable(err error) bool {
	var ee *cniutil.ExecError
	if errors.Is(err, exec.ErrNotFound) {
		return true
	}
	return errors.As(err, &ee) && (strings.Contains(ee.Stderr, "Table does not exist") ||
		strings.Contains(ee.Stderr, "can't initialize"))
}

// Check compares, per family, the POSTROUTING jump, the pod's jumps in
// the tag chain and the pod chain's rules with the plan.
func (b *Backend) Check(ctx context.Context, plan *snat.Plan) error {
	var problems []string
	for _, fr := range plan.Families {
		p, err := b.checkFamily(ctx, plan.Owner, fr)
		if err != nil {
			return err
		}
		problems = append(problems, p...)
	}
	if len(problems) > 0 {
		return &snat.DriftError{Owner: plan.Owner, Problems: problems}
	}
	return nil
}

func (b *Backend) checkFamily(ctx context.Context, owner snat.Owner, fr snat.FamilyRules) ([]string, error) {
	var problems []string
	fam := fr.Family
	list, hasJump, err := b.checkReader(ctx, fam)
	if err != nil {
		return nil, err
	}
	if ok, err := hasJump(); err != nil {
		return nil, fmt.Errorf("%s: checking POSTROUTING: %w", fam, err)
	} else if !ok {
		problems = append(problems, fmt.Sprintf("%s: POSTROUTING jump to %s missing", fam, b.Tag))
	}
	tagRules, _, err := list(b.Tag)
	if err != nil {
		return nil, fmt.Errorf("%s: listing %s: %w", fam, b.Tag, err)
	}
	chain := ChainName(owner.ID)
	var jumps [][]string
	for _, r := range tagRules {
		if Target(r.Spec) == chain {
			jumps = append(jumps, r.Spec)
		}
	}
	problems = append(problems, diffJumps(fam, owner, fr.Sources, jumps)...)
	problems = append(problems, shadowed(fam, chain, fr.Sources, tagRules)...)
	rules, exists, err := list(chain)
	if err != nil {
		return nil, fmt.Errorf("%s: listing %s: %w", fam, chain, err)
	}
	if !exists {
		return append(problems, fmt.Sprintf("%s: chain %s missing", fam, chain)), nil
	}
	return append(problems, diffRules(fam, chain, fr.Rules, rules)...), nil
}

// checkReader is how CHECK reads a family's nat table: chain by chain
// (and "iptables -C" for the POSTROUTING jump), or, inside a reconcile
// pass (a cniutil.ReadCache in ctx), from one iptables-save of the table
// shared by every pod of the pass, so that a pass lists the table once
// rather than three times per pod.
func (b *Backend) checkReader(ctx context.Context, fam snat.Family) (list func(chain string) ([]Listed, bool, error), hasJump func() (bool, error), err error) {
	var t *NatTable
	if cniutil.ReadCacheFrom(ctx) != nil {
		t, err = cniutil.Read(ctx, "ipmasq/iptables-save/nat/"+fam.String(), func() (*NatTable, error) {
			out, err := b.Runner.Run(ctx, "", tool(fam)+"-save", "-t", "nat")
			if err != nil {
				return nil, fmt.Errorf("%s: %s-save -t nat: %w", fam, tool(fam), err)
			}
			return ParseSave(out), nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	if t == nil || t.Unreadable {
		// Alone, or the table's dump is unreadable as a whole (a rule
		// of another tool this iptables cannot print): chain by chain.
		list = func(chain string) ([]Listed, bool, error) { return b.listChain(ctx, fam, chain) }
		hasJump = func() (bool, error) {
			_, err := b.ipt(ctx, fam, append([]string{"-C", "POSTROUTING"}, TagJumpSpec(b.Tag)...)...)
			if err != nil && cniutil.ExitCode(err) == 1 {
				return false, nil
			}
			return err == nil, err
		}
		return list, hasJump, nil
	}
	list = func(chain string) ([]Listed, bool, error) { return t.Rules[chain], t.Chains[chain], nil }
	hasJump = func() (bool, error) {
		want := key(TagJumpSpec(b.Tag))
		return slices.ContainsFunc(t.Rules["POSTROUTING"], func(l Listed) bool { return key(l.Spec) == want }), nil
	}
	return list, hasJump, nil
}

func diffJumps(fam snat.Family, owner snat.Owner, srcs []netip.Addr, jumps [][]string) []string {
	var problems []string
	have := map[string]int{}
	for _, j := range jumps {
		have[key(j)]++
	}
	for _, src := range srcs {
		k := key(JumpSpec(owner, src))
		switch have[k] {
		case 0:
			problems = append(problems, fmt.Sprintf("%s: jump for %s missing", fam, src))
		case 1:
		default:
			problems = append(problems, fmt.Sprintf("%s: jump for %s duplicated", fam, src))
		}
		delete(have, k)
	}
	for k := range have {
		problems = append(problems, fmt.Sprintf("%s: unexpected jump %q", fam, strings.ReplaceAll(k, "\x00", " ")))
	}
	return problems
}

// shadowed reports addresses whose first rule in the tag chain goes to
// another chain (a leaked jump inserted after ours).
func shadowed(fam snat.Family, chain string, srcs []netip.Addr, tagRules []Listed) []string {
	var problems []string
	for _, src := range srcs {
		for _, r := range tagRules {
			if i := slices.Index(r.Spec, "-s"); i < 0 || i+1 >= len(r.Spec) || r.Spec[i+1] != hostPrefix(src) {
				continue
			}
			if t := Target(r.Spec); t != chain {
				problems = append(problems, fmt.Sprintf("%s: traffic from %s goes to %s before %s", fam, src, t, chain))
			}
			break
		}
	}
	return problems
}

// diffRules compares listed rules with wanted ones token by token;
// RuleSpec renders in the order iptables -S prints.
func diffRules(fam snat.Family, chain string, want []snat.Rule, have []Listed) []string {
	var problems []string
	for i := 0; i < max(len(want), len(have)); i++ {
		switch {
		case i >= len(have):
			problems = append(problems, fmt.Sprintf("%s: %s rule %d missing: %s", fam, chain, i+1, strings.Join(RuleSpec(want[i]), " ")))
		case i >= len(want):
			problems = append(problems, fmt.Sprintf("%s: %s rule %d unexpected: %s", fam, chain, i+1, strings.Join(have[i].Spec, " ")))
		case !slices.Equal(RuleSpec(want[i]), have[i].Spec):
			problems = append(problems, fmt.Sprintf("%s: %s rule %d is %q, want %q", fam, chain, i+1,
				strings.Join(have[i].Spec, " "), strings.Join(RuleSpec(want[i]), " ")))
		}
	}
	return problems
}

// GC deletes, per family, network's pod chains and jumps whose owner is
// not valid, in one transaction between flushes of the addresses they
// translated (snat.FlushAround); then, when the tag chain has become
// empty, the tag chain and its POSTROUTING jump (a transaction that fails
// harmlessly if a concurrent ADD got in first).
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool, flush snat.Flush) error {
	var errs []error
	for _, fam := range []snat.Family{snat.IPv4, snat.IPv6} {
		errs = append(errs, b.gcFamily(ctx, fam, network, valid, flush))
	}
	return errors.Join(errs...)
}

func (b *Backend) gcFamily(ctx context.Context, fam snat.Family, network string, valid map[string]bool, flush snat.Flush) error {
	rules, exists, err := b.listChain(ctx, fam, b.Tag)
	if err != nil && unavailable(err) {
		return nil
	}
	if err != nil || !exists {
		return err
	}
	stale := map[string][][]string{}
	var order []string
	for _, r := range rules {
		id, ours := OwnerOfJump(r.Spec, network)
		if !ours || valid[id] {
			continue
		}
		if _, seen := stale[id]; !seen {
			order = append(order, id)
		}
		stale[id] = append(stale[id], r.Spec)
	}
	if len(order) > 0 {
		remove := func() error { return b.restore(ctx, fam, renderGC(b.Tag, order, stale)) }
		if err := snat.FlushAround(flush, translatedBy(rules, stale), remove); err != nil {
			return fmt.Errorf("%s: GC: %w", fam, err)
		}
	}
	removed := 0
	for _, jumps := range stale {
		removed += len(jumps)
	}
	if removed == len(rules) {
		_ = b.restore(ctx, fam, RenderRemoveTag(b.Tag)) // fails when an ADD got in: fine
	}
	return nil
}

// translatedBy returns the sources whose traffic a stale jump sends to
// its chain: those whose first jump in the tag chain is stale (the walk
// ends at the first match, a goto). A source whose first jump is a kept
// owner's (a newer pod with a leaked pod's address: jumps are inserted at
// the top) is that pod's, and so are its flows.
func translatedBy(rules []Listed, stale map[string][][]string) []netip.Addr {
	staleJump := map[string]bool{}
	for _, jumps := range stale {
		for _, j := range jumps {
			staleJump[key(j)] = true
		}
	}
	seen := map[netip.Addr]bool{}
	var out []netip.Addr
	for _, r := range rules {
		src, ok := SourceOf(r.Spec)
		if !ok || seen[src] {
			continue
		}
		seen[src] = true
		if staleJump[key(r.Spec)] {
			out = append(out, src)
		}
	}
	return out
}

func renderGC(tag string, order []string, stale map[string][][]string) string {
	d := newRestore()
	for _, id := range order {
		for _, spec := range stale[id] {
			d.op("-D", tag, spec)
		}
	}
	for _, id := range order {
		d.declare(ChainName(id))
		d.op("-X", ChainName(id), nil)
	}
	return d.String()
}

// Status checks that both iptables-restore flavours can open the nat
// table.
func (b *Backend) Status(ctx context.Context) error {
	var errs []error
	for _, fam := range []snat.Family{snat.IPv4, snat.IPv6} {
		if _, err := b.Runner.Run(ctx, "*nat\nCOMMIT\n", tool(fam)+"-restore", "-w", b.LockWait, "--noflush", "--test"); err != nil {
			errs = append(errs, fmt.Errorf("%s nat table not usable: %w", fam, err))
		}
	}
	return errors.Join(errs...)
}
