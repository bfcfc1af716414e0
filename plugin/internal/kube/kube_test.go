package kube

import (
	"errors"
	"log/slog"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// TestNodeLabels: without an API server the node's labels are known to
// be none; with one (or credentials that could not be read) they are
// unknown until read; a read installs them, and reloads the config only
// when it chooses by them, asking for a reconcile only when that
// installed a new one; a refused reload is the node_labels fault.
func TestNodeLabels(t *testing.T) {
	if l := (*Kube)(nil).NodeLabels(); l.Known {
		t.Error("no connection made yet: labels known")
	}
	none, err := Connect(policy.ClusterConfig{}, nil, false, Options{Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if l := none.NodeLabels(); !l.Known || len(l.Labels) != 0 {
		t.Errorf("node-local, no cluster: %+v, want known to be none", l)
	}
	if s := none.Status(); s == nil || s.NodeLocal == "" {
		t.Errorf("node-local status: %+v, want it saying why", s)
	}

	var selects bool
	var reloaded, changed int
	reloadErr := error(nil)
	h := &health.Health{}
	k := &Kube{NodeLocal: "no usable credentials", o: Options{Log: slog.New(slog.DiscardHandler), Health: h,
		Metrics: health.NewMetrics(prometheus.NewRegistry()),
		Selects: func() bool { return selects },
		Reload:  func() (bool, error) { reloaded++; return reloadErr == nil, reloadErr },
		Changed: func() { changed++ }}}
	if l := k.NodeLabels(); l.Known {
		t.Errorf("credentials not read: %+v, want unknown", l)
	}
	k.SetNodeLabels(map[string]string{"zone": "a"})
	if l := k.NodeLabels(); !l.Known || l.Labels["zone"] != "a" || reloaded != 0 {
		t.Errorf("labels read: %+v, %d reloads; want zone=a, no reload (the config does not choose by them)", l, reloaded)
	}
	selects = true
	k.SetNodeLabels(map[string]string{"zone": "b"})
	if reloaded != 1 || changed != 1 {
		t.Errorf("labels changed under a config that chooses by them: %d reloads, %d reconciles; want 1, 1", reloaded, changed)
	}
	reloadErr = errors.New("pool web: no node matches")
	k.SetNodeLabels(map[string]string{"zone": "c"})
	if changed != 1 || h.Fault(health.FaultNodeLabels) == "" {
		t.Errorf("refused reload: %d reconciles, fault %q; want no reconcile and the node_labels fault", changed, h.Fault(health.FaultNodeLabels))
	}
}
