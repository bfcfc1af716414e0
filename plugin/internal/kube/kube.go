// Package kube is diktyo-nri's use of the Kubernetes API (pkg/cluster):
// the connection made at start, the node's labels it watches, the Leases
// of the managed egress addresses it renews, and the Events it posts on
// pods and on the node. It is the one room that knows there is an API
// server: the others post through it, naming the reason with its
// constants.
//
// It imports pkg/cluster, pkg/policy, pkg/localapi (status),
// pkg/egress(/hostaddr), the admission (the Leases are handed to it) and
// the health: never plugin or another room. What a change of labels
// must do to the config is handed to it (Options).
package kube

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// Event reasons the other rooms post with (pkg/cluster's).
const (
	ReasonRepairFailed       = cluster.ReasonRepairFailed
	ReasonNRIUnavailable     = cluster.ReasonNRIUnavailable
	ReasonRuntimeUnsupported = cluster.ReasonRuntimeUnsupported
)

// Options are what the connection needs of the rest of the daemon.
type Options struct {
	Log       *slog.Logger
	Metrics   *health.Metrics
	Health    *health.Health
	Admission *admit.Admission
	// Selects says whether the config in force chooses what is this
	// node's by its labels; Reload loads the config again (not forced);
	// Changed asks for a reconcile.
	Selects func() bool
	Reload  func() (bool, error)
	Changed func()
	// Ledger is the ledger in force (the Leases follow what it records);
	// Published says the daemon's state may have changed.
	Ledger    func() *hostaddr.Ledger
	Published func()
}

// Kube is the connection: nil parts are off. Its fields are set once,
// before Run.
type Kube struct {
	Client *cluster.Client
	Events *cluster.Recorder
	Leases *cluster.Leases
	// WhenHeld is cluster.leases.whenHeld at start.
	WhenHeld string
	// NodeLocal says why there is no client (status); NoCluster that
	// there is provably none (api: off, or not in a pod), so the node's
	// labels are known to be none (not merely unknown).
	NodeLocal string
	NoCluster bool
	// Labels are the node's labels as last read (nil: not known yet).
	Labels atomic.Pointer[policy.NodeLabels]

	o         Options
	mu        sync.Mutex
	lastState string // the daemon state last reported in an Event
}

// Connect makes the connection from the config in force at start
// (cluster.*, read at start only), or uses c when given; without c and
// without connect there is none (tests, a library user).
func Connect(cfg policy.ClusterConfig, c *cluster.Client, connect bool, o Options) (*Kube, error) {
	if c == nil {
		if !connect {
			return &Kube{NodeLocal: "not asked to connect (tests, or a library user)", NoCluster: true, o: o}, nil
		}
		var err error
		c, err = cluster.Connect(cfg, o.Log)
		if errors.Is(err, cluster.ErrNodeLocal) {
			o.Log.Info("no Kubernetes API server: node-local (no Events, no Leases: a managed egress address is checked on this node's link only)",
				"why", err)
			return &Kube{NodeLocal: err.Error(), NoCluster: !errors.Is(err, cluster.ErrNoCredentials), o: o}, nil
		}
		if err != nil {
			return nil, fmt.Errorf("cluster: %w", err)
		}
	}
	return Use(c, cfg, o), nil
}

// Use is the connection through c as cfg says (Events, Leases).
func Use(c *cluster.Client, cfg policy.ClusterConfig, o Options) *Kube {
	k := &Kube{Client: c, WhenHeld: cfg.Leases.WhenHeld, o: o}
	if cfg.EventsOn() {
		k.Events = cluster.NewRecorder(c, o.Log)
	}
	k.Leases = cluster.NewLeases(c, cfg.Leases.Duration.Duration, cfg.Leases.RenewInterval.Duration, o.Log.With("component", "leases"))
	o.Admission.UseLeases(admit.LeaseUse{API: k.Leases, Wait: k.WhenHeld == policy.WhenHeldWait,
		Holder: func(err error) (string, bool) {
			var held *cluster.HeldError
			if errors.As(err, &held) {
				return held.Holder, true
			}
			return "", false
		},
		Lost: k.leaseLost})
	k.Leases.OnLost = o.Admission.LeaseLost
	return k
}

// leaseLost says on the node that another node took the Lease of a
// managed address this node's pods use.
func (k *Kube) leaseLost(a netip.Addr, by string) {
	k.o.Metrics.Fail(health.ReasonLease)
	k.Events.Node(true, cluster.ReasonLeaseLost, "RenewLease",
		fmt.Sprintf("the Lease of managed egress address %s was taken by node %q while pods on this node use the address; "+
			"it stays assigned here (its pods keep their identity) and the other node's probe finds it in use", a, by))
}

// NodeLabels is what is known of the node's labels: nothing yet with an
// API server not read so far, none at all without one.
func (k *Kube) NodeLabels() policy.NodeLabels {
	if k == nil {
		return policy.NodeLabels{}
	}
	if l := k.Labels.Load(); l != nil {
		return *l
	}
	if k.Client == nil && k.NoCluster {
		return policy.NodeLabels{Known: true}
	}
	return policy.NodeLabels{}
}

// SetNodeLabels installs the node's labels as read from the API and, if
// the config selects egress addresses by them, reloads it (a change of
// labels is a change of config: the new state is reconciled like one).
func (k *Kube) SetNodeLabels(labels map[string]string) {
	k.Labels.Store(&policy.NodeLabels{Known: true, Labels: labels})
	if !k.o.Selects() {
		return
	}
	changed, err := k.o.Reload()
	k.o.Health.Set(health.FaultNodeLabels, err)
	if err != nil {
		k.o.Metrics.Fail(health.ReasonConfig)
		k.o.Log.Error("node labels changed, and the config for this node is refused; keeping the config in force", "error", err)
		return
	}
	if changed {
		k.o.Log.Info("node labels changed what of the egress config is this node's; reconciling")
		k.o.Changed()
	}
}

// Run watches the node's labels and renews the Leases every renew until
// ctx ends.
func (k *Kube) Run(ctx context.Context, renew time.Duration) {
	if k == nil || k.Client == nil {
		return
	}
	cluster.WatchNodeLabels(ctx, k.Client, k.o.Log, k.SetNodeLabels)
	t := time.NewTicker(renew)
	defer t.Stop()
	// At once: after a restart, the Leases of the addresses the ledger
	// records lapse within a duration unless taken again.
	k.SyncLeases(ctx)
	for {
		select {
		case <-ctx.Done():
			k.Events.Shutdown()
			return
		case <-t.C:
			k.SyncLeases(ctx)
		}
	}
}

// SyncLeases holds the Lease of every managed address this node has or
// uses and gives up the others (plugin/internal/admit, SyncLeases), then
// sets the Leases' fault from what it found.
func (k *Kube) SyncLeases(ctx context.Context) {
	err := k.o.Admission.SyncLeases(ctx, k.o.Ledger)
	k.o.Health.Set(health.FaultLeases, err)
	k.o.Published()
}

// PodEvent posts an Event on a pod (off: nothing).
func (k *Kube) PodEvent(namespace, name, uid string, warning bool, reason, action, note string) {
	if k == nil {
		return
	}
	k.Events.Pod(cluster.PodRef{Namespace: namespace, Name: name, UID: uid}, warning, reason, action, note)
}

// NodeEvent posts a warning Event on the node (off: nothing).
func (k *Kube) NodeEvent(reason, action, note string) {
	if k == nil {
		return
	}
	k.Events.Node(true, reason, action, note)
}

// RefusalReason is the Event reason of a pod's refusal.
func RefusalReason(err error) string {
	var held *cluster.HeldError
	switch {
	case errors.As(err, &held):
		return cluster.ReasonAddressHeld
	case errors.Is(err, egress.ErrExhausted):
		return cluster.ReasonPoolExhausted
	}
	return cluster.ReasonRefused
}

// NoteState posts an Event on the node when the daemon's state changes
// between synchronized and degraded (starting is not reported: every
// restart passes through it).
func (k *Kube) NoteState(d localapi.Daemon) {
	if k == nil || k.Events == nil || d.State == health.Starting {
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
		k.Events.Node(true, cluster.ReasonDegraded, "Reconcile", note)
	case prev == health.Degraded:
		k.Events.Node(false, cluster.ReasonRecovered, "Reconcile", "diktyo-nri is synchronized again, nothing failing")
	}
}

// Status is the local API's view of the API server's use.
func (k *Kube) Status() *localapi.Cluster {
	if k == nil {
		return nil
	}
	if k.Client == nil {
		return &localapi.Cluster{NodeLocal: k.NodeLocal}
	}
	c := &localapi.Cluster{Server: k.Client.Host, Node: k.Client.Node, Events: k.Events != nil, LeaseNamespace: k.Client.Namespace}
	for _, s := range k.Leases.States() {
		c.Leases = append(c.Leases, localapi.Lease{Address: s.Addr.String(), Name: s.Lease, Held: s.Held, Holder: s.Holder, Error: s.Error})
	}
	return c
}
