package api

import (
	"fmt"
	"strings"
)

// PoolPrefix starts the pool form of an external: "pool:NAME" asks for a
// block of ports of the admin's egress pool NAME (docs/egress.md).
const PoolPrefix = "pool:"

// MaxPoolName bounds a pool name, as a DNS label.
const MaxPoolName = 63

// ValidPoolName reports whether s is a valid egress pool name: a DNS label
// in lower case (1-63 of a-z, 0-9 and '-', starting and ending with a
// letter or digit). Pool names end up in the attribution log, metrics
// labels and errors, so they are kept plain.
func ValidPoolName(s string) bool {
	return len(s) <= MaxPoolName && ValidLabel(s)
}

// parsePoolExternal parses "pool:NAME".
func parsePoolExternal(s string) (External, error) {
	name := strings.TrimPrefix(s, PoolPrefix)
	if !ValidPoolName(name) {
		return External{}, Invalidf("invalid external %q: pool name %q is not a DNS label (1-%d of a-z, 0-9, '-', not starting or ending with '-')", s, name, MaxPoolName)
	}
	return External{Pool: name}, nil
}

// IsPool reports whether e is the pool form "pool:NAME".
func (e External) IsPool() bool { return e.Pool != "" }

// errPoolNotAddress is the error of a parser that needs an address and got
// a pool: pools exist only between the annotation and diktyo-nri, which
// grants the pod a block of the pool and passes the chain "IP:lo-hi".
func errPoolNotAddress(s string) error {
	return Invalidf("invalid external %q: a pool is not an address (diktyo-nri resolves %q in a pod's masq annotation to a block \"IP:lo-hi\" of the pool; here an address is needed)", s, s)
}

// ParsePodMasqEntry is ParseMasqEntry (Strict) for a pod's masq
// annotation, which may also name a pool ("pool:NAME", External.Pool set).
// A pool entry needs protocol tcp, udp or sctp, as a port range does: a
// block is a port range. Its address family is known only from the
// admin's pool, so pkg/policy checks it against the destination.
func ParsePodMasqEntry(e MasqEntry) (Masq, error) {
	return parseMasqEntry(e, Strict, true)
}

// ParsePodMasqEntries parses a pod's masq annotation list with
// ParsePodMasqEntry; errors name field[i].
func ParsePodMasqEntries(field string, list []MasqEntry) ([]Masq, error) {
	out := make([]Masq, 0, len(list))
	for i, e := range list {
		m, err := ParsePodMasqEntry(e)
		if err != nil {
			return nil, fmt.Errorf("%s[%d].%w", field, i, err)
		}
		out = append(out, m)
	}
	return out, nil
}
