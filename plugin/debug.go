package plugin

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/types"

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

// dump writes <debug.dir>/<sandbox ID>/<verb>_<unix nanos>.json when the
// pod asked for it (and the admin allowed it). Failures are only logged:
// debugging must never break a pod.
func (p *Plugin) dump(st *state, pod chainrun.Pod, pol *policy.Policy, verb string, args map[string]any, res types.Result, runErr error) {
	if pol == nil || !pol.Debug || st.runner == nil {
		return
	}
	d := debugDump{
		Time: time.Now().UTC(), Verb: verb, Pod: pod, Network: st.runner.NetworkName(), IfName: st.runner.IfName(),
		CNIArgs: chainrun.CNIArgs(pod), Policy: pol, Result: res,
	}
	if args != nil {
		d.CapabilityArgs = chainrun.CapabilityArgs(pod, args)
	}
	if runErr != nil {
		d.Error = runErr.Error()
	}
	if err := writeDump(st.cfg.Debug.Dir, d); err != nil {
		p.log.Warn("debug dump failed", "pod.namespace", pod.Namespace, "pod.name", pod.Name, "pod.id", pod.ID, "error", err)
	}
}

func writeDump(dir string, d debugDump) error {
	// The sandbox ID comes from containerd (hex), but keep the path inside
	// dir whatever it holds.
	sub := filepath.Join(dir, filepath.Base(filepath.Clean("/"+d.Pod.ID)))
	if err := os.MkdirAll(sub, 0o700); err != nil {
		return err
	}
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	name := filepath.Join(sub, fmt.Sprintf("%s_%d.json", d.Verb, d.Time.UnixNano()))
	if err := os.WriteFile(name, data, 0o600); err != nil {
		return err
	}
	pruneDumps(dir, sub, d.Time)
	return nil
}

// Dumps are bounded: a pod may ask for debug for its whole life, and
// reconcile re-runs the chain, so an unbounded directory would fill the
// disk. A sandbox directory keeps its newest maxDumpsPerPod dumps, and
// directories untouched for maxDumpAge go.
const (
	maxDumpsPerPod = 64
	maxDumpAge     = 24 * time.Hour
)

// dumpName matches the files writeDump makes; pruning removes nothing else.
var dumpName = regexp.MustCompile(`^[A-Z]+_[0-9]+\.json$`)

func pruneDumps(dir, current string, now time.Time) {
	if files := dumpFiles(current); len(files) > maxDumpsPerPod {
		sort.Slice(files, func(i, j int) bool { return dumpStamp(files[i]) > dumpStamp(files[j]) })
		for _, f := range files[maxDumpsPerPod:] {
			_ = os.Remove(f)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		sub := filepath.Join(dir, e.Name())
		info, err := e.Info()
		if !e.IsDir() || sub == current || err != nil || now.Sub(info.ModTime()) < maxDumpAge {
			continue
		}
		for _, f := range dumpFiles(sub) {
			_ = os.Remove(f)
		}
		_ = os.Remove(sub) // only if it held nothing else
	}
}

func dumpFiles(sub string) []string {
	entries, err := os.ReadDir(sub)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && dumpName.MatchString(e.Name()) {
			out = append(out, filepath.Join(sub, e.Name()))
		}
	}
	return out
}

func dumpStamp(path string) int64 {
	_, ts, _ := strings.Cut(strings.TrimSuffix(filepath.Base(path), ".json"), "_")
	n, _ := strconv.ParseInt(ts, 10, 64)
	return n
}
