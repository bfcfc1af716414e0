// Package execbackend is registerDNS's compatibility backend with the
// original Diktyo plugin: it runs a service-registry client (consul-cli or
// anything with the same command line) as
//
//	PLUGIN service register APP --id=CONTAINERID --address=IP
//	PLUGIN service deregister CONTAINERID
//
// where APP is metadata[app_id_key] from the pod's runtime config. The
// registry is the source of truth, so CHECK and GC cannot see its state:
// CHECK only verifies that the binary is there, and GC does nothing.
package execbackend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// Options configure the backend.
type Options struct {
	Plugin   string // binary: a path, or a name looked up in PATH
	AppIDKey string // key of the app ID in runtimeConfig.metadata
	// Timeout bounds one run of the binary; the process group is killed
	// when it expires.
	Timeout time.Duration
}

// Backend implements record.Backend by running a binary.
type Backend struct{ o Options }

var _ record.Backend = (*Backend)(nil)

// New returns the backend.
func New(o Options) *Backend { return &Backend{o: o} }

// AppID returns the app the set registers, "" when the pod has none.
func (b *Backend) AppID(s record.Set) string { return s.Metadata[b.o.AppIDKey] }

// Add registers the container under its app with its primary address
// (the first IPv4 address, else the first address), as the original did.
// A pod without the app ID in its metadata registers nothing.
func (b *Backend) Add(ctx context.Context, s record.Set) error {
	app := b.AppID(s)
	if app == "" || len(s.Addrs) == 0 {
		return nil
	}
	addr := s.Addrs[0]
	for _, a := range s.Addrs {
		if a.Unmap().Is4() {
			addr = a.Unmap()
			break
		}
	}
	return b.run(ctx, "service", "register", app, "--id="+s.ContainerID, "--address="+addr.String())
}

// Del deregisters the container. It runs even without an app ID: the
// registry keys services by ID, and an orphan must still go.
func (b *Backend) Del(ctx context.Context, s record.Set) error {
	return b.run(ctx, "service", "deregister", s.ContainerID)
}

// Check verifies that the binary can be found; the registry's state is not
// visible to this backend.
func (b *Backend) Check(ctx context.Context, _ record.Set) error { return b.Status(ctx) }

// GC cannot list the registry, so it does nothing.
func (b *Backend) GC(context.Context, string, map[string]bool) error { return nil }

// Status reports whether the binary exists and is executable.
func (b *Backend) Status(context.Context) error {
	if _, err := exec.LookPath(b.o.Plugin); err != nil {
		return fmt.Errorf("plugin: %w", err)
	}
	return nil
}

// run executes the plugin with args, bounded by the timeout. Its output
// goes into the error, never to stdout (which carries the CNI result).
func (b *Backend) run(ctx context.Context, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, b.o.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.o.Plugin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// Own process group, so that a timeout also kills what the plugin
	// started (a shell script's children would otherwise keep the pipes
	// open and the wait going).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if err == nil {
		return nil
	}
	if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("timed out after %s", b.o.Timeout)
	}
	return fmt.Errorf("%s %s: %w%s", b.o.Plugin, strings.Join(args, " "), err, tail(out.String()))
}

// tail keeps the end of the plugin's output for the error message.
func tail(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	const max = 512
	if len(s) > max {
		s = "..." + s[len(s)-max:]
	}
	return ": " + s
}
