package view

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// spoofDesc is what the link binding (pkg/ipmasq/linkguard) dropped, per
// pod: direction "from", packets from the pod's link with a source not
// its own; "as", packets with the pod's address that did not come from
// its link (a neighbour sending as the pod).
var spoofDesc = prometheus.NewDesc("diktyo_spoofed_packets_dropped_total",
	"Packets the link binding dropped, by pod and direction (from: sent from the pod's link with another source; as: sent with the pod's address from elsewhere).",
	[]string{"namespace", "pod", "direction"}, nil)

// strictDesc is what strict mode dropped, per pod held to it: new
// connections that would have left with the pod's own address because
// no decision of ipmasq's marked them (another writer had flushed or
// deleted its SNAT chains or table).
var strictDesc = prometheus.NewDesc("diktyo_strict_dropped_packets_total",
	"Packets of new connections of a pod in ipmasq's strict mode dropped because no SNAT decision marked them (its SNAT chains or table were missing).",
	[]string{"namespace", "pod"}, nil)

// spoofCollector reads the chain's node counters (ipmasq's guard table,
// through the plugin contract) at scrape time: one listing whatever the
// number of pods, nothing on the pods' hot path. The names are ipmasq's
// CountSpoofedFrom and CountSpoofedAs.
type spoofCollector struct {
	view func() View
	log  *slog.Logger
}

// SpoofCollector is the link binding's drops per pod, read from the
// views view hands it at each scrape.
func SpoofCollector(view func() View, log *slog.Logger) prometheus.Collector {
	return spoofCollector{view: view, log: log}
}

func (c spoofCollector) Describe(ch chan<- *prometheus.Desc) { ch <- spoofDesc; ch <- strictDesc }

func (c spoofCollector) Collect(out chan<- prometheus.Metric) {
	v := c.view()
	ch := v.Chain()
	if ch == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := ch.NodeCounts(ctx)
	if err != nil {
		c.log.Debug("reading the chain's node counters for metrics", "err", err)
	}
	if len(counts) == 0 {
		return
	}
	for _, pod := range v.Pods() {
		cs, ok := counts[cniutil.OwnerID(ch.NetworkName(), pod.Status.ID, ch.IfName())]
		if !ok {
			continue
		}
		for name, dir := range map[string]string{"spoofed_from": "from", "spoofed_as": "as"} {
			if v, ok := cs[name]; ok {
				out <- prometheus.MustNewConstMetric(spoofDesc, prometheus.CounterValue, float64(v), pod.Status.Namespace, pod.Status.Name, dir)
			}
		}
		if v, ok := cs["strict_dropped"]; ok {
			out <- prometheus.MustNewConstMetric(strictDesc, prometheus.CounterValue, float64(v), pod.Status.Namespace, pod.Status.Name)
		}
	}
}
