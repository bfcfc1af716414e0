package api

import (
	"fmt"
	"net/netip"
	"strings"
)

// ParsePrefix parses "ADDR/LEN", or a bare "ADDR" as a host prefix (/32,
// /128), the forms every CIDR and address field of the capabilities
// accept. Zones are refused. Host bits and IPv4-mapped forms are returned
// as given: whether they are an error depends on the field (see
// ParseNetwork).
func ParsePrefix(s string) (netip.Prefix, error) {
	var p netip.Prefix
	var err error
	if strings.Contains(s, "/") {
		p, err = netip.ParsePrefix(s)
	} else {
		var a netip.Addr
		if a, err = netip.ParseAddr(s); err == nil && a.Zone() != "" {
			err = Invalidf("zone in %q", s) // PrefixFrom would drop it
		}
		p = netip.PrefixFrom(a, a.BitLen())
	}
	if err != nil {
		return netip.Prefix{}, Invalidf("invalid CIDR %q", s)
	}
	return p, nil
}

// ParseNetwork is ParsePrefix for destinations written by people: host
// bits set (10.0.0.5/8) and IPv4-mapped forms are refused, because they
// usually hide a typo and the kernel would silently mask them.
func ParseNetwork(s string) (netip.Prefix, error) {
	p, err := ParsePrefix(s)
	if err != nil {
		return p, err
	}
	if p.Addr().Is4In6() {
		return netip.Prefix{}, Invalidf("invalid CIDR %q: IPv4-mapped IPv6 address (write the IPv4 form)", s)
	}
	if p.Masked() != p {
		return netip.Prefix{}, Invalidf("invalid CIDR %q: host bits set (did you mean %s?)", s, p.Masked())
	}
	return p, nil
}

// ParseNetworks is ParseNetwork over a list; errors name field[i].
func ParseNetworks(field string, list []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(list))
	for i, s := range list {
		p, err := ParseNetwork(s)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
		}
		out = append(out, p)
	}
	return out, nil
}
