package foreign

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/google/nftables"
	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// Only deletions are hints: a foreign write that only adds (a rule
// inserted into diktyo's chain) is found by the periodic reconcile.
// Additions are what every pod's ADD makes; as hints they would cost a
// pass per pod started by a chain run out of process.
var nftDeletions = map[nftables.MonitorEventType]Kind{
	nftables.MonitorEventTypeDelTable: KindTable,
	nftables.MonitorEventTypeDelChain: KindChain,
	nftables.MonitorEventTypeDelRule:  KindRule,
	nftables.MonitorEventTypeDelSet:   KindSet,
}

// A Change is what one batch of notifications deleted of diktyo's.
type Change struct {
	// Kinds are the kinds of owned objects deleted (never empty).
	Kinds []Kind
	// Owners are the attachments (cniutil.OwnerID) whose own objects
	// were deleted (a pod's SNAT chain or its rules); Addrs the
	// addresses whose own ip rules were.
	Owners []string
	Addrs  []netip.Addr
	// Whole: something no one pod owns was deleted (a table, a base
	// chain, a map, a shared rule or route), or what was cannot be
	// read: every pod needs checking.
	Whole bool
	// Egress are the kinds of the egress guard's objects deleted
	// (EgressTable): no pod's, written at each config load.
	Egress []Kind
}

// Empty says that nothing of diktyo's was deleted.
func (c Change) Empty() bool { return len(c.Kinds) == 0 && len(c.Egress) == 0 }

func (c *Change) add(k Kind) {
	if !slices.Contains(c.Kinds, k) {
		c.Kinds = append(c.Kinds, k)
	}
}

func (c *Change) owner(id string) {
	if !slices.Contains(c.Owners, id) {
		c.Owners = append(c.Owners, id)
	}
}

// NftChange returns what of diktyo's one nftables transaction deleted;
// nothing when ours says the transaction's task is diktyo's own. A
// change whose object could not be read counts as owned by every pod:
// the re-check decides.
func NftChange(ev *nftables.MonitorEvents, o Owned, ours func(pid uint32) bool) Change {
	var c Change
	if ev == nil {
		return c
	}
	if g := ev.GeneratedBy; g != nil && g.Error == nil {
		if gen, ok := g.Data.(*nftables.GenMsg); ok && ours != nil && ours(gen.ProcPID) {
			return c
		}
	}
	for _, ch := range ev.Changes {
		if ch.Type == nftables.MonitorEventTypeDelSetElem && ch.Error == nil {
			c.elements(ch.Data)
			continue
		}
		k, ok := nftDeletions[ch.Type]
		if !ok {
			continue
		}
		switch {
		case ch.Error != nil:
			c.add(k)
			c.Whole = true
		case tableOf(ch.Data) == EgressTable:
			if !slices.Contains(c.Egress, k) {
				c.Egress = append(c.Egress, k)
			}
		case o.ownsNft(ch.Data):
			c.add(k)
			if id := o.podOwner(ch.Data); id != "" {
				c.owner(id)
			} else {
				c.Whole = true
			}
		}
	}
	return c
}

// elements notes the owners whose elements a deletion names: ipmasq's
// flat layout comments each element "owner=<id> ..." (the notification
// does not carry the table: the comment is the proof). Elements without
// one are another writer's.
func (c *Change) elements(data any) {
	els, _ := data.([]nftables.SetElement)
	for _, e := range els {
		rest, ok := strings.CutPrefix(e.Comment, "owner=")
		if id, _, _ := strings.Cut(rest, " "); ok && ownerID(id) {
			c.add(KindElement)
			c.owner(id)
		}
	}
}

// NftKinds is NftChange's kinds.
func NftKinds(ev *nftables.MonitorEvents, o Owned, ours func(pid uint32) bool) []Kind {
	return NftChange(ev, o, ours).Kinds
}

// tableOf is the table a table, chain, rule or set is in ("" unknown).
func tableOf(data any) string {
	var t *nftables.Table
	switch d := data.(type) {
	case *nftables.Table:
		t = d
	case *nftables.Chain:
		if d != nil {
			t = d.Table
		}
	case *nftables.Rule:
		if d != nil {
			t = d.Table
		}
	case *nftables.Set:
		if d != nil {
			t = d.Table
		}
	}
	if t == nil {
		return ""
	}
	return t.Name
}

// podOwner is the attachment whose own object a deleted chain or rule
// is: one in a pod chain (PodChainPrefix in an owned table, or
// XtChainPrefix), or a rule whose only target is one; "" for anything
// shared.
func (o Owned) podOwner(data any) string {
	var table, chain string
	var exprs []expr.Any
	switch d := data.(type) {
	case *nftables.Chain:
		if d == nil || d.Table == nil {
			return ""
		}
		table, chain = d.Table.Name, d.Name
	case *nftables.Rule:
		if d == nil || d.Table == nil || d.Chain == nil {
			return ""
		}
		table, chain, exprs = d.Table.Name, d.Chain.Name, d.Exprs
	default:
		return ""
	}
	if id := o.chainOwner(table, chain); id != "" {
		return id
	}
	if o.XtChains[chain] {
		// The tag chain's rule sending one pod to its chain.
		for _, e := range exprs {
			if v, ok := e.(*expr.Verdict); ok && v.Chain != "" {
				return o.chainOwner(table, v.Chain)
			}
		}
	}
	return ""
}

// chainOwner is the owner id a pod chain's name carries, "" for other
// chains.
func (o Owned) chainOwner(table, chain string) string {
	if o.PodChainPrefix != "" && o.NftTables[table] {
		if id, ok := strings.CutPrefix(chain, o.PodChainPrefix); ok && ownerID(id) {
			return id
		}
	}
	if o.XtChainPrefix != "" {
		if id, ok := strings.CutPrefix(chain, o.XtChainPrefix); ok && ownerID(id) {
			return id
		}
	}
	return ""
}

// ownerID: 16 lower-case hex digits, as cniutil.OwnerID makes them.
func ownerID(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

// ownsNft reports whether a table, chain, rule or set is owned. Data of
// an unexpected type counts as owned (the re-check decides).
func (o Owned) ownsNft(data any) bool {
	switch d := data.(type) {
	case *nftables.Table:
		return d == nil || o.NftTables[d.Name]
	case *nftables.Chain:
		return d == nil || d.Table == nil || o.NftTables[d.Table.Name] || o.xtChain(d.Name)
	case *nftables.Set:
		return d == nil || d.Table == nil || o.NftTables[d.Table.Name]
	case *nftables.Rule:
		return d == nil || o.ownsRule(d)
	}
	return true
}

// ownsRule: a rule of an owned table, of an iptables chain of diktyo's,
// or one jumping to such a chain (POSTROUTING's jump with iptables-nft).
func (o Owned) ownsRule(r *nftables.Rule) bool {
	if r.Table == nil || r.Chain == nil {
		return true
	}
	if o.NftTables[r.Table.Name] || o.xtChain(r.Chain.Name) {
		return true
	}
	for _, e := range r.Exprs {
		if v, ok := e.(*expr.Verdict); ok && v.Chain != "" && o.xtChain(v.Chain) {
			return true
		}
	}
	return false
}

func (o Owned) xtChain(name string) bool {
	return o.XtChains[name] || (o.XtChainPrefix != "" && strings.HasPrefix(name, o.XtChainPrefix))
}

// RuleEvent is a deleted ip rule as the kernel announced it.
type RuleEvent struct {
	Priority, Table uint32
	Src, Dst        netip.Prefix
}

// OwnsRule reports whether a deleted ip rule is in one of diktyo's rule
// spaces and, if it names one address (a pod's), whether that address
// is a live pod's: live says so. A rule of an address no live pod holds
// is an ended pod's, removed by diktyo's own DEL.
func (o Owned) OwnsRule(r RuleEvent, live func(netip.Addr) bool) bool {
	if !slices.ContainsFunc(o.Rules, func(s RuleSpace) bool { return s.Priorities.has(r.Priority) && s.Tables.has(r.Table) }) {
		return false
	}
	if a, ok := r.podAddr(); ok && live != nil {
		return live(a)
	}
	return true
}

// podAddr is the one address a rule names (a pod's), if it names one.
func (r RuleEvent) podAddr() (netip.Addr, bool) {
	for _, p := range []netip.Prefix{r.Src, r.Dst} {
		if p.IsValid() && p.IsSingleIP() {
			return p.Addr(), true
		}
	}
	return netip.Addr{}, false
}

// OwnsRouteTable reports whether a route of table t (deleted or
// replaced) is in one of diktyo's tables. The kernel's own tables
// (main, local, default) are the node's: what diktyo keeps there (a
// pod's route towards its table) is not announced by table.
func (o Owned) OwnsRouteTable(t uint32) bool {
	switch t {
	case unix.RT_TABLE_UNSPEC, unix.RT_TABLE_MAIN, unix.RT_TABLE_LOCAL, unix.RT_TABLE_DEFAULT:
		return false
	}
	return slices.ContainsFunc(o.Rules, func(s RuleSpace) bool { return s.Tables.has(t) })
}
