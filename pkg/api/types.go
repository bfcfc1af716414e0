// Package api holds the wire types diktyo's CNI plugins exchange through
// CNI runtimeConfig (capability arguments). The NRI plugin produces them from
// pod annotations; container runtimes and cnitool may pass them directly.
//
// Field names are part of the public contract: the original Diktyo plugins
// used masqEntries/routeEntries/metadata, and those shapes are kept as-is so
// old conflists keep working; everything else is an additive extension.
package api

// Capability names, as used in a conflist's "capabilities" map and in
// libcni's CapabilityArgs.
const (
	CapIPs           = "ips"           // []string, standard CNI "ips" capability
	CapMasqEntries   = "masqEntries"   // []MasqEntry
	CapSNATPolicy    = "snatPolicy"    // SNATPolicy
	CapRouteEntries  = "routeEntries"  // []RouteEntry
	CapPolicyRouting = "policyRouting" // PolicyRouting
	CapDNSNames      = "dnsNames"      // []string
	CapMetadata      = "metadata"      // map[string]string
)

// MasqEntry asks for source NAT of a pod's traffic to one destination.
// It is the original Diktyo masqEntries element.
type MasqEntry struct {
	// External is "IP", "IP:port", "IP:lo-hi" or "masquerade".
	External string `json:"external"`
	// Destination is a v4 or v6 CIDR (a bare address means a host route).
	Destination string `json:"destination"`
	// Protocol is tcp, udp, sctp or all (empty means all).
	Protocol string `json:"protocol,omitempty"`
	// Description ends up in rule comments; free text, sanitised.
	Description string `json:"description,omitempty"`
}

// SNATPolicy is the per-pod form of the node-wide SNAT policy found in the
// ipmasq plugin config. Lists are added to the node's lists; scalar fields,
// when set, replace the node's value.
type SNATPolicy struct {
	// DefaultAction is "", "none", "masquerade" or "snat".
	DefaultAction string `json:"defaultAction,omitempty"`
	// DefaultExternal is the address (and optional port range) for
	// DefaultAction "snat", in MasqEntry.External syntax.
	DefaultExternal string `json:"defaultExternal,omitempty"`
	// ExcludeCIDRs are destinations never SNATed.
	ExcludeCIDRs []string `json:"excludeCIDRs,omitempty"`
	// IncludeCIDRs restrict the default action, per family, to these
	// destinations: an IPv4 list leaves the IPv6 default alone.
	IncludeCIDRs []string `json:"includeCIDRs,omitempty"`
	// Randomize is "", "none", "random" or "fully".
	Randomize string `json:"randomize,omitempty"`
	// PodInclude is a pod's own include list (annotation snat-include),
	// which narrows the default only inside what the admin lets it.
	PodInclude *PodInclude `json:"podInclude,omitempty"`
}

// PodInclude narrows the default action of one family inside Scope: there,
// the default applies only to destinations inside one of CIDRs (and only
// where it applied anyway); outside Scope, and in a family CIDRs has no
// entry of, the default is untouched. Every CIDR lies inside a Scope entry
// of its family. diktyo-nri sends a pod's snat-include as CIDRs and the
// admin's allow.snatInclude.cidrs as Scope.
type PodInclude struct {
	CIDRs []string `json:"cidrs"`
	Scope []string `json:"scope"`
}

// RouteEntry is one route inside the pod's network namespace. It extends
// the original Diktyo routeEntries element (destination, gateway,
// description; gateway "drop" = blackhole).
type RouteEntry struct {
	Destination string `json:"destination"`
	Gateway     string `json:"gateway,omitempty"`
	Description string `json:"description,omitempty"`
	// Type is unicast (default), blackhole, unreachable or prohibit.
	Type   string `json:"type,omitempty"`
	Dev    string `json:"dev,omitempty"`
	Metric int    `json:"metric,omitempty"`
	Table  int    `json:"table,omitempty"`
	Src    string `json:"src,omitempty"`
	MTU    int    `json:"mtu,omitempty"`
}

// PolicyRouting is the per-pod host-side routing request handled by the
// iproute plugin.
type PolicyRouting struct {
	// Table, when non-zero, sends the pod's egress through this host table
	// ("from PODIP lookup TABLE").
	Table int `json:"table,omitempty"`
	// Priority, when non-zero, is the priority of the pod's
	// "from PODIP lookup TABLE" rule instead of the node default; it must
	// lie in the node's priority range.
	Priority int `json:"priority,omitempty"`
	// ExcludeCIDRs bypass Table and use the main table.
	ExcludeCIDRs []string `json:"excludeCIDRs,omitempty"`
	// HostRoute asks for a /32 (/128) route from the host to the pod.
	HostRoute bool `json:"hostRoute,omitempty"`
	// HostInterface is the host-side interface for HostRoute.
	HostInterface string `json:"hostInterface,omitempty"`
}
