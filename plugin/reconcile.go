package plugin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/plan"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Synchronize is called on every (re)connection with all pods containerd
// knows. The pod table is replaced by them and a reconcile starts; the
// handler waits for it within its budget (NRI bounds Synchronize by the
// same request timeout) and lets it finish in the background otherwise.
func (p *Plugin) Synchronize(ctx context.Context, pods []*nriapi.PodSandbox, _ []*nriapi.Container) ([]*nriapi.ContainerUpdate, error) {
	start := time.Now()
	defer p.metrics.Event(work.EvSync, start)
	entries := make([]*podEntry, 0, len(pods))
	for _, pod := range pods {
		e := entryFromNRI(pod)
		// Sandboxes that are not ready (stopped, netns gone) are listed
		// too; they must lose their state, not gain it.
		if gone, err := chainrun.NetNSGone(e.Pod.NetNS); !e.HostNetwork && err == nil && gone {
			e.Life = lifeStopped
		}
		entries = append(entries, e)
	}
	p.pods.Replace(entries)
	// The table is the runtime's list now: a pod absent from it ended.
	p.health.SetSynced(true)
	for i, pod := range pods {
		if entries[i].Live() {
			p.watch(entries[i], pod.GetPid())
		}
	}
	p.log.Info("synchronizing", "pods", len(pods))
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Reconcile(context.Background(), work.EvSync)
	}()
	timer := time.NewTimer(p.work.Budget(p.conf.Load().Cfg))
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
		iv := p.conf.Load().Cfg.Reconcile.Interval.Duration
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
	st := p.conf.Load()
	mark := p.foreignBegin()
	defer func() {
		p.foreignSettle(mark)
		p.reconciled.Add(1)
		p.metrics.Reconciles.WithLabelValues(trigger).Inc()
		p.metrics.PodsUnderPolicy.Set(float64(p.pods.CountApplied()))
		p.publishHealth()
	}()
	if st.Runner == nil {
		p.log.Error("reconcile skipped: chain not loaded", "error", st.RunnerErr)
		p.metrics.Fail(health.ReasonChain)
		return
	}
	p.markVanished()
	p.holds.Retry()
	entries := p.pods.Snapshot()
	renamed, err := st.Runner.Renamed()
	if err != nil {
		p.log.Error("reconcile: listing attachments under earlier network names", "error", err)
	}
	// One read cache for the pass: the plugins' CHECKs read what every pod
	// shares (a nat table, a map's elements, the rule list) once, so a
	// pass is O(pods), not O(pods²). Whatever changes the node clears it.
	ctx = cniutil.WithReadCache(ctx, cniutil.NewReadCache())
	sem := make(chan struct{}, st.Cfg.Reconcile.Parallelism)
	var wg sync.WaitGroup
	for i := range entries {
		e := &entries[i]
		if !e.Live() || (e.HostNetwork && !e.HoldsChain()) {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			p.reconcilePod(ctx, st, e.Pod.ID, renamed[e.Pod.ID])
		}()
	}
	wg.Wait()
	p.gc(ctx, st)
	p.log.Info("reconciled", "trigger", trigger, "pods", len(entries), "took", time.Since(start).Round(time.Millisecond))
}

// markVanished stops pods whose network namespace is gone although no
// StopPodSandbox came (a namespace that cannot be read is not: netns.go). containerd sends no Stop or Remove for sandboxes it
// recovered after its own restart (containerd/containerd#8426): without
// this, such a pod's state would outlive it until the next Synchronize.
// The GC that follows removes their state and their entries.
func (p *Plugin) markVanished() {
	for _, e := range p.pods.Snapshot() {
		if !e.Live() || e.HostNetwork || !p.work.NetnsGone(&e) {
			continue
		}
		p.log.Info("pod's netns is gone without a StopPodSandbox; removing its state",
			"pod.namespace", e.Pod.Namespace, "pod.name", e.Pod.Name, "pod.id", e.Pod.ID)
		p.pods.End(e.Pod.ID)
	}
}

// reconcilePod reconciles one pod under its lock, re-reading its entry
// there: a Stop or Remove that came first wins. renamed is the pod's
// attachment cached under an earlier network name, if any. A failed
// repair is retried with backoff.
func (p *Plugin) reconcilePod(ctx context.Context, st *gen.State, id string, renamed *chainrun.Attachment) {
	wctx, cancel := context.WithTimeout(ctx, st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	repairing := false
	err := p.work.WithPod(wctx, id, func(ctx context.Context) error {
		e, ok := p.pods.Get(id)
		if !ok || !e.Live() {
			return nil
		}
		var err error
		var wrote bool
		repairing, wrote, err = p.reconcileLocked(ctx, st, &e, renamed, p.work.PodLog(&e))
		if c := cniutil.ReadCacheFrom(ctx); wrote && c != nil {
			c.Clear() // what the pass read before may no longer hold
		}
		if serr := p.settleMarker(ctx, st, id, err == nil && repairing); serr != nil {
			repairing = true // retried with backoff, as a failed repair
			return errors.Join(err, serr)
		}
		return err
	})
	switch {
	case err == nil || errors.Is(err, work.ErrNotLive):
		p.pods.Update(id, func(pe *podEntry) { pe.RepairFailures = 0 })
	case repairing:
		p.metrics.RepairFailures.WithLabelValues(pluginLabel(err)).Inc()
		p.retryRepair(ctx, id, err)
	default:
		p.metrics.Fail(work.ReasonOf(err))
	}
}

// settleMarker settles the marker of an ADD whose deferred conntrack walk
// a previous process may not have run (an interrupted ADD hold), whatever the pass
// decided for the pod (the caller holds its lock): an undeferred ADD of
// the pass (added) was that walk; otherwise (the policy kept, removed,
// checked, or its admission failing) the walk of the pod's addresses
// runs now (every flow from or to them: the pod has had no container
// since, CreateContainer refusing it while the marker is there). Then
// the marker goes. A walk that fails keeps it, and is retried.
func (p *Plugin) settleMarker(ctx context.Context, st *gen.State, id string, added bool) error {
	if !p.holds.Interrupted(id) {
		return nil
	}
	e, ok := p.pods.Get(id)
	if !ok || !e.Live() {
		return nil // its teardown's walk covers it; GC drops the marker
	}
	if !added {
		ips := e.Pod.IPs
		err := p.work.WithAddrs(ctx, id, ips, func() error { return st.Runner.FlushFlows(work.ParseAddrs(ips)) })
		if err != nil {
			return work.Failure(health.ReasonDeferred, fmt.Errorf("the conntrack cleanup of the pod's ADD that a restart interrupted: %w", err))
		}
		p.work.PodLog(&e).Info("reconcile: ran the conntrack cleanup a restart interrupted")
	}
	p.holds.Drop(id, false)
	return nil
}

// reconcileLocked brings one pod to its policy. It reports whether the
// work was a repair of a running pod (which is retried on failure) rather
// than a removal, and whether it changed (or tried to change) the node.
func (p *Plugin) reconcileLocked(ctx context.Context, st *gen.State, e *podEntry, renamed *chainrun.Attachment, log *slog.Logger) (repairing, wrote bool, err error) {
	repairing, err = p.reconcileAction(ctx, st, e, renamed, log, func(a string) { wrote = wrote || a != "check" })
	return repairing, wrote, err
}

// reconcileAction is reconcileLocked's work; did is told each action.
func (p *Plugin) reconcileAction(ctx context.Context, st *gen.State, e *podEntry, renamed *chainrun.Attachment, log *slog.Logger, did func(string)) (bool, error) {
	action := func(a string) {
		did(a)
		p.metrics.ReconcileAction.WithLabelValues(a).Inc()
	}
	// Only CHECK reads through the pass's cache; whatever writes reads
	// the node as it is.
	check, ctx := ctx, cniutil.WithReadCache(ctx, nil)
	att, err := st.Runner.Cached(e.Pod.ID)
	if err != nil {
		log.Error("reconcile: reading cache", "error", err)
		return false, work.Failure(health.ReasonCheck, err)
	}
	pol, perr := p.work.Decide(st, e)
	a := plan.Decide(plan.Pod{Decision: decisionOf(pol, perr), Provisional: st.Provisional,
		Cached: att != nil, Renamed: renamed != nil, HoldsChain: e.HoldsChain()})
	switch a.Kind {
	case plan.Nothing:
		return false, nil
	case plan.Keep, plan.Remove:
		return p.withdrawn(ctx, st, e, a, perr, log, action)
	}
	// Apply: the admission is the one act that claims (blocks, managed
	// addresses, Leases); it resolves the policy's pools to blocks, which
	// the comparison with the cache needs.
	if err := p.work.AdmitEgress(ctx, st, e, pol); err != nil {
		if a.ReleaseOnRefusal {
			// Nothing applied, nothing to keep: a refusal releases what
			// the admission claimed (docs/egress.md).
			p.work.ReleaseEgress(st, e)
		}
		// Retried with backoff, logged with the pod, shown in status.
		return true, err
	}
	adm := plan.Admitted{Cached: att != nil, Renamed: renamed != nil}
	pod := e.Pod
	if att != nil {
		pod.IPs = att.IPs()
		adm.Same = chainrun.SameArgs(att, pod, pol.CapabilityArgs()) && bytes.Equal(att.List.Bytes, st.Runner.Conflist())
		adm.Interrupted = p.holds.Interrupted(pod.ID)
	}
	work := plan.Chain(adm)
	switch work {
	case plan.Migrate:
		action(work.String())
		return true, p.migrate(ctx, st, e, pol, renamed, log)
	case plan.Add:
		action(work.String())
		log.Info("reconcile: adding missing policy")
		return true, p.work.Repair(ctx, st, e, pol, nil)
	case plan.Update:
		action(work.String())
		log.Info("reconcile: policy or chain changed; re-applying over the old state")
		return true, p.update(ctx, st, e, pol, att, log)
	case plan.Redo:
		// Its ADD's deferred work may never have run (a restart between
		// the answer and the work): ADD again, undeferred.
		action(work.String())
		log.Info("reconcile: the pod's ADD was interrupted before its deferred conntrack cleanup; adding again")
		return true, p.work.Repair(ctx, st, e, pol, att.IPs())
	}
	action("check")
	t := time.Now()
	err = st.Runner.CheckAttachment(chainrun.WithLogger(check, log), att, pod.NetNS)
	if err != nil && cniutil.ReadCacheFrom(check) != nil {
		// What the pass read may predate a write outside it (this pod's
		// own ADD finishing as the pass began): drift is what the node
		// shows now, read afresh.
		err = st.Runner.CheckAttachment(chainrun.WithLogger(ctx, log), att, pod.NetNS)
	}
	p.metrics.CNI("check", t)
	if err == nil {
		p.pods.MarkApplied(pod.ID)
		return false, nil
	}
	action("drift")
	p.metrics.Drift.WithLabelValues(pluginLabel(err)).Inc()
	p.foreign.drift.Add(1)
	log.Warn("reconcile: CHECK found drift; repairing", "plugin", chainrun.FailedPlugin(err), "error", err)
	return true, p.work.Repair(ctx, st, e, pol, att.IPs())
}

// withdrawn handles a pod that holds chain state the config in force
// would not give it (perr, or an empty policy), as the plan says: removed
// on the admin's verdict, kept otherwise, saying why.
func (p *Plugin) withdrawn(ctx context.Context, st *gen.State, e *podEntry, a plan.Action, perr error, log *slog.Logger, action func(string)) (bool, error) {
	if a.Kind == plan.Keep {
		// No proof that the admin meant it: what is applied stays.
		action("keep")
		kept := keptWhy(st, a.Why, perr)
		p.noteKept(e, kept, log)
		if a.Retry {
			// A fact that could not be read: decided again with backoff,
			// as a failed repair is.
			return true, work.Failure(health.ReasonUnknown, kept)
		}
		return false, nil
	}
	if perr != nil {
		// The admin revoked what the pod had: removing it is the admin's
		// intent, not a fault.
		log.Warn("reconcile: policy no longer allowed; removing it", "error", perr)
	}
	action("remove")
	return false, p.work.Remove(ctx, st, e.Pod, log)
}

// update applies a changed policy or chain to a running pod: ADD with the
// new arguments over the old state (every plugin's ADD converges, so there
// is no gap). Plugins that left the chain get a DEL of their own first,
// since nothing else would ever remove their state. Plugins whose state
// the new config puts elsewhere (ipmasq moved from iptables to nftables)
// get a DEL of their old config after the ADD, marked as a pod that
// continues: the old rules go, the pod's flows keep their mappings.
func (p *Plugin) update(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, att *chainrun.Attachment, log *slog.Logger) error {
	if gone := st.Runner.Dropped(att); gone != nil {
		log.Info("reconcile: plugins left the chain; removing their state", "plugins", gone.PluginTypes())
		if err := st.Runner.DelAttachment(chainrun.WithLogger(ctx, log), gone, e.Pod.NetNS); err != nil {
			log.Warn("reconcile: DEL of plugins that left the chain failed; GC will retry", "error", err)
		}
	}
	if err := p.work.Repair(ctx, st, e, pol, att.IPs()); err != nil {
		return err // the old state still holds the pod's policy
	}
	moved := st.Runner.Moved(att)
	if moved == nil {
		return nil
	}
	log.Info("reconcile: plugins keep their state elsewhere now; removing the old", "plugins", moved.PluginTypes())
	pod := e.Pod
	pod.IPs = att.IPs()
	if chainrun.SameArgs(att, pod, pol.CapabilityArgs()) {
		// Same policy: the new rules translate the pod's flows as the old
		// ones did, so its established flows keep their mappings. With a
		// changed policy the DEL removes them, as any policy change does.
		moved = chainrun.Continuing(moved)
	}
	if err := st.Runner.DelAttachment(chainrun.WithLogger(ctx, log), moved, e.Pod.NetNS); err != nil {
		// Nothing caches the old config any more: say what is left.
		log.Error("reconcile: DEL of the old state failed; remove it by hand (docs/install.md, Upgrade)", "plugins", moved.PluginTypes(), "error", err)
		return err
	}
	// libcni's DEL dropped the pod's cache entry, which the ADD above had
	// just written: write it again (ADD converges, nothing changes).
	return p.work.Repair(ctx, st, e, pol, att.IPs())
}

// migrate moves a running pod from an attachment cached under the
// network's old name to the new one: ADD under the new name first (the
// pod keeps its SNAT and routes throughout), then DEL of the old one.
func (p *Plugin) migrate(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, old *chainrun.Attachment, log *slog.Logger) error {
	log.Info("reconcile: network renamed; migrating the pod", "from", old.List.Name, "to", st.Runner.NetworkName())
	err := p.work.Repair(ctx, st, e, pol, old.IPs())
	if err != nil && !releasable(err) {
		return err // the old attachment keeps the pod's egress identity
	}
	// The pod runs on under the new attachment: with the same plugins its
	// flows keep their mappings (chainrun.Continuing); a plugin that left
	// the chain takes its rules, and its flows' mappings, with it.
	del := old
	pod := e.Pod
	pod.IPs = old.IPs()
	if st.Runner.Dropped(old) == nil && chainrun.SameArgs(old, pod, pol.CapabilityArgs()) {
		del = chainrun.Continuing(old)
	}
	if derr := st.Runner.DelAttachment(chainrun.WithLogger(ctx, log), del, e.Pod.NetNS); derr != nil {
		log.Warn("reconcile: DEL of the attachment under the old network name failed; GC will retry", "error", derr)
		return errors.Join(err, derr)
	}
	if err != nil {
		// What the old owner held (a DNS name, which belongs to one
		// owner) was in the way; it is released now. The plugins before
		// the failing one already hold the pod's SNAT and routes under
		// the new name, so only that plugin's part was missing meanwhile.
		log.Info("reconcile: migration retried after releasing the old attachment", "error", err)
		err = p.work.Repair(ctx, st, e, pol, old.IPs())
	}
	return err
}

// releasable says whether a failed migration may release the old
// attachment and retry: only when the plugins that carry the pod's egress
// identity (SNAT, routes) did not fail, so they hold it under the new name.
func releasable(err error) bool {
	switch chainrun.FailedPlugin(err) {
	case "", "ipmasq", "iproute":
		return false
	}
	return true
}

// retryRepair schedules another reconcile of one pod after a failed
// repair, with exponential backoff (1 s doubling to 5 min). What is
// applied stays applied meanwhile.
func (p *Plugin) retryRepair(ctx context.Context, id string, err error) {
	n, pending := 0, false
	var e podEntry
	p.pods.Update(id, func(pe *podEntry) {
		pe.RepairFailures++
		n, pending, e = pe.RepairFailures, pe.RetryPending, *pe
		pe.RetryPending = true
	})
	if n == 0 || pending {
		// One retry timer per pod: failures of other reconciles meanwhile
		// only lengthen its backoff.
		return
	}
	p.pods.Update(id, func(pe *podEntry) { pe.LastErr = err.Error() })
	delay := min(time.Second<<min(n-1, 9), 5*time.Minute)
	p.work.PodLog(&e).Error("reconcile: repair failed; the pod keeps what is applied, retrying",
		"plugin", chainrun.FailedPlugin(err), "error", err, "failures", n, "retryIn", delay)
	p.kube.PodEvent(e.Pod.Namespace, e.Pod.Name, e.Pod.UID, true, kube.ReasonRepairFailed, "Repair",
		fmt.Sprintf("diktyo could not repair the pod's egress policy (it keeps what is applied; retried in %s): %v", delay, err))
	time.AfterFunc(delay, func() {
		p.pods.Update(id, func(pe *podEntry) { pe.RetryPending = false })
		if ctx.Err() != nil {
			return
		}
		st := p.conf.Load()
		if st.Runner == nil {
			return
		}
		renamed, _ := st.Runner.Renamed()
		// A retry is no part of the pass that scheduled it: it reads the
		// node afresh.
		p.reconcilePod(cniutil.WithReadCache(ctx, nil), st, id, renamed[id])
	})
}

// pluginLabel is the metrics label of the plugin that caused err.
func pluginLabel(err error) string {
	if t := chainrun.FailedPlugin(err); t != "" {
		return t
	}
	return "unknown"
}

// gc removes the chain state of every sandbox that is not live: cached
// attachments get a DEL, and the plugins' own GC drops anything else they
// own that belongs to no live sandbox. It holds the GC lock exclusively, so
// no pod's ADD runs meanwhile and the live list is exact.
func (p *Plugin) gc(ctx context.Context, st *gen.State) {
	if !p.health.Synchronized() {
		// The pod table is not the runtime's list (a fresh process, or
		// the connection is down): a pod missing from it is no proof
		// that it ended, so nothing is garbage-collected.
		if p.health.GCDeferred() {
			p.log.Warn("GC deferred until the runtime's Synchronize: the pod list is not known yet; nothing is removed")
		}
		return
	}
	p.work.LockGC()
	defer p.work.UnlockGC()
	gctx, cancel := context.WithTimeout(ctx, st.Cfg.Timeouts.GC.Duration)
	defer cancel()
	valid := p.pods.LiveIDs()
	stale := 0
	if cached, err := st.Runner.CachedIDs(); err == nil {
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
	err := st.Runner.GC(gctx, valid)
	p.metrics.CNI("gc", t)
	p.health.Set(health.FaultGC, err)
	if err != nil {
		p.metrics.Gcs.WithLabelValues("error").Inc()
		p.metrics.Fail(health.ReasonGC)
		p.log.Error("GC failed; will retry at the next reconcile", "error", err)
		return
	}
	p.metrics.Gcs.WithLabelValues("ok").Inc()
	p.admission.GC(st.Admit())
	// Interrupted ADD holds of pods that are gone, with no walk of
	// their own (their teardown's walk covers their addresses).
	p.holds.DropAdds(func(id string) bool { e, ok := p.pods.Get(id); return ok && e.Live() }, true)
	for _, e := range p.pods.Snapshot() {
		switch {
		case e.Live():
		case e.Life == lifeEnded:
			// Its state is gone and no event will ever name it again.
			p.pods.Remove(e.Pod.ID)
		default:
			p.pods.MarkRemoved(e.Pod.ID)
		}
	}
	p.log.Info("GC done", "live", len(valid), "staleAttachments", stale)
}

// noteKept records why a running pod keeps a policy the config in force
// would not give it (status shows it), logging it once per reason.
func (p *Plugin) noteKept(e *podEntry, kept error, log *slog.Logger) {
	msg := kept.Error()
	if e.LastErr != msg {
		log.Warn("reconcile: the pod keeps its policy", "why", msg)
	}
	p.pods.Update(e.Pod.ID, func(pe *podEntry) { pe.LastErr = msg })
}
