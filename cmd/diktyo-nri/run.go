package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/KimMachineGun/automemlimit/memlimit"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin"
)

// defaultSocket is containerd's NRI socket for external plugins.
const defaultSocket = "/var/run/nri/nri.sock"

// defaultPath is the PATH a pre-installed plugin gets when containerd
// gives it none: the chain's plugins need iptables, nft and ip.
const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// daemonOptions are the daemon's flags, on the root command and on run.
type daemonOptions struct {
	config      string
	socket      string
	name        string
	idx         string
	metricsAddr string
	apiSocket   string
	pprofSocket string
	logLevel    string
	logFormat   string
	iptables    string
	iptablesDir string
}

func (o *daemonOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.config, "config", policy.DefaultConfigPath, "admin config YAML")
	fs.StringVar(&o.socket, "socket", defaultSocket, "NRI socket (external mode; ignored when containerd launches the plugin)")
	fs.StringVar(&o.name, "name", "diktyo", "NRI plugin name")
	fs.StringVar(&o.idx, "idx", "10", "NRI plugin index (order among plugins)")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "serve Prometheus metrics on this address (empty: config metrics.address, else off)")
	fs.StringVar(&o.apiSocket, "api-socket", "", "serve the local API (status, trace) on this unix socket; \"\" turns it off (default: config api.socket, "+policy.DefaultAPISocket+")")
	fs.StringVar(&o.pprofSocket, "pprof-socket", "", "serve Go's runtime profiles (net/http/pprof: /debug/pprof/heap, /debug/pprof/profile, ...) on this unix socket, mode 0600; empty: off")
	fs.StringVar(&o.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&o.logFormat, "log-format", "text", "text or json")
	fs.StringVar(&o.iptables, "iptables", "system", "iptables flavour of ipmasq's iptables backend: system (PATH as it is), auto (the node's: the kubelet's hint chain, else the flavour with more rules), nft or legacy")
	fs.StringVar(&o.iptablesDir, "iptables-dir", "/run/diktyo-iptables", "with --iptables other than system: the directory of links to the chosen flavour, put first in PATH")
}

func newRunCmd() *cobra.Command {
	o := &daemonOptions{}
	cmd := &cobra.Command{
		Use:   "run [flags]",
		Short: "Run the daemon (what diktyo-nri does without a command)",
		Long: `Run the NRI plugin: connect to containerd (or use the connection containerd
passes a pre-installed plugin), apply each pod's policy, reconcile after
restarts, serve metrics and the local API. Runs until SIGINT or SIGTERM.`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, _ []string) error { return daemonMain(cmd, o) },
	}
	o.addFlags(cmd.Flags())
	return cmd
}

// daemonMain is what the root command and run start; tests replace it to
// prove which command lines start the daemon, and which never do.
var daemonMain = runDaemon

// runDaemon is the NRI plugin's main loop.
func runDaemon(cmd *cobra.Command, o *daemonOptions) error {
	log, err := newLogger(cmd.ErrOrStderr(), o.logLevel, o.logFormat)
	if err != nil {
		return usageError{err}
	}
	slog.SetDefault(log)
	setMemoryLimit(log, memlimit.FromCgroup)
	if os.Getenv("PATH") == "" {
		_ = os.Setenv("PATH", defaultPath)
	}
	if err := selectIPTables(cmd.Context(), log, o.iptables, o.iptablesDir); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			return err
		}
		return fmt.Errorf("cannot start: %w", err)
	}
	p, err := plugin.New(plugin.Options{ConfigPath: o.config, ConfigRequired: cmd.Flags().Changed("config"), Logger: log, ConnectCluster: true,
		EgressGuard: egressGuard{}, WatchForeign: true, PrepareChain: true})
	if err != nil {
		return fmt.Errorf("cannot start: %w", err)
	}
	registerBuildInfo(p.Registry())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	addr := o.metricsAddr
	if addr == "" {
		addr = p.Config().Metrics.Address
	}
	if addr != "" {
		go serveMetrics(ctx, log, addr, p)
	}
	if o.pprofSocket != "" {
		go serveProfiles(ctx, log, o.pprofSocket)
	}
	apiDone := make(chan struct{})
	go func() {
		defer close(apiDone)
		apiSocket := o.apiSocket
		if !cmd.Flags().Changed("api-socket") {
			if plugin.PreInstalled() && !p.WaitConfigured(ctx) {
				return
			}
			// Pre-installed, the config (or the name of its file) comes
			// with containerd's Configure, after the start: the API is
			// served where that config says, never at the default path
			// of a config that was not the one meant.
			apiSocket = p.Config().API.Socket
		}
		<-serveAPI(ctx, log, apiSocket, p)
	}()
	// On the way out the API's socket file goes too: stop the server and
	// wait for it, before the process exits under it.
	defer func() {
		stop()
		<-apiDone
	}()
	log.Info("diktyo-nri starting", "version", version, "preInstalled", plugin.PreInstalled(), "socket", o.socket, "config", o.config)
	if err := p.Run(ctx, plugin.RunOptions{Socket: o.socket, Name: o.name, Idx: o.idx}); err != nil {
		return fmt.Errorf("stopped: %w", err)
	}
	return nil
}

func newLogger(w io.Writer, level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}

func serveMetrics(ctx context.Context, log *slog.Logger, addr string, p *plugin.Plugin) {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(p.Registry(), promhttp.HandlerOpts{}))
	addProbes(mux, p.Daemon)
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	log.Info("serving metrics", "addr", addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("metrics server failed", "addr", addr, "error", err)
	}
}

// serveProfiles serves net/http/pprof on a unix socket until ctx ends.
// A socket, not a port: profiles show the process's memory and stacks,
// so only root on the node reaches them (the benchmarks take the heap
// and CPU profiles behind their figures from here).
func serveProfiles(ctx context.Context, log *slog.Logger, path string) {
	l, err := localapi.Listen(path, log)
	if err != nil {
		log.Error("profiles not served", "error", err)
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	log.Info("serving profiles", "socket", path)
	if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("profile server failed", "socket", path, "error", err)
	}
}

// serveAPI opens the local API's socket and serves it in the background
// until ctx ends; the channel is closed when the server has stopped and
// removed its socket. A socket that cannot be opened is logged, not
// fatal: the daemon's job is the pods; status and trace then say they
// cannot reach it.
func serveAPI(ctx context.Context, log *slog.Logger, path string, p *plugin.Plugin) <-chan struct{} {
	done := make(chan struct{})
	if path == "" {
		log.Info("local API off (api.socket is empty)")
		close(done)
		return done
	}
	l, err := localapi.Listen(path, log)
	if err != nil {
		log.Error("local API not served: diktyo-nri status and trace will not answer", "error", err)
		close(done)
		return done
	}
	srv := localapi.NewServer(p, versionInfo(), log)
	go func() {
		defer close(done)
		if err := srv.ServeListener(ctx, l); err != nil {
			log.Error("local API stopped", "error", err)
		}
	}()
	return done
}
