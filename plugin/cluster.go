package plugin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	coordv1 "k8s.io/api/coordination/v1"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
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
	lost      map[netip.Addr]string
	// pending counts, per address, the pods being admitted that took its
	// Lease and have not recorded it yet: it is not given up meanwhile.
	pending map[netip.Addr]int
	// unleased is why an address this node has or uses holds no Lease
	// (the last try's error), for the fault.
	unleased map[netip.Addr]string
}

// connectCluster sets up p.kube from the config in force at start
// (cluster.*, read at start only), or from Options.Cluster.
func (p *Plugin) connectCluster() error {
	cfg := p.state.Load().cfg.Cluster
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
	k := &kube{client: c, whenHeld: cfg.Leases.WhenHeld, lost: map[netip.Addr]string{},
		pending: map[netip.Addr]int{}, unleased: map[netip.Addr]string{}}
	if cfg.EventsOn() {
		k.events = cluster.NewRecorder(c, p.log)
	}
	k.leases = cluster.NewLeases(c, cfg.Leases.Duration.Duration, cfg.Leases.RenewInterval.Duration, p.log.With("component", "leases"))
	k.leases.OnLost = p.leaseLost
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
	if !p.state.Load().cfg.Egress.HasNodeSelectors() {
		return
	}
	changed, err := p.reload(false)
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
	t := time.NewTicker(p.state.Load().cfg.Cluster.Leases.RenewInterval.Duration)
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
	for a, why := range k.unleased {
		msgs = append(msgs, fmt.Sprintf("%s is on this node without its Lease: %s", a, why))
	}
	k.mu.Unlock()
	sort.Strings(msgs)
	var err error
	if len(msgs) > 0 {
		err = errors.New(strings.Join(msgs, "; "))
	}
	p.health.Set(health.FaultLeases, err)
	p.publishHealth()
}

func (p *Plugin) leaseLost(a netip.Addr, by string) {
	k := p.kube
	k.mu.Lock()
	k.lost[a] = by
	k.mu.Unlock()
	p.metrics.Fail(health.ReasonLease)
	k.events.Node(true, cluster.ReasonLeaseLost, "RenewLease",
		fmt.Sprintf("the Lease of managed egress address %s was taken by node %q while pods on this node use the address; "+
			"it stays assigned here (its pods keep their identity) and the other node's probe finds it in use", a, by))
}

// leasing reports whether managed addresses need Leases (an API server).
func (p *Plugin) leasing() bool { return p.kube != nil && p.kube.leases != nil }

// leaseAddresses takes the Leases of the managed addresses a pod's
// admission would newly assign, before the address lock (a request, or
// with whenHeld: wait a wait, never holds up other pods' addresses),
// within ctx. Each stays pending (never given up) until done is called,
// after the pod's addresses are recorded.
func (p *Plugin) leaseAddresses(ctx context.Context, addrs []netip.Addr) (done func(), err error) {
	k := p.kube
	k.mu.Lock()
	for _, a := range addrs {
		k.pending[a]++
	}
	k.mu.Unlock()
	var once sync.Once
	done = func() {
		once.Do(func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			for _, a := range addrs {
				if k.pending[a]--; k.pending[a] <= 0 {
					delete(k.pending, a)
				}
			}
		})
	}
	for _, a := range addrs {
		if err := k.leases.Acquire(ctx, a, k.whenHeld == policy.WhenHeldWait); err != nil {
			return done, err
		}
		k.mu.Lock()
		delete(k.lost, a)
		delete(k.unleased, a)
		k.mu.Unlock()
	}
	return done, nil
}

// stillLeased checks, under the address lock, that a Lease taken before
// it is still this node's (another node may have taken it since: then
// the pod is refused, and retried).
func (p *Plugin) stillLeased(a netip.Addr) error {
	if !p.kube.leases.Holds(a) {
		return fmt.Errorf("its Lease is no longer this node's (taken by another node, or not renewed in time) since it was taken for this pod; retried")
	}
	return nil
}

// releaseAddress gives up a's Lease after a was withdrawn: dropped now
// (the address lock is held: no pod is admitted on it from here), deleted in the
// background (a failure only leaves it to lapse).
func (p *Plugin) releaseAddress(a netip.Addr) {
	k := p.kube
	if k == nil || k.leases == nil {
		return
	}
	k.mu.Lock()
	pending := k.pending[a] > 0
	delete(k.lost, a)
	delete(k.unleased, a)
	k.mu.Unlock()
	if pending {
		return // a pod being admitted took it: it assigns a again
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
// node when they came: another's marker, or the admin's), or that a pod
// being admitted took; it gives up every other Lease, then renews the
// rest. An address here whose Lease another node holds is a conflict
// both nodes' probes should have prevented: reported (DiktyoLeaseLost,
// the fault), the address stays. Every request is bounded, none is made
// under the address lock.
func (p *Plugin) syncLeases(ctx context.Context) {
	k := p.kube
	var stale []*coordv1.Lease
	var missing []netip.Addr
	p.admission.Locked(func() { stale, missing = p.leaseWants() })
	for _, le := range stale {
		if err := k.leases.Delete(ctx, le); err != nil {
			p.log.Warn("stale egress address lease not released; it lapses", "lease", le.Name, "error", err)
		}
	}
	for _, a := range missing {
		p.takeMissing(ctx, a)
	}
	k.leases.RenewAll(ctx)
	p.noteLeases()
}

// leaseWants works out, under the address lock (the caller holds it),
// which Leases this node wants (wanted: see syncLeases), drops the
// others (to be deleted) and lists those it wants and has not written.
func (p *Plugin) leaseWants() (stale []*coordv1.Lease, missing []netip.Addr) {
	k := p.kube
	wanted := map[netip.Addr]bool{}
	if l := p.state.Load().ledger; l != nil {
		for _, r := range l.Records() {
			wanted[r.Addr] = true
		}
	}
	for _, e := range p.pods.Snapshot() {
		if e.Live() || e.HoldsChain() {
			for _, a := range e.EgressAddrs {
				wanted[a] = true
			}
		}
	}
	k.mu.Lock()
	for a := range k.pending {
		wanted[a] = true
	}
	for _, m := range []map[netip.Addr]string{k.lost, k.unleased} {
		for a := range m {
			if !wanted[a] {
				delete(m, a)
			}
		}
	}
	k.mu.Unlock()
	written := k.leases.HeldAddrs()
	for _, a := range written {
		if !wanted[a] {
			stale = append(stale, k.leases.Drop(a))
		}
	}
	for a := range wanted {
		if !slices.Contains(written, a) {
			missing = append(missing, a)
		}
	}
	return stale, missing
}

// takeMissing takes the Lease of an address this node has or uses and
// holds no Lease for; one another node holds is reported as lost.
func (p *Plugin) takeMissing(ctx context.Context, a netip.Addr) {
	k := p.kube
	err := k.leases.Acquire(ctx, a, false)
	var held *cluster.HeldError
	isHeld := errors.As(err, &held)
	k.mu.Lock()
	by, known := k.lost[a]
	switch {
	case err == nil:
		delete(k.lost, a)
		delete(k.unleased, a)
	case isHeld:
		delete(k.unleased, a)
	default:
		k.unleased[a] = err.Error()
	}
	k.mu.Unlock()
	if isHeld && (!known || by != held.Holder) {
		p.leaseLost(a, held.Holder)
	}
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
