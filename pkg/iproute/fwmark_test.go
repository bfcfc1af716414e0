package iproute

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// fwNode is the fwmark node config of the tests: tables 100-199 get marks
// 0x10000.. under the default mask, so table 100 is 0x10000, 101 0x20000.
func fwNode() map[string]any {
	return map[string]any{
		"layout": "fwmark", "tableRange": map[string]any{"min": 100, "max": 199},
		"excludeCIDRs": []string{"198.51.100.0/24", "2001:db8:1::/48"},
	}
}

// nftElems lists the elements of the fwmark table's maps and sets in the
// host namespace, one per line ("pod4: 192.0.2.10 : goto mark-...").
func (e *env) nftElems() []string {
	e.t.Helper()
	return e.nftElemsOf(DefaultNftTable)
}

// nftElemsOf is nftElems of the table named table.
func (e *env) nftElemsOf(table string) []string {
	e.t.Helper()
	out, err := testutil.Output(e.host, "nft", "list", "table", "inet", table)
	if err != nil {
		return nil // no table, no elements
	}
	var lines []string
	set := ""
	inElems := false
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if name, ok := strings.CutPrefix(l, "map "); ok {
			set = strings.TrimSuffix(name, " {")
		}
		if name, ok := strings.CutPrefix(l, "set "); ok {
			set = strings.TrimSuffix(name, " {")
		}
		if rest, ok := strings.CutPrefix(l, "elements = {"); ok {
			inElems, l = true, rest
		}
		if !inElems {
			continue
		}
		end := strings.HasSuffix(l, "}")
		for _, el := range strings.Split(strings.TrimSuffix(l, "}"), ",") {
			if el = strings.TrimSpace(el); el != "" {
				lines = append(lines, set+": "+el)
			}
		}
		inElems = !end
	}
	return lines
}

func (e *env) requireFwClean() {
	e.t.Helper()
	e.requireClean()
	requireLines(e.t, "nft elements", e.nftElems())
}

func fwGC(t *testing.T, e *env, valid []types.GCAttachment) {
	t.Helper()
	node := fwNode()
	node["cni.dev/valid-attachments"] = valid
	if err := e.plugin.gc(context.Background(), &skel.CmdArgs{StdinData: e.conf("1.1.0", node, nil, nil)}); err != nil {
		t.Fatalf("GC: %v", err)
	}
}

var fwRules100 = []string{
	"512: from all to 192.0.2.0/24 lookup main proto 209",
	"1024: from all to 198.51.100.0/24 lookup main proto 209",
	"1536: from all fwmark 0x10000/0xff0000 lookup 100 proto 209",
	"512: from all to 2001:db8::/64 lookup main proto 209",
	"1024: from all to 2001:db8:1::/48 lookup main proto 209",
	"1536: from all fwmark 0x10000/0xff0000 lookup 100 proto 209",
}

// ADD, ADD again, CHECK, DEL, DEL again, both families: no per-pod rule,
// the pod in the maps, its bypass CIDRs in the sets.
func TestFwmarkLifecycle(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100,
		"excludeCIDRs": []string{"203.0.113.0/24", "203.0.113.128/25", "2001:db8:f::30/128"}}}
	stdin := e.conf("1.1.0", fwNode(), rc, p.prevResult())
	elems := []string{
		"pod4: 192.0.2.10 : goto mark-00010000-00ff0000",
		"pod6: 2001:db8::10 : goto mark-00010000-00ff0000",
		"bypass4: 192.0.2.10 . 203.0.113.0/24", // the /25 inside it is dropped
		"bypass6: 2001:db8::10 . 2001:db8:f::30",
	}
	for range 2 {
		e.add(p, stdin)
		requireLines(t, "host rules", e.hostRules(), fwRules100...)
		requireLines(t, "nft elements", e.nftElems(), elems...)
		if err := e.plugin.check(context.Background(), p.args(stdin)); err != nil {
			t.Fatalf("CHECK: %v", err)
		}
	}
	// The mark chain keeps the bits outside the mask.
	out := testutil.Run(t, e.host, "nft", "list", "chain", "inet", DefaultNftTable, "mark-00010000-00ff0000")
	if !strings.Contains(out, "meta mark set meta mark & 0xff01ffff | 0x00010000") {
		t.Fatalf("mark chain:\n%s", out)
	}

	// A changed table replaces the element and the shared rule.
	rc101 := map[string]any{"policyRouting": map[string]any{"table": 101}}
	e.add(p, e.conf("1.1.0", fwNode(), rc101, p.prevResult()))
	requireLines(t, "nft elements after table change", e.nftElems(),
		"pod4: 192.0.2.10 : goto mark-00020000-00ff0000", "pod6: 2001:db8::10 : goto mark-00020000-00ff0000")
	requireLines(t, "fwmark rules after table change", fwmarkRules(e),
		"1536: from all fwmark 0x20000/0xff0000 lookup 101", "1536: from all fwmark 0x20000/0xff0000 lookup 101")

	e.del(p, stdin)
	e.requireFwClean()
	e.del(p, stdin)
	e.requireFwClean()
}

func fwmarkRules(e *env) []string {
	var out []string
	for _, l := range e.hostRules() {
		if strings.Contains(l, "fwmark") {
			out = append(out, l)
		}
	}
	return out
}

// DEL without the netns and prevResult (the record), and without the
// record (rebuilt from runtimeConfig ips).
func TestFwmarkDelWithoutNetns(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.0/24"}}}
	e.add(p, e.conf("1.1.0", fwNode(), rc, p.prevResult()))
	args := &skel.CmdArgs{ContainerID: p.id, IfName: "eth0", StdinData: e.conf("1.1.0", fwNode(), rc, nil)}
	for range 2 {
		if err := e.plugin.del(context.Background(), args); err != nil {
			t.Fatalf("DEL without netns: %v", err)
		}
		e.requireFwClean()
	}

	rc["ips"] = []string{p.v4}
	stdin := e.conf("1.1.0", fwNode(), rc, nil)
	e.add(p, stdin)
	if err := os.RemoveAll(e.stateDir); err != nil {
		t.Fatal(err)
	}
	args.StdinData = stdin
	if err := e.plugin.del(context.Background(), args); err != nil {
		t.Fatalf("DEL without state: %v", err)
	}
	requireLines(t, "nft elements", e.nftElems())
	// Shared rules of unknown users stay, GC or not: with the records
	// lost, nothing proves they are this network's alone.
	fwGC(t, e, nil)
	left := e.hostRules()
	if len(left) == 0 {
		t.Fatal("the shared rules went with the lost records")
	}
	for _, r := range left {
		pref, sel, _ := strings.Cut(r, ": ")
		sel = strings.TrimSuffix(sel, " proto 209")
		fam := "-4"
		if strings.Contains(sel, ":") {
			fam = "-6"
		}
		testutil.Run(t, e.host, "ip", append([]string{fam, "rule", "del", "pref", pref}, strings.Fields(sel)...)...)
	}
	e.requireFwClean()
}

// 10 pods in parallel over two tables: exactly one fwmark rule per table
// and family, gone with the table's last pod.
func TestFwmarkParallelPods(t *testing.T) {
	e := newEnv(t)
	const n = 10
	pods := make([]*testPod, n)
	confs := make([][]byte, n)
	for i := range n {
		pods[i] = e.newPod(i)
		rc := map[string]any{"policyRouting": map[string]any{"table": 100 + i%2, "excludeCIDRs": []string{"203.0.113.0/24"}}}
		confs[i] = e.conf("1.1.0", fwNode(), rc, pods[i].prevResult())
	}
	parallel := func(verb string, idx []int) {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for _, i := range idx {
			wg.Go(func() {
				if verb == "ADD" {
					_, _, errs[i] = e.plugin.add(context.Background(), pods[i].args(confs[i]))
				} else {
					errs[i] = e.plugin.del(context.Background(), pods[i].args(confs[i]))
				}
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("%s pod %d: %v", verb, i, err)
			}
		}
	}
	all, even, odd := []int{}, []int{}, []int{}
	for i := range n {
		all = append(all, i)
		if i%2 == 0 {
			even = append(even, i)
		} else {
			odd = append(odd, i)
		}
	}
	parallel("ADD", all)
	r100, r101 := "fwmark 0x10000/0xff0000 lookup 100", "fwmark 0x20000/0xff0000 lookup 101"
	requireLines(t, "fwmark rules", fwmarkRules(e), r100, r100, r101, r101)
	if got := len(e.nftElems()); got != 3*n {
		t.Fatalf("%d nft elements, want %d (v4, v6, bypass per pod):\n%s", got, 3*n, strings.Join(e.nftElems(), "\n"))
	}
	for i := range n {
		if err := e.plugin.check(context.Background(), pods[i].args(confs[i])); err != nil {
			t.Fatalf("CHECK pod %d: %v", i, err)
		}
	}
	parallel("DEL", even)
	requireLines(t, "fwmark rules after table 100's pods left", fwmarkRules(e), r101, r101)
	parallel("DEL", odd)
	e.requireFwClean()
}

// CHECK reports a deleted map element and a deleted shared rule.
func TestFwmarkCheckDetectsDrift(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100}}
	stdin := e.conf("1.1.0", fwNode(), rc, p.prevResult())
	for _, tc := range []struct {
		name  string
		drift []string
		want  string
	}{
		{"map element", []string{"nft", "delete", "element", "inet", DefaultNftTable, "pod4", "{ 192.0.2.10 }"},
			"nftables map element 192.0.2.10 -> mark 0x10000/0xff0000 (table 100) is missing"},
		{"shared rule", []string{"ip", "-6", "rule", "del", "pref", "1536", "fwmark", "0x10000/0xff0000", "lookup", "100"},
			`rule "pref 1536 from all to all fwmark 0x10000/0xff0000 lookup 100 (ipv6)" is missing`},
		// ADD lists the chains' rules, so it repairs these too.
		{"mark chain's rule", []string{"nft", "flush", "chain", "inet", DefaultNftTable, "mark-00010000-00ff0000"},
			"nftables chain mark-00010000-00ff0000 changed: does not set mark 0x10000/0xff0000"},
		{"base chain's rules", []string{"nft", "flush", "chain", "inet", DefaultNftTable, "prerouting"},
			"nftables chain prerouting of table inet " + DefaultNftTable + " is missing or changed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.add(p, stdin)
			testutil.Run(t, e.host, tc.drift[0], tc.drift[1:]...)
			err := e.plugin.check(context.Background(), p.args(stdin))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CHECK after deleting the %s: %v, want %q", tc.name, err, tc.want)
			}
			err = e.plugin.check(cniutil.WithReadCache(context.Background(), cniutil.NewReadCache()), p.args(stdin))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CHECK within a pass after deleting the %s: %v, want %q", tc.name, err, tc.want)
			}
			e.add(p, stdin) // repairs
			if err := e.plugin.check(context.Background(), p.args(stdin)); err != nil {
				t.Fatalf("CHECK after re-ADD: %v", err)
			}
		})
	}
	e.del(p, stdin)
	e.requireFwClean()
}

// GC removes the elements of attachments not in the valid list and
// orphaned elements, and keeps the valid pod's.
func TestFwmarkGC(t *testing.T) {
	e := newEnv(t)
	p0, p1 := e.newPod(0), e.newPod(1)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.0/24"}}}
	s0, s1 := e.conf("1.1.0", fwNode(), rc, p0.prevResult()), e.conf("1.1.0", fwNode(), rc, p1.prevResult())
	e.add(p0, s0)
	e.add(p1, s1)
	testutil.Run(t, e.host, "nft", "add", "element", "inet", DefaultNftTable, "pod4", "{ 192.0.2.99 : goto mark-00010000-00ff0000 }")
	fwGC(t, e, []types.GCAttachment{{ContainerID: p0.id, IfName: "eth0"}})
	requireLines(t, "nft elements after GC", e.nftElems(),
		"pod4: 192.0.2.10 :", "pod6: 2001:db8::10 :", "bypass4: 192.0.2.10 . 203.0.113.0/24")
	requireLines(t, "host rules after GC", e.hostRules(), fwRules100...)
	if err := e.plugin.check(context.Background(), p0.args(s0)); err != nil {
		t.Fatalf("CHECK of the valid pod after GC: %v", err)
	}
	fwGC(t, e, nil)
	e.requireFwClean()
}

// The nft step fails (the table holds a pod4 map of another type): the
// rules made before it are rolled back and no state is left.
func TestFwmarkFailedAddLeavesNothing(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	testutil.Run(t, e.host, "nft", "add", "table", "inet", DefaultNftTable)
	testutil.Run(t, e.host, "nft", "add", "map", "inet", DefaultNftTable, "pod4", "{ type ipv4_addr : mark ; }")
	rc := map[string]any{"policyRouting": map[string]any{"table": 100}}
	stdin := e.conf("1.1.0", fwNode(), rc, p.prevResult())
	if _, _, err := e.plugin.add(context.Background(), p.args(stdin)); err == nil {
		t.Fatal("ADD succeeded with a conflicting nftables map")
	}
	e.requireFwClean()
}

// STATUS checks that nft can build the table, and creates nothing.
func TestFwmarkStatus(t *testing.T) {
	e := newEnv(t)
	if err := e.plugin.status(context.Background(), &skel.CmdArgs{StdinData: e.conf("1.1.0", fwNode(), nil, nil)}); err != nil {
		t.Fatalf("STATUS: %v", err)
	}
	if out, err := testutil.Output(e.host, "nft", "list", "table", "inet", DefaultNftTable); err == nil {
		t.Fatalf("STATUS created the table:\n%s", out)
	}
	// A name nft parses as a keyword is refused, naming the field: the
	// kernel would take it, but nft could not name the table.
	node := fwNode()
	node["nftTable"] = "ip"
	if err := e.plugin.status(context.Background(), &skel.CmdArgs{StdinData: e.conf("1.1.0", node, nil, nil)}); err == nil || !strings.Contains(err.Error(), "nftTable") {
		t.Fatalf("STATUS with a table nft cannot name = %v, want an error naming nftTable", err)
	}
}

// TestFwmarkLayoutMove: a live pod whose node config moves between
// layouts, or to another fwmark table, keeps its table routed at every
// step (the new objects go in before the old go) and keeps nothing in the
// layout or table it moved away from, in both directions; DEL after the
// moves leaves nothing anywhere. (Before records kept their table, the
// move off fwmark left the pod's elements marking its packets.)
func TestFwmarkLayoutMove(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100}}
	shared := map[string]any{"tableRange": map[string]any{"min": 100, "max": 199}}
	otherTable := fwNode()
	otherTable["nftTable"] = "diktyo-iproute-b"
	perPod := "1536: from 192.0.2.10 lookup 100 proto 209"
	marked := "1536: from all fwmark 0x10000/0xff0000 lookup 100 proto 209"
	elems := []string{"pod4: 192.0.2.10 : goto mark-00010000-00ff0000", "pod6: 2001:db8::10 : goto mark-00010000-00ff0000"}
	t.Cleanup(func() { _, _ = testutil.Output(e.host, "nft", "delete", "table", "inet", "diktyo-iproute-b") })
	for _, step := range []struct {
		name        string
		node        map[string]any
		rule        string
		elems, elsB []string
	}{
		{"shared", shared, perPod, nil, nil},
		{"shared to fwmark", fwNode(), marked, elems, nil},
		{"fwmark to shared", shared, perPod, nil, nil},
		{"shared to fwmark again", fwNode(), marked, elems, nil},
		{"to another fwmark table", otherTable, marked, nil, elems},
		{"back to the default table", fwNode(), marked, elems, nil},
	} {
		stdin := e.conf("1.1.0", step.node, rc, p.prevResult())
		e.add(p, stdin)
		var to100 []string
		for _, l := range e.hostRules() {
			if strings.Contains(l, "lookup 100") {
				to100 = append(to100, l)
			}
		}
		want := []string{step.rule, strings.ReplaceAll(step.rule, "192.0.2.10", "2001:db8::10")} // both families
		requireLines(t, step.name+": host rules routing table 100", to100, want...)
		requireLines(t, step.name+": elements of the default table", e.nftElems(), step.elems...)
		requireLines(t, step.name+": elements of the other table", e.nftElemsOf("diktyo-iproute-b"), step.elsB...)
		if err := e.plugin.check(context.Background(), p.args(stdin)); err != nil {
			t.Fatalf("%s: CHECK: %v", step.name, err)
		}
	}
	e.del(p, e.conf("1.1.0", shared, rc, p.prevResult()))
	e.requireFwClean()
	requireLines(t, "elements of the other table after DEL", e.nftElemsOf("diktyo-iproute-b"))
}
