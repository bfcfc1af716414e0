package api

import (
	"fmt"
	"net/netip"
	"strings"
)

// Masq is a parsed, valid MasqEntry.
type Masq struct {
	External    External
	Dst         netip.Prefix
	Proto       string // "" (all), tcp, udp or sctp
	Description string
}

// ParseMasqEntry is the one parser of a masqEntries element, for the
// annotation (Strict) and for ipmasq (Lenient). Errors are ErrInvalid and
// start with the field name, so callers can prefix the element's position.
// It refuses "pool:NAME": a pool is resolved by diktyo-nri, never sent to
// the chain (ParsePodMasqEntry takes it, for the annotation).
func ParseMasqEntry(e MasqEntry, form Form) (Masq, error) {
	return parseMasqEntry(e, form, false)
}

// parseMasqEntry is ParseMasqEntry; pools says whether "pool:NAME" is
// accepted.
func parseMasqEntry(e MasqEntry, form Form, pools bool) (Masq, error) {
	m := Masq{Description: e.Description}
	var err error
	if m.Dst, err = form.parseMasqNetwork(e.Destination); err != nil {
		return m, fmt.Errorf("destination: %w", err)
	}
	if m.Proto, err = parseProtocol(e.Protocol, form); err != nil {
		return m, err
	}
	if pools && strings.HasPrefix(e.External, PoolPrefix) {
		if m.External, err = parsePoolExternal(e.External); err != nil {
			return m, fmt.Errorf("external: %w", err)
		}
		if m.Proto == "" {
			return m, Invalidf("external: pool %q needs protocol tcp, udp or sctp (a block is a port range), not %q", m.External.Pool, orAll(e.Protocol))
		}
		return m, form.checkDescription(e.Description)
	}
	if m.External, err = ParseSNATExternal(e.External, form); err != nil {
		return m, fmt.Errorf("external: %w", err)
	}
	if m.External.HasPorts() && m.Proto == "" {
		return m, Invalidf("external: ports in %q need protocol tcp, udp or sctp, not %q", e.External, orAll(e.Protocol))
	}
	if a := m.External.Addr; a.IsValid() && a.Is4() != m.Dst.Addr().Is4() {
		return m, Invalidf("external: address %s is %s but destination %s is %s", a, familyName(a), m.Dst, familyName(m.Dst.Addr()))
	}
	return m, form.checkDescription(e.Description)
}

// ParseMasqEntries parses a masqEntries list; errors name field[i].
func ParseMasqEntries(field string, list []MasqEntry, form Form) ([]Masq, error) {
	out := make([]Masq, 0, len(list))
	for i, e := range list {
		m, err := ParseMasqEntry(e, form)
		if err != nil {
			return nil, fmt.Errorf("%s[%d].%w", field, i, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// Entry is m in canonical wire form, which Strict parses back to m.
func (m Masq) Entry() MasqEntry {
	return MasqEntry{External: m.External.String(), Destination: m.Dst.String(), Protocol: m.Proto, Description: m.Description}
}

func parseProtocol(p string, form Form) (string, error) {
	switch k := form.keyword(p); k {
	case "", "all":
		return "", nil
	case "tcp", "udp", "sctp":
		return k, nil
	}
	return "", Invalidf("protocol: unknown protocol %q (want tcp, udp, sctp or all)", p)
}

func orAll(p string) string {
	if p == "" {
		return "all"
	}
	return p
}

// ParseSNATExternal is ParseExternal for a source NAT target: the address
// must be one a packet can leave with (no loopback, multicast, link-local
// or unspecified address), and, Strict, written in its own family.
func ParseSNATExternal(s string, form Form) (External, error) {
	e, err := ParseExternal(s)
	if err != nil || e.Masquerade {
		return e, err
	}
	if e.Pool != "" {
		return External{}, errPoolNotAddress(s)
	}
	if !e.Addr.IsGlobalUnicast() {
		return External{}, Invalidf("invalid external %q: not a unicast address", s)
	}
	// ParseExternal reads ::ffff:a.b.c.d as IPv4; people must say which
	// family they mean.
	if form == Strict && e.Addr.Is4() && strings.Count(s, ":") > 1 {
		return External{}, Invalidf("invalid external %q: IPv4-mapped IPv6 address (write the IPv4 address)", s)
	}
	return e, nil
}
