package nftables

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

type node struct {
	ns     ns.NetNS
	table  string
	runner snat.Runner
}

func newNode(t testing.TB) *node {
	t.Helper()
	n := testutil.NewNS(t)
	return &node{ns: n, table: "dkt-" + testutil.RandSuffix(8), runner: masqtest.NSRunner{NS: n, Next: snat.ExecRunner{}}}
}

// backend returns a backend working on the node's table.
func (n *node) backend() *Backend { return New(n.table, n.runner) }

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
		New:     func(r snat.Runner) snat.Backend { return New(n.table, r) },
		Runner:  n.runner,
		Dump:    n.dump,
		FastAdd: []string{"nft -f -"},
		FastDel: []string{"nft -f -"},
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
	b := New(n.table, n.runner)
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
	b := New(n.table, n.runner)
	o := masqtest.NewOwner("net1", 1)
	if err := b.Del(context.Background(), o, masqtest.Prefixes(masqtest.PodAddrs(1)...)); err != nil {
		t.Fatal(err)
	}
	if err := b.GC(context.Background(), "net1", nil); err != nil {
		t.Fatal(err)
	}
	if d := strings.TrimSpace(n.dump(t)); d != "" {
		t.Fatalf("DEL created:\n%s", d)
	}
}
