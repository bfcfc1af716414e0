// Package record is the data model of the registerDNS plugin: validated
// DNS names, the records a pod gets (A, AAAA, PTR and the owner TXT), and
// the Backend interface that applies them. Everything here is plain data
// and pure functions, so it is table-tested and fuzzed without a server.
package record

import (
	"fmt"
	"strings"
)

// MaxNameLen is the longest name accepted, in presentation form without
// the trailing dot (RFC 1035: 255 octets on the wire).
const MaxNameLen = 253

// Name is a validated, lowercase, fully qualified name (trailing dot) and
// the configured zone it falls in.
type Name struct {
	FQDN string // e.g. "web.default.pods.example.test."
	Zone string // e.g. "pods.example.test."
}

// Host is the name without the trailing dot, as hosts files write it.
func (n Name) Host() string { return strings.TrimSuffix(n.FQDN, ".") }

// CheckLabel reports whether l is an RFC 1123 label in lowercase:
// 1-63 characters of a-z, 0-9 and '-', not starting or ending with '-'.
// Uppercase is rejected rather than folded so that a name is written
// exactly as it was asked for, and owner comparisons stay byte-exact.
func CheckLabel(l string) error {
	if l == "" {
		return fmt.Errorf("empty label")
	}
	if len(l) > 63 {
		return fmt.Errorf("label %q is longer than 63 characters", l)
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-':
			if i == 0 || i == len(l)-1 {
				return fmt.Errorf("label %q starts or ends with '-'", l)
			}
		case c >= 'A' && c <= 'Z':
			return fmt.Errorf("label %q has uppercase letters (names must be lowercase)", l)
		default:
			return fmt.Errorf("label %q has invalid character %q (allowed: a-z, 0-9, '-')", l, c)
		}
	}
	return nil
}

// CheckDomain validates a dotted name (trailing dot optional) label by
// label and returns it fully qualified.
func CheckDomain(s string) (string, error) {
	host := strings.TrimSuffix(s, ".")
	if host == "" {
		return "", fmt.Errorf("empty name")
	}
	if len(host) > MaxNameLen {
		return "", fmt.Errorf("name %q is longer than %d characters", s, MaxNameLen)
	}
	for _, l := range strings.Split(host, ".") {
		if err := CheckLabel(l); err != nil {
			return "", fmt.Errorf("name %q: %w", s, err)
		}
	}
	return host + ".", nil
}

// Zones is the list of configured zones, fully qualified. The first one is
// the default zone that relative names are placed in.
type Zones []string

// ParseZones validates zones; field names the config field in errors.
func ParseZones(field string, in []string) (Zones, error) {
	out := make(Zones, 0, len(in))
	seen := map[string]bool{}
	for i, z := range in {
		fq, err := CheckDomain(z)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
		}
		if seen[fq] {
			return nil, fmt.Errorf("%s[%d]: duplicate zone %q", field, i, z)
		}
		seen[fq] = true
		out = append(out, fq)
	}
	return out, nil
}

// Match returns the longest zone that fqdn lies strictly inside (a zone's
// apex is not a pod name: it holds the SOA and NS records).
func (zs Zones) Match(fqdn string) (string, bool) {
	best := ""
	for _, z := range zs {
		if strings.HasSuffix(fqdn, "."+z) && len(z) > len(best) {
			best = z
		}
	}
	return best, best != ""
}

// Resolve turns a requested name into a Name inside one of the zones.
//   - "a.b." (trailing dot) is absolute and must lie inside a zone;
//   - "a.b" that already ends in a configured zone is taken as absolute;
//   - anything else is relative to the first (default) zone.
func (zs Zones) Resolve(name string) (Name, error) {
	if len(zs) == 0 {
		return Name{}, fmt.Errorf("name %q: no zones configured", name)
	}
	fq, err := CheckDomain(name)
	if err != nil {
		return Name{}, err
	}
	if zone, ok := zs.Match(fq); ok {
		return Name{FQDN: fq, Zone: zone}, nil
	}
	if strings.HasSuffix(name, ".") {
		return Name{}, fmt.Errorf("name %q is outside the configured zones %s", name, zs)
	}
	if _, ok := zs.apex(fq); ok {
		return Name{}, fmt.Errorf("name %q is a zone apex, not a name inside a zone", name)
	}
	fq, err = CheckDomain(strings.TrimSuffix(fq, ".") + "." + zs[0])
	if err != nil {
		return Name{}, err
	}
	return Name{FQDN: fq, Zone: zs[0]}, nil
}

func (zs Zones) apex(fq string) (string, bool) {
	for _, z := range zs {
		if z == fq {
			return z, true
		}
	}
	return "", false
}

// String lists the zones for error messages.
func (zs Zones) String() string {
	return "[" + strings.Join(zs, " ") + "]"
}
