package bench

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// noisy draws n samples around median m (ms) with a ±20% uniform spread,
// from its own seeded source so the test is deterministic.
func noisy(seed uint64, n int, m float64) []time.Duration {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = ms(m * (0.8 + 0.4*rng.Float64()))
	}
	return out
}

func TestBootstrapSameDistribution(t *testing.T) {
	a, b := noisy(1, 40, 10), noisy(2, 40, 10)
	lo, hi := Bootstrap(a, []Term{{b, 1}}, 0.5, bootResamples, bootSeed)
	if !(lo < 1 && 1 < hi) {
		t.Fatalf("identical distributions: interval [%.3f, %.3f] does not contain 1", lo, hi)
	}
	if hi-lo > 0.3 {
		t.Fatalf("interval [%.3f, %.3f] implausibly wide for ±20%% noise and N 40", lo, hi)
	}
}

func TestBootstrapSeparated(t *testing.T) {
	a, b := noisy(3, 30, 15), noisy(4, 30, 10)
	lo, hi := Bootstrap(a, []Term{{b, 1}}, 0.5, bootResamples, bootSeed)
	if !(1 < lo && lo < 1.5 && 1.5 < hi) {
		t.Fatalf("1.5x apart: interval [%.3f, %.3f], want it above 1 and around 1.5", lo, hi)
	}
	// A sum of terms: 3 × 5 ms is the same floor as one 15 ms set.
	lo, hi = Bootstrap(a, []Term{{noisy(5, 30, 5), 3}}, 0.5, bootResamples, bootSeed)
	if !(lo < 1 && 1 < hi) {
		t.Fatalf("15 ms against 3 × 5 ms: interval [%.3f, %.3f] does not contain 1", lo, hi)
	}
}

func TestBootstrapDeterministic(t *testing.T) {
	a, b := noisy(6, 25, 12), noisy(7, 25, 10)
	lo1, hi1 := Bootstrap(a, []Term{{b, 1}}, 0.5, bootResamples, bootSeed)
	lo2, hi2 := Bootstrap(a, []Term{{b, 1}}, 0.5, bootResamples, bootSeed)
	if lo1 != lo2 || hi1 != hi2 {
		t.Fatalf("same seed, different intervals: [%v, %v] and [%v, %v]", lo1, hi1, lo2, hi2)
	}
	if lo3, hi3 := Bootstrap(a, []Term{{b, 1}}, 0.5, bootResamples, bootSeed+1); lo3 == lo1 && hi3 == hi1 {
		t.Fatalf("another seed gave the very same interval [%v, %v]", lo3, hi3)
	}
}

func TestBootstrapMissing(t *testing.T) {
	if lo, hi := Bootstrap(nil, []Term{{noisy(8, 5, 1), 1}}, 0.5, 100, 1); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Fatalf("no numerator samples: [%v, %v], want NaN", lo, hi)
	}
	if lo, hi := Bootstrap(noisy(8, 5, 1), []Term{{nil, 1}}, 0.5, 100, 1); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Fatalf("no denominator samples: [%v, %v], want NaN", lo, hi)
	}
	c := ratioCI(Summary{N: 1, Median: ms(3)}, nil, Summary{N: 1, Median: ms(2)}, nil)
	if got := fmtCI(c); got != "1.50x" {
		t.Fatalf("ratio without samples renders %q, want the bare ratio", got)
	}
	a, b := noisy(9, 20, 3), noisy(10, 20, 2)
	if got := fmtCI(ratioCI(Summarize(a), a, Summarize(b), b)); len(got) < len("1.50x [1.40–1.60]") || got[len(got)-1] != ']' {
		t.Fatalf("ratio with samples renders %q, want an interval", got)
	}
}

func TestQuantileAndDiffSpan(t *testing.T) {
	a := noisy(11, 60, 10)
	q := quantileSpan(a, 0.5)
	if m := Summarize(a).Median; !q.ok || q.Lo > m || m > q.Hi || q.Hi-q.Lo > ms(2) {
		t.Fatalf("median %s: interval %+v, want one around it, narrower than 2 ms for ±20%% noise and N 60", fmtDur(m), q)
	}
	b := noisy(12, 60, 4)
	d := diffSpan(a, b)
	if !d.ok || !(d.Lo < ms(6) && ms(6) < d.Hi) || d.Lo < ms(4) {
		t.Fatalf("10 ms against 4 ms: difference interval %+v, want one around 6 ms", d)
	}
	if e := diffSpan(a, nil); e.ok || fmtSpan(e) != "" {
		t.Fatalf("no samples on one side: %+v renders %q, want nothing", e, fmtSpan(e))
	}
	if got := fmtSpan(d); got[0] != ' ' || got[1] != '[' {
		t.Fatalf("span renders %q", got)
	}
}

func TestMemStats(t *testing.T) {
	text := []byte("heap profile: 1: 2 [3: 4] @ heap/1048576\n\n# runtime.MemStats\n# Alloc = 123\n# Sys = 4096\n# HeapInuse = 2048\n# NumGC = 7\n# Bogus = x\n")
	m := memStats(text)
	if m["Sys"] != 4096 || m["HeapInuse"] != 2048 || m["NumGC"] != 7 {
		t.Fatalf("memStats = %v", m)
	}
	if _, ok := m["Alloc"]; ok {
		t.Fatalf("memStats kept a key it was not asked for: %v", m)
	}
}
