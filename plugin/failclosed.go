package plugin

import (
	"context"
	"fmt"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containerd/nri/pkg/stub"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// The NRI hooks diktyo-nri relies on. The stub subscribes a plugin to the
// events whose interface it implements, so a drifted signature would
// silently unsubscribe a hook: these fail the build instead.
var (
	_ stub.ConfigureInterface       = (*Plugin)(nil)
	_ stub.SynchronizeInterface     = (*Plugin)(nil)
	_ stub.ShutdownInterface        = (*Plugin)(nil)
	_ stub.RunPodInterface          = (*Plugin)(nil)
	_ stub.StopPodInterface         = (*Plugin)(nil)
	_ stub.RemovePodInterface       = (*Plugin)(nil)
	_ stub.CreateContainerInterface = (*Plugin)(nil)
)

// evCreate names CreateContainer in metrics and logs.
const evCreate = "CreateContainer"

// CreateContainer is the fail-closed gate (admin config failClosed: true).
//
// Contract: containerd calls it for every container, after the pod's
// RunPodSandbox, under NRI's request timeout. With failClosed off it
// returns at once. With it on, a container of a pod whose valid,
// non-empty policy is not applied is refused, after one attempt to apply
// the policy now (diktyo-nri may have been down or restarting when the
// sandbox started, so RunPodSandbox never reached it). No application
// process of an annotated pod then runs without its egress identity. It
// never adjusts the container.
func (p *Plugin) CreateContainer(ctx context.Context, pod *nriapi.PodSandbox, ctr *nriapi.Container) (*nriapi.ContainerAdjustment, []*nriapi.ContainerUpdate, error) {
	st := p.conf.Load()
	// Whatever failClosed says: the pod's ADD's deferred work (the
	// address holds, plugin/internal/work) is done before any of its
	// containers is created.
	if err := p.work.ContainerMayStart(ctx, st, pod.GetId(), pod.GetNamespace(), pod.GetName(), ctr.GetName(), p.work.PodIPs(pod.GetId(), pod.GetIps())); err != nil {
		p.metrics.Fail(health.ReasonDeferred)
		return nil, nil, err
	}
	if !st.Cfg.FailClosed {
		return nil, nil, nil
	}
	start := time.Now()
	defer p.metrics.Event(evCreate, start)
	e, known := p.pods.Get(pod.GetId())
	if !known {
		// A pod that started while diktyo-nri was away.
		e = *entryFromNRI(pod)
		p.pods.Upsert(&e)
	}
	if e.Applied() {
		return nil, nil, nil
	}
	pol, err := p.work.Decide(st, &e)
	if err != nil {
		// failClosed implies failurePolicy fail: RunPodSandbox refused
		// this pod already, unless it never reached diktyo-nri.
		return nil, nil, p.refuseContainer(&e, ctr, err)
	}
	if pol.Empty() {
		return nil, nil, nil
	}
	if err := p.work.ApplyLate(ctx, st, &e, pol); err != nil {
		return nil, nil, p.refuseContainer(&e, ctr, err)
	}
	p.work.PodLog(&e).Info("policy applied at CreateContainer (RunPodSandbox never reached diktyo-nri)", "container", ctr.GetName())
	return nil, nil, nil
}

func (p *Plugin) refuseContainer(e *podEntry, ctr *nriapi.Container, err error) error {
	p.metrics.Fail(health.ReasonNotApplied)
	p.work.PodLog(e).Error("container refused: the pod's diktyo policy is not applied (failClosed)", "container", ctr.GetName(), "error", err)
	return fmt.Errorf("diktyo: container %s of pod %s/%s refused: the pod's egress policy is not applied (failClosed): %w",
		ctr.GetName(), e.Pod.Namespace, e.Pod.Name, err)
}
