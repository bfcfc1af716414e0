package foreign

import (
	"errors"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/google/nftables"
	"github.com/google/nftables/expr"
	"github.com/vishvananda/netlink/nl"
	"golang.org/x/sys/unix"
)

const testConflist = `{"cniVersion":"1.1.0","name":"n","plugins":[
 {"type":"ipmasq","backend":"nftables","table":"mine","tag":"MYTAG"},
 {"type":"iproute","layout":"fwmark","priorityRange":{"min":512,"max":2047},"tableRange":{"min":100,"max":199}},
 {"type":"registerDNS"}]}`

func testOwned(t *testing.T) Owned {
	t.Helper()
	o, err := FromConflist([]byte(testConflist))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestFromConflist(t *testing.T) {
	o := testOwned(t)
	for _, name := range []string{"mine", "diktyo-guard", "diktyo-iproute", EgressTable} {
		if !o.NftTables[name] {
			t.Errorf("table %q not owned: %v", name, o.NftTables)
		}
	}
	if o.NftTables["diktyo-ipmasq"] {
		t.Error("the default ipmasq table is owned although the config names another")
	}
	if !o.XtChains["MYTAG"] || len(o.Rules) != 1 || o.Rules[0] != (RuleSpace{Range{512, 2047}, Range{100, 199}}) {
		t.Errorf("owned = %+v", o)
	}
	d, err := FromConflist([]byte(`{"plugins":[{"type":"ipmasq"},{"type":"iproute","priorityRange":{"min":700}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !d.NftTables["diktyo-ipmasq"] || !d.XtChains["DIKTYO-IPMASQ"] || d.NftTables["diktyo-iproute"] {
		t.Errorf("defaults: %+v", d)
	}
	if d.Rules[0].Priorities != (Range{700, 32765}) {
		t.Errorf("a range with only min: %+v", d.Rules[0])
	}
	if _, err := FromConflist([]byte(`{"plugins":7}`)); err == nil {
		t.Error("a conflist that does not parse gave no error")
	}
}

func tx(pid uint32, changes ...*nftables.MonitorEvent) *nftables.MonitorEvents {
	return &nftables.MonitorEvents{
		GeneratedBy: &nftables.MonitorEvent{Type: nftables.MonitorEventType(unix.NFT_MSG_NEWGEN), Data: &nftables.GenMsg{ProcPID: pid}},
		Changes:     changes,
	}
}

func delRule(table, chain string, exprs ...expr.Any) *nftables.MonitorEvent {
	t := &nftables.Table{Name: table, Family: nftables.TableFamilyINet}
	return &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelRule,
		Data: &nftables.Rule{Table: t, Chain: &nftables.Chain{Name: chain, Table: t}, Exprs: exprs}}
}

func TestNftKinds(t *testing.T) {
	o := testOwned(t)
	const them, us = 4242, 77
	ours := func(pid uint32) bool { return pid == us }
	mine := &nftables.Table{Name: "mine", Family: nftables.TableFamilyINet}
	nat := &nftables.Table{Name: "nat", Family: nftables.TableFamilyIPv4}
	for _, c := range []struct {
		name string
		ev   *nftables.MonitorEvents
		want []Kind
	}{
		{"a foreign flush of an owned chain", tx(them, delRule("mine", "pod-x"), delRule("mine", "pod-x")), []Kind{KindRule}},
		{"the same flush by diktyo", tx(us, delRule("mine", "pod-x")), nil},
		{"a rule of another table", tx(them, delRule("filter", "input")), nil},
		{"a table deleted with its objects", tx(them,
			&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelRule, Data: &nftables.Rule{Table: mine, Chain: &nftables.Chain{Name: "postrouting", Table: mine}}},
			&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelSet, Data: &nftables.Set{Table: mine, Name: "pods4"}},
			&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelChain, Data: &nftables.Chain{Table: mine, Name: "postrouting"}},
			&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelTable, Data: mine}),
			[]Kind{KindRule, KindSet, KindChain, KindTable}},
		{"iptables-nft: POSTROUTING's jump to the tag", tx(them, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelRule,
			Data: &nftables.Rule{Table: nat, Chain: &nftables.Chain{Name: "POSTROUTING", Table: nat},
				Exprs: []expr.Any{&expr.Counter{}, &expr.Verdict{Kind: expr.VerdictJump, Chain: "MYTAG"}}}}), []Kind{KindRule}},
		{"iptables-nft: a pod chain flushed", tx(them, delRule("nat", "DKT-0123")), []Kind{KindRule}},
		{"iptables-nft: another jump in POSTROUTING", tx(them, delRule("nat", "POSTROUTING", &expr.Verdict{Kind: expr.VerdictJump, Chain: "KUBE-POSTROUTING"})), nil},
		{"additions are no hint", tx(them, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeNewRule, Data: &nftables.Rule{Table: mine, Chain: &nftables.Chain{Name: "x", Table: mine}}}), nil},
		{"an unreadable deletion is one", tx(them, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelChain, Error: errors.New("bad attribute")}), []Kind{KindChain}},
		{"an unreadable generation is not known to be ours", &nftables.MonitorEvents{
			GeneratedBy: &nftables.MonitorEvent{Error: errors.New("unknown attribute")},
			Changes:     []*nftables.MonitorEvent{delRule("mine", "pod-x")}}, []Kind{KindRule}},
	} {
		if got := NftKinds(c.ev, o, ours); !slices.Equal(got, c.want) {
			t.Errorf("%s: kinds %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNftChangeEgress(t *testing.T) {
	eg := &nftables.Table{Name: EgressTable, Family: nftables.TableFamilyINet}
	c := NftChange(tx(1, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelRule, Data: &nftables.Rule{Table: eg, Chain: &nftables.Chain{Name: "output", Table: eg}}},
		&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelTable, Data: eg}), testOwned(t), nil)
	if !slices.Equal(c.Egress, []Kind{KindRule, KindTable}) || len(c.Kinds) != 0 || c.Empty() {
		t.Errorf("the egress table deleted: %+v", c)
	}
}

// TestNftChangeOwners: a pod chain's rules name their pod; a base
// chain, a map or a table name none (every pod is checked).
func TestNftChangeOwners(t *testing.T) {
	o := testOwned(t)
	const id = "0123456789abcdef"
	nat := &nftables.Table{Name: "nat", Family: nftables.TableFamilyIPv4}
	mine := &nftables.Table{Name: "mine", Family: nftables.TableFamilyINet}
	for _, c := range []struct {
		name   string
		ev     *nftables.MonitorEvents
		owners []string
		whole  bool
	}{
		{"nftables: a pod chain flushed", tx(1, delRule("mine", "pod-"+id), delRule("mine", "pod-"+id)), []string{id}, false},
		{"nftables: a pod chain deleted", tx(1, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelChain, Data: &nftables.Chain{Table: mine, Name: "pod-" + id}}), []string{id}, false},
		{"nftables: the base chain flushed", tx(1, delRule("mine", "postrouting")), nil, true},
		{"nftables: a pod chain and the map", tx(1, delRule("mine", "pod-"+id),
			&nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelSet, Data: &nftables.Set{Table: mine, Name: "pods4"}}), []string{id}, true},
		{"a pod-like chain of another table", tx(1, delRule("filter", "pod-"+id)), nil, false},
		{"iptables-nft: a pod chain flushed", tx(1, delRule("nat", "DKT-"+id)), []string{id}, false},
		{"iptables-nft: the tag's rule for one pod", tx(1, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelRule,
			Data: &nftables.Rule{Table: nat, Chain: &nftables.Chain{Name: "MYTAG", Table: nat},
				Exprs: []expr.Any{&expr.Verdict{Kind: expr.VerdictJump, Chain: "DKT-" + id}}}}), []string{id}, false},
		{"iptables-nft: a chain with a short id", tx(1, delRule("nat", "DKT-0123")), nil, true},
		{"the egress guard's table: no pod's, and no pass", tx(1, &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelTable, Data: &nftables.Table{Name: EgressTable}}), nil, false},
	} {
		got := NftChange(c.ev, o, nil)
		if !slices.Equal(got.Owners, c.owners) || got.Whole != c.whole {
			t.Errorf("%s: owners %v whole %v, want %v %v", c.name, got.Owners, got.Whole, c.owners, c.whole)
		}
	}
}

func TestOwnsRule(t *testing.T) {
	o := testOwned(t)
	live := func(a netip.Addr) bool { return a == netip.MustParseAddr("10.0.0.5") }
	for _, c := range []struct {
		name string
		r    RuleEvent
		want bool
	}{
		{"a live pod's rule", RuleEvent{Priority: 1536, Table: 100, Src: netip.MustParsePrefix("10.0.0.5/32")}, true},
		{"an ended pod's rule (diktyo's own DEL)", RuleEvent{Priority: 1536, Table: 100, Src: netip.MustParsePrefix("10.0.0.6/32")}, false},
		{"to a live pod, lookup main (outside this tableRange)", RuleEvent{Priority: 512, Table: unix.RT_TABLE_MAIN, Dst: netip.MustParsePrefix("10.0.0.5/32")}, false},
		{"a shared fwmark rule (no address)", RuleEvent{Priority: 1536, Table: 150}, true},
		{"a CIDR rule", RuleEvent{Priority: 600, Table: 120, Dst: netip.MustParsePrefix("198.51.100.0/24")}, true},
		{"another priority", RuleEvent{Priority: 100, Table: 100}, false},
		{"another table", RuleEvent{Priority: 1536, Table: 220}, false},
	} {
		if got := o.OwnsRule(c.r, live); got != c.want {
			t.Errorf("%s: owned %v, want %v", c.name, got, c.want)
		}
	}
	for table, want := range map[uint32]bool{100: true, 199: true, 200: false, unix.RT_TABLE_MAIN: false, unix.RT_TABLE_LOCAL: false, 0: false} {
		if got := o.OwnsRouteTable(table); got != want {
			t.Errorf("route table %d: owned %v, want %v", table, got, want)
		}
	}
}

// TestParseRule reads a rule message as the kernel lays it out.
func TestParseRule(t *testing.T) {
	msg := &nl.RtMsg{RtMsg: unix.RtMsg{Family: unix.AF_INET, Src_len: 32, Table: unix.RT_TABLE_UNSPEC}}
	b := msg.Serialize()
	for _, a := range []*nl.RtAttr{
		nl.NewRtAttr(nl.FRA_PRIORITY, nl.Uint32Attr(1536)),
		nl.NewRtAttr(nl.FRA_TABLE, nl.Uint32Attr(1000)),
		nl.NewRtAttr(nl.FRA_SRC, netip.MustParseAddr("10.0.0.5").AsSlice()),
	} {
		b = append(b, a.Serialize()...)
	}
	r, err := ParseRule(b)
	if err != nil {
		t.Fatal(err)
	}
	want := RuleEvent{Priority: 1536, Table: 1000, Src: netip.MustParsePrefix("10.0.0.5/32")}
	if r != want {
		t.Errorf("parsed %+v, want %+v", r, want)
	}
	if _, err := ParseRule(b[:4]); err == nil {
		t.Error("a short message gave no error")
	}
}

func TestOwnTask(t *testing.T) {
	if !OwnTask(uint32(os.Getpid())) || !OwnTask(uint32(unix.Gettid())) {
		t.Error("this process or thread is not ours")
	}
	child := exec.Command("sleep", "30")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	if !OwnTask(uint32(child.Process.Pid)) {
		t.Error("a child (a chain plugin run as a binary) is not ours")
	}
	if os.Getpid() != 1 && OwnTask(1) {
		t.Error("init is ours")
	}
	if OwnTask(0) {
		t.Error("pid 0 is ours")
	}
}

// TestNftChangeElements: a foreign deletion of elements of the flat
// layout (whose comments name their owner) names the pods to repair; an
// element without an owner's comment (another writer's set) is no hint,
// and diktyo's own deletions are none.
func TestNftChangeElements(t *testing.T) {
	o := testOwned(t)
	const id, other = "0123456789abcdef", "fedcba9876543210"
	del := func(comments ...string) *nftables.MonitorEvent {
		var els []nftables.SetElement
		for _, c := range comments {
			els = append(els, nftables.SetElement{Key: []byte{198, 51, 100, 7}, Comment: c})
		}
		return &nftables.MonitorEvent{Type: nftables.MonitorEventTypeDelSetElem, Data: els}
	}
	c := NftChange(tx(4242, del("owner="+id+" net=n1 n=3", "owner="+other+" masqEntries[0] db")), o, nil)
	if !slices.Equal(c.Kinds, []Kind{KindElement}) || !slices.Equal(c.Owners, []string{id, other}) || c.Whole {
		t.Errorf("foreign deletion of two pods' elements: %+v", c)
	}
	if c := NftChange(tx(4242, del("blocklist entry", "")), o, nil); !c.Empty() {
		t.Errorf("elements without an owner: %+v", c)
	}
	if c := NftChange(tx(77, del("owner="+id+" net=n1 n=3")), o, func(pid uint32) bool { return pid == 77 }); !c.Empty() {
		t.Errorf("diktyo's own deletion: %+v", c)
	}
}
