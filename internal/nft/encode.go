package nft

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Netlink attributes of nf_tables.h that x/sys/unix does not name.
const (
	attrChainUserdata   = 12 // NFTA_CHAIN_USERDATA
	attrSetDescConcat   = 2  // NFTA_SET_DESC_CONCAT
	attrSetFieldLen     = 1  // NFTA_SET_FIELD_LEN
	attrSetElemKeyEnd   = 10 // NFTA_SET_ELEM_KEY_END
	setFlagConcat       = 0x80
	attrSetExpr         = 17 // NFTA_SET_EXPR: the expression each element gets (counter)
	attrSetExpressions  = 18 // NFTA_SET_EXPRESSIONS
	attrElemExpressions = 11 // NFTA_SET_ELEM_EXPRESSIONS
	udataElemComment    = 0  // NFTNL_UDATA_SET_ELEM_COMMENT
	typeIPv4Addr        = 7  // nft's datatype ids
	typeIPv6Addr        = 8
	typeInetProto       = 12
	typeInetService     = 13
	typeMark            = 19
	typeIfindex         = 20
	typeBits            = 6 // a concatenation's type is its fields' ids, 6 bits each
	udataComment        = 0 // NFTNL_UDATA_{RULE,CHAIN}_COMMENT
	maxUserdataValueLen = 255
)

// Set user data exactly as nft 1.0.6 writes it for these declarations,
// so nft lists the sets as it lists its own: key byte order big endian
// for address maps; for concatenations, byte order unset and the
// "typeof" record nft stores for a type of concatenated datatypes.
var (
	udataAddrMap = []byte{0, 4, 2, 0, 0, 0, 1, 4, 0, 0, 0, 0, 6, 4, 0, 0, 0, 0}
	udataConcat  = []byte{0, 4, 0, 0, 0, 0, 3, 8, 0, 4, 13, 0, 0, 0, 1, 0}
	// Keys with a protocol field, and maps to an address and ports: key
	// and data in network byte order.
	udataTyped = []byte{0, 4, 2, 0, 0, 0, 1, 4, 2, 0, 0, 0}
	// udataHostKey: key byte order host, for a key of interface indexes.
	udataHostKey = binary.NativeEndian.AppendUint32([]byte{0, 4}, 1)
)

// field is how a key or data field is declared: nft's type id, its
// length and the register bytes it takes.
func field(f byte) (typ, n, padded uint32, err error) {
	switch f {
	case unix.NFPROTO_IPV4:
		return typeIPv4Addr, 4, 4, nil
	case unix.NFPROTO_IPV6:
		return typeIPv6Addr, 16, 16, nil
	case FieldProto:
		return typeInetProto, 1, 4, nil
	case FieldPort:
		return typeInetService, 2, 4, nil
	case FieldIfindex:
		return typeIfindex, 4, 4, nil
	case FieldU32:
		return typeMark, 4, 4, nil
	}
	return 0, 0, 0, fmt.Errorf("unknown field kind %#x", f)
}

// concatType is the fields' concatenated nft type and register length.
func concatType(fields []byte) (typ, n uint32, desc attrs, err error) {
	for _, f := range fields {
		t, l, padded, err := field(f)
		if err != nil {
			return 0, 0, nil, err
		}
		typ = typ<<typeBits | t
		n += padded
		desc = desc.nest(unix.NFTA_LIST_ELEM, attrs(nil).u32(attrSetFieldLen, l))
	}
	return typ, n, desc, nil
}

// attrs builds a netlink attribute stream.
type attrs []byte

func (a attrs) add(typ uint16, data []byte) attrs {
	n := 4 + len(data)
	a = binary.NativeEndian.AppendUint16(a, uint16(n))
	a = binary.NativeEndian.AppendUint16(a, typ)
	a = append(a, data...)
	for n%4 != 0 {
		a, n = append(a, 0), n+1
	}
	return a
}

func (a attrs) str(typ uint16, s string) attrs { return a.add(typ, append([]byte(s), 0)) }
func (a attrs) u32(typ uint16, v uint32) attrs { return a.add(typ, be32(v)) }
func (a attrs) nest(typ uint16, inner attrs) attrs {
	return a.add(typ|unix.NLA_F_NESTED, inner)
}

// userdataString is one nftnl user data record holding a string.
func userdataString(typ byte, s string) ([]byte, error) {
	if len(s)+1 > maxUserdataValueLen {
		return nil, fmt.Errorf("comment of %d bytes is too long", len(s))
	}
	return append(append([]byte{typ, byte(len(s) + 1)}, s...), 0), nil
}

func encodeOp(fam byte, table string, op Op) (message, error) {
	if op.Table != "" {
		table = op.Table
	}
	m := message{fam: fam, flags: unix.NLM_F_REQUEST | unix.NLM_F_ACK}
	var a attrs
	var err error
	switch op.Kind {
	case OpAddTable:
		m.typ, m.flags = unix.NFT_MSG_NEWTABLE, m.flags|unix.NLM_F_CREATE
		a = a.str(unix.NFTA_TABLE_NAME, table).u32(unix.NFTA_TABLE_FLAGS, 0)
	case OpDelTable, OpDelTableIfEmpty:
		m.typ = unix.NFT_MSG_DELTABLE
		if op.Kind == OpDelTableIfEmpty {
			m.flags |= unix.NLM_F_NONREC
		}
		a = a.str(unix.NFTA_TABLE_NAME, table)
	case OpDelSetIfEmpty, OpDelSet:
		m.typ = unix.NFT_MSG_DELSET
		if op.Kind == OpDelSetIfEmpty {
			m.flags |= unix.NLM_F_NONREC
		}
		a = a.str(unix.NFTA_SET_TABLE, table).str(unix.NFTA_SET_NAME, op.Set.Name)
	case OpAddSet:
		m.typ, m.flags = unix.NFT_MSG_NEWSET, m.flags|unix.NLM_F_CREATE
		a, err = encodeSet(table, op.Set)
	case OpAddChain, OpCreateChain:
		m.typ, m.flags = unix.NFT_MSG_NEWCHAIN, m.flags|unix.NLM_F_CREATE
		if op.Kind == OpCreateChain {
			m.flags |= unix.NLM_F_EXCL
		}
		a, err = encodeChain(table, op.Chain)
	case OpFlushChain:
		m.typ = unix.NFT_MSG_DELRULE
		a = a.str(unix.NFTA_RULE_TABLE, table).str(unix.NFTA_RULE_CHAIN, op.Chain.Name)
	case OpDelChain:
		m.typ = unix.NFT_MSG_DELCHAIN
		a = a.str(unix.NFTA_CHAIN_TABLE, table)
		if op.Chain.Handle != 0 {
			a = a.add(unix.NFTA_CHAIN_HANDLE, binary.BigEndian.AppendUint64(nil, op.Chain.Handle))
		} else {
			a = a.str(unix.NFTA_CHAIN_NAME, op.Chain.Name)
		}
	case OpAddRule:
		m.typ, m.flags = unix.NFT_MSG_NEWRULE, m.flags|unix.NLM_F_CREATE|unix.NLM_F_APPEND
		a, err = encodeRule(table, op.Rule)
	case OpAddElem, OpDelElem, OpCreateElem:
		m.typ = unix.NFT_MSG_DELSETELEM
		switch op.Kind {
		case OpAddElem:
			m.typ, m.flags = unix.NFT_MSG_NEWSETELEM, m.flags|unix.NLM_F_CREATE
		case OpCreateElem:
			m.typ, m.flags = unix.NFT_MSG_NEWSETELEM, m.flags|unix.NLM_F_CREATE|unix.NLM_F_EXCL
		}
		a, err = encodeElem(table, op.Elem)
	default:
		return m, fmt.Errorf("unknown operation %d", op.Kind)
	}
	m.attrs = a
	return m, err
}

func encodeSet(table string, s *Set) (attrs, error) {
	if err := keyFieldsOK(s.Fields); err != nil {
		return nil, err
	}
	var a attrs
	a = a.str(unix.NFTA_SET_TABLE, table).str(unix.NFTA_SET_NAME, s.Name)
	var flags uint32
	keyType, keyLen, desc, err := concatType(s.Fields)
	if err != nil {
		return nil, err
	}
	if s.Verdicts || len(s.Data) > 0 {
		flags |= unix.NFT_SET_MAP
	}
	if s.Interval {
		flags |= unix.NFT_SET_INTERVAL
	}
	udata := udataAddrMap
	if len(s.Fields) > 1 {
		flags |= setFlagConcat
		udata = udataConcat
	}
	if bytes.IndexByte(s.Fields, FieldProto) >= 0 || len(s.Data) > 0 && isAddr(s.Data[0]) {
		udata = udataTyped
	}
	a = a.u32(unix.NFTA_SET_FLAGS, flags).u32(unix.NFTA_SET_KEY_TYPE, keyType).u32(unix.NFTA_SET_KEY_LEN, keyLen)
	switch {
	case s.Verdicts:
		a = a.u32(unix.NFTA_SET_DATA_TYPE, unix.NFT_DATA_VERDICT).u32(unix.NFTA_SET_DATA_LEN, 0)
	case len(s.Data) > 0:
		if !dataFieldsOK(s.Data) {
			return nil, errors.New("map data is an address, then ports, then interface indexes or 32-bit words, each optional")
		}
		dt, dl, _, err := concatType(s.Data)
		if err != nil {
			return nil, err
		}
		a = a.u32(unix.NFTA_SET_DATA_TYPE, dt).u32(unix.NFTA_SET_DATA_LEN, dl)
	}
	if len(s.Fields) > 1 {
		a = a.nest(unix.NFTA_SET_DESC, attrs(nil).nest(attrSetDescConcat, desc))
	}
	a = a.u32(unix.NFTA_SET_ID, s.ID)
	if s.Counter {
		a = a.nest(attrSetExpr, counterExpr())
	}
	switch {
	case len(s.Fields) == 1 && s.Fields[0] == FieldIfindex:
		udata = udataHostKey
	case s.Fields[0] == FieldIfindex:
		return a, nil // nft shows a concatenation from its type alone
	}
	return a.add(unix.NFTA_SET_USERDATA, udata), nil
}

// keyFieldsOK: an interface index only first, a protocol only second of
// the address fields and only once, ports and words data only.
func keyFieldsOK(fields []byte) error {
	if len(fields) == 0 {
		return errors.New("set without key fields")
	}
	addrs := addrFields(fields)
	if i := bytes.IndexByte(addrs, FieldProto); i >= 0 && (i != 1 || bytes.Count(addrs, []byte{FieldProto}) > 1) {
		return errors.New("a protocol key field must be the second of the addresses, and the only one")
	}
	if bytes.IndexByte(addrs, FieldIfindex) >= 0 {
		return errors.New("an interface index key field must be the first, and the only one")
	}
	if bytes.IndexByte(fields, FieldPort) >= 0 || bytes.IndexByte(fields, FieldU32) >= 0 {
		return errors.New("ports and 32-bit words are data fields only")
	}
	return nil
}

func isAddr(f byte) bool { return f == unix.NFPROTO_IPV4 || f == unix.NFPROTO_IPV6 }

// dataRank orders the data fields as Data holds them: the address, the
// ports, the words.
func dataRank(f byte) int {
	switch {
	case isAddr(f):
		return 0
	case f == FieldPort:
		return 1
	case f == FieldIfindex, f == FieldU32:
		return 2
	}
	return -1
}

// dataFieldsOK: at most one address, first, then ports, then words.
func dataFieldsOK(fields []byte) bool {
	last := -1
	for i, f := range fields {
		r := dataRank(f)
		if r < 0 || r < last || r == 0 && i > 0 {
			return false
		}
		last = r
	}
	return true
}

// counterExpr is a counter expression as a set declares it for its
// elements, starting at zero.
func counterExpr() attrs {
	return attrs(nil).str(unix.NFTA_EXPR_NAME, "counter").nest(unix.NFTA_EXPR_DATA,
		attrs(nil).add(unix.NFTA_COUNTER_BYTES, make([]byte, 8)).add(unix.NFTA_COUNTER_PACKETS, make([]byte, 8)))
}

// fieldLen is a key field's length in a register.
func fieldLen(f byte) int {
	if f == unix.NFPROTO_IPV6 {
		return 16
	}
	return 4
}

func encodeChain(table string, c *Chain) (attrs, error) {
	var a attrs
	a = a.str(unix.NFTA_CHAIN_TABLE, table).str(unix.NFTA_CHAIN_NAME, c.Name)
	if c.Hook != nil {
		hook := attrs(nil).u32(unix.NFTA_HOOK_HOOKNUM, c.Hook.Num).u32(unix.NFTA_HOOK_PRIORITY, uint32(c.Hook.Priority))
		if c.Hook.Device != "" {
			hook = hook.str(unix.NFTA_HOOK_DEV, c.Hook.Device)
		}
		a = a.str(unix.NFTA_CHAIN_TYPE, c.Hook.Type).nest(unix.NFTA_CHAIN_HOOK, hook)
	}
	if c.Comment != "" {
		ud, err := userdataString(udataComment, c.Comment)
		if err != nil {
			return nil, err
		}
		a = a.add(attrChainUserdata, ud)
	}
	return a, nil
}

func encodeRule(table string, r *Rule) (attrs, error) {
	var a attrs
	a = a.str(unix.NFTA_RULE_TABLE, table).str(unix.NFTA_RULE_CHAIN, r.Chain)
	var list attrs
	for _, e := range r.Exprs {
		if _, ok := e.(*opaque); ok {
			return nil, errors.New("rule holds an expression that was not decoded")
		}
		if z, ok := e.(*OrigZoneSet); ok {
			list = list.add(unix.NFTA_LIST_ELEM|unix.NLA_F_NESTED, z.encode())
			continue
		}
		b, err := expr.Marshal(unix.NFPROTO_INET, e)
		if err != nil {
			return nil, fmt.Errorf("encoding %T: %w", e, err)
		}
		list = list.add(unix.NFTA_LIST_ELEM|unix.NLA_F_NESTED, b)
	}
	a = a.nest(unix.NFTA_RULE_EXPRESSIONS, list)
	if r.Comment != "" {
		ud, err := userdataString(udataComment, r.Comment)
		if err != nil {
			return nil, err
		}
		a = a.add(unix.NFTA_RULE_USERDATA, ud)
	}
	return a, nil
}

func keyBytes(as []netip.Addr) []byte {
	var b []byte
	for _, a := range as {
		b = append(b, a.AsSlice()...)
	}
	return b
}

// elemKey is an element's key as registers hold it: its interface
// index first when it has one, then its addresses, with the protocol
// (padded to four bytes) second of them when it has one.
func elemKey(e *Element) []byte {
	var b []byte
	if e.Iif != 0 {
		b = binary.NativeEndian.AppendUint32(b, e.Iif)
	}
	if e.Proto == 0 || len(e.Key) == 0 {
		return append(b, keyBytes(e.Key)...)
	}
	b = append(append(b, e.Key[0].AsSlice()...), e.Proto, 0, 0, 0)
	return append(b, keyBytes(e.Key[1:])...)
}

// bytes is a plain-data value as registers hold it: the address, each
// port in network order padded to four bytes, each word in host order.
func (d *Data) bytes() []byte {
	var b []byte
	if d.Addr.IsValid() {
		b = d.Addr.AsSlice()
	}
	for _, p := range d.Ports {
		b = append(b, byte(p>>8), byte(p), 0, 0)
	}
	for _, w := range d.Words {
		b = binary.NativeEndian.AppendUint32(b, w)
	}
	return b
}

func encodeElem(table string, e *Element) (attrs, error) {
	if len(e.Key) == 0 && e.Iif == 0 {
		return nil, errors.New("element without a key")
	}
	var el attrs
	el = el.nest(unix.NFTA_SET_ELEM_KEY, attrs(nil).add(unix.NFTA_DATA_VALUE, elemKey(e)))
	if len(e.KeyEnd) > 0 {
		el = el.nest(attrSetElemKeyEnd, attrs(nil).add(unix.NFTA_DATA_VALUE, keyBytes(e.KeyEnd)))
	}
	if e.Verdict != nil {
		v := attrs(nil).u32(unix.NFTA_VERDICT_CODE, uint32(e.Verdict.Code))
		if e.Verdict.Chain != "" {
			v = v.str(unix.NFTA_VERDICT_CHAIN, e.Verdict.Chain)
		}
		el = el.nest(unix.NFTA_SET_ELEM_DATA, attrs(nil).nest(unix.NFTA_DATA_VERDICT, v))
	}
	if e.Data != nil {
		el = el.nest(unix.NFTA_SET_ELEM_DATA, attrs(nil).add(unix.NFTA_DATA_VALUE, e.Data.bytes()))
	}
	if e.Comment != "" {
		ud, err := userdataString(udataElemComment, e.Comment)
		if err != nil {
			return nil, err
		}
		el = el.add(unix.NFTA_SET_ELEM_USERDATA, ud)
	}
	var a attrs
	a = a.str(unix.NFTA_SET_ELEM_LIST_TABLE, table).str(unix.NFTA_SET_ELEM_LIST_SET, e.Set)
	return a.nest(unix.NFTA_SET_ELEM_LIST_ELEMENTS, attrs(nil).nest(unix.NFTA_LIST_ELEM, el)), nil
}

// attr is one decoded netlink attribute.
type attr struct {
	typ  uint16 // without the nested and byte-order flags
	data []byte
}

func decodeAttrs(b []byte) []attr {
	var out []attr
	for len(b) >= 4 {
		n := int(binary.NativeEndian.Uint16(b[0:2]))
		if n < 4 || n > len(b) {
			break
		}
		out = append(out, attr{typ: binary.NativeEndian.Uint16(b[2:4]) &^ (unix.NLA_F_NESTED | unix.NLA_F_NET_BYTEORDER), data: b[4:n]})
		b = b[min((n+3)&^3, len(b)):]
	}
	return out
}

func cstring(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

func beU32(b []byte) uint32 {
	if len(b) < 4 {
		return 0
	}
	return binary.BigEndian.Uint32(b)
}

// beU64 is a handle (NFTA_*_HANDLE, big-endian); callers check the length.
func beU64(b []byte) uint64 { return binary.BigEndian.Uint64(b) }

// userdataGet returns the record typ of nftnl user data.
func userdataGet(b []byte, typ byte) ([]byte, bool) {
	for len(b) >= 2 {
		t, n := b[0], int(b[1])
		if 2+n > len(b) {
			return nil, false
		}
		if t == typ {
			return b[2 : 2+n], true
		}
		b = b[2+n:]
	}
	return nil, false
}
