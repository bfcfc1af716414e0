// Package admit is egress admission (admit.go): the pools' port blocks
// and the explicit ranges (pools.go), the managed addresses and their
// ledger (addresses.go) and their Leases (leases.go), over the room's
// state and what it is handed (room.go). It owns the managed addresses' lock and what it
// reports of them; it owns no pod state: what it needs of the pods, the
// holds, the health and the Leases, plugin hands it (Face), so it never
// reaches up to plugin or across to another room.
package admit

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// NewAllocator builds the allocator of cfg's egress section, or nil when
// there is none (no pools, no explicit-range bookkeeping). node names the
// node in every attribution line, so that one query over all nodes' logs
// answers which pod had an address and port when.
func NewAllocator(cfg *policy.Config, node string) (*egress.Allocator, error) {
	if cfg.Egress == nil {
		return nil, nil
	}
	o := egress.OptionsFromConfig(cfg.Egress)
	o.Node = node
	a, err := egress.New(o)
	if err != nil {
		return nil, fmt.Errorf("egress: %w", err)
	}
	return a, nil
}

// SameState refuses a reload that moves the egress state while grants
// are recorded where it is now (old, nil if none): the allocator would
// forget the running pods' blocks and grant them again, to others.
func SameState(old *egress.Allocator, cfg *policy.Config) error {
	if old == nil || cfg.Egress == nil || cfg.Egress.StateDir == old.StateDir() {
		return nil
	}
	grants, err := old.Blocks()
	if err != nil || len(grants) > 0 {
		return fmt.Errorf("egress.stateDir: %q cannot replace %q while it records grants (%d; %v): "+
			"move the directory while diktyo-nri is stopped, then restart it", cfg.Egress.StateDir, old.StateDir(), len(grants), err)
	}
	return nil
}

// Warnings are what cfg's egress section warns of.
func Warnings(cfg *policy.Config) []string {
	if cfg.Egress == nil {
		return nil
	}
	return cfg.Egress.Warnings()
}

// Pools turns the pod's pool requests into its port blocks (the same
// block again for a pod that has one) and records its explicit ranges,
// so that no two live pods share an external's ports. The policy then
// names concrete externals only, which is what the chain is run with.
// An error wraps egress.ErrQuota when a pool is full. a may be nil (no
// egress section).
func Pools(a *egress.Allocator, pod egress.Pod, pol *policy.Policy) error {
	// Only masq entries name pools and ranges: a pod without any costs
	// the allocator nothing (no lock, no state read), at admission or
	// reconcile.
	if a == nil || len(pol.MasqEntries) == 0 {
		return nil
	}
	return a.Admit(pod, pol)
}

// ReleasePools frees a pod's blocks and ranges once its chain state is
// gone. a may be nil.
func ReleasePools(a *egress.Allocator, pod egress.Pod) error {
	if a == nil {
		return nil
	}
	_, err := a.Release(pod)
	return err
}

// GCPools releases the blocks of the pods not in live. The caller holds
// proof of which pods are live (a Synchronize), with the stopped pods
// whose walks are not done among them.
func GCPools(a *egress.Allocator, live []egress.Pod, log *slog.Logger) {
	released, err := a.Reconcile(live)
	if err != nil && !errors.Is(err, egress.ErrStale) {
		log.Error("egress GC failed", "error", err)
	}
	for _, g := range released {
		log.Info("egress GC: released the block of a gone pod", "pod.namespace", g.Pod.Namespace,
			"pod.name", g.Pod.Name, "address", g.Address, "ports", g.Ports())
	}
}

// PublishUsage sets blocks (diktyo_egress_blocks) from the pools' usage;
// a usage that cannot be read leaves it as it is.
func PublishUsage(a *egress.Allocator, blocks *prometheus.GaugeVec) {
	usage, err := a.Usage()
	if err != nil {
		return
	}
	for _, u := range usage {
		for state, n := range map[string]int{"in_use": u.InUse, "free": u.Free} {
			blocks.With(prometheus.Labels{"pool": u.Pool, "address": u.Address.String(), "state": state}).Set(float64(n))
		}
	}
}

// Preview is the policy the pod's admission would run the chain with
// (its pools resolved to the blocks Pools would grant: the pod's own
// when it holds one), claiming nothing: reconcile's plan decides the
// chain work from it before the admission, an act, claims anything. A
// pool that cannot be previewed (a full one, a stale grant) is an error;
// the admission that follows then says so, or, if it succeeds, decides
// again from what it granted. a may be nil (no egress section).
func Preview(a *egress.Allocator, pod egress.Pod, pol *policy.Policy) (*policy.Policy, error) {
	pre := *pol
	if a == nil || len(pol.Pools()) == 0 {
		return &pre, nil
	}
	err := pre.ResolvePools(func(pool string) (api.External, error) {
		b, _, err := a.Preview(pool, pod)
		return b.External(), err
	})
	return &pre, err
}
