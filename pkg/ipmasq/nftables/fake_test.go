package nftables

import (
	"context"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

// fakeTable is the table of the tests on an nft.Fake; the kernel tests'
// random table name is shown as it.
const fakeTable = "diktyo-ipmasq"

// smallConf is a plan a reader can follow in a dump: one exclusion, one
// SNAT entry with ports, masquerade for the rest.
const smallConf = `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq","tag":"CNI-SNAT-X",
  "excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade",
  "runtimeConfig":{"masqEntries":[
    {"external":"203.0.113.10:5000-5010","destination":"192.0.2.0/24","protocol":"tcp","description":"db"}]}}`

// target is a backend and the dump of its table: on a Fake (no root),
// or on the kernel in a throwaway namespace (root), listed through
// internal/nft and printed by the same nft.Dump.
type target struct {
	b     *Backend
	table string // b's table, shown as fakeTable
	dump  func(t *testing.T) string
}

func onTargets(t *testing.T, test func(t *testing.T, tg target)) {
	t.Run("fake", func(t *testing.T) {
		f := nft.NewFake()
		b := New(fakeTable)
		b.Client = f
		test(t, target{b: b, table: fakeTable, dump: func(*testing.T) string { return f.Dump() }})
	})
	t.Run("kernel", func(t *testing.T) {
		n := newNode(t)
		test(t, target{b: n.backend(), table: n.table, dump: func(t *testing.T) string {
			c, err := nft.Open(n.ns.Path())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			d, err := nft.Dump(c, n.table)
			if err != nil {
				t.Fatal(err)
			}
			return strings.ReplaceAll(d, n.table, fakeTable)
		}})
	})
}

// TestLifecycleDump: the table after each verb, as nft lists it: the
// first ADD makes the table, maps, base chain and the pod's chain; a
// second pod adds its chain and elements; a repeated ADD changes
// nothing; DEL removes the pod's chain and elements; GC removes the
// chains of pods that are no longer valid (flushing their addresses'
// flows around it), never the table.
func TestLifecycleDump(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		ctx := context.Background()
		o1, o2 := masqtest.NewOwner("net1", 1), masqtest.NewOwner("net1", 2)
		p1 := masqtest.Plan(t, smallConf, o1, masqtest.PodAddrs(1)...)
		p2 := masqtest.Plan(t, smallConf, o2, masqtest.PodAddrs(2)...)
		var flushed []string
		flush := func(addrs []netip.Addr) error {
			s := make([]string, len(addrs))
			for i, a := range addrs {
				s[i] = a.String()
			}
			slices.Sort(s)
			flushed = append(flushed, strings.Join(s, " "))
			return nil
		}
		var out strings.Builder
		last := ""
		for _, step := range []struct {
			name string
			do   func() error
		}{
			{"ADD of a pod", func() error { return tg.b.Add(ctx, p1) }},
			{"ADD of a second pod", func() error { return tg.b.Add(ctx, p2) }},
			{"repeated ADD", func() error { return tg.b.Add(ctx, p2) }},
			{"CHECK of both", func() error {
				if err := tg.b.Check(ctx, p1); err != nil {
					return err
				}
				return tg.b.Check(ctx, p2)
			}},
			{"DEL of the second pod", func() error { return tg.b.Del(ctx, o2, masqtest.Prefixes(masqtest.PodAddrs(2)...)) }},
			{"GC, no pod valid", func() error { return tg.b.GC(ctx, "net1", nil, flush) }},
		} {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			fmt.Fprintf(&out, "### %s\n", step.name)
			for _, f := range flushed {
				fmt.Fprintf(&out, "# flushed %s\n", f)
			}
			flushed = nil
			if d := tg.dump(t); d != last {
				out.WriteString(d + "\n")
				last = d
			} else {
				out.WriteString("(unchanged)\n\n")
			}
		}
		masqtest.Golden(t, "lifecycle", out.String())
	})
}

// TestCheckOnFake: CHECK reports what was changed behind the backend's
// back, naming the element, read from the fake as from the kernel: by
// key outside a reconcile pass, from one listing inside one (which also
// finds an element the plan does not name); ADD repairs it.
func TestCheckOnFake(t *testing.T) {
	f := nft.NewFake()
	b := New(fakeTable)
	b.Client = f
	ctx := context.Background()
	pass := cniutil.WithReadCache(ctx, cniutil.NewReadCache())
	o := masqtest.NewOwner("net1", 1)
	p := masqtest.Plan(t, smallConf, o, masqtest.PodAddrs(1)...)
	if err := b.Check(ctx, p); err == nil || !strings.Contains(err.Error(), "table inet "+fakeTable+" missing") {
		t.Fatalf("CHECK before ADD = %v", err)
	}
	if err := b.Add(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(ctx, p); err != nil {
		t.Fatalf("CHECK after ADD = %v", err)
	}
	elems := compile(p)
	brk := nft.NewBatch(fakeTable)
	brk.DelElement(&nft.Element{Set: Gate6, Key: []netip.Addr{p.Sources()[1]}})
	changed := *elems[0].e
	changed.Comment = "owner=someone-else"
	brk.DelElement(elems[0].e)
	brk.AddElement(&changed)
	stray := &nft.Element{Set: elems[0].e.Set, Key: []netip.Addr{p.Sources()[0], netip.MustParseAddr("10.0.0.0")}, Comment: "owner=x stray"}
	stray.Key[1] = netip.MustParseAddr("11.0.0.0")
	brk.AddElement(stray)
	if err := f.Apply(brk); err != nil {
		t.Fatal(err)
	}
	byKey := []string{"element src6 { 2001:db8:ff::11 comment", "missing", `element ret4-8 is "198.51.100.11 . 10.0.0.0 comment \"owner=someone-else\""`}
	err := b.Check(ctx, p)
	for _, want := range byKey {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CHECK = %v, want %q", err, want)
		}
	}
	err = b.Check(pass, p)
	for _, want := range append(byKey, "unexpected element ret4-8 { 198.51.100.11 . 11.0.0.0") {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CHECK in a pass = %v, want %q", err, want)
		}
	}
	// ADD repairs it.
	if err := b.Add(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(cniutil.WithReadCache(ctx, cniutil.NewReadCache()), p); err != nil {
		t.Fatalf("CHECK after repair = %v", err)
	}
}
