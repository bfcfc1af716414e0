package nft

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// flatSample declares the shapes of a flat layout: a gate set, a counted
// map keyed by address . protocol . address to an address and ports, a
// counted set keyed by address . address, elements with comments, and
// rules that build those keys, look them up and translate.
func flatSample() *Batch {
	v4 := []byte{unix.NFPROTO_IPV4}
	b := NewBatch("t")
	b.AddTable()
	b.AddSet(&Set{Name: "src4", Fields: v4, ID: 1})
	b.AddSet(&Set{Name: "snatp4", Fields: []byte{unix.NFPROTO_IPV4, FieldProto, unix.NFPROTO_IPV4},
		Data: []byte{unix.NFPROTO_IPV4, FieldPort, FieldPort}, Counter: true, ID: 2})
	b.AddSet(&Set{Name: "masq4", Fields: []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV4}, Counter: true, ID: 3})
	b.AddSet(&Set{Name: "snat6", Fields: []byte{unix.NFPROTO_IPV6, unix.NFPROTO_IPV6},
		Data: []byte{unix.NFPROTO_IPV6, FieldPort, FieldPort}, Counter: true, ID: 4})
	b.AddChain(&Chain{Name: "snat", Hook: &Hook{Type: "nat", Num: unix.NF_INET_POST_ROUTING, Priority: 100}})
	load := func(fam byte, proto bool, bits int) []expr.Any {
		es := append(MatchFamily(fam), LoadAddr(fam, false, Reg1))
		off := uint32(1)
		if fam == unix.NFPROTO_IPV6 {
			off = 4
		}
		r := Reg32_00 + off
		if proto {
			es = append(es, &expr.Meta{Key: expr.MetaKeyL4PROTO, Register: r})
			r++
		}
		n := uint32(4)
		if fam == unix.NFPROTO_IPV6 {
			n = 16
		}
		m := make([]byte, n)
		for i := range bits {
			m[i/8] |= 0x80 >> (i % 8)
		}
		return append(es, LoadAddr(fam, true, r),
			&expr.Bitwise{SourceRegister: r, DestRegister: r, Len: n, Mask: m, Xor: make([]byte, n)})
	}
	b.AddRule(&Rule{Chain: "snat", Exprs: append(load(unix.NFPROTO_IPV4, true, 24),
		&expr.Lookup{SourceRegister: Reg1, SetName: "snatp4", IsDestRegSet: true, DestRegister: Reg1},
		&expr.NAT{Type: expr.NATTypeSourceNAT, Family: unix.NFPROTO_IPV4, RegAddrMin: Reg1, RegProtoMin: Reg32_01, RegProtoMax: Reg32_00 + 2, FullyRandom: true})})
	b.AddRule(&Rule{Chain: "snat", Exprs: append(load(unix.NFPROTO_IPV4, false, 8), Lookup("masq4"), &expr.Masq{Random: true})})
	b.AddRule(&Rule{Chain: "snat", Exprs: append(load(unix.NFPROTO_IPV6, false, 32),
		&expr.Lookup{SourceRegister: Reg1, SetName: "snat6", IsDestRegSet: true, DestRegister: Reg1},
		&expr.NAT{Type: expr.NATTypeSourceNAT, Family: unix.NFPROTO_IPV6, RegAddrMin: Reg1, RegProtoMin: Reg32_00 + 4, RegProtoMax: Reg32_00 + 5})})
	a := netip.MustParseAddr
	b.CreateElement(&Element{Set: "src4", Key: []netip.Addr{a("198.51.100.5")}, Comment: "owner=x"})
	b.CreateElement(&Element{Set: "snatp4", Key: []netip.Addr{a("198.51.100.5"), a("192.0.2.0")}, Proto: unix.IPPROTO_TCP,
		Data: &Data{Addr: a("203.0.113.10"), Ports: []uint16{5000, 5010}}, Comment: "owner=x masqEntries[0] db"})
	b.CreateElement(&Element{Set: "masq4", Key: []netip.Addr{a("198.51.100.5"), a("10.0.0.0")}, Comment: "owner=x default"})
	b.CreateElement(&Element{Set: "snat6", Key: []netip.Addr{a("2001:db8:ff::5"), a("2001:db8::")},
		Data: &Data{Addr: a("2001:db8:1::1"), Ports: []uint16{6000, 6010}}, Comment: "owner=x v6"})
	return b
}

// TestFlatShapesOnKernel: the kernel takes the flat layout's shapes, lists
// them as sent (keys with their protocol, data, comments, counters), finds
// one element by its key, and refuses a batch computed from an older
// generation; the Fake agrees on each.
func TestFlatShapesOnKernel(t *testing.T) {
	n := testutil.NewNS(t)
	c, err := Open(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	f := NewFake()
	b := flatSample()
	for _, cl := range []Client{c, f} {
		if err := cl.Apply(b); err != nil {
			t.Fatalf("%T: %v\n%s", cl, err, b)
		}
	}
	kd, err := Dump(c, "t")
	if err != nil {
		t.Fatal(err)
	}
	if fd := f.Dump(); kd != fd {
		t.Errorf("kernel and fake differ:\n--- kernel\n%s\n--- fake\n%s", kd, fd)
	}
	for _, want := range []string{"198.51.100.5 . tcp . 192.0.2.0 : 203.0.113.10 . 5000 . 5010 comment \"owner=x masqEntries[0] db\"",
		"snat ip to ip saddr . meta l4proto . ip daddr & 255.255.255.0 map @snatp4 fully-random"} {
		if !strings.Contains(kd, want) {
			t.Errorf("dump lacks %q:\n%s", want, kd)
		}
	}
	probe := &Element{Key: []netip.Addr{netip.MustParseAddr("198.51.100.5"), netip.MustParseAddr("192.0.2.0")}, Proto: unix.IPPROTO_TCP}
	set := &Set{Name: "snatp4", Fields: []byte{unix.NFPROTO_IPV4, FieldProto, unix.NFPROTO_IPV4}, Data: []byte{unix.NFPROTO_IPV4, FieldPort, FieldPort}}
	for _, cl := range []Client{c, f} {
		e, err := cl.GetElement("t", set, probe)
		if err != nil {
			t.Fatalf("%T: GetElement: %v", cl, err)
		}
		if e.Counter == nil || e.Comment != "owner=x masqEntries[0] db" || e.Data == nil || e.Data.Ports[1] != 5010 {
			t.Errorf("%T: GetElement = %+v", cl, e)
		}
		missing := *probe
		missing.Proto = unix.IPPROTO_UDP
		if _, err := cl.GetElement("t", set, &missing); !errors.Is(err, ErrNotFound) {
			t.Errorf("%T: GetElement of a missing key = %v, want ErrNotFound", cl, err)
		}
		again := NewBatch("t")
		again.CreateElement(&Element{Set: "src4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.5")}})
		if err := cl.Apply(again); !errors.Is(err, ErrExists) {
			t.Errorf("%T: create of an existing element = %v, want ErrExists", cl, err)
		}
		gen, err := cl.Gen()
		if err != nil {
			t.Fatal(err)
		}
		bump := NewBatch("t")
		bump.AddElement(&Element{Set: "src4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.6")}})
		if err := cl.Apply(bump); err != nil {
			t.Fatal(err)
		}
		late := NewBatch("t")
		late.GenID = gen
		late.AddElement(&Element{Set: "src4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.7")}})
		if err := cl.Apply(late); !errors.Is(err, unix.ERESTART) {
			t.Errorf("%T: batch of an older generation = %v, want ERESTART", cl, err)
		}
	}
}

// TestTraceFlat: the tracer builds concatenated keys, finds the element,
// translates with the map's data (address and ports) or masquerades,
// counts the packet in the element it found, and leaves what no element
// matches alone.
func TestTraceFlat(t *testing.T) {
	f := NewFake()
	if err := f.Apply(flatSample()); err != nil {
		t.Fatal(err)
	}
	a := netip.MustParseAddr
	for _, c := range []struct {
		name string
		p    Packet
		want string
	}{
		{"tcp to the /24", Packet{Src: a("198.51.100.5"), Dst: a("192.0.2.77"), Proto: unix.IPPROTO_TCP}, "snat 203.0.113.10:5000-5010 fully"},
		{"udp to the /24: no element", Packet{Src: a("198.51.100.5"), Dst: a("192.0.2.77"), Proto: unix.IPPROTO_UDP}, "none"},
		{"to the /8", Packet{Src: a("198.51.100.5"), Dst: a("10.9.8.7"), Proto: unix.IPPROTO_UDP}, "masquerade random"},
		{"another source", Packet{Src: a("198.51.100.6"), Dst: a("10.9.8.7"), Proto: unix.IPPROTO_UDP}, "none"},
		{"ipv6", Packet{Src: a("2001:db8:ff::5"), Dst: a("2001:db8:7::1"), Proto: unix.IPPROTO_SCTP}, "snat 2001:db8:1::1:6000-6010"},
	} {
		p := c.p
		if _, err := f.Trace(unix.NF_INET_POST_ROUTING, "", &p); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := translation(p.NAT); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	e, err := f.GetElement("t", &Set{Name: "masq4", Fields: []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV4}},
		&Element{Key: []netip.Addr{a("198.51.100.5"), a("10.0.0.0")}})
	if err != nil || e.Counter == nil || e.Counter.Packets != 1 {
		t.Errorf("masq4 element = %+v, %v; want one packet counted", e, err)
	}
}

func translation(t *Translation) string {
	switch {
	case t == nil:
		return "none"
	case t.Masquerade:
		s := "masquerade"
		if t.Random {
			s += " random"
		}
		return s
	}
	s := fmt.Sprintf("snat %s:%d-%d", t.Addr, t.PortLo, t.PortHi)
	if t.Fully {
		s += " fully"
	}
	return s
}
