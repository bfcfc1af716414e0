package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Summary describes one series of samples: how many, the median and the
// 10th and 90th percentiles (the spread shown in every table).
type Summary struct {
	N      int           `json:"n"`
	Median time.Duration `json:"median"`
	P10    time.Duration `json:"p10"`
	P90    time.Duration `json:"p90"`
	P99    time.Duration `json:"p99"`
	Failed int           `json:"failed,omitempty"`
}

// Summarize computes a Summary. Percentiles use linear interpolation
// between the closest ranks, so small N gives sensible values.
func Summarize(samples []time.Duration) Summary {
	if len(samples) == 0 {
		return Summary{}
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	return Summary{
		N:      len(s),
		Median: percentile(s, 0.50),
		P10:    percentile(s, 0.10),
		P90:    percentile(s, 0.90),
		P99:    percentile(s, 0.99),
	}
}

// percentile expects sorted input.
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 1 {
		return sorted[0]
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	frac := pos - float64(lo)
	return sorted[lo] + time.Duration(math.Round(frac*float64(sorted[hi]-sorted[lo])))
}

// Ratio is a/b of two medians; NaN when b is missing.
func Ratio(a, b Summary) float64 {
	if b.N == 0 || b.Median == 0 || a.N == 0 {
		return math.NaN()
	}
	return float64(a.Median) / float64(b.Median)
}

// fmtDur prints a duration in the unit that suits latency tables: µs below
// 1 ms, ms with two decimals above.
func fmtDur(d time.Duration) string {
	if d < 0 {
		return "−" + fmtDur(-d)
	}
	switch {
	case d == 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
}

// fmtSummary is "median (p10–p90)".
func fmtSummary(s Summary) string {
	if s.N == 0 {
		return "–"
	}
	return fmt.Sprintf("%s (%s–%s)", fmtDur(s.Median), fmtDur(s.P10), fmtDur(s.P90))
}

func fmtRatio(r float64) string {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return "–"
	}
	return fmt.Sprintf("%.2fx", r)
}

// Bootstrap settings: enough resamples for stable 2.5th/97.5th
// percentiles, and a fixed seed so re-rendering the same results prints
// the same intervals.
const (
	bootResamples = 2000
	bootSeed      = 0x646b7479 // "dkty"
)

// Term is Count times the q-quantile of Samples: one part of a sum of
// statistics, e.g. a floor made of three plugin execs and one netlink
// batch.
type Term struct {
	Samples []time.Duration
	Count   int
}

// Bootstrap is the percentile bootstrap 95% interval of the ratio of
// num's q-quantile to the sum of den's terms. Each resample draws every
// sample set with replacement on its own (the sets were measured in
// different interleaved slots, so their samples are not paired); the
// interval is the 2.5th and 97.5th percentiles of the resampled ratios.
// It returns NaNs when a set is empty.
func Bootstrap(num []time.Duration, den []Term, q float64, resamples int, seed uint64) (lo, hi float64) {
	if len(num) == 0 || len(den) == 0 || resamples < 1 {
		return math.NaN(), math.NaN()
	}
	for _, t := range den {
		if len(t.Samples) == 0 {
			return math.NaN(), math.NaN()
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	buf := make([]time.Duration, 0, len(num))
	// stat draws one resample of s and returns its q-quantile.
	stat := func(s []time.Duration) float64 {
		buf = resample(rng, s, buf)
		return float64(percentile(buf, q))
	}
	ratios := make([]float64, 0, resamples)
	for range resamples {
		a := stat(num)
		var b float64
		for _, t := range den {
			b += float64(t.Count) * stat(t.Samples)
		}
		if b > 0 {
			ratios = append(ratios, a/b)
		}
	}
	if len(ratios) == 0 {
		return math.NaN(), math.NaN()
	}
	slices.Sort(ratios)
	return quantile(ratios, 0.025), quantile(ratios, 0.975)
}

// quantile is percentile for float64s (sorted input, linear
// interpolation).
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	lo, hi := int(math.Floor(pos)), int(math.Ceil(pos))
	return sorted[lo] + (pos-float64(lo))*(sorted[hi]-sorted[lo])
}

// CI is a ratio with its bootstrap 95% interval; Lo and Hi are NaN when
// the samples behind it were not kept (results of an older harness).
type CI struct {
	Ratio, Lo, Hi float64
}

// ratioCI is a's median over b's, with its interval when both sample
// sets are at hand.
func ratioCI(a Summary, as []time.Duration, b Summary, bs []time.Duration) CI {
	return sumRatioCI(a, as, Ratio(a, b), []Term{{bs, 1}}, 0.5)
}

// sumRatioCI attaches the interval of the q-quantile ratio of as to the
// terms den to ratio, a point estimate the caller computed from the
// Summaries.
func sumRatioCI(a Summary, as []time.Duration, ratio float64, den []Term, q float64) CI {
	c := CI{Ratio: ratio, Lo: math.NaN(), Hi: math.NaN()}
	if a.N > 0 && !math.IsNaN(ratio) {
		c.Lo, c.Hi = Bootstrap(as, den, q, bootResamples, bootSeed)
	}
	return c
}

// fmtCI is "0.16x [0.15–0.17]", or the bare ratio without an interval.
func fmtCI(c CI) string {
	if math.IsNaN(c.Lo) || math.IsNaN(c.Hi) {
		return fmtRatio(c.Ratio)
	}
	return fmt.Sprintf("%s [%.2f–%.2f]", fmtRatio(c.Ratio), c.Lo, c.Hi)
}

// resample draws len(s) samples of s with replacement into buf.
func resample(rng *rand.Rand, s, buf []time.Duration) []time.Duration {
	buf = buf[:0]
	for range s {
		buf = append(buf, s[rng.IntN(len(s))])
	}
	slices.Sort(buf)
	return buf
}

// Span is a duration's bootstrap 95% interval; ok is false when there
// were no samples to draw it from.
type Span struct {
	Lo, Hi time.Duration
	ok     bool
}

// quantileSpan is the percentile bootstrap 95% interval of the
// q-quantile of s.
func quantileSpan(s []time.Duration, q float64) Span {
	if len(s) == 0 {
		return Span{}
	}
	rng := rand.New(rand.NewPCG(bootSeed, bootSeed))
	stats := make([]float64, bootResamples)
	var buf []time.Duration
	for i := range stats {
		buf = resample(rng, s, buf)
		stats[i] = float64(percentile(buf, q))
	}
	return spanOf(stats)
}

// diffSpan is the percentile bootstrap 95% interval of a's median minus
// b's (a and b drawn on their own: they were measured in different
// slots, not in pairs).
func diffSpan(a, b []time.Duration) Span {
	if len(a) == 0 || len(b) == 0 {
		return Span{}
	}
	rng := rand.New(rand.NewPCG(bootSeed, bootSeed))
	stats := make([]float64, bootResamples)
	var ba, bb []time.Duration
	for i := range stats {
		ba = resample(rng, a, ba)
		bb = resample(rng, b, bb)
		stats[i] = float64(percentile(ba, 0.5) - percentile(bb, 0.5))
	}
	return spanOf(stats)
}

func spanOf(stats []float64) Span {
	slices.Sort(stats)
	return Span{Lo: time.Duration(quantile(stats, 0.025)), Hi: time.Duration(quantile(stats, 0.975)), ok: true}
}

// fmtSpan is " [lo–hi]", or nothing without an interval.
func fmtSpan(s Span) string {
	if !s.ok {
		return ""
	}
	return fmt.Sprintf(" [%s–%s]", fmtDur(s.Lo), fmtDur(s.Hi))
}
