package cniutil

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"

	"github.com/containernetworking/cni/pkg/skel"
	current "github.com/containernetworking/cni/pkg/types/100"
)

// Plugin is the contract every one of diktyo's CNI plugins exports (as a
// package-level value named Plugin), so that the plugin binary, the
// in-process executor of diktyo-nri and `diktyo-nri explain` are built
// from the same parts:
//   - Verbs: the CNI verbs, given the invocation's environment (logger,
//     CNI environment) and a context per call;
//   - Explain: what ADD would create for a config and a pod, from the
//     plugin's own config parser and planner, touching nothing;
//   - Describe: the read side, what the plugin holds for an attachment
//     as a typed Part (diktyo-nri status and trace, explain's summary),
//     from the same parser and planner;
//   - Moved (optional): whether a new config keeps a pod's state
//     elsewhere (another backend), so that the runtime DELs the old;
//   - Type and About: the plugin type conflists name, and the line the
//     binary prints for VERSION's about.
//
// A new built-in plugin is one such value and one line in chainrun's
// registry (chainrun.Builtin): status, trace and explain read it from
// there.
type Plugin struct {
	Type  string
	About string
	// Verbs returns the verbs for one invocation (the binary calls it
	// once; the in-process executor once per call).
	Verbs func(Env) Verbs
	// Explain describes, without touching the kernel, the DNS server or
	// any file, what ADD would create; an error means ADD would refuse.
	Explain func(stdin []byte, pod ExplainPod) (string, error)
	// Describe rebuilds, touching nothing, what the plugin holds (or an
	// ADD would create) for the attachment pod under the plugin config
	// stdin, as a Part; an error means ADD would refuse it today. The
	// Part may also be a Tracer (trace) or Counted (status's counters).
	// Nil: the plugin has nothing to show.
	Describe func(stdin []byte, pod ExplainPod) (Part, error)
	// Moved, when set, reports whether the state a pod gets under plugin
	// config old lives somewhere else under new (another backend, table
	// or chain), so that an ADD with new leaves the old state behind. The
	// runtime then DELs the old config after the new ADD, telling the
	// plugin that the pod continues (PodContinues). Nil: never.
	Moved func(old, new []byte) bool
	// NodeCounts, when set, reads what the kernel counted for every
	// attachment of the plugin config stdin at once, by owner ID and
	// counter name (ipmasq: its link binding's drops, "spoofed_from" and
	// "spoofed_as"): one read whatever the number of pods, for a metrics
	// scrape.
	NodeCounts func(ctx context.Context, stdin []byte) (map[string]map[string]uint64, error)
	// Prepare, when set, makes the kernel hold the fixed objects every
	// pod's ADD under the plugin config stdin (a conflist entry) needs
	// (ipmasq's nftables table, chains and sets, its guard's), so that a
	// pod's ADD is only its own elements; a long-lived caller calls it
	// when it loads a config and at each reconcile pass. It returns what
	// it repaired of objects that were there in part (a foreign write: a
	// chain flushed, a set deleted), not what it made anew. A plugin's
	// ADD still creates what is missing: Prepare is never needed.
	Prepare func(ctx context.Context, stdin []byte) (repaired []string, err error)
	// Flush, when set, waits until the work the plugin's verbs left
	// behind their answers (Env.Behind) is done: a long-lived caller
	// calls it before it exits.
	Flush func(ctx context.Context) error
}

// ArgPodContinues is the CNI_ARGS key (value "true") with which a runtime
// DELs an attachment of a pod that keeps running under another one made
// just before (a changed backend, a renamed network): a plugin then
// removes that attachment's own objects but nothing that belongs to the
// pod itself, such as its conntrack entries, which the newer attachment's
// rules still translate the same way.
const ArgPodContinues = "DIKTYO_POD_CONTINUES"

// PodContinues reports whether CNI_ARGS (K=V pairs separated by ";")
// carry ArgPodContinues=true.
func PodContinues(cniArgs string) bool {
	for _, kv := range strings.Split(cniArgs, ";") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == ArgPodContinues && v == "true" {
			return true
		}
	}
	return false
}

// Env is what a plugin's verbs get from their caller besides the CNI
// arguments.
type Env struct {
	// Log receives the plugin's diagnostics: stderr for a binary, as CNI
	// expects; in-process, the daemon's structured logger carrying the
	// pod's attributes.
	Log *slog.Logger
	// Environ is the invocation's environment (the CNI_* variables the
	// runtime set): the process environment for a binary, the one libcni
	// built for an in-process call, where the process has no CNI_*.
	Environ []string
	// Behind: the caller outlives the call (diktyo-nri runs the chain
	// in-process) and calls the plugin's Flush before it exits, so work
	// that decides no packet (registerDNS's hosts file) may be done after
	// the answer. A binary answers only when everything is done.
	Behind bool
}

// ExplainPod is the attachment Plugin.Explain and Plugin.Describe
// describe: a would-be one (explain) or one libcni cached (status).
type ExplainPod struct {
	Network     string         // the network (conflist) name
	ContainerID string         // the sandbox ID, which names the owner of every object
	IfName      string         // the pod's interface
	Args        string         // CNI_ARGS (K8S_POD_NAMESPACE=...;...)
	Addrs       []netip.Prefix // the pod's addresses, hosts
}

// CmdArgs is the skel.CmdArgs ADD would get for the pod and stdin.
func (p ExplainPod) CmdArgs(stdin []byte) *skel.CmdArgs {
	return &skel.CmdArgs{ContainerID: p.ContainerID, IfName: p.IfName, Args: p.Args, StdinData: stdin}
}

// Verbs are a plugin's CNI verbs with ADD returning its result instead of
// printing it. One implementation then serves both the plugin binary
// (CNIFuncs prints the result to stdout, as skel expects) and diktyo-nri
// running the plugin in-process, where stdout is shared by every
// goroutine and must not be written. Every verb takes the caller's
// context: in-process, its deadline is the pod's handler budget, and a
// verb that outlives it would run on after the pod's lock is released.
type Verbs struct {
	// Add returns the result and the CNI version to encode it in (the
	// config's cniVersion).
	Add    func(context.Context, *skel.CmdArgs) (*current.Result, string, error)
	Check  func(context.Context, *skel.CmdArgs) error
	Del    func(context.Context, *skel.CmdArgs) error
	GC     func(context.Context, *skel.CmdArgs) error
	Status func(context.Context, *skel.CmdArgs) error
}

// CNIFuncs adapts v to skel for a plugin binary: ADD prints its result.
func (v Verbs) CNIFuncs(ctx context.Context) skel.CNIFuncs {
	bind := func(f func(context.Context, *skel.CmdArgs) error) func(*skel.CmdArgs) error {
		if f == nil {
			return nil
		}
		return func(args *skel.CmdArgs) error { return f(ctx, args) }
	}
	add := v.Add
	return skel.CNIFuncs{
		Add: func(args *skel.CmdArgs) error {
			res, cniVersion, err := add(ctx, args)
			if err != nil {
				return err
			}
			return Print(res, cniVersion)
		},
		Check:  bind(v.Check),
		Del:    bind(v.Del),
		GC:     bind(v.GC),
		Status: bind(v.Status),
	}
}

// Encode returns the bytes a plugin binary prints for res: res converted
// to cniVersion, as JSON.
func Encode(res *current.Result, cniVersion string) ([]byte, error) {
	conv, err := res.GetAsVersion(cniVersion)
	if err != nil {
		return nil, fmt.Errorf("converting the result to CNI %s: %w", cniVersion, err)
	}
	var buf bytes.Buffer
	if err := conv.PrintTo(&buf); err != nil {
		return nil, fmt.Errorf("encoding the result: %w", err)
	}
	return buf.Bytes(), nil
}
