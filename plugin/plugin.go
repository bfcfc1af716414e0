// Package plugin is diktyo's NRI plugin: it turns pod annotations, checked
// against the node admin's config, into runs of the diktyo CNI chain
// (ipmasq -> iproute -> registerDNS) against each pod's sandbox netns, for
// the pod's whole life, and reconciles that state after restarts.
//
// Handlers answer containerd within a bounded time (timeouts.handler, and
// at most 3/4 of the request timeout containerd announces): chain work runs
// in a per-pod worker that the handler waits for; work that outlives its
// handler finishes in the background under the same per-pod lock, and is
// undone when the handler already failed the pod.
package plugin

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/containernetworking/cni/pkg/invoke"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/reconcile"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
	"github.com/diktyo-io/diktyo/plugin/internal/watch"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Options configure a Plugin.
type Options struct {
	// ConfigPath is the admin config file; polled for changes. Empty: no
	// file (built-in defaults, or config sent by containerd).
	ConfigPath string
	// ConfigRequired makes a missing ConfigPath an error; otherwise the
	// built-in defaults apply until the file appears.
	ConfigRequired bool
	// Logger for everything; nil: slog.Default().
	Logger *slog.Logger
	// Registry for the metrics; nil: a fresh registry (see Registry()).
	Registry *prometheus.Registry
	// Exec runs the chain's binaries; nil: libcni's default. Tests use
	// chainrun.NetnsExec to give the chain a throwaway "host" namespace;
	// with chain.inProcess the in-process plugins then run there too.
	Exec invoke.Exec
	// PluginStderr receives the chain plugins' stderr; nil: os.Stderr.
	PluginStderr io.Writer
	// Router and CommandRunner read the kernel for the local API (trace's
	// route lookup, status's rule counters); nil: netlink and os/exec.
	// The read side (plugin/internal/view) uses them.
	Router        inspect.Router
	CommandRunner cniutil.Runner
	// Addresses makes managed egress addresses present and withdraws
	// them; nil: a hostaddr.Manager in the caller's network namespace
	// (the host's). Tests point one at a throwaway namespace, or fake it.
	Addresses AddressManager
	// Cluster is the Kubernetes API client (Events, Leases); nil: made
	// from the config's cluster section when ConnectCluster, else none
	// (node-local).
	Cluster        *cluster.Client
	ConnectCluster bool
	// EgressGuard, when set, guards the egress addresses
	// (plugin/internal/gen).
	EgressGuard EgressGuard
	// WatchForeign listens to the kernel's change notifications and
	// repairs at once what another writer deletes of diktyo's objects
	// (plugin/internal/reconcile, foreign.go); diktyo-nri sets it, tests opt in.
	WatchForeign bool
	// PrepareChain makes the chain's fixed objects (ipmasq's tables,
	// chains and sets) at each config load and reconcile pass, in the
	// chain's host namespace (the node's, or Exec's): diktyo-nri sets it,
	// tests that give the chain a throwaway namespace opt in.
	PrepareChain bool
}

// Plugin is the NRI plugin. Its exported methods are the NRI handlers
// (github.com/containerd/nri/pkg/stub interfaces).
type Plugin struct {
	opts     Options
	log      *slog.Logger
	registry *prometheus.Registry
	metrics  *health.Metrics

	// conf is the config in force and its loading (plugin/internal/gen).
	conf *gen.Loader
	// stub is the NRI stub of the current connection.
	stub atomic.Pointer[stubHolder]
	// runtime is the runtime containerd announced, and what it lacks
	// (preflight.go).
	runtime atomic.Pointer[runtimeInfo]
	// configured is closed after the first successful Configure.
	configured     chan struct{}
	configuredOnce sync.Once
	// health is what the daemon knows and what is failing
	// (plugin/internal/health): its phase (which gates every removal
	// that needs the runtime's pod list) and the faults it keeps what is
	// applied through.
	health health.Health

	// addresses are the egress addresses declared manage: true, made
	// present and withdrawn (plugin/internal/admit).
	admission *admit.Admission

	pods *podTable
	// work is the chain work on pods, with their locks
	// (plugin/internal/work).
	work    *work.Work
	watches *watch.Watches
	// rec is the reconcile and the foreign-write repair
	// (plugin/internal/reconcile).
	rec *reconcile.Reconciler

	// kube is the use of the Kubernetes API (plugin/internal/kube).
	kube *kube.Kube
	// holds are the address holds of the conntrack walks run after
	// the answer (plugin/internal/hold, wired in plugin/internal/work).
	holds *hold.Holds
}

// New builds the plugin and loads its config. A config that is present but
// invalid is an error; a chain conflist that cannot be loaded is not (pods
// needing the chain fail until it can be, and the failure is logged).
func New(opts Options) (*Plugin, error) {
	p := &Plugin{
		opts:       opts,
		log:        opts.Logger,
		registry:   opts.Registry,
		pods:       newPodTable(),
		configured: make(chan struct{}),
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.registry == nil {
		p.registry = prometheus.NewRegistry()
	}
	p.metrics = health.NewMetrics(p.registry)
	view.RegisterConntrackStats(p.registry)
	p.holds = hold.New(hold.Options{
		Log:    p.log,
		Fault:  func(err error) { p.health.Set(health.FaultFlows, err) },
		Failed: func() { p.metrics.Fail(health.ReasonDeferred) },
	})
	p.registry.MustRegister(view.SpoofCollector(p.readView, p.log))
	p.admission = newAdmission(p, opts.Addresses)
	p.conf = gen.New(gen.Options{
		ConfigPath: opts.ConfigPath, ConfigRequired: opts.ConfigRequired,
		Log: p.log, Metrics: p.metrics, Exec: opts.Exec, PluginStderr: opts.PluginStderr, PrepareChain: opts.PrepareChain,
		Guard: opts.EgressGuard, Admission: p.admission, NodeName: cluster.NodeName, Labels: func() policy.NodeLabels { return p.kube.NodeLabels() },
		// Addresses a killed process left held (plugin/internal/hold) are held from
		// now on: before the first event, and under a reloaded config's
		// cache directory too.
		Installed: func(st *gen.State) { p.holds.Recover(st.Cfg.Chain.CacheDir, p.work.FlushAddrs) },
	})
	rooms := work.Options{Log: p.log, Metrics: p.metrics, Health: &p.health, Conf: p.conf, Pods: p.pods,
		Holds: p.holds, Admission: p.admission, Kube: func() *kube.Kube { return p.kube }}
	p.work = work.New(rooms)
	p.watches = newSandboxWatch(p, "/proc")
	p.rec = reconcile.New(reconcile.Options{Options: rooms, Registry: p.registry, Work: p.work,
		Published: p.publishHealth, ForeignNetNS: foreignNetNS(opts.Exec)})
	if _, err := p.conf.Reload(true); err != nil {
		return nil, err
	}
	if err := p.connectCluster(); err != nil {
		return nil, err
	}
	if p.kube.NoCluster && p.conf.Load().Cfg.Egress.HasNodeSelectors() {
		// Node-local: the labels are known now to be none.
		if _, err := p.conf.Reload(true); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// WaitConfigured waits for containerd's first Configure to have been
// applied (a pre-installed plugin's config comes with it), and reports
// whether it was before ctx ended.
func (p *Plugin) WaitConfigured(ctx context.Context) bool {
	select {
	case <-p.configured:
		return true
	case <-ctx.Done():
		return false
	}
}

// Registry returns the registry holding the plugin's metrics.
func (p *Plugin) Registry() *prometheus.Registry { return p.registry }

// Config returns the admin config in force.
func (p *Plugin) Config() *policy.Config { return p.conf.Load().Cfg }

// The egress guard is the config room's (plugin/internal/gen);
// cmd/diktyo-nri gives one.
type (
	EgressGuard = gen.EgressGuard
	EgressSpec  = gen.EgressSpec
	PortRange   = gen.PortRange
)
