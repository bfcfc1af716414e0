package view

import (
	"encoding/json"
	"log/slog"
	"time"

	"github.com/containernetworking/cni/pkg/types"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// debugDump is what a pod with the debug annotation gets written for each
// chain run: everything needed to replay it with cnitool.
type debugDump struct {
	Time           time.Time      `json:"time"`
	Verb           string         `json:"verb"`
	Pod            chainrun.Pod   `json:"pod"`
	Network        string         `json:"network"`
	IfName         string         `json:"ifName"`
	CNIArgs        [][2]string    `json:"cniArgs"`
	CapabilityArgs map[string]any `json:"capabilityArgs,omitempty"`
	Policy         *policy.Policy `json:"policy"`
	Result         types.Result   `json:"result,omitempty"`
	Error          string         `json:"error,omitempty"`
}

// Dump writes <dir>/<sandbox ID>/<verb>_<unix nanos>.json when the
// pod asked for it (and the admin allowed it) and a chain is in force.
// Failures are only logged: debugging must never break a pod.
func Dump(log *slog.Logger, dir string, ch Chain, pod chainrun.Pod, pol *policy.Policy, verb string, args map[string]any, res types.Result, runErr error) {
	if pol == nil || !pol.Debug || ch == nil {
		return
	}
	d := debugDump{
		Time: time.Now().UTC(), Verb: verb, Pod: pod, Network: ch.NetworkName(), IfName: ch.IfName(),
		CNIArgs: chainrun.CNIArgs(pod), Policy: pol, Result: res,
	}
	if args != nil {
		d.CapabilityArgs = chainrun.CapabilityArgs(pod, args)
	}
	if runErr != nil {
		d.Error = runErr.Error()
	}
	if err := writeDump(dir, d); err != nil {
		log.Warn("debug dump failed", "pod.namespace", pod.Namespace, "pod.name", pod.Name, "pod.id", pod.ID, "error", err)
	}
}

// Dumps are bounded: a pod may ask for debug for its whole life, and
// reconcile re-runs the chain, so an unbounded directory would fill the
// disk. A sandbox directory keeps its newest maxDumpsPerPod dumps, and
// directories untouched for maxDumpAge go.
const (
	maxDumpsPerPod = 64
	maxDumpAge     = 24 * time.Hour
)

// writeDump writes <dir>/<sandbox ID>/<verb>_<unix nanos>.json with
// fsutil's dump writer (the one noop uses): 0600 files in 0700
// directories, dir not writable by others, bounded as above.
func writeDump(dir string, d debugDump) error {
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	dumps := fsutil.Dumps{Dir: dir, Key: "debug.dir", Keep: maxDumpsPerPod, MaxAge: maxDumpAge}
	_, err = dumps.Write([]string{d.Pod.ID}, d.Verb, d.Time, data)
	return err
}
