package plugin

import (
	"context"
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/inspect"
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
		RepairFailures: e.repairFailures, Watch: p.watchStatus(e.pod.ID), Holds: p.holdsOf(e),
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

// attachmentStatus is the cached attachment as the chain's plugins
// describe it (their Describe, through the registry), with the parts'
// counters when asked.
func (p *Plugin) attachmentStatus(ctx context.Context, network string, att *chainrun.Attachment, counters bool) *localapi.Attachment {
	out := &localapi.Attachment{Network: network, IPs: att.IPs(), CapabilityArgs: att.Runtime.CapabilityArgs}
	a, err := inspect.Build(chainrun.Builtin(), att.List, att.Runtime)
	if err != nil {
		out.Errors = map[string]string{"attachment": err.Error()}
		return out
	}
	out.Owner, out.Plugins, out.Errors = a.Owner, a.Plugins, a.Errors
	for _, part := range a.Parts {
		if c, ok := part.(cniutil.Counted); ok && counters {
			c.ReadCounters(ctx, cniutil.ReadEnv{Runner: p.opts.CommandRunner})
		}
		if err := out.SetPart(part.Section(), part); err != nil {
			if out.Errors == nil {
				out.Errors = map[string]string{}
			}
			out.Errors[part.Section()] = err.Error()
		}
	}
	return out
}
