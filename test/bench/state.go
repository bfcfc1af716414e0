package bench

import (
	"encoding/json"
	"fmt"
	"strings"
)

// State counts the kernel objects in a node namespace that plugins create,
// so the tables can say how much each pod costs in rules, not only in time.
type State struct {
	IPTRules int // iptables rules (-A lines of iptables-save, all tables)
	NFTRules int // rules in nftables tables that iptables-nft does not own
	NFTElems int // set and map elements in those tables
	IPRules  int // ip rule entries (v4 + v6)
	Routes   int // routes in every table (v4 + v6)
}

// xtablesTables are the tables iptables-nft keeps in nftables; their rules
// are already counted through iptables-save.
var xtablesTables = map[string]bool{"filter": true, "nat": true, "mangle": true, "raw": true, "security": true}

// CountState reads the node's tables.
func (n *Netns) CountState() (State, error) {
	var s State
	for _, save := range []string{"iptables-save", "ip6tables-save"} {
		out, err := n.Run(save)
		if err != nil {
			return s, err
		}
		s.IPTRules += countPrefixed(out, "-A ")
	}
	out, err := n.Run("nft", "-j", "list", "ruleset")
	if err != nil {
		return s, err
	}
	if s.NFTRules, s.NFTElems, err = countNFT([]byte(out)); err != nil {
		return s, err
	}
	for _, fam := range []string{"-4", "-6"} {
		out, err := n.Run("ip", fam, "rule", "list")
		if err != nil {
			return s, err
		}
		s.IPRules += countPrefixed(out, "")
		out, err = n.Run("ip", fam, "route", "show", "table", "all")
		if err != nil {
			return s, err
		}
		s.Routes += countPrefixed(out, "")
	}
	return s, nil
}

func countPrefixed(out, prefix string) int {
	c := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.TrimSpace(l) != "" && strings.HasPrefix(l, prefix) {
			c++
		}
	}
	return c
}

func countNFT(raw []byte) (rules, elems int, err error) {
	var doc struct {
		Nftables []map[string]json.RawMessage `json:"nftables"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return 0, 0, fmt.Errorf("parsing nft -j output: %w", err)
	}
	for _, obj := range doc.Nftables {
		for kind, body := range obj {
			var o struct {
				Family string            `json:"family"`
				Table  string            `json:"table"`
				Elem   []json.RawMessage `json:"elem"`
			}
			if err := json.Unmarshal(body, &o); err != nil {
				continue
			}
			if (o.Family == "ip" || o.Family == "ip6") && xtablesTables[o.Table] {
				continue
			}
			switch kind {
			case "rule":
				rules++
			case "set", "map":
				elems += len(o.Elem)
			}
		}
	}
	return rules, elems, nil
}

// Sub is s - o, field by field.
func (s State) Sub(o State) State {
	return State{s.IPTRules - o.IPTRules, s.NFTRules - o.NFTRules, s.NFTElems - o.NFTElems, s.IPRules - o.IPRules, s.Routes - o.Routes}
}

// String lists the non-zero counts, e.g. "iptables +6, ip rules +2".
func (s State) String() string {
	var parts []string
	add := func(name string, v int) {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", name, v))
		}
	}
	add("iptables rules", s.IPTRules)
	add("nft rules", s.NFTRules)
	add("nft set/map elems", s.NFTElems)
	add("ip rules", s.IPRules)
	add("routes", s.Routes)
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
