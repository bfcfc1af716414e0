package nft

import (
	"encoding/binary"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// bridgeSample is one transaction on a bridge table and an inet table of
// the same name: sets keyed by interface index (alone and concatenated
// with an address), counted sets, elements with comments, a bridge
// prerouting chain.
func bridgeSample() *Batch {
	link4 := &Set{Name: "link4", Fields: []byte{FieldIfindex, unix.NFPROTO_IPV4}, ID: 1}
	links := &Set{Name: "links", Fields: []byte{FieldIfindex}, Counter: true, ID: 2}
	br := NewBatchIn(unix.NFPROTO_BRIDGE, "t")
	br.AddTable()
	br.AddSet(link4)
	br.AddSet(links)
	br.AddChain(&Chain{Name: "prerouting", Hook: &Hook{Type: "filter", Num: HookBridgePrerouting, Priority: -450}})
	br.AddRule(&Rule{Chain: "prerouting", Exprs: []expr.Any{
		&expr.Meta{Key: expr.MetaKeyPROTOCOL, Register: Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: []byte{0x08, 0x00}},
		&expr.Meta{Key: expr.MetaKeyIIF, Register: Reg1},
		LoadAddr(unix.NFPROTO_IPV4, false, Reg32_01),
		Lookup("link4"),
		&expr.Verdict{Kind: expr.VerdictAccept},
	}})
	br.AddRule(&Rule{Chain: "prerouting", Exprs: []expr.Any{
		&expr.Meta{Key: expr.MetaKeyIIF, Register: Reg1}, Lookup("links"), &expr.Verdict{Kind: expr.VerdictDrop},
	}})
	br.AddElement(&Element{Set: "link4", Iif: 7, Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}, Comment: "owner=a"})
	br.AddElement(&Element{Set: "links", Iif: 7, Comment: "owner=a"})
	in := NewBatch("t")
	in.AddTable()
	in.AddSet(&Set{Name: "as4", Fields: []byte{unix.NFPROTO_IPV4}, Counter: true, ID: 3})
	in.AddElement(&Element{Set: "as4", Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}, Comment: "owner=a"})
	in.AddSet(podsMap)
	in.AddElement(podElem(7, "owner=a"))
	br.Append(in)
	return br
}

var podsMap = &Set{Name: "pods4", Fields: []byte{unix.NFPROTO_IPV4}, Data: []byte{FieldIfindex, FieldU32}, ID: 4}

func podElem(iif uint32, comment string) *Element {
	return &Element{Set: "pods4", Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")},
		Data: &Data{Words: []uint32{iif, binary.NativeEndian.Uint32([]byte{0xaa, 0xbb, 0xcc, 0xdd})}}, Comment: comment}
}

// TestPlainDataMap: a map to plain data takes an element once; adding
// the same key with another value fails, changing nothing; adding,
// deleting and adding a key again in one transaction replaces it
// (value and comment), on the kernel as on the Fake.
func TestPlainDataMap(t *testing.T) {
	n := testutil.NewNS(t)
	c, err := Open(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, cl := range []Client{c, NewFake()} {
		if err := cl.Apply(bridgeSample()); err != nil {
			t.Fatal(err)
		}
		same := NewBatch("t")
		same.AddElement(podElem(7, "owner=other"))
		if err := cl.Apply(same); err != nil {
			t.Errorf("%T: adding an element again with its value = %v, want no-op", cl, err)
		}
		other := NewBatch("t")
		other.AddElement(podElem(9, "owner=b"))
		err := cl.Apply(other)
		t.Logf("%T: another value for a key: %v", cl, err)
		if !errors.Is(err, ErrExists) && !errors.Is(err, unix.EBUSY) {
			t.Errorf("%T: adding another value for a key = %v, want EEXIST or EBUSY", cl, err)
		}
		swap := NewBatch("t")
		swap.AddElement(podElem(7, "owner=a"))
		swap.DelElement(&Element{Set: "pods4", Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}})
		swap.AddElement(podElem(9, "owner=b"))
		if err := cl.Apply(swap); err != nil {
			t.Fatalf("%T: add, delete, add in one transaction = %v", cl, err)
		}
		got, err := cl.GetElement("t", podsMap, &Element{Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}})
		if err != nil || got.String() != podElem(9, "owner=b").String() {
			t.Errorf("%T: after the swap = %v, %v; want %v", cl, got, err, podElem(9, "owner=b"))
		}
		if _, ok := cl.(*Conn); ok {
			testutil.Run(t, n, "nft", "delete", "table", "bridge", "t")
			testutil.Run(t, n, "nft", "delete", "table", "inet", "t")
		}
	}
}

// readBack is what a client holds of bridgeSample, through its listings
// and lookups.
func readBack(t *testing.T, c Client) string {
	t.Helper()
	br := In(c, unix.NFPROTO_BRIDGE)
	var out []string
	sets, err := br.ListSets("t")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		out = append(out, "bridge set "+s.String())
	}
	for _, s := range []*Set{{Name: "link4", Fields: []byte{FieldIfindex, unix.NFPROTO_IPV4}}, {Name: "links", Fields: []byte{FieldIfindex}}} {
		els, err := br.ListElements("t", s)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range els {
			out = append(out, "bridge "+s.Name+" "+e.String())
		}
	}
	e, err := br.GetElement("t", &Set{Name: "links", Fields: []byte{FieldIfindex}}, &Element{Iif: 7})
	if err != nil || e.Counter == nil {
		t.Fatalf("GetElement of a counted element = %+v, %v; want it with its counter", e, err)
	}
	out = append(out, "bridge links get "+e.String())
	if _, err := br.GetElement("t", &Set{Name: "links", Fields: []byte{FieldIfindex}}, &Element{Iif: 8}); !errors.Is(err, ErrNotFound) {
		t.Errorf("GetElement of a missing key = %v, want ErrNotFound", err)
	}
	as4 := &Set{Name: "as4", Fields: []byte{unix.NFPROTO_IPV4}}
	e, err = c.GetElement("t", as4, &Element{Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}})
	if err != nil || e.Counter == nil {
		t.Fatalf("GetElement in the inet table = %+v, %v", e, err)
	}
	out = append(out, "inet as4 get "+e.String())
	if rules, err := br.ListRules("t", "prerouting"); err != nil || len(rules) != 2 {
		t.Fatalf("bridge rules = %v, %v", rules, err)
	}
	if chains, err := c.ListChains("t"); err != nil || len(chains) != 0 {
		t.Errorf("the inet table's chains = %v, %v: the bridge table's leaked into it", chains, err)
	}
	return strings.Join(out, "\n")
}

// TestBridgeFamilyAndIfindexKeys: a batch spanning a bridge and an inet
// table is one transaction the kernel takes; the listings read back
// each family's objects, interface-index keys, comments and counters;
// the Fake holds the same.
func TestBridgeFamilyAndIfindexKeys(t *testing.T) {
	n := testutil.NewNS(t)
	c, err := Open(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	b := bridgeSample()
	if err := c.Apply(b); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	listed := testutil.Run(t, n, "nft", "list", "ruleset")
	for _, want := range []string{"table bridge t", "type iface_index . ipv4_addr", `7 . 10.1.0.2 comment "owner=a"`, "iif . ip saddr @link4 accept", "iif @links drop", "counter packets 0", `elements = { 7 counter packets 0 bytes 0 comment "owner=a" }`} {
		if !strings.Contains(listed, want) {
			t.Errorf("nft lists no %q:\n%s", want, listed)
		}
	}
	got := readBack(t, c)
	f := NewFake()
	if err := f.Apply(bridgeSample()); err != nil {
		t.Fatal(err)
	}
	if fake := readBack(t, f); fake != got {
		t.Errorf("the Fake holds\n%s\nthe kernel\n%s", fake, got)
	}
}

// TestFakeTracesBridgeKeys: the tracer runs a bridge table's prerouting
// chain on a port's packet, matches interface-index keys, and counts a
// counted set's element on a lookup that finds it.
func TestFakeTracesBridgeKeys(t *testing.T) {
	f := NewFake()
	if err := f.Apply(bridgeSample()); err != nil {
		t.Fatal(err)
	}
	count := func() uint64 {
		e, err := f.GetElement("t", &Set{Name: "as4", Fields: []byte{unix.NFPROTO_IPV4}}, &Element{Key: []netip.Addr{netip.MustParseAddr("10.1.0.2")}})
		if err != nil {
			t.Fatal(err)
		}
		return e.Counter.Packets
	}
	for _, tc := range []struct {
		iif  int
		src  string
		want string
	}{{7, "10.1.0.2", Accepted}, {7, "10.1.0.3", Dropped}, {8, "10.1.0.3", Accepted}} {
		p := &Packet{Src: netip.MustParseAddr(tc.src), Dst: netip.MustParseAddr("192.0.2.1"), Proto: unix.IPPROTO_UDP, IIF: tc.iif}
		if v, err := f.TraceIn(unix.NFPROTO_BRIDGE, HookBridgePrerouting, "", p); err != nil || v != tc.want {
			t.Errorf("bridge trace of %s from %d = %s, %v; want %s", tc.src, tc.iif, v, err, tc.want)
		}
	}
	if n := count(); n != 0 {
		t.Errorf("as4 counted %d before any lookup of it", n)
	}
	in := NewBatch("t")
	in.AddChain(&Chain{Name: "pre", Hook: &Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: -450}})
	in.AddRule(&Rule{Chain: "pre", Exprs: append(append(MatchFamily(unix.NFPROTO_IPV4), LoadAddr(unix.NFPROTO_IPV4, false, Reg1)), Lookup("as4"), &expr.Verdict{Kind: expr.VerdictDrop})})
	if err := f.Apply(in); err != nil {
		t.Fatal(err)
	}
	p := &Packet{Src: netip.MustParseAddr("10.1.0.2"), Dst: netip.MustParseAddr("192.0.2.1"), Proto: unix.IPPROTO_UDP, IIF: 3}
	if v, err := f.Trace(unix.NF_INET_PRE_ROUTING, "", p); err != nil || v != Dropped {
		t.Fatalf("inet trace = %s, %v; want drop", v, err)
	}
	if n := count(); n != 1 {
		t.Errorf("as4 counted %d after one lookup that found it, want 1", n)
	}
}
