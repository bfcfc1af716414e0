package api

import (
	"net/netip"
	"strings"
)

// Form says which spellings a parser accepts. There is one parser per wire
// type; Form only widens what it reads, never what a value means.
type Form int

const (
	// Strict is what people write: annotations and the admin config. One
	// spelling per value: lower-case keywords, CIDRs without host bits and
	// without IPv4-mapped IPv6 forms, descriptions of at most
	// MaxDescription bytes without control characters.
	Strict Form = iota
	// Lenient is what the plugins take in capability arguments and
	// conflists, as they always have (docs/ipmasq.md, docs/iproute.md), so
	// that existing runtimes and conflists keep working: keywords in any
	// case ("TCP", "Blackhole", gateway "DROP"), ipmasq CIDRs with host
	// bits set (cleared) or IPv4-mapped (read as IPv4), iproute
	// destinations with blanks around them, descriptions of any length
	// (the plugins sanitise them). Whatever Strict accepts, Lenient accepts
	// as the same value.
	Lenient
)

// keyword returns s as Strict requires it (unchanged) or, Lenient,
// lower-cased.
func (f Form) keyword(s string) string {
	if f == Lenient {
		return strings.ToLower(s)
	}
	return s
}

// MaxDescription bounds a Strict description, which ends up in rule
// comments and logs.
const MaxDescription = 256

func (f Form) checkDescription(d string) error {
	if f == Lenient {
		return nil
	}
	if len(d) > MaxDescription {
		return Invalidf("description: %d bytes, at most %d", len(d), MaxDescription)
	}
	for _, r := range d {
		if r < 0x20 || r == 0x7f {
			return Invalidf("description: control character %q", r)
		}
	}
	return nil
}

// parseMasqNetwork parses an ipmasq CIDR: ParseNetwork, or, Lenient, what
// ipmasq has always taken: host bits cleared, as iptables and nft would,
// and IPv4-mapped forms read as IPv4.
func (f Form) parseMasqNetwork(s string) (netip.Prefix, error) {
	if f == Strict {
		return ParseNetwork(s)
	}
	p, err := ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	if p.Addr().Is4In6() {
		if p.Bits() < 96 {
			return netip.Prefix{}, Invalidf("invalid CIDR %q: IPv4-mapped prefix shorter than /96", s)
		}
		p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
	}
	return p.Masked(), nil
}

// ValidIfName follows the kernel's rules for interface names
// (dev_valid_name): 1-15 bytes, not "." or "..", no '/', ':', blank or
// control character.
func ValidIfName(s string) bool {
	if s == "" || len(s) > 15 || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		if r == '/' || r == ':' || r <= ' ' || r == 0x7f {
			return false
		}
	}
	return true
}

// familyName names an address family for error messages.
func familyName(a netip.Addr) string {
	if a.Is4() {
		return "IPv4"
	}
	return "IPv6"
}
