// Package noop implements the noop debug plugin: on every CNI verb it
// records what it was given (stdin with runtimeConfig and prevResult, the
// CNI_* environment, the netns path) and passes prevResult through
// unchanged. It is compatible with the original Diktyo noop's config.
package noop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Conf is noop's plugin configuration.
type Conf struct {
	types.PluginConf
	Debug    bool   `json:"debug"`
	DebugDir string `json:"debugDir"`
	// MaxDumps is how many dumps each attachment directory keeps (the
	// newest); default DefaultMaxDumps.
	MaxDumps int `json:"maxDumps,omitempty"`
	// MaxAge is how long an attachment directory lives after its last
	// dump; older ones are removed on the next write. Default
	// DefaultMaxAge.
	MaxAge string `json:"maxAge,omitempty"`

	maxAge time.Duration
}

// Bounds of the debug directory: a noop left in a busy node's chain
// would otherwise fill the disk, one file per CNI call.
const (
	DefaultMaxDumps = 64
	DefaultMaxAge   = 24 * time.Hour
)

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
	switch {
	case conf.MaxDumps < 0:
		return nil, fmt.Errorf("maxDumps: %d is negative", conf.MaxDumps)
	case conf.MaxDumps == 0:
		conf.MaxDumps = DefaultMaxDumps
	}
	conf.maxAge = DefaultMaxAge
	if conf.MaxAge != "" {
		d, err := time.ParseDuration(conf.MaxAge)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("maxAge: invalid duration %q (e.g. \"24h\")", conf.MaxAge)
		}
		conf.maxAge = d
	}
	return conf, nil
}

// Plugin is noop in diktyo's plugin contract: the binary (cmd/noop), the
// in-process executor and explain all start here.
var Plugin = cniutil.Plugin{
	Type:     "noop",
	About:    "diktyo noop: dumps CNI calls for debugging",
	Verbs:    verbs,
	Explain:  explain,
	Describe: describe,
}

// verbs returns the verbs for one invocation. The invocation's
// environment (env.Environ), whose CNI_* part goes into the dump, is the
// process environment for the binary and the one libcni built for an
// in-process call, where the process has no CNI_*.
func verbs(env cniutil.Env) cniutil.Verbs {
	environ := func() []string { return env.Environ }
	r := func(verb string) func(context.Context, *skel.CmdArgs) error {
		return func(_ context.Context, a *skel.CmdArgs) error { _, err := record(verb, a, environ); return err }
	}
	return cniutil.Verbs{
		Add: func(_ context.Context, a *skel.CmdArgs) (*current.Result, string, error) {
			return addResult(a, environ)
		},
		Check:  r("check"),
		Del:    r("del"),
		GC:     r("gc"),
		Status: r("status"),
	}
}

// explain is Plugin.Explain: what noop writes, and where (its Part).
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	p, err := describe(stdin, pod)
	if err != nil {
		return "", err
	}
	return p.String(), nil
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
	data, err := json.MarshalIndent(newDump(verb, args, environ()), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("noop: encoding dump: %w", err)
	}
	if _, err := conf.dumps().Write(dumpSub(args.ContainerID, args.IfName), verb, Now(), data); err != nil {
		return nil, fmt.Errorf("noop: %w", err)
	}
	return conf, nil
}

// dumps is where conf's dumps go: fsutil's writer, with noop's bounds.
// debugDir is created 0700 if missing; an existing one is not chmod'ed
// (it may be a directory others use), but it must be this user's and not
// writable by others, who could otherwise swap the attachment directories
// under it for their own or for symlinks.
func (conf *Conf) dumps() fsutil.Dumps {
	return fsutil.Dumps{Dir: conf.DebugDir, Key: "debugDir", Keep: conf.MaxDumps, MaxAge: conf.maxAge}
}

// dumpSub is an attachment's directory under debugDir; verbs without a
// container (GC, STATUS) use "_" for the missing parts.
func dumpSub(containerID, ifname string) []string {
	sub := []string{containerID, ifname}
	for i, p := range sub {
		if p == "" {
			sub[i] = "_"
		}
	}
	return sub
}

// DumpPath returns <dir>/<containerID>/<ifname>/<verb>_<unixnano>.json.
// Verbs without a container (GC, STATUS) use "_" for the missing parts.
// Nanoseconds, not the original's seconds, so two calls in one second do
// not overwrite each other.
func DumpPath(dir, containerID, ifname, verb string, at time.Time) (string, error) {
	p, err := fsutil.Dumps{Dir: dir}.Path(dumpSub(containerID, ifname), verb, at)
	if err != nil {
		return "", fmt.Errorf("noop: %w", err)
	}
	return p, nil
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

// ListDumps returns the dump files under dir/containerID/ifname, oldest
// first; a helper for tests and for people reading the dumps.
func ListDumps(dir, containerID, ifname string) ([]string, error) {
	return fsutil.Dumps{Dir: dir}.List(containerID, ifname), nil
}
