// Package reconcile brings every live pod to its policy, after a
// (re)connection, a config change, a foreign write or periodically, and
// garbage-collects what ended pods left: it observes (the chain's cache,
// the hold markers, the pod state), asks the pure plan
// (plugin/internal/plan) what to do with each pod, and acts through the
// chain work (plugin/internal/work) under the pod's lock. It owns the
// reconcile lock (one pass at a time), the trigger channel, the
// repairs' backoff, and the book of the foreign-change listener's hints.
//
// It is called by the NRI face (plugin) only; it calls down into the
// work, the plan, the config in force, the pod state, the holds, the
// admission, the listener, the cluster connection and the health.
package reconcile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/plan"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Options are the rooms the reconcile is handed: those of the work, the
// work itself, and what it tells the face.
type Options struct {
	work.Options
	Registry prometheus.Registerer
	Work     *work.Work
	// Published says the daemon's state may have changed (after a pass,
	// diktyo_daemon_state and the node's Event follow).
	Published func()
	// ForeignNetNS is the network namespace the foreign-change listener
	// listens in ("": its own, the host's).
	ForeignNetNS string
}

// Reconciler runs the reconciles.
type Reconciler struct {
	Options
	// mu: one reconcile at a time.
	mu         sync.Mutex
	reconciled atomic.Uint64
	ch         chan string
	// foreign is what the foreign-change listener's hints wait for.
	foreign        foreignBook
	foreignMetrics foreignMetrics
}

// New makes the reconcile of the rooms o hands it, registering the
// listener's metrics with o.Registry.
func New(o Options) *Reconciler {
	return &Reconciler{Options: o, ch: make(chan string, 1), foreignMetrics: newForeignMetrics(o.Registry)}
}

// Trigger asks the background loop for a reconcile; requests
// made while one is pending are merged.
func (r *Reconciler) Trigger(trigger string) {
	select {
	case r.ch <- trigger:
	default:
	}
}

// Loop runs triggered reconciles and the periodic one.
func (r *Reconciler) Loop(ctx context.Context) {
	for {
		iv := r.Conf.Load().Cfg.Reconcile.Interval.Duration
		var tick <-chan time.Time
		var timer *time.Timer
		if iv > 0 {
			timer = time.NewTimer(iv)
			tick = timer.C
		}
		trigger := "periodic"
		select {
		case <-ctx.Done():
		case trigger = <-r.ch:
		case <-tick:
		}
		if timer != nil {
			timer.Stop()
		}
		if ctx.Err() != nil {
			return
		}
		r.Reconcile(ctx, trigger)
	}
}

// Reconciled returns how many reconciles have completed.
func (r *Reconciler) Reconciled() uint64 { return r.reconciled.Load() }

// Reconcile brings every live pod to its policy (ADD where missing, CHECK
// where present, re-ADD on drift, DEL+ADD when the policy or chain
// changed, DEL when the policy is gone or no longer allowed), then GCs the
// attachments of pods that no longer exist.
func (r *Reconciler) Reconcile(ctx context.Context, trigger string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := time.Now()
	st := r.Conf.Load()
	mark := r.foreignBegin()
	defer func() {
		r.foreignSettle(mark)
		r.reconciled.Add(1)
		r.Metrics.Reconciles.WithLabelValues(trigger).Inc()
		r.Metrics.PodsUnderPolicy.Set(float64(r.Pods.CountApplied()))
		r.Published()
	}()
	if st.Runner == nil {
		r.Log.Error("reconcile skipped: chain not loaded", "error", st.RunnerErr)
		r.Metrics.Fail(health.ReasonChain)
		return
	}
	r.MarkVanished()
	r.Holds.Retry()
	r.prepare(ctx, st)
	entries := r.Pods.Snapshot()
	renamed, err := st.Runner.Renamed()
	if err != nil {
		r.Log.Error("reconcile: listing attachments under earlier network names", "error", err)
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
			r.reconcilePod(ctx, st, e.Pod.ID, renamed[e.Pod.ID])
		}()
	}
	wg.Wait()
	r.gc(ctx, st)
	r.Log.Info("reconciled", "trigger", trigger, "pods", len(entries), "took", time.Since(start).Round(time.Millisecond))
}

// prepare checks, and repairs, the fixed objects the chain's pods share
// (chainrun.Runner.Prepare) before the pods are checked: a repair there
// is drift every pod shared, counted once for the plugin (and as the
// foreign-change listener's hint found it), as a pod's CHECK counts its
// own.
func (r *Reconciler) prepare(ctx context.Context, st *gen.State) {
	repaired, err := st.Runner.Prepare(ctx)
	if err != nil {
		r.Log.Warn("reconcile: preparing the chain's fixed objects; each pod's ADD makes what is missing", "error", err)
	}
	for typ, what := range repaired {
		r.Metrics.Drift.WithLabelValues(typ).Inc()
		r.foreign.drift.Add(1)
		r.Log.Warn("reconcile: the chain's fixed objects had changed; repaired", "plugin", typ, "repaired", what)
	}
}

// MarkVanished stops pods whose network namespace is gone although no
// StopPodSandbox came (a namespace that cannot be read is not:
// work.NetnsGone). containerd sends no Stop or Remove for sandboxes it
// recovered after its own restart (containerd/containerd#8426): without
// this, such a pod's state would outlive it until the next Synchronize.
// The GC that follows removes their state and their entries.
func (r *Reconciler) MarkVanished() {
	for _, e := range r.Pods.Snapshot() {
		if !e.Live() || e.HostNetwork || !r.Work.NetnsGone(&e) {
			continue
		}
		r.Log.Info("pod's netns is gone without a StopPodSandbox; removing its state",
			"pod.namespace", e.Pod.Namespace, "pod.name", e.Pod.Name, "pod.id", e.Pod.ID)
		r.Pods.End(e.Pod.ID)
	}
}

// reconcilePod reconciles one pod under its lock, re-reading its entry
// there: a Stop or Remove that came first wins. renamed is the pod's
// attachment cached under an earlier network name, if any. A failed
// repair is retried with backoff.
func (r *Reconciler) reconcilePod(ctx context.Context, st *gen.State, id string, renamed *chainrun.Attachment) {
	wctx, cancel := context.WithTimeout(ctx, st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	repairing := false
	err := r.Work.Locks().WithPod(wctx, id, func(ctx context.Context) error {
		e, ok := r.Pods.Get(id)
		if !ok || !e.Live() {
			return nil
		}
		var err error
		var wrote bool
		repairing, wrote, err = r.reconcileLocked(ctx, st, &e, renamed, r.Work.PodLog(&e))
		if c := cniutil.ReadCacheFrom(ctx); wrote && c != nil {
			c.Clear() // what the pass read before may no longer hold
		}
		if serr := r.settleMarker(ctx, st, id, err == nil && repairing); serr != nil {
			repairing = true // retried with backoff, as a failed repair
			return errors.Join(err, serr)
		}
		return err
	})
	switch {
	case err == nil || errors.Is(err, work.ErrNotLive):
		r.Pods.Update(id, func(pe *pods.Entry) { pe.RepairFailures = 0 })
	case repairing:
		r.Metrics.RepairFailures.WithLabelValues(pluginLabel(err)).Inc()
		r.retryRepair(ctx, id, err)
	default:
		r.Metrics.Fail(work.ReasonOf(err))
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
func (r *Reconciler) settleMarker(ctx context.Context, st *gen.State, id string, added bool) error {
	if !r.Holds.Interrupted(id) {
		return nil
	}
	e, ok := r.Pods.Get(id)
	if !ok || !e.Live() {
		return nil // its teardown's walk covers it; GC drops the marker
	}
	if !added {
		ips := e.Pod.IPs
		err := r.Work.Locks().WithAddrs(ctx, id, ips, func() error { return st.Runner.FlushFlows(work.ParseAddrs(ips)) })
		if err != nil {
			return work.Failure(health.ReasonDeferred, fmt.Errorf("the conntrack cleanup of the pod's ADD that a restart interrupted: %w", err))
		}
		r.Work.PodLog(&e).Info("reconcile: ran the conntrack cleanup a restart interrupted")
	}
	r.Holds.Drop(id, false)
	return nil
}

// reconcileLocked brings one pod to its policy. It reports whether the
// work was a repair of a running pod (which is retried on failure) rather
// than a removal, and whether it changed (or tried to change) the node.
func (r *Reconciler) reconcileLocked(ctx context.Context, st *gen.State, e *pods.Entry, renamed *chainrun.Attachment, log *slog.Logger) (repairing, wrote bool, err error) {
	repairing, err = r.reconcileAction(ctx, st, e, renamed, log, func(a string) { wrote = wrote || a != "check" })
	return repairing, wrote, err
}

// observation is what reconcile reads of one pod before deciding: its
// cached attachments, its policy under the config in force, and the
// preview of that policy's admission (its pools resolved to the blocks
// the admission would grant; nil when it could not be previewed).
// Nothing is claimed by reading it.
type observation struct {
	att, renamed *chainrun.Attachment
	pol          *policy.Policy
	perr         error
	preview      *policy.Policy
	interrupted  bool
}

// observe reads what the plan decides from.
func (r *Reconciler) observe(st *gen.State, e *pods.Entry, renamed *chainrun.Attachment) (observation, error) {
	att, err := st.Runner.Cached(e.Pod.ID)
	if err != nil {
		return observation{}, err
	}
	o := observation{att: att, renamed: renamed, interrupted: r.Holds.Interrupted(e.Pod.ID)}
	o.pol, o.perr = r.Work.Decide(st, e)
	if o.perr == nil && !o.pol.Empty() {
		// An error leaves no preview: the admission says why, or the
		// plan is decided from what it granted.
		o.preview, _ = admit.Preview(st.Egress, work.EgressPod(e), o.pol)
	}
	return o, nil
}

// admitted is the plan's view of the pod's attachments compared with
// pol (its policy as previewed, or as admitted) and the chain in force.
func admitted(st *gen.State, e *pods.Entry, o observation, pol *policy.Policy) plan.Admitted {
	adm := plan.Admitted{Cached: o.att != nil, Renamed: o.renamed != nil}
	if o.att != nil && pol != nil {
		pod := e.Pod
		pod.IPs = o.att.IPs()
		adm.Same = chainrun.SameArgs(o.att, pod, pol.CapabilityArgs()) && bytes.Equal(o.att.List.Bytes, st.Runner.Conflist())
		adm.Interrupted = o.interrupted
	}
	return adm
}

// reconcileAction is reconcileLocked's work: observe, plan, act; did is
// told each action.
func (r *Reconciler) reconcileAction(ctx context.Context, st *gen.State, e *pods.Entry, renamed *chainrun.Attachment, log *slog.Logger, did func(string)) (bool, error) {
	action := func(a string) {
		did(a)
		r.Metrics.ReconcileAction.WithLabelValues(a).Inc()
	}
	// Only CHECK reads through the pass's cache; whatever writes reads
	// the node as it is.
	check, ctx := ctx, cniutil.WithReadCache(ctx, nil)
	o, err := r.observe(st, e, renamed)
	if err != nil {
		log.Error("reconcile: reading cache", "error", err)
		return false, work.Failure(health.ReasonCheck, err)
	}
	a := plan.Decide(plan.Pod{Decision: decisionOf(o.pol, o.perr), Provisional: st.Provisional,
		Cached: o.att != nil, Renamed: o.renamed != nil, HoldsChain: e.HoldsChain()})
	switch a.Kind {
	case plan.Nothing:
		return false, nil
	case plan.Keep, plan.Remove:
		return r.withdrawn(ctx, st, e, a, o.perr, log, action)
	}
	// Apply: its chain work is decided from the preview, before anything
	// is claimed.
	planned := plan.Chain(admitted(st, e, o, o.preview))
	// The admission is the first act, and the one that claims (blocks,
	// managed addresses, Leases): it resolves the policy's pools to
	// blocks.
	if err := r.Work.AdmitEgress(ctx, st, e, o.pol); err != nil {
		if a.ReleaseOnRefusal {
			// Nothing applied, nothing to keep: a refusal releases what
			// the admission claimed (docs/egress.md).
			r.Work.ReleaseEgress(st, e)
		}
		// Retried with backoff, logged with the pod, shown in status.
		return true, err
	}
	if o.preview == nil || !slices.Equal(o.preview.MasqEntries, o.pol.MasqEntries) {
		// The admission granted other blocks than the preview said
		// (another pod's admission took one meanwhile), or there was no
		// preview: the chain work is decided again from what it granted.
		planned = plan.Chain(admitted(st, e, o, o.pol))
	}
	return r.act(ctx, check, st, e, o, planned, log, action)
}

// act does the chain work the plan decided for an admitted pod; check is
// the context a CHECK reads through (the pass's read cache), ctx the one
// whatever writes reads the node as it is through.
func (r *Reconciler) act(ctx, check context.Context, st *gen.State, e *pods.Entry, o observation, planned plan.Work, log *slog.Logger, action func(string)) (bool, error) {
	pol, att := o.pol, o.att
	switch planned {
	case plan.Migrate:
		action(planned.String())
		return true, r.migrate(ctx, st, e, pol, o.renamed, log)
	case plan.Add:
		action(planned.String())
		log.Info("reconcile: adding missing policy")
		return true, r.Work.Repair(ctx, st, e, pol, nil)
	case plan.Update:
		action(planned.String())
		log.Info("reconcile: policy or chain changed; re-applying over the old state")
		return true, r.update(ctx, st, e, pol, att, log)
	case plan.Redo:
		// Its ADD's deferred work may never have run (a restart between
		// the answer and the work): ADD again, undeferred.
		action(planned.String())
		log.Info("reconcile: the pod's ADD was interrupted before its deferred conntrack cleanup; adding again")
		return true, r.Work.Repair(ctx, st, e, pol, att.IPs())
	}
	action("check")
	t := time.Now()
	err := st.Runner.CheckAttachment(chainrun.WithLogger(check, log), att, e.Pod.NetNS)
	if err != nil && cniutil.ReadCacheFrom(check) != nil {
		// What the pass read may predate a write outside it (this pod's
		// own ADD finishing as the pass began): drift is what the node
		// shows now, read afresh.
		err = st.Runner.CheckAttachment(chainrun.WithLogger(ctx, log), att, e.Pod.NetNS)
	}
	r.Metrics.CNI("check", t)
	if err == nil {
		r.Pods.MarkApplied(e.Pod.ID)
		return false, nil
	}
	action("drift")
	r.Metrics.Drift.WithLabelValues(pluginLabel(err)).Inc()
	r.foreign.drift.Add(1)
	log.Warn("reconcile: CHECK found drift; repairing", "plugin", chainrun.FailedPlugin(err), "error", err)
	return true, r.Work.Repair(ctx, st, e, pol, att.IPs())
}

// withdrawn handles a pod that holds chain state the config in force
// would not give it (perr, or an empty policy), as the plan says: removed
// on the admin's verdict, kept otherwise, saying why.
func (r *Reconciler) withdrawn(ctx context.Context, st *gen.State, e *pods.Entry, a plan.Action, perr error, log *slog.Logger, action func(string)) (bool, error) {
	if a.Kind == plan.Keep {
		// No proof that the admin meant it: what is applied stays.
		action("keep")
		kept := keptWhy(st, a.Why, perr)
		r.noteKept(e, kept, log)
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
	return false, r.Work.Remove(ctx, st, e.Pod, log)
}

// update applies a changed policy or chain to a running pod: ADD with the
// new arguments over the old state (every plugin's ADD converges, so there
// is no gap). Plugins that left the chain get a DEL of their own first,
// since nothing else would ever remove their state. Plugins whose state
// the new config puts elsewhere (ipmasq moved from iptables to nftables)
// get a DEL of their old config after the ADD, marked as a pod that
// continues: the old rules go, the pod's flows keep their mappings.
func (r *Reconciler) update(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, att *chainrun.Attachment, log *slog.Logger) error {
	if gone := st.Runner.Dropped(att); gone != nil {
		log.Info("reconcile: plugins left the chain; removing their state", "plugins", gone.PluginTypes())
		if err := st.Runner.DelAttachment(chainrun.WithLogger(ctx, log), gone, e.Pod.NetNS); err != nil {
			log.Warn("reconcile: DEL of plugins that left the chain failed; GC will retry", "error", err)
		}
	}
	// The ADD is handed the pod's record (the config it was ADDed
	// under): a plugin whose state the new config puts elsewhere in a
	// way it can move (ipmasq's guard table) moves it in its own
	// transaction.
	if err := r.Work.Repair(cniutil.WithPrevious(ctx, att.List.Bytes), st, e, pol, att.IPs()); err != nil {
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
	return r.Work.Repair(ctx, st, e, pol, att.IPs())
}

// migrate moves a running pod from an attachment cached under the
// network's old name to the new one: ADD under the new name first (the
// pod keeps its SNAT and routes throughout), then DEL of the old one.
func (r *Reconciler) migrate(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, old *chainrun.Attachment, log *slog.Logger) error {
	log.Info("reconcile: network renamed; migrating the pod", "from", old.List.Name, "to", st.Runner.NetworkName())
	err := r.Work.Repair(ctx, st, e, pol, old.IPs())
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
		err = r.Work.Repair(ctx, st, e, pol, old.IPs())
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
func (r *Reconciler) retryRepair(ctx context.Context, id string, err error) {
	n, pending := 0, false
	var e pods.Entry
	r.Pods.Update(id, func(pe *pods.Entry) {
		pe.RepairFailures++
		n, pending, e = pe.RepairFailures, pe.RetryPending, *pe
		pe.RetryPending = true
	})
	if n == 0 || pending {
		// One retry timer per pod: failures of other reconciles meanwhile
		// only lengthen its backoff.
		return
	}
	r.Pods.Update(id, func(pe *pods.Entry) { pe.LastErr = err.Error() })
	delay := min(time.Second<<min(n-1, 9), 5*time.Minute)
	r.Work.PodLog(&e).Error("reconcile: repair failed; the pod keeps what is applied, retrying",
		"plugin", chainrun.FailedPlugin(err), "error", err, "failures", n, "retryIn", delay)
	r.Kube().PodEvent(e.Pod.Namespace, e.Pod.Name, e.Pod.UID, true, kube.ReasonRepairFailed, "Repair",
		fmt.Sprintf("diktyo could not repair the pod's egress policy (it keeps what is applied; retried in %s): %v", delay, err))
	time.AfterFunc(delay, func() {
		r.Pods.Update(id, func(pe *pods.Entry) { pe.RetryPending = false })
		if ctx.Err() != nil {
			return
		}
		st := r.Conf.Load()
		if st.Runner == nil {
			return
		}
		renamed, _ := st.Runner.Renamed()
		// A retry is no part of the pass that scheduled it: it reads the
		// node afresh.
		r.reconcilePod(cniutil.WithReadCache(ctx, nil), st, id, renamed[id])
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
func (r *Reconciler) gc(ctx context.Context, st *gen.State) {
	if !r.Health.Synchronized() {
		// The pod table is not the runtime's list (a fresh process, or
		// the connection is down): a pod missing from it is no proof
		// that it ended, so nothing is garbage-collected.
		if r.Health.GCDeferred() {
			r.Log.Warn("GC deferred until the runtime's Synchronize: the pod list is not known yet; nothing is removed")
		}
		return
	}
	r.Work.Locks().LockGC()
	defer r.Work.Locks().UnlockGC()
	gctx, cancel := context.WithTimeout(ctx, st.Cfg.Timeouts.GC.Duration)
	defer cancel()
	valid := r.Pods.LiveIDs()
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
	r.Metrics.CNI("gc", t)
	r.Health.Set(health.FaultGC, err)
	if err != nil {
		r.Metrics.Gcs.WithLabelValues("error").Inc()
		r.Metrics.Fail(health.ReasonGC)
		r.Log.Error("GC failed; will retry at the next reconcile", "error", err)
		return
	}
	r.Metrics.Gcs.WithLabelValues("ok").Inc()
	r.Admission.GC(st.Admit())
	// Interrupted ADD holds of pods that are gone, with no walk of
	// their own (their teardown's walk covers their addresses).
	r.Holds.DropAdds(func(id string) bool { e, ok := r.Pods.Get(id); return ok && e.Live() }, true)
	for _, e := range r.Pods.Snapshot() {
		switch {
		case e.Live():
		case e.Life == pods.Ended:
			// Its state is gone and no event will ever name it again.
			r.Pods.Remove(e.Pod.ID)
		default:
			r.Pods.MarkRemoved(e.Pod.ID)
		}
	}
	r.Log.Info("GC done", "live", len(valid), "staleAttachments", stale)
}

// noteKept records why a running pod keeps a policy the config in force
// would not give it (status shows it), logging it once per reason.
func (r *Reconciler) noteKept(e *pods.Entry, kept error, log *slog.Logger) {
	msg := kept.Error()
	if e.LastErr != msg {
		log.Warn("reconcile: the pod keeps its policy", "why", msg)
	}
	r.Pods.Update(e.Pod.ID, func(pe *pods.Entry) { pe.LastErr = msg })
}
