package health

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// A source's error is news once (the first time, and when it changes),
// its recovery once; a kind's fault lists its failing sources.
func TestNoteSaysOnce(t *testing.T) {
	var h Health
	boom, other := errors.New("statfs: EIO"), errors.New("open /proc: EACCES")
	for i, step := range []struct {
		key  string
		err  error
		want Change
	}{
		{"netns a", boom, News},
		{"netns a", boom, Same},
		{"netns b", other, News},
		{"netns a", other, News},
		{"netns a", nil, Recovered},
		{"netns a", nil, Same},
		{"netns b", nil, Recovered},
	} {
		if got := h.Note(FaultNetns, step.key, step.err); got != step.want {
			t.Errorf("step %d (%s, %v): %v, want %v", i, step.key, step.err, got, step.want)
		}
		if i == 2 {
			if f := h.Fault(FaultNetns); f != "open /proc: EACCES; statfs: EIO" {
				t.Errorf("fault of two sources: %q", f)
			}
		}
	}
	if f := h.Faults(); len(f) != 0 {
		t.Errorf("faults once every source works: %v", f)
	}
}

// The daemon's state: starting until a Synchronize (which clears the NRI
// fault), degraded while anything fails or a pod is repaired.
func TestState(t *testing.T) {
	var h Health
	if s := h.State(0, 0); s != Starting {
		t.Errorf("before a Synchronize: %s", s)
	}
	h.Set(FaultNRI, errors.New("no socket"))
	h.Set(FaultConfig, errors.New("invalid"))
	h.SetSynced(true)
	if f := h.Faults(); !slices.Equal(f, []string{"config: invalid"}) {
		t.Errorf("faults after a Synchronize: %v, want the NRI one cleared", f)
	}
	if s := h.State(len(h.Faults()), 0); s != Degraded {
		t.Errorf("with a fault: %s", s)
	}
	h.Set(FaultConfig, nil)
	if s := h.State(0, 1); s != Degraded {
		t.Errorf("while a pod is repaired: %s", s)
	}
	if s := h.State(0, 0); s != Synchronized {
		t.Errorf("nothing failing: %s", s)
	}
	if !h.GCDeferred() || h.GCDeferred() {
		t.Error("a deferred GC is not said once per connection")
	}
	h.SetSynced(false)
	if !h.GCDeferred() {
		t.Error("a new connection's deferred GC is not said")
	}
}

// diktyo_daemon_state is 1 for the state now, 0 for the others.
func TestPublishState(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg)
	m.PublishState(Synchronized)
	m.PublishState(Degraded)
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range fams {
		if f.GetName() != "diktyo_daemon_state" {
			continue
		}
		for _, g := range f.GetMetric() {
			got[g.GetLabel()[0].GetValue()] = g.GetGauge().GetValue()
		}
	}
	if want := map[string]float64{Starting: 0, Synchronized: 0, Degraded: 1}; !maps.Equal(got, want) {
		t.Errorf("diktyo_daemon_state: %v, want %v", got, want)
	}
}
