package nftables

import (
	"context"
	"fmt"
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
			{Name: "DeletedGate", Want: "element src6 { 2001:db8:ff::18 comment", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "delete", "element", "inet", n.table, Gate6, "{", "2001:db8:ff::18", "}")
			}},
			{Name: "DeletedElement", Want: "element ret4-8 { 198.51.100.18 . 10.0.0.0 comment", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "delete", "element", "inet", n.table, "ret4-8", "{", "198.51.100.18", ".", "10.0.0.0", "}")
			}},
			{Name: "AlteredElement", Want: `element snat6-0-fully is "2001:db8:ff::18 : 2001:db8:1::99"`, Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "delete", "element", "inet", n.table, "snat6-0-fully", "{", "2001:db8:ff::18", "}")
				nft(t, "add", "element", "inet", n.table, "snat6-0-fully", "{", "2001:db8:ff::18", ":", "2001:db8:1::99", "}")
			}},
			{Name: "FlushedChain", Want: "chain flat-snat4: rule 1 missing", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "flush", "chain", "inet", n.table, FlatChain4)
			}},
			{Name: "FlushedBaseChain", Want: "chain flat-snat: rule 1 missing", Break: func(t *testing.T, _ snat.Owner) {
				nft(t, "flush", "chain", "inet", n.table, FlatChain)
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
