package nft

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Hook makes a chain a base chain.
type Hook struct {
	Type     string // "nat", "filter"
	Num      uint32 // unix.NF_INET_*, or HookIngress
	Priority int32
	// Device is the interface an ingress hook sees packets of ("" for
	// the other hooks).
	Device string
}

// HookIngress is the inet family's ingress hook (Linux 5.10): it sees a
// device's IPv4 and IPv6 packets as they arrive, before the bridge, OVS
// or the IP stack takes them (NF_INET_INGRESS, absent from x/sys/unix).
const HookIngress = 5

// HookBridgePrerouting is the bridge family's prerouting hook
// (NF_BR_PRE_ROUTING): it sees each frame a bridge port receives, with
// the port as meta iif, before the bridge forwards it or passes it up.
const HookBridgePrerouting = 0

// Chain is a chain of the batch's table.
type Chain struct {
	Name    string
	Hook    *Hook  // nil: a regular chain
	Comment string // "": none
	// Handle is set by listings; a DelChain with one deletes that chain
	// only, not whatever chain has the name by then.
	Handle uint64
}

// Set is a set or, with Verdicts, a verdict map keyed by addresses or
// concatenations of addresses (and at most one protocol number); with
// Data, a map to plain data.
type Set struct {
	Name string
	// Fields are the key's fields in order: unix.NFPROTO_IPV4 or
	// unix.NFPROTO_IPV6 for an address, FieldProto for a protocol
	// number, FieldIfindex (first only) for an interface index; more
	// than one is a concatenation.
	Fields   []byte
	Verdicts bool // a map to verdicts
	// Data, when set, makes the set a map to plain data (Element.Data)
	// of these fields, in Data's order: an address (unix.NFPROTO_IPV4
	// or unix.NFPROTO_IPV6) first or none, then FieldPort fields (a NAT
	// target's ports), then FieldIfindex or FieldU32 fields.
	Data     []byte
	Interval bool
	// Counter gives every element its own counter (nft's "counter"
	// flag): a lookup that finds the element counts the packet in it.
	Counter bool
	// ID names the set within one batch (NFTA_SET_ID), as nft does.
	ID uint32
}

// Field kinds beyond the address families (unix.NFPROTO_IPV4/IPV6).
const (
	// FieldProto is a protocol number (nft's inet_proto): one byte,
	// padded to a register's four, as meta l4proto loads it. It is
	// always the second of a key's address fields (address . proto .
	// address), so an element's key reads without its set.
	FieldProto byte = 0xff
	// FieldPort is a port (inet_service), data only: two bytes in
	// network order, padded to four.
	FieldPort byte = 0xfe
	// FieldIfindex is an interface index (nft's iface_index, as meta iif
	// loads it: four bytes in host order). In a key it is only ever the
	// first field, and the element holds it in Iif; in a map's data it
	// is one of Data.Words.
	FieldIfindex byte = 0xfd
	// FieldU32 is a map's plain data field of four bytes (nft's mark
	// type): a number diktyo gives a meaning, in host order.
	FieldU32 byte = 0xfc
)

// Data is a plain-data map element's value, in the order its map's Data
// fields name them: the address when the first is one, then the
// FieldPort fields' ports, then the FieldIfindex and FieldU32 fields'
// words.
type Data struct {
	Addr  netip.Addr
	Ports []uint16
	Words []uint32
}

// Counter is an element's packet and byte count.
type Counter struct {
	Packets, Bytes uint64
}

// Verdict is a map element's value.
type Verdict struct {
	Code  int32  // unix.NFT_GOTO, unix.NFT_JUMP, unix.NFT_RETURN...
	Chain string // for goto and jump
}

// Element is one element of a set or map. Key has one address per field
// of the set; KeyEnd, for concatenated intervals, the last key of the
// range.
type Element struct {
	Set string
	// Iif is the key's interface index, for a set whose first field is
	// FieldIfindex (Key holds the address fields after it).
	Iif    uint32
	Key    []netip.Addr
	KeyEnd []netip.Addr
	// Proto is the key's protocol number, for a set with a FieldProto
	// field (Key holds only the addresses).
	Proto   byte
	Verdict *Verdict
	Data    *Data
	// Comment is kept in the element's user data, as nft keeps it.
	Comment string
	// Counter is what a counted set's element counted: set by listings
	// (and by the Fake's tracer), never sent.
	Counter *Counter
}

// addrFields are a set's address fields (and protocol): its fields
// without a leading FieldIfindex.
func addrFields(fields []byte) []byte {
	if len(fields) > 0 && fields[0] == FieldIfindex {
		return fields[1:]
	}
	return fields
}

// Rule is a rule of a chain: its expressions, and a comment kept in its
// user data as nft keeps it.
type Rule struct {
	Chain   string
	Exprs   []expr.Any
	Comment string
	Handle  uint64 // set by listings
}

// OpKind is what an operation of a batch does.
type OpKind int

// The operations of a batch.
const (
	OpAddTable    OpKind = iota // NEWTABLE, no error when it exists
	OpAddSet                    // NEWSET, no error when it exists
	OpAddChain                  // NEWCHAIN, no error when it exists
	OpCreateChain               // NEWCHAIN with NLM_F_EXCL: EEXIST when it exists
	OpFlushChain                // DELRULE of every rule of the chain
	OpDelChain                  // DELCHAIN
	OpAddRule                   // NEWRULE, appended
	OpAddElem                   // NEWSETELEM: EEXIST only when the key maps elsewhere
	OpDelElem                   // DELSETELEM
	OpDelTable                  // DELTABLE, with everything in it
	// OpDelSetIfEmpty is DELSET with NLM_F_NONREC: EBUSY when the set
	// holds an element or a rule uses it.
	OpDelSetIfEmpty
	// OpDelTableIfEmpty is DELTABLE with NLM_F_NONREC: EBUSY when the
	// table holds a chain or a set.
	OpDelTableIfEmpty
	// OpCreateElem is NEWSETELEM with NLM_F_EXCL: EEXIST when the key
	// is there, whatever its value.
	OpCreateElem
	// OpDelSet is DELSET: the set with its elements; EBUSY while a rule
	// uses it.
	OpDelSet
)

var opNames = [...]string{"add table", "add set", "add chain", "create chain", "flush chain", "delete chain", "add rule", "add element", "delete element", "delete table",
	"delete set (if empty)", "delete table (if empty)", "create element", "delete set"}

func (k OpKind) String() string { return opNames[k] }

// Op is one operation of a batch; one field besides Kind is set
// (none for the table operations).
type Op struct {
	Kind OpKind
	// Table is the op's table when it is not the batch's: a batch that
	// spans tables (Append) is still one transaction.
	Table string
	// Family is the op's table's family when it is not the batch's
	// (unix.NFPROTO_BRIDGE; 0 is the batch's).
	Family byte
	Chain  *Chain
	Set    *Set
	Rule   *Rule
	Elem   *Element
}

// Batch is a transaction on one inet table: applied by Conn.Apply as a
// single netlink batch, all of it or none.
type Batch struct {
	Table string
	// Family is the table's family: 0 is inet, else unix.NFPROTO_BRIDGE.
	Family byte
	Ops    []Op
	// GenID, when not 0, is the ruleset generation (Client.Gen) the
	// batch was computed from: the kernel refuses it (ERESTART),
	// changing nothing, when any transaction committed since.
	GenID uint32
}

// NewBatch returns an empty batch on table (family inet).
func NewBatch(table string) *Batch { return &Batch{Table: table} }

// NewBatchIn returns an empty batch on table of family fam.
func NewBatchIn(fam byte, table string) *Batch { return &Batch{Table: table, Family: fam} }

// FamilyOf is the family of the table op works on in b.
func (b *Batch) FamilyOf(op Op) byte {
	switch {
	case op.Family != 0:
		return op.Family
	case op.Table == "" && b.Family != 0:
		return b.Family
	}
	return unix.NFPROTO_INET
}

// familyName is a family in nft's words.
func familyName(fam byte) string {
	if fam == unix.NFPROTO_BRIDGE {
		return "bridge"
	}
	return "inet"
}

// Append adds o's operations, on o's table, after b's: one transaction
// for both (ipmasq's rules and the link binding that guards them).
func (b *Batch) Append(o *Batch) {
	for _, op := range o.Ops {
		op.Family = o.FamilyOf(op)
		if op.Table == "" {
			op.Table = o.Table
		}
		b.Ops = append(b.Ops, op)
	}
}

// TableOf is the table op works on in b.
func (b *Batch) TableOf(op Op) string {
	if op.Table != "" {
		return op.Table
	}
	return b.Table
}

// Len is the number of operations.
func (b *Batch) Len() int { return len(b.Ops) }

// AddTable declares the table.
func (b *Batch) AddTable() { b.Ops = append(b.Ops, Op{Kind: OpAddTable}) }

// DelTable deletes the table and everything in it.
func (b *Batch) DelTable() { b.Ops = append(b.Ops, Op{Kind: OpDelTable}) }

// DelTableIfEmpty deletes the table only when it holds nothing: the
// batch fails (EBUSY), changing nothing, when anything got in.
func (b *Batch) DelTableIfEmpty() { b.Ops = append(b.Ops, Op{Kind: OpDelTableIfEmpty}) }

// DelSetIfEmpty deletes set s only when it has no element and no rule
// uses it (EBUSY otherwise). The kernel counts the elements as they were
// before the batch: one that deletes them first still fails (use DelSet
// with Batch.GenID).
func (b *Batch) DelSetIfEmpty(s *Set) { b.Ops = append(b.Ops, Op{Kind: OpDelSetIfEmpty, Set: s}) }

// DelSet deletes set s with whatever elements it holds; EBUSY while a
// rule uses it.
func (b *Batch) DelSet(s *Set) { b.Ops = append(b.Ops, Op{Kind: OpDelSet, Set: s}) }

// AddSet declares a set or map.
func (b *Batch) AddSet(s *Set) { b.Ops = append(b.Ops, Op{Kind: OpAddSet, Set: s}) }

// AddChain declares a chain; an existing one is left as it is.
func (b *Batch) AddChain(c *Chain) { b.Ops = append(b.Ops, Op{Kind: OpAddChain, Chain: c}) }

// CreateChain creates a chain; the batch fails when it exists.
func (b *Batch) CreateChain(c *Chain) { b.Ops = append(b.Ops, Op{Kind: OpCreateChain, Chain: c}) }

// FlushChain deletes the rules of a chain.
func (b *Batch) FlushChain(name string) {
	b.Ops = append(b.Ops, Op{Kind: OpFlushChain, Chain: &Chain{Name: name}})
}

// DelChain deletes a chain nothing refers to, with its rules.
func (b *Batch) DelChain(name string) {
	b.Ops = append(b.Ops, Op{Kind: OpDelChain, Chain: &Chain{Name: name}})
}

// DelChainHandle deletes the chain a listing found (c.Handle), with its
// rules: ENOENT when it is gone, also when another chain took its name
// meanwhile, which is then left alone.
func (b *Batch) DelChainHandle(c *Chain) {
	b.Ops = append(b.Ops, Op{Kind: OpDelChain, Chain: &Chain{Name: c.Name, Handle: c.Handle}})
}

// AddRule appends a rule.
func (b *Batch) AddRule(r *Rule) { b.Ops = append(b.Ops, Op{Kind: OpAddRule, Rule: r}) }

// AddElement adds an element; adding one that exists with the same value
// is a no-op.
func (b *Batch) AddElement(e *Element) { b.Ops = append(b.Ops, Op{Kind: OpAddElem, Elem: e}) }

// CreateElement adds an element; the batch fails (EEXIST) when its key
// is there, with whatever value.
func (b *Batch) CreateElement(e *Element) { b.Ops = append(b.Ops, Op{Kind: OpCreateElem, Elem: e}) }

// DelElement deletes an element by key.
func (b *Batch) DelElement(e *Element) { b.Ops = append(b.Ops, Op{Kind: OpDelElem, Elem: e}) }

// String renders the batch one operation a line, in nft's words where
// they are plain and as nft --debug=netlink prints expressions for rules:
// exactly what is sent, for golden tests and error messages.
func (b *Batch) String() string {
	var s strings.Builder
	for _, op := range b.Ops {
		s.WriteString(b.Render(op))
		s.WriteByte('\n')
	}
	return s.String()
}

// Render is one line of Batch.String.
func (b *Batch) Render(op Op) string { return op.render(familyName(b.FamilyOf(op)), b.Table) }

// Render is one line of Batch.String, for an op of an inet batch on
// table.
func (op Op) Render(table string) string {
	fam := unix.NFPROTO_INET
	if op.Family != 0 {
		fam = int(op.Family)
	}
	return op.render(familyName(byte(fam)), table)
}

func (op Op) render(fam, table string) string {
	if op.Table != "" {
		table = op.Table
	}
	head := op.Kind.String() + " " + fam + " " + table
	switch op.Kind {
	case OpAddTable, OpDelTable, OpDelTableIfEmpty:
		return head
	case OpDelSetIfEmpty, OpDelSet:
		return head + " " + op.Set.Name
	case OpAddSet:
		return head + " " + op.Set.String()
	case OpAddChain, OpCreateChain:
		return head + " " + op.Chain.String()
	case OpFlushChain, OpDelChain:
		if op.Chain.Handle != 0 {
			return fmt.Sprintf("%s %s handle %d", head, op.Chain.Name, op.Chain.Handle)
		}
		return head + " " + op.Chain.Name
	case OpAddRule:
		return head + " " + op.Rule.Chain + " " + op.Rule.String()
	default:
		return head + " " + op.Elem.Set + " { " + op.Elem.String() + " }"
	}
}

var hookNames = map[uint32]string{
	unix.NF_INET_PRE_ROUTING: "prerouting", unix.NF_INET_LOCAL_IN: "input", unix.NF_INET_FORWARD: "forward",
	unix.NF_INET_LOCAL_OUT: "output", unix.NF_INET_POST_ROUTING: "postrouting", HookIngress: "ingress",
}

func (c *Chain) String() string {
	var attrs []string
	if c.Hook != nil {
		attrs = append(attrs, fmt.Sprintf("type %s hook %s%s priority %d", c.Hook.Type, hookNames[c.Hook.Num], c.Hook.device(), c.Hook.Priority))
	}
	if c.Comment != "" {
		attrs = append(attrs, fmt.Sprintf("comment %q", c.Comment))
	}
	if len(attrs) == 0 {
		return c.Name
	}
	return c.Name + " { " + strings.Join(attrs, "; ") + "; }"
}

// device is the hook's device in nft's words, with its leading space.
func (h *Hook) device() string {
	if h.Device == "" {
		return ""
	}
	return fmt.Sprintf(" device %q", h.Device)
}

func fieldName(f byte) string {
	switch f {
	case unix.NFPROTO_IPV4:
		return "ipv4_addr"
	case unix.NFPROTO_IPV6:
		return "ipv6_addr"
	case FieldProto:
		return "inet_proto"
	case FieldPort:
		return "inet_service"
	case FieldIfindex:
		return "iface_index"
	case FieldU32:
		return "mark"
	}
	return "<unknown type>"
}

// typ is the set's type in nft's words.
func (s *Set) typ() string {
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = fieldName(f)
	}
	typ := strings.Join(names, " . ")
	switch {
	case s.Verdicts:
		typ += " : verdict"
	case len(s.Data) > 0:
		d := make([]string, len(s.Data))
		for i, f := range s.Data {
			d[i] = fieldName(f)
		}
		typ += " : " + strings.Join(d, " . ")
	}
	return typ
}

func (s *Set) String() string {
	typ := s.typ()
	flags := ""
	if s.Interval {
		flags = " flags interval;"
	}
	if s.Counter {
		flags += " counter;"
	}
	return s.Name + " { type " + typ + ";" + flags + " }"
}

func (v *Verdict) String() string {
	switch v.Code {
	case unix.NFT_GOTO:
		return "goto " + v.Chain
	case unix.NFT_JUMP:
		return "jump " + v.Chain
	case unix.NFT_RETURN:
		return "return"
	case 1: // NF_ACCEPT
		return "accept"
	case 0: // NF_DROP
		return "drop"
	case unix.NFT_CONTINUE:
		return "continue"
	}
	return fmt.Sprintf("verdict %d", v.Code)
}

func joinAddrs(as []netip.Addr) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = a.String()
	}
	return strings.Join(s, " . ")
}

func (e *Element) String() string {
	s := e.keyText()
	if len(e.KeyEnd) > 0 {
		s += " - " + joinAddrs(e.KeyEnd)
	}
	return s + e.value()
}

// keyText is the key: its interface index first and its protocol
// field second of the addresses, when it has them.
func (e *Element) keyText() string {
	var parts []string
	if e.Iif != 0 {
		parts = append(parts, fmt.Sprint(e.Iif))
	}
	for i, a := range e.Key {
		parts = append(parts, a.String())
		if i == 0 && e.Proto != 0 {
			parts = append(parts, protoName(e.Proto))
		}
	}
	return strings.Join(parts, " . ")
}

// value is what follows an element's key: its verdict or plain value
// and its comment, as nft lists them. Not its counter, which is never
// sent: an element renders the same written and listed, whatever it
// counted (Element.Counter has the count).
func (e *Element) value() string {
	s := ""
	switch {
	case e.Verdict != nil:
		s += " : " + e.Verdict.String()
	case e.Data != nil:
		s += " : " + e.Data.String()
	}
	if e.Comment != "" {
		s += fmt.Sprintf(" comment %q", e.Comment)
	}
	return s
}

// String is the value's fields: an address, ports in decimal, words in
// hex.
func (d *Data) String() string {
	var parts []string
	if d.Addr.IsValid() {
		parts = append(parts, d.Addr.String())
	}
	for _, p := range d.Ports {
		parts = append(parts, fmt.Sprint(p))
	}
	for _, w := range d.Words {
		parts = append(parts, fmt.Sprintf("0x%08x", w))
	}
	return strings.Join(parts, " . ")
}

// Equal says whether d and o are the same value (both nil included).
func (d *Data) Equal(o *Data) bool {
	if d == nil || o == nil {
		return d == o
	}
	return d.Addr == o.Addr && slices.Equal(d.Ports, o.Ports) && slices.Equal(d.Words, o.Words)
}

// clone is d with slices of its own.
func (d *Data) clone() *Data {
	if d == nil {
		return nil
	}
	return &Data{Addr: d.Addr, Ports: slices.Clone(d.Ports), Words: slices.Clone(d.Words)}
}

// protoName is a protocol number in nft's words.
func protoName(p byte) string {
	if n, ok := l4Names[p]; ok {
		return n
	}
	return fmt.Sprint(p)
}

func (r *Rule) String() string {
	s := Exprs(r.Exprs)
	if r.Comment != "" {
		s += fmt.Sprintf(" comment %q", r.Comment)
	}
	return s
}
