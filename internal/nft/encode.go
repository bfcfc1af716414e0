package nft

import (
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
	typeIPv4Addr        = 7 // nft's datatype ids
	typeIPv6Addr        = 8
	typeIfindex         = 20
	typeMark            = 19
	attrSetExpr         = 17 // NFTA_SET_EXPR: the expression each element gets (counter)
	udataElemComment    = 0  // NFTNL_UDATA_SET_ELEM_COMMENT
	typeBits            = 6  // a concatenation's type is its fields' ids, 6 bits each
	udataComment        = 0  // NFTNL_UDATA_{RULE,CHAIN}_COMMENT
	maxUserdataValueLen = 255
)

// Set user data exactly as nft 1.0.6 writes it for these declarations,
// so nft lists the sets as it lists its own: key byte order big endian
// for address maps; for concatenations, byte order unset and the
// "typeof" record nft stores for a type of concatenated datatypes.
var (
	udataAddrMap = []byte{0, 4, 2, 0, 0, 0, 1, 4, 0, 0, 0, 0, 6, 4, 0, 0, 0, 0}
	udataConcat  = []byte{0, 4, 0, 0, 0, 0, 3, 8, 0, 4, 13, 0, 0, 0, 1, 0}
	// udataHostKey: key byte order host, for a key of interface indexes.
	udataHostKey = binary.NativeEndian.AppendUint32([]byte{0, 4}, 1)
)

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
	case OpDelSetIfEmpty:
		m.typ, m.flags = unix.NFT_MSG_DELSET, m.flags|unix.NLM_F_NONREC
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
	case OpAddElem, OpDelElem:
		m.typ = unix.NFT_MSG_DELSETELEM
		if op.Kind == OpAddElem {
			m.typ, m.flags = unix.NFT_MSG_NEWSETELEM, m.flags|unix.NLM_F_CREATE
		}
		a, err = encodeElem(table, op.Elem)
	default:
		return m, fmt.Errorf("unknown operation %d", op.Kind)
	}
	m.attrs = a
	return m, err
}

func encodeSet(table string, s *Set) (attrs, error) {
	if len(s.Fields) == 0 {
		return nil, errors.New("set without key fields")
	}
	var a attrs
	a = a.str(unix.NFTA_SET_TABLE, table).str(unix.NFTA_SET_NAME, s.Name)
	var flags, keyType, keyLen uint32
	var desc attrs
	for _, f := range s.Fields {
		t, n := uint32(typeIPv4Addr), uint32(fieldLen(f))
		switch f {
		case unix.NFPROTO_IPV6:
			t = typeIPv6Addr
		case FieldIfindex:
			t = typeIfindex
		}
		keyType = keyType<<typeBits | t
		keyLen += n
		desc = desc.nest(unix.NFTA_LIST_ELEM, attrs(nil).u32(attrSetFieldLen, n))
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
	a = a.u32(unix.NFTA_SET_FLAGS, flags).u32(unix.NFTA_SET_KEY_TYPE, keyType).u32(unix.NFTA_SET_KEY_LEN, keyLen)
	if s.Verdicts {
		a = a.u32(unix.NFTA_SET_DATA_TYPE, unix.NFT_DATA_VERDICT).u32(unix.NFTA_SET_DATA_LEN, 0)
	}
	if len(s.Data) > 0 {
		var dt uint32
		for _, f := range s.Data {
			t := uint32(typeMark)
			if f == FieldIfindex {
				t = typeIfindex
			}
			dt = dt<<typeBits | t
		}
		a = a.u32(unix.NFTA_SET_DATA_TYPE, dt).u32(unix.NFTA_SET_DATA_LEN, uint32(4*len(s.Data)))
	}
	if len(s.Fields) > 1 {
		a = a.nest(unix.NFTA_SET_DESC, attrs(nil).nest(attrSetDescConcat, desc))
	}
	if s.Counter {
		a = a.nest(attrSetExpr, counterExpr())
	}
	a = a.u32(unix.NFTA_SET_ID, s.ID)
	switch {
	case len(s.Fields) == 1 && s.Fields[0] == FieldIfindex:
		udata = udataHostKey
	case s.Fields[0] == FieldIfindex:
		return a, nil // nft shows a concatenation from its type alone
	}
	return a.add(unix.NFTA_SET_USERDATA, udata), nil
}

// counterExpr is a counter expression's attributes, starting at zero.
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

func encodeElem(table string, e *Element) (attrs, error) {
	if len(e.Key) == 0 && e.Iif == 0 {
		return nil, errors.New("element without a key")
	}
	key := keyBytes(e.Key)
	if e.Iif != 0 {
		key = append(binary.NativeEndian.AppendUint32(nil, e.Iif), key...)
	}
	var el attrs
	el = el.nest(unix.NFTA_SET_ELEM_KEY, attrs(nil).add(unix.NFTA_DATA_VALUE, key))
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
	if e.Value != nil {
		el = el.nest(unix.NFTA_SET_ELEM_DATA, attrs(nil).add(unix.NFTA_DATA_VALUE, e.Value))
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
