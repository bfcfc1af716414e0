package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// upstreamModule holds the upstream peers: its portmap and bridge have an
// nftables backend, which the Debian package's 1.1.1 lacks. The version
// built is the one diktyo's go.mod requires, so bumping the dependency
// bumps the peers.
const upstreamModule = "github.com/containernetworking/plugins"

// upstreamPackages are the plugins built: the two measured and the IPAM
// plugin bridge calls.
var upstreamPackages = []string{"plugins/meta/portmap", "plugins/main/bridge", "plugins/ipam/host-local"}

// upstreamLabel names an upstream case: the plugin, the version of
// upstreamModule this binary was built with (go.mod's, the one
// BuildUpstream builds) and the backend. Test binaries record no
// dependency versions; their labels go without.
func upstreamLabel(plugin, backend string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == upstreamModule {
				return fmt.Sprintf("%s %s (upstream), %s", plugin, d.Version, backend)
			}
		}
	}
	return fmt.Sprintf("%s (upstream), %s", plugin, backend)
}

// BuildUpstream builds the upstream plugins at the version the module in
// root requires into cache/<version>/, unless an earlier run did, and
// returns that directory and the version. The module comes from the
// module cache or the Go module proxy (`go mod download`), and is built
// with its own go.mod and go.sum, as upstream's build_linux.sh builds a
// release, only with cgo off.
func BuildUpstream(ctx context.Context, root, cache string) (dir, version string, err error) {
	mod, err := downloadUpstream(ctx, root)
	if err != nil {
		return "", "", err
	}
	dir = filepath.Join(cache, mod.Version)
	if upstreamBuilt(dir) {
		return dir, mod.Version, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", "", fmt.Errorf("upstream plugin cache: %w", err)
	}
	// Build next to the cache and rename, so an interrupted build never
	// passes for a complete one.
	tmp, err := os.MkdirTemp(cache, mod.Version+".tmp-")
	if err != nil {
		return "", "", fmt.Errorf("upstream plugin cache: %w", err)
	}
	defer os.RemoveAll(tmp)
	args := []string{"build", "-C", mod.Dir, "-o", tmp + "/"}
	for _, p := range upstreamPackages {
		args = append(args, "./"+p)
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("go %s: %w: %s", strings.Join(args, " "), err, out)
	}
	// An incomplete dir (a plugin deleted by hand) would block the rename.
	if err := os.RemoveAll(dir); err != nil {
		return "", "", fmt.Errorf("upstream plugin cache: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return "", "", fmt.Errorf("upstream plugin cache: %w", err)
	}
	return dir, mod.Version, nil
}

type upstreamMod struct {
	Version, Dir, Error string
}

// downloadUpstream asks the go command for the version root's build list
// selects and where its source is, fetching it if it is not cached.
func downloadUpstream(ctx context.Context, root string) (upstreamMod, error) {
	var mod upstreamMod
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", upstreamModule)
	cmd.Dir, cmd.Stderr = root, &stderr
	out, err := cmd.Output()
	if jerr := json.Unmarshal(out, &mod); jerr != nil {
		if err == nil {
			err = jerr
		}
		return mod, fmt.Errorf("go mod download %s: %w: %s", upstreamModule, err, stderr.Bytes())
	}
	// A module's own failure is in the JSON (with a non-zero exit).
	if mod.Error != "" {
		return mod, fmt.Errorf("go mod download %s: %s", upstreamModule, mod.Error)
	}
	if err != nil {
		return mod, fmt.Errorf("go mod download %s: %w: %s", upstreamModule, err, stderr.Bytes())
	}
	return mod, nil
}

// upstreamBuilt tells whether dir holds every upstream plugin.
func upstreamBuilt(dir string) bool {
	for _, p := range upstreamPackages {
		if st, err := os.Stat(filepath.Join(dir, filepath.Base(p))); err != nil || st.IsDir() {
			return false
		}
	}
	return true
}

// setupUpstream builds the upstream plugins when a selected section would
// run an upstream case; a failure only skips those cases (missing says
// why).
func (h *Harness) setupUpstream(ctx context.Context) {
	if !h.wantsUpstream() {
		return
	}
	if h.Opts.UpstreamCache == "" {
		h.upstreamErr = "no upstream plugin directory (-upstream)"
		return
	}
	dir, version, err := BuildUpstream(ctx, h.Opts.Root, h.Opts.UpstreamCache)
	if err != nil {
		h.Log.Warn("building the upstream plugins failed; their cases are skipped", "err", err)
		h.upstreamErr = "building the upstream plugins: " + err.Error()
		return
	}
	h.upstream = dir
	h.Res.Meta.Versions["upstream CNI plugins"] = fmt.Sprintf("%s %s (go build from the module cache, cgo off)", upstreamModule, version)
}

// wantsUpstream tells whether a selected section would run a selected
// upstream case.
func (h *Harness) wantsUpstream() bool {
	if !h.Opts.wants(SecPerPod) && !h.Opts.wants(SecUnrelated) && !h.Opts.wants(SecPods) {
		return false
	}
	for _, c := range Cases() {
		if c.Upstream && h.Opts.wantsCase(c.Key) {
			return true
		}
	}
	return false
}
