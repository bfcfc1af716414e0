package ipmasq

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Part is ipmasq's part of an attachment (Plugin.Describe): its backend
// and the pod's rules in the order the kernel walks them, from
// snat.ParseConfig and snat.BuildPlan as ADD runs them, in the local
// API's shape (its "snat" section).
type Part struct {
	api.SNATPart

	table string
	plan  *snat.Plan
	cfg   *snat.Config
}

var (
	_ cniutil.Tracer  = (*Part)(nil)
	_ cniutil.Counted = (*Part)(nil)
)

// describe is Plugin.Describe: the pod's rules, from the parser and
// planner ADD runs.
func describe(stdin []byte, pod cniutil.ExplainPod) (cniutil.Part, error) {
	cfg, err := snat.ParseConfig(stdin)
	if err != nil {
		return nil, err
	}
	plan := snat.BuildPlan(cfg, owner(cfg, pod.CmdArgs(stdin)), pod.Addrs)
	p := &Part{SNATPart: api.SNATPart{Backend: cfg.Backend}, table: cfg.Table, plan: plan, cfg: cfg}
	for _, fr := range plan.Families {
		for i, r := range fr.Rules {
			p.Rules = append(p.Rules, p.rule(fr.Family, i, r))
		}
	}
	return p, nil
}

// Section is the local API's key for ipmasq's part.
func (p *Part) Section() string { return "snat" }

func (p *Part) rule(fam snat.Family, i int, r snat.Rule) api.SNATRule {
	out := api.SNATRule{Family: fam.String(), Index: i, Destination: "any", Protocol: "all",
		Action: r.Action.String(), Randomize: r.Randomize, Comment: r.Comment}
	if p.Backend == snat.BackendNFTables {
		out.Chain = p.table + "/" + nftables.FamilyChain(fam)
	} else {
		out.Chain = iptables.ChainName(p.plan.Owner.ID)
	}
	if !r.AnyDst() {
		out.Destination = r.Dst.String()
	}
	if r.Proto != "" {
		out.Protocol = r.Proto
	}
	if r.Action == snat.ActionSNAT {
		out.To = snatTarget(r)
	}
	return out
}

// snatTarget renders a SNAT rule's address and ports as in annotations.
func snatTarget(r snat.Rule) string {
	if r.PortLo == 0 {
		return r.To.String()
	}
	ports := strconv.Itoa(int(r.PortLo))
	if r.PortHi != r.PortLo {
		ports += "-" + strconv.Itoa(int(r.PortHi))
	}
	if r.To.Is6() {
		return "[" + r.To.String() + "]:" + ports
	}
	return r.To.String() + ":" + ports
}

// String lists the rules in words, first match wins within a family.
func (p *Part) String() string {
	if len(p.Rules) == 0 {
		return "SNAT: no rules (ipmasq leaves the pod's traffic untranslated)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SNAT of the pod's traffic (%s backend), first match wins:", p.Backend)
	for _, r := range p.Rules {
		fmt.Fprintf(&b, "\n  %s %s to %s: %s", r.Family, r.Protocol, r.Destination, action(r))
		// The comment says why the rule is there (its owner aside).
		if _, why, ok := strings.Cut(r.Comment, " "); ok {
			fmt.Fprintf(&b, " [%s]", why)
		}
	}
	return b.String()
}

func action(r api.SNATRule) string {
	var s string
	switch r.Action {
	case snat.ActionReturn.String():
		return "not SNATed"
	case snat.ActionMasquerade.String():
		s = "masquerade"
	default:
		s = "SNAT to " + r.To
	}
	if r.Randomize != snat.RandomNone {
		s += ", ports randomized (" + r.Randomize + ")"
	}
	return s
}

// Trace says which rule a packet from the pod meets first
// (snat.Plan.Match, in the kernel's order) and what it does.
func (p *Part) Trace(pk cniutil.Packet) cniutil.Hop {
	r, i, ok := p.plan.Match(pk.Src, pk.Dst, pk.Proto)
	if !ok {
		return cniutil.Hop{Translation: &cniutil.Translation{Verdict: "no ipmasq rule matches: ipmasq leaves it untranslated (the rest of the nat table, e.g. the cluster CNI's masquerade, still applies)"}}
	}
	rule := p.rule(snat.FamilyOf(pk.Src), i, r)
	t := &cniutil.Translation{Rule: rule}
	switch r.Action {
	case snat.ActionReturn:
		t.Verdict = "excluded (" + rule.Destination + "): ipmasq leaves it untranslated (the rest of the nat table still applies)"
	case snat.ActionMasquerade:
		t.Verdict = "masquerade: source becomes the address of the outgoing interface"
	default:
		t.Verdict = "snat to " + rule.To
	}
	return cniutil.Hop{Translation: t}
}

// ReadCounters adds the kernel's packet and byte counters to the rules
// (one listing of the pod's chain per family); when they cannot be
// read, Counters says why and no rule has any.
func (p *Part) ReadCounters(ctx context.Context, env cniutil.ReadEnv) {
	var r cniutil.Runner = cniutil.ExecRunner{}
	if env.Runner != nil {
		r = env.Runner
	}
	p.Binding = p.readBinding(ctx)
	cs, err := ruleCounters(ctx, r, p.Backend, p.table, p.plan)
	if err != nil {
		p.Counters = err.Error()
		return
	}
	for i := range p.Rules {
		fam := snat.IPv4
		if p.Rules[i].Family == snat.IPv6.String() {
			fam = snat.IPv6
		}
		if c := cs[fam]; p.Rules[i].Index < len(c) {
			pk, by := c[p.Rules[i].Index].Packets, c[p.Rules[i].Index].Bytes
			p.Rules[i].Packets, p.Rules[i].Bytes = &pk, &by
		}
	}
}

// readBinding reads the pod's link binding from the kernel.
func (p *Part) readBinding(ctx context.Context) *api.SNATBinding {
	switch {
	case p.cfg.Binding == snat.BindingAddress:
		return &api.SNATBinding{Mode: api.BindingAddressOnly, Reason: `the ipmasq config says binding "address"`}
	case !bindable(p.plan):
		return nil
	}
	d, ok, err := linkguard.New(p.cfg.GuardTable).Counters(ctx, p.plan.Owner)
	switch {
	case err != nil && !ok:
		return &api.SNATBinding{Mode: "unknown", Reason: err.Error()}
	case !ok:
		return &api.SNATBinding{Mode: api.BindingAddressOnly, Reason: "no link binding in table inet " + p.cfg.GuardTable +
			" (the pod's interface has no host-side veth, as the ADD logged; binding \"link\" would refuse such a pod)"}
	}
	b := &api.SNATBinding{Mode: api.BindingLink, Link: d.Link}
	if err != nil {
		b.Reason = err.Error()
		return b
	}
	b.DroppedFrom, b.DroppedAs = &d.From, &d.As
	if d.Strict {
		b.Strict, b.DroppedUntranslated = true, &d.Untranslated
	}
	return b
}
