package plugin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"time"

	coordv1 "k8s.io/api/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// faultLeases is the daemon fault of the managed addresses' Leases: a
// renewal failing, or a Lease another node took while this node's pods
// use its address.
const faultLeases = "egress_leases"

// kube is diktyo-nri's use of the Kubernetes API (pkg/cluster): nil
// parts are off. Set once, before Run.
type kube struct {
	client *cluster.Client
	events *cluster.Recorder
	leases *cluster.Leases
	// whenHeld is cluster.leases.whenHeld at start.
	whenHeld string
	// nodeLocal says why there is no client (status).
	nodeLocal string

	mu        sync.Mutex
	lastState string // the daemon state last reported in an Event
	lost      map[netip.Addr]string
}

// connectCluster sets up p.kube from the config in force at start
// (cluster.*, read at start only), or from Options.Cluster.
func (p *Plugin) connectCluster() error {
	cfg := p.state.Load().cfg.Cluster
	c := p.opts.Cluster
	if c == nil {
		if !p.opts.ConnectCluster {
			p.kube = &kube{nodeLocal: "not asked to connect (tests, or a library user)"}
			return nil
		}
		var err error
		c, err = cluster.Connect(cfg, p.log)
		if errors.Is(err, cluster.ErrNodeLocal) {
			p.log.Info("no Kubernetes API server: node-local (no Events, no Leases: a managed egress address is checked on this node's link only)",
				"why", err)
			p.kube = &kube{nodeLocal: err.Error()}
			return nil
		}
		if err != nil {
			return fmt.Errorf("cluster: %w", err)
		}
	}
	k := &kube{client: c, whenHeld: cfg.Leases.WhenHeld, lost: map[netip.Addr]string{}}
	if cfg.EventsOn() {
		k.events = cluster.NewRecorder(c, p.log)
	}
	k.leases = cluster.NewLeases(c, cfg.Leases.Duration.Duration, cfg.Leases.RenewInterval.Duration, p.log.With("component", "leases"))
	k.leases.OnLost = p.leaseLost
	p.kube = k
	return nil
}

// nodeLabels is what is known of the node's labels: nothing yet with an
// API server not read so far, none at all without one.
func (p *Plugin) nodeLabels() policy.NodeLabels {
	if l := p.labels.Load(); l != nil {
		return *l
	}
	if p.kube != nil && p.kube.client == nil {
		return policy.NodeLabels{Known: true}
	}
	return policy.NodeLabels{}
}

// setNodeLabels installs the node's labels as read from the API and, if
// the config selects egress addresses by them, reloads it (a change of
// labels is a change of config: the new state is reconciled like one).
func (p *Plugin) setNodeLabels(labels map[string]string) {
	p.labels.Store(&policy.NodeLabels{Known: true, Labels: labels})
	if !p.state.Load().cfg.Egress.HasNodeSelectors() {
		return
	}
	changed, err := p.reload(false)
	if err != nil {
		p.metrics.fail(reasonConfig)
		p.log.Error("node labels changed, and the config for this node is refused; keeping the config in force", "error", err)
		p.health.set(faultConfig, err)
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
	t := time.NewTicker(p.state.Load().cfg.Cluster.Leases.RenewInterval.Duration)
	defer t.Stop()
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

// noteLeases sets the leases' fault from what the last renewal and the
// lost Leases say.
func (p *Plugin) noteLeases() {
	k := p.kube
	var msgs []string
	if f := k.leases.Failing(); f != "" {
		msgs = append(msgs, f)
	}
	k.mu.Lock()
	for a, by := range k.lost {
		msgs = append(msgs, fmt.Sprintf("the Lease of %s was taken by node %q while this node's pods use it", a, by))
	}
	k.mu.Unlock()
	var err error
	if len(msgs) > 0 {
		err = errors.New(strings.Join(msgs, "; "))
	}
	p.health.set(faultLeases, err)
	p.publishHealth()
}

func (p *Plugin) leaseLost(a netip.Addr, by string) {
	k := p.kube
	k.mu.Lock()
	k.lost[a] = by
	k.mu.Unlock()
	p.metrics.fail(reasonLease)
	k.events.Node(true, cluster.ReasonLeaseLost, "RenewLease",
		fmt.Sprintf("the Lease of managed egress address %s was taken by node %q while pods on this node use the address; "+
			"it stays assigned here (its pods keep their identity) and the other node's probe finds it in use", a, by))
}

// reasonLease counts Lease failures.
const reasonLease = "egress_lease"

// leaseAddress takes the Lease of managed address a before it is made
// present for a pod (node-local: nothing to take). p.addrMu is held.
func (p *Plugin) leaseAddress(ctx context.Context, a netip.Addr) error {
	k := p.kube
	if k == nil || k.leases == nil {
		return nil
	}
	err := k.leases.Acquire(ctx, a, k.whenHeld == policy.WhenHeldWait)
	if err == nil {
		k.mu.Lock()
		delete(k.lost, a)
		k.mu.Unlock()
	}
	return err
}

// releaseAddress gives up a's Lease after a was withdrawn: dropped now
// (p.addrMu is held: no pod is admitted on it from here), deleted in the
// background (a failure only leaves it to lapse).
func (p *Plugin) releaseAddress(a netip.Addr) {
	k := p.kube
	if k == nil || k.leases == nil {
		return
	}
	mine := k.leases.Drop(a)
	if mine == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := k.leases.Delete(ctx, mine); err != nil {
			p.log.Warn("egress address lease not released", "address", a, "error", err)
		}
	}()
}

// syncLeases holds the Lease of every managed address this instance has
// assigned (its ledger records it: after a restart, or a Lease taken
// while the API server was away) or its pods use (one already on the
// node when they came: another's marker, or the admin's), gives up every
// Lease of an address it neither has nor uses, then renews the rest. One that another node holds while
// this node has the address is a conflict both nodes' probes should have
// prevented: reported (DiktyoLeaseLost, the fault), the address stays.
func (p *Plugin) syncLeases(ctx context.Context) {
	k := p.kube
	p.addrMu.Lock()
	owned := map[netip.Addr]bool{}
	if l := p.state.Load().ledger; l != nil {
		for _, r := range l.Records() {
			owned[r.Addr] = true
		}
	}
	for _, e := range p.pods.snapshot() {
		if e.live() || e.holdsChain() {
			for _, a := range e.egressAddrs {
				owned[a] = true
			}
		}
	}
	var stale []*coordv1.Lease
	for _, a := range k.leases.HeldAddrs() {
		if !owned[a] {
			stale = append(stale, k.leases.Drop(a))
		}
	}
	var missing []netip.Addr
	for a := range owned {
		if !k.leases.Holds(a) {
			missing = append(missing, a)
		}
	}
	p.addrMu.Unlock()
	for _, le := range stale {
		if err := k.leases.Delete(ctx, le); err != nil {
			p.log.Warn("stale egress address lease not released", "lease", le.Name, "error", err)
		}
	}
	for _, a := range missing {
		err := k.leases.Acquire(ctx, a, false)
		var held *cluster.HeldError
		switch {
		case errors.As(err, &held):
			k.mu.Lock()
			known := k.lost[a] == held.Holder
			k.mu.Unlock()
			if !known {
				p.leaseLost(a, held.Holder)
			}
		case err != nil:
			p.log.Warn("egress address assigned here has no Lease; retried", "address", a, "error", err)
		}
	}
	k.leases.RenewAll(ctx)
	p.noteLeases()
}

// podEvent posts an Event on the pod of e (off: nothing).
func (p *Plugin) podEvent(e *podEntry, warning bool, reason, action, note string) {
	if p.kube == nil {
		return
	}
	p.kube.events.Pod(cluster.PodRef{Namespace: e.pod.Namespace, Name: e.pod.Name, UID: e.pod.UID}, warning, reason, action, note)
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
	if k == nil || k.events == nil || d.State == stateStarting {
		return
	}
	k.mu.Lock()
	prev := k.lastState
	k.lastState = d.State
	k.mu.Unlock()
	switch {
	case d.State == prev:
	case d.State == stateDegraded:
		note := "diktyo-nri is degraded; running pods keep what is applied: " + strings.Join(d.Faults, "; ")
		if d.Repairing > 0 {
			note += fmt.Sprintf(" (%d pods failing repair)", d.Repairing)
		}
		k.events.Node(true, cluster.ReasonDegraded, "Reconcile", note)
	case prev == stateDegraded:
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
