package work

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/diktyo-io/diktyo/internal/stages"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
)

// Decide works out a pod's policy, or the failure that stops it.
func (w *Work) Decide(st *gen.State, e *pods.Entry) (*policy.Policy, error) {
	if e.HostNetwork {
		if !policy.HasDiktyoAnnotations(e.Annotations) {
			return &policy.Policy{}, nil
		}
		if st.Cfg.HostNetwork == policy.HostNetworkIgnore {
			w.PodLog(e).Info("host-network pod: diktyo annotations ignored (hostNetwork: ignore)")
			return &policy.Policy{}, nil
		}
		return nil, Failure(health.ReasonHostNetwork, fmt.Errorf("host-network pods cannot use diktyo annotations (they would act on the node's own traffic)"))
	}
	if policy.HasDiktyoAnnotations(e.Annotations) {
		// The pod's identity goes into CNI_ARGS and DNS names: one that
		// could inject keys there is refused first, naming the field.
		if err := e.Pod.Validate(); err != nil {
			return nil, Failure(health.ReasonInvalid, err)
		}
	}
	pol, err := policy.Decide(st.Cfg, e.PolicyPod(), e.Annotations)
	if err == nil && !pol.Empty() {
		// Node defaults give unannotated pods a policy too: the same
		// check before anything is built.
		err = e.Pod.Validate()
	}
	switch {
	case errors.Is(err, policy.ErrUnknown):
		// No verdict: a fact the decision needs could not be read.
		return nil, Failure(health.ReasonUnknown, err)
	case errors.Is(err, policy.ErrDenied):
		return nil, Failure(health.ReasonDenied, err)
	case err != nil:
		return nil, Failure(health.ReasonInvalid, err)
	}
	return pol, nil
}

// admitAndApply admits a starting pod's egress and applies its policy,
// under the pod's lock. A pod stopped or removed before its turn (a
// queued RunPodSandbox) is neither admitted nor added; one stopped while
// it was admitted gets back what the admission claimed.
func (w *Work) admitAndApply(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, log *slog.Logger) error {
	if cur, ok := w.Pods.Get(e.Pod.ID); !ok || !cur.Live() {
		return ErrNotLive
	}
	admitted := time.Now()
	err := w.AdmitEgress(ctx, st, e, pol)
	stages.From(ctx).Since(StageAdmit, admitted)
	if err != nil {
		w.ReleaseEgress(st, e) // what Admit claimed before it failed
		return err
	}
	err = w.apply(ctx, st, e, pol, log)
	if errors.Is(err, ErrNotLive) {
		w.ReleaseEgress(st, e)
	}
	return err
}

// PodFailed handles a failed pod under the failure policy: an error for
// containerd (naming the pod and the cause) under "fail", a log line and
// a count under "ignore".
func (w *Work) PodFailed(st *gen.State, e *pods.Entry, log *slog.Logger, err error) error {
	reason := ReasonOf(err)
	w.Metrics.Fail(reason)
	if st.Cfg.FailurePolicy == policy.FailurePolicyIgnore {
		log.Warn("pod starts without diktyo policy (failurePolicy: ignore)", "reason", reason, "error", err)
		return nil
	}
	w.Pods.Reject(e.Pod.ID)
	log.Error("pod rejected", "reason", reason, "error", err)
	w.Kube().PodEvent(e.Pod.Namespace, e.Pod.Name, e.Pod.UID, true, kube.RefusalReason(err), EvRun, "diktyo refused the pod: "+err.Error())
	return fmt.Errorf("diktyo: pod %s/%s (sandbox %s): %w", e.Pod.Namespace, e.Pod.Name, e.Pod.ID, err)
}

// apply is admission: ADD of the chain for a pod that is starting (the
// caller holds its lock). On failure it runs DEL, so that nothing is left
// half-applied: the pod does not start (or starts without policy under
// failurePolicy: ignore).
func (w *Work) apply(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, log *slog.Logger) error {
	err := w.add(ctx, st, e, pol, nil)
	if err == nil || errors.Is(err, ErrNotLive) {
		return err
	}
	// Undo with a fresh bound: ctx may be what ran out.
	dctx, cancel := context.WithTimeout(context.Background(), st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	if derr := w.Remove(dctx, st, e.Pod, log); derr != nil {
		log.Error("cleanup after failed ADD failed; GC will retry", "error", derr)
	}
	return err
}

// Repair is ADD for a pod that is already running: its policy is missing,
// has drifted, or was changed (the caller holds its lock). Each plugin's
// ADD converges on the new request, so nothing is removed first and there
// is no gap in the pod's policy. On failure nothing is removed either:
// whatever is applied (the SNAT and routes when only the DNS server is
// down) is what keeps the pod's egress identity. The caller counts the
// failure and retries with backoff.
func (w *Work) Repair(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, cachedIPs []string) error {
	return w.add(ctx, st, e, pol, cachedIPs)
}

// add runs ADD of the chain. It claims the pod first: a pod that was
// stopped or removed while this ADD waited for its lock (behind GC, or
// another event) is never added, and one that is claimed is known to need
// a DEL by any teardown that follows.
func (w *Work) add(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy, cachedIPs []string) error {
	if st.Runner == nil {
		return Failure(health.ReasonChain, st.ChainErr())
	}
	switch gone, err := chainrun.NetNSGone(e.Pod.NetNS); {
	case err != nil:
		return Failure(health.ReasonUnknown, err)
	case gone:
		return Failure(health.ReasonNoNetns, fmt.Errorf("network namespace %q is gone", e.Pod.NetNS))
	}
	candidates := e.Pod.IPs
	if len(cachedIPs) > 0 {
		candidates = cachedIPs
	}
	rec, locking := stages.From(ctx), time.Now()
	err := w.locks.WithAddrs(ctx, e.Pod.ID, candidates, func() error {
		rec.Since(StageAddrLocks, locking)
		// Under the addresses' locks: whether another live pod holds
		// them, and whether this one is still live, hold until the ADD
		// is done.
		ips, err := w.PodAddrs(st, e, cachedIPs)
		if err != nil {
			return Failure(health.ReasonNoIPs, err)
		}
		pod := e.Pod
		pod.IPs = ips
		args := pol.CapabilityArgs()
		if !w.Pods.Claim(pod.ID, ips, args, pol.Debug) {
			return ErrNotLive
		}
		t := time.Now()
		res, err := st.Runner.Add(chainrun.WithLogger(ctx, w.PodLog(e)), pod, args)
		rec.Since(StageChain, t)
		w.Metrics.CNI("add", t)
		view.Dump(w.Log, st.Cfg.Debug.Dir, ChainOf(st), pod, pol, "ADD", args, res, err)
		return err
	})
	var pe *podError
	if errors.Is(err, ErrNotLive) || errors.As(err, &pe) {
		return err // refused before the chain ran
	}
	if err == nil {
		w.Pods.MarkApplied(e.Pod.ID)
		w.Metrics.PodsUnderPolicy.Set(float64(w.Pods.CountApplied()))
		return nil
	}
	w.Pods.Update(e.Pod.ID, func(pe *pods.Entry) { pe.LastErr = err.Error() })
	if ctx.Err() != nil {
		return Failure(health.ReasonTimeout, fmt.Errorf("chain ADD did not finish in %s: %w", st.Cfg.Timeouts.CNI.Duration, err))
	}
	return Failure(health.ReasonAdd, fmt.Errorf("chain ADD: %w", err))
}

// Remove runs DEL for a pod (the caller holds its lock), with the cached
// arguments, or those of the last ADD when nothing was cached. Its DEL's
// conntrack walk runs in it, so what the pod held is released when it
// returns.
func (w *Work) Remove(ctx context.Context, st *gen.State, pod chainrun.Pod, log *slog.Logger) error {
	return w.removeThen(ctx, st, pod, log, w.ReleaseEgress)
}

// removeThen is remove, with what the pod held (port blocks, managed
// addresses) given back by release once the DEL succeeded.
func (w *Work) removeThen(ctx context.Context, st *gen.State, pod chainrun.Pod, log *slog.Logger, release func(*gen.State, *pods.Entry)) error {
	if st.Runner == nil {
		return Failure(health.ReasonChain, st.ChainErr())
	}
	cur, known := w.Pods.Get(pod.ID)
	var fallback map[string]any
	if cur.HoldsChain() {
		fallback = cur.LastArgs
	}
	t := time.Now()
	var ran bool
	rec := stages.From(ctx)
	err := w.locks.LockAddrs(ctx, append(slices.Clone(pod.IPs), cur.Pod.IPs...), func([]string) error {
		rec.Since(StageAddrLocks, t)
		var err error
		c := time.Now()
		ran, err = st.Runner.Del(chainrun.WithLogger(ctx, log), pod, fallback)
		rec.Since(StageChain, c)
		return err
	})
	if !ran {
		// No chain state to remove: what an admission claimed goes.
		if err != nil {
			return Failure(health.ReasonDel, fmt.Errorf("chain DEL: %w", err))
		}
		if known {
			release(st, &cur)
		}
		return nil
	}
	w.Metrics.CNI("del", t)
	if cur.Debug {
		view.Dump(w.Log, st.Cfg.Debug.Dir, ChainOf(st), pod, &policy.Policy{Debug: true}, "DEL", nil, nil, err)
	}
	if err != nil {
		return Failure(health.ReasonDel, fmt.Errorf("chain DEL: %w", err))
	}
	w.Pods.MarkRemoved(pod.ID)
	w.Metrics.PodsUnderPolicy.Set(float64(w.Pods.CountApplied()))
	if known {
		release(st, &cur)
	}
	// A teardown's stages: the wait for the pod's lock, the addresses'
	// locks (and a previous DEL's walk on them), the chain and its plugins.
	log.Info("policy removed", "stages", stages.From(ctx))
	return nil
}

// abandonedAdd runs when an ADD outlived its handler. Under "fail" the
// handler has rejected the pod, so a successful ADD is undone; under
// "ignore" the pod keeps its (late) policy.
func (w *Work) abandonedAdd(st *gen.State, e *pods.Entry, err error, log *slog.Logger) {
	if err != nil || st.Cfg.FailurePolicy == policy.FailurePolicyIgnore {
		if err == nil {
			log.Warn("policy applied after the handler gave up (failurePolicy: ignore)")
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	if lerr := w.locks.WithPod(ctx, e.Pod.ID, func(ctx context.Context) error {
		return w.Remove(ctx, st, e.Pod, log)
	}); lerr != nil {
		log.Error("undoing a late ADD failed; GC will retry", "error", lerr)
	}
}

// AwaitOwnWalk waits, within the handler's budget, for the DEL walks on
// a removed pod's addresses (its Stop's, run after Stop answered): what
// the pod held (port blocks, managed addresses) is given back when they
// are done, so by Remove's answer it normally is. A walk that takes
// longer, or fails, keeps holding (and is retried); Remove never fails.
func (w *Work) AwaitOwnWalk(ctx context.Context, e *pods.Entry) {
	st := w.Conf.Load()
	ips := e.Pod.IPs
	if cur, ok := w.Pods.Get(e.Pod.ID); ok {
		ips = append(slices.Clone(ips), cur.Pod.IPs...)
	}
	wctx, cancel := context.WithTimeout(ctx, w.Budget(st.Cfg))
	defer cancel()
	if err := w.Holds.Await(wctx, hold.Want{Addrs: ParseAddrs(ips)}); err != nil {
		w.PodLog(e).Info("RemovePodSandbox: the pod's conntrack cleanup is not done; what it holds is given back when it is", "error", err)
	}
}

// Teardown runs DEL for a pod that was just marked stopped. stop says
// whether an ADD claimed the pod before it was marked (an ADD that had not
// claimed it by then never will).
func (w *Work) Teardown(ctx context.Context, event string, e *pods.Entry, claimed bool) {
	st := w.Conf.Load()
	log := w.PodLog(e)
	cur, known := w.Pods.Get(e.Pod.ID)
	needed := st.Runner != nil && (claimed || st.Runner.HasCached(e.Pod.ID))
	if !needed {
		return
	}
	if known && len(e.Pod.IPs) == 0 {
		e.Pod.IPs = cur.Pod.IPs
	}
	rec, queued := &stages.Recorder{}, time.Now()
	err := w.locks.Bounded(ctx, e.Pod.ID, w.Budget(st.Cfg), st.Cfg.Timeouts.CNI.Duration,
		func(ctx context.Context) error {
			rec.Since(StageWait, queued)
			// The DEL's conntrack cleanup runs after the answer
			// (holds.go): the pod's addresses are held from before
			// the DEL until it is done.
			// What the pod held (its port blocks, its managed
			// addresses) goes back only when the walk is done: until
			// then its flows keep their translation to them.
			h := w.TakeDelHold(st, e, &cur)
			if d := w.DelDeferral(h); d != nil {
				ctx = cniutil.WithDeferral(ctx, d)
			}
			err := w.removeThen(stages.With(ctx, rec), st, e.Pod, log, w.ReleaseAfter(h))
			w.SettleDel(h, append(slices.Clone(e.Pod.IPs), cur.Pod.IPs...), err)
			return err
		},
		func(err error) {
			if err != nil {
				w.Metrics.Fail(ReasonOf(err))
				log.Error(event+": chain DEL failed after the handler returned; GC will retry", "error", err)
			}
		})
	if err != nil {
		w.Metrics.Fail(ReasonOf(err))
		log.Error(event+": chain DEL failed; GC will retry", "error", err)
	}
}

// RunPod applies a starting pod's policy (RunPodSandbox, once the pod's
// entry is in the table and its sandbox watched; rec holds that stage,
// start is when the event came). containerd has set the pod's network up
// already, so its netns and addresses are there.
func (w *Work) RunPod(ctx context.Context, st *gen.State, e *pods.Entry, rec *stages.Recorder, start time.Time) error {
	log := w.PodLog(e)
	decided := time.Now()
	pol, err := w.Decide(st, e)
	rec.Since(StageDecide, decided)
	if err != nil {
		return w.PodFailed(st, e, log, err)
	}
	if pol.Empty() {
		log.Debug("no policy")
		return nil
	}
	queued := time.Now()
	err = w.locks.Bounded(ctx, e.Pod.ID, w.Budget(st.Cfg), st.Cfg.Timeouts.CNI.Duration,
		func(ctx context.Context) error {
			rec.Since(StageWait, queued)
			// In the bounded worker: the allocator's lock and fsyncs
			// must not hold NRI's handler past its budget. The ADD's
			// conntrack cleanup runs after the answer, before the pod's
			// first container (holds.go).
			ctx = stages.With(cniutil.WithDeferral(ctx, w.Deferral(st, e)), rec)
			return w.admitAndApply(ctx, st, e, pol, log)
		},
		func(err error) { w.abandonedAdd(st, e, err, log) })
	if err != nil {
		return w.PodFailed(st, e, log, err)
	}
	w.Metrics.Stages(EvRun, rec)
	log.Info("policy applied", "took", time.Since(start).Round(time.Microsecond), "stages", rec)
	return nil
}

// ApplyLate applies the policy of a pod that RunPodSandbox never
// brought to diktyo-nri (it was down or restarting), at one of its
// containers' creation (failClosed), within the handler's budget.
func (w *Work) ApplyLate(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy) error {
	return w.locks.Bounded(ctx, e.Pod.ID, w.Budget(st.Cfg), st.Cfg.Timeouts.CNI.Duration,
		func(ctx context.Context) error {
			cur, ok := w.Pods.Get(e.Pod.ID)
			switch {
			case ok && cur.Applied():
				return nil // applied while we waited for the pod's lock
			case !ok || !cur.Live():
				return ErrNotLive // stopped meanwhile: nothing to admit
			}
			if st.Runner == nil {
				return Failure(health.ReasonChain, st.ChainErr())
			}
			att, cerr := st.Runner.Cached(e.Pod.ID)
			if err := w.AdmitEgress(ctx, st, e, pol); err != nil {
				if cerr == nil && att == nil && !cur.HoldsChain() {
					// Nothing applied (a pod that started while
					// diktyo-nri was away): nothing to keep.
					w.ReleaseEgress(st, e)
				}
				return err
			}
			var ips []string // the first ADD's, when there was one
			if cerr == nil && att != nil {
				ips = att.IPs()
			}
			return w.Repair(ctx, st, e, pol, ips)
		}, func(error) {})
}
