package api

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// External is a parsed MasqEntry.External (and SNATPolicy.DefaultExternal):
// "masquerade", an address with an optional port or port range, or (in a
// pod's annotation only) "pool:NAME". It is parsed here, once, so that
// ipmasq and the NRI plugin's admin allowlists can never disagree on what
// a string means.
type External struct {
	Masquerade bool
	Addr       netip.Addr
	// PortLo and PortHi are 0 when no port is given.
	PortLo, PortHi uint16
	// Pool is the egress pool of "pool:NAME"; then nothing else is set.
	// Only ParsePodMasqEntry accepts it: diktyo-nri replaces it with the
	// block of the pool it grants the pod before the chain runs.
	Pool string
}

// HasPorts reports whether a port or port range was given.
func (e External) HasPorts() bool { return e.PortLo != 0 }

// String is the canonical form of e, accepted by ParseExternal.
func (e External) String() string {
	switch {
	case e.Masquerade:
		return "masquerade"
	case e.Pool != "":
		return PoolPrefix + e.Pool
	case !e.HasPorts():
		return e.Addr.String()
	}
	host := e.Addr.String()
	if e.Addr.Is6() {
		host = "[" + host + "]"
	}
	if e.PortLo == e.PortHi {
		return fmt.Sprintf("%s:%d", host, e.PortLo)
	}
	return fmt.Sprintf("%s:%d-%d", host, e.PortLo, e.PortHi)
}

// ParseExternal parses "masquerade", "IP", "IP:port", "IP:lo-hi",
// "[IPv6]", "[IPv6]:port", "[IPv6]:lo-hi" (a bare IPv6 address is
// accepted too; an IPv4-mapped IPv6 address is read as IPv4) or
// "pool:NAME" (External.Pool; ParseSNATExternal refuses it).
func ParseExternal(s string) (External, error) {
	if s == "masquerade" {
		return External{Masquerade: true}, nil
	}
	if strings.HasPrefix(s, PoolPrefix) {
		return parsePoolExternal(s)
	}
	host, ports, err := splitExternal(s)
	if err != nil {
		return External{}, err
	}
	a, err := netip.ParseAddr(host)
	if err != nil || a.Zone() != "" {
		return External{}, Invalidf("invalid external %q (want IP, IP:port, IP:lo-hi, [IPv6]:lo-hi or masquerade)", s)
	}
	ext := External{Addr: a.Unmap()}
	if strings.HasPrefix(s, "[") && ext.Addr.Is4() {
		return External{}, Invalidf("invalid external %q: brackets are for IPv6", s)
	}
	if ports == "" {
		return ext, nil
	}
	if ext.PortLo, ext.PortHi, err = parsePorts(ports); err != nil {
		return External{}, Invalidf("invalid port range in %q: %w", s, err)
	}
	return ext, nil
}

// splitExternal splits s into its address and its port part.
func splitExternal(s string) (host, ports string, err error) {
	switch {
	case strings.HasPrefix(s, "["):
		end := strings.Index(s, "]")
		if end < 0 {
			return "", "", Invalidf("invalid external %q: missing ']'", s)
		}
		host, ports = s[1:end], s[end+1:]
		if ports == "" {
			return host, "", nil
		}
		if !strings.HasPrefix(ports, ":") {
			return "", "", Invalidf("invalid external %q: want [IPv6]:port", s)
		}
		ports = ports[1:]
	case strings.Count(s, ":") == 1:
		host, ports, _ = strings.Cut(s, ":")
	default:
		return s, "", nil
	}
	if ports == "" {
		return "", "", Invalidf("invalid external %q: empty port", s)
	}
	return host, ports, nil
}

func parsePorts(s string) (lo, hi uint16, err error) {
	loS, hiS, isRange := strings.Cut(s, "-")
	if lo, err = parsePort(loS); err != nil {
		return 0, 0, err
	}
	hi = lo
	if isRange {
		if hi, err = parsePort(hiS); err != nil {
			return 0, 0, err
		}
	}
	if lo > hi {
		return 0, 0, Invalidf("%d-%d is empty", lo, hi)
	}
	return lo, hi, nil
}

func parsePort(s string) (uint16, error) {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil || n == 0 || strings.HasPrefix(s, "+") {
		return 0, Invalidf("%q is not a port (1-65535)", s)
	}
	return uint16(n), nil
}
