// Package cli is diktyo-nri's command line: flags, logging, the metrics
// endpoint, and the explain subcommand. See docs/nri.md.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/diktyo-io/diktyo/pkg/explain"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin"
)

// DefaultSocket is containerd's NRI socket for external plugins.
const DefaultSocket = "/var/run/nri/nri.sock"

const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// Main runs diktyo-nri with args (without the program name) and returns
// its exit status: the NRI plugin, or `explain`.
func Main(args []string) int {
	if len(args) > 0 && args[0] == "explain" {
		return runExplain(args[1:], os.Stdout, os.Stderr)
	}
	return runPlugin(args)
}

func runPlugin(args []string) int {
	fs := flag.NewFlagSet("diktyo-nri", flag.ContinueOnError)
	config := fs.String("config", policy.DefaultConfigPath, "admin config YAML")
	socket := fs.String("socket", DefaultSocket, "NRI socket (external mode; ignored when containerd launches the plugin)")
	name := fs.String("name", "diktyo", "NRI plugin name")
	idx := fs.String("idx", "10", "NRI plugin index (order among plugins)")
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus metrics on this address (empty: config metrics.address, else off)")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error")
	logFormat := fs.String("log-format", "text", "text or json")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	log, err := newLogger(os.Stderr, *logLevel, *logFormat)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	slog.SetDefault(log)
	configSet := false
	fs.Visit(func(f *flag.Flag) { configSet = configSet || f.Name == "config" })

	p, err := plugin.New(plugin.Options{ConfigPath: *config, ConfigRequired: configSet, Logger: log})
	if err != nil {
		log.Error("cannot start", "error", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	addr := *metricsAddr
	if addr == "" {
		addr = p.Config().Metrics.Address
	}
	if addr != "" {
		go serveMetrics(ctx, log, addr, p)
	}
	// containerd starts pre-installed plugins with an environment holding
	// only the NRI variables; the chain's plugins still need PATH to find
	// iptables, nft and ip.
	if os.Getenv("PATH") == "" {
		_ = os.Setenv("PATH", defaultPath)
	}
	log.Info("diktyo-nri starting", "preInstalled", plugin.PreInstalled(), "socket", *socket, "config", *config)
	if err := p.Run(ctx, plugin.RunOptions{Socket: *socket, Name: *name, Idx: *idx}); err != nil {
		log.Error("stopped", "error", err)
		return 1
	}
	return 0
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

type annotationFlags []string

func (a *annotationFlags) String() string     { return strings.Join(*a, ",") }
func (a *annotationFlags) Set(s string) error { *a = append(*a, s); return nil }

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("diktyo-nri explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config := fs.String("config", policy.DefaultConfigPath, "admin config YAML")
	namespace := fs.String("namespace", "default", "pod namespace")
	name := fs.String("name", "pod", "pod name")
	uid := fs.String("uid", "", "pod UID")
	hostNetwork := fs.Bool("host-network", false, "explain as a host-network pod")
	file := fs.String("annotations-file", "", "YAML/JSON map of annotations, or a pod manifest")
	var anns, ips annotationFlags
	fs.Var(&anns, "annotation", "KEY=VALUE (repeatable)")
	fs.Var(&ips, "ip", "example pod address for the plugins' builders (repeatable; default 192.0.2.10)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := policy.LoadConfig(*config)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	in := explain.Input{Config: cfg, Pod: policy.Pod{Namespace: *namespace, Name: *name, UID: *uid},
		Annotations: map[string]string{}, HostNetwork: *hostNetwork, IPs: ips}
	if *file != "" {
		ann, pod, err := explain.ReadAnnotationsFile(*file)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return 1
		}
		if ann != nil {
			in.Annotations = ann
		}
		if pod != nil {
			mergePod(&in.Pod, pod, fs)
		}
	}
	for _, a := range anns {
		k, v, err := explain.ParseAnnotationFlag(a)
		if err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return 2
		}
		in.Annotations[k] = v
	}
	if err := explain.Explain(stdout, in); err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	return 0
}

// mergePod takes pod identity from a manifest unless given by flags.
func mergePod(dst, src *policy.Pod, fs *flag.FlagSet) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["namespace"] && src.Namespace != "" {
		dst.Namespace = src.Namespace
	}
	if !set["name"] && src.Name != "" {
		dst.Name = src.Name
	}
	if !set["uid"] && src.UID != "" {
		dst.UID = src.UID
	}
}
