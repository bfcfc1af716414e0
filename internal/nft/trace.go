package nft

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/netip"
	"slices"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Packet is what the fake's tracer knows of a packet at a hook: the
// fields the kernel's expressions read, and the context the hook gives
// (an input device, a socket, a conntrack entry). A packet the kernel
// would hold another way (a field this lacks) cannot be traced: Trace
// fails on an expression it cannot evaluate rather than guess.
type Packet struct {
	Src, Dst     netip.Addr
	Proto        byte // IPPROTO_*
	SPort, DPort uint16
	Mark         uint32
	// IIF is the input device's index; 0 where there is none (output:
	// what the node sends, or re-injects, has no input device).
	IIF int
	// Socket says the packet carries a full socket of the hook's
	// namespace (a local process sent it); Cgroup is then its net_cls
	// class id. A forwarded packet re-injected by IPVS has none.
	Socket bool
	Cgroup uint32
	// Tracked says conntrack has seen the packet (a hook after
	// conntrack's, or a forwarded packet re-injected); CtReply is then
	// its direction, Established whether its connection was seen in
	// both directions (else it is new), and CtMark its connection's
	// mark (what "ct mark set" left there). Untracked, ct expressions
	// other than state break.
	Tracked, CtReply, Established bool
	CtMark                        uint32
	// CtStatus is the connection's status bits (IPS_*): a source
	// translation a nat statement sets up on a tracked packet sets
	// CtStatusSrcNAT.
	CtStatus uint32
	// OrigZone is the conntrack zone of the original direction a
	// "ct original zone set" gave the packet (0: the default zone).
	OrigZone uint16
	// NAT is the translation a nat chain set up (nil: none). As in the
	// kernel, the first nat chain at a hook that sets one up decides:
	// the later nat chains of that hook do not see the packet, and at
	// postrouting the chains after it see the translated source (Src
	// becomes a snat's address, or OutAddr for a masquerade when set).
	// A translation set up before (an established connection's) is made
	// only while some nat chain is at the hook: the kernel unregisters
	// its nat hooks with the last one.
	NAT *Translation
	// OutAddr is the output device's address a masquerade takes; unset,
	// a masqueraded packet keeps its source for the chains after.
	OutAddr netip.Addr
}

// Translation is what a snat, dnat or masquerade statement set up.
type Translation struct {
	Masquerade bool // masquerade: the output device's address
	DNAT       bool
	// Addr and the port range are a snat's or dnat's target (ports 0:
	// none given).
	Addr           netip.Addr
	PortLo, PortHi uint16
	Random, Fully  bool
	// Table and Chain are where the statement is.
	Table, Chain string
}

// Verdicts of Trace.
const (
	Accepted = "accept"
	Dropped  = "drop"
)

// Trace runs p through every base chain of every table at hook (for the
// ingress hook, dev's chains) in priority order, as the kernel would:
// it returns "accept" or "drop", leaves in p what the rules set (the
// mark), and counts it in the counters of the rules it passed. A base
// chain that ends without a verdict accepts (policy accept).
func (f *Fake) Trace(hook uint32, dev string, p *Packet) (string, error) {
	return f.TraceIn(unix.NFPROTO_INET, hook, dev, p)
}

// TraceIn is Trace through the base chains of family fam's tables:
// unix.NFPROTO_BRIDGE with unix.NF_BR_PRE_ROUTING is what a bridge port's
// frame meets before the bridge takes it (p.IIF the port).
func (f *Fake) TraceIn(fam byte, hook uint32, dev string, p *Packet) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	type base struct {
		t *fakeTable
		c *fakeChain
	}
	var chains []base
	for _, t := range f.tables {
		if t.fam != fam {
			continue
		}
		for _, c := range t.chains {
			if c.Hook != nil && c.Hook.Num == hook && (hook != HookIngress || c.Hook.Device == dev) {
				chains = append(chains, base{t, c})
			}
		}
	}
	slices.SortStableFunc(chains, func(a, b base) int { return int(a.c.Hook.Priority) - int(b.c.Hook.Priority) })
	for _, b := range chains {
		// At postrouting the nat hook rewrites the header: on a
		// connection's first packet after its chains, on the others
		// (their translation set up) at once.
		nat := b.c.Hook.Type == "nat"
		if nat && p.NAT != nil {
			if hook == unix.NF_INET_POST_ROUTING {
				p.translateSource()
			}
			continue // the connection's translation is set up
		}
		v, err := (&tracer{t: b.t, p: p}).walk(b.c, 0)
		if err != nil {
			return "", fmt.Errorf("tracing %s %s: %w", b.t.name, b.c.Name, err)
		}
		if nat && hook == unix.NF_INET_POST_ROUTING {
			p.translateSource()
		}
		if v == int(expr.VerdictDrop) {
			return Dropped, nil
		}
	}
	return Accepted, nil
}

// translateSource makes the source what a source NAT set up, as the
// kernel's nat hook rewrites the header before the chains after it.
func (p *Packet) translateSource() {
	switch t := p.NAT; {
	case t == nil || t.DNAT:
	case t.Masquerade && p.OutAddr.IsValid():
		p.Src = p.OutAddr
	case !t.Masquerade && t.Addr.IsValid():
		p.Src = t.Addr
	}
}

type tracer struct {
	t     *fakeTable
	p     *Packet
	regs  [80]byte // the kernel's: 4 verdict words, then 16 data words
	chain string   // the chain being evaluated
}

// returned is what a chain that ended (return, or its last rule) gives
// its caller, beside NF_ACCEPT and NF_DROP.
const returned = -1

// chain evaluates c's rules: NF_ACCEPT, NF_DROP or returned.
func (tr *tracer) walk(c *fakeChain, depth int) (int, error) {
	if depth > 16 {
		return 0, fmt.Errorf("chain %s: jumps nest deeper than the kernel allows", c.Name)
	}
	for _, r := range c.rules {
		tr.chain = c.Name
		v, err := tr.rule(r)
		if err != nil {
			return 0, fmt.Errorf("chain %s rule %s: %w", c.Name, Exprs(r.Exprs), err)
		}
		switch {
		case v == nil: // a break, or continue
			continue
		case v.Code == unix.NFT_RETURN:
			return returned, nil
		case v.Code == unix.NFT_JUMP || v.Code == unix.NFT_GOTO:
			target := tr.t.chain(v.Chain)
			if target == nil {
				return 0, fmt.Errorf("chain %s: no chain %s", c.Name, v.Chain)
			}
			res, err := tr.walk(target, depth+1)
			if err != nil || res != returned || v.Code == unix.NFT_GOTO {
				return res, err
			}
		default:
			return int(v.Code), nil
		}
	}
	return returned, nil
}

// rule is the rule's verdict, or nil when it broke or continued.
func (tr *tracer) rule(r Rule) (*Verdict, error) {
	for _, e := range r.Exprs {
		v, ok, err := tr.expr(e)
		if err != nil || !ok || v != nil {
			return v, err
		}
	}
	return nil, nil
}

// reg is register r's bytes from its start (the kernel's numbering:
// 16-byte NFT_REG_1..4, 4-byte NFT_REG32_00..15).
func (tr *tracer) reg(r uint32) []byte {
	i := r * 4
	if r >= unix.NFT_REG32_00 {
		i = r - unix.NFT_REG32_00 + 4
	}
	return tr.regs[i*4:]
}

func (tr *tracer) store(r uint32, b []byte) { copy(tr.reg(r), b) }

func native32(v uint32) []byte { return binary.NativeEndian.AppendUint32(nil, v) }

// expr evaluates one expression: a verdict, or ok false for a break.
func (tr *tracer) expr(e expr.Any) (*Verdict, bool, error) {
	if z, ok := e.(*OrigZoneSet); ok {
		// As the kernel: only a packet conntrack has not seen yet.
		if !tr.p.Tracked {
			tr.p.OrigZone = zoneOf(tr.reg(z.Register))
		}
		return nil, true, nil
	}
	return tr.libExpr(e)
}

// libExpr evaluates one of the library's expressions.
func (tr *tracer) libExpr(e expr.Any) (*Verdict, bool, error) {
	switch e := e.(type) {
	case *expr.Meta:
		return nil, tr.meta(e), nil
	case *expr.Payload:
		if e.OperationType != expr.PayloadLoad {
			return nil, false, fmt.Errorf("payload writes are not traced")
		}
		h := tr.header(e.Base)
		if int(e.Offset+e.Len) > len(h) {
			return nil, false, nil
		}
		tr.store(e.DestRegister, h[e.Offset:e.Offset+e.Len])
	case *expr.Cmp:
		return nil, cmpOK(e.Op, bytes.Compare(tr.reg(e.Register)[:len(e.Data)], e.Data)), nil
	case *expr.Range:
		v := tr.reg(e.Register)[:len(e.FromData)]
		in := bytes.Compare(v, e.FromData) >= 0 && bytes.Compare(v, e.ToData) <= 0
		return nil, in == (e.Op == expr.CmpOpEq), nil
	case *expr.Bitwise:
		src, out := tr.reg(e.SourceRegister)[:e.Len], make([]byte, e.Len)
		for i := range out {
			out[i] = src[i]&e.Mask[i] ^ e.Xor[i]
		}
		tr.store(e.DestRegister, out)
	case *expr.Lookup:
		return tr.lookup(e)
	case *expr.Immediate:
		if e.Register == unix.NFT_REG_VERDICT {
			return nil, false, fmt.Errorf("verdict immediates are not traced")
		}
		tr.store(e.Register, e.Data)
	case *expr.Verdict:
		if e.Kind == expr.VerdictKind(unix.NFT_CONTINUE) {
			return nil, false, nil
		}
		return &Verdict{Code: int32(e.Kind), Chain: e.Chain}, true, nil
	case *expr.Counter:
		e.Packets++
		e.Bytes += 64
	case *expr.Ct:
		return nil, tr.ct(e), nil
	case *expr.NAT:
		return tr.nat(e)
	case *expr.Masq:
		if e.ToPorts {
			return nil, false, fmt.Errorf("masquerade to ports is not traced")
		}
		tr.p.NAT = &Translation{Masquerade: true, Random: e.Random, Fully: e.FullyRandom, Table: tr.t.name, Chain: tr.chain}
		tr.p.setSNATStatus()
		return &Verdict{Code: 1}, true, nil // NF_ACCEPT
	default:
		return nil, false, fmt.Errorf("expression %T is not traced", e)
	}
	return nil, true, nil
}

func cmpOK(op expr.CmpOp, c int) bool {
	switch op {
	case expr.CmpOpEq:
		return c == 0
	case expr.CmpOpNeq:
		return c != 0
	case expr.CmpOpLt:
		return c < 0
	case expr.CmpOpLte:
		return c <= 0
	case expr.CmpOpGt:
		return c > 0
	}
	return c >= 0
}

// meta loads or sets a meta key; false where the kernel breaks.
func (tr *tracer) meta(e *expr.Meta) bool {
	p := tr.p
	if e.SourceRegister {
		if e.Key == expr.MetaKeyMARK {
			p.Mark = binary.NativeEndian.Uint32(tr.reg(e.Register))
		}
		return true
	}
	var v []byte
	switch e.Key {
	// One-byte keys fill their register, as nft_reg_store8 does.
	case expr.MetaKeyNFPROTO:
		v = []byte{FamilyOf(p.Src), 0, 0, 0}
		if tr.t.fam == unix.NFPROTO_BRIDGE {
			v = []byte{unix.NFPROTO_BRIDGE, 0, 0, 0}
		}
	case expr.MetaKeyPROTOCOL:
		// Two-byte keys fill their register too (nft_reg_store16).
		v = binary.BigEndian.AppendUint16(nil, unix.ETH_P_IP)
		if p.Src.Is6() {
			v = binary.BigEndian.AppendUint16(nil, unix.ETH_P_IPV6)
		}
		v = append(v, 0, 0)
	case expr.MetaKeyL4PROTO:
		v = []byte{p.Proto, 0, 0, 0}
	case expr.MetaKeyMARK:
		v = native32(p.Mark)
	case expr.MetaKeyIIF:
		v = native32(uint32(p.IIF))
	case expr.MetaKeyCGROUP:
		// nft_meta: only a full socket of the hook's namespace has one.
		if !p.Socket {
			return false
		}
		v = native32(p.Cgroup)
	default:
		return false
	}
	tr.store(e.Register, v)
	return true
}

func (tr *tracer) ct(e *expr.Ct) bool {
	p := tr.p
	if e.SourceRegister {
		// nft_ct_set_eval: a packet without an entry is left alone.
		if e.Key == expr.CtKeyMARK && p.Tracked {
			p.CtMark = binary.NativeEndian.Uint32(tr.reg(e.Register))
		}
		return e.Key == expr.CtKeyMARK
	}
	switch {
	case e.Key == expr.CtKeySTATE && !p.Tracked:
		tr.store(e.Register, native32(CtStateBitInvalid)) // no entry yet
	case !p.Tracked:
		return false
	case e.Key == expr.CtKeySTATE:
		st := uint32(CtStateBitNew)
		if p.Established || p.CtReply {
			st = CtStateBitEstablished
		}
		tr.store(e.Register, native32(st))
	case e.Key == expr.CtKeyDIRECTION:
		d := byte(0)
		if p.CtReply {
			d = 1
		}
		tr.store(e.Register, []byte{d})
	case e.Key == expr.CtKeyMARK:
		tr.store(e.Register, native32(p.CtMark))
	case e.Key == expr.CtKeySTATUS:
		tr.store(e.Register, native32(p.CtStatus))
	default:
		return false
	}
	return true
}

// header is the packet's network or transport header, as far as the
// tracer knows it.
func (tr *tracer) header(base expr.PayloadBase) []byte {
	p := tr.p
	switch base {
	case expr.PayloadBaseNetworkHeader:
		if p.Src.Is4() {
			h := make([]byte, 20)
			h[0], h[9] = 0x45, p.Proto
			copy(h[12:], p.Src.AsSlice())
			copy(h[16:], p.Dst.AsSlice())
			return h
		}
		h := make([]byte, 40)
		h[0], h[6] = 0x60, p.Proto
		copy(h[8:], p.Src.AsSlice())
		copy(h[24:], p.Dst.AsSlice())
		return h
	case expr.PayloadBaseTransportHeader:
		h := make([]byte, 8)
		binary.BigEndian.PutUint16(h, p.SPort)
		binary.BigEndian.PutUint16(h[2:], p.DPort)
		return h
	}
	return nil
}

// nat sets up a snat or dnat from its registers: the address, then the
// ports (the first two bytes of their registers, as the kernel reads
// them); it accepts.
func (tr *tracer) nat(e *expr.NAT) (*Verdict, bool, error) {
	t := &Translation{DNAT: e.Type == expr.NATTypeDestNAT, Random: e.Random, Fully: e.FullyRandom, Table: tr.t.name, Chain: tr.chain}
	if e.RegAddrMin != 0 {
		n := 4
		if e.Family == unix.NFPROTO_IPV6 {
			n = 16
		}
		t.Addr, _ = netip.AddrFromSlice(slices.Clone(tr.reg(e.RegAddrMin)[:n]))
		if e.RegAddrMax != 0 && e.RegAddrMax != e.RegAddrMin {
			return nil, false, fmt.Errorf("address ranges are not traced")
		}
	}
	if e.RegProtoMin != 0 {
		t.PortLo = binary.BigEndian.Uint16(tr.reg(e.RegProtoMin))
		t.PortHi = t.PortLo
		if e.RegProtoMax != 0 {
			t.PortHi = binary.BigEndian.Uint16(tr.reg(e.RegProtoMax))
		}
	}
	tr.p.NAT = t
	if !t.DNAT {
		tr.p.setSNATStatus()
	}
	return &Verdict{Code: 1}, true, nil // NF_ACCEPT
}

// setSNATStatus is the conntrack status a source translation sets up.
func (p *Packet) setSNATStatus() {
	if p.Tracked {
		p.CtStatus |= CtStatusSrcNAT
	}
}

// lookup finds the key in the set: a map's verdict or data (stored in
// the destination register), or membership. A counted set's element
// counts the packet.
func (tr *tracer) lookup(e *expr.Lookup) (*Verdict, bool, error) {
	s := tr.t.set(e.SetName)
	if s == nil {
		return nil, false, fmt.Errorf("no set %s", e.SetName)
	}
	k := tr.reg(e.SourceRegister)[:s.keyLen()]
	i := slices.IndexFunc(s.elems, func(el Element) bool {
		lo, hi := bounds(&el)
		lo, hi = slices.Clone(lo), slices.Clone(hi)
		return bytes.Compare(k, elemKey(&Element{Iif: el.Iif, Key: lo, Proto: el.Proto})) >= 0 &&
			bytes.Compare(k, elemKey(&Element{Iif: el.Iif, Key: hi, Proto: el.Proto})) <= 0
	})
	if i >= 0 && s.elems[i].Counter != nil {
		s.elems[i].Counter.Packets++
		s.elems[i].Counter.Bytes += 64
	}
	switch {
	case e.IsDestRegSet && i < 0:
		return nil, false, nil
	case e.IsDestRegSet && e.DestRegister == unix.NFT_REG_VERDICT:
		return s.elems[i].Verdict, true, nil
	case e.IsDestRegSet:
		tr.store(e.DestRegister, s.elems[i].Data.bytes())
		return nil, true, nil
	}
	return nil, (i >= 0) != e.Invert, nil
}
