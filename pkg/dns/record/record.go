package record

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
)

// Owner identifies the attachment that owns records: the cniutil.OwnerID
// of (network, containerID, ifname), plus the network name so that GC of
// one network never touches another network's records in a shared zone.
type Owner struct {
	ID      string
	Network string
}

// Owner tag prefixes, as written in TXT strings and hosts-file comments.
const (
	OwnerPrefix   = "diktyo-owner="
	NetworkPrefix = "diktyo-net="
)

// Strings returns the owner as the strings of its TXT record.
func (o Owner) Strings() []string {
	return []string{OwnerPrefix + o.ID, NetworkPrefix + o.Network}
}

// String is the owner as one line, as in a hosts-file comment.
func (o Owner) String() string { return strings.Join(o.Strings(), " ") }

// ParseOwner reads an owner back from TXT strings or the fields of a
// comment; ok is false when they are not a diktyo owner tag.
func ParseOwner(fields []string) (Owner, bool) {
	if len(fields) != 2 || !strings.HasPrefix(fields[0], OwnerPrefix) || !strings.HasPrefix(fields[1], NetworkPrefix) {
		return Owner{}, false
	}
	o := Owner{ID: strings.TrimPrefix(fields[0], OwnerPrefix), Network: strings.TrimPrefix(fields[1], NetworkPrefix)}
	return o, o.ID != "" && o.Network != ""
}

// Type is a DNS record type registerDNS writes.
type Type string

// Record types.
const (
	A    Type = "A"
	AAAA Type = "AAAA"
	PTR  Type = "PTR"
	TXT  Type = "TXT"
)

// Record is one resource record to hold on the server.
type Record struct {
	Zone string // the zone the update goes to
	Name string // fully qualified
	Type Type
	Data string // address, PTR target (fully qualified), or the owner line for TXT
	TTL  uint32
}

func (r Record) String() string {
	return fmt.Sprintf("%s %d %s %s", r.Name, r.TTL, r.Type, r.Data)
}

// Set is everything one attachment holds: its names, its addresses, and the
// records built from them. Backends that store records (rfc2136, hosts)
// use Records; the exec backend uses the pod fields.
type Set struct {
	Owner   Owner
	Names   []Name
	Addrs   []netip.Addr
	Records []Record

	ContainerID string
	Metadata    map[string]string
}

// ReverseName is the in-addr.arpa or ip6.arpa name of a.
func ReverseName(a netip.Addr) string {
	a = a.Unmap()
	var b strings.Builder
	if a.Is4() {
		o := a.As4()
		for i := 3; i >= 0; i-- {
			fmt.Fprintf(&b, "%d.", o[i])
		}
		b.WriteString("in-addr.arpa.")
		return b.String()
	}
	const hex = "0123456789abcdef"
	o := a.As16()
	for i := 15; i >= 0; i-- {
		b.WriteByte(hex[o[i]&0xf])
		b.WriteByte('.')
		b.WriteByte(hex[o[i]>>4])
		b.WriteByte('.')
	}
	b.WriteString("ip6.arpa.")
	return b.String()
}

// ParseReverseZones validates reverse zones: fully qualified names under
// in-addr.arpa. or ip6.arpa.
func ParseReverseZones(field string, in []string) (Zones, error) {
	zs, err := ParseZones(field, in)
	if err != nil {
		return nil, err
	}
	for i, z := range zs {
		if !strings.HasSuffix(z, ".in-addr.arpa.") && !strings.HasSuffix(z, ".ip6.arpa.") {
			return nil, fmt.Errorf("%s[%d]: %q is not under in-addr.arpa or ip6.arpa", field, i, in[i])
		}
	}
	return zs, nil
}

// Build returns the records for names and addrs: per name an A or AAAA for
// every address and one owner TXT; per address whose reverse name falls in
// a reverse zone, a PTR to the first (primary) name and an owner TXT.
// Forward records come first, then reverse ones, each in input order, so
// backends can apply forward zones before reverse zones.
func Build(owner Owner, names []Name, addrs []netip.Addr, reverse Zones, ttl uint32) []Record {
	var out []Record
	for _, n := range names {
		for _, a := range addrs {
			t := A
			if !a.Unmap().Is4() {
				t = AAAA
			}
			out = append(out, Record{Zone: n.Zone, Name: n.FQDN, Type: t, Data: a.Unmap().String(), TTL: ttl})
		}
		out = append(out, Record{Zone: n.Zone, Name: n.FQDN, Type: TXT, Data: owner.String(), TTL: ttl})
	}
	if len(names) == 0 {
		return out
	}
	for _, a := range addrs {
		rev := ReverseName(a)
		zone, ok := reverse.Match(rev)
		if !ok {
			continue
		}
		out = append(out,
			Record{Zone: zone, Name: rev, Type: PTR, Data: names[0].FQDN, TTL: ttl},
			Record{Zone: zone, Name: rev, Type: TXT, Data: owner.String(), TTL: ttl})
	}
	return out
}

// IsReverseZone reports whether z is under in-addr.arpa. or ip6.arpa.
func IsReverseZone(z string) bool {
	return strings.HasSuffix(z, ".in-addr.arpa.") || strings.HasSuffix(z, ".ip6.arpa.")
}

// ByZone groups records by zone, keeping the order in which zones first
// appear (forward zones before reverse ones, as Build orders them).
func ByZone(recs []Record) (zones []string, groups map[string][]Record) {
	groups = map[string][]Record{}
	for _, r := range recs {
		if _, ok := groups[r.Zone]; !ok {
			zones = append(zones, r.Zone)
		}
		groups[r.Zone] = append(groups[r.Zone], r)
	}
	return zones, groups
}

// Backend stores a Set's records somewhere DNS clients can find them.
type Backend interface {
	// Add makes the set's records exist, converging from any previous Add
	// of the same owner, and fails without changing anything when a name
	// is held by another owner. A failed Add leaves none of the set.
	Add(ctx context.Context, s Set) error
	// Del removes what the owner holds under the set's names (and their
	// reverse records). Records already gone are not an error.
	Del(ctx context.Context, s Set) error
	// Check reports missing or different records.
	Check(ctx context.Context, s Set) error
	// GC removes records of network whose owner is not in valid.
	GC(ctx context.Context, network string, valid map[string]bool) error
	// Status reports whether the backend can serve Add.
	Status(ctx context.Context) error
}
