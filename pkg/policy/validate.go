package policy

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// ParseCIDR parses a destination written in an annotation or the admin
// config (api.ParseNetwork: no host bits, no IPv4-mapped forms).
func ParseCIDR(s string) (netip.Prefix, error) { return api.ParseNetwork(s) }

// ParseExternal parses the masqEntries "external" syntax (api.ParseExternal)
// and, since an annotation names it, is stricter: it refuses what is no
// unicast address (loopback, multicast, link-local) and IPv4-mapped forms.
func ParseExternal(s string) (api.External, error) {
	e, err := api.ParseExternal(s)
	if err != nil {
		return api.External{}, err
	}
	if !e.Masquerade && !e.Addr.IsGlobalUnicast() {
		return api.External{}, fmt.Errorf("invalid external %q: not a unicast address", s)
	}
	// ipmasq reads ::ffff:a.b.c.d as IPv4; an annotation must say which
	// family it means.
	if e.Addr.Is4() && strings.Count(s, ":") > 1 {
		return api.External{}, fmt.Errorf("invalid external %q: IPv4-mapped IPv6 address (write the IPv4 address)", s)
	}
	return e, nil
}

// ValidateMasqEntry checks one masqEntries element; the error starts with
// the field name so callers can prefix it with the element's position.
func ValidateMasqEntry(e api.MasqEntry) error {
	ext, err := ParseExternal(e.External)
	if err != nil {
		return fmt.Errorf("external: %w", err)
	}
	dst, err := ParseCIDR(e.Destination)
	if err != nil {
		return fmt.Errorf("destination: %w", err)
	}
	switch e.Protocol {
	case "", "all":
		if ext.HasPorts() {
			return fmt.Errorf("external: ports in %q need protocol tcp, udp or sctp, not %q", e.External, protoName(e.Protocol))
		}
	case "tcp", "udp", "sctp":
	default:
		return fmt.Errorf("protocol: unknown protocol %q (want tcp, udp, sctp or all)", e.Protocol)
	}
	if !ext.Masquerade && ext.Addr.Is4() != dst.Addr().Is4() {
		return fmt.Errorf("external: address %s is not of the family of destination %s", ext.Addr, dst)
	}
	if err := validateDescription(e.Description); err != nil {
		return err
	}
	return nil
}

func protoName(p string) string {
	if p == "" {
		return "all"
	}
	return p
}

func validateDescription(d string) error {
	if len(d) > 256 {
		return fmt.Errorf("description: %d bytes, at most 256", len(d))
	}
	for _, r := range d {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("description: control character %q", r)
		}
	}
	return nil
}

// Route types, as the iproute plugin understands them.
const (
	RouteUnicast     = "unicast"
	RouteBlackhole   = "blackhole"
	RouteUnreachable = "unreachable"
	RouteProhibit    = "prohibit"
)

// RouteType returns the effective type of a route entry: the original
// Diktyo gateway "drop" means blackhole, an empty type means unicast.
func RouteType(e api.RouteEntry) string {
	if e.Type == "" {
		if e.Gateway == "drop" {
			return RouteBlackhole
		}
		return RouteUnicast
	}
	return e.Type
}

// ValidateRouteEntry checks one routeEntries element.
func ValidateRouteEntry(e api.RouteEntry) error {
	dst, err := ParseCIDR(e.Destination)
	if err != nil {
		return fmt.Errorf("destination: %w", err)
	}
	typ := RouteType(e)
	switch typ {
	case RouteUnicast:
		if e.Gateway == "drop" {
			return fmt.Errorf("gateway: \"drop\" contradicts type %q", e.Type)
		}
		if e.Gateway == "" && e.Dev == "" {
			return fmt.Errorf("gateway: a unicast route needs a gateway or a dev")
		}
	case RouteBlackhole, RouteUnreachable, RouteProhibit:
		if e.Gateway != "" && e.Gateway != "drop" {
			return fmt.Errorf("gateway: a %s route takes no gateway, got %q", typ, e.Gateway)
		}
		if e.Gateway == "drop" && typ != RouteBlackhole {
			return fmt.Errorf("gateway: \"drop\" contradicts type %q", e.Type)
		}
	default:
		return fmt.Errorf("type: unknown route type %q (want unicast, blackhole, unreachable or prohibit)", e.Type)
	}
	if e.Gateway != "" && e.Gateway != "drop" {
		gw, err := netip.ParseAddr(e.Gateway)
		if err != nil || gw.Zone() != "" {
			return fmt.Errorf("gateway: invalid address %q", e.Gateway)
		}
		if gw.Is4() != dst.Addr().Is4() {
			return fmt.Errorf("gateway: %s is not of the family of destination %s", gw, dst)
		}
	}
	if e.Src != "" {
		src, err := netip.ParseAddr(e.Src)
		if err != nil || src.Zone() != "" {
			return fmt.Errorf("src: invalid address %q", e.Src)
		}
		if src.Is4() != dst.Addr().Is4() {
			return fmt.Errorf("src: %s is not of the family of destination %s", src, dst)
		}
	}
	if e.Dev != "" && !validIfName(e.Dev) {
		return fmt.Errorf("dev: invalid interface name %q", e.Dev)
	}
	if e.Metric < 0 {
		return fmt.Errorf("metric: negative metric %d", e.Metric)
	}
	if e.Table < 0 || int64(e.Table) > 1<<32-1 {
		return fmt.Errorf("table: %d out of range 0 to 4294967295", e.Table)
	}
	if e.MTU != 0 && (e.MTU < 68 || e.MTU > 65535) {
		return fmt.Errorf("mtu: %d out of range 68 to 65535", e.MTU)
	}
	return validateDescription(e.Description)
}

// validIfName follows the kernel's rules for interface names.
func validIfName(s string) bool {
	if s == "" || len(s) > 15 || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		if r == '/' || r == ':' || r <= ' ' || r > '~' {
			return false
		}
	}
	return true
}

// NormalizeDNSName lower-cases a DNS name and drops a trailing dot, after
// checking it is made of valid hostname labels (letters, digits, hyphens;
// 1-63 bytes each; 253 bytes in all).
func NormalizeDNSName(s string) (string, error) {
	n := strings.ToLower(strings.TrimSuffix(s, "."))
	if n == "" || len(n) > 253 {
		return "", fmt.Errorf("invalid DNS name %q: length must be 1 to 253", s)
	}
	for _, label := range strings.Split(n, ".") {
		if !ValidLabel(label) {
			return "", fmt.Errorf("invalid DNS name %q: bad label %q", s, label)
		}
	}
	return n, nil
}

// ValidLabel reports whether s is a valid lower-case hostname label.
func ValidLabel(s string) bool {
	if len(s) == 0 || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}
