package admit

import (
	"context"
	"log/slog"
	"time"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Admit turns the pod's pool requests into its port blocks (the same
// block again for a pod that has one) and records its explicit ranges, so
// that no two live pods share an external's ports. The policy then names
// concrete externals only, which is what the chain is run with.
//
// Then the addresses the pod SNATs to are made present (manage: true) or
// checked (manage: false), before the chain runs and the pod is answered
// (Acquire; budget is the pod's handler budget). Without an egress
// section there is nothing to admit. An error of the pools wraps
// egress.ErrQuota when a pool is full.
func (r *Admission) Admit(ctx context.Context, g Gen, pod egress.Pod, log *slog.Logger, pol *policy.Policy, budget time.Duration) error {
	if g.Pools == nil {
		return nil
	}
	if err := Pools(g.Pools, pod, pol); err != nil {
		return err
	}
	return r.Acquire(ctx, g, pod.Sandbox, log, pol, budget)
}

// Release frees a pod's blocks once its chain state is gone, and its
// managed addresses: those no other pod uses are withdrawn, with an
// egress section in the config or without one (an address diktyo
// assigned is diktyo's to withdraw whatever the config says now).
func (r *Admission) Release(g Gen, pod egress.Pod, log *slog.Logger) {
	if err := ReleasePools(g.Pools, pod); err != nil {
		log.Error("egress: releasing the pod's port blocks failed; GC will retry", "error", err)
	}
	r.f.Record(pod.Sandbox, nil)
	// Whatever the pod's record says: a config change may have made its
	// address undeclared while it still used it.
	r.WithdrawUnused(g, false)
}

// GC releases the blocks of pods that are no longer live, withdraws the
// managed addresses no pod uses, and publishes the pools' usage. The
// caller holds proof of which pods are live (a Synchronize).
func (r *Admission) GC(g Gen) {
	if g.Pools == nil {
		// No pools or ranges to release; addresses diktyo assigned under
		// an earlier config are still its own to withdraw.
		r.WithdrawUnused(g, true)
		return
	}
	held, unknown := r.f.Kept()
	if unknown {
		// A walk a previous process left is pending: its pod's flows
		// may still use any block. Released at a GC after it is done.
		r.WithdrawUnused(g, true)
		return
	}
	live := r.f.Live()
	// A stopped pod whose DEL walk is not done keeps its blocks: its
	// flows are still translated to them.
	for _, k := range held {
		live = append(live, k.Pod)
	}
	GCPools(g.Pools, live, r.f.Log)
	// Addresses of pods gone without a release (missed events, a
	// restart), and of a config that no longer declares them.
	r.WithdrawUnused(g, true)
	PublishUsage(g.Pools, r.f.Blocks)
}
