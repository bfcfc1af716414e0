package plugin

import (
	"context"
	"path/filepath"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// EgressGuard keeps the node's own processes off the egress addresses
// (linkguard.Egress) and the pools' ports out of the node's ephemeral
// range (linkguard.PortReserver). NetNS is the node's namespace ("" the
// caller's, as diktyo-nri runs); nil Options.EgressGuard: none (tests
// that do not ask for it never touch the host's firewall or sysctls).
type EgressGuard struct {
	NetNS string
}

// egressSpec is what cfg's egress section guards: managed and routed
// addresses on every port, the pools' ports on their address.
func egressSpec(cfg *policy.EgressConfig) (linkguard.EgressSpec, []linkguard.PortRange) {
	var s linkguard.EgressSpec
	if cfg == nil {
		return s, nil
	}
	for i := range cfg.Addresses {
		if a := &cfg.Addresses[i]; a.Manage || a.Routed {
			s.Whole = append(s.Whole, a.Addr())
		}
	}
	for i := range cfg.Pools {
		lo, hi := cfg.Pools[i].PortRange()
		s.Ports = append(s.Ports, linkguard.PortRange{Addr: cfg.Pools[i].Addr(), Lo: lo, Hi: hi})
	}
	return s, s.Ports
}

// guardEgress applies st's egress section to the guard: a failure is
// logged (the pods' SNAT does not depend on it) and retried at the next
// config load. The reserved ports' record lives in the egress state
// directory; with no section now, in the previous one.
func (p *Plugin) guardEgress(st, old *state) {
	g := p.opts.EgressGuard
	if g == nil {
		return
	}
	spec, pools := egressSpec(st.cfg.Egress)
	eg := &linkguard.Egress{Table: linkguard.DefaultEgressTable, NetNS: g.NetNS}
	if err := eg.Apply(context.Background(), spec); err != nil {
		p.log.Error("egress guard: the node's own processes may send from the egress addresses", "error", err)
	}
	dir := ""
	switch {
	case st.egress != nil:
		dir = st.egress.StateDir()
	case old != nil && old.egress != nil:
		dir = old.egress.StateDir()
	}
	if dir == "" {
		return
	}
	r := &linkguard.PortReserver{NetNS: g.NetNS, Record: filepath.Join(dir, "reserved-ports")}
	if err := r.Apply(pools); err != nil {
		p.log.Error("egress guard: ip_local_reserved_ports not updated", "error", err)
	}
}
