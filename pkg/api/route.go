package api

import (
	"fmt"
	"math"
	"net/netip"
	"strings"
)

// Kernel routing tables with a meaning of their own.
const (
	TableUnspec  = 0
	TableDefault = 253
	TableMain    = 254
	TableLocal   = 255
	// MaxTable is the largest table number (32 bits).
	MaxTable = math.MaxUint32
)

// IsReservedTable reports whether t is one of the kernel's named tables
// (default, main, local), which a pod's egress may not be steered into
// unless the node says so.
func IsReservedTable(t int) bool { return t == TableDefault || t == TableMain || t == TableLocal }

// Rule priorities.
const (
	// MainRulePriority is the kernel's "lookup main" rule; a rule after
	// it never matters.
	MainRulePriority = 32766
	// MaxRulePriority is the last priority a diktyo rule may take.
	MaxRulePriority = MainRulePriority - 1
	// DefaultExcludePriority is iproute's default priority of the bypass
	// rules (priorities.exclude, the AWS VPC CNI's layout). A pod's
	// "from PODIP lookup TABLE" rule must come after it; with the default
	// layout a policyRouting.priority of 1 to 1024 is always refused.
	DefaultExcludePriority = 1024
)

// RouteType is the kind of a pod route.
type RouteType string

// Route types. The original Diktyo plugin knew unicast and, through
// gateway "drop", blackhole.
const (
	RouteUnicast     RouteType = "unicast"
	RouteBlackhole   RouteType = "blackhole"
	RouteUnreachable RouteType = "unreachable"
	RouteProhibit    RouteType = "prohibit"
)

// GatewayDrop is the original Diktyo spelling of a blackhole route.
const GatewayDrop = "drop"

// Route is a parsed, valid RouteEntry: one route inside the pod's netns.
// iproute records it as JSON (its state directory), hence the tags.
type Route struct {
	Dst     netip.Prefix `json:"dst"`
	Gateway netip.Addr   `json:"gateway,omitzero"`
	Type    RouteType    `json:"type"`
	// Dev is the pod interface; empty means the CNI interface (for
	// unicast) and is always empty for the other types.
	Dev         string     `json:"dev,omitempty"`
	Metric      int        `json:"metric,omitempty"`
	Table       int        `json:"table,omitempty"`
	Src         netip.Addr `json:"src,omitzero"`
	MTU         int        `json:"mtu,omitempty"`
	Description string     `json:"description,omitempty"`
}

// ParseRouteEntry is the one parser of a routeEntries element, for the
// annotation (Strict) and for iproute (Lenient). Errors are ErrInvalid and
// start with the field name, so callers can prefix the entry's position.
func ParseRouteEntry(e RouteEntry, form Form) (Route, error) {
	r := Route{Description: e.Description, Metric: e.Metric, Table: e.Table, MTU: e.MTU}
	dst := e.Destination
	if form == Lenient {
		dst = strings.TrimSpace(dst)
	}
	var err error
	if r.Dst, err = ParseNetwork(dst); err != nil {
		return r, fmt.Errorf("destination: %w", err)
	}
	if r.Type, err = parseRouteType(e.Type, e.Gateway, form); err != nil {
		return r, err
	}
	if err := r.setGateway(e.Gateway, form); err != nil {
		return r, err
	}
	if err := r.setDev(e.Dev); err != nil {
		return r, err
	}
	if r.Src, err = r.parseAddr("src", e.Src); err != nil {
		return r, err
	}
	if err := r.checkNumbers(); err != nil {
		return r, err
	}
	return r, form.checkDescription(e.Description)
}

// ParseRouteEntries parses a routeEntries list; errors name field[i].
func ParseRouteEntries(field string, list []RouteEntry, form Form) ([]Route, error) {
	out := make([]Route, 0, len(list))
	for i, e := range list {
		r, err := ParseRouteEntry(e, form)
		if err != nil {
			return nil, fmt.Errorf("%s[%d].%w", field, i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

func parseRouteType(t, gw string, form Form) (RouteType, error) {
	drop := form.keyword(gw) == GatewayDrop
	switch typ := RouteType(form.keyword(t)); typ {
	case "":
		if drop {
			return RouteBlackhole, nil
		}
		return RouteUnicast, nil
	case RouteUnicast, RouteUnreachable, RouteProhibit:
		if drop {
			return "", Invalidf("type: %q conflicts with gateway %q (a blackhole)", t, gw)
		}
		return typ, nil
	case RouteBlackhole:
		return typ, nil
	}
	return "", Invalidf("type: unknown route type %q (want unicast, blackhole, unreachable or prohibit)", t)
}

func (r *Route) setGateway(gw string, form Form) error {
	if gw == "" || form.keyword(gw) == GatewayDrop {
		return nil
	}
	if r.Type != RouteUnicast {
		return Invalidf("gateway: %q not allowed on a %s route", gw, r.Type)
	}
	a, err := r.parseAddr("gateway", gw)
	if err != nil {
		return err
	}
	if !a.IsGlobalUnicast() && !a.IsLinkLocalUnicast() {
		return Invalidf("gateway: %q is not a unicast address", gw)
	}
	r.Gateway = a
	return nil
}

// parseAddr parses an address of the route's family ("" is unset).
func (r *Route) parseAddr(field, s string) (netip.Addr, error) {
	if s == "" {
		return netip.Addr{}, nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" || a.Is4In6() {
		return netip.Addr{}, Invalidf("%s: invalid address %q", field, s)
	}
	if a.Is4() != r.Dst.Addr().Is4() {
		return netip.Addr{}, Invalidf("%s: %q is %s but destination %q is %s", field, s, familyName(a), r.Dst, familyName(r.Dst.Addr()))
	}
	return a, nil
}

func (r *Route) setDev(dev string) error {
	if dev == "" {
		return nil
	}
	if r.Type != RouteUnicast {
		return Invalidf("dev: %q not allowed on a %s route", dev, r.Type)
	}
	if !ValidIfName(dev) {
		return Invalidf("dev: invalid interface name %q", dev)
	}
	r.Dev = dev
	return nil
}

func (r *Route) checkNumbers() error {
	if r.Metric < 0 || r.Metric > math.MaxUint32 {
		return Invalidf("metric: %d outside 0-%d", r.Metric, uint32(math.MaxUint32))
	}
	if r.Table < 0 || r.Table > MaxTable {
		return Invalidf("table: %d outside 0-%d", r.Table, uint32(MaxTable))
	}
	if r.Table == TableLocal {
		return Invalidf("table: %d is the kernel's local table", r.Table)
	}
	minMTU := 68
	if r.Dst.Addr().Is6() {
		minMTU = 1280 // RFC 8200: IPv6 needs 1280 on every link
	}
	if r.MTU != 0 && (r.MTU < minMTU || r.MTU > 65535) {
		return Invalidf("mtu: %d outside %d-65535", r.MTU, minMTU)
	}
	return nil
}

// Entry is r in canonical wire form, which Strict parses back to r.
func (r Route) Entry() RouteEntry {
	e := RouteEntry{Destination: r.Dst.String(), Dev: r.Dev, Metric: r.Metric, Table: r.Table, MTU: r.MTU, Description: r.Description}
	if r.Type != RouteUnicast {
		e.Type = string(r.Type)
	}
	if r.Gateway.IsValid() {
		e.Gateway = r.Gateway.String()
	}
	if r.Src.IsValid() {
		e.Src = r.Src.String()
	}
	return e
}

// String renders the route as ip-route would, for logs and errors.
func (r Route) String() string {
	var b strings.Builder
	if r.Type != RouteUnicast {
		b.WriteString(string(r.Type) + " ")
	}
	b.WriteString(r.Dst.String())
	if r.Gateway.IsValid() {
		b.WriteString(" via " + r.Gateway.String())
	}
	if r.Dev != "" {
		b.WriteString(" dev " + r.Dev)
	}
	if r.Src.IsValid() {
		b.WriteString(" src " + r.Src.String())
	}
	if r.Metric != 0 {
		fmt.Fprintf(&b, " metric %d", r.Metric)
	}
	if r.Table != 0 {
		fmt.Fprintf(&b, " table %d", r.Table)
	}
	if r.MTU != 0 {
		fmt.Fprintf(&b, " mtu %d", r.MTU)
	}
	return b.String()
}

// HostRouting is a parsed, valid PolicyRouting. Whether the node lets a
// pod have its table and priority is iproute's node config's to say
// (tableRange, priorityRange, priorities.exclude, allowReservedTables).
type HostRouting struct {
	Table         int // 0: the node default
	Priority      int // 0: the node default
	Exclude       []netip.Prefix
	HostRoute     bool
	HostInterface string
}

// ParsePolicyRouting is the one parser of the policyRouting capability.
// Errors are ErrInvalid and name the field.
func ParsePolicyRouting(p PolicyRouting) (HostRouting, error) {
	h := HostRouting{Table: p.Table, Priority: p.Priority, HostRoute: p.HostRoute, HostInterface: p.HostInterface}
	if p.Table < 0 || p.Table > MaxTable {
		return h, Invalidf("table: %d is not a routing table (0-%d)", p.Table, uint32(MaxTable))
	}
	if p.Priority < 0 || p.Priority > MaxRulePriority {
		return h, Invalidf("priority: %d outside 1-%d", p.Priority, MaxRulePriority)
	}
	if p.HostInterface != "" && !ValidIfName(p.HostInterface) {
		return h, Invalidf("hostInterface: invalid interface name %q", p.HostInterface)
	}
	var err error
	h.Exclude, err = ParseNetworks("excludeCIDRs", p.ExcludeCIDRs)
	return h, err
}
