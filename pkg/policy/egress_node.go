package policy

import (
	"fmt"
	"maps"
	"net/netip"
	"regexp"
	"slices"
	"strings"
)

// Per-node egress entries (docs/cluster.md, "Per-node addresses"): one
// ConfigMap serves every node, and an address with a nodeSelector is
// this node's only when the node's labels match it. Its pools go with it,
// so one pool name may stand for a different address on each node.
//
// The labels come from the API server. Until they are known (diktyo-nri
// just started, the server not reached yet) a pod asking for such an
// address or pool gets no verdict (ErrUnknown): it is not refused as if
// the admin had said no, and a running pod keeps its policy. Without an
// API server at all the labels are known to be none: such entries are
// no node's.

// labelKey is a label key: an optional DNS-subdomain prefix and a name.
var (
	labelKey   = regexp.MustCompile(`^([a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$`)
	labelValue = regexp.MustCompile(`^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$`)
)

func validSelector(sel map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(sel)) {
		if !labelKey.MatchString(k) {
			return fmt.Errorf("nodeSelector: %q is not a label key", k)
		}
		if !labelValue.MatchString(sel[k]) {
			return fmt.Errorf("nodeSelector: %q of %q is not a label value", sel[k], k)
		}
	}
	return nil
}

// perNode reports whether p and q may share a name: on different
// addresses that each have a nodeSelector.
func (c *EgressConfig) perNode(p, q *EgressPool) bool {
	return p.addr != q.addr && len(c.addrs[p.addr].NodeSelector) > 0 && len(c.addrs[q.addr].NodeSelector) > 0
}

// HasNodeSelectors reports whether the config, as written (before
// SelectNode set any address aside), selects an address per node.
func (c *EgressConfig) HasNodeSelectors() bool {
	return c != nil && c.selectors
}

// NodeLabels are the node's labels as far as diktyo-nri knows them.
type NodeLabels struct {
	// Known: Labels are the node's (or, without an API server, known to
	// be none).
	Known  bool
	Labels map[string]string
}

// String is the labels in a stable order (the config's hash covers it).
func (n NodeLabels) String() string {
	if !n.Known {
		return "unknown"
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(n.Labels)) {
		fmt.Fprintf(&b, "%s=%s\n", k, n.Labels[k])
	}
	return b.String()
}

func (n NodeLabels) match(sel map[string]string) bool {
	for k, v := range sel {
		if got, ok := n.Labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// SelectNode keeps, of the addresses with a nodeSelector and their
// pools, those of this node (n matches), and sets aside as unknown those
// it cannot tell yet (n not known). Called once, on a freshly parsed
// config, before anything uses it. Two pools of one name both on this
// node is an error naming them.
func (c *Config) SelectNode(n NodeLabels) error {
	e := c.Egress
	if e == nil || !e.HasNodeSelectors() {
		return nil
	}
	e.unknownAddrs, e.notHere = map[netip.Addr]bool{}, map[string]bool{}
	keep := e.Addresses[:0:0]
	for _, a := range e.Addresses {
		switch {
		case len(a.NodeSelector) == 0 || (n.Known && n.match(a.NodeSelector)):
			keep = append(keep, a)
		case !n.Known:
			e.unknownAddrs[a.addr] = true
		}
	}
	e.Addresses = keep
	e.addrs = map[netip.Addr]*EgressAddress{}
	for i := range e.Addresses {
		e.addrs[e.Addresses[i].addr] = &e.Addresses[i]
	}
	pools := e.Pools[:0:0]
	for _, p := range e.Pools {
		switch {
		case e.addrs[p.addr] != nil:
			if j := slices.IndexFunc(pools, func(q EgressPool) bool { return q.Name == p.Name }); j >= 0 {
				return fmt.Errorf("egress.pools: pool %q is this node's twice, on %s and %s: the nodeSelectors of those addresses both match labels %s",
					p.Name, pools[j].addr, p.addr, strings.ReplaceAll(strings.TrimSpace(n.String()), "\n", ","))
			}
			pools = append(pools, p)
		case e.unknownAddrs[p.addr]:
			e.unknownPools = append(e.unknownPools, p.Name)
		default:
			e.notHere[p.Name] = true
		}
	}
	e.Pools = pools
	return nil
}

// unknownWhy is the ErrUnknown of an address or pool whose node is not
// known yet, or nil.
func (c *EgressConfig) unknownAddr(a netip.Addr) error {
	if c.unknownAddrs[a] {
		return fmt.Errorf("%w: egress address %s has a nodeSelector and this node's labels are not known yet (the API server has not answered)", ErrUnknown, a)
	}
	return nil
}

func (c *EgressConfig) unknownPool(name string) error {
	if slices.Contains(c.unknownPools, name) && c.Pool(name) == nil {
		return fmt.Errorf("%w: pool %q is on an address with a nodeSelector and this node's labels are not known yet (the API server has not answered)", ErrUnknown, name)
	}
	return nil
}
