package api

// The shapes of the parts diktyo's plugins describe for an attachment
// (cniutil.Plugin.Describe) as the local API carries them: each plugin
// builds its own, and diktyo-nri status and trace read them back.

// SNATPart is ipmasq's part: its backend and the pod's rules.
type SNATPart struct {
	Backend string     `json:"backend"`
	Rules   []SNATRule `json:"rules,omitempty"`
	// Counters says why rules carry no counters, when they do not.
	Counters string `json:"counters,omitempty"`
	// Binding is how the rules are bound to the pod (read with the
	// counters; nil when not read).
	Binding *SNATBinding `json:"binding,omitempty"`
}

// Binding modes of SNATBinding.
const (
	BindingLink        = "link"
	BindingAddressOnly = "address only"
)

// SNATBinding says whether only the pod's own link may send with its
// addresses (Mode "link", on Link) or its rules select it by source
// address alone (Mode "address only", and Reason why), and what the
// binding dropped: packets from the pod's link with a source not its
// own (DroppedFrom), and packets with the pod's address that came from
// elsewhere (DroppedAs).
type SNATBinding struct {
	Mode        string  `json:"mode"`
	Link        string  `json:"link,omitempty"`
	Reason      string  `json:"reason,omitempty"`
	DroppedFrom *uint64 `json:"droppedFrom,omitempty"`
	DroppedAs   *uint64 `json:"droppedAs,omitempty"`
	// Strict says the pod is held to ipmasq's strict mode, and
	// DroppedUntranslated counts its new connections dropped because
	// no decision of ipmasq's marked them (its SNAT objects were gone).
	Strict              bool    `json:"strict,omitempty"`
	DroppedUntranslated *uint64 `json:"droppedUntranslated,omitempty"`
}

// SNATRule is one of the pod's ipmasq rules, in the order the kernel
// walks them within its family.
type SNATRule struct {
	Family string `json:"family"` // IPv4, IPv6
	Index  int    `json:"index"`  // position in the family's pod chain
	// Chain is the pod chain (iptables) or "table/chain" (nftables).
	Chain       string `json:"chain"`
	Destination string `json:"destination"` // CIDR; "any" for every destination
	Protocol    string `json:"protocol"`    // tcp, udp, sctp, or "all"
	// Action is "return" (excluded: not translated), "snat" or
	// "masquerade".
	Action string `json:"action"`
	// To is the SNAT address and port range ("203.0.113.10:5000-5010").
	To        string  `json:"to,omitempty"`
	Randomize string  `json:"randomize,omitempty"`
	Comment   string  `json:"comment"`
	Packets   *uint64 `json:"packets,omitempty"`
	Bytes     *uint64 `json:"bytes,omitempty"`
}

// RoutesPart is iproute's part, one object per line as ip(8) shows it.
type RoutesPart struct {
	PodRoutes  []string `json:"podRoutes,omitempty"`
	HostRoutes []string `json:"hostRoutes,omitempty"`
	// HostRules are the attachment's own rules, then the shared ones.
	HostRules []string `json:"hostRules,omitempty"`
	// Marks and Bypass are the fwmark layout's nftables elements.
	Marks  []string `json:"marks,omitempty"`
	Bypass []string `json:"bypass,omitempty"`
}

// DNSPart is registerDNS's part: its backend, the pod's names and
// records.
type DNSPart struct {
	Backend string   `json:"backend"`
	Names   []string `json:"names,omitempty"`
	Records []string `json:"records,omitempty"`
}
