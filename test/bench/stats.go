package bench

import (
	"fmt"
	"math"
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
