package iproute

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/golden"
)

// fwPlan is the fwmark plan of pod i (192.0.2.(10+i), 2001:db8::(10+i))
// on table, with one bypass CIDR per family.
func fwPlan(t *testing.T, i, table int) Plan {
	t.Helper()
	cfg, pod := mustLoad(t, fmt.Sprintf(`{"name":"n","layout":"fwmark","tableRange":{"min":100,"max":199},"excludeCIDRs":["198.51.100.0/24"],
		"runtimeConfig":{"policyRouting":{"table":%d,"excludeCIDRs":["203.0.113.0/24","2001:db8:f::30/128"]}}}`, table))
	addrs := []netip.Prefix{
		netip.MustParsePrefix(fmt.Sprintf("192.0.2.%d/24", 10+i)),
		netip.MustParsePrefix(fmt.Sprintf("2001:db8::%x/64", 0x10+i)),
	}
	return BuildPlan(cfg, pod, addrs, "eth0", "")
}

// TestFwmarkRenderGolden pins every batch ADD and DEL can send, operation
// by operation, in the words of the nft script doing the same
// (nft.Batch.Script); -update rewrites it.
func TestFwmarkRenderGolden(t *testing.T) {
	p := fwPlan(t, 0, 100)
	var b strings.Builder
	w := func(title string, batch *nft.Batch) { b.WriteString("# " + title + "\n" + batch.Script()) }
	w("ADD on an empty node: base objects, mark chain, elements", renderAdd(DefaultNftTable, p, nil, nil, nil))
	base := map[string][]nft.Rule{}
	for _, r := range fwBaseRules() {
		base[fwChain] = append(base[fwChain], *r)
	}
	w("ADD with the base in place, the mark chain missing", renderAdd(DefaultNftTable, p, base, nil, nil))
	base[p.Marks[0].chain()] = []nft.Rule{*markRule(p.Marks[0])}
	w("ADD with everything in place: the pod's elements only", renderAdd(DefaultNftTable, p, base, nil, nil))
	stale := []Bypass{{Src: p.Marks[0].Addr, Dst: netip.MustParsePrefix("192.0.2.128/25")}}
	w("ADD replacing existing keys and a stale bypass element", renderAdd(DefaultNftTable, p, base, []netip.Addr{p.Marks[0].Addr, p.Marks[1].Addr}, stale))
	w("DEL, blind", renderRemoveFast(DefaultNftTable, p.Marks, p.Bypass))
	golden.Check(t, "fwmark_render", b.String())
}

func TestLastAddrAndBypassOf(t *testing.T) {
	src := netip.MustParseAddr("192.0.2.10")
	for _, c := range []string{"203.0.113.0/24", "203.0.113.7/32", "0.0.0.0/0", "10.0.0.0/9", "2001:db8:f::/48", "2001:db8::30/128"} {
		b := Bypass{Src: src, Dst: netip.MustParsePrefix(c)}
		if b.Dst.Addr().Is6() {
			b.Src = netip.MustParseAddr("2001:db8::10")
		}
		got, ok := bypassOf(*bypassElem(b))
		if !ok || got != b {
			t.Errorf("bypassOf(bypassElem(%v)) = %v, %v", b, got, ok)
		}
	}
	e := nft.Element{Key: []netip.Addr{src, netip.MustParseAddr("203.0.113.1")}, KeyEnd: []netip.Addr{src, netip.MustParseAddr("203.0.113.2")}}
	if b, ok := bypassOf(e); ok {
		t.Errorf("a range that is no prefix read as %v", b)
	}
}

// nftRecorder keeps what a backend sends, round trip by round trip, in
// nft's words.
type nftRecorder struct{ log []string }

func (r *nftRecorder) observe(kind string, b *nft.Batch) {
	if b == nil {
		r.log = append(r.log, kind)
		return
	}
	r.log = append(r.log, kind+"\n"+strings.TrimSuffix(b.Script(), "\n"))
}

func (r *nftRecorder) take() string {
	s := strings.Join(r.log, "\n")
	r.log = nil
	return s
}

// fwTarget makes fwmark backends on the default table, each on a node
// of its own: on an nft.Fake (no root), or on the kernel in a throwaway
// namespace (root), dumped through internal/nft by the same printer.
type fwTarget struct {
	backend func() (*nftBackend, func(t *testing.T) string)
}

func onFwTargets(t *testing.T, test func(t *testing.T, tg fwTarget)) {
	t.Run("fake", func(t *testing.T) {
		test(t, fwTarget{backend: func() (*nftBackend, func(*testing.T) string) {
			f := nft.NewFake()
			n := newNftBackend(DefaultNftTable, "")
			n.client = f
			return n, func(*testing.T) string { return f.Dump() }
		}})
	})
	t.Run("kernel", func(t *testing.T) {
		test(t, fwTarget{backend: func() (*nftBackend, func(*testing.T) string) {
			node := testutil.NewNS(t)
			return newNftBackend(DefaultNftTable, node.Path()), func(t *testing.T) string {
				c, err := nft.Open(node.Path())
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				d, err := nft.Dump(c, DefaultNftTable)
				if err != nil {
					t.Fatal(err)
				}
				return d
			}
		}})
	})
}

// TestFwmarkSends: what ADD and DEL send, round trip by round trip, to
// the fake and to the kernel alike. Every ADD lists the table's rules
// once and sends one batch; only the first ADD on a node declares the
// base objects, only the first on a table its mark chain; DEL sends one
// batch, and lists only when that batch is refused.
func TestFwmarkSends(t *testing.T) {
	onFwTargets(t, func(t *testing.T, tg fwTarget) {
		rec := &nftRecorder{}
		n, _ := tg.backend()
		n.observe = rec.observe
		p0, p1, p2 := fwPlan(t, 0, 100), fwPlan(t, 1, 100), fwPlan(t, 2, 101)
		p0moved := fwPlan(t, 0, 101)
		empty, _ := tg.backend()
		empty.observe = rec.observe
		var out strings.Builder
		for _, step := range []struct {
			name string
			do   func() error
		}{
			{"first ADD", func() error { return n.add(p0, nil) }},
			{"second pod's ADD, same table", func() error { return n.add(p1, nil) }},
			{"third pod's ADD, another table", func() error { return n.add(p2, nil) }},
			{"repeated ADD (the record holds its marks)", func() error { return n.add(p0, p0.Marks) }},
			{"ADD moving the pod to another table", func() error { return n.add(p0moved, p0.Marks) }},
			{"DEL", func() error { return n.remove(p0moved.Marks, p0moved.Bypass) }},
			{"repeated DEL", func() error { return n.remove(p0moved.Marks, p0moved.Bypass) }},
			{"(an element of the second pod deleted behind its back)", func() error { return n.remove(p1.Marks[:1], nil) }},
			{"ADD of the second pod, its record naming the lost key", func() error { return n.add(p1, p1.Marks) }},
			{"DEL on a node without the table", func() error { return empty.remove(p1.Marks, p1.Bypass) }},
		} {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			fmt.Fprintf(&out, "### %s\n%s\n\n", step.name, rec.take())
		}
		golden.Check(t, "fwmark_sends", out.String())
	})
}

// TestFwmarkLifecycleDump: the table after each verb, as nft lists it:
// the first ADD makes the table, maps, bypass sets, base chain and the
// pod's mark chain; a second pod on the same routing table adds only
// elements, a third on another table its mark chain; DEL removes the
// pod's elements (the mark chains stay, shared); GC removes the
// elements of the pods no record keeps.
func TestFwmarkLifecycleDump(t *testing.T) {
	onFwTargets(t, func(t *testing.T, tg fwTarget) {
		n, dump := tg.backend()
		p0, p1, p2 := fwPlan(t, 0, 100), fwPlan(t, 1, 100), fwPlan(t, 2, 101)
		var out strings.Builder
		last := ""
		for _, step := range []struct {
			name string
			do   func() error
		}{
			{"ADD of a pod (table 100)", func() error { return n.add(p0, nil) }},
			{"ADD of a second pod (table 100)", func() error { return n.add(p1, nil) }},
			{"ADD of a third pod (table 101)", func() error { return n.add(p2, nil) }},
			{"CHECK of the three", func() error {
				for _, p := range []Plan{p0, p1, p2} {
					if errs := n.check(context.Background(), p); len(errs) > 0 {
						return errors.Join(errs...)
					}
				}
				return nil
			}},
			{"DEL of the second pod", func() error { return n.remove(p1.Marks, p1.Bypass) }},
			{"GC keeping the third pod's record", func() error { return n.sweep([]*Record{{Plan: p2}}) }},
		} {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			fmt.Fprintf(&out, "### %s\n", step.name)
			if d := dump(t); d != last {
				out.WriteString(d + "\n")
				last = d
			} else {
				out.WriteString("(unchanged)\n\n")
			}
		}
		golden.Check(t, "fwmark_lifecycle", out.String())
		if errs := n.check(context.Background(), p0); len(errs) == 0 {
			t.Error("CHECK of a collected pod found nothing missing")
		}
	})
}

var debugHandles = regexp.MustCompile(`(?m)^(inet \S+ \S+)( \d+)+$`)

// sortElements sorts each run of element lines of nft --debug=netlink:
// a hash map lists its elements in the order of its random hash seed.
func sortElements(s string) string {
	lines := strings.Split(s, "\n")
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "element ") {
			j++
		}
		slices.Sort(lines[i:j])
		i = max(j, i+1)
	}
	return strings.Join(lines, "\n")
}

// TestFwmarkSameRulesetAsNft: ADD over netlink leaves exactly the ruleset
// the nft script this layout used to run makes: same listing, and the
// same expressions, user data and elements under it.
func TestFwmarkSameRulesetAsNft(t *testing.T) {
	mine, theirs := testutil.NewNS(t), testutil.NewNS(t)
	n := newNftBackend(DefaultNftTable, mine.Path())
	p0, p2 := fwPlan(t, 0, 100), fwPlan(t, 2, 101)
	for _, p := range []Plan{p0, p2} {
		if err := n.add(p, nil); err != nil {
			t.Fatal(err)
		}
	}
	tb := "inet " + DefaultNftTable
	script := []string{
		"add table " + tb,
		"add map " + tb + " pod4 { type ipv4_addr : verdict ; }",
		"add map " + tb + " pod6 { type ipv6_addr : verdict ; }",
		"add set " + tb + " bypass4 { type ipv4_addr . ipv4_addr ; flags interval ; }",
		"add set " + tb + " bypass6 { type ipv6_addr . ipv6_addr ; flags interval ; }",
		"add chain " + tb + " prerouting { type filter hook prerouting priority mangle ; }",
		"add rule " + tb + " prerouting ip saddr . ip daddr @bypass4 return",
		"add rule " + tb + " prerouting ip6 saddr . ip6 daddr @bypass6 return",
		"add rule " + tb + " prerouting ip saddr vmap @pod4",
		"add rule " + tb + " prerouting ip6 saddr vmap @pod6",
	}
	for _, p := range []Plan{p0, p2} {
		m := p.Marks[0]
		script = append(script, "add chain "+tb+" "+m.chain(),
			fmt.Sprintf("add rule %s %s meta mark set meta mark & 0x%08x | 0x%08x", tb, m.chain(), ^m.Mask, m.Value))
		for _, m := range p.Marks {
			script = append(script, fmt.Sprintf("add element %s %s { %s : goto %s }", tb, mapOfAddr(m.Addr), m.Addr, m.chain()))
		}
		for _, b := range p.Bypass {
			script = append(script, fmt.Sprintf("add element %s %s { %s . %s }", tb, bypassSetOf(b.Src), b.Src, b.Dst))
		}
	}
	f := filepath.Join(t.TempDir(), "script.nft")
	if err := os.WriteFile(f, []byte(strings.Join(script, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testutil.Run(t, theirs, "nft", "-f", f)
	listing := func(n ns.NetNS) string {
		text := testutil.Run(t, n, "nft", "list", "ruleset")
		debug := testutil.Run(t, n, "nft", "--debug=netlink", "list", "ruleset")
		return strings.TrimSpace(text) + "\n" + sortElements(strings.TrimSpace(debugHandles.ReplaceAllString(debug, "$1")))
	}
	if got, want := listing(mine), listing(theirs); got != want {
		t.Fatalf("netlink and nft differ:\n--- netlink\n%s\n--- nft\n%s", got, want)
	}
}

// TestFwmarkCallerNetns: with no host namespace path, as in the plugin
// binary and in diktyo-nri's in-process chain (which enters the node's
// namespace on a locked thread before calling the verb), the table is
// made in the calling thread's namespace.
func TestFwmarkCallerNetns(t *testing.T) {
	node := testutil.NewNS(t)
	table := "dkt-" + testutil.RandSuffix(8)
	// Should the socket land in the test's own namespace, the table (its
	// random name is this test's) goes with the test.
	t.Cleanup(func() { _, _ = testutil.Output(nil, "nft", "delete", "table", "inet", table) })
	n := newNftBackend(table, "")
	if err := node.Do(func(ns.NetNS) error { return n.add(fwPlan(t, 0, 100), nil) }); err != nil {
		t.Fatal(err)
	}
	if out := testutil.Run(t, node, "nft", "list", "table", "inet", table); !strings.Contains(out, "192.0.2.10") {
		t.Fatalf("ADD in the node's namespace left no element there:\n%s", out)
	}
	if out, err := testutil.Output(nil, "nft", "list", "table", "inet", table); err == nil {
		t.Fatalf("ADD created the table in the test's namespace:\n%s", out)
	}
}
