package view

import (
	"context"
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// Pods returns every pod of one view, with its policy under the config
// in force and what the chain holds for it (rebuilt from libcni's
// cache); counters adds the SNAT rule counters.
func (r *Reader) Pods(ctx context.Context, counters bool) []localapi.PodStatus {
	v := r.view()
	pods := v.Pods()
	blocks := egressBlocks(v)
	out := make([]localapi.PodStatus, 0, len(pods))
	for i := range pods {
		out = append(out, r.podStatus(ctx, v, &pods[i], counters, blocks))
	}
	return out
}

// Pod returns one pod by namespace and name, with counters. When a
// stopped sandbox and a live one share the name, the live one is meant.
func (r *Reader) Pod(ctx context.Context, namespace, name string) (localapi.PodStatus, error) {
	v := r.view()
	pod, err := findPod(v, namespace, name)
	if err != nil {
		return localapi.PodStatus{}, err
	}
	return r.podStatus(ctx, v, pod, true, egressBlocks(v)), nil
}

func findPod(v View, namespace, name string) (*Pod, error) {
	var found *Pod
	for _, pod := range v.Pods() {
		if pod.Status.Namespace != namespace || pod.Status.Name != name {
			continue
		}
		if found == nil || pod.Live && !found.Live {
			found = &pod
		}
	}
	if found == nil {
		return nil, fmt.Errorf("%w: diktyo-nri knows no pod %s/%s", localapi.ErrNotFound, namespace, name)
	}
	return found, nil
}

// egressGrants is every port block of the node by sandbox ID, read once
// for a listing; err says why there are none.
type egressGrants struct {
	bySandbox map[string][]egress.Grant
	err       error
}

func egressBlocks(v View) *egressGrants {
	grants, on, err := v.Blocks()
	if !on {
		return nil
	}
	g := &egressGrants{bySandbox: map[string][]egress.Grant{}, err: err}
	for _, gr := range grants {
		g.bySandbox[gr.Pod.Sandbox] = append(g.bySandbox[gr.Pod.Sandbox], gr)
	}
	return g
}

// egressStatus is the pod's blocks and managed addresses, nil when it
// has neither.
func egressStatus(pod *Pod, g *egressGrants) *localapi.Egress {
	out := &localapi.Egress{}
	for _, a := range pod.EgressAddrs {
		out.ManagedAddresses = append(out.ManagedAddresses, a.String())
	}
	if g != nil {
		if g.err != nil {
			out.Error = g.err.Error()
		}
		for _, gr := range g.bySandbox[pod.Status.ID] {
			out.Blocks = append(out.Blocks, localapi.EgressBlock{Pool: gr.Pool, Address: gr.Address.String(), Ports: gr.Ports(), Since: gr.Since})
		}
	}
	if len(out.Blocks) == 0 && len(out.ManagedAddresses) == 0 && out.Error == "" {
		return nil
	}
	return out
}

func (r *Reader) podStatus(ctx context.Context, v View, pod *Pod, counters bool, blocks *egressGrants) localapi.PodStatus {
	s := pod.Status
	s.Watch, s.Holds = v.Watch(s.ID), v.Holds(s.ID)
	empty := true
	// The policy of a host-network pod only says what RunPodSandbox
	// said (and logs it); such a pod never has chain state.
	if !s.HostNetwork {
		pol, err := v.Policy(s.ID)
		if err != nil {
			s.PolicyError = err.Error()
		} else if !pol.Empty() {
			s.Policy, empty = pol.CapabilityArgs(), false
		}
	}
	s.State = podState(&s, s.PolicyError != "", empty)
	s.Egress = egressStatus(pod, blocks)
	ch := v.Chain()
	if ch == nil {
		return s
	}
	att, err := ch.Cached(s.ID)
	switch {
	case err != nil:
		s.Attachment = &localapi.Attachment{Errors: map[string]string{"cache": err.Error()}}
	case att != nil:
		s.Attachment = r.attachmentStatus(ctx, att.List.Name, att, counters)
	}
	return s
}

// podState sums a pod's flags up in one word, the first that holds.
func podState(s *localapi.PodStatus, invalid, empty bool) string {
	switch {
	case s.Rejected:
		return localapi.StateRejected
	case s.Stopped:
		return localapi.StateStopped
	case s.Applied && s.LastError != "":
		return localapi.StateDegraded
	case s.Applied:
		return localapi.StateApplied
	case invalid:
		return localapi.StateInvalid
	case empty:
		return localapi.StateNone
	case s.LastError != "":
		return localapi.StateFailed
	}
	return localapi.StatePending
}

// attachmentStatus is the cached attachment as the chain's plugins
// describe it (their Describe, through the registry), with the parts'
// counters when asked.
func (r *Reader) attachmentStatus(ctx context.Context, network string, att *chainrun.Attachment, counters bool) *localapi.Attachment {
	out := &localapi.Attachment{Network: network, IPs: att.IPs(), CapabilityArgs: att.Runtime.CapabilityArgs}
	a, err := inspect.Build(chainrun.Builtin(), att.List, att.Runtime)
	if err != nil {
		out.Errors = map[string]string{"attachment": err.Error()}
		return out
	}
	out.Owner, out.Plugins, out.Errors = a.Owner, a.Plugins, a.Errors
	for _, part := range a.Parts {
		if c, ok := part.(cniutil.Counted); ok && counters {
			c.ReadCounters(ctx, cniutil.ReadEnv{Runner: r.runner})
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
