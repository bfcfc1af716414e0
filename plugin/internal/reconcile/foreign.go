package reconcile

import (
	"context"
	"maps"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/plugin/internal/foreign"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
)

// Reconcile triggers of the foreign-change listener.
const (
	triggerForeign = "foreign"
	// triggerForeignResync: a lost subscription listens again; what
	// happened meanwhile was not seen.
	triggerForeignResync = "foreign_resync"
)

// foreignBook is what the listener's hints wait for: the reconcile pass
// that re-checks them. A hint is a foreign change only if that pass found
// drift (diktyo's own deletions, which the listener cannot always tell
// apart, leave none).
type foreignBook struct {
	mu      sync.Mutex
	seq     uint64
	pending []foreignHint
	// targets are the pods whose own objects were hit, for the targeted
	// repair (repairTargets); wake tells it there are some.
	targets map[string]bool
	wake    chan struct{}
	// drift counts the CHECKs that found drift, in every pass.
	drift atomic.Uint64
	// owned caches what the chain owns, per loaded state.
	owned atomic.Pointer[ownedOf]
}

type foreignHint struct {
	seq  uint64
	kind foreign.Kind
	// targeted: settled by the targeted repair, not by a pass.
	targeted bool
}

type ownedOf struct {
	st    *gen.State
	owned foreign.Owned
}

// foreignMark is where a pass began.
type foreignMark struct{ seq, drift uint64 }

// WatchForeign runs the listener until ctx ends (Options.WatchForeign).
func (r *Reconciler) WatchForeign(ctx context.Context) {
	r.foreign.mu.Lock()
	r.foreign.targets = map[string]bool{}
	r.foreign.wake = make(chan struct{}, 1)
	r.foreign.mu.Unlock()
	go r.repairTargets(ctx)
	foreign.Run(ctx, foreign.Options{
		NetNS:        r.ForeignNetNS,
		Owned:        r.ownedNow,
		LivePods:     r.liveAddrs,
		Changed:      r.foreignChanged,
		Failed:       r.foreignFailed,
		Resubscribed: func(string) { r.Trigger(triggerForeignResync) },
		Log:          r.Log,
	})
}

// foreignFailed counts a subscription that could not be made (the
// periodic reconcile repairs meanwhile) or was lost (what happened since
// was not seen: everything is reconciled now).
func (r *Reconciler) foreignFailed(source string, err error, established bool) {
	reason := "subscribe"
	if established {
		reason = "lost"
	}
	r.foreignMetrics.failures.WithLabelValues(source, reason).Inc()
	if !established {
		r.Log.Debug("cannot subscribe to the kernel's change notifications; retrying (the periodic reconcile repairs meanwhile)", "source", source, "error", err)
		return
	}
	r.Log.Warn("lost the kernel's change notifications; reconciling everything and subscribing again", "source", source, "error", err)
	r.Trigger(triggerForeignResync)
}

// ownedNow is what the chain in force owns.
func (r *Reconciler) ownedNow() foreign.Owned {
	st := r.Conf.Load()
	if c := r.foreign.owned.Load(); c != nil && c.st == st {
		return c.owned
	}
	var o foreign.Owned
	if st.Runner != nil {
		var err error
		if o, err = foreign.FromConflist(st.Runner.Conflist()); err != nil {
			r.Log.Warn("foreign-change listener: reading what the chain owns", "error", err)
		}
	}
	r.foreign.owned.Store(&ownedOf{st: st, owned: o})
	return o
}

// liveAddrs are the live pods' addresses.
func (r *Reconciler) liveAddrs() map[netip.Addr]bool {
	m := map[netip.Addr]bool{}
	for _, e := range r.Pods.Snapshot() {
		if !e.Live() {
			continue
		}
		for _, ip := range e.Pod.IPs {
			if a, err := netip.ParseAddr(ip); err == nil {
				m[a.Unmap()] = true
			}
		}
	}
	return m
}

// foreignChanged records a batch's hints and asks for their repair:
// the pods whose own objects were hit are reconciled alone, at once
// (repairTargets); anything shared asks for a pass, merged with one
// pending (triggerReconcile).
func (r *Reconciler) foreignChanged(c foreign.Change) {
	if len(c.Egress) > 0 {
		r.repairEgress(c.Egress)
	}
	if len(c.Kinds) == 0 {
		return
	}
	ids, whole := r.foreignTargets(c)
	r.foreign.mu.Lock()
	r.foreign.seq++
	for _, k := range c.Kinds {
		r.foreign.pending = append(r.foreign.pending, foreignHint{seq: r.foreign.seq, kind: k, targeted: !whole})
	}
	if !whole {
		for _, id := range ids {
			r.foreign.targets[id] = true
		}
	}
	r.foreign.mu.Unlock()
	if whole {
		r.Trigger(triggerForeign)
		return
	}
	select {
	case r.foreign.wake <- struct{}{}:
	default:
	}
}

// repairEgress writes the egress guard again, as the config in force
// says (under the reload lock: a load in progress writes it itself).
// Only diktyo-nri's own thread writes the guard, and the listener leaves
// out its writes: a deletion seen is another writer's.
func (r *Reconciler) repairEgress(kinds []foreign.Kind) {
	if !r.Conf.RepairGuard() {
		return
	}
	for _, k := range kinds {
		r.foreignMetrics.changes.WithLabelValues(string(k)).Inc()
		r.Log.Warn("another writer deleted or changed diktyo's egress guard; written again", "object", string(k))
	}
}

// foreignTargets are the live pods a change hit: the owners of the pod
// chains and the holders of the addresses it names. An owner or address
// no live pod has needs no repair (an ended pod's, or an attachment
// under another network name, which the pass's GC handles); whole says
// the change needs a pass.
func (r *Reconciler) foreignTargets(c foreign.Change) (ids []string, whole bool) {
	st := r.Conf.Load()
	if c.Whole || st.Runner == nil {
		return nil, true
	}
	network, ifName := st.Runner.NetworkName(), st.Runner.IfName()
	for _, e := range r.Pods.Snapshot() {
		if !e.Live() {
			continue
		}
		hit := slices.Contains(c.Owners, cniutil.OwnerID(network, e.Pod.ID, ifName))
		for _, ip := range e.Pod.IPs {
			if a, err := netip.ParseAddr(ip); err == nil && slices.Contains(c.Addrs, a.Unmap()) {
				hit = true
			}
		}
		if hit {
			ids = append(ids, e.Pod.ID)
		}
	}
	return ids, false
}

// repairTargets reconciles the pods foreignChanged names, each alone and
// under its lock as a retry is, reading the node afresh; then settles
// the hints that named them.
func (r *Reconciler) repairTargets(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.foreign.wake:
		}
		r.foreign.mu.Lock()
		ids := slices.Sorted(maps.Keys(r.foreign.targets))
		clear(r.foreign.targets)
		m := foreignMark{seq: r.foreign.seq, drift: r.foreign.drift.Load()}
		r.foreign.mu.Unlock()
		if st := r.Conf.Load(); st.Runner != nil && len(ids) > 0 {
			renamed, err := st.Runner.Renamed()
			if err != nil {
				r.Log.Error("foreign change: listing attachments under earlier network names", "error", err)
			}
			for _, id := range ids {
				r.reconcilePod(cniutil.WithReadCache(ctx, nil), st, id, renamed[id])
			}
		}
		r.settleHints(func(h foreignHint) bool { return h.targeted && h.seq <= m.seq }, r.foreign.drift.Load() > m.drift)
	}
}

// foreignBegin marks the start of a pass.
func (r *Reconciler) foreignBegin() foreignMark {
	r.foreign.mu.Lock()
	defer r.foreign.mu.Unlock()
	return foreignMark{seq: r.foreign.seq, drift: r.foreign.drift.Load()}
}

// foreignSettle settles the hints for a pass recorded before it began.
// Later hints wait for the pass they triggered.
func (r *Reconciler) foreignSettle(m foreignMark) {
	r.settleHints(func(h foreignHint) bool { return !h.targeted && h.seq <= m.seq }, r.foreign.drift.Load() > m.drift)
}

// settleHints settles the pending hints mine picks: if their repair
// found drift they were foreign changes, counted and logged once per
// kind; otherwise they were diktyo's own writes (or repaired before).
func (r *Reconciler) settleHints(mine func(foreignHint) bool, repaired bool) {
	r.foreign.mu.Lock()
	var settled []foreignHint
	keep := r.foreign.pending[:0]
	for _, h := range r.foreign.pending {
		if mine(h) {
			settled = append(settled, h)
		} else {
			keep = append(keep, h)
		}
	}
	r.foreign.pending = keep
	r.foreign.mu.Unlock()
	if len(settled) == 0 {
		return
	}
	counts := map[foreign.Kind]int{}
	for _, h := range settled {
		counts[h.kind]++
	}
	for _, k := range foreign.Kinds {
		n := counts[k]
		switch {
		case n == 0:
		case repaired:
			r.foreignMetrics.changes.WithLabelValues(string(k)).Add(float64(n))
			r.Log.Warn("another writer deleted or changed diktyo's objects; repaired", "object", string(k), "notifications", n)
		default:
			r.Log.Debug("change notifications found nothing to repair (diktyo's own writes)", "object", string(k), "notifications", n)
		}
	}
}

// foreignMetrics are the foreign-change listener's (foreign.go).
type foreignMetrics struct {
	changes  *prometheus.CounterVec
	failures *prometheus.CounterVec
}

func newForeignMetrics(reg prometheus.Registerer) foreignMetrics {
	m := foreignMetrics{
		changes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_foreign_changes_total",
			Help: "Deletions or changes of diktyo's objects by another writer on the node, noticed through the kernel's notifications and repaired by the reconcile they triggered, by object (nft_table, nft_chain, nft_rule, nft_set, ip_rule, route).",
		}, []string{"object"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_foreign_watch_failures_total",
			Help: "Kernel notification subscriptions that could not be made (reason subscribe; retried with backoff) or were lost (reason lost: an overrun, ENOBUFS; a full reconcile runs and the subscription is made again), by source (nftables, rules, routes).",
		}, []string{"source", "reason"}),
	}
	reg.MustRegister(m.changes, m.failures)
	// Fixed label sets: every series exists from the start.
	for _, k := range foreign.Kinds {
		m.changes.WithLabelValues(string(k))
	}
	for _, s := range foreign.Sources {
		m.failures.WithLabelValues(s, "subscribe")
		m.failures.WithLabelValues(s, "lost")
	}
	return m
}
