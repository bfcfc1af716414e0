package reconcile

import (
	"errors"
	"log/slog"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/foreign"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// unitReconciler is a reconcile with no chain loaded and nothing else
// but its log and metrics: what the listener's book needs.
func unitReconciler() *Reconciler {
	return New(Options{Options: work.Options{Log: slog.New(slog.DiscardHandler),
		Conf: gen.Fixed(&gen.State{Cfg: &policy.Config{}, RunnerErr: errors.New("no chain in this test")})}, Registry: prometheus.NewRegistry()})
}

func value(t *testing.T, c prometheus.Counter) float64 {
	t.Helper()
	var m dto.Metric
	if err := c.Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}

// pendingTrigger is the reconcile trigger waiting, "" if none.
func pendingTrigger(p *Reconciler) string {
	select {
	case tr := <-p.ch:
		return tr
	default:
		return ""
	}
}

// TestForeignHintsCountOnlyRepairs: a hint counts as a foreign change
// only if the pass it triggered repaired drift; hints that came during a
// pass wait for the next.
func TestForeignHintsCountOnlyRepairs(t *testing.T) {
	p := unitReconciler()
	count := func(k foreign.Kind) float64 {
		return value(t, p.foreignMetrics.changes.WithLabelValues(string(k)))
	}
	// No chain loaded: nothing names pods, so every hint asks for a pass.
	p.foreignChanged(foreign.Change{Kinds: []foreign.Kind{foreign.KindRule, foreign.KindTable}})
	if tr := pendingTrigger(p); tr != triggerForeign {
		t.Fatalf("trigger %q, want %q", tr, triggerForeign)
	}
	// A pass that finds no drift: diktyo's own writes.
	p.foreignSettle(p.foreignBegin())
	if count(foreign.KindRule) != 0 || count(foreign.KindTable) != 0 {
		t.Fatal("hints whose pass repaired nothing were counted")
	}
	// A pass that repairs; a hint arriving during it waits for the next.
	p.foreignChanged(foreign.Change{Kinds: []foreign.Kind{foreign.KindRule}})
	m := p.foreignBegin()
	p.foreignChanged(foreign.Change{Kinds: []foreign.Kind{foreign.KindIPRule}})
	p.foreign.drift.Add(1)
	p.foreignSettle(m)
	if count(foreign.KindRule) != 1 || count(foreign.KindIPRule) != 0 {
		t.Fatalf("after the pass: nft_rule %v, ip_rule %v; want 1, 0", count(foreign.KindRule), count(foreign.KindIPRule))
	}
	m = p.foreignBegin()
	p.foreign.drift.Add(1)
	p.foreignSettle(m)
	if count(foreign.KindIPRule) != 1 || count(foreign.KindRule) != 1 {
		t.Fatalf("after the next pass: nft_rule %v, ip_rule %v; want 1, 1", count(foreign.KindRule), count(foreign.KindIPRule))
	}
}

// TestForeignFailures: a refused subscription is counted and left to
// the periodic reconcile; a lost one is counted and reconciles all.
func TestForeignFailures(t *testing.T) {
	p := unitReconciler()
	failures := func(src, reason string) float64 {
		return value(t, p.foreignMetrics.failures.WithLabelValues(src, reason))
	}
	p.foreignFailed(foreign.SourceNftables, errors.New("operation not permitted"), false)
	if failures(foreign.SourceNftables, "subscribe") != 1 || pendingTrigger(p) != "" {
		t.Error("a refused subscription: not counted, or it triggered a reconcile")
	}
	p.foreignFailed(foreign.SourceRules, errors.New("no buffer space available"), true)
	if failures(foreign.SourceRules, "lost") != 1 {
		t.Error("a lost subscription was not counted")
	}
	if tr := pendingTrigger(p); tr != triggerForeignResync {
		t.Errorf("a lost subscription triggered %q, want %q", tr, triggerForeignResync)
	}
}
