package nft

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Registers as nft 1.0.6 allocates them: 16-byte registers for single
// values, 4-byte ones for the second field of an IPv4 concatenation.
const (
	Reg1 = unix.NFT_REG_1
	Reg2 = unix.NFT_REG_2
	Reg3 = unix.NFT_REG_3
	// Reg32_00 is the first 4-byte register, where Reg1 starts
	// (NFT_REG32_00); Reg32_00+i is the i-th.
	Reg32_00 = 8
	// Reg32_01 is the 4-byte register right after the first 4 bytes of
	// Reg1 (NFT_REG32_01).
	Reg32_01 = 9
)

// The IPv4 and IPv6 header offsets of the source and destination.
func addrOffset(fam byte, dst bool) (off, n uint32) {
	switch {
	case fam == unix.NFPROTO_IPV4 && dst:
		return 16, 4
	case fam == unix.NFPROTO_IPV4:
		return 12, 4
	case dst:
		return 24, 16
	default:
		return 8, 16
	}
}

// FamilyOf is the NFPROTO of an address.
func FamilyOf(a netip.Addr) byte {
	if a.Is4() {
		return unix.NFPROTO_IPV4
	}
	return unix.NFPROTO_IPV6
}

// MatchFamily is "meta nfproto ipv4|ipv6", which nft also puts before
// every ip/ip6 header match of an inet table.
func MatchFamily(fam byte) []expr.Any {
	return []expr.Any{
		&expr.Meta{Key: expr.MetaKeyNFPROTO, Register: Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: []byte{fam}},
	}
}

// LoadAddr loads the source or destination address of family fam into
// reg: "ip saddr", "ip6 daddr"...
func LoadAddr(fam byte, dst bool, reg uint32) expr.Any {
	off, n := addrOffset(fam, dst)
	return &expr.Payload{Base: expr.PayloadBaseNetworkHeader, Offset: off, Len: n, DestRegister: reg}
}

// MatchPrefix is "ip daddr P" (or saddr, ip6): the family match, then,
// as nft does, a shorter load for byte-aligned prefixes and a mask for
// the others.
func MatchPrefix(dst bool, p netip.Prefix) []expr.Any {
	p = p.Masked()
	fam := FamilyOf(p.Addr())
	off, n := addrOffset(fam, dst)
	out := MatchFamily(fam)
	addr := p.Addr().AsSlice()
	bits := p.Bits()
	if bits%8 == 0 {
		k := uint32(bits / 8)
		return append(out,
			&expr.Payload{Base: expr.PayloadBaseNetworkHeader, Offset: off, Len: k, DestRegister: Reg1},
			&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: addr[:k]})
	}
	m := make([]byte, n)
	for i := range bits {
		m[i/8] |= 0x80 >> (i % 8)
	}
	return append(out,
		&expr.Payload{Base: expr.PayloadBaseNetworkHeader, Offset: off, Len: n, DestRegister: Reg1},
		&expr.Bitwise{SourceRegister: Reg1, DestRegister: Reg1, Len: n, Mask: m, Xor: make([]byte, n)},
		&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: addr})
}

// MatchL4Proto is "meta l4proto P".
func MatchL4Proto(proto byte) []expr.Any {
	return []expr.Any{
		&expr.Meta{Key: expr.MetaKeyL4PROTO, Register: Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: []byte{proto}},
	}
}

// LookupVerdict is "... vmap @set": the key in reg 1 picks the verdict.
func LookupVerdict(set string) expr.Any {
	return &expr.Lookup{SourceRegister: Reg1, SetName: set, IsDestRegSet: true, DestRegister: unix.NFT_REG_VERDICT}
}

// Lookup is "... @set": the rule goes on when the key in reg 1 is in set.
func Lookup(set string) expr.Any {
	return &expr.Lookup{SourceRegister: Reg1, SetName: set}
}

// Exprs renders expressions one bracket each, in the words of
// nft --debug=netlink, with data as hex bytes in wire order. Fields the
// kernel derives on its own (NAT range flags, a max register equal to
// the min) are left out, so a listed rule renders as the rule sent.
func Exprs(es []expr.Any) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = "[ " + renderExpr(e) + " ]"
	}
	return strings.Join(parts, " ")
}

var metaKeys = map[expr.MetaKey]string{
	expr.MetaKeyNFPROTO: "nfproto", expr.MetaKeyL4PROTO: "l4proto", expr.MetaKeyMARK: "mark",
	expr.MetaKeyIIFNAME: "iifname", expr.MetaKeyOIFNAME: "oifname", expr.MetaKeyIIF: "iif", expr.MetaKeyCGROUP: "cgroup",
}

func metaKey(k expr.MetaKey) string {
	if s, ok := metaKeys[k]; ok {
		return s
	}
	return fmt.Sprintf("key %d", k)
}

var cmpOps = map[expr.CmpOp]string{
	expr.CmpOpEq: "eq", expr.CmpOpNeq: "neq", expr.CmpOpLt: "lt", expr.CmpOpLte: "lte", expr.CmpOpGt: "gt", expr.CmpOpGte: "gte",
}

var payloadBases = map[expr.PayloadBase]string{
	expr.PayloadBaseLLHeader: "link", expr.PayloadBaseNetworkHeader: "network", expr.PayloadBaseTransportHeader: "transport",
}

// natKind is "snat" or "dnat", and "ip" or "ip6".
func natKind(e *expr.NAT) (typ, fam string) {
	typ, fam = "snat", "ip"
	if e.Type == expr.NATTypeDestNAT {
		typ = "dnat"
	}
	if e.Family == unix.NFPROTO_IPV6 {
		fam = "ip6"
	}
	return typ, fam
}

// natWords are NAT flags in nft's words and order.
func natWords(random, fully, persistent bool) []string {
	var f []string
	if random {
		f = append(f, "random")
	}
	if fully {
		f = append(f, "fully-random")
	}
	if persistent {
		f = append(f, "persistent")
	}
	return f
}

func natFlags(random, fully, persistent bool) string {
	if f := natWords(random, fully, persistent); len(f) > 0 {
		return " flags " + strings.Join(f, ",")
	}
	return ""
}

func renderExpr(e expr.Any) string {
	if z, ok := e.(*OrigZoneSet); ok {
		return z.String()
	}
	return renderLibExpr(e)
}

// renderLibExpr renders the library's expressions.
func renderLibExpr(e expr.Any) string {
	switch e := e.(type) {
	case *expr.Meta:
		if e.SourceRegister {
			return fmt.Sprintf("meta set %s with reg %d", metaKey(e.Key), e.Register)
		}
		return fmt.Sprintf("meta load %s => reg %d", metaKey(e.Key), e.Register)
	case *expr.Cmp:
		return fmt.Sprintf("cmp %s reg %d %s", cmpOps[e.Op], e.Register, hex.EncodeToString(e.Data))
	case *expr.Payload:
		if e.OperationType != expr.PayloadLoad {
			return fmt.Sprintf("payload write %+v", *e)
		}
		return fmt.Sprintf("payload load %db @ %s header + %d => reg %d", e.Len, payloadBases[e.Base], e.Offset, e.DestRegister)
	case *expr.Bitwise:
		return fmt.Sprintf("bitwise reg %d = ( reg %d & %s ) ^ %s", e.DestRegister, e.SourceRegister, hex.EncodeToString(e.Mask), hex.EncodeToString(e.Xor))
	case *expr.Lookup:
		s := fmt.Sprintf("lookup reg %d set %s", e.SourceRegister, e.SetName)
		if e.IsDestRegSet {
			s += fmt.Sprintf(" dreg %d", e.DestRegister)
		}
		if e.Invert {
			s += " inverted"
		}
		return s
	case *expr.Immediate:
		return fmt.Sprintf("immediate reg %d %s", e.Register, hex.EncodeToString(e.Data))
	case *expr.Verdict:
		return "immediate reg 0 " + (&Verdict{Code: int32(e.Kind), Chain: e.Chain}).String()
	case *expr.NAT:
		typ, fam := natKind(e)
		s := "nat " + typ + " " + fam
		if e.RegAddrMin != 0 {
			s += fmt.Sprintf(" addr_min reg %d addr_max reg %d", e.RegAddrMin, orSame(e.RegAddrMax, e.RegAddrMin))
		}
		if e.RegProtoMin != 0 {
			s += fmt.Sprintf(" proto_min reg %d proto_max reg %d", e.RegProtoMin, orSame(e.RegProtoMax, e.RegProtoMin))
		}
		return s + natFlags(e.Random, e.FullyRandom, e.Persistent)
	case *expr.Masq:
		return "masq" + natFlags(e.Random, e.FullyRandom, e.Persistent)
	case *expr.Counter:
		// Without its values: a rule's key must not change as it counts.
		return "counter"
	case *expr.Ct:
		if e.SourceRegister {
			return fmt.Sprintf("ct set key %d with reg %d", e.Key, e.Register)
		}
		return fmt.Sprintf("ct load key %d => reg %d", e.Key, e.Register)
	case *opaque:
		return e.name + " (not decoded)"
	}
	return fmt.Sprintf("%T", e)
}

func orSame(r, min uint32) uint32 {
	if r == 0 {
		return min
	}
	return r
}

// opaque stands for an expression this package does not decode; it is
// never sent. It embeds a real expression only to satisfy expr.Any.
type opaque struct {
	*expr.Counter
	name string
}

// newExpr returns an empty expression of the kernel's name, as the
// library does internally (its table is not exported).
func newExpr(name string) expr.Any {
	switch name {
	case "meta":
		return &expr.Meta{}
	case "cmp":
		return &expr.Cmp{}
	case "payload":
		return &expr.Payload{}
	case "bitwise":
		return &expr.Bitwise{}
	case "lookup":
		return &expr.Lookup{}
	case "immediate":
		return &expr.Immediate{}
	case "nat":
		return &expr.NAT{}
	case "masq":
		return &expr.Masq{}
	case "counter":
		return &expr.Counter{}
	case "ct":
		return &expr.Ct{}
	case "range":
		return &expr.Range{}
	case "redir":
		return &expr.Redir{}
	case "log":
		return &expr.Log{}
	case "reject":
		return &expr.Reject{}
	case "fib":
		return &expr.Fib{}
	}
	return nil
}

// be32 is a register-sized big-endian value.
func be32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// SetMarkBits is "meta mark set meta mark & ^mask | value": the bits of
// value under mask replace the mark's, the others stay. The mark is a
// host-endian register value.
func SetMarkBits(value, mask uint32) []expr.Any {
	return []expr.Any{
		&expr.Meta{Key: expr.MetaKeyMARK, Register: Reg1},
		markBits(Reg1, value, mask),
		&expr.Meta{Key: expr.MetaKeyMARK, SourceRegister: true, Register: Reg1},
	}
}

// markBits is the bitwise step of a mark update: the bits of value
// under mask replace reg's, the others stay.
func markBits(reg, value, mask uint32) *expr.Bitwise {
	return &expr.Bitwise{SourceRegister: reg, DestRegister: reg, Len: 4,
		Mask: binary.NativeEndian.AppendUint32(nil, ^mask), Xor: binary.NativeEndian.AppendUint32(nil, value&mask)}
}

// SetCtMarkBits is "ct mark set ct mark & ^mask | value" through
// register reg, so that a rule can set it between a lookup and the
// statement that reads the lookup's data from the other registers.
// The kernel leaves a packet without a conntrack entry alone, and its
// load of the mark ends the rule there.
func SetCtMarkBits(value, mask, reg uint32) []expr.Any {
	return []expr.Any{
		&expr.Ct{Key: expr.CtKeyMARK, Register: reg},
		markBits(reg, value, mask),
		&expr.Ct{Key: expr.CtKeyMARK, SourceRegister: true, Register: reg},
	}
}

// CtStateNew is "ct state new": the packet opens its connection.
func CtStateNew() []expr.Any {
	return ctBits(expr.CtKeySTATE, CtStateBitNew, expr.CmpOpNeq)
}

// CtStateAny is "ct state & bits != 0": the packet's state is one of
// bits (CtStateBit*).
func CtStateAny(bits uint32) []expr.Any {
	return ctBits(expr.CtKeySTATE, bits, expr.CmpOpNeq)
}

// CtOriginal is "ct direction original".
func CtOriginal() []expr.Any {
	return []expr.Any{
		&expr.Ct{Key: expr.CtKeyDIRECTION, Register: Reg1},
		&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: []byte{0}},
	}
}

// CtStatusSNAT is "ct status snat": a source translation was set up for
// the connection (IPS_SRC_NAT: not for a null binding, which changes
// nothing).
func CtStatusSNAT() []expr.Any {
	return ctBits(expr.CtKeySTATUS, CtStatusSrcNAT, expr.CmpOpNeq)
}

// CtStatusSrcNAT is IPS_SRC_NAT, the status bit "ct status snat" tests.
const CtStatusSrcNAT = 0x10

// CtMarkClear is "ct mark & bit == 0".
func CtMarkClear(bit uint32) []expr.Any { return ctBits(expr.CtKeyMARK, bit, expr.CmpOpEq) }

// ctBits compares the bits mask of conntrack key with 0 by op: "ct KEY
// & mask != 0" (a flag test) or "== 0".
func ctBits(key expr.CtKey, mask uint32, op expr.CmpOp) []expr.Any {
	return []expr.Any{
		&expr.Ct{Key: key, Register: Reg1},
		&expr.Bitwise{SourceRegister: Reg1, DestRegister: Reg1, Len: 4,
			Mask: binary.NativeEndian.AppendUint32(nil, mask), Xor: make([]byte, 4)},
		&expr.Cmp{Op: op, Register: Reg1, Data: make([]byte, 4)},
	}
}

// Conntrack state bits as "ct state" loads them (NF_CT_STATE_BIT).
const (
	CtStateBitInvalid     = 1
	CtStateBitEstablished = 2
	CtStateBitRelated     = 4
	CtStateBitNew         = 8
	CtStateBitUntracked   = 64
)

// SourceVmaps are "ip saddr vmap @map4" and "ip6 saddr vmap @map6" in
// chain: the one lookup per packet that sends a pod's packets to its
// chain (ipmasq's SNAT, the link binding).
func SourceVmaps(chain, map4, map6 string) []*Rule {
	var out []*Rule
	for _, f := range []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV6} {
		name := map4
		if f == unix.NFPROTO_IPV6 {
			name = map6
		}
		out = append(out, &Rule{Chain: chain, Exprs: append(MatchFamily(f), LoadAddr(f, false, Reg1), LookupVerdict(name))})
	}
	return out
}
