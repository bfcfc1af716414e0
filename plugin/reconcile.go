package plugin

import (
	"context"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/cni/pkg/invoke"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
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

// Reconcile brings every live pod to its policy and GCs what ended pods
// left (plugin/internal/reconcile).
func (p *Plugin) Reconcile(ctx context.Context, trigger string) { p.rec.Reconcile(ctx, trigger) }

// Reconciled returns how many reconciles have completed.
func (p *Plugin) Reconciled() uint64 { return p.rec.Reconciled() }

// triggerReconcile asks the background loop for a reconcile; requests
// made while one is pending are merged.
func (p *Plugin) triggerReconcile(trigger string) { p.rec.Trigger(trigger) }

// foreignNetNS is the network namespace the chain's host side lives in
// when tests give it a throwaway one: the foreign-change listener
// listens there.
func foreignNetNS(e invoke.Exec) string {
	if nse, ok := e.(*chainrun.NetnsExec); ok {
		return nse.NetNS
	}
	return ""
}
