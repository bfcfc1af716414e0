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

// NftKinds returns the kinds of owned objects one nftables transaction
// deleted, none when ours says the transaction's task is diktyo's own.
// A change whose object could not be read counts as owned: the re-check
// decides.
func NftKinds(ev *nftables.MonitorEvents, o Owned, ours func(pid uint32) bool) []Kind {
	if ev == nil {
		return nil
	}
	if g := ev.GeneratedBy; g != nil && g.Error == nil {
		if gen, ok := g.Data.(*nftables.GenMsg); ok && ours != nil && ours(gen.ProcPID) {
			return nil
		}
	}
	var kinds []Kind
	for _, c := range ev.Changes {
		k, ok := nftDeletions[c.Type]
		if !ok || slices.Contains(kinds, k) {
			continue
		}
		if c.Error != nil || o.ownsNft(c.Data) {
			kinds = append(kinds, k)
		}
	}
	return kinds
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
	for _, p := range []netip.Prefix{r.Src, r.Dst} {
		if p.IsValid() && p.IsSingleIP() && live != nil {
			return live(p.Addr())
		}
	}
	return true
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
