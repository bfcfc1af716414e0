package nft

import (
	"bytes"
	"net/netip"
	"testing"

	"golang.org/x/sys/unix"
)

// TestDataFieldOrder: a map's data is an address first or none, then
// ports, then interface indexes or words; a key has an interface index
// only first and a protocol only second of its addresses. encodeSet
// refuses any other order, so that Data (Addr, Ports, Words) reads any
// value it accepts.
func TestDataFieldOrder(t *testing.T) {
	v4, v6 := byte(unix.NFPROTO_IPV4), byte(unix.NFPROTO_IPV6)
	for _, c := range []struct {
		fields, data []byte
		ok           bool
	}{
		{[]byte{v4}, []byte{v4, FieldPort, FieldPort}, true},
		{[]byte{v4}, []byte{FieldIfindex, FieldU32, FieldU32}, true},
		{[]byte{v6}, []byte{v6, FieldPort, FieldU32}, true},
		{[]byte{FieldIfindex, v4, FieldProto, v4}, nil, true},
		{[]byte{v4}, []byte{FieldU32, v4}, false},
		{[]byte{v4}, []byte{v4, FieldU32, FieldPort}, false},
		{[]byte{v4}, []byte{v4, v4}, false},
		{[]byte{v4}, []byte{FieldProto}, false},
		{[]byte{v4, FieldIfindex}, nil, false},
		{[]byte{FieldProto, v4}, nil, false},
		{[]byte{v4, FieldU32}, nil, false},
		{[]byte{v4, FieldPort}, nil, false},
	} {
		_, err := encodeSet("t", &Set{Name: "s", Fields: c.fields, Data: c.data})
		if (err == nil) != c.ok {
			t.Errorf("set of key %v data %v: %v, want accepted %v", c.fields, c.data, err, c.ok)
		}
	}
}

// TestDataBytesRoundTrip: a value's register bytes read back as the
// value, field by field as its map declares them.
func TestDataBytesRoundTrip(t *testing.T) {
	for _, c := range []struct {
		fields []byte
		d      *Data
	}{
		{[]byte{unix.NFPROTO_IPV4, FieldPort, FieldPort}, &Data{Addr: netip.MustParseAddr("203.0.113.10"), Ports: []uint16{5000, 5010}}},
		{[]byte{unix.NFPROTO_IPV6}, &Data{Addr: netip.MustParseAddr("2001:db8::1")}},
		{[]byte{FieldIfindex, FieldU32, FieldU32}, &Data{Words: []uint32{7, 0xa1f2713b, 0x811c9dc5}}},
	} {
		b := c.d.bytes()
		if len(b) != 4*len(c.fields)+12*bytes.Count(c.fields, []byte{unix.NFPROTO_IPV6}) {
			t.Errorf("%s: %d bytes for fields %v", c.d, len(b), c.fields)
		}
		if got := splitData(c.fields, b); !got.Equal(c.d) {
			t.Errorf("%s read back as %v", c.d, got)
		}
		if short := splitData(c.fields, b[:len(b)-1]); short != nil {
			t.Errorf("%s: a value one byte short read as %v, want none", c.d, short)
		}
	}
}
