package plugin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// kube is diktyo-nri's use of the Kubernetes API (pkg/cluster): nil
// parts are off. Set once, before Run.
type kube struct {
	client *cluster.Client
	events *cluster.Recorder
	leases *cluster.Leases
	// whenHeld is cluster.leases.whenHeld at start.
	whenHeld string
	// nodeLocal says why there is no client (status); noCluster that
	// there is provably none (api: off, or not in a pod), so the node's
	// labels are known to be none (not merely unknown).
	nodeLocal string
	noCluster bool

	mu        sync.Mutex
	lastState string // the daemon state last reported in an Event
}

// connectCluster sets up p.kube from the config in force at start
// (cluster.*, read at start only), or from Options.Cluster.
func (p *Plugin) connectCluster() error {
	cfg := p.conf.Load().Cfg.Cluster
	c := p.opts.Cluster
	if c == nil {
		if !p.opts.ConnectCluster {
			p.kube = &kube{nodeLocal: "not asked to connect (tests, or a library user)", noCluster: true}
			return nil
		}
		var err error
		c, err = cluster.Connect(cfg, p.log)
		if errors.Is(err, cluster.ErrNodeLocal) {
			p.log.Info("no Kubernetes API server: node-local (no Events, no Leases: a managed egress address is checked on this node's link only)",
				"why", err)
			p.kube = &kube{nodeLocal: err.Error(), noCluster: !errors.Is(err, cluster.ErrNoCredentials)}
			return nil
		}
		if err != nil {
			return fmt.Errorf("cluster: %w", err)
		}
	}
	p.useCluster(c, cfg)
	return nil
}

// useCluster makes p use c as cfg says (Events, Leases).
func (p *Plugin) useCluster(c *cluster.Client, cfg policy.ClusterConfig) {
	k := &kube{client: c, whenHeld: cfg.Leases.WhenHeld}
	if cfg.EventsOn() {
		k.events = cluster.NewRecorder(c, p.log)
	}
	k.leases = cluster.NewLeases(c, cfg.Leases.Duration.Duration, cfg.Leases.RenewInterval.Duration, p.log.With("component", "leases"))
	p.admission.UseLeases(admit.LeaseUse{API: k.leases, Wait: k.whenHeld == policy.WhenHeldWait,
		Holder: func(err error) (string, bool) {
			var held *cluster.HeldError
			if errors.As(err, &held) {
				return held.Holder, true
			}
			return "", false
		},
		Lost: func(a netip.Addr, by string) {
			p.metrics.Fail(health.ReasonLease)
			k.events.Node(true, cluster.ReasonLeaseLost, "RenewLease",
				fmt.Sprintf("the Lease of managed egress address %s was taken by node %q while pods on this node use the address; "+
					"it stays assigned here (its pods keep their identity) and the other node's probe finds it in use", a, by))
		}})
	k.leases.OnLost = p.admission.LeaseLost
	p.kube = k
}

// nodeLabels is what is known of the node's labels: nothing yet with an
// API server not read so far, none at all without one.
func (p *Plugin) nodeLabels() policy.NodeLabels {
	if l := p.labels.Load(); l != nil {
		return *l
	}
	if p.kube != nil && p.kube.client == nil && p.kube.noCluster {
		return policy.NodeLabels{Known: true}
	}
	return policy.NodeLabels{}
}

// setNodeLabels installs the node's labels as read from the API and, if
// the config selects egress addresses by them, reloads it (a change of
// labels is a change of config: the new state is reconciled like one).
func (p *Plugin) setNodeLabels(labels map[string]string) {
	p.labels.Store(&policy.NodeLabels{Known: true, Labels: labels})
	if !p.conf.Load().Cfg.Egress.HasNodeSelectors() {
		return
	}
	changed, err := p.conf.Reload(false)
	p.health.Set(health.FaultNodeLabels, err)
	if err != nil {
		p.metrics.Fail(health.ReasonConfig)
		p.log.Error("node labels changed, and the config for this node is refused; keeping the config in force", "error", err)
		return
	}
	if changed {
		p.log.Info("node labels changed what of the egress config is this node's; reconciling")
		p.triggerReconcile("node labels")
	}
}

// runCluster watches the node's labels and renews the Leases until ctx
// ends.
func (p *Plugin) runCluster(ctx context.Context) {
	if p.kube == nil || p.kube.client == nil {
		return
	}
	cluster.WatchNodeLabels(ctx, p.kube.client, p.log, p.setNodeLabels)
	t := time.NewTicker(p.conf.Load().Cfg.Cluster.Leases.RenewInterval.Duration)
	defer t.Stop()
	// At once: after a restart, the Leases of the addresses the ledger
	// records lapse within a duration unless taken again.
	p.syncLeases(ctx)
	for {
		select {
		case <-ctx.Done():
			p.kube.events.Shutdown()
			return
		case <-t.C:
			p.syncLeases(ctx)
		}
	}
}

// syncLeases holds the Lease of every managed address this node has or
// uses and gives up the others (plugin/internal/admit, SyncLeases), then
// sets the Leases' fault from what it found.
func (p *Plugin) syncLeases(ctx context.Context) {
	err := p.admission.SyncLeases(ctx, func() *hostaddr.Ledger { return p.conf.Load().Ledger })
	p.health.Set(health.FaultLeases, err)
	p.publishHealth()
}

// podEvent posts an Event on the pod of e (off: nothing).
func (p *Plugin) podEvent(e *podEntry, warning bool, reason, action, note string) {
	if p.kube == nil {
		return
	}
	p.kube.events.Pod(cluster.PodRef{Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID}, warning, reason, action, note)
}

// nodeEvent posts a warning Event on the node (off: nothing).
func (p *Plugin) nodeEvent(reason, action, note string) {
	if p.kube == nil {
		return
	}
	p.kube.events.Node(true, reason, action, note)
}

// refusalReason is the Event reason of a pod's refusal.
func refusalReason(err error) string {
	var held *cluster.HeldError
	switch {
	case errors.As(err, &held):
		return cluster.ReasonAddressHeld
	case errors.Is(err, egress.ErrExhausted):
		return cluster.ReasonPoolExhausted
	}
	return cluster.ReasonRefused
}

// noteState posts an Event on the node when the daemon's state changes
// between synchronized and degraded (starting is not reported: every
// restart passes through it).
func (p *Plugin) noteState(d localapi.Daemon) {
	k := p.kube
	if k == nil || k.events == nil || d.State == health.Starting {
		return
	}
	k.mu.Lock()
	prev := k.lastState
	k.lastState = d.State
	k.mu.Unlock()
	switch {
	case d.State == prev:
	case d.State == health.Degraded:
		note := "diktyo-nri is degraded; running pods keep what is applied: " + strings.Join(d.Faults, "; ")
		if d.Repairing > 0 {
			note += fmt.Sprintf(" (%d pods failing repair)", d.Repairing)
		}
		k.events.Node(true, cluster.ReasonDegraded, "Reconcile", note)
	case prev == health.Degraded:
		k.events.Node(false, cluster.ReasonRecovered, "Reconcile", "diktyo-nri is synchronized again, nothing failing")
	}
}

// clusterStatus is the local API's view of the API server's use.
func (p *Plugin) clusterStatus() *localapi.Cluster {
	k := p.kube
	if k == nil {
		return nil
	}
	if k.client == nil {
		return &localapi.Cluster{NodeLocal: k.nodeLocal}
	}
	c := &localapi.Cluster{Server: k.client.Host, Node: k.client.Node, Events: k.events != nil, LeaseNamespace: k.client.Namespace}
	for _, s := range k.leases.States() {
		c.Leases = append(c.Leases, localapi.Lease{Address: s.Addr.String(), Name: s.Lease, Held: s.Held, Holder: s.Holder, Error: s.Error})
	}
	return c
}
