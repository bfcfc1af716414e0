package route

import (
	"fmt"
	"math"
	"net/netip"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// RouteType is the kind of a pod route.
type RouteType string

// Route types. The original Diktyo plugin knew unicast and, through
// gateway "drop", blackhole.
const (
	TypeUnicast     RouteType = "unicast"
	TypeBlackhole   RouteType = "blackhole"
	TypeUnreachable RouteType = "unreachable"
	TypeProhibit    RouteType = "prohibit"
)

// gatewayDrop is the original Diktyo spelling of a blackhole route.
const gatewayDrop = "drop"

// PodRoute is one validated route inside the pod's netns.
type PodRoute struct {
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

// ParseRouteEntries validates routeEntries.
func ParseRouteEntries(entries []api.RouteEntry) ([]PodRoute, error) {
	out := make([]PodRoute, 0, len(entries))
	for i, e := range entries {
		r, err := parseRouteEntry(e)
		if err != nil {
			return nil, fmt.Errorf("routeEntries[%d].%w", i, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// parseRouteEntry validates one entry; its errors start with the field
// name so the caller can prefix the entry index.
func parseRouteEntry(e api.RouteEntry) (PodRoute, error) {
	r := PodRoute{Description: e.Description, Metric: e.Metric, Table: e.Table, MTU: e.MTU}
	dst, err := parseCIDR(strings.TrimSpace(e.Destination))
	if err != nil {
		return r, fmt.Errorf("destination: %w", err)
	}
	r.Dst = dst
	if r.Type, err = parseType(e.Type, e.Gateway); err != nil {
		return r, err
	}
	if err := r.setGateway(e.Gateway); err != nil {
		return r, err
	}
	if err := r.setDev(e.Dev); err != nil {
		return r, err
	}
	if err := r.setSrc(e.Src); err != nil {
		return r, err
	}
	return r, r.checkNumbers()
}

func parseType(t, gw string) (RouteType, error) {
	drop := strings.EqualFold(gw, gatewayDrop)
	switch RouteType(strings.ToLower(t)) {
	case "":
		if drop {
			return TypeBlackhole, nil
		}
		return TypeUnicast, nil
	case TypeUnicast:
		if drop {
			return "", fmt.Errorf("type: %q conflicts with gateway %q (a blackhole)", t, gw)
		}
		return TypeUnicast, nil
	case TypeBlackhole:
		return TypeBlackhole, nil
	case TypeUnreachable:
		return TypeUnreachable, nil
	case TypeProhibit:
		return TypeProhibit, nil
	}
	return "", fmt.Errorf("type: unknown route type %q (want unicast, blackhole, unreachable or prohibit)", t)
}

func (r *PodRoute) setGateway(gw string) error {
	if gw == "" || strings.EqualFold(gw, gatewayDrop) {
		return nil
	}
	if r.Type != TypeUnicast {
		return fmt.Errorf("gateway: %q not allowed on a %s route", gw, r.Type)
	}
	a, err := netip.ParseAddr(gw)
	if err != nil || a.Zone() != "" || a.Is4In6() {
		return fmt.Errorf("gateway: invalid address %q", gw)
	}
	if a.Is4() != r.Dst.Addr().Is4() {
		return fmt.Errorf("gateway: %q is %s but destination %q is %s", gw, family(a), r.Dst, family(r.Dst.Addr()))
	}
	if !a.IsGlobalUnicast() && !a.IsLinkLocalUnicast() {
		return fmt.Errorf("gateway: %q is not a unicast address", gw)
	}
	r.Gateway = a
	return nil
}

func (r *PodRoute) setDev(dev string) error {
	if dev == "" {
		return nil
	}
	if r.Type != TypeUnicast {
		return fmt.Errorf("dev: %q not allowed on a %s route", dev, r.Type)
	}
	if err := validIfName("dev", dev); err != nil {
		return err
	}
	r.Dev = dev
	return nil
}

func (r *PodRoute) setSrc(src string) error {
	if src == "" {
		return nil
	}
	a, err := netip.ParseAddr(src)
	if err != nil || a.Zone() != "" || a.Is4In6() {
		return fmt.Errorf("src: invalid address %q", src)
	}
	if a.Is4() != r.Dst.Addr().Is4() {
		return fmt.Errorf("src: %q is %s but destination %q is %s", src, family(a), r.Dst, family(r.Dst.Addr()))
	}
	r.Src = a
	return nil
}

func (r *PodRoute) checkNumbers() error {
	if r.Metric < 0 || r.Metric > math.MaxUint32 {
		return fmt.Errorf("metric: %d outside 0-%d", r.Metric, uint32(math.MaxUint32))
	}
	if r.Table < 0 || r.Table > math.MaxUint32 {
		return fmt.Errorf("table: %d outside 0-%d", r.Table, uint32(math.MaxUint32))
	}
	if r.Table == tableLocal {
		return fmt.Errorf("table: %d is the kernel's local table", r.Table)
	}
	minMTU := 68
	if r.Dst.Addr().Is6() {
		minMTU = 1280
	}
	if r.MTU != 0 && (r.MTU < minMTU || r.MTU > 65535) {
		return fmt.Errorf("mtu: %d outside %d-65535", r.MTU, minMTU)
	}
	return nil
}

// family names an address family for error messages.
func family(a netip.Addr) string {
	if a.Is4() {
		return "IPv4"
	}
	return "IPv6"
}

// String renders the route as ip-route would, for logs and errors.
func (r PodRoute) String() string {
	var b strings.Builder
	if r.Type != TypeUnicast {
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
