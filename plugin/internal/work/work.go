// Package work is diktyo-nri's chain work on pods: ADD and DEL of the
// chain for one pod under its locks, egress admission and release as
// acts of that work, the address holds of its conntrack walks, and the
// bounded worker a handler waits for. It owns the pod locks, the address
// locks and the GC lock, and the lock order lives here: a pod's lock,
// then the GC lock shared, then its addresses' locks in order (never
// around the pod's); the holds are awaited outside the address locks.
//
// It is called by the NRI face (plugin) and by reconcile
// (plugin/internal/reconcile), never calls up to them, and reaches the
// rest through the rooms it is handed: the config in force (gen), the
// pod state (pods), the holds (hold), the admission (admit), the cluster
// connection (kube, for Events), the health and the read side's dumps.
package work

import (
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
)

// Options are the rooms the work is handed.
type Options struct {
	Log       *slog.Logger
	Metrics   *health.Metrics
	Health    *health.Health
	Conf      *gen.Loader
	Pods      *pods.Table
	Holds     *hold.Holds
	Admission *admit.Admission
	// Kube is the cluster connection at each call (it is made after the
	// work, and a test may replace it).
	Kube func() *kube.Kube
}

// Work is the chain work on pods, and its locks.
type Work struct {
	Options
	// locks are the work's locks, and their order.
	locks *Locks
	// requestTimeout is NRI's request timeout as containerd announced it.
	requestTimeout atomic.Int64
}

// New makes the work of the rooms o hands it.
func New(o Options) *Work { return &Work{Options: o, locks: NewLocks(o.Holds)} }

// SetRequestTimeout records NRI's request timeout as containerd
// announced it (Configure): the handlers' budget is at most 3/4 of it.
func (w *Work) SetRequestTimeout(d time.Duration) { w.requestTimeout.Store(int64(d)) }

// RequestTimeout is NRI's request timeout as containerd announced it.
func (w *Work) RequestTimeout() time.Duration { return time.Duration(w.requestTimeout.Load()) }

// Locks are the work's locks: reconcile takes a pod's, and GC's.
func (w *Work) Locks() *Locks { return w.locks }

// ChainOf is the chain in force for the read side; nil (no interface
// holding a nil runner) when there is none.
func ChainOf(st *gen.State) view.Chain {
	if st == nil || st.Runner == nil {
		return nil
	}
	return st.Runner
}

// Event names, as in metrics and logs.
const (
	EvRun    = "RunPodSandbox"
	EvStop   = "StopPodSandbox"
	EvRemove = "RemovePodSandbox"
	EvSync   = "Synchronize"
)

// Stages of RunPodSandbox, as in its "policy applied" log line and
// diktyo_stage_duration_seconds; the chain's plugins add one stage each,
// named by type (chainrun).
const (
	StageWatch     = "watch"      // the pod's entry, and the watch of its pause process (sandbox watch)
	StageDecide    = "decide"     // the pod's policy from its annotations and the admin config
	StageWait      = "wait"       // for the pod's lock and the bounded worker
	StageAdmit     = "admit"      // egress admission: pools, managed addresses, Leases
	StageAddrLocks = "addr_locks" // for the locks of the pod's addresses
	StageChain     = "chain"      // the chain's ADD through libcni, its plugins included
)

// PodLog is the log of a pod's work, naming it.
func (w *Work) PodLog(e *pods.Entry) *slog.Logger {
	return w.Log.With("pod.namespace", e.Pod.Namespace, "pod.name", e.Pod.Name, "pod.id", e.Pod.ID)
}

// Budget is how long a handler may wait for its chain work.
func (w *Work) Budget(cfg *policy.Config) time.Duration {
	b := cfg.Timeouts.Handler.Duration
	if rt := time.Duration(w.requestTimeout.Load()); rt > 0 && rt*3/4 < b {
		b = rt * 3 / 4
	}
	return b
}
