package plugin

import (
	"context"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/internal/stages"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Configure is called by containerd on every (re)connection. A
// pre-installed plugin gets its plugin config file's content here.
func (p *Plugin) Configure(_ context.Context, config, runtime, version string) (nriapi.EventMask, error) {
	if s := p.currentStub(); s != nil {
		p.work.SetRequestTimeout(s.RequestTimeout())
	}
	if err := p.conf.SetPluginConfig(config); err != nil {
		p.metrics.Fail(health.ReasonConfig)
		return 0, err
	}
	p.configuredOnce.Do(func() { close(p.configured) })
	p.noteRuntime(runtime, version)
	cfg := p.conf.Load().Cfg
	p.log.Info("connected to runtime", "runtime", runtime, "version", version,
		"requestTimeout", p.work.RequestTimeout(), "handlerBudget", p.work.Budget(cfg))
	// 0: subscribe to every event this plugin implements.
	return 0, nil
}

// RunPodSandbox applies the pod's policy (plugin/internal/work): containerd
// has set the pod's network up already, so its netns and addresses are
// there.
func (p *Plugin) RunPodSandbox(ctx context.Context, pod *nriapi.PodSandbox) error {
	start := time.Now()
	defer p.metrics.Event(work.EvRun, start)
	st := p.conf.Load()
	e := entryFromNRI(pod)
	p.pods.Upsert(e)
	// Every sandbox is watched, with policy or not: its end also frees
	// its address for the next pod (holder).
	p.watch(e, pod.GetPid())
	rec := &stages.Recorder{}
	rec.Since(work.StageWatch, start)
	return p.work.RunPod(ctx, st, e, rec, start)
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
	defer p.metrics.Event(work.EvStop, start)
	e := entryFromNRI(pod)
	p.watches.Unwatch(e.Pod.ID)
	p.work.Teardown(ctx, work.EvStop, e, p.pods.Stop(e.Pod.ID))
	return nil
}

// RemovePodSandbox removes the pod's chain state again if it is still
// there (Stop failed or was missed); the netns is gone by now, so only
// host-side state is removed. It never fails.
func (p *Plugin) RemovePodSandbox(ctx context.Context, pod *nriapi.PodSandbox) error {
	start := time.Now()
	defer p.metrics.Event(work.EvRemove, start)
	e := entryFromNRI(pod)
	e.Pod.NetNS = ""
	p.watches.Unwatch(e.Pod.ID)
	p.work.Teardown(ctx, work.EvRemove, e, p.pods.Stop(e.Pod.ID))
	p.work.AwaitOwnWalk(ctx, e)
	p.pods.Remove(e.Pod.ID)
	p.holds.Drop(e.Pod.ID, false)
	return nil
}
