package bench

import (
	"fmt"
	"slices"
	"time"
)

// Targets22 evaluates the goals of issue 22 (invisible on pod start,
// flat to 10,000 pods, on a node that looks like production).
func Targets22(r *Results) []Target {
	return []Target{
		roundTripTarget(r),
		runpOverheadTarget(r),
		podsPerSecTarget(r),
		conntrackTarget(r, "ADD (RunPodSandbox + first CreateContainer)", func(c ConntrackCond) (Summary, []time.Duration) { return c.Ready, c.ReadySamples }),
		conntrackTarget(r, "DEL (StopPodSandbox)", func(c ConntrackCond) (Summary, []time.Duration) { return c.Stop, c.StopSamples }),
		scaleRatioTarget(r),
		reconcileTarget(r),
		goBenchTarget(r, "reconcile pass's allocator work, 10,000 pool grants ≤ 2 s", "BenchmarkReconcilePass", 2*time.Second),
		goBenchTarget(r, "Admit of a pod holding its block, 10,000 grants ≤ 0.1 ms", "BenchmarkAdmitHeld/grants=10000", 100*time.Microsecond),
		drainTarget(r),
		rssTarget(r),
		packetTarget110(r),
		createTarget(r),
	}
}

func roundTripTarget(r *Results) Target {
	const goal = "RunPodSandbox round trip, in-process, the chain deploy/ ships: p50 ≤ 2.5 ms, p99 ≤ 5 ms"
	for _, d := range r.Daemon {
		if d.Mode != "in-process" || d.HandlerWith.N == 0 {
			continue
		}
		h, hs := d.HandlerWith, d.HandlerWithSamples
		return Target{goal, fmt.Sprintf("p50 %s%s, p99 %s%s (N %d, ipmasq %s)", fmtDur(h.Median), fmtSpan(quantileSpan(hs, 0.5)),
			fmtDur(h.P99), fmtSpan(quantileSpan(hs, 0.99)), h.N, d.Backend),
			passIf(h.Median <= 2500*time.Microsecond && h.P99 <= 5*time.Millisecond, h.N >= 100 && d.Backend == "nftables")}
	}
	return Target{goal, "–", "skipped: section 5 did not run"}
}

func runpOverheadTarget(r *Results) Target {
	const goal = "`crictl runp` overhead, annotated pod, real containerd ≤ 5 ms"
	c := r.Containerd
	if c == nil || c.RunpWith.N == 0 || c.RunpWithout.N == 0 {
		return Target{goal, "–", "skipped: section 4 did not run"}
	}
	over := c.RunpWith.Median - c.RunpWithout.Median
	return Target{goal, fmt.Sprintf("%s%s (%s with, %s without; N %d)", fmtDur(over), fmtSpan(diffSpan(c.RunpWithSamples, c.RunpWithoutSamples)),
		fmtDur(c.RunpWith.Median), fmtDur(c.RunpWithout.Median), c.RunpWith.N),
		passIf(over <= 5*time.Millisecond, c.RunpWith.N >= 30)}
}

func podsPerSecTarget(r *Results) Target {
	const goal = "pods/s with 32 `crictl runp` at once, diktyo-nri (nftables chain) / without ≥ 0.95"
	c := r.Containerd
	if c == nil {
		return Target{goal, "–", "skipped: section 4 did not run"}
	}
	var with, without *LoadRow
	top := 0
	for i := range c.Load {
		top = max(top, c.Load[i].Concurrency)
	}
	for i := range c.Load {
		l := &c.Load[i]
		if l.Concurrency != top {
			continue
		}
		switch l.Arm {
		case ArmNFTables:
			with = l
		case ArmNone:
			without = l
		}
	}
	if with == nil || without == nil || without.PodsPerSec() == 0 {
		return Target{goal, "–", "skipped: not measured"}
	}
	// Pods/s is the inverse of time per pod: the ratio's interval is
	// that of the blocks' time per pod without diktyo over with it.
	ratio := with.PodsPerSec() / without.PodsPerSec()
	ci := sumRatioCI(Summarize(without.BlockPerPod), without.BlockPerPod, ratio, []Term{{with.BlockPerPod, 1}}, 0.5)
	return Target{goal, fmt.Sprintf("%s (%.1f vs %.1f pods/s, %d at once, %d blocks each)", fmtCI(ci), with.PodsPerSec(), without.PodsPerSec(), top, len(with.BlockPerPod)),
		passIf(ratio >= 0.95, top >= 32)}
}

func conntrackTarget(r *Results, what string, get func(ConntrackCond) (Summary, []time.Duration)) Target {
	goal := fmt.Sprintf("%s with %s conntrack entries on the node vs none ≤ 1.1x", what, fmtCount(ctBusyEntries))
	c := r.Conntrack
	if c == nil || c.Empty.Run.N == 0 || c.Busy.Run.N == 0 {
		return Target{goal, "–", "skipped: not measured"}
	}
	b, bs := get(c.Busy)
	e, es := get(c.Empty)
	ci := ratioCI(b, bs, e, es)
	return Target{goal, fmt.Sprintf("%s vs %s (%s)", fmtDur(b.Median), fmtDur(e.Median), fmtCI(ci)),
		passIf(ci.Ratio <= 1.1, c.Entries >= ctBusyEntries)}
}

// scalePoints are section 5's scale run's smallest and largest points.
func scalePoints(r *Results) (lo, hi *ScalePoint) {
	s := r.Scale
	if s == nil || len(s.Points) < 2 {
		return nil, nil
	}
	return &s.Points[0], &s.Points[len(s.Points)-1]
}

func scaleRatioTarget(r *Results) Target {
	const goal = "RunPodSandbox round trip at 10,000 pods vs 1,000 ≤ 1.2x"
	lo, hi := scalePoints(r)
	if lo == nil {
		return Target{goal, "–", "skipped: not measured"}
	}
	ci := ratioCI(hi.Handler, hi.HandlerSamples, lo.Handler, lo.HandlerSamples)
	return Target{goal, fmt.Sprintf("%s at %s vs %s at %s (%s)", fmtDur(hi.Handler.Median), fmtCount(hi.Pods), fmtDur(lo.Handler.Median), fmtCount(lo.Pods), fmtCI(ci)),
		passIf(ci.Ratio <= 1.2, hi.Pods >= 10000 && lo.Pods <= 1000)}
}

func reconcileTarget(r *Results) Target {
	const goal = "reconcile after a restart, 10,000 pods ≤ 2 s, Synchronize answered within the 1.5 s budget"
	_, hi := scalePoints(r)
	if hi == nil {
		return Target{goal, "–", "skipped: not measured"}
	}
	return Target{goal, fmt.Sprintf("%s%s, Synchronize answered in %s%s (%s pods)", fmtDur(hi.Reconcile), restartRange(hi, func(r ScaleRestart) time.Duration { return r.Reconcile }),
		fmtDur(hi.SyncReply), restartRange(hi, func(r ScaleRestart) time.Duration { return r.SyncReply }), fmtCount(hi.Pods)),
		passIf(hi.Reconcile <= 2*time.Second && hi.SyncReply <= 1500*time.Millisecond, hi.Pods >= 10000)}
}

func goBenchTarget(r *Results, goal, name string, limit time.Duration) Target {
	g := findGoBench(r, name)
	if g == nil {
		return Target{goal, "–", "skipped: not measured"}
	}
	return Target{goal, fmt.Sprintf("%s (%s, N %d runs, `%s`)", fmtSummary(g.Time), g.Metric, g.Time.N, name), passIf(g.Time.Median <= limit, true)}
}

func drainTarget(r *Results) Target {
	const goal = "a DEL during a drain of 1,000 pods sharing a managed address: O(1) (per DEL at 1,000 vs at 100 ≤ 1.5x)"
	small, big := findGoBench(r, "BenchmarkAddressUsers/drain=100"), findGoBench(r, "BenchmarkAddressUsers/drain=1000")
	if small == nil || big == nil {
		return Target{goal, "–", "skipped: not measured"}
	}
	ratio := Ratio(big.Time, small.Time)
	return Target{goal, fmt.Sprintf("%s per DEL at 1,000 vs %s at 100 (%s)", fmtDur(big.Time.Median), fmtDur(small.Time.Median), fmtRatio(ratio)), passIf(ratio <= 1.5, true)}
}

func rssTarget(r *Results) Target {
	const goal = "diktyo-nri's RSS at 10,000 pods ≤ 40 MiB"
	_, hi := scalePoints(r)
	if hi == nil {
		return Target{goal, "–", "skipped: not measured"}
	}
	mib := float64(hi.RSS) / (1 << 20)
	spread := ""
	if n := len(hi.RSSReadings); n > 1 {
		lo, top := slices.Min(hi.RSSReadings), slices.Max(hi.RSSReadings)
		spread = fmt.Sprintf(" (%.1f–%.1f over %d readings)", float64(lo)/(1<<20), float64(top)/(1<<20), n)
	}
	return Target{goal, fmt.Sprintf("%.1f MiB%s at %s pods", mib, spread, fmtCount(hi.Pods)), passIf(mib <= 40, hi.Pods >= 10000)}
}

// packetTarget110 is the per-packet goal for the chain deploy/ ships
// (nftables + iproute's shared layout).
func packetTarget110(r *Results) Target {
	t := packetTarget(r, "chain-nft")
	t.Goal = "per packet, new flow, 1,000 pods vs 1, the chain deploy/ ships (chain-nft) ≤ 1.1x"
	return t
}

func createTarget(r *Results) Target {
	const goal = "unrelated CreateContainer while 32 annotated pods start vs while 32 unannotated pods start without diktyo ≤ 1.3x"
	c := r.Containerd
	if c == nil || c.Create == nil || c.Create.Diktyo.N == 0 || c.Create.Plain.N == 0 {
		return Target{goal, "–", "skipped: not measured"}
	}
	ci := ratioCI(c.Create.Diktyo, c.Create.DiktyoSamples, c.Create.Plain, c.Create.PlainSamples)
	return Target{goal, fmt.Sprintf("%s vs %s (%s, N %d and %d)", fmtDur(c.Create.Diktyo.Median), fmtDur(c.Create.Plain.Median), fmtCI(ci), c.Create.Diktyo.N, c.Create.Plain.N),
		passIf(ci.Ratio <= 1.3, c.Create.Concurrency >= 32)}
}

// restartRange is " (lo–hi over n restarts)" of one figure of a scale
// point's restarts, or nothing for a single one.
func restartRange(pt *ScalePoint, get func(ScaleRestart) time.Duration) string {
	if len(pt.Restarts) < 2 {
		return ""
	}
	var v []time.Duration
	for _, r := range pt.Restarts {
		v = append(v, get(r))
	}
	return fmt.Sprintf(" (%s–%s over %d restarts)", fmtDur(slices.Min(v)), fmtDur(slices.Max(v)), len(v))
}
