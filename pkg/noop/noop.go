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
	Type:    "noop",
	About:   "diktyo noop: dumps CNI calls for debugging",
	Verbs:   verbs,
	Explain: explain,
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

// explain is Plugin.Explain: what noop writes, and where.
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	conf, err := ParseConf(stdin)
	if err != nil {
		return "", err
	}
	if !conf.Debug {
		return "(nothing: debug is off)", nil
	}
	return fmt.Sprintf("a dump of each call's stdin, CNI environment and netns under %s/%s/%s/",
		conf.DebugDir, pod.ContainerID, pod.IfName), nil
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
	if err := checkDebugDir(conf.DebugDir); err != nil {
		return nil, err
	}
	if err := writeDump(path, newDump(verb, args, environ())); err != nil {
		return nil, err
	}
	// Pruning is best effort: a dump that could not be removed is no
	// reason to fail the call being debugged.
	keepNewest(filepath.Dir(path), conf.MaxDumps)
	expire(conf.DebugDir, filepath.Dir(path), Now().Add(-conf.maxAge))
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

// writeDump writes atomically so a reader never sees half a file. Dumps
// hold whatever the runtime passed (runtime config, CNI_ARGS), so they are
// root-only: directories 0700, files 0600 (os.CreateTemp's mode).
func writeDump(path string, d Dump) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("noop: encoding dump: %w", err)
	}
	attach := filepath.Dir(path)
	for _, dir := range []string{filepath.Dir(attach), attach} {
		if err := cniutil.PrivateDir(dir); err != nil {
			return fmt.Errorf("noop: %w", err)
		}
	}
	tmp, err := os.CreateTemp(attach, ".dump-*")
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

// checkDebugDir creates debugDir (0700) if missing. An existing one is
// not chmod'ed (it may be a directory others use), but it must be this
// user's and not writable by others, who could otherwise swap the
// attachment directories under it for their own or for symlinks.
func checkDebugDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("debugDir: %w", err)
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("debugDir: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("debugDir: %s is not a directory", dir)
	}
	if err := cniutil.OwnedByUs(dir, st); err != nil {
		return fmt.Errorf("debugDir: %w", err)
	}
	if st.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("debugDir: %s is writable by other users (mode %v): use a directory of its own", dir, st.Mode().Perm())
	}
	return nil
}

// dumpName matches the files noop writes; pruning removes nothing else.
var dumpName = regexp.MustCompile(`^[a-z]+_[0-9]+\.json$`)

// keepNewest removes all but the newest n dumps in an attachment dir.
func keepNewest(attach string, n int) {
	files := dumpsIn(attach)
	sort.Slice(files, func(i, j int) bool { return stamp(files[i]) > stamp(files[j]) })
	for _, f := range files[min(n, len(files)):] {
		_ = os.Remove(f)
	}
}

func dumpsIn(attach string) []string {
	entries, err := os.ReadDir(attach)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && dumpName.MatchString(e.Name()) {
			out = append(out, filepath.Join(attach, e.Name()))
		}
	}
	return out
}

// expire removes the dumps of attachment dirs (debugDir/ID/IF) last
// written before cutoff, then the dirs if that empties them; it narrows
// the ones it keeps to 0700. Only noop's own files and directories go:
// anything else in debugDir (or a symlink) is left where it is.
func expire(debugDir, current string, cutoff time.Time) {
	for _, ctr := range subdirs(debugDir) {
		// Its age before we empty it (removing entries touches it).
		cst, cerr := os.Lstat(ctr)
		emptied := false
		for _, attach := range subdirs(ctr) {
			st, err := os.Lstat(attach)
			if err != nil || attach == current {
				continue
			}
			if st.ModTime().After(cutoff) {
				_ = cniutil.PrivateDir(attach)
				continue
			}
			for _, f := range dumpsIn(attach) {
				_ = os.Remove(f)
			}
			if os.Remove(attach) == nil { // fails, as it should, if anything else is there
				emptied = true
			}
		}
		// A new container dir may be empty only because its writer has
		// not made its attachment dir yet: only one we emptied, or an old
		// one, goes.
		old := cerr == nil && !cst.ModTime().After(cutoff)
		if (!emptied && !old) || os.Remove(ctr) != nil {
			_ = cniutil.PrivateDir(ctr)
		}
	}
}

// subdirs lists the directories (not symlinks) under dir with names noop
// could have made.
func subdirs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && (e.Name() == "_" || safeName.MatchString(e.Name())) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
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
