package cniutil

import (
	"context"
	"net/netip"
)

// Part is what a plugin holds for one attachment, as its Describe
// rebuilt it with the plugin's own config parser and planner (the
// functions ADD runs): for a cached attachment (diktyo-nri status,
// trace) or a would-be one (explain's summary). A Part is a typed value
// that encodes to JSON (the local API carries it) and prints for people.
type Part interface {
	// Section is the part's key in the local API's attachment: "snat"
	// (ipmasq), "routes" (iproute), "dns" (registerDNS); another plugin
	// uses its type.
	Section() string
	// String is the part in words, one object per line, no trailing
	// newline; explain prints it as the plugin's summary.
	String() string
}

// Packet is a packet from the pod, as trace asks about it.
type Packet struct {
	Src, Dst netip.Addr
	Port     uint16 // 0: none given
	Proto    string // tcp, udp or sctp
}

// Hop is what one plugin's part does to a Packet; zero fields: nothing.
type Hop struct {
	// Translation is set by a part that translates the source (ipmasq).
	Translation *Translation
	// Mark is the mark the part gives the packet before the host's route
	// lookup (iproute's fwmark layout); 0: none.
	Mark uint32
	// PodRoutes are the part's routes inside the pod towards the
	// destination, which apply before the packet reaches the host.
	PodRoutes []string
}

// Translation is a source translation's verdict on a packet.
type Translation struct {
	// Verdict in words: "snat to ...", "masquerade: ...", "excluded
	// (...)", "no ... rule matches: ...".
	Verdict string
	// Rule is the rule that matched, JSON-encodable in the shape of the
	// part's rules; nil when none did.
	Rule any
}

// Tracer is a Part that says what it does to a packet (diktyo-nri trace).
type Tracer interface {
	Part
	Trace(Packet) Hop
}

// ReadEnv is what a part's live read may use.
type ReadEnv struct {
	// Runner runs commands (iptables); nil: os/exec. Tests fake it.
	Runner Runner
}

// Counted is a Part that can add what the kernel counted for its
// objects (ipmasq's rule counters); status asks for it on demand. A
// failure stays in the part, which then says why it has no counters.
type Counted interface {
	Part
	ReadCounters(ctx context.Context, env ReadEnv)
}
