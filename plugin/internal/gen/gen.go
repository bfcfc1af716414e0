// Package gen is diktyo-nri's config room: it owns the configuration in
// force (the admin config, the chain runner built from its conflist, the
// egress allocator and ledger: one generation, State) and its loading,
// from a file, from containerd's plugin config or from the built-in
// defaults. Every other room reads the generation in force through
// Loader.Load and never keeps one past the work it started with.
//
// It imports what a generation is made of (pkg/policy, pkg/chainrun,
// pkg/egress, pkg/egress/hostaddr), the admission (a generation's
// ledger) and the health (reload metrics, faults): never plugin,
// pkg/cluster or another room. What a load must tell the rest of the
// daemon (the node's labels, its name, the holds to recover) is handed
// to it in Options.
package gen

import (
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
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// State is one loaded configuration: admin config and chain runner.
type State struct {
	Cfg *policy.Config
	// Runner is nil when the conflist could not be loaded; RunnerErr
	// says why.
	Runner    *chainrun.Runner
	RunnerErr error
	// Egress allocates port blocks and records explicit ranges (nil
	// without an egress section).
	Egress *egress.Allocator
	// Source describes where Cfg came from, for logs.
	Source string
	// Provisional: Cfg is the built-in defaults because the admin config
	// file is absent, not an admin's decision; under it reconcile never
	// removes a running pod's policy (docs/nri.md, "Removal needs proof").
	Provisional bool
	// Path is the admin config file Cfg was read from ("" for inline
	// config and built-in defaults).
	Path string
	// Ledger records the managed addresses this instance assigned (in
	// egress.stateDir; kept from the config before when this one has no
	// egress section; nil if none ever had one).
	Ledger *hostaddr.Ledger
	// EgressErr says why the egress state cannot be read now (pods that
	// need a block fail until it can; nothing is released meanwhile).
	EgressErr error
	// hash identifies the inputs (config bytes and conflist bytes).
	hash [32]byte
}

// ChainErr is the error of a pod's chain work under a generation without
// a chain.
func (st *State) ChainErr() error { return fmt.Errorf("chain not loaded: %w", st.RunnerErr) }

// Options configure a Loader.
type Options struct {
	// ConfigPath is the admin config file; ConfigRequired makes its
	// absence an error (plugin.Options).
	ConfigPath     string
	ConfigRequired bool
	Log            *slog.Logger
	Metrics        *health.Metrics
	// Exec and PluginStderr are the chain runner's (plugin.Options).
	Exec         invoke.Exec
	PluginStderr io.Writer
	// PrepareChain lets the runners make the chain's fixed objects
	// (plugin.Options).
	PrepareChain bool
	// Guard guards the egress addresses (nil: none; guard.go).
	Guard EgressGuard
	// Admission gives each generation its ledger, and its manager the
	// node's addresses.
	Admission *admit.Admission
	// NodeName names this node as the cluster config says (the pools'
	// owner in the egress state).
	NodeName func(policy.ClusterConfig) string
	// Labels is what is known of the node's labels now.
	Labels func() policy.NodeLabels
	// Installed is told of each generation installed, before any event
	// sees it (the holds a killed process left are recovered there).
	Installed func(*State)
}

// Loader owns the generation in force and every load of a new one.
type Loader struct {
	opts Options
	// mu serialises loads (and the guard's repair, RepairGuard).
	mu  sync.Mutex
	cur atomic.Pointer[State]
	// path is the admin config file in force (Options.ConfigPath, or
	// one named by containerd's plugin config).
	path atomic.Pointer[string]
	// inline is admin config sent by containerd (pre-installed mode),
	// used instead of a file.
	inline atomic.Pointer[[]byte]
	// refused is the last inputs a load refused, and why.
	refused atomic.Pointer[refusal]
}

// refusal is inputs a reload refused (their hash) and the error it gave.
type refusal struct {
	sum [32]byte
	err error
}

// New makes a Loader with nothing loaded yet (Reload(true) loads).
func New(opts Options) *Loader {
	l := &Loader{opts: opts}
	path := opts.ConfigPath
	l.path.Store(&path)
	return l
}

// Load is the generation in force (nil before the first load).
func (l *Loader) Load() *State { return l.cur.Load() }

// Path is the admin config file in force ("" for none).
func (l *Loader) Path() string { return *l.path.Load() }

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
func (l *Loader) readConfig() ([]byte, configSource, error) {
	if inline := l.inline.Load(); inline != nil {
		return *inline, configSource{name: "NRI plugin config"}, nil
	}
	path := l.Path()
	if path == "" {
		return nil, configSource{name: "built-in defaults"}, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) && !l.opts.ConfigRequired {
		if old := l.Load(); old != nil && old.Path == path {
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

// inputsSum identifies a load's inputs: the config's bytes, the
// conflist's, and the node's labels when they choose what of the config
// is this node's (a change of them is a change of config).
func inputsSum(data, conflist []byte, cfg *policy.Config, labels policy.NodeLabels) [32]byte {
	h := sha256.New()
	h.Write(data)
	h.Write([]byte{0})
	h.Write(conflist)
	if cfg.Egress.HasNodeSelectors() {
		h.Write([]byte{0})
		h.Write([]byte(labels.String()))
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// Reload loads the admin config and the conflist if either changed (or
// force). A config that does not parse is an error and leaves the state in
// force untouched. It reports whether a new state was installed.
func (l *Loader) Reload(force bool) (installed bool, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	data, src, err := l.readConfig()
	if err != nil {
		return false, err
	}
	source := src.name
	cfg, err := policy.ParseConfig(data)
	if err != nil {
		return false, fmt.Errorf("admin config from %s: %w", source, err)
	}
	labels := l.opts.Labels()
	if err := cfg.SelectNode(labels); err != nil {
		return false, fmt.Errorf("admin config from %s, for this node: %w", source, err)
	}
	conflist, conflistErr := os.ReadFile(cfg.Chain.Conflist)
	sum := inputsSum(data, conflist, cfg, labels)
	old := l.Load()
	if !force && old != nil && old.hash == sum {
		l.refused.Store(nil)
		return false, nil
	}
	if r := l.refused.Load(); !force && r != nil && r.sum == sum {
		// The same inputs that were already refused: the same error (the
		// watcher logs and counts it once, not at every poll).
		return false, r.err
	}
	defer func() {
		if err != nil {
			l.refused.Store(&refusal{sum: sum, err: err})
		} else {
			l.refused.Store(nil)
		}
	}()
	if na, ok := l.opts.Admission.Manager().(policy.NodeAddresses); ok {
		// The node's addresses are read where its managed ones live
		// (the host's netns; a throwaway one in tests).
		cfg.SetNodeAddresses(na)
	}
	st := &State{Cfg: cfg, Source: source, hash: sum, Provisional: src.provisional, Path: src.path}
	if err := l.build(st, old, conflistErr); err != nil {
		return false, fmt.Errorf("admin config from %s: %w", source, err)
	}
	if st.RunnerErr != nil && old != nil && old.Runner != nil {
		// A reload is all or nothing: the config and chain in force stay
		// (docs/configuration.md). Only when no chain is in force (the
		// first load, or every load so far failed) is there nothing to
		// keep, and the new config is installed without one.
		return false, fmt.Errorf("new config from %s refused, the one in force stays: %w", source, st.RunnerErr)
	}
	l.install(st)
	return true, nil
}

// install puts st in force and says so.
func (l *Loader) install(st *State) {
	log := l.opts.Log
	if st.RunnerErr != nil {
		log.Error("chain not loaded: pods needing it will fail until it is", "error", st.RunnerErr)
	}
	l.cur.Store(st)
	if l.opts.Installed != nil {
		l.opts.Installed(st)
	}
	l.opts.Metrics.Reloads.WithLabelValues("ok").Inc()
	attrs := []any{"source", st.Source, "failurePolicy", st.Cfg.FailurePolicy, "namespaceRules", len(st.Cfg.Namespaces)}
	if st.Runner != nil {
		attrs = append(attrs, "network", st.Runner.NetworkName(), "chain", strings.Join(st.Runner.PluginTypes(), ","),
			"inProcess", st.Runner.InProcess())
	}
	log.Info("config loaded", attrs...)
}

// build makes st's egress allocator and chain runner. An error refuses
// the config; a chain that does not load is st.RunnerErr (the caller
// decides whether a config without one may be installed).
func (l *Loader) build(st, old *State, conflistErr error) error {
	cfg := st.Cfg
	var oldAlloc *egress.Allocator
	if old != nil {
		oldAlloc = old.Egress
	}
	if err := admit.SameState(oldAlloc, cfg); err != nil {
		return err
	}
	var err error
	if st.Egress, err = admit.NewAllocator(cfg, l.opts.NodeName(cfg.Cluster)); err != nil {
		return err
	}
	if st.Egress != nil {
		// Read now to say so early; a state that cannot be read fails
		// only the pods that need it, and releases nothing.
		if st.EgressErr = st.Egress.Check(); st.EgressErr != nil {
			l.opts.Log.Error("egress state unreadable: pods that need a port block or an explicit range fail until it is fixed; "+
				"nothing is released meanwhile", "error", st.EgressErr)
		}
	}
	l.guard(st, old)
	for _, w := range admit.Warnings(cfg) {
		l.opts.Log.Warn("egress config", "warning", w)
	}
	if conflistErr != nil {
		st.RunnerErr = fmt.Errorf("chain conflist %s: %w", cfg.Chain.Conflist, conflistErr)
	} else {
		st.Runner, st.RunnerErr = l.newRunner(cfg)
	}
	l.prepare(st)
	var prev *hostaddr.Ledger
	if old != nil {
		prev = old.Ledger
	}
	st.Ledger, err = l.opts.Admission.Ledger(st.Admit(), prev, old == nil)
	return err
}

// prepare makes the kernel hold the fixed objects st's chain needs
// (chainrun.Runner.Prepare), so that the pods' ADDs write their own
// elements alone. A failure is logged: each ADD still makes what is
// missing, and every reconcile pass prepares again.
func (l *Loader) prepare(st *State) {
	if st.Runner == nil {
		return
	}
	repaired, err := st.Runner.Prepare(context.Background())
	if err != nil {
		l.opts.Log.Warn("chain's fixed objects not prepared; each pod's ADD makes what is missing", "error", err)
	}
	for typ, what := range repaired {
		l.opts.Log.Info("chain's fixed objects repaired at load", "plugin", typ, "repaired", what)
	}
}

// newRunner builds the chain runner of cfg.
func (l *Loader) newRunner(cfg *policy.Config) (*chainrun.Runner, error) {
	return chainrun.New(chainrun.Options{
		Conflist:  cfg.Chain.Conflist,
		BinDirs:   cfg.Chain.BinDirs,
		CacheDir:  cfg.Chain.CacheDir,
		IfName:    cfg.Chain.IfName,
		Exec:      l.opts.Exec,
		Stderr:    l.opts.PluginStderr,
		InProcess: cfg.Chain.InProcess,
		// diktyo-nri outlives every call and flushes at exit (Run).
		Behind:  true,
		Prepare: l.opts.PrepareChain,
	})
}

// FlushBehind writes what the plugins left behind their answers (the
// hosts file's queued lines: the runners are built Behind) before
// diktyo-nri exits. What it cannot write in time the next start's
// reconcile finds missing and repairs.
func (l *Loader) FlushBehind(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := chainrun.Flush(ctx); err != nil {
		l.opts.Log.Warn("exiting with changes the plugins accepted not written; the next start's reconcile repairs them", "error", err)
	}
}

// SetPluginConfig applies the config containerd sends to a pre-installed
// plugin (plugin_config_path/NN-diktyo.conf): empty keeps the file config;
// "configFile: PATH" alone names the admin config file; anything else is
// the admin config itself.
func (l *Loader) SetPluginConfig(raw string) error {
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	var ref struct {
		ConfigFile string `json:"configFile"`
	}
	if err := yaml.UnmarshalStrict([]byte(raw), &ref); err == nil && ref.ConfigFile != "" {
		l.inline.Store(nil)
		l.path.Store(&ref.ConfigFile)
	} else {
		data := []byte(raw)
		l.inline.Store(&data)
	}
	_, err := l.Reload(true)
	return err
}

// Watch polls the config and conflist every reloadInterval and installs
// changes; an invalid or missing new config is logged and counted once
// (not at every poll), and the old one stays; its return is logged too.
// A successful reload calls changed, so the config in force applies to
// running pods too (a reconcile).
func (l *Loader) Watch(ctx context.Context, h *health.Health, changed func()) {
	failing := ""
	for {
		iv := l.Load().Cfg.ReloadInterval.Duration
		select {
		case <-ctx.Done():
			return
		case <-time.After(iv):
		}
		installed, err := l.Reload(false)
		if err != nil {
			if err.Error() != failing {
				failing = err.Error()
				l.opts.Metrics.Reloads.WithLabelValues("error").Inc()
				l.opts.Metrics.Fail(health.ReasonConfig)
				l.opts.Log.Error("config reload failed; keeping the config in force", "error", err)
			}
			h.Set(health.FaultConfig, err)
			continue
		}
		if failing != "" {
			l.opts.Log.Info("config source valid again", "source", l.Load().Source, "installed", installed)
			failing = ""
			h.Set(health.FaultConfig, nil)
		}
		// Valid with the node's labels as they are now.
		h.Set(health.FaultNodeLabels, nil)
		if installed {
			changed()
		}
	}
}

// Fixed is a Loader whose generation is st and that never loads another:
// the rooms above it test their work with it, without a config file.
func Fixed(st *State) *Loader {
	l := New(Options{})
	l.cur.Store(st)
	return l
}
