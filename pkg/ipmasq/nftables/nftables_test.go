package nftables

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

type node struct {
	ns     ns.NetNS
	table  string
	runner cniutil.Runner
}

func newNode(t testing.TB) *node {
	t.Helper()
	n := testutil.NewNS(t)
	return &node{ns: n, table: "dkt-" + testutil.RandSuffix(8), runner: masqtest.NSRunner{NS: n, Next: cniutil.ExecRunner{}}}
}

// backend returns a backend working on the node's table.
func (n *node) backend() *Backend {
	b := New(n.table)
	b.NetNS = n.ns.Path()
	return b
}

// dump is the node's ruleset: only the backend's table lives there.
func (n *node) dump(t *testing.T) string {
	t.Helper()
	return testutil.Run(t, n.ns, "nft", "list", "ruleset")
}

var handleRE = regexp.MustCompile(`# handle (\d+)`)

// handle returns the handle of rule i (1-based) of chain.
func (n *node) handle(t *testing.T, chain string, i int) string {
	t.Helper()
	out := testutil.Run(t, n.ns, "nft", "-a", "list", "chain", "inet", n.table, chain)
	var handles []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if m := handleRE.FindStringSubmatch(l); m != nil && !strings.HasPrefix(l, "chain ") {
			handles = append(handles, m[1])
		}
	}
	if i > len(handles) {
		t.Fatalf("chain %s has %d rules, want rule %d:\n%s", chain, len(handles), i, out)
	}
	return handles[i-1]
}

func TestConformance(t *testing.T) {
	n := newNode(t)
	nft := func(t *testing.T, args ...string) { testutil.Run(t, n.ns, "nft", args...) }
	masqtest.Run(t, masqtest.Harness{
		New: func(r cniutil.Runner) snat.Backend {
			b := New(n.table)
			b.NetNS = n.ns.Path()
			return b
		},
		Runner: n.runner,
		Dump:   n.dump,
		Shared: []string{"table inet " + n.table + " "},
		// Nothing is exec'd: TestHotPath counts the netlink round trips.
		Breakers: []masqtest.Breaker{
			{Name: "DeletedRule", Want: "rule 2 is", Break: func(t *testing.T, o snat.Owner) {
				nft(t, "delete", "rule", "inet", n.table, ChainName(o.ID), "handle", n.handle(t, ChainName(o.ID), 2))
			}},
			{Name: "AlteredRule", Want: "rule 1 is", Break: func(t *testing.T, o snat.Owner) {
				nft(t, "replace", "rule", "inet", n.table, ChainName(o.ID), "handle", n.handle(t, ChainName(o.ID), 1),
					"ip", "daddr", "10.0.0.0/8", "accept")
			}},
			{Name: "AddedRule", Want: "unexpected", Break: func(t *testing.T, o snat.Owner) {
				nft(t, "add", "rule", "inet", n.table, ChainName(o.ID), "masquerade")
			}},
			{Name: "DeletedElement", Want: "map element for 2001:db8:ff::18 missing", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "delete", "element", "inet", n.table, Map6, "{", "2001:db8:ff::18", "}")
			}},
			{Name: "RedirectedElement", Want: `map element for 198.51.100.18 points to "other"`, Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "add", "chain", "inet", n.table, "other")
				// Not diktyo's: Teardown would keep the table for it.
				t.Cleanup(func() { nft(t, "delete", "chain", "inet", n.table, "other") })
				nft(t, "delete", "element", "inet", n.table, Map4, "{", "198.51.100.18", "}")
				nft(t, "add", "element", "inet", n.table, Map4, "{", "198.51.100.18", ":", "goto", "other", "}")
			}},
			{Name: "FlushedBaseChain", Want: "chain postrouting: rule 1 missing", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "flush", "chain", "inet", n.table, BaseChain)
			}},
		},
	})
}

// TestFailedAddLeavesNothing makes the kernel reject one rule of a plan
// (an IPv4 SNAT target in an IPv6 rule, which validation never lets
// through): the single transaction leaves nothing of the pod, on a fresh
// node and on one where the pod existed.
func TestFailedAddLeavesNothing(t *testing.T) {
	n := newNode(t)
	b := n.backend()
	ctx := context.Background()
	o := masqtest.NewOwner("net1", 1)
	plan := masqtest.Plan(t, masqtest.GoldenConf, o, masqtest.PodAddrs(1)...)
	bad := *plan
	bad.Families = append([]snat.FamilyRules(nil), plan.Families...)
	bad.Families[1].Rules = append(append([]snat.Rule(nil), plan.Families[1].Rules...), plan.Families[0].Rules[1])

	before := n.dump(t)
	if err := b.Add(ctx, &bad); err == nil {
		t.Fatal("Add of a bad rule succeeded")
	}
	if after := n.dump(t); after != before {
		t.Fatalf("failed ADD changed the ruleset:\n%s", after)
	}
	if err := b.Add(ctx, plan); err != nil {
		t.Fatal(err)
	}
	before = n.dump(t)
	if err := b.Add(ctx, &bad); err == nil {
		t.Fatal("re-Add of a bad rule succeeded")
	}
	if after := n.dump(t); after != before {
		t.Fatalf("failed re-ADD changed the ruleset:\n--- before\n%s\n--- after\n%s", before, after)
	}
}

// TestDelOnEmptyNodeCreatesNothing: a DEL where ipmasq never ran leaves
// no table behind.
func TestDelOnEmptyNodeCreatesNothing(t *testing.T) {
	n := newNode(t)
	b := n.backend()
	o := masqtest.NewOwner("net1", 1)
	if err := b.Del(context.Background(), o, masqtest.Prefixes(masqtest.PodAddrs(1)...)); err != nil {
		t.Fatal(err)
	}
	if err := b.GC(context.Background(), "net1", nil, nil); err != nil {
		t.Fatal(err)
	}
	if d := strings.TrimSpace(n.dump(t)); d != "" {
		t.Fatalf("DEL created:\n%s", d)
	}
}

// recorder keeps what a backend sends, in nft's words, with the
// backend's table shown as fakeTable.
type recorder struct {
	table string
	log   []string
}

func (r *recorder) observe(kind string, b *nft.Batch) {
	if b == nil {
		r.log = append(r.log, kind)
		return
	}
	r.log = append(r.log, kind+"\n"+strings.ReplaceAll(b.Script(), r.table, fakeTable))
}

func (r *recorder) take() string {
	s := strings.Join(r.log, "\n")
	r.log = nil
	return s
}

// TestAddSends: what ADD and DEL send, round trip by round trip, to the
// fake and to the kernel alike: the first ADD on a node lists the base
// chain and creates the base objects with the pod's in one batch; the
// next ADD lists the base chain and sends only its pod's objects; a
// repeated ADD, refused, lists and converges; DEL sends one batch.
func TestAddSends(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		b := tg.b
		rec := &recorder{table: tg.table}
		b.Observe = rec.observe
		ctx := context.Background()
		o1, o2 := masqtest.NewOwner("net1", 1), masqtest.NewOwner("net1", 2)
		var out strings.Builder
		for _, step := range []struct {
			name string
			do   func() error
		}{
			{"first ADD", func() error { return b.Add(ctx, masqtest.Plan(t, masqtest.GoldenConf, o1, masqtest.PodAddrs(1)...)) }},
			{"second pod's ADD", func() error { return b.Add(ctx, masqtest.Plan(t, masqtest.GoldenConf, o2, masqtest.PodAddrs(2)...)) }},
			{"repeated ADD", func() error { return b.Add(ctx, masqtest.Plan(t, masqtest.GoldenConf, o2, masqtest.PodAddrs(2)...)) }},
			{"DEL", func() error { return b.Del(ctx, o2, masqtest.Prefixes(masqtest.PodAddrs(2)...)) }},
		} {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			fmt.Fprintf(&out, "### %s\n%s\n", step.name, rec.take())
		}
		masqtest.Golden(t, "sends", out.String())
	})
}

// nftScript declares plan's objects in nft's words (RuleText), as the
// backend did when it exec'd nft.
func nftScript(table string, plan *snat.Plan) string {
	var s strings.Builder
	fmt.Fprintf(&s, "add table inet %s\n", table)
	fmt.Fprintf(&s, "add map inet %s %s { type ipv4_addr : verdict ; }\n", table, Map4)
	fmt.Fprintf(&s, "add map inet %s %s { type ipv6_addr : verdict ; }\n", table, Map6)
	fmt.Fprintf(&s, "add chain inet %s %s { type nat hook postrouting priority 100 ; }\n", table, BaseChain)
	for _, r := range BaseRules {
		fmt.Fprintf(&s, "add rule inet %s %s %s\n", table, BaseChain, r)
	}
	chain := ChainName(plan.Owner.ID)
	fmt.Fprintf(&s, "add chain inet %s %s { comment %q ; }\n", table, chain, ChainComment(plan.Owner))
	for _, fr := range plan.Families {
		for _, r := range fr.Rules {
			fmt.Fprintf(&s, "add rule inet %s %s %s\n", table, chain, ListedRule(fr.Family, r))
		}
	}
	for _, a := range plan.Sources() {
		fmt.Fprintf(&s, "add element inet %s %s { %s : goto %s }\n", table, mapOf(a), a, chain)
	}
	return s.String()
}

var debugHandles = regexp.MustCompile(`(?m)^(inet \S+ \S+)( \d+)+$`)

// TestSameRulesetAsNft: the backend's ADD leaves exactly the ruleset nft
// makes of the same rules in nft's words: same listing, and the same
// expressions and user data under it.
func TestSameRulesetAsNft(t *testing.T) {
	mine, theirs := newNode(t), newNode(t)
	theirs.table = mine.table
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	if err := mine.backend().Add(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	f := t.TempDir() + "/script.nft"
	if err := os.WriteFile(f, []byte(nftScript(theirs.table, plan)), 0o644); err != nil {
		t.Fatal(err)
	}
	testutil.Run(t, theirs.ns, "nft", "-f", f)
	listing := func(n *node) string {
		debug := testutil.Run(t, n.ns, "nft", "--debug=netlink", "list", "ruleset")
		return strings.TrimSpace(debugHandles.ReplaceAllString(debug, "$1"))
	}
	if got, want := listing(mine), listing(theirs); got != want {
		t.Fatalf("backend and nft differ:\n--- backend\n%s\n--- nft\n%s", got, want)
	}
}

// TestCallerNetns: with NetNS empty, as in the plugin and in diktyo-nri's
// in-process chain (which enters the node's namespace on a locked thread
// before calling the verb), the socket and so the table are in the
// calling thread's namespace.
func TestCallerNetns(t *testing.T) {
	n := newNode(t)
	b := New(n.table)
	// Should the socket land in the host namespace, the table (its random
	// name is this test's) goes with the test.
	t.Cleanup(func() { _, _ = testutil.Output(nil, "nft", "delete", "table", "inet", n.table) })
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	if err := n.ns.Do(func(ns.NetNS) error { return b.Add(context.Background(), plan) }); err != nil {
		t.Fatal(err)
	}
	if d := n.dump(t); !strings.Contains(d, plan.Owner.ID) {
		t.Fatalf("ADD in the node's namespace left nothing there:\n%s", d)
	}
	if out, err := testutil.Output(nil, "nft", "list", "table", "inet", n.table); err == nil {
		t.Fatalf("ADD created the table in the host namespace:\n%s", out)
	}
}
