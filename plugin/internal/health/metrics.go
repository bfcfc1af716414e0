package health

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/internal/stages"
)

// Metrics are diktyo-nri's Prometheus metrics, all prefixed diktyo_.
type Metrics struct {
	Events          *prometheus.CounterVec
	Failures        *prometheus.CounterVec
	HandlerLatency  *prometheus.HistogramVec
	CniLatency      *prometheus.HistogramVec
	StageLatency    *prometheus.HistogramVec
	PodsUnderPolicy prometheus.Gauge
	Reconciles      *prometheus.CounterVec
	ReconcileAction *prometheus.CounterVec
	Gcs             *prometheus.CounterVec
	Reloads         *prometheus.CounterVec
	Drift           *prometheus.CounterVec
	RepairFailures  *prometheus.CounterVec
	EgressBlocks    *prometheus.GaugeVec
	EgressAddrPods  *prometheus.GaugeVec
	DaemonState     *prometheus.GaugeVec
	WatchFailures   *prometheus.CounterVec
}

// NewMetrics registers the metrics with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	// Handler latencies live well under NRI's 2 s request timeout; the
	// buckets resolve the 1-50 ms range the chain normally takes.
	buckets := []float64{.001, .0025, .005, .01, .015, .02, .025, .05, .1, .25, .5, 1, 1.5, 2, 5}
	m := &Metrics{
		Events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_events_total", Help: "NRI events handled, by event type.",
		}, []string{"event"}),
		Failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_failures_total", Help: "Failures, by reason (whatever the failure policy made of them).",
		}, []string{"reason"}),
		HandlerLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_handler_duration_seconds", Help: "Time NRI handlers took to answer, by event type.", Buckets: buckets,
		}, []string{"event"}),
		CniLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_cni_duration_seconds", Help: "Time chain runs took, by operation.", Buckets: buckets,
		}, []string{"op"}),
		StageLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_stage_duration_seconds", Help: "Time each stage of an applied pod's RunPodSandbox took (watch, decide, wait, admit, addr_locks, chain, and each plugin of the chain by type).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .5, 1.5},
		}, []string{"event", "stage"}),
		PodsUnderPolicy: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "diktyo_pods_under_policy", Help: "Pods whose chain state is applied.",
		}),
		Reconciles: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_reconciles_total", Help: "Reconciles run, by trigger.",
		}, []string{"trigger"}),
		ReconcileAction: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_reconcile_actions_total", Help: "What reconciles did per pod (add, check, drift, update, remove).",
		}, []string{"action"}),
		Gcs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_gc_total", Help: "Chain garbage collections, by result.",
		}, []string{"result"}),
		Reloads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_config_reloads_total", Help: "Config (admin config or conflist) loads, by result.",
		}, []string{"result"}),
		Drift: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_drift_total", Help: "Reconcile CHECKs that found a pod's state drifted, by the plugin that reported it.",
		}, []string{"plugin"}),
		RepairFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_repair_failures_total", Help: "Failed repairs of running pods (kept what was applied; retried with backoff), by the plugin that failed.",
		}, []string{"plugin"}),
		EgressBlocks: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_egress_pool_blocks", Help: "Port blocks of each egress pool, by state (in_use, free).",
		}, []string{"pool", "address", "state"}),
		EgressAddrPods: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_egress_address_pods", Help: "Pods (sandboxes) using each managed egress address (manage: true, or still assigned by diktyo).",
		}, []string{"address", "interface"}),
		DaemonState: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_daemon_state", Help: "1 for the daemon's state now (starting: no Synchronize on this connection, nothing is garbage-collected; synchronized; degraded: something is failing, what is applied stays), 0 for the others.",
		}, []string{"state"}),
		WatchFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_sandbox_watch_failures_total",
			Help: "Sandboxes whose pause process could not be watched (their removal waits for StopPodSandbox or the periodic reconcile), by reason (no_process, other_netns: diktyo-nri not in the host PID namespace?; no_permission: without CAP_SYS_PTRACE?).",
		}, []string{"reason"}),
	}
	reg.MustRegister(m.Events, m.Failures, m.HandlerLatency, m.CniLatency, m.StageLatency, m.PodsUnderPolicy,
		m.Reconciles, m.ReconcileAction, m.Gcs, m.Reloads, m.Drift, m.RepairFailures, m.EgressBlocks, m.EgressAddrPods, m.DaemonState)
	reg.MustRegister(m.WatchFailures)
	return m
}

// Event counts one NRI event and its handler's latency.
func (m *Metrics) Event(name string, start time.Time) {
	m.Events.WithLabelValues(name).Inc()
	m.HandlerLatency.WithLabelValues(name).Observe(time.Since(start).Seconds())
}

// Stages observes every stage rec recorded for one event.
func (m *Metrics) Stages(event string, rec *stages.Recorder) {
	for _, s := range rec.Stages() {
		m.StageLatency.WithLabelValues(event, s.Name).Observe(s.Took.Seconds())
	}
}

// Fail counts one failure of reason.
func (m *Metrics) Fail(reason string) { m.Failures.WithLabelValues(reason).Inc() }

// CNI observes one chain run of op.
func (m *Metrics) CNI(op string, start time.Time) {
	m.CniLatency.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

// PublishState sets diktyo_daemon_state to state.
func (m *Metrics) PublishState(state string) {
	for _, s := range States {
		v := 0.0
		if s == state {
			v = 1
		}
		m.DaemonState.WithLabelValues(s).Set(v)
	}
}
