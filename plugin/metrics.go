package plugin

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/internal/stages"
	"github.com/diktyo-io/diktyo/plugin/internal/foreign"
)

// Failure reasons, the values of diktyo_failures_total{reason}.
const (
	reasonInvalid     = "invalid_annotation"
	reasonDenied      = "denied"
	reasonHostNetwork = "host_network"
	reasonNoNetns     = "no_netns"
	reasonNoIPs       = "no_ips"
	reasonChain       = "chain_unavailable"
	reasonAdd         = "cni_add"
	reasonDel         = "cni_del"
	reasonCheck       = "cni_check"
	reasonTimeout     = "timeout"
	reasonGC          = "gc"
	reasonConfig      = "config"
	// reasonUnknown: a decision could not be made (the node's addresses
	// unreadable); a running pod keeps its policy.
	reasonUnknown = "cannot_decide"
)

// metrics are diktyo-nri's Prometheus metrics, all prefixed diktyo_.
type metrics struct {
	events          *prometheus.CounterVec
	failures        *prometheus.CounterVec
	handlerLatency  *prometheus.HistogramVec
	cniLatency      *prometheus.HistogramVec
	stageLatency    *prometheus.HistogramVec
	podsUnderPolicy prometheus.Gauge
	reconciles      *prometheus.CounterVec
	reconcileAction *prometheus.CounterVec
	gcs             *prometheus.CounterVec
	reloads         *prometheus.CounterVec
	drift           *prometheus.CounterVec
	repairFailures  *prometheus.CounterVec
	egressBlocks    *prometheus.GaugeVec
	egressAddrPods  *prometheus.GaugeVec
	daemonState     *prometheus.GaugeVec
	watchFailures   *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	// Handler latencies live well under NRI's 2 s request timeout; the
	// buckets resolve the 1-50 ms range the chain normally takes.
	buckets := []float64{.001, .0025, .005, .01, .015, .02, .025, .05, .1, .25, .5, 1, 1.5, 2, 5}
	m := &metrics{
		events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_events_total", Help: "NRI events handled, by event type.",
		}, []string{"event"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_failures_total", Help: "Failures, by reason (whatever the failure policy made of them).",
		}, []string{"reason"}),
		handlerLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_handler_duration_seconds", Help: "Time NRI handlers took to answer, by event type.", Buckets: buckets,
		}, []string{"event"}),
		cniLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_cni_duration_seconds", Help: "Time chain runs took, by operation.", Buckets: buckets,
		}, []string{"op"}),
		stageLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "diktyo_stage_duration_seconds", Help: "Time each stage of an applied pod's RunPodSandbox took (watch, decide, wait, admit, addr_locks, chain, and each plugin of the chain by type).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .5, 1.5},
		}, []string{"event", "stage"}),
		podsUnderPolicy: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "diktyo_pods_under_policy", Help: "Pods whose chain state is applied.",
		}),
		reconciles: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_reconciles_total", Help: "Reconciles run, by trigger.",
		}, []string{"trigger"}),
		reconcileAction: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_reconcile_actions_total", Help: "What reconciles did per pod (add, check, drift, update, remove).",
		}, []string{"action"}),
		gcs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_gc_total", Help: "Chain garbage collections, by result.",
		}, []string{"result"}),
		reloads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_config_reloads_total", Help: "Config (admin config or conflist) loads, by result.",
		}, []string{"result"}),
		drift: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_drift_total", Help: "Reconcile CHECKs that found a pod's state drifted, by the plugin that reported it.",
		}, []string{"plugin"}),
		repairFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_repair_failures_total", Help: "Failed repairs of running pods (kept what was applied; retried with backoff), by the plugin that failed.",
		}, []string{"plugin"}),
		egressBlocks: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_egress_pool_blocks", Help: "Port blocks of each egress pool, by state (in_use, free).",
		}, []string{"pool", "address", "state"}),
		egressAddrPods: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_egress_address_pods", Help: "Pods (sandboxes) using each managed egress address (manage: true, or still assigned by diktyo).",
		}, []string{"address", "interface"}),
		daemonState: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "diktyo_daemon_state", Help: "1 for the daemon's state now (starting: no Synchronize on this connection, nothing is garbage-collected; synchronized; degraded: something is failing, what is applied stays), 0 for the others.",
		}, []string{"state"}),
		watchFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_sandbox_watch_failures_total",
			Help: "Sandboxes whose pause process could not be watched (their removal waits for StopPodSandbox or the periodic reconcile), by reason (no_process, other_netns: diktyo-nri not in the host PID namespace?; no_permission: without CAP_SYS_PTRACE?).",
		}, []string{"reason"}),
	}
	reg.MustRegister(m.events, m.failures, m.handlerLatency, m.cniLatency, m.stageLatency, m.podsUnderPolicy,
		m.reconciles, m.reconcileAction, m.gcs, m.reloads, m.drift, m.repairFailures, m.egressBlocks, m.egressAddrPods, m.daemonState)
	reg.MustRegister(m.watchFailures)
	registerConntrackStats(reg)
	return m
}

func (m *metrics) event(name string, start time.Time) {
	m.events.WithLabelValues(name).Inc()
	m.handlerLatency.WithLabelValues(name).Observe(time.Since(start).Seconds())
}

// stages observes every stage rec recorded for one event.
func (m *metrics) stages(event string, rec *stages.Recorder) {
	for _, s := range rec.Stages() {
		m.stageLatency.WithLabelValues(event, s.Name).Observe(s.Took.Seconds())
	}
}

func (m *metrics) fail(reason string) { m.failures.WithLabelValues(reason).Inc() }

func (m *metrics) cni(op string, start time.Time) {
	m.cniLatency.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

// foreignMetrics are the foreign-change listener's (foreign.go).
type foreignMetrics struct {
	changes  *prometheus.CounterVec
	failures *prometheus.CounterVec
}

func newForeignMetrics(reg prometheus.Registerer) foreignMetrics {
	m := foreignMetrics{
		changes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_foreign_changes_total",
			Help: "Deletions or changes of diktyo's objects by another writer on the node, noticed through the kernel's notifications and repaired by the reconcile they triggered, by object (nft_table, nft_chain, nft_rule, nft_set, ip_rule, route).",
		}, []string{"object"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "diktyo_foreign_watch_failures_total",
			Help: "Kernel notification subscriptions that could not be made (reason subscribe; retried with backoff) or were lost (reason lost: an overrun, ENOBUFS; a full reconcile runs and the subscription is made again), by source (nftables, rules, routes).",
		}, []string{"source", "reason"}),
	}
	reg.MustRegister(m.changes, m.failures)
	// Fixed label sets: every series exists from the start.
	for _, k := range foreign.Kinds {
		m.changes.WithLabelValues(string(k))
	}
	for _, s := range foreign.Sources {
		m.failures.WithLabelValues(s, "subscribe")
		m.failures.WithLabelValues(s, "lost")
	}
	return m
}
