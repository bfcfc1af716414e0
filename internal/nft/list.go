package nft

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

func listErr(what string, err error) error {
	var oe *OpError
	if errors.As(err, &oe) {
		oe.Op = "listing " + what
		return oe
	}
	return fmt.Errorf("listing %s: %w", what, err)
}

// TableExists reports whether the inet table exists.
func (c *Conn) TableExists(table string) (bool, error) {
	_, err := c.dump(unix.NFT_MSG_GETTABLE, false, attrs(nil).str(unix.NFTA_TABLE_NAME, table))
	switch {
	case errors.Is(err, ErrNotFound):
		return false, nil
	case err != nil:
		return false, listErr("table "+familyName(c.family())+" "+table, err)
	}
	return true, nil
}

// ListChains returns the chains of the inet table (none when the table
// does not exist).
func (c *Conn) ListChains(table string) ([]Chain, error) {
	// The kernel filters chain dumps by family only.
	msgs, err := c.dump(unix.NFT_MSG_GETCHAIN, true, nil)
	if err != nil {
		return nil, listErr("chains of "+familyName(c.family())+" "+table, err)
	}
	var out []Chain
	for _, m := range msgs {
		t, ch := decodeChain(m)
		if t == table {
			out = append(out, ch)
		}
	}
	return out, nil
}

// GetChain returns one chain; a missing table or chain is ErrNotFound.
func (c *Conn) GetChain(table, name string) (*Chain, error) {
	msgs, err := c.dump(unix.NFT_MSG_GETCHAIN, false, attrs(nil).str(unix.NFTA_CHAIN_TABLE, table).str(unix.NFTA_CHAIN_NAME, name))
	if err != nil {
		return nil, listErr("chain "+familyName(c.family())+" "+table+" "+name, err)
	}
	if len(msgs) == 0 {
		return nil, &OpError{Op: "listing chain " + familyName(c.family()) + " " + table + " " + name, Errno: unix.ENOENT}
	}
	_, ch := decodeChain(msgs[0])
	return &ch, nil
}

func decodeChain(b []byte) (table string, ch Chain) {
	for _, a := range decodeAttrs(b) {
		switch a.typ {
		case unix.NFTA_CHAIN_TABLE:
			table = cstring(a.data)
		case unix.NFTA_CHAIN_NAME:
			ch.Name = cstring(a.data)
		case unix.NFTA_CHAIN_HANDLE:
			if len(a.data) == 8 {
				ch.Handle = beU64(a.data)
			}
		case unix.NFTA_CHAIN_TYPE:
			if ch.Hook == nil {
				ch.Hook = &Hook{}
			}
			ch.Hook.Type = cstring(a.data)
		case unix.NFTA_CHAIN_HOOK:
			if ch.Hook == nil {
				ch.Hook = &Hook{}
			}
			for _, h := range decodeAttrs(a.data) {
				switch h.typ {
				case unix.NFTA_HOOK_HOOKNUM:
					ch.Hook.Num = beU32(h.data)
				case unix.NFTA_HOOK_PRIORITY:
					ch.Hook.Priority = int32(beU32(h.data))
				case unix.NFTA_HOOK_DEV:
					ch.Hook.Device = cstring(h.data)
				}
			}
		case attrChainUserdata:
			if v, ok := userdataGet(a.data, udataComment); ok {
				ch.Comment = cstring(v)
			}
		}
	}
	return table, ch
}

// ListRules returns the rules of a chain in order, or with chain empty
// the rules of every chain of the table (one request: a caller checking
// several small chains pays one round trip). A missing table or chain
// yields no rules: the kernel's filtered dump does not tell them apart
// from an empty chain (use GetChain for that).
func (c *Conn) ListRules(table, chain string) ([]Rule, error) {
	filter := attrs(nil).str(unix.NFTA_RULE_TABLE, table)
	if chain != "" {
		filter = filter.str(unix.NFTA_RULE_CHAIN, chain)
	}
	msgs, err := c.dump(unix.NFT_MSG_GETRULE, true, filter)
	if err != nil {
		return nil, listErr("rules of "+familyName(c.family())+" "+table+" "+chain, err)
	}
	out := make([]Rule, 0, len(msgs))
	for _, m := range msgs {
		r, t, err := decodeRule(m)
		if err != nil {
			return nil, listErr("rules of "+familyName(c.family())+" "+table+" "+chain, err)
		}
		if t == table && (chain == "" || r.Chain == chain) { // in case the kernel ignores the filter
			out = append(out, r)
		}
	}
	return out, nil
}

func decodeRule(b []byte) (r Rule, table string, err error) {
	for _, a := range decodeAttrs(b) {
		switch a.typ {
		case unix.NFTA_RULE_TABLE:
			table = cstring(a.data)
		case unix.NFTA_RULE_CHAIN:
			r.Chain = cstring(a.data)
		case unix.NFTA_RULE_HANDLE:
			if len(a.data) == 8 {
				r.Handle = beU64(a.data)
			}
		case unix.NFTA_RULE_USERDATA:
			if v, ok := userdataGet(a.data, udataComment); ok {
				r.Comment = cstring(v)
			}
		case unix.NFTA_RULE_EXPRESSIONS:
			for _, el := range decodeAttrs(a.data) {
				e, err := decodeExpr(el.data)
				if err != nil {
					return r, table, err
				}
				r.Exprs = append(r.Exprs, e)
			}
		}
	}
	return r, table, nil
}

func decodeExpr(b []byte) (expr.Any, error) {
	var name string
	var data []byte
	for _, a := range decodeAttrs(b) {
		switch a.typ {
		case unix.NFTA_EXPR_NAME:
			name = cstring(a.data)
		case unix.NFTA_EXPR_DATA:
			data = a.data
		}
	}
	if z, ok := decodeOrigZoneSet(name, data); ok {
		return z, nil
	}
	e := newExpr(name)
	if e == nil {
		return &opaque{name: name}, nil
	}
	if err := expr.Unmarshal(unix.NFPROTO_INET, data, e); err != nil {
		return nil, fmt.Errorf("decoding %s expression: %w", name, err)
	}
	// The library reads a ct expression's destination register only: a
	// "ct set" (NFTA_CT_SREG) would read back as a load into register 0.
	if ct, ok := e.(*expr.Ct); ok {
		for _, a := range decodeAttrs(data) {
			if a.typ == unix.NFTA_CT_SREG && len(a.data) == 4 {
				ct.SourceRegister, ct.Register = true, binary.BigEndian.Uint32(a.data)
			}
		}
	}
	// A verdict is an immediate into the verdict register.
	if imm, ok := e.(*expr.Immediate); ok && imm.Register == unix.NFT_REG_VERDICT && len(imm.Data) == 0 {
		v := &expr.Verdict{}
		if err := expr.Unmarshal(unix.NFPROTO_INET, data, v); err != nil {
			return nil, fmt.Errorf("decoding verdict: %w", err)
		}
		return v, nil
	}
	return e, nil
}

// ListElements returns the elements of set s, its keys split by s's
// fields. A missing table or set is ErrNotFound.
func (c *Conn) ListElements(table string, s *Set) ([]Element, error) {
	msgs, err := c.dump(unix.NFT_MSG_GETSETELEM, true, attrs(nil).str(unix.NFTA_SET_ELEM_LIST_TABLE, table).str(unix.NFTA_SET_ELEM_LIST_SET, s.Name))
	if err != nil {
		return nil, listErr("elements of "+familyName(c.family())+" "+table+" "+s.Name, err)
	}
	var out []Element
	for _, m := range msgs {
		for _, a := range decodeAttrs(m) {
			if a.typ != unix.NFTA_SET_ELEM_LIST_ELEMENTS {
				continue
			}
			for _, el := range decodeAttrs(a.data) {
				if e, ok := decodeElem(s, el.data); ok {
					out = append(out, e)
				}
			}
		}
	}
	return out, nil
}

// GetElement returns the element of set s with e's key, its value,
// comment and counter as the kernel holds them: one request, whatever
// the set's size. A missing table, set or key is ErrNotFound.
func (c *Conn) GetElement(table string, s *Set, e *Element) (*Element, error) {
	what := "element " + e.keyText() + " of " + familyName(c.family()) + " " + table + " " + s.Name
	req, err := encodeElem(table, &Element{Set: s.Name, Iif: e.Iif, Key: e.Key, Proto: e.Proto})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	msgs, err := c.dump(unix.NFT_MSG_GETSETELEM, false, req)
	if err != nil {
		return nil, listErr(what, err)
	}
	for _, m := range msgs {
		for _, a := range decodeAttrs(m) {
			if a.typ != unix.NFTA_SET_ELEM_LIST_ELEMENTS {
				continue
			}
			for _, el := range decodeAttrs(a.data) {
				if got, ok := decodeElem(s, el.data); ok {
					return &got, nil
				}
			}
		}
	}
	return nil, &OpError{Op: "listing " + what, Errno: unix.ENOENT}
}

func decodeElem(s *Set, b []byte) (Element, bool) {
	e := Element{Set: s.Name}
	ok := false
	for _, a := range decodeAttrs(b) {
		switch a.typ {
		case unix.NFTA_SET_ELEM_KEY:
			k := dataValue(a.data)
			if len(s.Fields) > 0 && s.Fields[0] == FieldIfindex && len(k) >= 4 {
				e.Iif, k = binary.NativeEndian.Uint32(k), k[4:]
			}
			e.Key, e.Proto, ok = splitKey(addrFields(s.Fields), k)
		case attrSetElemKeyEnd:
			e.KeyEnd, _, _ = splitKey(addrFields(s.Fields), dataValue(a.data))
		case unix.NFTA_SET_ELEM_USERDATA:
			if v, found := userdataGet(a.data, udataElemComment); found {
				e.Comment = cstring(v)
			}
		case unix.NFTA_SET_ELEM_EXPR:
			e.Counter = decodeCounter(a.data, e.Counter)
		case attrElemExpressions:
			for _, x := range decodeAttrs(a.data) {
				e.Counter = decodeCounter(x.data, e.Counter)
			}
		case unix.NFTA_SET_ELEM_DATA:
			if len(s.Data) > 0 {
				e.Data = splitData(s.Data, dataValue(a.data))
			}
			for _, d := range decodeAttrs(a.data) {
				if d.typ != unix.NFTA_DATA_VERDICT {
					continue
				}
				v := &Verdict{}
				for _, f := range decodeAttrs(d.data) {
					switch f.typ {
					case unix.NFTA_VERDICT_CODE:
						v.Code = int32(beU32(f.data))
					case unix.NFTA_VERDICT_CHAIN:
						v.Chain = cstring(f.data)
					}
				}
				e.Verdict = v
			}
		}
	}
	return e, ok
}

func dataValue(b []byte) []byte {
	for _, a := range decodeAttrs(b) {
		if a.typ == unix.NFTA_DATA_VALUE {
			return a.data
		}
	}
	return nil
}

// splitKey cuts a key into the set's address fields and its protocol;
// each field takes a multiple of 4 bytes, as registers do.
func splitKey(fields []byte, b []byte) ([]netip.Addr, byte, bool) {
	out := make([]netip.Addr, 0, len(fields))
	var proto byte
	for _, f := range fields {
		n := fieldLen(f)
		if len(b) < n {
			return nil, 0, false
		}
		if f == FieldProto {
			proto = b[0]
		} else {
			a, _ := netip.AddrFromSlice(b[:n])
			out = append(out, a)
		}
		b = b[n:]
	}
	return out, proto, true
}

// splitData reads a plain-data value of fields (Data's order); nil when
// it is too short.
func splitData(fields []byte, b []byte) *Data {
	d := &Data{}
	for _, f := range fields {
		n := fieldLen(f)
		if len(b) < n {
			return nil
		}
		switch dataRank(f) {
		case 0:
			d.Addr, _ = netip.AddrFromSlice(b[:n])
		case 1:
			d.Ports = append(d.Ports, binary.BigEndian.Uint16(b))
		default:
			d.Words = append(d.Words, binary.NativeEndian.Uint32(b))
		}
		b = b[n:]
	}
	return d
}

// decodeCounter reads a counter expression (name and data), or keeps
// have when it is another.
func decodeCounter(b []byte, have *Counter) *Counter {
	e, err := decodeExpr(b)
	if err != nil {
		return have
	}
	if c, ok := e.(*expr.Counter); ok {
		return &Counter{Packets: c.Packets, Bytes: c.Bytes}
	}
	return have
}

// ListSets returns the sets and maps of the inet table (none when the
// table does not exist). A key of a type this package does not declare
// has a field 0.
func (c *Conn) ListSets(table string) ([]Set, error) {
	msgs, err := c.dump(unix.NFT_MSG_GETSET, true, attrs(nil).str(unix.NFTA_SET_TABLE, table))
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, listErr("sets of "+familyName(c.family())+" "+table, err)
	}
	var out []Set
	for _, m := range msgs {
		if t, s := decodeSet(m); t == table {
			out = append(out, s)
		}
	}
	return out, nil
}

func decodeSet(b []byte) (table string, s Set) {
	for _, a := range decodeAttrs(b) {
		switch a.typ {
		case unix.NFTA_SET_TABLE:
			table = cstring(a.data)
		case unix.NFTA_SET_NAME:
			s.Name = cstring(a.data)
		case unix.NFTA_SET_FLAGS:
			f := beU32(a.data)
			s.Verdicts = f&unix.NFT_SET_MAP != 0
			s.Interval = f&unix.NFT_SET_INTERVAL != 0
		case unix.NFTA_SET_KEY_TYPE:
			s.Fields = typeFields(beU32(a.data))
		case unix.NFTA_SET_DATA_TYPE:
			if t := beU32(a.data); t != unix.NFT_DATA_VERDICT {
				s.Data = typeFields(t)
			}
		case attrSetExpr:
			s.Counter = s.Counter || decodeCounter(a.data, nil) != nil
		case attrSetExpressions:
			for _, x := range decodeAttrs(a.data) {
				s.Counter = s.Counter || decodeCounter(x.data, nil) != nil
			}
		}
	}
	if len(s.Data) > 0 {
		s.Verdicts = false
	}
	return table, s
}

// typeFields splits a concatenated type into field kinds (0 for a type
// this package does not declare).
func typeFields(t uint32) []byte {
	var out []byte
	for ; t != 0; t >>= typeBits {
		var f byte
		switch t & (1<<typeBits - 1) {
		case typeIPv4Addr:
			f = unix.NFPROTO_IPV4
		case typeIPv6Addr:
			f = unix.NFPROTO_IPV6
		case typeInetProto:
			f = FieldProto
		case typeInetService:
			f = FieldPort
		case typeIfindex:
			f = FieldIfindex
		case typeMark:
			f = FieldU32
		}
		out = append([]byte{f}, out...)
	}
	return out
}
