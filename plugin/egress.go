package plugin

import (
	"context"
	"errors"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

func egressPod(e *podEntry) egress.Pod {
	return egress.Pod{Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID, Sandbox: e.Pod.ID}
}

// admitEgress turns the pod's pool requests into its port blocks (the same
// block again for a pod that has one) and records its explicit ranges, so
// that no two live pods share an external's ports. The policy then names
// concrete externals only, which is what the chain is run with.
//
// Then the addresses the pod SNATs to are made present (manage: true) or
// checked (manage: false), before the chain runs and the pod is answered.
func (p *Plugin) admitEgress(ctx context.Context, st *state, e *podEntry, pol *policy.Policy) error {
	if st.egress == nil {
		return nil
	}
	if err := admit.Pools(st.egress, egressPod(e), pol); err != nil {
		if errors.Is(err, egress.ErrQuota) {
			return failure(health.ReasonEgressQuota, err)
		}
		return failure(health.ReasonEgress, err)
	}
	if err := p.addresses.Acquire(ctx, addrGen(st), e.Pod.ID, p.podLog(e), pol, p.budget(st.cfg)); err != nil {
		return failure(health.ReasonEgress, err)
	}
	return nil
}

// releaseEgress frees a pod's blocks once its chain state is gone, and
// its managed addresses: those no other pod uses are withdrawn, with an
// egress section in the config or without one (an address diktyo
// assigned is diktyo's to withdraw whatever the config says now).
func (p *Plugin) releaseEgress(st *state, e *podEntry) {
	if err := admit.ReleasePools(st.egress, egressPod(e)); err != nil {
		p.podLog(e).Error("egress: releasing the pod's port blocks failed; GC will retry", "error", err)
	}
	p.pods.Update(e.Pod.ID, func(pe *podEntry) { pe.EgressAddrs = nil })
	// Whatever the pod's record says: a config change may have made its
	// address undeclared while it still used it.
	p.addresses.WithdrawUnused(addrGen(st), false)
}

// gcEgress releases the blocks of pods that are no longer live,
// withdraws the managed addresses no pod uses, and publishes the pools'
// usage. The caller holds proof of which pods are live (a Synchronize).
func (p *Plugin) gcEgress(st *state) {
	if st.egress == nil {
		// No pools or ranges to release; addresses diktyo assigned under
		// an earlier config are still its own to withdraw.
		p.addresses.WithdrawUnused(addrGen(st), true)
		return
	}
	held, unknown := p.holds.Kept()
	if unknown {
		// A walk a previous process left is pending: its pod's flows
		// may still use any block. Released at a GC after it is done.
		p.addresses.WithdrawUnused(addrGen(st), true)
		return
	}
	var live []egress.Pod
	for _, e := range p.pods.Snapshot() {
		if e.Live() {
			live = append(live, egressPod(&e))
		}
	}
	// A stopped pod whose DEL walk is not done keeps its blocks: its
	// flows are still translated to them.
	for _, k := range held {
		live = append(live, egress.Pod{Namespace: k.Pod.Namespace, Name: k.Pod.Name, UID: k.Pod.UID, Sandbox: k.Pod.Sandbox})
	}
	admit.GCPools(st.egress, live, p.log)
	// Addresses of pods gone without a release (missed events, a
	// restart), and of a config that no longer declares them.
	p.addresses.WithdrawUnused(addrGen(st), true)
	admit.PublishUsage(st.egress, p.metrics.EgressBlocks)
}
