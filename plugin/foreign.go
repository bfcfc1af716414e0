package plugin

import (
	"context"
	"maps"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
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

// watchForeign runs the listener until ctx ends (Options.WatchForeign).
func (p *Plugin) watchForeign(ctx context.Context) {
	var netnsPath string
	if nse, ok := p.opts.Exec.(*chainrun.NetnsExec); ok {
		netnsPath = nse.NetNS
	}
	p.foreign.mu.Lock()
	p.foreign.targets = map[string]bool{}
	p.foreign.wake = make(chan struct{}, 1)
	p.foreign.mu.Unlock()
	go p.repairTargets(ctx)
	foreign.Run(ctx, foreign.Options{
		NetNS:        netnsPath,
		Owned:        p.ownedNow,
		LivePods:     p.liveAddrs,
		Changed:      p.foreignChanged,
		Failed:       p.foreignFailed,
		Resubscribed: func(string) { p.triggerReconcile(triggerForeignResync) },
		Log:          p.log,
	})
}

// foreignFailed counts a subscription that could not be made (the
// periodic reconcile repairs meanwhile) or was lost (what happened since
// was not seen: everything is reconciled now).
func (p *Plugin) foreignFailed(source string, err error, established bool) {
	reason := "subscribe"
	if established {
		reason = "lost"
	}
	p.foreignMetrics.failures.WithLabelValues(source, reason).Inc()
	if !established {
		p.log.Debug("cannot subscribe to the kernel's change notifications; retrying (the periodic reconcile repairs meanwhile)", "source", source, "error", err)
		return
	}
	p.log.Warn("lost the kernel's change notifications; reconciling everything and subscribing again", "source", source, "error", err)
	p.triggerReconcile(triggerForeignResync)
}

// ownedNow is what the chain in force owns.
func (p *Plugin) ownedNow() foreign.Owned {
	st := p.conf.Load()
	if c := p.foreign.owned.Load(); c != nil && c.st == st {
		return c.owned
	}
	var o foreign.Owned
	if st.Runner != nil {
		var err error
		if o, err = foreign.FromConflist(st.Runner.Conflist()); err != nil {
			p.log.Warn("foreign-change listener: reading what the chain owns", "error", err)
		}
	}
	p.foreign.owned.Store(&ownedOf{st: st, owned: o})
	return o
}

// liveAddrs are the live pods' addresses.
func (p *Plugin) liveAddrs() map[netip.Addr]bool {
	m := map[netip.Addr]bool{}
	for _, e := range p.pods.Snapshot() {
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
func (p *Plugin) foreignChanged(c foreign.Change) {
	if len(c.Egress) > 0 {
		p.repairEgress(c.Egress)
	}
	if len(c.Kinds) == 0 {
		return
	}
	ids, whole := p.foreignTargets(c)
	p.foreign.mu.Lock()
	p.foreign.seq++
	for _, k := range c.Kinds {
		p.foreign.pending = append(p.foreign.pending, foreignHint{seq: p.foreign.seq, kind: k, targeted: !whole})
	}
	if !whole {
		for _, id := range ids {
			p.foreign.targets[id] = true
		}
	}
	p.foreign.mu.Unlock()
	if whole {
		p.triggerReconcile(triggerForeign)
		return
	}
	select {
	case p.foreign.wake <- struct{}{}:
	default:
	}
}

// repairEgress writes the egress guard again, as the config in force
// says (under the reload lock: a load in progress writes it itself).
// Only diktyo-nri's own thread writes the guard, and the listener leaves
// out its writes: a deletion seen is another writer's.
func (p *Plugin) repairEgress(kinds []foreign.Kind) {
	if !p.conf.RepairGuard() {
		return
	}
	for _, k := range kinds {
		p.foreignMetrics.changes.WithLabelValues(string(k)).Inc()
		p.log.Warn("another writer deleted or changed diktyo's egress guard; written again", "object", string(k))
	}
}

// foreignTargets are the live pods a change hit: the owners of the pod
// chains and the holders of the addresses it names. An owner or address
// no live pod has needs no repair (an ended pod's, or an attachment
// under another network name, which the pass's GC handles); whole says
// the change needs a pass.
func (p *Plugin) foreignTargets(c foreign.Change) (ids []string, whole bool) {
	st := p.conf.Load()
	if c.Whole || st.Runner == nil {
		return nil, true
	}
	network, ifName := st.Runner.NetworkName(), st.Runner.IfName()
	for _, e := range p.pods.Snapshot() {
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
func (p *Plugin) repairTargets(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.foreign.wake:
		}
		p.foreign.mu.Lock()
		ids := slices.Sorted(maps.Keys(p.foreign.targets))
		clear(p.foreign.targets)
		m := foreignMark{seq: p.foreign.seq, drift: p.foreign.drift.Load()}
		p.foreign.mu.Unlock()
		if st := p.conf.Load(); st.Runner != nil && len(ids) > 0 {
			renamed, err := st.Runner.Renamed()
			if err != nil {
				p.log.Error("foreign change: listing attachments under earlier network names", "error", err)
			}
			for _, id := range ids {
				p.reconcilePod(cniutil.WithReadCache(ctx, nil), st, id, renamed[id])
			}
		}
		p.settleHints(func(h foreignHint) bool { return h.targeted && h.seq <= m.seq }, p.foreign.drift.Load() > m.drift)
	}
}

// foreignBegin marks the start of a pass.
func (p *Plugin) foreignBegin() foreignMark {
	p.foreign.mu.Lock()
	defer p.foreign.mu.Unlock()
	return foreignMark{seq: p.foreign.seq, drift: p.foreign.drift.Load()}
}

// foreignSettle settles the hints for a pass recorded before it began.
// Later hints wait for the pass they triggered.
func (p *Plugin) foreignSettle(m foreignMark) {
	p.settleHints(func(h foreignHint) bool { return !h.targeted && h.seq <= m.seq }, p.foreign.drift.Load() > m.drift)
}

// settleHints settles the pending hints mine picks: if their repair
// found drift they were foreign changes, counted and logged once per
// kind; otherwise they were diktyo's own writes (or repaired before).
func (p *Plugin) settleHints(mine func(foreignHint) bool, repaired bool) {
	p.foreign.mu.Lock()
	var settled []foreignHint
	keep := p.foreign.pending[:0]
	for _, h := range p.foreign.pending {
		if mine(h) {
			settled = append(settled, h)
		} else {
			keep = append(keep, h)
		}
	}
	p.foreign.pending = keep
	p.foreign.mu.Unlock()
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
			p.foreignMetrics.changes.WithLabelValues(string(k)).Add(float64(n))
			p.log.Warn("another writer deleted or changed diktyo's objects; repaired", "object", string(k), "notifications", n)
		default:
			p.log.Debug("change notifications found nothing to repair (diktyo's own writes)", "object", string(k), "notifications", n)
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
