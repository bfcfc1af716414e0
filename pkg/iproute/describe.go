package iproute

import (
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Part is iproute's part of an attachment (Plugin.Describe): the objects
// of its Plan, one per line as ip(8) shows them, from Load and BuildPlan
// as ADD runs them, in the local API's shape (its "routes" section).
type Part struct {
	api.RoutesPart

	plan Plan
}

var _ cniutil.Tracer = (*Part)(nil)

// describe is Plugin.Describe. The host interface only names host
// routes' device; ADD may also work it out from prevResult, so the
// config's hostInterface is what is known here.
func describe(stdin []byte, pod cniutil.ExplainPod) (cniutil.Part, error) {
	_, cfg, p, err := Load(stdin)
	if err != nil {
		return nil, err
	}
	return newPart(BuildPlan(cfg, p, pod.Addrs, pod.IfName, p.HostInterface)), nil
}

func newPart(plan Plan) *Part {
	p := &Part{plan: plan}
	for _, r := range plan.PodRoutes {
		p.PodRoutes = append(p.PodRoutes, r.String())
	}
	for _, r := range plan.HostRoutes {
		p.HostRoutes = append(p.HostRoutes, r.String())
	}
	for _, r := range append(append([]Rule(nil), plan.Rules...), plan.Shared...) {
		p.HostRules = append(p.HostRules, r.String())
	}
	for _, m := range plan.Marks {
		p.Marks = append(p.Marks, m.String())
	}
	for _, b := range plan.Bypass {
		p.Bypass = append(p.Bypass, b.String())
	}
	return p
}

// Section is the local API's key for iproute's part.
func (p *Part) Section() string { return "routes" }

// String is the plan as explain prints it (Plan.Describe).
func (p *Part) String() string {
	if p.plan.isEmpty() {
		return "(nothing)"
	}
	return p.plan.Describe()
}

// Trace gives the mark the fwmark layout puts on a packet (for the
// host's route lookup) and the pod's own routes towards its destination.
func (p *Part) Trace(pk cniutil.Packet) cniutil.Hop {
	var h cniutil.Hop
	if m, ok := p.plan.MarkFor(pk.Src, pk.Dst); ok {
		h.Mark = m.Value
	}
	for _, r := range p.plan.PodRoutes {
		if r.Dst.Contains(pk.Dst) {
			h.PodRoutes = append(h.PodRoutes, r.String())
		}
	}
	return h
}

// MarkFor returns the mark the fwmark layout gives a packet from src to
// dst (its prerouting chain): none when the pod's address has no mark,
// or when dst is one of the pod's bypass destinations (those go to main
// unmarked).
func (p Plan) MarkFor(src, dst netip.Addr) (mark Mark, ok bool) {
	for _, b := range p.Bypass {
		if b.Src == src && b.Dst.Contains(dst) {
			return Mark{}, false
		}
	}
	for _, m := range p.Marks {
		if m.Addr == src {
			return m, true
		}
	}
	return Mark{}, false
}
