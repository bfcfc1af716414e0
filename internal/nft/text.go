package nft

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/bits"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// This file renders rules in nft's words ("ip daddr 10.0.0.0/8 counter
// return"), as nft list ruleset prints what nft 1.0.6 compiles: the
// reading of expressions a person can check against intent. Rule.String
// stays the exact, register-level rendering that listings are compared
// by; this one may print two different expression lists alike (a
// dependency nft leaves implicit), so it is for people, not for keys.
//
// It follows the registers: a load (payload, meta, ct, immediate) puts a
// value in a register, and the expression reading it (cmp, bitwise,
// lookup, nat, meta set) prints it. An expression it cannot read, and a
// value loaded but never read, print as <unknown expr ...> with the
// register-level rendering, never dropped.

// kind is how a value prints.
type kind int

const (
	kindHex kind = iota
	kindAddr
	kindNfproto
	kindL4proto
	kindMark // host byte order, 0x%08x
	kindPort
	kindIfname
	kindCtState
)

// value is what a register holds while a rule is read.
type value struct {
	text  string // "ip daddr", "meta mark & 0xff00ffff | 0x00010000"; empty for a constant
	kind  kind
	width int    // the field's size in bytes
	n     int    // bytes loaded (fewer than width: a prefix)
	bits  int    // after a prefix mask: its length; -1 none
	konst []byte // an immediate's data
	mask  []byte // a mask without xor, for flag tests (ct state)
	raw   string // the register-level rendering of what made it
}

func (v *value) slots() int { return max(1, (v.n+3)/4) }

type printer struct {
	keyLen  func(set string) (int, bool)
	out     []string
	regs    map[uint32]*value // by 4-byte register (NFT_REG32_*) where the value starts
	nh, l4  byte              // network and transport protocols a match established
	pending string            // a protocol match, printed unless the next load implies it
	pendTh  bool              // pending is the transport one
}

// slot is the 4-byte register a register number starts at.
func slot(r uint32) uint32 {
	if r >= unix.NFT_REG32_00 {
		return r
	}
	return unix.NFT_REG32_00 + (r-1)*4
}

func unknown(e expr.Any) string { return "<unknown expr " + renderExpr(e) + ">" }

// RuleText renders r in nft's words, with its comment. keyLen, when not
// nil, gives a set's key length (the width of a concatenation a lookup
// reads); without it a lookup reads every value loaded from its register
// on.
func RuleText(r *Rule, keyLen func(set string) (int, bool)) string {
	p := &printer{keyLen: keyLen, regs: map[uint32]*value{}}
	for _, e := range r.Exprs {
		p.expr(e)
	}
	p.flush()
	for _, s := range sortedSlots(p.regs) {
		p.out = append(p.out, "<unknown expr "+p.regs[s].raw+" (not read)>")
	}
	s := strings.Join(p.out, " ")
	if r.Comment != "" {
		s += ` comment "` + r.Comment + `"`
	}
	return s
}

func sortedSlots(m map[uint32]*value) []uint32 {
	var out []uint32
	for s := uint32(0); s < 64; s++ {
		if m[s] != nil {
			out = append(out, s)
		}
	}
	return out
}

func (p *printer) emit(s string) { p.out = append(p.out, s) }

func (p *printer) flush() {
	if p.pending != "" {
		p.emit(p.pending)
		p.pending = ""
	}
}

// set puts v in register r, reporting what it overwrites unread.
func (p *printer) set(r uint32, v *value) {
	s := slot(r)
	for o, w := range p.regs {
		if o < s+uint32(v.slots()) && s < o+uint32(w.slots()) {
			p.emit("<unknown expr " + w.raw + " (overwritten)>")
			delete(p.regs, o)
		}
	}
	p.regs[s] = v
}

// take reads (and so consumes) the value starting at register r.
func (p *printer) take(r uint32) *value {
	v := p.regs[slot(r)]
	delete(p.regs, slot(r))
	return v
}

var (
	nfprotoNames = map[byte]string{unix.NFPROTO_IPV4: "ipv4", unix.NFPROTO_IPV6: "ipv6"}
	l4Names      = map[byte]string{unix.IPPROTO_TCP: "tcp", unix.IPPROTO_UDP: "udp", unix.IPPROTO_SCTP: "sctp",
		unix.IPPROTO_ICMP: "icmp", unix.IPPROTO_ICMPV6: "ipv6-icmp"}
	ctStateNames = []string{"invalid", "established", "related", "new"}
	ctKeyNames   = map[expr.CtKey]string{expr.CtKeySTATE: "state", expr.CtKeyMARK: "mark", expr.CtKeySTATUS: "status",
		expr.CtKeyDIRECTION: "direction", expr.CtKeyZONE: "zone", expr.CtKeyL3PROTOCOL: "l3proto", expr.CtKeyPROTOCOL: "protocol"}
)

func (p *printer) expr(e expr.Any) {
	// A protocol match nft leaves implicit before a header field of that
	// protocol: "meta nfproto ipv4 ip daddr X" lists as "ip daddr X".
	if pl, ok := e.(*expr.Payload); p.pending != "" && ok && pl.OperationType == expr.PayloadLoad &&
		(pl.Base == expr.PayloadBaseNetworkHeader && !p.pendTh || pl.Base == expr.PayloadBaseTransportHeader && p.pendTh) {
		p.pending = ""
	}
	p.flush()
	switch e := e.(type) {
	case *expr.Meta:
		p.meta(e)
	case *expr.Payload:
		if e.OperationType != expr.PayloadLoad {
			p.emit(unknown(e))
			return
		}
		p.set(e.DestRegister, p.payload(e))
	case *expr.Ct:
		name, ok := ctKeyNames[e.Key]
		if !ok {
			name = fmt.Sprintf("key %d", e.Key)
		}
		if e.SourceRegister {
			p.assign(e, "ct "+name, e.Register, kindMark)
			return
		}
		v := &value{text: "ct " + name, kind: kindHex, width: 4, n: 4, bits: -1, raw: renderExpr(e)}
		switch e.Key {
		case expr.CtKeySTATE:
			v.kind = kindCtState
		case expr.CtKeyMARK:
			v.kind = kindMark
		case expr.CtKeyL3PROTOCOL:
			v.kind, v.width, v.n = kindNfproto, 1, 1
		case expr.CtKeyPROTOCOL:
			v.kind, v.width, v.n = kindL4proto, 1, 1
		}
		p.set(e.Register, v)
	case *expr.Immediate:
		if e.Register == unix.NFT_REG_VERDICT {
			p.emit(unknown(e))
			return
		}
		p.set(e.Register, &value{konst: e.Data, n: len(e.Data), width: len(e.Data), bits: -1, raw: renderExpr(e)})
	case *expr.Cmp:
		p.cmp(e)
	case *expr.Bitwise:
		p.bitwise(e)
	case *expr.Lookup:
		p.lookup(e)
	case *expr.Verdict:
		p.emit((&Verdict{Code: int32(e.Kind), Chain: e.Chain}).String())
	case *expr.Counter:
		// Without its values, as Exprs: they change as the rule counts.
		p.emit("counter")
	case *expr.NAT:
		p.nat(e)
	case *expr.Masq:
		s := "masquerade"
		if e.ToPorts {
			s += " to " + p.ports(e.RegProtoMin, e.RegProtoMax)
		}
		p.emit(s + nftNatFlags(e.Random, e.FullyRandom, e.Persistent))
	case *expr.Redir:
		s := "redirect"
		if e.RegisterProtoMin != 0 {
			s += " to " + p.ports(e.RegisterProtoMin, e.RegisterProtoMax)
		}
		p.emit(s)
	case *expr.Log:
		s := "log"
		if len(e.Data) > 0 {
			s += ` prefix "` + cstring(e.Data) + `"`
		}
		p.emit(s)
	case *expr.Reject:
		p.emit("reject")
	default:
		p.emit(unknown(e))
	}
}

var metaFields = map[expr.MetaKey]struct {
	name  string
	kind  kind
	width int
}{
	expr.MetaKeyNFPROTO: {"meta nfproto", kindNfproto, 1}, expr.MetaKeyL4PROTO: {"meta l4proto", kindL4proto, 1},
	expr.MetaKeyMARK: {"meta mark", kindMark, 4}, expr.MetaKeyIIFNAME: {"iifname", kindIfname, 16},
	expr.MetaKeyOIFNAME: {"oifname", kindIfname, 16}, expr.MetaKeyIIF: {"iif", kindMark, 4}, expr.MetaKeyOIF: {"oif", kindMark, 4},
	expr.MetaKeyCGROUP: {"meta cgroup", kindMark, 4},
}

func (p *printer) meta(e *expr.Meta) {
	f, ok := metaFields[e.Key]
	if !ok {
		p.emit(unknown(e))
		return
	}
	if e.SourceRegister {
		p.assign(e, f.name, e.Register, f.kind)
		return
	}
	p.set(e.Register, &value{text: f.name, kind: f.kind, width: f.width, n: f.width, bits: -1, raw: renderExpr(e)})
}

// assign is "meta mark set VALUE": the register's value printed as k.
func (p *printer) assign(e expr.Any, left string, reg uint32, k kind) {
	v := p.take(reg)
	if v == nil {
		p.emit(unknown(e))
		return
	}
	if v.text != "" {
		p.emit(left + " set " + v.text)
		return
	}
	p.emit(left + " set " + format(k, v.konst))
}

// header fields by network protocol: offset, length.
var headerFields = map[byte]map[[2]uint32]string{
	unix.NFPROTO_IPV4: {{12, 4}: "ip saddr", {16, 4}: "ip daddr", {9, 1}: "ip protocol"},
	unix.NFPROTO_IPV6: {{8, 16}: "ip6 saddr", {24, 16}: "ip6 daddr", {6, 1}: "ip6 nexthdr"},
}

func (p *printer) payload(e *expr.Payload) *value {
	v := &value{kind: kindHex, width: int(e.Len), n: int(e.Len), bits: -1, raw: renderExpr(e)}
	switch e.Base {
	case expr.PayloadBaseNetworkHeader:
		fields := headerFields[p.nh]
		if name, ok := fields[[2]uint32{e.Offset, e.Len}]; ok {
			v.text = name
			if strings.HasSuffix(name, "addr") {
				v.kind = kindAddr
			} else {
				v.kind = kindL4proto
			}
			return v
		}
		// A prefix: the first bytes of an address.
		for k, name := range fields {
			if strings.HasSuffix(name, "addr") && e.Offset == k[0] && e.Len < k[1] {
				v.text, v.kind, v.width = name, kindAddr, int(k[1])
				return v
			}
		}
		v.text = fmt.Sprintf("@nh,%d,%d", e.Offset*8, e.Len*8)
	case expr.PayloadBaseTransportHeader:
		proto, ok := l4Names[p.l4]
		if ok && e.Len == 2 && (e.Offset == 0 || e.Offset == 2) && p.l4 != unix.IPPROTO_ICMP && p.l4 != unix.IPPROTO_ICMPV6 {
			v.text, v.kind = proto+" sport", kindPort
			if e.Offset == 2 {
				v.text = proto + " dport"
			}
			return v
		}
		v.text = fmt.Sprintf("@th,%d,%d", e.Offset*8, e.Len*8)
	default:
		v.text = fmt.Sprintf("@ll,%d,%d", e.Offset*8, e.Len*8)
	}
	return v
}

var cmpWords = map[expr.CmpOp]string{expr.CmpOpNeq: "!= ", expr.CmpOpLt: "< ", expr.CmpOpLte: "<= ", expr.CmpOpGt: "> ", expr.CmpOpGte: ">= "}

func (p *printer) cmp(e *expr.Cmp) {
	v := p.take(e.Register)
	if v == nil || v.text == "" || len(e.Data) != v.n {
		if v != nil {
			p.emit("<unknown expr " + v.raw + ">")
		}
		p.emit(unknown(e))
		return
	}
	op, known := cmpWords[e.Op]
	if e.Op == expr.CmpOpEq {
		op, known = "", true
		if strings.Contains(v.text, " & ") || strings.Contains(v.text, " | ") || strings.Contains(v.text, " ^ ") {
			op = "== "
		}
	}
	if !known {
		p.emit(unknown(e))
		return
	}
	// A flag test: "ct state & (established|related) != 0".
	if v.mask != nil && e.Op == expr.CmpOpNeq && allZero(e.Data) && v.kind == kindCtState {
		p.emit(strings.SplitN(v.text, " & ", 2)[0] + " " + format(v.kind, v.mask))
		return
	}
	text := v.text + " " + op + p.operand(v, e.Data)
	switch {
	case e.Op == expr.CmpOpEq && v.text == "meta nfproto" && len(e.Data) == 1:
		p.nh, p.pending, p.pendTh = e.Data[0], text, false
		return
	case e.Op == expr.CmpOpEq && v.text == "meta l4proto" && len(e.Data) == 1:
		p.l4, p.pending, p.pendTh = e.Data[0], text, true
		return
	}
	p.emit(text)
}

// operand prints data compared with v.
func (p *printer) operand(v *value, data []byte) string {
	if v.kind != kindAddr {
		return format(v.kind, data)
	}
	full := make([]byte, v.width)
	copy(full, data)
	a, _ := netip.AddrFromSlice(full)
	bits := v.n * 8
	if v.bits >= 0 {
		bits = v.bits
	}
	if bits == v.width*8 {
		return a.String()
	}
	return netip.PrefixFrom(a, bits).String()
}

func format(k kind, b []byte) string {
	switch {
	case k == kindNfproto && len(b) == 1 && nfprotoNames[b[0]] != "":
		return nfprotoNames[b[0]]
	case k == kindL4proto && len(b) == 1 && l4Names[b[0]] != "":
		return l4Names[b[0]]
	case k == kindMark && len(b) == 4:
		return fmt.Sprintf("0x%08x", binary.NativeEndian.Uint32(b))
	case k == kindPort && len(b) == 2:
		return strconv.Itoa(int(binary.BigEndian.Uint16(b)))
	case k == kindIfname:
		return strconv.Quote(cstring(b))
	case k == kindAddr && (len(b) == 4 || len(b) == 16):
		a, _ := netip.AddrFromSlice(b)
		return a.String()
	case k == kindCtState && len(b) == 4:
		v := binary.NativeEndian.Uint32(b)
		var names []string
		for i, name := range ctStateNames {
			if v&(1<<i) != 0 {
				names = append(names, name)
				v &^= 1 << i
			}
		}
		if v&(1<<6) != 0 {
			names, v = append(names, "untracked"), v&^(1<<6)
		}
		if v == 0 && len(names) > 0 {
			return strings.Join(names, ",")
		}
	}
	return "0x" + hex.EncodeToString(b)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// prefixLen is the length of a contiguous mask, or -1.
func prefixLen(m []byte) int {
	n := 0
	for i, c := range m {
		if c == 0xff {
			n += 8
			continue
		}
		ones := bits.LeadingZeros8(^c)
		if c<<ones != 0 || !allZero(m[i+1:]) {
			return -1
		}
		return n + ones
	}
	return n
}

func (p *printer) bitwise(e *expr.Bitwise) {
	v := p.take(e.SourceRegister)
	if v == nil || v.text == "" || int(e.Len) != v.n || len(e.Mask) != v.n || len(e.Xor) != v.n {
		if v != nil {
			p.emit("<unknown expr " + v.raw + ">")
		}
		p.emit(unknown(e))
		return
	}
	w := *v
	w.raw = v.raw + " " + renderExpr(e)
	if l := prefixLen(e.Mask); v.kind == kindAddr && allZero(e.Xor) && l >= 0 && v.bits < 0 && v.n == v.width {
		w.bits = l
		p.set(e.DestRegister, &w)
		return
	}
	fmtv := func(b []byte) string {
		if v.kind == kindAddr {
			return format(kindAddr, b)
		}
		return format(kindMark, b)
	}
	// (x & m) ^ v with v outside m is x & (m | v) | v: nft lists the
	// mask with v's bits in it.
	or := true
	mask := slices.Clone(e.Mask)
	for i := range e.Xor {
		or = or && e.Xor[i]&e.Mask[i] == 0
	}
	if or {
		for i := range mask {
			mask[i] |= e.Xor[i]
		}
	}
	if prefixLen(mask) != len(mask)*8 {
		w.text += " & " + fmtv(mask)
		if allZero(e.Xor) {
			w.mask = mask
		}
	}
	switch {
	case allZero(e.Xor):
	case or:
		w.text += " | " + fmtv(e.Xor)
	default:
		w.text += " ^ " + fmtv(e.Xor)
	}
	p.set(e.DestRegister, &w)
}

func (p *printer) lookup(e *expr.Lookup) {
	var parts []string
	var raws []string
	n, want := 0, -1
	if p.keyLen != nil {
		if l, ok := p.keyLen(e.SetName); ok {
			want = l
		}
	}
	for s := slot(e.SourceRegister); want < 0 || n < want; {
		v := p.regs[s]
		if v == nil || v.text == "" {
			break
		}
		delete(p.regs, s)
		parts, raws = append(parts, maskedText(v)), append(raws, v.raw)
		n += v.slots() * 4
		s += uint32(v.slots())
	}
	if len(parts) == 0 || (want >= 0 && n != want) {
		for _, r := range raws {
			p.emit("<unknown expr " + r + ">")
		}
		p.emit(unknown(e))
		return
	}
	left := strings.Join(parts, " . ")
	switch {
	case e.IsDestRegSet && e.DestRegister == unix.NFT_REG_VERDICT:
		p.emit(left + " vmap @" + e.SetName)
	case e.IsDestRegSet:
		p.set(e.DestRegister, &value{text: left + " map @" + e.SetName, kind: kindHex, width: 4, n: 4, bits: -1, raw: renderExpr(e)})
	case e.Invert:
		p.emit(left + " != @" + e.SetName)
	default:
		p.emit(left + " @" + e.SetName)
	}
}

// maskedText is a value in a concatenation: an address under a prefix
// mask prints its mask ("ip daddr & 255.255.255.0"), as nft lists it.
func maskedText(v *value) string {
	if v.kind != kindAddr || v.bits < 0 || v.bits >= v.width*8 {
		return v.text
	}
	m := make([]byte, v.width)
	for i := range v.bits {
		m[i/8] |= 0x80 >> (i % 8)
	}
	return v.text + " & " + format(kindAddr, m)
}

// konst is a register's constant printed as k, or its text.
func (p *printer) konst(r uint32, k kind) (string, bool) {
	v := p.take(r)
	switch {
	case v == nil:
		return "", false
	case v.text != "":
		return v.text, true
	}
	return format(k, v.konst), true
}

func (p *printer) ports(lo, hi uint32) string {
	s, _ := p.konst(lo, kindPort)
	if hi != 0 && hi != lo {
		h, _ := p.konst(hi, kindPort)
		s += "-" + h
	}
	return ":" + s
}

func (p *printer) nat(e *expr.NAT) {
	typ, fam := natKind(e)
	s := typ + " " + fam + " to "
	var addr string
	if e.RegAddrMin != 0 {
		a, ok := p.konst(e.RegAddrMin, kindAddr)
		if !ok {
			p.emit(unknown(e))
			return
		}
		addr = a
		if e.RegAddrMax != 0 && e.RegAddrMax != e.RegAddrMin {
			b, _ := p.konst(e.RegAddrMax, kindAddr)
			addr += "-" + b
		}
	}
	if e.RegProtoMin != 0 && strings.Contains(addr, " map @") {
		// The ports come from the map's data with the address.
		p.take(e.RegProtoMin)
		p.take(e.RegProtoMax)
	} else if e.RegProtoMin != 0 {
		if fam == "ip6" && addr != "" {
			addr = "[" + addr + "]"
		}
		addr += p.ports(e.RegProtoMin, e.RegProtoMax)
	}
	p.emit(s + addr + nftNatFlags(e.Random, e.FullyRandom, e.Persistent))
}

// nftNatFlags are NAT flags as nft lists them.
func nftNatFlags(random, fully, persistent bool) string {
	if f := natWords(random, fully, persistent); len(f) > 0 {
		return " " + strings.Join(f, ",")
	}
	return ""
}

// Script renders the batch as the nft script that would do the same,
// one operation a line, rules in nft's words (RuleText, lookups sized by
// the sets the batch declares): what golden tests pin.
func (b *Batch) Script() string {
	sets := map[string]*Set{}
	for _, op := range b.Ops {
		if op.Kind == OpAddSet {
			sets[op.Set.Name] = op.Set
		}
	}
	keyLen := func(name string) (int, bool) {
		if s, ok := sets[name]; ok {
			return s.keyLen(), true
		}
		return 0, false
	}
	var s strings.Builder
	for _, op := range b.Ops {
		head := op.Kind.String() + " " + familyName(b.FamilyOf(op)) + " " + b.TableOf(op)
		switch op.Kind {
		case OpAddSet:
			word := "set"
			if op.Set.Verdicts || len(op.Set.Data) > 0 {
				word = "map"
			}
			head = strings.Replace(head, "set", word, 1) + " " + op.Set.String()
		case OpAddRule:
			head += " " + op.Rule.Chain + " " + RuleText(op.Rule, keyLen)
		case OpAddElem, OpDelElem:
			head += " " + op.Elem.Set + " { " + op.Elem.Text() + " }"
		default:
			head = b.Render(op)
		}
		s.WriteString(head + "\n")
	}
	return s.String()
}

// keyLen is the length of the set's key, in registers as the kernel
// counts it.
func (s *Set) keyLen() int {
	n := 0
	for _, f := range s.Fields {
		n += fieldLen(f)
	}
	return n
}

// Text renders the element as nft lists it (but its counter): a
// concatenated range whose fields are single addresses or prefixes
// prints field by field ("192.0.2.10 . 203.0.113.0/24").
func (e *Element) Text() string { return e.keyRange() + e.value() }

// keyRange is the key of Text.
func (e *Element) keyRange() string {
	if len(e.KeyEnd) != len(e.Key) || len(e.Key) == 0 {
		return e.keyText()
	}
	var parts []string
	if e.Iif != 0 {
		parts = append(parts, fmt.Sprint(e.Iif))
	}
	for i := range e.Key {
		parts = append(parts, rangeText(e.Key[i], e.KeyEnd[i]))
	}
	return strings.Join(parts, " . ")
}

// rangeText is a range of addresses: one address, a prefix, or a-b.
func rangeText(lo, hi netip.Addr) string {
	if lo == hi {
		return lo.String()
	}
	for bits := 0; bits < lo.BitLen(); bits++ {
		p := netip.PrefixFrom(lo, bits)
		if p.Masked().Addr() == lo && LastAddr(p) == hi {
			return p.String()
		}
	}
	return lo.String() + "-" + hi.String()
}

// LastAddr is the last address of p.
func LastAddr(p netip.Prefix) netip.Addr {
	a := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(a)*8; i++ {
		a[i/8] |= 0x80 >> (i % 8)
	}
	out, _ := netip.AddrFromSlice(a)
	return out
}
