// Package localapi is diktyo-nri's local API: the wire types, the server
// and the client of the root-only unix socket through which
// `diktyo-nri status` and `diktyo-nri trace` ask the running daemon what
// it did. It is HTTP with JSON bodies over a unix socket (api.socket,
// default /run/diktyo/diktyo-nri.sock): the socket file is mode 0600 and
// every connection's peer credentials are checked, so only root (or the
// daemon's own user) gets an answer; nothing listens on TCP. Every
// endpoint is read-only.
//
//	GET /v1/pods[?counters=true]          []PodStatus
//	GET /v1/pods/{namespace}/{name}       PodStatus (with counters)
//	GET /v1/trace?pod=NS/NAME&destination=ADDR[:PORT]&protocol=tcp  Trace
//	GET /v1/version                       Version
package localapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// Daemon is the daemon's own state (GET /v1/daemon).
type Daemon struct {
	// State is starting (no Synchronize on the current NRI connection:
	// nothing is garbage-collected), synchronized, or degraded
	// (synchronized, but something is failing; what is applied stays).
	State        string `json:"state"`
	Synchronized bool   `json:"synchronized"`
	// Faults are what is failing now, each "kind: why".
	Faults []string `json:"faults,omitempty"`
	// Repairing counts live pods whose last repair failed (retried with
	// backoff, keeping what is applied).
	Repairing int `json:"repairing,omitempty"`
	// UnprovenAddresses are the addresses on the node that carry
	// diktyo's marker but that this instance's ledger does not record
	// (another instance's, or assigned before ownership records), each
	// "ADDR on IFACE (why)": left alone, never withdrawn by this one.
	UnprovenAddresses []string `json:"unprovenAddresses,omitempty"`
	// Cluster is the use of the Kubernetes API (nil: unknown).
	Cluster *Cluster `json:"cluster,omitempty"`
	// Runtime is the runtime and version containerd announced on the
	// current connection ("containerd v2.4.2"; empty: none yet), and
	// RuntimeLimits what diktyo relies on that it lacks.
	Runtime       string   `json:"runtime,omitempty"`
	RuntimeLimits []string `json:"runtimeLimits,omitempty"`
}

// Cluster is diktyo-nri's use of the Kubernetes API (docs/cluster.md).
type Cluster struct {
	// NodeLocal says why there is no API server (empty: there is one).
	NodeLocal string `json:"nodeLocal,omitempty"`
	// Server is the API server's address; Node this node's name.
	Server string `json:"server,omitempty"`
	Node   string `json:"node,omitempty"`
	// Events: Events are posted on refused pods and on the node.
	Events bool `json:"events"`
	// LeaseNamespace holds the Leases of managed egress addresses.
	LeaseNamespace string  `json:"leaseNamespace,omitempty"`
	Leases         []Lease `json:"leases,omitempty"`
}

// Lease is what this node knows of one managed egress address's Lease.
type Lease struct {
	Address string `json:"address"`
	Name    string `json:"name"`
	// Held: this node holds it; else Holder (another node) does, or
	// nobody (both empty).
	Held   bool   `json:"held"`
	Holder string `json:"holder,omitempty"`
	// Error is the last failure to take or renew it.
	Error string `json:"error,omitempty"`
}

// PodStatus is what diktyo-nri knows of one pod sandbox.
type PodStatus struct {
	ID        string   `json:"id"`
	Namespace string   `json:"namespace"`
	Name      string   `json:"name"`
	UID       string   `json:"uid,omitempty"`
	NetNS     string   `json:"netns,omitempty"`
	IPs       []string `json:"ips,omitempty"`
	// Lifecycle is where the sandbox is in its life (running, rejected,
	// stopped, ended); Chain what the chain holds for it (none, added:
	// an ADD ran, maybe part-way; applied). The flags below are derived
	// from the two.
	Lifecycle string `json:"lifecycle,omitempty"`
	Chain     string `json:"chain,omitempty"`
	// State sums the flags up: see the State* constants.
	State       string `json:"state"`
	HostNetwork bool   `json:"hostNetwork,omitempty"`
	Stopped     bool   `json:"stopped,omitempty"`
	Vanished    bool   `json:"vanished,omitempty"`
	Rejected    bool   `json:"rejected,omitempty"`
	Applied     bool   `json:"applied,omitempty"`
	// Dirty: the chain may hold state for it (an ADD ran, maybe part-way,
	// or a CHECK passed) and no DEL has succeeded since.
	Dirty          bool   `json:"dirty,omitempty"`
	LastError      string `json:"lastError,omitempty"`
	RepairFailures int    `json:"repairFailures,omitempty"`
	// Watch is how diktyo-nri notices the sandbox's end without an NRI
	// event: "pidfd" (its pause process is watched), or "none: WHY" (its
	// removal waits for StopPodSandbox or the periodic reconcile). Empty
	// for sandboxes it does not watch (host network, stopped).
	Watch string `json:"watch,omitempty"`
	// Holds says what keeps the pod, or its addresses, waiting: a
	// conntrack walk of its ADD (its containers wait for it), the marker
	// of one a restart interrupted, a DEL walk on one of its addresses
	// (its own: its port blocks and managed addresses are given back
	// when it is done; a previous holder's: its containers wait), a read
	// of its netns that failed, a repair retried. Empty: nothing.
	Holds []string `json:"holds,omitempty"`
	// Policy is the pod's policy under the config in force, as the
	// chain's capability args; PolicyError says why there is none.
	Policy      map[string]any `json:"policy,omitempty"`
	PolicyError string         `json:"policyError,omitempty"`
	// Attachment is what the chain holds for the pod, rebuilt from
	// libcni's cache of its last successful ADD; nil when none is cached.
	Attachment *Attachment `json:"attachment,omitempty"`
	// Egress is what the node's egress section holds for the pod: its
	// port blocks (from pools, and explicit ranges it claimed) and the
	// managed egress addresses it uses.
	Egress *Egress `json:"egress,omitempty"`
}

// Egress is a pod's share of the node's egress addresses.
type Egress struct {
	Blocks []EgressBlock `json:"blocks,omitempty"`
	// ManagedAddresses are the addresses diktyo-nri keeps on the node
	// (manage: true) that the pod was admitted with.
	ManagedAddresses []string `json:"managedAddresses,omitempty"`
	Error            string   `json:"error,omitempty"`
}

// EgressBlock is a block of ports of an egress address held by the pod
// since a time: a pool's block (Pool set) or an explicit range.
type EgressBlock struct {
	Pool    string    `json:"pool,omitempty"`
	Address string    `json:"address"`
	Ports   string    `json:"ports"`
	Since   time.Time `json:"since"`
}

// Pod states.
const (
	StateApplied  = "applied"  // the chain's ADD succeeded
	StateDegraded = "degraded" // applied, but the last repair failed (retried)
	StateFailed   = "failed"   // the last ADD failed; nothing applied
	StatePending  = "pending"  // has a policy, not applied yet
	StateNone     = "none"     // no policy: the chain is not run
	StateRejected = "rejected" // RunPodSandbox failed the pod
	StateStopped  = "stopped"  // stopped or gone; its state is (being) removed
	StateInvalid  = "invalid"  // annotations invalid or not allowed now
)

// Attachment is what the chain's plugins hold for a pod: each plugin's
// part (its Describe, as JSON) under the part's section: "snat"
// (ipmasq), "routes" (iproute) and "dns" (registerDNS) are decoded into
// SNAT, Routes and DNS; any other plugin's part is kept in Parts.
type Attachment struct {
	Network string   `json:"network"`
	Owner   string   `json:"owner"`
	Plugins []string `json:"plugins"`
	IPs     []string `json:"ips,omitempty"`
	// CapabilityArgs are the arguments of the cached ADD.
	CapabilityArgs map[string]any `json:"capabilityArgs,omitempty"`
	SNAT           *SNAT          `json:"snat,omitempty"`
	Routes         *Routes        `json:"routes,omitempty"`
	DNS            *DNS           `json:"dns,omitempty"`
	// Parts are the other plugins' parts by section, as they encode them.
	Parts map[string]json.RawMessage `json:"parts,omitempty"`
	// Errors name the plugins whose part could not be rebuilt.
	Errors map[string]string `json:"errors,omitempty"`
}

// SetPart puts a plugin's part (any JSON-encodable value) under section:
// into SNAT, Routes or DNS, which it must decode into exactly (a field
// the API does not know is an error, not dropped), or into Parts.
func (a *Attachment) SetPart(section string, part any) error {
	raw, err := json.Marshal(part)
	if err != nil {
		return fmt.Errorf("encoding the %s part: %w", section, err)
	}
	known := map[string]any{"snat": &a.SNAT, "routes": &a.Routes, "dns": &a.DNS}
	if dst, ok := known[section]; ok {
		return DecodeStrict(raw, dst)
	}
	if _, dup := a.Parts[section]; dup {
		return fmt.Errorf("two parts of section %q", section)
	}
	if a.Parts == nil {
		a.Parts = map[string]json.RawMessage{}
	}
	a.Parts[section] = raw
	return nil
}

// DecodeStrict decodes raw into dst, refusing fields dst does not have.
func DecodeStrict(raw []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("decoding %s: %w", raw, err)
	}
	return nil
}

// The sections of an attachment: the parts of ipmasq, iproute and
// registerDNS, in the shapes those plugins build them (pkg/api).
type (
	SNAT     = api.SNATPart
	SNATRule = api.SNATRule
	Routes   = api.RoutesPart
	DNS      = api.DNSPart
)

// TraceRequest asks which SNAT rule and route a packet from a pod takes.
type TraceRequest struct {
	// Pod is "namespace/name".
	Pod string `json:"pod"`
	// Destination is an address, with an optional port:
	// "198.51.100.7", "198.51.100.7:443", "2001:db8::1", "[2001:db8::1]:443".
	Destination string `json:"destination"`
	// Protocol is tcp (default), udp or sctp.
	Protocol string `json:"protocol,omitempty"`
}

// Trace is the answer to a TraceRequest.
type Trace struct {
	Pod         string     `json:"pod"`
	PodID       string     `json:"podID"`
	Source      string     `json:"source"` // the pod address of the destination's family
	Destination string     `json:"destination"`
	Port        int        `json:"port,omitempty"`
	Protocol    string     `json:"protocol"`
	SNAT        TraceSNAT  `json:"snat"`
	Route       TraceRoute `json:"route"`
	// PodRoutes are the pod's own routes (inside its netns) towards the
	// destination, which apply before the packet reaches the host.
	PodRoutes []string `json:"podRoutes,omitempty"`
}

// TraceSNAT says what ipmasq does to the packet.
type TraceSNAT struct {
	// Verdict in words: "snat to ...", "masquerade", "excluded: ...",
	// "no ipmasq rule: ...".
	Verdict string `json:"verdict"`
	// Rule is the rule that matched; nil when none did.
	Rule *SNATRule `json:"rule,omitempty"`
}

// TraceRoute is the kernel's route for the packet, from the host's
// namespace.
type TraceRoute struct {
	// Mark is the mark iproute's fwmark layout gives the packet (0: none).
	Mark  uint32 `json:"mark,omitempty"`
	Table int    `json:"table,omitempty"`
	// TableName is "main", "local", "default" or the number.
	TableName string `json:"tableName,omitempty"`
	Type      string `json:"type,omitempty"`
	Dev       string `json:"dev,omitempty"`
	Gateway   string `json:"gateway,omitempty"`
	PrefSrc   string `json:"prefSrc,omitempty"`
	Iif       string `json:"iif,omitempty"`
	// Error is the kernel's refusal (no route, prohibit, ...).
	Error string `json:"error,omitempty"`
}

// Version is what the daemon runs.
type Version struct {
	Version   string   `json:"version"`
	GoVersion string   `json:"goVersion"`
	NRI       string   `json:"nri"`
	CNISpecs  []string `json:"cniSpecVersions"`
}

// apiError is the body of every non-2xx answer.
type apiError struct {
	Error string `json:"error"`
}
