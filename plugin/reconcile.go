package plugin

import (
	"context"
	"log/slog"
	"sync"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/cnirun"
)

// Synchronize is called on every (re)connection with all pods containerd
// knows. The pod table is replaced by them and a reconcile starts; the
// handler waits for it within its budget (NRI bounds Synchronize by the
// same request timeout) and lets it finish in the background otherwise.
func (p *Plugin) Synchronize(ctx context.Context, pods []*nriapi.PodSandbox, _ []*nriapi.Container) ([]*nriapi.ContainerUpdate, error) {
	start := time.Now()
	defer p.metrics.event(evSync, start)
	entries := make([]*podEntry, 0, len(pods))
	for _, pod := range pods {
		e := entryFromNRI(pod)
		// Sandboxes that are not ready (stopped, netns gone) are listed
		// too; they must lose their state, not gain it.
		if !e.hostNetwork && !cnirun.IsNetNS(e.pod.NetNS) {
			e.stopped = true
		}
		entries = append(entries, e)
	}
	p.pods.replace(entries)
	p.log.Info("synchronizing", "pods", len(pods))
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Reconcile(context.Background(), evSync)
	}()
	timer := time.NewTimer(p.budget(p.state.Load().cfg))
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		p.log.Info("reconcile continues after Synchronize returned")
	case <-ctx.Done():
	}
	return nil, nil
}

// Shutdown is called when containerd shuts down.
func (p *Plugin) Shutdown(context.Context) {
	p.log.Info("runtime shutting down")
}

// triggerReconcile asks the background loop for a reconcile; requests
// made while one is pending are merged.
func (p *Plugin) triggerReconcile(trigger string) {
	select {
	case p.reconcileCh <- trigger:
	default:
	}
}

// reconcileLoop runs triggered reconciles and the periodic one.
func (p *Plugin) reconcileLoop(ctx context.Context) {
	for {
		iv := p.state.Load().cfg.Reconcile.Interval.Duration
		var tick <-chan time.Time
		var timer *time.Timer
		if iv > 0 {
			timer = time.NewTimer(iv)
			tick = timer.C
		}
		trigger := "periodic"
		select {
		case <-ctx.Done():
		case trigger = <-p.reconcileCh:
		case <-tick:
		}
		if timer != nil {
			timer.Stop()
		}
		if ctx.Err() != nil {
			return
		}
		p.Reconcile(ctx, trigger)
	}
}

// Reconciled returns how many reconciles have completed.
func (p *Plugin) Reconciled() uint64 { return p.reconciled.Load() }

// Reconcile brings every live pod to its policy (ADD where missing, CHECK
// where present, re-ADD on drift, DEL+ADD when the policy or chain
// changed, DEL when the policy is gone or no longer allowed), then GCs the
// attachments of pods that no longer exist.
func (p *Plugin) Reconcile(ctx context.Context, trigger string) {
	p.reconcileMu.Lock()
	defer p.reconcileMu.Unlock()
	start := time.Now()
	st := p.state.Load()
	defer func() {
		p.reconciled.Add(1)
		p.metrics.reconciles.WithLabelValues(trigger).Inc()
		p.metrics.podsUnderPolicy.Set(float64(p.pods.countApplied()))
	}()
	if st.runner == nil {
		p.log.Error("reconcile skipped: chain not loaded", "error", st.runnerErr)
		p.metrics.fail(reasonChain)
		return
	}
	p.markVanished()
	entries := p.pods.snapshot()
	sem := make(chan struct{}, st.cfg.Reconcile.Parallelism)
	var wg sync.WaitGroup
	for i := range entries {
		e := &entries[i]
		if !e.live() || (e.hostNetwork && !e.dirty) {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			p.reconcilePod(ctx, st, e.pod.ID)
		}()
	}
	wg.Wait()
	p.gc(ctx, st)
	p.log.Info("reconciled", "trigger", trigger, "pods", len(entries), "took", time.Since(start).Round(time.Millisecond))
}

// markVanished stops pods whose network namespace is gone although no
// StopPodSandbox came. containerd sends no Stop or Remove for sandboxes it
// recovered after its own restart (containerd/containerd#8426): without
// this, such a pod's state would outlive it until the next Synchronize.
// The GC that follows removes their state and their entries.
func (p *Plugin) markVanished() {
	for _, e := range p.pods.snapshot() {
		if !e.live() || e.hostNetwork || cnirun.IsNetNS(e.pod.NetNS) {
			continue
		}
		p.log.Info("pod's netns is gone without a StopPodSandbox; removing its state",
			"pod.namespace", e.pod.Namespace, "pod.name", e.pod.Name, "pod.id", e.pod.ID)
		p.pods.update(e.pod.ID, func(pe *podEntry) { pe.stopped, pe.vanished = true, true })
	}
}

// reconcilePod reconciles one pod under its lock, re-reading its entry
// there: a Stop or Remove that came first wins.
func (p *Plugin) reconcilePod(ctx context.Context, st *state, id string) {
	wctx, cancel := context.WithTimeout(ctx, st.cfg.Timeouts.CNI.Duration)
	defer cancel()
	err := p.withPod(wctx, id, func(ctx context.Context) error {
		e, ok := p.pods.get(id)
		if !ok || !e.live() {
			return nil
		}
		return p.reconcileLocked(ctx, st, &e, p.podLog(&e))
	})
	if err != nil {
		p.metrics.fail(reasonOf(err))
	}
}

func (p *Plugin) reconcileLocked(ctx context.Context, st *state, e *podEntry, log *slog.Logger) error {
	action := func(a string) { p.metrics.reconcileAction.WithLabelValues(a).Inc() }
	att, err := st.runner.Cached(e.pod.ID)
	if err != nil {
		log.Error("reconcile: reading cache", "error", err)
		return failure(reasonCheck, err)
	}
	pol, perr := p.decide(st, e)
	switch {
	case perr != nil || pol.Empty():
		if att == nil && !e.dirty {
			return nil
		}
		if perr != nil {
			log.Warn("reconcile: policy no longer allowed; removing it", "error", perr)
		}
		action("remove")
		return p.remove(ctx, st, e.pod, log)
	case att == nil:
		action("add")
		log.Info("reconcile: adding missing policy")
		return p.apply(ctx, st, e, pol, log)
	}
	pod := e.pod
	if ips, err := podIPs(pod.IPs, pod.NetNS, st.runner.IfName()); err == nil {
		pod.IPs = ips
	}
	if !cnirun.SameArgs(att, pod, pol.CapabilityArgs()) || !sameBytes(att.List.Bytes, st.runner.Conflist()) {
		action("update")
		log.Info("reconcile: policy or chain changed; re-applying")
		if err := p.remove(ctx, st, pod, log); err != nil {
			return err
		}
		return p.apply(ctx, st, e, pol, log)
	}
	action("check")
	t := time.Now()
	err = st.runner.Check(ctx, pod)
	p.metrics.cni("check", t)
	if err == nil {
		p.pods.update(pod.ID, func(pe *podEntry) { pe.applied = true })
		return nil
	}
	action("drift")
	log.Warn("reconcile: CHECK failed; re-applying", "error", err)
	p.metrics.fail(reasonCheck)
	return p.apply(ctx, st, e, pol, log)
}

// gc removes the chain state of every sandbox that is not live: cached
// attachments get a DEL, and the plugins' own GC drops anything else they
// own that belongs to no live sandbox. It holds the GC lock exclusively, so
// no pod's ADD runs meanwhile and the live list is exact.
func (p *Plugin) gc(ctx context.Context, st *state) {
	p.gcMu.Lock()
	defer p.gcMu.Unlock()
	gctx, cancel := context.WithTimeout(ctx, st.cfg.Timeouts.GC.Duration)
	defer cancel()
	valid := p.pods.liveIDs()
	stale := 0
	if cached, err := st.runner.CachedIDs(); err == nil {
		live := make(map[string]bool, len(valid))
		for _, id := range valid {
			live[id] = true
		}
		for _, id := range cached {
			if !live[id] {
				stale++
			}
		}
	}
	t := time.Now()
	err := st.runner.GC(gctx, valid)
	p.metrics.cni("gc", t)
	if err != nil {
		p.metrics.gcs.WithLabelValues("error").Inc()
		p.metrics.fail(reasonGC)
		p.log.Error("GC failed; will retry at the next reconcile", "error", err)
		return
	}
	p.metrics.gcs.WithLabelValues("ok").Inc()
	for _, e := range p.pods.snapshot() {
		switch {
		case e.live():
		case e.vanished:
			// Its state is gone and no event will ever name it again.
			p.pods.remove(e.pod.ID)
		default:
			p.pods.update(e.pod.ID, func(pe *podEntry) { pe.applied, pe.dirty, pe.lastArgs = false, false, nil })
		}
	}
	p.log.Info("GC done", "live", len(valid), "staleAttachments", stale)
}
