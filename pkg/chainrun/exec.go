package chainrun

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"

	"github.com/containernetworking/cni/pkg/invoke"
	"github.com/containernetworking/cni/pkg/version"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/internal/stages"
)

// NetnsExec runs plugin binaries with another network namespace as their
// "host": the fork happens on a thread switched into NetNS, so every
// host-side effect of the chain (iptables/nftables rules, host routes and
// rules) lands there. Tests use it to keep the real host's tables
// untouched; the pod's own netns is still given by CNI_NETNS.
type NetnsExec struct {
	// NetNS is the path of the namespace plugins run in.
	NetNS string
	// Stderr receives the plugins' stderr; nil: os.Stderr.
	Stderr io.Writer
	version.PluginDecoder
}

var _ invoke.Exec = (*NetnsExec)(nil)

// ExecPlugin runs the plugin inside e.NetNS.
func (e *NetnsExec) ExecPlugin(ctx context.Context, pluginPath string, stdin []byte, environ []string) ([]byte, error) {
	stderr := e.Stderr
	if stderr == nil {
		stderr = os.Stderr
	}
	raw := &invoke.RawExec{Stderr: stderr}
	defer stages.Time(ctx, filepath.Base(pluginPath))()
	var out []byte
	err := ns.WithNetNSPath(e.NetNS, func(ns.NetNS) error {
		var err error
		out, err = raw.ExecPlugin(ctx, pluginPath, stdin, environ)
		return err
	})
	return out, err
}

// FindInPath finds a plugin binary in paths.
func (e *NetnsExec) FindInPath(plugin string, paths []string) (string, error) {
	return invoke.FindInPath(plugin, paths)
}

// jsonValue round-trips v through JSON, giving the generic form libcni's
// cache holds, so that values built in Go compare equal to cached ones.
func jsonValue(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	err = json.Unmarshal(b, &out)
	return out, err
}
