package iproute

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// backend applies plan objects through one netlink handle (the host's or
// the pod's). Every object it creates carries proto, and it deletes only
// objects carrying proto, so it never removes a route or rule that another
// program made, even one identical to ours.
type backend struct {
	h     *netlink.Handle
	proto uint8
}

var routeTypes = map[RouteType]int{
	TypeUnicast:     unix.RTN_UNICAST,
	TypeBlackhole:   unix.RTN_BLACKHOLE,
	TypeUnreachable: unix.RTN_UNREACHABLE,
	TypeProhibit:    unix.RTN_PROHIBIT,
}

func ipNet(p netip.Prefix) *net.IPNet {
	return &net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}
}

func ipFamily(a netip.Addr) int {
	if a.Is4() {
		return netlink.FAMILY_V4
	}
	return netlink.FAMILY_V6
}

// gone says whether a delete failed only because the object is not there.
func gone(err error) bool {
	return errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ESRCH) || errors.Is(err, unix.ENODEV)
}

// --- rules ---

func (b backend) nlRule(r Rule) *netlink.Rule {
	nr := netlink.NewRule() // NewRule: unset goto/flow/suppress stay unset
	nr.Priority = r.Priority
	nr.Table = r.Table
	nr.Protocol = b.proto
	nr.Invert = r.Invert
	nr.Family = netlink.FAMILY_V4
	if r.is6() {
		nr.Family = netlink.FAMILY_V6
	}
	if r.Src.IsValid() {
		nr.Src = ipNet(r.Src)
	}
	if r.Dst.IsValid() {
		nr.Dst = ipNet(r.Dst)
	}
	if r.Mask != 0 {
		nr.Mark = r.Mark
		nr.Mask = &r.Mask
	}
	return nr
}

// addRule adds r; the kernel answers EEXIST only for an identical rule,
// which is success. created says whether this call made it.
func (b backend) addRule(r Rule) (created bool, err error) {
	err = b.h.RuleAdd(b.nlRule(r))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.EEXIST):
		return false, nil
	}
	return false, fmt.Errorf("adding rule %q: %w", r, err)
}

// delRule removes our copy of r; a missing rule is not an error.
func (b backend) delRule(r Rule) error {
	if err := b.h.RuleDel(b.nlRule(r)); err != nil && !gone(err) {
		return fmt.Errorf("deleting rule %q: %w", r, err)
	}
	return nil
}

// listRules returns the rules of both families.
func (b backend) listRules() ([]netlink.Rule, error) {
	var out []netlink.Rule
	for _, fam := range []int{netlink.FAMILY_V4, netlink.FAMILY_V6} {
		rules, err := b.h.RuleList(fam)
		if err != nil {
			return nil, fmt.Errorf("listing rules: %w", err)
		}
		out = append(out, rules...)
	}
	return out, nil
}

// ruleFromKernel converts a listed rule back into plan form; ok is false
// for rules of a shape we never make.
func ruleFromKernel(k netlink.Rule) (Rule, bool) {
	r := Rule{Priority: k.Priority, Table: k.Table, Invert: k.Invert, V6: k.Family == netlink.FAMILY_V6}
	if k.Mask != nil && *k.Mask != 0 {
		r.Mark, r.Mask = k.Mark, *k.Mask
	}
	if k.Src != nil {
		p, ok := prefixOf(k.Src)
		if !ok {
			return r, false
		}
		r.Src = p
	}
	if k.Dst != nil {
		p, ok := prefixOf(k.Dst)
		if !ok {
			return r, false
		}
		r.Dst = p
	}
	if r.Src.IsValid() || r.Dst.IsValid() {
		r.V6 = false // the family is the selector's
		return r, true
	}
	return r, r.Mask != 0
}

func prefixOf(n *net.IPNet) (netip.Prefix, bool) {
	a, ok := netip.AddrFromSlice(n.IP)
	if !ok {
		return netip.Prefix{}, false
	}
	ones, _ := n.Mask.Size()
	return netip.PrefixFrom(a.Unmap(), ones), true
}

// ruleIndex is one listing of the host's rules keyed by what selects a
// rule (all but its table), in the kernel's order, so that a CHECK finds
// each of its rules in O(1): a reconcile pass lists the rules once and
// checks every pod against the one index, O(pods) in all rather than
// O(pods²) with a rule per pod.
type ruleIndex map[Rule][]listedRule

type listedRule struct {
	r      Rule
	isGoto bool
}

func selector(r Rule) Rule {
	r.Table = 0
	return r
}

func indexRules(listed []netlink.Rule) ruleIndex {
	x := ruleIndex{}
	for _, k := range listed {
		if kr, ok := ruleFromKernel(k); ok {
			x[selector(kr)] = append(x[selector(kr)], listedRule{r: kr, isGoto: k.Goto >= 0})
		}
	}
	return x
}

// listRuleIndex lists the host's rules of both families as an index.
func (b backend) listRuleIndex() (ruleIndex, error) {
	listed, err := b.listRules()
	if err != nil {
		return nil, err
	}
	return indexRules(listed), nil
}

// check reports whether r is in the index, and how it differs: the first
// listed rule with r's selector is the one the kernel applies.
func (x ruleIndex) check(r Rule) error {
	found := x[selector(r)]
	if len(found) == 0 {
		return fmt.Errorf("rule %q is missing", r)
	}
	if f := found[0]; f.r.Table != r.Table || f.isGoto {
		return fmt.Errorf("rule %q changed: found %q", r, f.r)
	}
	return nil
}

// --- routes ---

// nlRoute builds the netlink form of a pod route; dev names are resolved
// in the handle's namespace.
func (b backend) nlPodRoute(r PodRoute) (*netlink.Route, error) {
	nr := &netlink.Route{
		Dst:      ipNet(r.Dst),
		Family:   ipFamily(r.Dst.Addr()),
		Table:    orDefault(r.Table, tableMain),
		Priority: r.Metric,
		Protocol: netlink.RouteProtocol(b.proto),
		Type:     routeTypes[r.Type],
		MTU:      r.MTU,
	}
	if r.Src.IsValid() {
		nr.Src = r.Src.AsSlice()
	}
	if r.Type != TypeUnicast {
		return nr, nil
	}
	if r.Gateway.IsValid() {
		nr.Gw = r.Gateway.AsSlice()
	} else {
		nr.Scope = netlink.SCOPE_LINK
	}
	if r.Dev != "" {
		link, err := b.h.LinkByName(r.Dev)
		if err != nil {
			return nil, fmt.Errorf("route %q: dev %q: %w", r, r.Dev, err)
		}
		nr.LinkIndex = link.Attrs().Index
	}
	return nr, nil
}

// hostRouteKey is the host route without its device, which is all
// deletion needs (and the device may be gone).
func (b backend) hostRouteKey(r HostRoute) *netlink.Route {
	return &netlink.Route{
		Dst:      ipNet(r.Dst),
		Family:   ipFamily(r.Dst.Addr()),
		Table:    tableMain,
		Protocol: netlink.RouteProtocol(b.proto),
		Type:     unix.RTN_UNICAST,
	}
}

func (b backend) nlHostRoute(r HostRoute) (*netlink.Route, error) {
	link, err := b.h.LinkByName(r.Dev)
	if err != nil {
		return nil, fmt.Errorf("host route %q: dev %q: %w", r, r.Dev, err)
	}
	return &netlink.Route{
		Dst:       ipNet(r.Dst),
		Family:    ipFamily(r.Dst.Addr()),
		Table:     tableMain,
		LinkIndex: link.Attrs().Index,
		Scope:     netlink.SCOPE_LINK,
		Protocol:  netlink.RouteProtocol(b.proto),
		Type:      unix.RTN_UNICAST,
	}, nil
}

// addRoute adds nr. EEXIST is success when the existing route is the same
// (whoever made it) and a clear error when it differs.
func (b backend) addRoute(nr *netlink.Route, what string) (created bool, err error) {
	err = b.h.RouteAdd(nr)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, unix.EEXIST) {
		return false, fmt.Errorf("adding %s: %w", what, err)
	}
	existing, lerr := b.sameKey(nr)
	if lerr != nil {
		return false, fmt.Errorf("adding %s: %w (and listing the existing one: %w)", what, err, lerr)
	}
	for _, e := range existing {
		if sameRoute(e, nr) {
			return false, nil
		}
	}
	if len(existing) > 0 {
		return false, fmt.Errorf("adding %s: a different route exists: %s", what, describeRoute(existing[0]))
	}
	return false, fmt.Errorf("adding %s: %w", what, err)
}

// delRoute removes our copy of nr (the kernel matches the protocol).
func (b backend) delRoute(nr *netlink.Route, what string) error {
	del := *nr
	del.Scope = netlink.SCOPE_NOWHERE // "any scope" when deleting
	if err := b.h.RouteDel(&del); err != nil && !gone(err) {
		return fmt.Errorf("deleting %s: %w", what, err)
	}
	return nil
}

// checkRoute reports whether a route equal to nr is installed.
func (b backend) checkRoute(nr *netlink.Route, what string) error {
	existing, err := b.sameKey(nr)
	if err != nil {
		return fmt.Errorf("checking %s: %w", what, err)
	}
	return matchRoute(existing, nr, what)
}

// matchRoute reports whether existing (the routes with nr's key) holds nr.
func matchRoute(existing []netlink.Route, nr *netlink.Route, what string) error {
	for _, e := range existing {
		if sameRoute(e, nr) {
			return nil
		}
	}
	if len(existing) > 0 {
		return fmt.Errorf("%s changed: found %s", what, describeRoute(existing[0]))
	}
	return fmt.Errorf("%s is missing", what)
}

// checkRouteIn is checkRoute reading, inside a reconcile pass, from one
// listing of every route of nr's family (all tables) shared by the pass.
func (b backend) checkRouteIn(ctx context.Context, netns string, nr *netlink.Route, what string) error {
	if cniutil.ReadCacheFrom(ctx) == nil {
		return b.checkRoute(nr, what)
	}
	all, err := cniutil.Read(ctx, fmt.Sprintf("iproute/routes/%s/%d", netns, nr.Family), func() (map[string][]netlink.Route, error) {
		list, err := b.h.RouteListFiltered(nr.Family, &netlink.Route{Table: unix.RT_TABLE_UNSPEC}, netlink.RT_FILTER_TABLE)
		if err != nil {
			return nil, err
		}
		byKey := map[string][]netlink.Route{}
		for _, r := range list {
			k := routeKey(r.Dst, r.Table, metric(&r))
			byKey[k] = append(byKey[k], r)
		}
		return byKey, nil
	})
	if err != nil {
		return fmt.Errorf("checking %s: %w", what, err)
	}
	return matchRoute(all[routeKey(nr.Dst, nr.Table, metric(nr))], nr, what)
}

func routeKey(dst *net.IPNet, table, metric int) string {
	d := "default"
	if dst != nil {
		d = dst.String()
	}
	if table == 0 {
		table = unix.RT_TABLE_MAIN
	}
	return fmt.Sprintf("%s/%d/%d", d, table, metric)
}

// sameKey lists the routes with nr's destination, table and metric: the
// ones the kernel would call "the same route".
func (b backend) sameKey(nr *netlink.Route) ([]netlink.Route, error) {
	filter := &netlink.Route{Dst: nr.Dst, Table: nr.Table}
	list, err := b.h.RouteListFiltered(nr.Family, filter, netlink.RT_FILTER_DST|netlink.RT_FILTER_TABLE)
	if err != nil {
		return nil, err
	}
	want := metric(nr)
	out := list[:0]
	for _, r := range list {
		if metric(&r) == want {
			out = append(out, r)
		}
	}
	return out, nil
}

// metric normalises the route priority: IPv6 stores 0 as 1024.
func metric(r *netlink.Route) int {
	if r.Priority == 0 && r.Family == netlink.FAMILY_V6 {
		return 1024
	}
	return r.Priority
}

// sameRoute compares what we asked for with an installed route, ignoring
// fields we did not set and the protocol (an identical route of another
// owner serves the pod just as well; we will not delete it).
func sameRoute(have netlink.Route, want *netlink.Route) bool {
	if have.Type != want.Type {
		return false
	}
	if want.Src != nil && !have.Src.Equal(want.Src) {
		return false
	}
	if want.MTU != 0 && have.MTU != want.MTU {
		return false
	}
	if want.Type != unix.RTN_UNICAST {
		return true
	}
	if !have.Gw.Equal(want.Gw) {
		return false
	}
	return want.LinkIndex == 0 || have.LinkIndex == want.LinkIndex
}

func describeRoute(r netlink.Route) string {
	var t string
	switch r.Type {
	case unix.RTN_BLACKHOLE:
		t = "blackhole "
	case unix.RTN_UNREACHABLE:
		t = "unreachable "
	case unix.RTN_PROHIBIT:
		t = "prohibit "
	}
	s := fmt.Sprintf("%s%s", t, r.Dst)
	if r.Gw != nil {
		s += " via " + r.Gw.String()
	}
	if r.LinkIndex != 0 && r.Type == unix.RTN_UNICAST {
		s += fmt.Sprintf(" ifindex %d", r.LinkIndex)
	}
	if r.Src != nil {
		s += " src " + r.Src.String()
	}
	s += fmt.Sprintf(" metric %d table %d proto %d", r.Priority, r.Table, r.Protocol)
	if r.MTU != 0 {
		s += fmt.Sprintf(" mtu %d", r.MTU)
	}
	return s
}
