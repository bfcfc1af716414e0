package admit

import (
	"context"
	"log/slog"
	"net/netip"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	coordv1 "k8s.io/api/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// AddressManager makes managed egress addresses (egress.addresses[] with
// manage: true) present on the node and withdraws them, owned per
// instance: what this diktyo-nri assigned is what its ledger (in
// egress.stateDir) records. The real one is *hostaddr.Manager.
type AddressManager interface {
	// Ensure makes a present: recorded in l, probed, assigned and
	// announced, unless it is on the node already (Owned: l records it;
	// Unproven: diktyo's marker, not recorded by l; Foreign: somebody
	// else's).
	Ensure(ctx context.Context, l *hostaddr.Ledger, a hostaddr.Address) (hostaddr.Result, error)
	// Withdraw removes a if l records it, and reports whether it did.
	Withdraw(l *hostaddr.Ledger, a netip.Addr) (bool, error)
	// Inventory lists the addresses carrying diktyo's marker, those l
	// records (Own) apart from the others (Unproven).
	Inventory(l *hostaddr.Ledger) (hostaddr.Inventory, error)
	// Present reports whether a is assigned on the node (manage: false
	// addresses must be, unless routed).
	Present(a netip.Addr) (bool, error)
}

// Use is a pod's managed addresses as the pod state records them.
type Use struct {
	ID    string
	Addrs []netip.Addr
}

// Kept is a stopped pod whose DEL walk is not done: its flows are still
// translated to its externals.
type Kept struct {
	Pod      egress.Pod
	External []netip.Addr
}

// Face is what the admission needs of the rest of the daemon, handed to
// them by plugin: they never reach up to it.
type Face struct {
	Log     *slog.Logger
	Manager AddressManager
	// Recorded lists the managed addresses of every pod being admitted
	// or holding chain state; Record sets a pod's.
	Recorded func() []Use
	Record   func(id string, addrs []netip.Addr)
	// Live lists the live pods (GC: the caller holds proof of which
	// pods are live).
	Live func() []egress.Pod
	// Kept lists the stopped pods whose walks are pending, and whether
	// one whose pod is not known is pending too.
	Kept func() ([]Kept, bool)
	// Counts is the address index's count of each address's users (a
	// hint); Index installs what a full read of the cache found.
	Counts func(addrs []netip.Addr) map[netip.Addr]int
	Index  func(cached map[string][]netip.Addr)
	// Note records the addresses' fault of a pass (nil: none) and says
	// whether it is news or a recovery (log-once); Failed counts it.
	Note   func(err error) (news, recovered bool)
	Failed func()
	// AddrPods is diktyo_egress_address_pods, Blocks diktyo_egress_blocks.
	AddrPods *prometheus.GaugeVec
	Blocks   *prometheus.GaugeVec
}

// Gen is what one config generation gives the admission: its egress
// section, its pools' allocator (nil without an egress section), its
// ledger and the read of its chain's cache (by sandbox ID, the
// addresses each cached attachment's SNAT rules name).
type Gen struct {
	Egress *policy.EgressConfig
	Pools  *egress.Allocator
	Ledger *hostaddr.Ledger
	Cached func() (map[string][]netip.Addr, error)
}

// Admission is egress admission (admit.go): the pools' blocks and ranges
// (pools.go) and the managed egress addresses, made present before a pod
// that uses them is answered, withdrawn when no pod uses them. Its lock
// serialises making an address present, recording its pod, and
// withdrawing unused ones, so a withdrawal never misses a pod being
// admitted.
type Admission struct {
	f Face
	// leases is the Leases' state (leases.go; nil: none, node-local).
	leases *leases
	mu     sync.Mutex
	// unprovenLogged are the marked addresses not ours logged so far
	// (under mu); unproven those, for status.
	unprovenLogged map[string]bool
	unproven       atomic.Pointer[[]string]
}

// New returns the managed addresses working through f.
func New(f Face) *Admission { return &Admission{f: f} }

// SetManager replaces the address manager, before any use (tests).
func (r *Admission) SetManager(m AddressManager) { r.f.Manager = m }

// Manager is the address manager in use.
func (r *Admission) Manager() AddressManager { return r.f.Manager }

// Locked runs f under the address lock: no address is made present or
// withdrawn meanwhile (the Leases' sync).
func (r *Admission) Locked(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
}

// Unproven lists the marked addresses this instance cannot prove it
// assigned (status).
func (r *Admission) Unproven() []string {
	if u := r.unproven.Load(); u != nil {
		return *u
	}
	return nil
}

// LeaseAPI is the cluster's Leases of the managed addresses (plugin
// hands it *cluster.Leases; only plugin knows there is an API server).
type LeaseAPI interface {
	// Acquire takes a's Lease (waiting while another node holds it, if
	// wait); an error another node's holding causes is told by the
	// Holder the room is handed.
	Acquire(ctx context.Context, a netip.Addr, wait bool) error
	// Holds reports whether this node holds a's Lease now.
	Holds(a netip.Addr) bool
	// Drop forgets a's Lease and returns it if this node held it.
	Drop(a netip.Addr) *coordv1.Lease
	// Delete deletes a Lease this node held.
	Delete(ctx context.Context, mine *coordv1.Lease) error
	// HeldAddrs lists the addresses whose Leases this node wrote.
	HeldAddrs() []netip.Addr
	// RenewAll renews every Lease this node holds.
	RenewAll(ctx context.Context)
	// Failing says why the last renewal failed ("" if it did not).
	Failing() string
}

// LeaseUse is how the admission uses the Leases: api (nil: node-local,
// no Leases), whether to wait for one another node holds (whenHeld:
// wait), how to tell the holder of a Lease another node holds from an
// Acquire's error, and what to do when one is lost (counted, an Event).
type LeaseUse struct {
	API    LeaseAPI
	Wait   bool
	Holder func(err error) (by string, ok bool)
	Lost   func(a netip.Addr, by string)
}

// leases is the admission's state of the Leases: under its mutex, the
// Leases lost to another node, those pods being admitted took and have
// not recorded yet (pending: not given up meanwhile), and why an address
// this node has or uses holds no Lease (unleased).
type leases struct {
	use      LeaseUse
	mu       sync.Mutex
	lost     map[netip.Addr]string
	pending  map[netip.Addr]int
	unleased map[netip.Addr]string
}
