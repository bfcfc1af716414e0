package chainrun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/invoke"
	cnins "github.com/containernetworking/cni/pkg/ns"
	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	"github.com/containernetworking/cni/pkg/utils"
	"github.com/containernetworking/cni/pkg/version"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// inProcessPrefix marks the "paths" InProcess.FindInPath returns for the
// plugins it runs itself. Such a path names no file; only
// InProcess.ExecPlugin understands it.
const inProcessPrefix = "diktyo-inprocess:"

// InProcess is an invoke.Exec that runs the plugin types it knows as
// function calls in the calling process, and execs every other type
// (e.g. portmap in a conflist) through Fallback. It saves the fork, exec
// and Go runtime start of each plugin binary, which dominate a chain run.
//
// It behaves as a plugin binary run by skel would: CNI_* are read from the
// environ libcni passes (never from the process environment), VERSION is
// answered, the config's cniVersion is checked, ADD returns the result's
// bytes, and failures are *types.Error. A panicking plugin is an error,
// not a crash. It is safe for concurrent use: invocations share nothing.
//
// The verbs get ExecPlugin's context and stop at its deadline where they
// wait (DNS updates, execs). Unlike a binary, a call cannot be killed:
// one still running a grace period after its deadline is answered with
// an error and finishes in the background, bounded by the plugin's own
// timeouts.
//
// The verbs log through the logger carried by ctx (WithLogger: the
// daemon's, with the pod's attributes), else Log, else slog's default.
type InProcess struct {
	// Plugins maps plugin types to implementations; see Builtin. All
	// support every CNI version diktyo speaks (cniutil.Versions).
	Plugins map[string]cniutil.Plugin
	// Log is the logger for calls whose context carries none.
	Log *slog.Logger
	// NetNS, when set, is the network namespace the verbs run in (on a
	// locked OS thread), as NetnsExec runs binaries there. Empty: the
	// caller's, i.e. the host's.
	NetNS string
	// Behind is passed to the verbs (cniutil.Env.Behind).
	Behind bool
	// Fallback runs the plugin types not in Plugins.
	Fallback invoke.Exec
	version.PluginDecoder
}

var _ invoke.Exec = (*InProcess)(nil)

// NewInProcess returns an InProcess running diktyo's own plugins
// (Builtin) and exec'ing everything else through fallback (nil: libcni's
// default exec). When fallback is a NetnsExec, the in-process verbs run
// in its namespace too, so both kinds of plugin see the same "host".
func NewInProcess(fallback invoke.Exec) *InProcess {
	if fallback == nil {
		fallback = &invoke.DefaultExec{RawExec: &invoke.RawExec{Stderr: os.Stderr}, PluginDecoder: version.PluginDecoder{}}
	}
	e := &InProcess{Plugins: Builtin(), Fallback: fallback}
	if nse, ok := fallback.(*NetnsExec); ok {
		e.NetNS = nse.NetNS
	}
	return e
}

// FindInPath returns a marker path for a known type, else asks Fallback.
func (e *InProcess) FindInPath(plugin string, paths []string) (string, error) {
	if _, ok := e.Plugins[plugin]; ok {
		return inProcessPrefix + plugin, nil
	}
	return e.Fallback.FindInPath(plugin, paths)
}

// ExecPlugin runs a known plugin in-process, anything else via Fallback.
func (e *InProcess) ExecPlugin(ctx context.Context, pluginPath string, stdin []byte, environ []string) ([]byte, error) {
	typ, ok := strings.CutPrefix(pluginPath, inProcessPrefix)
	if !ok {
		return e.Fallback.ExecPlugin(ctx, pluginPath, stdin, environ)
	}
	p, ok := e.Plugins[typ]
	if !ok {
		return nil, types.NewError(types.ErrInternal, fmt.Sprintf("no in-process plugin %q", typ), "")
	}
	if err := ctx.Err(); err != nil {
		return nil, types.NewError(types.ErrTryAgainLater, fmt.Sprintf("%s not run: %v", typ, err), "")
	}
	type reply struct {
		out []byte
		err error
	}
	done := make(chan reply, 1)
	log := e.logger(ctx).With("plugin", typ, "cni.command", cniEnv(environ)["CNI_COMMAND"])
	go func() {
		out, err := e.run(ctx, typ, p, cniutil.Env{Log: log, Environ: environ, Behind: e.Behind}, stdin)
		done <- reply{out, err}
	}()
	select {
	case r := <-done:
		return r.out, r.err
	case <-ctx.Done():
	}
	// The verbs saw the deadline too; most return at once.
	grace := time.NewTimer(deadlineGrace)
	defer grace.Stop()
	select {
	case r := <-done:
		return r.out, r.err
	case <-grace.C:
		// A call cannot be killed as a binary would be. Answering lets
		// the caller (and the pod's lock) go; the plugin's own timeouts
		// bound the rest, and GC or the next reconcile settles the state.
		log.Warn("in-process CNI plugin did not finish before its deadline; it goes on in the background",
			"error", ctx.Err())
		return nil, types.NewError(types.ErrInternal, fmt.Sprintf("plugin %s did not finish: %v", typ, ctx.Err()), "")
	}
}

// deadlineGrace is how long ExecPlugin waits, past the context's end,
// for verbs that honour it to return: long enough for a verb to notice
// and roll back, short next to a handler's budget.
const deadlineGrace = 2 * time.Second

type logKey struct{}

// WithLogger returns ctx carrying log for the in-process plugins run
// with it (diktyo-nri passes its logger with the pod's attributes).
func WithLogger(ctx context.Context, log *slog.Logger) context.Context {
	return context.WithValue(ctx, logKey{}, log)
}

func (e *InProcess) logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok && l != nil {
		return l
	}
	if e.Log != nil {
		return e.Log
	}
	return slog.Default()
}

// run makes the call, inside e.NetNS when set.
func (e *InProcess) run(ctx context.Context, typ string, p cniutil.Plugin, env cniutil.Env, stdin []byte) ([]byte, error) {
	if e.NetNS == "" {
		return invokeInProc(ctx, typ, p, env, stdin)
	}
	var out []byte
	err := ns.WithNetNSPath(e.NetNS, func(ns.NetNS) error {
		var err error
		out, err = invokeInProc(ctx, typ, p, env, stdin)
		return err
	})
	if err != nil {
		var te *types.Error
		if errors.As(err, &te) {
			return nil, te
		}
		// Entering the namespace failed.
		return nil, types.NewError(types.ErrInternal, fmt.Sprintf("running %s in %s", typ, e.NetNS), err.Error())
	}
	return out, nil
}

// invokeInProc is one plugin invocation, as skel would dispatch it in a
// plugin binary. Its error, if any, is always a *types.Error.
func invokeInProc(ctx context.Context, typ string, p cniutil.Plugin, env cniutil.Env, stdin []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			// The stack goes to the log, not into the error, which ends
			// up in containerd's answer to the pod's creator.
			env.Log.Error("in-process CNI plugin panicked", "panic", r, "stack", string(debug.Stack()))
			out = nil
			err = types.NewError(types.ErrInternal, fmt.Sprintf("plugin %s panicked: %v", typ, r), "")
		}
	}()
	vars := cniEnv(env.Environ)
	cmd := vars["CNI_COMMAND"]
	args, terr := cmdArgs(cmd, vars, stdin)
	if terr != nil {
		return nil, terr
	}
	if cmd == "VERSION" {
		var buf bytes.Buffer
		if err := cniutil.Versions.Encode(&buf); err != nil {
			return nil, types.NewError(types.ErrIOFailure, err.Error(), "")
		}
		return buf.Bytes(), nil
	}
	if terr := checkConfVersion(cmd, stdin, cniutil.Versions); terr != nil {
		return nil, terr
	}
	if cmd == "ADD" || cmd == "DEL" {
		if terr := checkNotInPodNetNS(args); terr != nil {
			return nil, terr
		}
	}
	out, terr = callVerb(ctx, cmd, p.Verbs(env), args)
	if terr != nil {
		return nil, terr
	}
	return out, nil
}

// callVerb calls the verb and encodes ADD's result.
func callVerb(ctx context.Context, cmd string, v cniutil.Verbs, args *skel.CmdArgs) ([]byte, *types.Error) {
	var verb func(context.Context, *skel.CmdArgs) error
	switch cmd {
	case "ADD":
		res, cniVersion, err := v.Add(ctx, args)
		if err != nil {
			return nil, asTypesError(err)
		}
		if res == nil {
			return nil, types.NewError(types.ErrInternal, "plugin returned no result", "")
		}
		out, err := cniutil.Encode(res, cniVersion)
		if err != nil {
			return nil, types.NewError(types.ErrInternal, err.Error(), "")
		}
		return out, nil
	case "CHECK":
		verb = v.Check
	case "DEL":
		verb = v.Del
	case "GC":
		verb = v.GC
	case "STATUS":
		verb = v.Status
	}
	if verb == nil {
		return nil, nil // a verb the plugin does not implement succeeds, as in skel
	}
	if err := verb(ctx, args); err != nil {
		return nil, asTypesError(err)
	}
	return nil, nil
}

// asTypesError returns err as the *types.Error a binary would print: a
// *types.Error found in its chain as it is, anything else as an internal
// error carrying the message.
func asTypesError(err error) *types.Error {
	var te *types.Error
	if errors.As(err, &te) {
		return te
	}
	return types.NewError(types.ErrInternal, err.Error(), "")
}

// cniEnv returns the CNI_* variables of environ; a later entry wins, as
// it does for an exec'd process.
func cniEnv(environ []string) map[string]string {
	env := make(map[string]string, 8)
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "CNI_") {
			env[k] = v
		}
	}
	return env
}

// envVar is one CNI_* variable: for which commands it is required, and
// how its value is validated when it is.
type envVar struct {
	name     string
	required string // commands, space separated
	validate func(string) *types.Error
}

var envVars = []envVar{
	{"CNI_CONTAINERID", "ADD CHECK DEL", utils.ValidateContainerID},
	{"CNI_NETNS", "ADD CHECK", nil},
	{"CNI_IFNAME", "ADD CHECK DEL", utils.ValidateInterfaceName},
	{"CNI_PATH", "ADD CHECK DEL GC STATUS", nil},
}

// cmdArgs checks the environment for cmd and builds the verb's
// arguments; for commands other than VERSION it also checks the config
// carries a valid network name.
func cmdArgs(cmd string, env map[string]string, stdin []byte) (*skel.CmdArgs, *types.Error) {
	var missing []string
	if cmd == "" {
		missing = append(missing, "CNI_COMMAND")
	}
	for _, v := range envVars {
		if !strings.Contains(" "+v.required+" ", " "+cmd+" ") || cmd == "" {
			continue
		}
		val := env[v.name]
		switch {
		case val == "":
			missing = append(missing, v.name)
		case v.validate != nil:
			if err := v.validate(val); err != nil {
				return nil, err
			}
		}
	}
	if len(missing) > 0 {
		return nil, types.NewError(types.ErrInvalidEnvironmentVariables,
			fmt.Sprintf("required env variables [%s] missing", strings.Join(missing, ",")), "")
	}
	switch cmd {
	case "ADD", "CHECK", "DEL", "GC", "STATUS":
	case "VERSION":
		return &skel.CmdArgs{}, nil
	default:
		return nil, types.NewError(types.ErrInvalidEnvironmentVariables, fmt.Sprintf("unknown CNI_COMMAND: %v", cmd), "")
	}
	if err := checkNetworkName(stdin); err != nil {
		return nil, err
	}
	return &skel.CmdArgs{
		ContainerID:   env["CNI_CONTAINERID"],
		Netns:         env["CNI_NETNS"],
		IfName:        env["CNI_IFNAME"],
		Args:          env["CNI_ARGS"],
		Path:          env["CNI_PATH"],
		NetnsOverride: env["CNI_NETNS_OVERRIDE"],
		StdinData:     stdin,
	}, nil
}

func checkNetworkName(stdin []byte) *types.Error {
	var conf struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(stdin, &conf); err != nil {
		return types.NewError(types.ErrDecodingFailure, fmt.Sprintf("error unmarshall network config: %v", err), "")
	}
	if conf.Name == "" {
		return types.NewError(types.ErrInvalidNetworkConfig, "missing network name", "")
	}
	return utils.ValidateNetworkName(conf.Name)
}

// minVersion is the first spec version having a verb (absent: all).
var minVersion = map[string]string{"CHECK": "0.4.0", "GC": "1.1.0", "STATUS": "1.1.0"}

// checkConfVersion checks that the plugin supports the config's
// cniVersion and that the verb exists in that version.
func checkConfVersion(cmd string, stdin []byte, supported version.PluginInfo) *types.Error {
	confVersion, err := (&version.ConfigDecoder{}).Decode(stdin)
	if err != nil {
		return types.NewError(types.ErrDecodingFailure, err.Error(), "")
	}
	if lowest, ok := minVersion[cmd]; ok {
		ok, err := version.GreaterThanOrEqualTo(confVersion, lowest)
		if err != nil {
			return types.NewError(types.ErrDecodingFailure, err.Error(), "")
		}
		if !ok {
			return types.NewError(types.ErrIncompatibleCNIVersion, fmt.Sprintf("config version does not allow %s", cmd), "")
		}
	}
	if verr := (&version.Reconciler{}).Check(confVersion, supported); verr != nil {
		return types.NewError(types.ErrIncompatibleCNIVersion, "incompatible CNI versions", verr.Details())
	}
	return nil
}

// checkNotInPodNetNS refuses to run a plugin whose calling thread is in
// the pod's own netns: its host-side work would land in the pod.
func checkNotInPodNetNS(args *skel.CmdArgs) *types.Error {
	if o := strings.ToUpper(args.NetnsOverride); o == "TRUE" || o == "1" || args.Netns == "" {
		return nil
	}
	same, err := cnins.CheckNetNS(args.Netns)
	if err != nil {
		return err
	}
	if same {
		return types.NewError(types.ErrInvalidNetNS, "plugin's netns and netns from CNI_NETNS should not be the same", "")
	}
	return nil
}
