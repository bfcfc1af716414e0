package bench

import (
	"time"
)

// Results is everything one run measured; the report and the JSON dump
// are rendered from it.
type Results struct {
	Mode      string        `json:"mode"`
	RunID     string        `json:"runID"` // in every namespace name: dktb-<RunID>-…
	Meta      Meta          `json:"meta"`
	Started   time.Time     `json:"started"`
	Elapsed   time.Duration `json:"elapsed"`
	Durations []SectionTime `json:"durations"`

	Floor     []FloorRow  `json:"floor,omitempty"`
	PerPod    []PerPodRow `json:"perPod,omitempty"`
	Unrelated []ScaleRow  `json:"unrelated,omitempty"`
	Pods      []ScaleRow  `json:"pods,omitempty"`
	Packet    []PacketRow `json:"packet,omitempty"`
	// PacketSamples is the round trips per configuration and round.
	PacketSamples int               `json:"packetSamples,omitempty"`
	Containerd    *ContainerdResult `json:"containerd,omitempty"`
	Daemon        []DaemonResult    `json:"daemon,omitempty"` // one per chain.inProcess mode
	Scale         *ScaleResult      `json:"scale,omitempty"`
	Egress        *EgressResult     `json:"egress,omitempty"`
	Conntrack     *ConntrackResult  `json:"conntrack,omitempty"`
	GoBench       []GoBench         `json:"goBench,omitempty"`

	Skipped []Skip `json:"skipped,omitempty"`
}

// SectionTime is how long a section took to run.
type SectionTime struct {
	Section string        `json:"section"`
	Took    time.Duration `json:"took"`
}

// Skip records a part that could not run and why; the report prints it as
// "skipped: <why>" instead of a figure.
type Skip struct {
	Section string `json:"section"`
	Why     string `json:"why"`
}

func (r *Results) skip(section, why string) {
	r.Skipped = append(r.Skipped, Skip{section, why})
}

// PerPodRow is one case of section 1.
type PerPodRow struct {
	Key    string  `json:"key"`
	Name   string  `json:"name"`
	Ref    bool    `json:"ref"`
	Note   string  `json:"note"`
	Add    Summary `json:"add"`
	Del    Summary `json:"del"`
	AddDel Summary `json:"addDel"`
	// PerPod is what one ADD added to the node; Left is what remained
	// after its DEL (shared chains and tables a plugin keeps).
	PerPod State `json:"perPod"`
	Left   State `json:"left"`
	// The samples behind Add and AddDel, for the intervals of the ratios
	// the report states.
	AddSamples    []time.Duration `json:"addSamples,omitempty"`
	AddDelSamples []time.Duration `json:"addDelSamples,omitempty"`
}

// FloorRow is one primitive of section 0: the irreducible cost of
// something diktyo's hot paths do (an exec, a netlink batch...).
type FloorRow struct {
	Key     string          `json:"key"`
	Name    string          `json:"name"`
	How     string          `json:"how"`
	Time    Summary         `json:"time"`
	Samples []time.Duration `json:"samples,omitempty"`
}

// ScaleRow is one (case, node size) point of sections 2a/2b.
type ScaleRow struct {
	Key  string  `json:"key"`
	Name string  `json:"name"`
	Ref  bool    `json:"ref"`
	Size int     `json:"size"`
	Add  Summary `json:"add"`
	Del  Summary `json:"del"`
	// Fill is how long preloading the node took (not a measurement).
	Fill time.Duration `json:"fill"`
	// AddSamples are the samples behind Add (ratio intervals).
	AddSamples []time.Duration `json:"addSamples,omitempty"`
}

// PacketRow is one (variant, pods) point of section 3.
type PacketRow struct {
	Key     string `json:"key"`
	Variant string `json:"variant"`
	Pods    int    `json:"pods"`
	// NewFlow: a fresh UDP socket (new conntrack entry, so the nat hooks
	// run) per request/response. Established: one socket, conntrack hit.
	NewFlow     Summary `json:"newFlow"`
	Established Summary `json:"established"`
	// The same per request, amortized over bursts of back-to-back
	// requests: processing cost rather than wake-up latency.
	NewFlowBurst     Summary `json:"newFlowBurst"`
	EstablishedBurst Summary `json:"establishedBurst"`
	// NewFlowBurstSamples are the samples behind NewFlowBurst (the
	// interval of the per-packet target's ratio).
	NewFlowBurstSamples []time.Duration `json:"newFlowBurstSamples,omitempty"`
}

// ContainerdResult is section 4.
type ContainerdResult struct {
	RunpWithout Summary `json:"runpWithout"`
	RunpWith    Summary `json:"runpWith"`  // annotated pod, full chain
	RunpPlain   Summary `json:"runpPlain"` // diktyo-nri connected, pod without annotations
	// RunpWithSamples and RunpWithoutSamples are the samples behind
	// RunpWith and RunpWithout (the overhead's interval).
	RunpWithSamples    []time.Duration `json:"runpWithSamples,omitempty"`
	RunpWithoutSamples []time.Duration `json:"runpWithoutSamples,omitempty"`
	// Handler latency from diktyo-nri's histogram (RunPodSandbox).
	HandlerP50 time.Duration `json:"handlerP50"`
	HandlerP99 time.Duration `json:"handlerP99"`
	HandlerN   int           `json:"handlerN"`
	// Load is `crictl runp` with several pods starting at once, one row
	// per (arm, concurrency); Create is CreateContainer of an unrelated
	// pod while others start.
	Load      []LoadRow   `json:"load,omitempty"`
	LoadNotes []string    `json:"loadNotes,omitempty"`
	Create    *CreateLoad `json:"create,omitempty"`
	Notes     []string    `json:"notes,omitempty"` // of the single-pod rows
}

// Arms of the load measurement of section 4.
const (
	ArmNone     = "none"     // diktyo-nri not connected, pods without annotations
	ArmNFTables = "nftables" // diktyo-nri, ipmasq's nftables backend, annotated pods
	ArmIPTables = "iptables" // diktyo-nri, ipmasq's iptables backend, annotated pods
)

// LoadRow is one (arm, concurrency) point of section 4's load
// measurement.
type LoadRow struct {
	Arm         string  `json:"arm"`
	Concurrency int     `json:"concurrency"`
	Runp        Summary `json:"runp"`
	Stopp       Summary `json:"stopp"`
	// Handler is diktyo-nri's own `policy applied took` (diktyo arms).
	Handler Summary `json:"handler"`
	// Wall is the summed time of the blocks' start phases (first runp
	// issued to last one returned): pods per second is Runp.N / Wall.
	Wall time.Duration `json:"wall"`
	// BlockPerPod is each block's start phase over its pods: one sample
	// per block, what the pods/s ratio's interval is drawn from.
	BlockPerPod []time.Duration `json:"blockPerPod,omitempty"`
}

// PodsPerSec is the start throughput of the row's blocks.
func (r LoadRow) PodsPerSec() float64 {
	if r.Wall <= 0 {
		return 0
	}
	return float64(r.Runp.N) / r.Wall.Seconds()
}

// CreateLoad is `crictl create` (CreateContainer) of a container in a
// running sandbox without annotations: while nothing else starts, while
// annotated pods start with diktyo-nri connected, and while pods without
// annotations start without diktyo-nri (containerd's own load).
type CreateLoad struct {
	Concurrency int     `json:"concurrency"` // pods starting at once in the busy cases
	Backend     string  `json:"backend"`     // ipmasq backend of the annotated pods' chain
	Idle        Summary `json:"idle"`
	Diktyo      Summary `json:"diktyo"`
	Plain       Summary `json:"plain"`
	// DiktyoSamples and PlainSamples are the samples behind Diktyo and
	// Plain (the interval of their ratio).
	DiktyoSamples []time.Duration `json:"diktyoSamples,omitempty"`
	PlainSamples  []time.Duration `json:"plainSamples,omitempty"`
	Notes         []string        `json:"notes,omitempty"`
}

// DaemonResult is section 5, measured by driving the diktyo-nri binary
// through NRI's runtime side (no containerd).
type DaemonResult struct {
	Mode    string `json:"mode"` // "in-process" (chain.inProcess, the default) or "exec"
	Backend string `json:"backend"`
	// Handler round trips of RunPodSandbox as the runtime sees them:
	// annotated pods (full chain) and unannotated ones (no policy).
	HandlerWith    Summary `json:"handlerWith"`
	HandlerWithout Summary `json:"handlerWithout"`
	// HandlerWithSamples are the round trips behind HandlerWith.
	HandlerWithSamples []time.Duration `json:"handlerWithSamples,omitempty"`
	// Reconcile after a restart with ReconcilePods annotated pods (and as
	// many unannotated ones): diktyo-nri's own "took", and the wall time
	// from process start to the end of that reconcile.
	ReconcilePods int        `json:"reconcilePods"`
	Reconcile     Summary    `json:"reconcile"`
	ReconcileWall Summary    `json:"reconcileWall"`
	RSS           []RSSPoint `json:"rss,omitempty"`
	// Stages: where an annotated pod's round trip went, from
	// diktyo-nri's "policy applied" stages, in first-seen order.
	Stages []StageSummary `json:"stages,omitempty"`
	Notes  []string       `json:"notes,omitempty"`
}

// StageSummary is one stage of RunPodSandbox over the annotated pods.
type StageSummary struct {
	Name    string  `json:"name"`
	Summary Summary `json:"summary"`
}

// ScaleResult is section 5's scale run: one in-process diktyo-nri with
// the nftables chain (what deploy/ ships) on a node carrying Unrelated
// kube-proxy-shaped nat rules, grown to each size in turn.
type ScaleResult struct {
	Backend   string       `json:"backend"`
	Unrelated int          `json:"unrelated"`
	Points    []ScalePoint `json:"points"`
	Notes     []string     `json:"notes,omitempty"`
}

// ScalePoint is the node at one size: the RunPodSandbox round trip of
// the last pods added, diktyo-nri's RSS, and after a restart its
// reconcile of every pod (its own figure), how long the runtime waited
// for the Synchronize reply (containerd holds its NRI lock meanwhile)
// and the wall time from process start to the reconcile's end.
type ScalePoint struct {
	Pods    int     `json:"pods"`
	Handler Summary `json:"handler"`
	// HandlerSamples are the round trips behind Handler.
	HandlerSamples []time.Duration `json:"handlerSamples,omitempty"`
	// RSS is the median of RSSReadings, read after each timed pod.
	RSS         int64         `json:"rss"`
	RSSReadings []int64       `json:"rssReadings,omitempty"`
	Reconcile   time.Duration `json:"reconcile"`
	SyncReply   time.Duration `json:"syncReply"`
	Wall        time.Duration `json:"wall"`
	// Restarts are every restart's reconcile, Synchronize reply and
	// start-to-reconciled at this size (Reconcile, SyncReply and Wall
	// are their medians).
	Restarts []ScaleRestart `json:"restarts,omitempty"`
	// Profile is what the Go runtime says of the largest size (nil at
	// the others).
	Profile *ScaleProfile `json:"profile,omitempty"`
}

// ScaleRestart is one restart of the scale run's diktyo-nri.
type ScaleRestart struct {
	Reconcile time.Duration `json:"reconcile"`
	SyncReply time.Duration `json:"syncReply"`
	Wall      time.Duration `json:"wall"`
}

// ScaleProfile is diktyo-nri's profiles at the scale run's largest size,
// taken over --pprof-socket: the heap (after a GC) and the runtime's
// memory statistics behind its RSS, and CPU profiles while pods start and
// while it reconciles after a restart. The tops are `go tool pprof -top`
// of each; Files are the raw profiles, kept beside the JSON results.
type ScaleProfile struct {
	MemStats     map[string]int64 `json:"memStats,omitempty"`
	HeapTop      string           `json:"heapTop,omitempty"`
	StartCPUTop  string           `json:"startCPUTop,omitempty"`
	ReconcileTop string           `json:"reconcileTop,omitempty"`
	Files        []string         `json:"files,omitempty"`
	Errors       []string         `json:"errors,omitempty"`
}

// RSSPoint is diktyo-nri's resident memory with n pods under policy.
type RSSPoint struct {
	Pods  int   `json:"pods"`
	Bytes int64 `json:"bytes"`
}

// EgressResult is what a managed egress address adds to RunPodSandbox
// (section 5): the round trip of a pod SNATing to a routed external (the
// node does nothing for it), to a managed one no other pod uses yet
// (probe, assign, announce), and to a managed one already present.
type EgressResult struct {
	Routed  Summary  `json:"routed"`
	Absent  Summary  `json:"absent"`
	Present Summary  `json:"present"`
	Notes   []string `json:"notes,omitempty"`
}
