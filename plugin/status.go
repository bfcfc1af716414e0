package plugin

import (
	"context"
	"fmt"
	"strconv"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// The plugin is what the local API asks (diktyo-nri status and trace).
var _ localapi.Source = (*Plugin)(nil)

// Pods returns a read-only snapshot of every pod the plugin knows, with
// its policy under the config in force and what the chain holds for it
// (rebuilt from libcni's cache); counters adds the SNAT rule counters.
func (p *Plugin) Pods(ctx context.Context, counters bool) []localapi.PodStatus {
	st := p.state.Load()
	entries := p.pods.snapshot()
	blocks := egressBlocks(st)
	out := make([]localapi.PodStatus, 0, len(entries))
	for i := range entries {
		out = append(out, p.podStatus(ctx, st, &entries[i], counters, blocks))
	}
	return out
}

// egressGrants is every port block of the node by sandbox ID, read once
// for a listing; err says why there are none.
type egressGrants struct {
	bySandbox map[string][]egress.Grant
	err       error
}

func egressBlocks(st *state) *egressGrants {
	if st.egress == nil {
		return nil
	}
	grants, err := st.egress.Blocks()
	g := &egressGrants{bySandbox: map[string][]egress.Grant{}, err: err}
	for _, gr := range grants {
		g.bySandbox[gr.Pod.Sandbox] = append(g.bySandbox[gr.Pod.Sandbox], gr)
	}
	return g
}

// egressStatus is the pod's blocks and managed addresses, nil when it
// has neither.
func egressStatus(e *podEntry, g *egressGrants) *localapi.Egress {
	out := &localapi.Egress{}
	for _, a := range e.egressAddrs {
		out.ManagedAddresses = append(out.ManagedAddresses, a.String())
	}
	if g != nil {
		if g.err != nil {
			out.Error = g.err.Error()
		}
		for _, gr := range g.bySandbox[e.pod.ID] {
			out.Blocks = append(out.Blocks, localapi.EgressBlock{Pool: gr.Pool, Address: gr.Address.String(), Ports: gr.Ports(), Since: gr.Since})
		}
	}
	if len(out.Blocks) == 0 && len(out.ManagedAddresses) == 0 && out.Error == "" {
		return nil
	}
	return out
}

// Pod returns one pod by namespace and name, with counters. When a
// stopped sandbox and a live one share the name, the live one is meant.
func (p *Plugin) Pod(ctx context.Context, namespace, name string) (localapi.PodStatus, error) {
	e, err := p.findPod(namespace, name)
	if err != nil {
		return localapi.PodStatus{}, err
	}
	st := p.state.Load()
	return p.podStatus(ctx, st, e, true, egressBlocks(st)), nil
}

func (p *Plugin) findPod(namespace, name string) (*podEntry, error) {
	var found *podEntry
	for _, e := range p.pods.snapshot() {
		if e.pod.Namespace != namespace || e.pod.Name != name {
			continue
		}
		if found == nil || e.live() && !found.live() {
			found = &e
		}
	}
	if found == nil {
		return nil, fmt.Errorf("%w: diktyo-nri knows no pod %s/%s", localapi.ErrNotFound, namespace, name)
	}
	return found, nil
}

func (p *Plugin) podStatus(ctx context.Context, st *state, e *podEntry, counters bool, blocks *egressGrants) localapi.PodStatus {
	s := localapi.PodStatus{
		ID: e.pod.ID, Namespace: e.pod.Namespace, Name: e.pod.Name, UID: e.pod.UID, NetNS: e.pod.NetNS,
		IPs: e.pod.IPs, HostNetwork: e.hostNetwork, Lifecycle: e.life.String(), Chain: e.chain.String(),
		Stopped: e.life >= lifeStopped, Vanished: e.life == lifeEnded,
		Rejected: e.life == lifeRejected, Applied: e.applied(), Dirty: e.holdsChain(), LastError: e.lastErr,
		RepairFailures: e.repairFailures, Watch: p.watchStatus(e.pod.ID),
	}
	empty := true
	// decide for a host-network pod only says what RunPodSandbox said
	// (and logs it); such a pod never has chain state.
	if !e.hostNetwork {
		pol, err := p.decide(st, e)
		if err != nil {
			s.PolicyError = err.Error()
		} else if !pol.Empty() {
			s.Policy, empty = pol.CapabilityArgs(), false
		}
	}
	s.State = podState(e, s.PolicyError != "", empty)
	s.Egress = egressStatus(e, blocks)
	if st.runner == nil {
		return s
	}
	att, err := st.runner.Cached(e.pod.ID)
	switch {
	case err != nil:
		s.Attachment = &localapi.Attachment{Errors: map[string]string{"cache": err.Error()}}
	case att != nil:
		s.Attachment = p.attachmentStatus(ctx, att.List.Name, att, counters)
	}
	return s
}

// podState sums a pod's flags up in one word, the first that holds.
func podState(e *podEntry, invalid, empty bool) string {
	switch {
	case e.life == lifeRejected:
		return localapi.StateRejected
	case e.life >= lifeStopped:
		return localapi.StateStopped
	case e.applied() && e.lastErr != "":
		return localapi.StateDegraded
	case e.applied():
		return localapi.StateApplied
	case invalid:
		return localapi.StateInvalid
	case empty:
		return localapi.StateNone
	case e.lastErr != "":
		return localapi.StateFailed
	}
	return localapi.StatePending
}

func (p *Plugin) attachmentStatus(ctx context.Context, network string, att *chainrun.Attachment, counters bool) *localapi.Attachment {
	out := &localapi.Attachment{Network: network, IPs: att.IPs(), CapabilityArgs: att.Runtime.CapabilityArgs}
	a, err := inspect.Build(att.List, att.Runtime)
	if err != nil {
		out.Errors = map[string]string{"attachment": err.Error()}
		return out
	}
	out.Owner, out.Plugins, out.Errors = a.Owner, a.Plugins, a.Errors
	if a.Masq != nil {
		out.SNAT = snatStatus(a.Masq)
		if counters {
			p.addCounters(ctx, a.Masq, out.SNAT)
		}
	}
	if a.Route != nil {
		out.Routes = &localapi.Routes{}
		for _, r := range a.Route.PodRoutes {
			out.Routes.PodRoutes = append(out.Routes.PodRoutes, r.String())
		}
		for _, r := range a.Route.HostRoutes {
			out.Routes.HostRoutes = append(out.Routes.HostRoutes, r.String())
		}
		for _, r := range append(a.Route.Rules, a.Route.Shared...) {
			out.Routes.HostRules = append(out.Routes.HostRules, r.String())
		}
		for _, m := range a.Route.Marks {
			out.Routes.Marks = append(out.Routes.Marks, m.String())
		}
		for _, b := range a.Route.Bypass {
			out.Routes.Bypass = append(out.Routes.Bypass, b.String())
		}
	}
	if a.DNS != nil {
		out.DNS = &localapi.DNS{Backend: a.DNS.Backend, Names: a.DNS.Names, Records: a.DNS.Records}
	}
	return out
}

func (p *Plugin) addCounters(ctx context.Context, m *inspect.Masq, s *localapi.SNAT) {
	r := p.opts.CommandRunner
	if r == nil {
		r = snat.ExecRunner{}
	}
	cs, err := inspect.SNATCounters(ctx, r, m)
	if err != nil {
		s.Counters = err.Error()
		return
	}
	for i := range s.Rules {
		fam := snat.IPv4
		if s.Rules[i].Family == snat.IPv6.String() {
			fam = snat.IPv6
		}
		if c := cs[fam]; s.Rules[i].Index < len(c) {
			pk, by := c[s.Rules[i].Index].Packets, c[s.Rules[i].Index].Bytes
			s.Rules[i].Packets, s.Rules[i].Bytes = &pk, &by
		}
	}
}

// snatStatus lists ipmasq's rules in the order the kernel walks them.
func snatStatus(m *inspect.Masq) *localapi.SNAT {
	s := &localapi.SNAT{Backend: m.Backend}
	for _, fr := range m.Plan.Families {
		for i, r := range fr.Rules {
			s.Rules = append(s.Rules, snatRule(m, fr.Family, i, r))
		}
	}
	return s
}

func snatRule(m *inspect.Masq, fam snat.Family, i int, r snat.Rule) localapi.SNATRule {
	out := localapi.SNATRule{Family: fam.String(), Index: i, Destination: "any", Protocol: "all",
		Action: r.Action.String(), Randomize: r.Randomize, Comment: r.Comment}
	if m.Backend == snat.BackendNFTables {
		out.Chain = m.Table + "/" + nftables.ChainName(m.Plan.Owner.ID)
	} else {
		out.Chain = iptables.ChainName(m.Plan.Owner.ID)
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
