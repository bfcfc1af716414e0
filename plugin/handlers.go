package plugin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/internal/stages"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
)

// Event names, as in metrics and logs.
const (
	evRun    = "RunPodSandbox"
	evStop   = "StopPodSandbox"
	evRemove = "RemovePodSandbox"
	evSync   = "Synchronize"
)

// podError is a failure of one pod, with its metrics reason.
type podError struct {
	reason string
	err    error
}

func (e *podError) Error() string { return e.err.Error() }
func (e *podError) Unwrap() error { return e.err }

func failure(reason string, err error) error { return &podError{reason: reason, err: err} }

func reasonOf(err error) string {
	var pe *podError
	if errors.As(err, &pe) {
		return pe.reason
	}
	return health.ReasonAdd
}

func (p *Plugin) podLog(e *podEntry) *slog.Logger {
	return p.log.With("pod.namespace", e.Pod.Namespace, "pod.name", e.Pod.Name, "pod.id", e.Pod.ID)
}

// Configure is called by containerd on every (re)connection. A
// pre-installed plugin gets its plugin config file's content here.
func (p *Plugin) Configure(_ context.Context, config, runtime, version string) (nriapi.EventMask, error) {
	if s := p.currentStub(); s != nil {
		p.requestTimeout.Store(int64(s.RequestTimeout()))
	}
	if err := p.conf.SetPluginConfig(config); err != nil {
		p.metrics.Fail(health.ReasonConfig)
		return 0, err
	}
	p.configuredOnce.Do(func() { close(p.configured) })
	p.noteRuntime(runtime, version)
	cfg := p.conf.Load().Cfg
	p.log.Info("connected to runtime", "runtime", runtime, "version", version,
		"requestTimeout", time.Duration(p.requestTimeout.Load()), "handlerBudget", p.budget(cfg))
	// 0: subscribe to every event this plugin implements.
	return 0, nil
}

// decide works out a pod's policy, or the failure that stops it.
func (p *Plugin) decide(st *gen.State, e *podEntry) (*policy.Policy, error) {
	if e.HostNetwork {
		if !policy.HasDiktyoAnnotations(e.Annotations) {
			return &policy.Policy{}, nil
		}
		if st.Cfg.HostNetwork == policy.HostNetworkIgnore {
			p.podLog(e).Info("host-network pod: diktyo annotations ignored (hostNetwork: ignore)")
			return &policy.Policy{}, nil
		}
		return nil, failure(health.ReasonHostNetwork, fmt.Errorf("host-network pods cannot use diktyo annotations (they would act on the node's own traffic)"))
	}
	if policy.HasDiktyoAnnotations(e.Annotations) {
		// The pod's identity goes into CNI_ARGS and DNS names: one that
		// could inject keys there is refused first, naming the field.
		if err := e.Pod.Validate(); err != nil {
			return nil, failure(health.ReasonInvalid, err)
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
		return nil, failure(health.ReasonUnknown, err)
	case errors.Is(err, policy.ErrDenied):
		return nil, failure(health.ReasonDenied, err)
	case err != nil:
		return nil, failure(health.ReasonInvalid, err)
	}
	return pol, nil
}

// RunPodSandbox applies the pod's policy: containerd has set the pod's
// network up already, so its netns and addresses are there.
func (p *Plugin) RunPodSandbox(ctx context.Context, pod *nriapi.PodSandbox) error {
	start := time.Now()
	defer p.metrics.Event(evRun, start)
	st := p.conf.Load()
	e := entryFromNRI(pod)
	p.pods.Upsert(e)
	log := p.podLog(e)

	// Every sandbox is watched, with policy or not: its end also frees
	// its address for the next pod (holder).
	p.watch(e, pod.GetPid())
	rec, decided := &stages.Recorder{}, time.Now()
	rec.Since(stageWatch, start)
	pol, err := p.decide(st, e)
	rec.Since(stageDecide, decided)
	if err != nil {
		return p.podFailed(st, e, log, err)
	}
	if pol.Empty() {
		log.Debug("no policy")
		return nil
	}
	queued := time.Now()
	err = p.bounded(ctx, e.Pod.ID, p.budget(st.Cfg), st.Cfg.Timeouts.CNI.Duration,
		func(ctx context.Context) error {
			rec.Since(stageWait, queued)
			// In the bounded worker: the allocator's lock and fsyncs
			// must not hold NRI's handler past its budget. The ADD's
			// conntrack cleanup runs after the answer, before the pod's
			// first container (holds.go).
			ctx = stages.With(cniutil.WithDeferral(ctx, p.deferral(st, e)), rec)
			return p.admitAndApply(ctx, st, e, pol, log)
		},
		func(err error) { p.abandonedAdd(st, e, err, log) })
	if err != nil {
		return p.podFailed(st, e, log, err)
	}
	p.metrics.Stages(evRun, rec)
	log.Info("policy applied", "took", time.Since(start).Round(time.Microsecond), "stages", rec)
	return nil
}

// Stages of RunPodSandbox, as in its "policy applied" log line and
// diktyo_stage_duration_seconds; the chain's plugins add one stage each,
// named by type (chainrun).
const (
	stageWatch     = "watch"      // the pod's entry, and the watch of its pause process (sandbox watch)
	stageDecide    = "decide"     // the pod's policy from its annotations and the admin config
	stageWait      = "wait"       // for the pod's lock and the bounded worker
	stageAdmit     = "admit"      // egress admission: pools, managed addresses, Leases
	stageAddrLocks = "addr_locks" // for the locks of the pod's addresses
	stageChain     = "chain"      // the chain's ADD through libcni, its plugins included
)

// admitAndApply admits a starting pod's egress and applies its policy,
// under the pod's lock. A pod stopped or removed before its turn (a
// queued RunPodSandbox) is neither admitted nor added; one stopped while
// it was admitted gets back what the admission claimed.
func (p *Plugin) admitAndApply(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, log *slog.Logger) error {
	if cur, ok := p.pods.Get(e.Pod.ID); !ok || !cur.Live() {
		return errNotLive
	}
	admitted := time.Now()
	err := p.admitEgress(ctx, st, e, pol)
	stages.From(ctx).Since(stageAdmit, admitted)
	if err != nil {
		p.releaseEgress(st, e) // what Admit claimed before it failed
		return err
	}
	err = p.apply(ctx, st, e, pol, log)
	if errors.Is(err, errNotLive) {
		p.releaseEgress(st, e)
	}
	return err
}

// podFailed handles a failed pod under the failure policy: an error for
// containerd (naming the pod and the cause) under "fail", a log line and
// a count under "ignore".
func (p *Plugin) podFailed(st *gen.State, e *podEntry, log *slog.Logger, err error) error {
	reason := reasonOf(err)
	p.metrics.Fail(reason)
	if st.Cfg.FailurePolicy == policy.FailurePolicyIgnore {
		log.Warn("pod starts without diktyo policy (failurePolicy: ignore)", "reason", reason, "error", err)
		return nil
	}
	p.pods.Reject(e.Pod.ID)
	log.Error("pod rejected", "reason", reason, "error", err)
	p.kube.PodEvent(e.Pod.Namespace, e.Pod.Name, e.Pod.UID, true, kube.RefusalReason(err), evRun, "diktyo refused the pod: "+err.Error())
	return fmt.Errorf("diktyo: pod %s/%s (sandbox %s): %w", e.Pod.Namespace, e.Pod.Name, e.Pod.ID, err)
}

// apply is admission: ADD of the chain for a pod that is starting (the
// caller holds its lock). On failure it runs DEL, so that nothing is left
// half-applied: the pod does not start (or starts without policy under
// failurePolicy: ignore).
func (p *Plugin) apply(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, log *slog.Logger) error {
	err := p.add(ctx, st, e, pol, nil)
	if err == nil || errors.Is(err, errNotLive) {
		return err
	}
	// Undo with a fresh bound: ctx may be what ran out.
	dctx, cancel := context.WithTimeout(context.Background(), st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	if derr := p.remove(dctx, st, e.Pod, log); derr != nil {
		log.Error("cleanup after failed ADD failed; GC will retry", "error", derr)
	}
	return err
}

// repair is ADD for a pod that is already running: its policy is missing,
// has drifted, or was changed (the caller holds its lock). Each plugin's
// ADD converges on the new request, so nothing is removed first and there
// is no gap in the pod's policy. On failure nothing is removed either:
// whatever is applied (the SNAT and routes when only the DNS server is
// down) is what keeps the pod's egress identity. The caller counts the
// failure and retries with backoff.
func (p *Plugin) repair(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, cachedIPs []string) error {
	return p.add(ctx, st, e, pol, cachedIPs)
}

// errNotLive: the pod was stopped or removed before its ADD could start.
var errNotLive = errors.New("pod stopped or removed before its ADD ran")

// add runs ADD of the chain. It claims the pod first: a pod that was
// stopped or removed while this ADD waited for its lock (behind GC, or
// another event) is never added, and one that is claimed is known to need
// a DEL by any teardown that follows.
func (p *Plugin) add(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy, cachedIPs []string) error {
	if st.Runner == nil {
		return failure(health.ReasonChain, fmt.Errorf("chain not loaded: %w", st.RunnerErr))
	}
	switch gone, err := chainrun.NetNSGone(e.Pod.NetNS); {
	case err != nil:
		return failure(health.ReasonUnknown, err)
	case gone:
		return failure(health.ReasonNoNetns, fmt.Errorf("network namespace %q is gone", e.Pod.NetNS))
	}
	candidates := e.Pod.IPs
	if len(cachedIPs) > 0 {
		candidates = cachedIPs
	}
	rec, locking := stages.From(ctx), time.Now()
	err := p.withAddrs(ctx, e.Pod.ID, candidates, func() error {
		rec.Since(stageAddrLocks, locking)
		// Under the addresses' locks: whether another live pod holds
		// them, and whether this one is still live, hold until the ADD
		// is done.
		ips, err := p.podAddrs(st, e, cachedIPs)
		if err != nil {
			return failure(health.ReasonNoIPs, err)
		}
		pod := e.Pod
		pod.IPs = ips
		args := pol.CapabilityArgs()
		if !p.pods.Claim(pod.ID, ips, args, pol.Debug) {
			return errNotLive
		}
		t := time.Now()
		res, err := st.Runner.Add(chainrun.WithLogger(ctx, p.podLog(e)), pod, args)
		rec.Since(stageChain, t)
		p.metrics.CNI("add", t)
		view.Dump(p.log, st.Cfg.Debug.Dir, chainOf(st), pod, pol, "ADD", args, res, err)
		return err
	})
	var pe *podError
	if errors.Is(err, errNotLive) || errors.As(err, &pe) {
		return err // refused before the chain ran
	}
	if err == nil {
		p.pods.MarkApplied(e.Pod.ID)
		p.metrics.PodsUnderPolicy.Set(float64(p.pods.CountApplied()))
		return nil
	}
	p.pods.Update(e.Pod.ID, func(pe *podEntry) { pe.LastErr = err.Error() })
	if ctx.Err() != nil {
		return failure(health.ReasonTimeout, fmt.Errorf("chain ADD did not finish in %s: %w", st.Cfg.Timeouts.CNI.Duration, err))
	}
	return failure(health.ReasonAdd, fmt.Errorf("chain ADD: %w", err))
}

// remove runs DEL for a pod (the caller holds its lock), with the cached
// arguments, or those of the last ADD when nothing was cached. Its DEL's
// conntrack walk runs in it, so what the pod held is released when it
// returns.
func (p *Plugin) remove(ctx context.Context, st *gen.State, pod chainrun.Pod, log *slog.Logger) error {
	return p.removeThen(ctx, st, pod, log, p.releaseEgress)
}

// removeThen is remove, with what the pod held (port blocks, managed
// addresses) given back by release once the DEL succeeded.
func (p *Plugin) removeThen(ctx context.Context, st *gen.State, pod chainrun.Pod, log *slog.Logger, release func(*gen.State, *podEntry)) error {
	if st.Runner == nil {
		return failure(health.ReasonChain, fmt.Errorf("chain not loaded: %w", st.RunnerErr))
	}
	cur, known := p.pods.Get(pod.ID)
	var fallback map[string]any
	if cur.HoldsChain() {
		fallback = cur.LastArgs
	}
	t := time.Now()
	var ran bool
	rec := stages.From(ctx)
	err := p.lockAddrs(ctx, append(slices.Clone(pod.IPs), cur.Pod.IPs...), func([]string) error {
		rec.Since(stageAddrLocks, t)
		var err error
		c := time.Now()
		ran, err = st.Runner.Del(chainrun.WithLogger(ctx, log), pod, fallback)
		rec.Since(stageChain, c)
		return err
	})
	if !ran {
		// No chain state to remove: what an admission claimed goes.
		if err != nil {
			return failure(health.ReasonDel, fmt.Errorf("chain DEL: %w", err))
		}
		if known {
			release(st, &cur)
		}
		return nil
	}
	p.metrics.CNI("del", t)
	if cur.Debug {
		view.Dump(p.log, st.Cfg.Debug.Dir, chainOf(st), pod, &policy.Policy{Debug: true}, "DEL", nil, nil, err)
	}
	if err != nil {
		return failure(health.ReasonDel, fmt.Errorf("chain DEL: %w", err))
	}
	p.pods.MarkRemoved(pod.ID)
	p.metrics.PodsUnderPolicy.Set(float64(p.pods.CountApplied()))
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
func (p *Plugin) abandonedAdd(st *gen.State, e *podEntry, err error, log *slog.Logger) {
	if err != nil || st.Cfg.FailurePolicy == policy.FailurePolicyIgnore {
		if err == nil {
			log.Warn("policy applied after the handler gave up (failurePolicy: ignore)")
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), st.Cfg.Timeouts.CNI.Duration)
	defer cancel()
	if lerr := p.withPod(ctx, e.Pod.ID, func(ctx context.Context) error {
		return p.remove(ctx, st, e.Pod, log)
	}); lerr != nil {
		log.Error("undoing a late ADD failed; GC will retry", "error", lerr)
	}
}

// StopPodSandbox removes the pod's chain state while its netns still
// exists, before it answers: containerd releases the pod's address right
// after (its CNI DEL), and the next pod to get it must not inherit this
// pod's SNAT, nor have its flows flushed by this pod's late DEL. When the
// sandbox watch saw the pause process exit first, its teardown and this
// one take the pod's lock in turn, and the second finds nothing left. It
// never fails: errors are logged and counted, and GC retries.
func (p *Plugin) StopPodSandbox(ctx context.Context, pod *nriapi.PodSandbox) error {
	start := time.Now()
	defer p.metrics.Event(evStop, start)
	e := entryFromNRI(pod)
	p.watches.Unwatch(e.Pod.ID)
	p.teardown(ctx, evStop, e, p.pods.Stop(e.Pod.ID))
	return nil
}

// RemovePodSandbox removes the pod's chain state again if it is still
// there (Stop failed or was missed); the netns is gone by now, so only
// host-side state is removed. It never fails.
func (p *Plugin) RemovePodSandbox(ctx context.Context, pod *nriapi.PodSandbox) error {
	start := time.Now()
	defer p.metrics.Event(evRemove, start)
	e := entryFromNRI(pod)
	e.Pod.NetNS = ""
	p.watches.Unwatch(e.Pod.ID)
	p.teardown(ctx, evRemove, e, p.pods.Stop(e.Pod.ID))
	p.awaitOwnWalk(ctx, e)
	p.pods.Remove(e.Pod.ID)
	p.holds.Drop(e.Pod.ID, false)
	return nil
}

// awaitOwnWalk waits, within the handler's budget, for the DEL walks on
// a removed pod's addresses (its Stop's, run after Stop answered): what
// the pod held (port blocks, managed addresses) is given back when they
// are done, so by Remove's answer it normally is. A walk that takes
// longer, or fails, keeps holding (and is retried); Remove never fails.
func (p *Plugin) awaitOwnWalk(ctx context.Context, e *podEntry) {
	st := p.conf.Load()
	ips := e.Pod.IPs
	if cur, ok := p.pods.Get(e.Pod.ID); ok {
		ips = append(slices.Clone(ips), cur.Pod.IPs...)
	}
	wctx, cancel := context.WithTimeout(ctx, p.budget(st.Cfg))
	defer cancel()
	if err := p.holds.Await(wctx, hold.Want{Addrs: parseAddrs(ips)}); err != nil {
		p.podLog(e).Info("RemovePodSandbox: the pod's conntrack cleanup is not done; what it holds is given back when it is", "error", err)
	}
}

// teardown runs DEL for a pod that was just marked stopped. stop says
// whether an ADD claimed the pod before it was marked (an ADD that had not
// claimed it by then never will).
func (p *Plugin) teardown(ctx context.Context, event string, e *podEntry, claimed bool) {
	st := p.conf.Load()
	log := p.podLog(e)
	cur, known := p.pods.Get(e.Pod.ID)
	needed := st.Runner != nil && (claimed || st.Runner.HasCached(e.Pod.ID))
	if !needed {
		return
	}
	if known && len(e.Pod.IPs) == 0 {
		e.Pod.IPs = cur.Pod.IPs
	}
	rec, queued := &stages.Recorder{}, time.Now()
	err := p.bounded(ctx, e.Pod.ID, p.budget(st.Cfg), st.Cfg.Timeouts.CNI.Duration,
		func(ctx context.Context) error {
			rec.Since(stageWait, queued)
			// The DEL's conntrack cleanup runs after the answer
			// (holds.go): the pod's addresses are held from before
			// the DEL until it is done.
			// What the pod held (its port blocks, its managed
			// addresses) goes back only when the walk is done: until
			// then its flows keep their translation to them.
			h := p.takeDelHold(st, e, &cur)
			if d := p.delDeferral(h); d != nil {
				ctx = cniutil.WithDeferral(ctx, d)
			}
			err := p.removeThen(stages.With(ctx, rec), st, e.Pod, log, p.releaseAfter(h))
			p.settleDel(h, append(slices.Clone(e.Pod.IPs), cur.Pod.IPs...), err)
			return err
		},
		func(err error) {
			if err != nil {
				p.metrics.Fail(reasonOf(err))
				log.Error(event+": chain DEL failed after the handler returned; GC will retry", "error", err)
			}
		})
	if err != nil {
		p.metrics.Fail(reasonOf(err))
		log.Error(event+": chain DEL failed; GC will retry", "error", err)
	}
}
