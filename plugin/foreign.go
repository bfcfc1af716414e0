package plugin

import (
	"context"
	"net/netip"
	"sync"
	"sync/atomic"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/foreign"
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
	// drift counts the CHECKs that found drift, in every pass.
	drift atomic.Uint64
	// owned caches what the chain owns, per loaded state.
	owned atomic.Pointer[ownedOf]
}

type foreignHint struct {
	seq  uint64
	kind foreign.Kind
}

type ownedOf struct {
	st    *state
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
	foreign.Run(ctx, foreign.Options{
		NetNS:    netnsPath,
		Owned:    p.ownedNow,
		LivePods: p.liveAddrs,
		Changed:  p.foreignChanged,
		Failed: func(source string, err error, established bool) {
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
		},
		Resubscribed: func(string) { p.triggerReconcile(triggerForeignResync) },
		Log:          p.log,
	})
}

// ownedNow is what the chain in force owns.
func (p *Plugin) ownedNow() foreign.Owned {
	st := p.state.Load()
	if c := p.foreign.owned.Load(); c != nil && c.st == st {
		return c.owned
	}
	var o foreign.Owned
	if st.runner != nil {
		var err error
		if o, err = foreign.FromConflist(st.runner.Conflist()); err != nil {
			p.log.Warn("foreign-change listener: reading what the chain owns", "error", err)
		}
	}
	p.foreign.owned.Store(&ownedOf{st: st, owned: o})
	return o
}

// liveAddrs are the live pods' addresses.
func (p *Plugin) liveAddrs() map[netip.Addr]bool {
	m := map[netip.Addr]bool{}
	for _, e := range p.pods.snapshot() {
		if !e.live() {
			continue
		}
		for _, ip := range e.pod.IPs {
			if a, err := netip.ParseAddr(ip); err == nil {
				m[a.Unmap()] = true
			}
		}
	}
	return m
}

// foreignChanged records a batch's hints and asks for a pass: requests
// made while one is pending are merged (triggerReconcile).
func (p *Plugin) foreignChanged(kinds []foreign.Kind) {
	p.foreign.mu.Lock()
	p.foreign.seq++
	for _, k := range kinds {
		p.foreign.pending = append(p.foreign.pending, foreignHint{seq: p.foreign.seq, kind: k})
	}
	p.foreign.mu.Unlock()
	p.triggerReconcile(triggerForeign)
}

// foreignBegin marks the start of a pass.
func (p *Plugin) foreignBegin() foreignMark {
	p.foreign.mu.Lock()
	defer p.foreign.mu.Unlock()
	return foreignMark{seq: p.foreign.seq, drift: p.foreign.drift.Load()}
}

// foreignSettle settles the hints recorded before the pass began: if
// the pass repaired drift they were foreign changes, counted and logged
// once per kind; otherwise they were diktyo's own writes (or repaired
// before). Later hints wait for the pass they triggered.
func (p *Plugin) foreignSettle(m foreignMark) {
	p.foreign.mu.Lock()
	var settled []foreignHint
	keep := p.foreign.pending[:0]
	for _, h := range p.foreign.pending {
		if h.seq <= m.seq {
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
	repaired := p.foreign.drift.Load() > m.drift
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
