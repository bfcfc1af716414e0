package plugin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync/atomic"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	nrilog "github.com/containerd/nri/pkg/log"
	"github.com/containerd/nri/pkg/stub"
)

// RunOptions say how to reach containerd.
type RunOptions struct {
	// Socket is the NRI socket external plugins dial. Ignored in
	// pre-installed mode (containerd passes a connected socket).
	Socket string
	// Name and Idx register the plugin (e.g. "diktyo", "10"). In
	// pre-installed mode containerd's (from the file name NN-name) win.
	Name string
	Idx  string
	// MinBackoff and MaxBackoff bound the wait between reconnection
	// attempts (defaults 500 ms and 30 s).
	MinBackoff, MaxBackoff time.Duration
}

// PreInstalled reports whether containerd launched this process as a
// pre-installed plugin (it then passes the connection in the environment).
func PreInstalled() bool { return os.Getenv(nriapi.PluginSocketEnvVar) != "" }

type stubHolder struct{ s stub.Stub }

func (p *Plugin) currentStub() stub.Stub {
	if h := p.stub.Load(); h != nil {
		return h.s
	}
	return nil
}

// Run connects to containerd and serves NRI events until ctx ends. In
// external mode a closed connection (containerd restarting) is retried
// with exponential backoff; in pre-installed mode it ends Run with an
// error, because containerd starts a new instance itself. The config
// watcher and the periodic reconcile run alongside.
func (p *Plugin) Run(ctx context.Context, ro RunOptions) error {
	if ro.MinBackoff <= 0 {
		ro.MinBackoff = 500 * time.Millisecond
	}
	if ro.MaxBackoff < ro.MinBackoff {
		ro.MaxBackoff = 30 * time.Second
	}
	nrilog.Set(&nriLogger{log: p.log.With("component", "nri")})
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer p.conf.FlushBehind(ctx)
	go p.conf.Watch(ctx, &p.health, func() { p.triggerReconcile("reload") })
	go p.rec.Loop(ctx)
	go p.kube.Run(ctx, p.conf.Load().Cfg.Cluster.Leases.RenewInterval.Duration)
	if p.opts.WatchForeign {
		go p.rec.WatchForeign(ctx)
	}

	preinstalled := PreInstalled()
	backoff := ro.MinBackoff
	for {
		began := time.Now()
		established, err := p.runOnce(ctx, ro, preinstalled)
		if ctx.Err() != nil {
			return nil
		}
		if !established {
			p.nriFailed(ro.Socket, preinstalled, err)
		}
		if preinstalled {
			return fmt.Errorf("NRI connection closed (pre-installed plugin; containerd restarts it): %w", err)
		}
		// A connection that lasted resets the backoff: this is a
		// containerd restart, not a refusal loop.
		if time.Since(began) > 2*ro.MaxBackoff {
			backoff = ro.MinBackoff
		}
		p.log.Warn("NRI connection ended; reconnecting", "socket", ro.Socket, "error", err, "retryIn", backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, ro.MaxBackoff)
	}
}

// runOnce serves one NRI connection; established says whether it was
// made at all (its close was seen), as opposed to refused.
func (p *Plugin) runOnce(ctx context.Context, ro RunOptions, preinstalled bool) (established bool, _ error) {
	// Until this connection's Synchronize, the pod table is not the
	// runtime's list: no GC (plugin/internal/reconcile).
	p.health.SetSynced(false)
	p.publishHealth()
	var closed atomic.Bool
	opts := []stub.Option{stub.WithOnClose(func() {
		closed.Store(true)
		p.health.SetSynced(false)
		p.publishHealth()
		p.log.Info("NRI connection closed")
	})}
	if !preinstalled {
		opts = append(opts, stub.WithSocketPath(ro.Socket))
	}
	if os.Getenv(nriapi.PluginNameEnvVar) == "" && ro.Name != "" {
		opts = append(opts, stub.WithPluginName(ro.Name))
	}
	if os.Getenv(nriapi.PluginIdxEnvVar) == "" && ro.Idx != "" {
		opts = append(opts, stub.WithPluginIdx(ro.Idx))
	}
	s, err := stub.New(p, opts...)
	if err != nil {
		return false, fmt.Errorf("creating NRI stub: %w", err)
	}
	p.stub.Store(&stubHolder{s: s})
	err = s.Run(ctx)
	if err == nil {
		err = errors.New("connection closed")
	}
	return closed.Load(), err
}

// nriLogger sends the NRI library's logs to slog.
type nriLogger struct{ log *slog.Logger }

func (l *nriLogger) Debugf(ctx context.Context, f string, a ...any) {
	l.log.DebugContext(ctx, fmt.Sprintf(f, a...))
}

func (l *nriLogger) Infof(ctx context.Context, f string, a ...any) {
	// The library is chatty at info level about routine steps.
	l.log.DebugContext(ctx, fmt.Sprintf(f, a...))
}

func (l *nriLogger) Warnf(ctx context.Context, f string, a ...any) {
	l.log.WarnContext(ctx, fmt.Sprintf(f, a...))
}

func (l *nriLogger) Errorf(ctx context.Context, f string, a ...any) {
	l.log.ErrorContext(ctx, fmt.Sprintf(f, a...))
}
