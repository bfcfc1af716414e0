// Package noop implements the noop debug plugin: on every CNI verb it
// records what it was given (stdin with runtimeConfig and prevResult, the
// CNI_* environment, the netns path) and passes prevResult through
// unchanged. It is compatible with the original Diktyo noop's config.
package noop

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Conf is noop's plugin configuration.
type Conf struct {
	types.PluginConf
	Debug    bool   `json:"debug"`
	DebugDir string `json:"debugDir"`
}

// Dump is what one debug file holds.
type Dump struct {
	Command     string            `json:"command"`
	ContainerID string            `json:"containerID,omitempty"`
	Netns       string            `json:"netns,omitempty"`
	IfName      string            `json:"ifName,omitempty"`
	Args        string            `json:"args,omitempty"`
	Path        string            `json:"path,omitempty"`
	Env         map[string]string `json:"env"`
	Stdin       json.RawMessage   `json:"stdin"`
}

// Now is the clock used for file names; tests may replace it.
var Now = time.Now

// ParseConf parses and validates noop's config.
func ParseConf(stdin []byte) (*Conf, error) {
	conf := &Conf{}
	if err := json.Unmarshal(stdin, conf); err != nil {
		return nil, fmt.Errorf("parsing noop config: %w", err)
	}
	if conf.Debug {
		if conf.DebugDir == "" {
			return nil, errors.New("debugDir: required when debug is true")
		}
		if !filepath.IsAbs(conf.DebugDir) {
			return nil, fmt.Errorf("debugDir: %q is not an absolute path", conf.DebugDir)
		}
	}
	return conf, nil
}

// Funcs returns the skel callbacks.
func Funcs() skel.CNIFuncs {
	return Verbs(os.Environ).CNIFuncs()
}

// Verbs returns the verbs with ADD returning its result. environ gives the
// invocation's environment, whose CNI_* part goes into the dump: the
// process environment for the binary, the environment libcni passed for
// an in-process call (diktyo-nri), where the process has no CNI_*.
func Verbs(environ func() []string) cniutil.Verbs {
	r := func(verb string) func(*skel.CmdArgs) error {
		return func(a *skel.CmdArgs) error { _, err := record(verb, a, environ); return err }
	}
	return cniutil.Verbs{
		Add:    func(a *skel.CmdArgs) (*current.Result, string, error) { return addResult(a, environ) },
		Check:  r("check"),
		Del:    r("del"),
		GC:     r("gc"),
		Status: r("status"),
	}
}

func addResult(args *skel.CmdArgs, environ func() []string) (*current.Result, string, error) {
	conf, err := record("add", args, environ)
	if err != nil {
		return nil, "", err
	}
	prev, err := cniutil.PrevResult(&conf.PluginConf)
	if err != nil {
		return nil, "", err
	}
	if prev == nil {
		prev = &current.Result{CNIVersion: current.ImplementedSpecVersion}
	}
	return prev, conf.CNIVersion, nil
}

// record parses the config and, when debug is on, writes the dump.
func record(verb string, args *skel.CmdArgs, environ func() []string) (*Conf, error) {
	conf, err := ParseConf(args.StdinData)
	if err != nil {
		return nil, err
	}
	if !conf.Debug {
		return conf, nil
	}
	path, err := DumpPath(conf.DebugDir, args.ContainerID, args.IfName, verb, Now())
	if err != nil {
		return nil, err
	}
	if err := writeDump(path, newDump(verb, args, environ())); err != nil {
		return nil, err
	}
	return conf, nil
}

var safeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.\-]*$`)

// DumpPath returns <dir>/<containerID>/<ifname>/<verb>_<unixnano>.json.
// Verbs without a container (GC, STATUS) use "_" for the missing parts.
// Nanoseconds, not the original's seconds, so two calls in one second do
// not overwrite each other.
func DumpPath(dir, containerID, ifname, verb string, at time.Time) (string, error) {
	parts := []string{containerID, ifname}
	for i, p := range parts {
		if p == "" {
			parts[i] = "_"
			continue
		}
		if !safeName.MatchString(p) || p == "." || p == ".." {
			return "", fmt.Errorf("noop: %q is not safe as a directory name", p)
		}
	}
	name := verb + "_" + strconv.FormatInt(at.UnixNano(), 10) + ".json"
	return filepath.Join(dir, parts[0], parts[1], name), nil
}

func newDump(verb string, args *skel.CmdArgs, environ []string) Dump {
	d := Dump{
		Command:     strings.ToUpper(verb),
		ContainerID: args.ContainerID,
		Netns:       args.Netns,
		IfName:      args.IfName,
		Args:        args.Args,
		Path:        args.Path,
		Env:         map[string]string{},
		Stdin:       json.RawMessage(args.StdinData),
	}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "CNI_") {
			d.Env[k] = v
		}
	}
	return d
}

// writeDump writes atomically so a reader never sees half a file.
func writeDump(path string, d Dump) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("noop: encoding dump: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("noop: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".dump-*")
	if err != nil {
		return fmt.Errorf("noop: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("noop: writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("noop: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("noop: %w", err)
	}
	return nil
}

// ListDumps returns the dump files under dir/containerID/ifname, oldest
// first; a helper for tests and for people reading the dumps.
func ListDumps(dir, containerID, ifname string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, containerID, ifname, "*.json"))
	sort.Slice(files, func(i, j int) bool { return stamp(files[i]) < stamp(files[j]) })
	return files, err
}

func stamp(path string) int64 {
	base := strings.TrimSuffix(filepath.Base(path), ".json")
	_, ts, _ := strings.Cut(base, "_")
	n, _ := strconv.ParseInt(ts, 10, 64)
	return n
}
