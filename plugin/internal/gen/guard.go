package gen

import (
	"context"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/policy"
)

// EgressGuard keeps the node's own processes off the egress addresses and
// the pools' ports out of the node's ephemeral range. It is node-level
// state, not a pod's chain run, so the daemon is given one
// (cmd/diktyo-nri's, on pkg/ipmasq/linkguard) instead of importing a
// plugin package; nil Options.Guard: none (tests that do not ask for it
// never touch the host's firewall or sysctls).
type EgressGuard interface {
	// Apply makes the guard what spec says, in one transaction; the
	// reserved ports' record lives in stateDir ("" : ports untouched).
	Apply(ctx context.Context, spec EgressSpec, stateDir string) error
}

// EgressSpec is what the node's own processes may not send from: Whole
// addresses on every port (managed and routed egress addresses), and
// Ports of the pools on their address.
type EgressSpec struct {
	Whole []netip.Addr
	Ports []PortRange
}

// PortRange is a pool's ports on its address.
type PortRange struct {
	Addr   netip.Addr
	Lo, Hi uint16
}

// Spec is what cfg's egress section guards.
func Spec(cfg *policy.EgressConfig) EgressSpec {
	var s EgressSpec
	if cfg == nil {
		return s
	}
	for i := range cfg.Addresses {
		if a := &cfg.Addresses[i]; a.Manage || a.Routed {
			s.Whole = append(s.Whole, a.Addr())
		}
	}
	for i := range cfg.Pools {
		lo, hi := cfg.Pools[i].PortRange()
		s.Ports = append(s.Ports, PortRange{Addr: cfg.Pools[i].Addr(), Lo: lo, Hi: hi})
	}
	return s
}

// guard applies st's egress section to the guard: a failure is logged
// (the pods' SNAT does not depend on it) and retried at the next config
// load. The reserved ports' record lives in the egress state directory;
// with no section now, in the previous one.
func (l *Loader) guard(st, old *State) (applied bool) {
	g := l.opts.Guard
	if g == nil {
		return false
	}
	dir := ""
	switch {
	case st.Egress != nil:
		dir = st.Egress.StateDir()
	case old != nil && old.Egress != nil:
		dir = old.Egress.StateDir()
	}
	if err := g.Apply(context.Background(), Spec(st.Cfg.Egress), dir); err != nil {
		l.opts.Log.Error("egress guard not applied: the node's own processes may send from the egress addresses", "error", err)
		return false
	}
	return true
}

// RepairGuard writes the egress guard again, as the config in force says
// (under the load lock: a load in progress writes it itself), and
// reports whether it did.
func (l *Loader) RepairGuard() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.guard(l.Load(), nil)
}
