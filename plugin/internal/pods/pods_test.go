package pods

import (
	"net/netip"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
)

func noExternals(map[string]any) ([]netip.Addr, error) { return nil, nil }

func entry(id string) *Entry { return &Entry{Pod: chainrun.Pod{ID: id, NetNS: "/run/netns/" + id}} }

// TestLifeTransitions: each named transition moves a pod as the table
// says, from every phase: a rejected pod stays rejected whatever Stop or
// Synchronize say, an ended one ends, and Stop reports whether a
// teardown must DEL.
func TestLifeTransitions(t *testing.T) {
	for _, c := range []struct {
		from                    Life
		reject, stop, end, sync Life
	}{
		{Running, Rejected, Stopped, Ended, Running},
		{Rejected, Rejected, Rejected, Ended, Rejected},
		{Stopped, Stopped, Stopped, Ended, Running},
		{Ended, Ended, Ended, Ended, Running},
	} {
		at := func() *Table {
			tb := New(noExternals)
			e := entry("p")
			e.Life = c.from
			tb.Upsert(e)
			return tb
		}
		life := func(tb *Table) Life { e, _ := tb.Get("p"); return e.Life }
		t.Run(c.from.String(), func(t *testing.T) {
			tb := at()
			tb.Reject("p")
			if got := life(tb); got != c.reject {
				t.Errorf("Reject: %s, want %s", got, c.reject)
			}
			tb = at()
			tb.Stop("p")
			if got := life(tb); got != c.stop {
				t.Errorf("Stop: %s, want %s", got, c.stop)
			}
			tb = at()
			tb.End("p")
			if got := life(tb); got != c.end {
				t.Errorf("End: %s, want %s", got, c.end)
			}
			tb = at()
			tb.Replace([]*Entry{entry("p")})
			if got := life(tb); got != c.sync {
				t.Errorf("Synchronize listing it running: %s, want %s", got, c.sync)
			}
		})
	}
}

// TestChainTransitions: an ADD claims only a live pod; what the chain
// holds moves none -> added -> applied -> none, and a teardown is told
// to DEL exactly when an ADD claimed the pod.
func TestChainTransitions(t *testing.T) {
	tb := New(noExternals)
	tb.Upsert(entry("p"))
	if tb.Stop("q") {
		t.Error("Stop of an unknown pod says the chain holds state")
	}
	if !tb.Claim("p", []string{"198.51.100.1"}, map[string]any{"a": 1}, false) {
		t.Fatal("a live pod was not claimed")
	}
	if e, _ := tb.Get("p"); e.Chain != ChainAdded || e.Pod.IPs[0] != "198.51.100.1" {
		t.Errorf("after Claim: %s %v, want added with the ADD's addresses", e.Chain, e.Pod.IPs)
	}
	tb.MarkApplied("p")
	tb.Claim("p", nil, nil, false)
	if e, _ := tb.Get("p"); e.Chain != ChainApplied {
		t.Errorf("a claim of an applied pod: %s, want applied", e.Chain)
	}
	if !tb.Stop("p") {
		t.Error("Stop of a claimed pod: no DEL needed, want one")
	}
	if tb.Claim("p", nil, nil, false) {
		t.Error("a stopped pod was claimed")
	}
	tb.MarkRemoved("p")
	if e, _ := tb.Get("p"); e.Chain != ChainNone || e.LastArgs != nil {
		t.Errorf("after MarkRemoved: %s %v, want none", e.Chain, e.LastArgs)
	}
}

// TestUpdateKeepsThePhase: Update changes what an entry records, never
// its phase.
func TestUpdateKeepsThePhase(t *testing.T) {
	tb := New(noExternals)
	tb.Upsert(entry("p"))
	tb.Update("p", func(e *Entry) { e.Life, e.Chain, e.LastErr = Ended, ChainApplied, "x" })
	if e, _ := tb.Get("p"); e.Life != Running || e.Chain != ChainNone || e.LastErr != "x" {
		t.Errorf("after Update: %s %s %q, want running, none, the error recorded", e.Life, e.Chain, e.LastErr)
	}
}
