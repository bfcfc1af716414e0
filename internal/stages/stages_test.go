package stages

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRecorderSumsRepeatsInFirstSeenOrder(t *testing.T) {
	r := &Recorder{}
	r.Add("ipmasq", 2*time.Millisecond)
	r.Add("iproute", time.Millisecond)
	r.Add("ipmasq", 3*time.Millisecond)
	got := r.Stages()
	want := []Stage{{"ipmasq", 5 * time.Millisecond}, {"iproute", time.Millisecond}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Stages() = %v, want %v", got, want)
	}
}

func TestNilRecorderAndContextWithout(t *testing.T) {
	var r *Recorder
	r.Add("x", time.Second)
	r.Since("x", time.Now())
	if r.Stages() != nil {
		t.Fatal("a nil Recorder recorded something")
	}
	Time(context.Background(), "x")() // no Recorder: nothing to do, no panic
	if From(context.Background()) != nil {
		t.Fatal("From of a bare context is not nil")
	}
}

func TestTimeThroughContext(t *testing.T) {
	r := &Recorder{}
	ctx := With(context.Background(), r)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			done := Time(ctx, "chain")
			time.Sleep(time.Millisecond)
			done()
		})
	}
	wg.Wait()
	got := r.Stages()
	if len(got) != 1 || got[0].Name != "chain" || got[0].Took < 8*time.Millisecond {
		t.Fatalf("Stages() = %v, want one chain stage of at least 8ms", got)
	}
}

func TestLogValueIsAnObjectOfDurations(t *testing.T) {
	r := &Recorder{}
	r.Add("decide", 1500*time.Nanosecond)
	r.Add("chain", 3*time.Millisecond)
	var b strings.Builder
	slog.New(slog.NewJSONHandler(&b, nil)).Info("policy applied", "stages", r)
	var line struct {
		Stages map[string]int64 `json:"stages"`
	}
	if err := json.Unmarshal([]byte(b.String()), &line); err != nil {
		t.Fatalf("%v: %s", err, b.String())
	}
	if line.Stages["decide"] != 2000 || line.Stages["chain"] != 3e6 {
		t.Fatalf("stages = %v, want decide 2µs (rounded) and chain 3ms, in ns", line.Stages)
	}
}
