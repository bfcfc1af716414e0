package plugin

import (
	"context"
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// newEgress builds the allocator of cfg's egress section, or nil when
// there is none (no pools, no explicit-range bookkeeping).
func newEgress(cfg *policy.Config) (*egress.Allocator, error) {
	if cfg.Egress == nil {
		return nil, nil
	}
	o := egress.OptionsFromConfig(cfg.Egress)
	// Every attribution line names the node, so that one query over all
	// nodes' logs answers which pod had an address and port when.
	o.Node = cluster.NodeName(cfg.Cluster)
	a, err := egress.New(o)
	if err != nil {
		return nil, fmt.Errorf("egress: %w", err)
	}
	return a, nil
}

// sameEgressState refuses a reload that moves the egress state while
// grants are recorded where it is now: the allocator would forget the
// running pods' blocks and grant them again, to others.
func sameEgressState(old *state, cfg *policy.Config) error {
	if old == nil || old.egress == nil || cfg.Egress == nil || cfg.Egress.StateDir == old.egress.StateDir() {
		return nil
	}
	grants, err := old.egress.Blocks()
	if err != nil || len(grants) > 0 {
		return fmt.Errorf("egress.stateDir: %q cannot replace %q while it records grants (%d; %v): "+
			"move the directory while diktyo-nri is stopped, then restart it", cfg.Egress.StateDir, old.egress.StateDir(), len(grants), err)
	}
	return nil
}

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
	// Only masq entries name pools and ranges: a pod without any costs
	// the allocator nothing (no lock, no state read), at admission or
	// reconcile.
	if len(pol.MasqEntries) > 0 {
		if err := st.egress.Admit(egressPod(e), pol); err != nil {
			if errors.Is(err, egress.ErrQuota) {
				return failure(health.ReasonEgressQuota, err)
			}
			return failure(health.ReasonEgress, err)
		}
	}
	return p.acquireAddresses(ctx, st, e, pol)
}

// releaseEgress frees a pod's blocks once its chain state is gone, and
// its managed addresses: those no other pod uses are withdrawn, with an
// egress section in the config or without one (an address diktyo
// assigned is diktyo's to withdraw whatever the config says now).
func (p *Plugin) releaseEgress(st *state, e *podEntry) {
	if st.egress != nil {
		if _, err := st.egress.Release(egressPod(e)); err != nil {
			p.podLog(e).Error("egress: releasing the pod's port blocks failed; GC will retry", "error", err)
		}
	}
	p.pods.Update(e.Pod.ID, func(pe *podEntry) { pe.EgressAddrs = nil })
	// Whatever the pod's record says: a config change may have made its
	// address undeclared while it still used it.
	p.withdrawUnused(st, false)
}

// gcEgress releases the blocks of pods that are no longer live,
// withdraws the managed addresses no pod uses, and publishes the pools'
// usage. The caller holds proof of which pods are live (a Synchronize).
func (p *Plugin) gcEgress(st *state) {
	if st.egress == nil {
		// No pools or ranges to release; addresses diktyo assigned under
		// an earlier config are still its own to withdraw.
		p.withdrawUnused(st, true)
		return
	}
	held, unknown := p.holds.Kept()
	if unknown {
		// A walk a previous process left is pending: its pod's flows
		// may still use any block. Released at a GC after it is done.
		p.withdrawUnused(st, true)
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
	released, err := st.egress.Reconcile(live)
	if err != nil && !errors.Is(err, egress.ErrStale) {
		p.log.Error("egress GC failed", "error", err)
	}
	for _, g := range released {
		p.log.Info("egress GC: released the block of a gone pod", "pod.namespace", g.Pod.Namespace,
			"pod.name", g.Pod.Name, "address", g.Address, "ports", g.Ports())
	}
	// Addresses of pods gone without a release (missed events, a
	// restart), and of a config that no longer declares them.
	p.withdrawUnused(st, true)
	usage, err := st.egress.Usage()
	if err != nil {
		return
	}
	for _, u := range usage {
		for state, n := range map[string]int{"in_use": u.InUse, "free": u.Free} {
			p.metrics.EgressBlocks.With(prometheus.Labels{"pool": u.Pool, "address": u.Address.String(), "state": state}).Set(float64(n))
		}
	}
}

func egressWarnings(cfg *policy.Config) []string {
	if cfg.Egress == nil {
		return nil
	}
	return cfg.Egress.Warnings()
}
