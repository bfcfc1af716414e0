// Package foreign notices, from the kernel's own change notifications,
// when something other than diktyo deletes or changes an object diktyo
// owns on the node (its nftables tables, chains and rules, its ip rules,
// the routes of its tables), so that diktyo-nri can repair it at once
// instead of at the next periodic reconcile.
//
// An event is a hint, not a verdict: the listener names the kinds of
// owned objects a burst touched, and the caller re-checks (its
// reconcile, which is idempotent). diktyo's own writes are left out
// where the kernel says who wrote (an nftables transaction names the
// committing task); where it does not (rtnetlink), only objects of a
// live pod or of no pod at all count, and the re-check decides.
package foreign

import (
	"encoding/json"
	"fmt"
	"math"
)

// Kind is the kind of an owned object a notification touched: the value
// of diktyo_foreign_changes_total{object}. The set is fixed.
type Kind string

// The kinds of owned objects.
const (
	KindTable Kind = "nft_table"
	KindChain Kind = "nft_chain"
	KindRule  Kind = "nft_rule"
	KindSet   Kind = "nft_set"
	// KindElement: an element of a set or map whose comment names its
	// owner (ipmasq's flat layout).
	KindElement Kind = "nft_element"
	KindIPRule  Kind = "ip_rule"
	KindRoute   Kind = "route"
)

// Kinds lists every Kind (the metric's label values).
var Kinds = []Kind{KindTable, KindChain, KindRule, KindSet, KindElement, KindIPRule, KindRoute}

// Range is an inclusive range of numbers (rule priorities, table ids).
type Range struct{ Min, Max uint32 }

func (r Range) has(v uint32) bool { return v >= r.Min && v <= r.Max }

// RuleSpace is where one iproute configuration puts its ip rules:
// priorities and tables.
type RuleSpace struct {
	Priorities, Tables Range
}

// Owned is what diktyo owns on the node, by name and number.
type Owned struct {
	// NftTables are diktyo's own nftables tables (any family): every
	// object in them is owned.
	NftTables map[string]bool
	// XtChains are the iptables backend's chains (its tag): with
	// iptables-nft they live in the nat table, where a rule in one of
	// them, or a rule jumping to one (POSTROUTING's jump), is owned.
	XtChains map[string]bool
	// XtChainPrefix starts every per-pod iptables chain, PodChainPrefix
	// every per-pod chain of an owned nftables table; the owner id
	// follows.
	XtChainPrefix, PodChainPrefix string
	// Rules are the ip rule spaces of the chain's iproute configs.
	Rules []RuleSpace
}

// The plugins' defaults, as their docs state them (docs/ipmasq.md,
// docs/iproute.md); diktyo-nri may not import the plugins (archrules).
const (
	defaultIpmasqTable = "diktyo-ipmasq"
	defaultGuardTable  = "diktyo-guard"
	defaultTag         = "DIKTYO-IPMASQ"
	defaultIprouteNft  = "diktyo-iproute"
	// EgressTable is diktyo-nri's own egress guard table.
	EgressTable    = "diktyo-egress"
	xtChainPrefix  = "DKT-"
	podChainPrefix = "pod-"
	defaultPrioHi  = 32765
)

// pluginConf is what of each chain plugin's config names owned objects.
type pluginConf struct {
	Type          string `json:"type"`
	Table         string `json:"table"`
	Tag           string `json:"tag"`
	GuardTable    string `json:"guardTable"`
	NftTable      string `json:"nftTable"`
	Layout        string `json:"layout"`
	PriorityRange *Range `json:"priorityRange"`
	TableRange    *Range `json:"tableRange"`
}

// UnmarshalJSON reads {"min":..,"max":..}.
func (r *Range) UnmarshalJSON(b []byte) error {
	var v struct {
		Min *uint32 `json:"min"`
		Max *uint32 `json:"max"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v.Min != nil {
		r.Min = *v.Min
	}
	if v.Max != nil {
		r.Max = *v.Max
	}
	return nil
}

// FromConflist reads what the chain's plugins own from its conflist.
// The egress guard's table is always owned.
func FromConflist(conflist []byte) (Owned, error) {
	o := Owned{NftTables: map[string]bool{EgressTable: true}, XtChains: map[string]bool{},
		XtChainPrefix: xtChainPrefix, PodChainPrefix: podChainPrefix}
	var list struct {
		Plugins []pluginConf `json:"plugins"`
	}
	if err := json.Unmarshal(conflist, &list); err != nil {
		return o, fmt.Errorf("reading the conflist's plugins: %w", err)
	}
	for _, pc := range list.Plugins {
		switch pc.Type {
		case "ipmasq":
			o.NftTables[or(pc.Table, defaultIpmasqTable)] = true
			o.NftTables[or(pc.GuardTable, defaultGuardTable)] = true
			o.XtChains[or(pc.Tag, defaultTag)] = true
		case "iproute":
			o.Rules = append(o.Rules, ruleSpace(pc))
			if pc.Layout == "fwmark" {
				o.NftTables[or(pc.NftTable, defaultIprouteNft)] = true
			}
		}
	}
	return o, nil
}

// ruleSpace is an iproute config's priorities and tables, defaults
// filled in (a wider table range than the plugin's fwmark default only
// makes more events hints).
func ruleSpace(pc pluginConf) RuleSpace {
	return RuleSpace{
		Priorities: orRange(pc.PriorityRange, Range{1, defaultPrioHi}),
		Tables:     orRange(pc.TableRange, Range{1, math.MaxUint32}),
	}
}

// orRange is r with def's bound where r leaves one out.
func orRange(r *Range, def Range) Range {
	if r == nil {
		return def
	}
	out := *r
	if out.Min == 0 {
		out.Min = def.Min
	}
	if out.Max == 0 {
		out.Max = def.Max
	}
	return out
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
