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

// runCluster renews the Leases until ctx ends.
func (p *Plugin) runCluster(ctx context.Context) {
	if p.kube == nil || p.kube.leases == nil {
		return
	}
	t := time.NewTicker(p.state.Load().cfg.Cluster.Leases.RenewInterval.Duration)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			p.kube.events.Shutdown()
			return
		case <-t.C:
			p.kube.leases.RenewAll(ctx)
			p.noteLeases()
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

// releaseAddress gives up a's Lease after a was withdrawn, or after a
// pod's Ensure of it failed: this node stops holding it at once (under
// p.addrMu, so that a pod admitted next takes it again), and the Lease is
// deleted in the background (a failure only leaves it to lapse).
func (p *Plugin) releaseAddress(a netip.Addr) {
	k := p.kube
	if k == nil || k.leases == nil {
		return
	}
	del := k.leases.Forget(a)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := del(ctx); err != nil {
			p.log.Warn("egress address lease not released", "address", a, "error", err)
		}
	}()
}

// holdsLease reports whether this node holds a's Lease already
// (node-local: false).
func (p *Plugin) holdsLease(a netip.Addr) bool {
	k := p.kube
	return k != nil && k.leases != nil && k.leases.Holds(a)
}

// keepLeases makes sure this node holds the Lease of every managed
// address it assigned that pods use (after a restart: the addresses its
// ledger records), in the background. One another node holds is a
// conflict both nodes' probes should have prevented: reported, the
// address stays. p.addrMu is held.
func (p *Plugin) keepLeases(inUse []netip.Addr) {
	k := p.kube
	if k == nil || k.leases == nil {
		return
	}
	var missing []netip.Addr
	for _, a := range inUse {
		if !k.leases.Holds(a) {
			missing = append(missing, a)
		}
	}
	if len(missing) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, a := range missing {
			err := k.leases.Acquire(ctx, a, false)
			var held *cluster.HeldError
			switch {
			case errors.As(err, &held):
				p.leaseLost(a, held.Holder)
			case err != nil:
				p.log.Warn("egress address in use here has no Lease yet; retried", "address", a, "error", err)
			}
		}
		p.noteLeases()
	}()
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
