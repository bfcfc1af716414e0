package record

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
)

// Owner identifies the attachment that owns records: the cniutil.OwnerID
// of (network, containerID, ifname), plus the network name so that GC of
// one network never touches another network's records in a shared zone,
// the node that wrote them so that GC on one node never touches another
// node's (every node gets the same conflist, so the network name does not
// tell nodes apart), and the pod, so that a refused name can say whose it
// is.
type Owner struct {
	ID      string
	Network string
	// Node is the writer's node name; "" in records written by versions
	// before it was recorded, which no GC can prove to be its own.
	Node string
	// Pod is "namespace/name" (see PodRef); "" when the runtime did not
	// say (not Kubernetes) or in records of older versions.
	Pod string
}

// Owner tag prefixes, as written in TXT strings and hosts-file comments.
const (
	OwnerPrefix   = "diktyo-owner="
	NetworkPrefix = "diktyo-net="
	NodePrefix    = "diktyo-node="
	PodPrefix     = "diktyo-pod="
)

// maxTXTString is the longest DNS character-string: every owner tag is
// one, so every tag (prefix included) must fit.
const maxTXTString = 255

// Strings returns the owner as the strings of its TXT record: ID and
// network always, then node and pod when known, in that order.
func (o Owner) Strings() []string {
	out := []string{OwnerPrefix + o.ID, NetworkPrefix + o.Network}
	if o.Node != "" {
		out = append(out, NodePrefix+o.Node)
	}
	if o.Pod != "" {
		out = append(out, PodPrefix+o.Pod)
	}
	return out
}

// String is the owner as one line, as in a hosts-file comment.
func (o Owner) String() string { return strings.Join(o.Strings(), " ") }

// ParseOwner reads an owner back from TXT strings or the fields of a
// comment; ok is false when they are not a diktyo owner tag. It accepts
// exactly what Strings writes (old two-tag owners included), so that an
// owner read back renders byte for byte as it is stored: RFC 2136
// prerequisites compare the TXT exactly.
func ParseOwner(fields []string) (Owner, bool) {
	if len(fields) < 2 || len(fields) > 4 || !strings.HasPrefix(fields[0], OwnerPrefix) || !strings.HasPrefix(fields[1], NetworkPrefix) {
		return Owner{}, false
	}
	o := Owner{ID: strings.TrimPrefix(fields[0], OwnerPrefix), Network: strings.TrimPrefix(fields[1], NetworkPrefix)}
	rest := fields[2:]
	if len(rest) > 0 && strings.HasPrefix(rest[0], NodePrefix) {
		o.Node, rest = strings.TrimPrefix(rest[0], NodePrefix), rest[1:]
		if CheckNode(o.Node) != nil {
			return Owner{}, false
		}
	}
	if len(rest) > 0 && strings.HasPrefix(rest[0], PodPrefix) {
		o.Pod, rest = strings.TrimPrefix(rest[0], PodPrefix), rest[1:]
		if !validPodRef(o.Pod) {
			return Owner{}, false
		}
	}
	return o, len(rest) == 0 && o.ID != "" && o.Network != ""
}

// Same reports whether o and p are the same attachment: same ID and
// network, and the same node when both name one. An owner without a node
// (written by an older version) is the same attachment as the current
// one with its ID, which includes the container ID: that lets DEL and a
// repeated ADD converge over records written before an upgrade.
func (o Owner) Same(p Owner) bool {
	return o.ID == p.ID && o.Network == p.Network && (o.Node == "" || p.Node == "" || o.Node == p.Node)
}

// Describe says whose records these are, pod first, for error messages.
func (o Owner) Describe() string {
	pod := "an unknown pod"
	if o.Pod != "" {
		pod = "pod " + o.Pod
	}
	node := ""
	if o.Node != "" {
		node = fmt.Sprintf(" on node %s", o.Node)
	}
	return fmt.Sprintf("%s (attachment %s of network %q%s)", pod, o.ID, o.Network, node)
}

// CheckNode validates a node name for owner tags: what Kubernetes allows
// in a node name (letters, digits, '-', '.', also '_' as some hostnames
// have it), short enough to fit one TXT string with its tag.
func CheckNode(n string) error {
	if n == "" {
		return fmt.Errorf("empty node name")
	}
	if len(NodePrefix)+len(n) > maxTXTString {
		return fmt.Errorf("node name %q is longer than %d characters", n, maxTXTString-len(NodePrefix))
	}
	if i := strings.IndexFunc(n, func(c rune) bool { return !nodeChar(c) }); i >= 0 {
		return fmt.Errorf("node name %q has invalid character %q (allowed: letters, digits, '-', '.', '_')", n, n[i])
	}
	return nil
}

func nodeChar(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_'
}

// PodRef returns "namespace/name" for owner tags, or "" when either is
// not what Kubernetes allows (a namespace is a DNS label, a pod name a
// DNS subdomain) or the tag would not fit one TXT string: the pod is then
// recorded as unknown rather than written in a form that cannot be
// parsed back.
func PodRef(namespace, name string) string {
	ref := namespace + "/" + name
	if !validPodRef(ref) {
		return ""
	}
	return ref
}

func validPodRef(ref string) bool {
	ns, name, ok := strings.Cut(ref, "/")
	if !ok || len(PodPrefix)+len(ref) > maxTXTString || CheckLabel(ns) != nil {
		return false
	}
	_, err := CheckDomain(name)
	return err == nil && !strings.HasSuffix(name, ".")
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
