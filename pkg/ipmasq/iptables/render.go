// Package iptables is ipmasq's iptables backend. Each pod owns one nat
// chain per IP family, DKT-<owner>, reached from the shared tag chain by
// one jump per pod address ("-s PODIP -j DKT-<owner>"); the tag chain is
// jumped to from POSTROUTING. All of a pod's changes for a family are one
// iptables-restore --noflush transaction.
//
// This file renders plans as iptables-restore input and rule specs; it is
// pure, so its output is covered by golden tests.
package iptables

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// ChainName is the per-pod chain of owner id (20 characters, within
// iptables' 28).
func ChainName(id string) string { return snat.PodChainPrefix + id }

// JumpComment marks a jump from the tag chain with its owner and network,
// so DEL without addresses and GC can find it.
func JumpComment(owner snat.Owner) string {
	return snat.Comment(owner, "jump net="+owner.Network)
}

// tagJumpComment marks the POSTROUTING jump to the tag chain.
const tagJumpComment = "diktyo-ipmasq"

// TagJumpSpec is the POSTROUTING rule that sends traffic to the tag chain.
func TagJumpSpec(tag string) []string {
	return []string{"-m", "comment", "--comment", tagJumpComment, "-j", tag}
}

// JumpSpec is the tag chain rule that sends src's packets to owner's chain,
// in the canonical order iptables -S prints. It is a goto, not a jump: a
// RETURN in the pod chain (an exclusion, or no match) leaves the tag
// chain, so no later rule there (say a leaked jump of a deleted pod that
// had the same address) sees the packet, and the first match ends the
// walk through the tag chain.
func JumpSpec(owner snat.Owner, src netip.Addr) []string {
	return []string{"-s", hostPrefix(src), "-m", "comment", "--comment", JumpComment(owner), "-g", ChainName(owner.ID)}
}

// RuleSpec renders r as arguments after "-A CHAIN", in the canonical order
// iptables -S prints, so listed rules compare token by token.
func RuleSpec(r snat.Rule) []string {
	var s []string
	if !r.AnyDst() { // the kernel drops "-d 0.0.0.0/0": never render it
		s = append(s, "-d", r.Dst.String())
	}
	if r.Proto != "" {
		s = append(s, "-p", r.Proto)
	}
	s = append(s, "-m", "comment", "--comment", r.Comment)
	switch r.Action {
	case snat.ActionReturn:
		return append(s, "-j", "RETURN")
	case snat.ActionMasquerade:
		s = append(s, "-j", "MASQUERADE")
	default:
		s = append(s, "-j", "SNAT", "--to-source", toSource(r))
	}
	switch r.Randomize {
	case snat.RandomHash:
		s = append(s, "--random")
	case snat.RandomFully:
		s = append(s, "--random-fully")
	}
	return s
}

func toSource(r snat.Rule) string {
	if r.PortLo == 0 {
		return r.To.String()
	}
	host := r.To.String()
	if r.To.Is6() {
		host = "[" + host + "]"
	}
	ports := strconv.Itoa(int(r.PortLo))
	if r.PortHi != r.PortLo {
		ports += "-" + strconv.Itoa(int(r.PortHi))
	}
	return host + ":" + ports
}

func hostPrefix(a netip.Addr) string {
	return netip.PrefixFrom(a, a.BitLen()).String()
}

// restoreDoc accumulates one iptables-restore --noflush transaction on
// the nat table.
type restoreDoc struct{ b strings.Builder }

func newRestore() *restoreDoc {
	d := &restoreDoc{}
	d.b.WriteString("*nat\n")
	return d
}

// declare creates chain, or flushes it when it exists. Only ever used for
// a pod's own chain: declaring the shared tag chain would drop every other
// pod's jump.
func (d *restoreDoc) declare(chain string) { fmt.Fprintf(&d.b, ":%s - [0:0]\n", chain) }

func (d *restoreDoc) op(op, chain string, spec []string) {
	d.b.WriteString(op + " " + chain)
	for _, t := range spec {
		d.b.WriteByte(' ')
		d.b.WriteString(quote(t))
	}
	d.b.WriteByte('\n')
}

func (d *restoreDoc) String() string { return d.b.String() + "COMMIT\n" }

// quote quotes a token for iptables-restore when it holds spaces. Tokens
// never hold quotes or backslashes: comments are sanitised.
func quote(t string) string {
	if t == "" || strings.ContainsAny(t, " \t") {
		return `"` + t + `"`
	}
	return t
}

// RenderCreate is the first ADD of a family: it creates the pod chain
// with -N, which fails when the chain exists, so a repeated ADD cannot
// add a second set of jumps; the caller then converges with
// RenderConverge. Jumps are inserted at the top of the tag chain: the
// newest owner of an address wins over a leaked one.
func RenderCreate(tag string, owner snat.Owner, fr snat.FamilyRules) string {
	d := newRestore()
	chain := ChainName(owner.ID)
	d.op("-N", chain, nil)
	for _, r := range fr.Rules {
		d.op("-A", chain, RuleSpec(r))
	}
	for _, src := range fr.Sources {
		d.op("-I", tag, JumpSpec(owner, src))
	}
	return d.String()
}

// RenderConverge rewrites the pod chain and re-inserts its jumps at the
// top of the tag chain, deleting the ones the tag chain holds now (specs
// as listed): stale addresses and duplicates go, and the pod's jumps come
// before any rule inserted since.
func RenderConverge(tag string, owner snat.Owner, fr snat.FamilyRules, existing [][]string) string {
	d := newRestore()
	chain := ChainName(owner.ID)
	d.declare(chain)
	for _, r := range fr.Rules {
		d.op("-A", chain, RuleSpec(r))
	}
	for _, spec := range existing {
		d.op("-D", tag, spec)
	}
	for _, src := range fr.Sources {
		d.op("-I", tag, JumpSpec(owner, src))
	}
	return d.String()
}

// RenderDelete removes the given jumps and the pod chain. Declaring the
// chain before deleting it makes the delete succeed when it is gone.
func RenderDelete(tag string, owner snat.Owner, jumps [][]string) string {
	d := newRestore()
	for _, spec := range jumps {
		d.op("-D", tag, spec)
	}
	chain := ChainName(owner.ID)
	d.declare(chain)
	d.op("-X", chain, nil)
	return d.String()
}

// RenderDeleteFast removes owner's jumps for known addresses and its chain.
// It fails (changing nothing) when one of those jumps is missing.
func RenderDeleteFast(tag string, owner snat.Owner, srcs []netip.Addr) string {
	jumps := make([][]string, 0, len(srcs))
	for _, src := range srcs {
		jumps = append(jumps, JumpSpec(owner, src))
	}
	return RenderDelete(tag, owner, jumps)
}

// RenderCreateTag creates the tag chain and its POSTROUTING jump together,
// so whoever finds the chain also finds the jump. It fails (changing
// nothing) when the chain exists.
func RenderCreateTag(tag string) string {
	d := newRestore()
	d.op("-N", tag, nil)
	d.op("-A", "POSTROUTING", TagJumpSpec(tag))
	return d.String()
}

// RenderRemoveTag removes the POSTROUTING jump and the tag chain; it fails
// (changing nothing) unless the tag chain is empty.
func RenderRemoveTag(tag string) string {
	d := newRestore()
	d.op("-D", "POSTROUTING", TagJumpSpec(tag))
	d.op("-X", tag, nil)
	return d.String()
}

func key(spec []string) string { return strings.Join(spec, "\x00") }

// SplitRule splits one line of iptables -S output into tokens, honouring
// double quotes and backslash escapes as iptables prints them.
func SplitRule(line string) []string {
	var out []string
	var cur strings.Builder
	inQuote, escaped, started := false, false, false
	for _, r := range line {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\':
			escaped, started = true, true
		case r == '"':
			inQuote, started = !inQuote, true
		case (r == ' ' || r == '\t') && !inQuote:
			if started {
				out = append(out, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		out = append(out, cur.String())
	}
	return out
}

// Listed is one "-A CHAIN ..." line of iptables -S output.
type Listed struct {
	Chain string
	Spec  []string // tokens after the chain name
}

// ParseListing returns the -A lines of iptables -S output.
func ParseListing(out string) []Listed {
	var rules []Listed
	for _, line := range strings.Split(out, "\n") {
		t := SplitRule(line)
		if len(t) < 2 || t[0] != "-A" {
			continue
		}
		rules = append(rules, Listed{Chain: t[1], Spec: t[2:]})
	}
	return rules
}

// NatTable is one family's nat table as iptables-save prints it: which
// chains exist, and each chain's rules in order.
type NatTable struct {
	Chains map[string]bool
	Rules  map[string][]Listed
	// Unreadable: iptables-save could not print the table (iptables-nft
	// says "# Table `nat' is incompatible, use 'nft' tool." and exits 0
	// when any rule in it is one it cannot parse, such as one made by a
	// newer iptables); nothing else here is to be trusted.
	Unreadable bool
}

// ParseSave reads iptables-save output of one table.
func ParseSave(out string) *NatTable {
	t := &NatTable{Chains: map[string]bool{}, Rules: map[string][]Listed{}}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "# ") && (strings.Contains(line, "incompatible") || strings.HasPrefix(line, "# Warning")) {
			t.Unreadable = true
		}
		if name, ok := strings.CutPrefix(line, ":"); ok {
			if f := strings.Fields(name); len(f) > 0 {
				t.Chains[f[0]] = true
			}
		}
	}
	for _, r := range ParseListing(out) {
		t.Rules[r.Chain] = append(t.Rules[r.Chain], r)
		t.Chains[r.Chain] = true
	}
	return t
}

// Target returns the chain or target a rule jumps to.
func Target(spec []string) string {
	for i := len(spec) - 2; i >= 0; i-- {
		if spec[i] == "-j" || spec[i] == "-g" {
			return spec[i+1]
		}
	}
	return ""
}

// CommentOf returns the rule's comment, or "".
func CommentOf(spec []string) string {
	for i := 0; i+1 < len(spec); i++ {
		if spec[i] == "--comment" {
			return spec[i+1]
		}
	}
	return ""
}

// OwnerOfJump returns the owner ID of a tag chain jump to a pod chain,
// and whether the jump belongs to network (its comment is the one ipmasq
// writes for that network and owner).
func OwnerOfJump(spec []string, network string) (id string, ours bool) {
	t := Target(spec)
	if !strings.HasPrefix(t, snat.PodChainPrefix) {
		return "", false
	}
	id = strings.TrimPrefix(t, snat.PodChainPrefix)
	return id, CommentOf(spec) == JumpComment(snat.Owner{Network: network, ID: id})
}

// SourceOf returns the host address a tag chain jump matches ("-s
// ADDR/32" or "/128"), if it is one.
func SourceOf(spec []string) (netip.Addr, bool) {
	i := slices.Index(spec, "-s")
	if i < 0 || i+1 >= len(spec) {
		return netip.Addr{}, false
	}
	p, err := netip.ParsePrefix(spec[i+1])
	if err != nil || !p.IsSingleIP() {
		return netip.Addr{}, false
	}
	return p.Addr(), true
}
