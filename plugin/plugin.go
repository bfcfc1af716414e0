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
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/containernetworking/cni/pkg/invoke"
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cluster"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
	"github.com/diktyo-io/diktyo/plugin/internal/watch"
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
	// EgressGuard, when set, guards the egress addresses (egressguard.go).
	EgressGuard EgressGuard
	// WatchForeign listens to the kernel's change notifications and
	// repairs at once what another writer deletes of diktyo's objects
	// (foreign.go); diktyo-nri sets it, tests opt in.
	WatchForeign bool
}

// Plugin is the NRI plugin. Its exported methods are the NRI handlers
// (github.com/containerd/nri/pkg/stub interfaces).
type Plugin struct {
	opts     Options
	log      *slog.Logger
	registry *prometheus.Registry
	metrics  *health.Metrics

	state atomic.Pointer[state]
	// reloadMu serialises config loads.
	reloadMu sync.Mutex
	// configPath is the admin config file in force (Options.ConfigPath,
	// or one named by containerd's plugin config).
	configPath atomic.Pointer[string]
	// inlineConfig is admin config sent by containerd (pre-installed
	// mode), used instead of a file.
	inlineConfig atomic.Pointer[[]byte]
	// stub is the NRI stub of the current connection.
	stub atomic.Pointer[stubHolder]
	// refused is the last inputs a reload refused, and why.
	refused atomic.Pointer[refusal]
	// runtime is the runtime containerd announced, and what it lacks
	// (preflight.go).
	runtime atomic.Pointer[runtimeInfo]
	// requestTimeout is NRI's request timeout as containerd announced it.
	requestTimeout atomic.Int64
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

	pods  *podTable
	locks *podLocks
	// addrLocks serialise chain work on one pod address (withAddrs).
	addrLocks *podLocks
	watches   *watch.Watches
	// gcMu: chain work of single pods holds it shared, GC exclusively, so
	// GC's list of valid attachments never misses a pod being added.
	gcMu sync.RWMutex
	// reconcileMu: one reconcile at a time.
	reconcileMu sync.Mutex
	reconciled  atomic.Uint64
	reconcileCh chan string
	// foreign is what the foreign-change listener's hints wait for.
	foreign        foreignBook
	foreignMetrics foreignMetrics

	// kube is the use of the Kubernetes API (cluster.go); labels the
	// node's labels (nil: not known yet).
	kube   *kube
	labels atomic.Pointer[policy.NodeLabels]
	// holds are the address holds of the conntrack walks run after
	// the answer (holds.go, plugin/internal/hold).
	holds *hold.Holds
}

// refusal is inputs a reload refused (their hash) and the error it gave.
type refusal struct {
	sum [32]byte
	err error
}

// state is one loaded configuration: admin config and chain runner.
type state struct {
	cfg *policy.Config
	// runner is nil when the conflist could not be loaded; runnerErr says why.
	runner    *chainrun.Runner
	runnerErr error
	// egress allocates port blocks and records explicit ranges (nil
	// without an egress section).
	egress *egress.Allocator
	// source describes where cfg came from, for logs.
	source string
	// provisional: cfg is the built-in defaults because the admin config
	// file is absent, not an admin's decision; under it reconcile never
	// removes a running pod's policy (docs/nri.md, "Removal needs proof").
	provisional bool
	// path is the admin config file cfg was read from ("" for inline
	// config and built-in defaults).
	path string
	// ledger records the managed addresses this instance assigned (in
	// egress.stateDir; kept from the config before when this one has no
	// egress section; nil if none ever had one).
	ledger *hostaddr.Ledger
	// egressErr says why the egress state cannot be read now (pods that
	// need a block fail until it can; nothing is released meanwhile).
	egressErr error
	// hash identifies the inputs (config bytes and conflist bytes).
	hash [32]byte
}

// New builds the plugin and loads its config. A config that is present but
// invalid is an error; a chain conflist that cannot be loaded is not (pods
// needing the chain fail until it can be, and the failure is logged).
func New(opts Options) (*Plugin, error) {
	p := &Plugin{
		opts:        opts,
		log:         opts.Logger,
		registry:    opts.Registry,
		pods:        newPodTable(),
		locks:       newPodLocks(),
		addrLocks:   newPodLocks(),
		reconcileCh: make(chan string, 1),
		configured:  make(chan struct{}),
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.registry == nil {
		p.registry = prometheus.NewRegistry()
	}
	p.metrics = health.NewMetrics(p.registry)
	p.foreignMetrics = newForeignMetrics(p.registry)
	view.RegisterConntrackStats(p.registry)
	p.holds = p.newHolds()
	p.watches = newSandboxWatch(p, "/proc")
	p.registry.MustRegister(view.SpoofCollector(p.readView, p.log))
	p.admission = newAdmission(p, opts.Addresses)
	path := opts.ConfigPath
	p.configPath.Store(&path)
	if _, err := p.reload(true); err != nil {
		return nil, err
	}
	if err := p.connectCluster(); err != nil {
		return nil, err
	}
	if p.kube.noCluster && p.state.Load().cfg.Egress.HasNodeSelectors() {
		// Node-local: the labels are known now to be none.
		if _, err := p.reload(true); err != nil {
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
func (p *Plugin) Config() *policy.Config { return p.state.Load().cfg }

// configSource is where a config's bytes came from.
type configSource struct {
	// name describes it, for logs.
	name string
	// path is the file read ("" for inline config and built-in defaults).
	path string
	// provisional: built-in defaults standing in for an absent file.
	provisional bool
}

// readConfig returns the admin config bytes and where they came from. A
// file that is absent gives the built-in defaults only until a config has
// been read from it: once one has, its absence (an editor's
// save-by-rename, a config-management run) is an error, and the config in
// force stays.
func (p *Plugin) readConfig() ([]byte, configSource, error) {
	if inline := p.inlineConfig.Load(); inline != nil {
		return *inline, configSource{name: "NRI plugin config"}, nil
	}
	path := *p.configPath.Load()
	if path == "" {
		return nil, configSource{name: "built-in defaults"}, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) && !p.opts.ConfigRequired {
		if old := p.state.Load(); old != nil && old.path == path {
			return nil, configSource{name: path, path: path},
				fmt.Errorf("admin config %s is gone; the config read from it stays in force "+
					"(a config removes pods' policy only by saying so, never by its absence): %w", path, err)
		}
		return nil, configSource{name: "built-in defaults (" + path + " absent)", provisional: true}, nil
	}
	if err != nil {
		return nil, configSource{name: path, path: path}, fmt.Errorf("reading admin config: %w", err)
	}
	return data, configSource{name: path, path: path}, nil
}

// reload loads the admin config and the conflist if either changed (or
// force). A config that does not parse is an error and leaves the state in
// force untouched. It reports whether a new state was installed.
func (p *Plugin) reload(force bool) (installed bool, err error) {
	p.reloadMu.Lock()
	defer p.reloadMu.Unlock()
	data, src, err := p.readConfig()
	if err != nil {
		return false, err
	}
	source := src.name
	cfg, err := policy.ParseConfig(data)
	if err != nil {
		return false, fmt.Errorf("admin config from %s: %w", source, err)
	}
	labels := p.nodeLabels()
	if err := cfg.SelectNode(labels); err != nil {
		return false, fmt.Errorf("admin config from %s, for this node: %w", source, err)
	}
	conflist, conflistErr := os.ReadFile(cfg.Chain.Conflist)
	h := sha256.New()
	h.Write(data)
	h.Write([]byte{0})
	h.Write(conflist)
	if cfg.Egress.HasNodeSelectors() {
		// The node's labels choose what of the config is this node's:
		// a change of them is a change of config.
		h.Write([]byte{0})
		h.Write([]byte(labels.String()))
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	old := p.state.Load()
	if !force && old != nil && old.hash == sum {
		p.refused.Store(nil)
		return false, nil
	}
	if r := p.refused.Load(); !force && r != nil && r.sum == sum {
		// The same inputs that were already refused: the same error (the
		// watcher logs and counts it once, not at every poll).
		return false, r.err
	}
	defer func() {
		if err != nil {
			p.refused.Store(&refusal{sum: sum, err: err})
		} else {
			p.refused.Store(nil)
		}
	}()
	if na, ok := p.admission.Manager().(policy.NodeAddresses); ok {
		// The node's addresses are read where its managed ones live
		// (the host's netns; a throwaway one in tests).
		cfg.SetNodeAddresses(na)
	}
	st := &state{cfg: cfg, source: source, hash: sum, provisional: src.provisional, path: src.path}
	if err := p.buildState(st, old, conflistErr); err != nil {
		return false, fmt.Errorf("admin config from %s: %w", source, err)
	}
	if st.runnerErr != nil && old != nil && old.runner != nil {
		// A reload is all or nothing: the config and chain in force stay
		// (docs/configuration.md). Only when no chain is in force (the
		// first load, or every load so far failed) is there nothing to
		// keep, and the new config is installed without one.
		return false, fmt.Errorf("new config from %s refused, the one in force stays: %w", source, st.runnerErr)
	}
	if st.runnerErr != nil {
		p.log.Error("chain not loaded: pods needing it will fail until it is", "error", st.runnerErr)
	}
	p.state.Store(st)
	// Addresses a killed process left held (holds.go) are held from now
	// on: before the first event, and under a reloaded config's cache
	// directory too.
	p.holds.Recover(st.cfg.Chain.CacheDir, p.flushAddrs)
	p.metrics.Reloads.WithLabelValues("ok").Inc()
	attrs := []any{"source", source, "failurePolicy", cfg.FailurePolicy, "namespaceRules", len(cfg.Namespaces)}
	if st.runner != nil {
		attrs = append(attrs, "network", st.runner.NetworkName(), "chain", strings.Join(st.runner.PluginTypes(), ","),
			"inProcess", st.runner.InProcess())
	}
	p.log.Info("config loaded", attrs...)
	return true, nil
}

// buildState makes st's egress allocator and chain runner. An error
// refuses the config; a chain that does not load is st.runnerErr (the
// caller decides whether a config without one may be installed).
func (p *Plugin) buildState(st, old *state, conflistErr error) error {
	cfg := st.cfg
	var oldAlloc *egress.Allocator
	if old != nil {
		oldAlloc = old.egress
	}
	if err := admit.SameState(oldAlloc, cfg); err != nil {
		return err
	}
	var err error
	if st.egress, err = admit.NewAllocator(cfg, cluster.NodeName(cfg.Cluster)); err != nil {
		return err
	}
	if st.egress != nil {
		// Read now to say so early; a state that cannot be read fails
		// only the pods that need it, and releases nothing.
		if st.egressErr = st.egress.Check(); st.egressErr != nil {
			p.log.Error("egress state unreadable: pods that need a port block or an explicit range fail until it is fixed; "+
				"nothing is released meanwhile", "error", st.egressErr)
		}
	}
	p.guardEgress(st, old)
	for _, w := range admit.Warnings(cfg) {
		p.log.Warn("egress config", "warning", w)
	}
	if conflistErr != nil {
		st.runnerErr = fmt.Errorf("chain conflist %s: %w", cfg.Chain.Conflist, conflistErr)
	} else {
		st.runner, st.runnerErr = p.newRunner(cfg)
	}
	var prev *hostaddr.Ledger
	if old != nil {
		prev = old.ledger
	}
	st.ledger, err = p.admission.Ledger(admitGen(st), prev, old == nil)
	return err
}

// newRunner builds the chain runner of cfg.
func (p *Plugin) newRunner(cfg *policy.Config) (*chainrun.Runner, error) {
	return chainrun.New(chainrun.Options{
		Conflist:  cfg.Chain.Conflist,
		BinDirs:   cfg.Chain.BinDirs,
		CacheDir:  cfg.Chain.CacheDir,
		IfName:    cfg.Chain.IfName,
		Exec:      p.opts.Exec,
		Stderr:    p.opts.PluginStderr,
		InProcess: cfg.Chain.InProcess,
		// diktyo-nri outlives every call and flushes at exit (Run).
		Behind: true,
	})
}

// setPluginConfig applies the config containerd sends to a pre-installed
// plugin (plugin_config_path/NN-diktyo.conf): empty keeps the file config;
// "configFile: PATH" alone names the admin config file; anything else is
// the admin config itself.
func (p *Plugin) setPluginConfig(raw string) error {
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	var ref struct {
		ConfigFile string `json:"configFile"`
	}
	if err := yaml.UnmarshalStrict([]byte(raw), &ref); err == nil && ref.ConfigFile != "" {
		p.inlineConfig.Store(nil)
		p.configPath.Store(&ref.ConfigFile)
	} else {
		data := []byte(raw)
		p.inlineConfig.Store(&data)
	}
	_, err := p.reload(true)
	return err
}

// watchConfig polls the config and conflist every reloadInterval and
// installs changes; an invalid or missing new config is logged and
// counted once (not at every poll), and the old one stays; its return is
// logged too. A successful reload triggers a reconcile, so the config in
// force applies to running pods too.
func (p *Plugin) watchConfig(ctx context.Context) {
	failing := ""
	for {
		iv := p.state.Load().cfg.ReloadInterval.Duration
		select {
		case <-ctx.Done():
			return
		case <-time.After(iv):
		}
		changed, err := p.reload(false)
		if err != nil {
			if err.Error() != failing {
				failing = err.Error()
				p.metrics.Reloads.WithLabelValues("error").Inc()
				p.metrics.Fail(health.ReasonConfig)
				p.log.Error("config reload failed; keeping the config in force", "error", err)
			}
			p.health.Set(health.FaultConfig, err)
			continue
		}
		if failing != "" {
			p.log.Info("config source valid again", "source", p.state.Load().source, "installed", changed)
			failing = ""
			p.health.Set(health.FaultConfig, nil)
		}
		// Valid with the node's labels as they are now.
		p.health.Set(health.FaultNodeLabels, nil)
		if changed {
			p.triggerReconcile("reload")
		}
	}
}

// budget is how long a handler may wait for its chain work.
func (p *Plugin) budget(cfg *policy.Config) time.Duration {
	b := cfg.Timeouts.Handler.Duration
	if rt := time.Duration(p.requestTimeout.Load()); rt > 0 && rt*3/4 < b {
		b = rt * 3 / 4
	}
	return b
}

// sameBytes is bytes.Equal, named for what reconcile compares.
func sameBytes(a, b []byte) bool { return bytes.Equal(a, b) }
