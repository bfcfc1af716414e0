package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// scaleHandlerPods is how many of each size's pods are timed: the last
// ones added, when the node already holds the others.
const scaleHandlerPods = 20

// runScale is section 5's scale run: one in-process diktyo-nri with the
// nftables chain on a node that first gets ScaleUnrelated kube-proxy-
// shaped nat rules, grown to each of ScalePods annotated pods. At each
// size it times the last pods' RunPodSandbox, reads the RSS, then
// restarts diktyo-nri and times the reconcile of every pod. One instance
// and no interleaving: what is compared is the same process at growing
// sizes, and each size is reached once (filling 10,000 pods takes
// minutes).
func (h *Harness) runScale(ctx context.Context) error {
	if len(h.Opts.ScalePods) == 0 {
		return nil
	}
	w, err := h.newNRIWorld("nftables", true)
	if err != nil {
		return err
	}
	w.pprofSock = filepath.Join(w.dir, "pprof.sock")
	profDir := h.Opts.ProfileDir
	if profDir == "" {
		profDir = filepath.Join(w.dir, "profiles")
	}
	if err := os.MkdirAll(profDir, 0o755); err != nil {
		return err
	}
	prof := newProfiler(w.pprofSock, filepath.Join(h.Opts.BinDir, "diktyo-nri"), profDir)
	if err := loadUnrelated(w.node, h.Opts.ScaleUnrelated); err != nil {
		return fmt.Errorf("scale: kube-proxy-shaped rules: %w", err)
	}
	d, err := w.startReady(ctx)
	if err != nil {
		return fmt.Errorf("scale: %w", err)
	}
	defer func() { h.Env.Stop(d.cmd) }()
	res := &ScaleResult{Backend: "nftables", Unrelated: h.Opts.ScaleUnrelated}
	start := time.Now()
	for i, size := range h.Opts.ScalePods {
		var p *profiler
		if i == len(h.Opts.ScalePods)-1 {
			p = prof
		}
		pt, nd, err := h.scalePoint(ctx, w, d, size, p)
		d = nd
		if err != nil {
			return fmt.Errorf("scale at %d pods: %w", size, err)
		}
		res.Points = append(res.Points, pt)
	}
	res.Notes = append(res.Notes, fmt.Sprintf("growing the node to %d pods and measuring took %s", w.seq, time.Since(start).Round(time.Second)))
	h.Res.Scale = res
	return nil
}

// scalePoint grows w to size annotated pods (timing the last
// scaleHandlerPods, each checked to have been applied by diktyo-nri, and
// reading the RSS after each), then restarts diktyo-nri ScaleRestarts
// times and times each reconcile. With a profiler it also profiles the
// CPU while the last pods start and during the first reconcile, and the
// heap once the size is reached. It returns the daemon now running.
func (h *Harness) scalePoint(ctx context.Context, w *nriWorld, d *daemon, size int, p *profiler) (ScalePoint, *daemon, error) {
	pt := ScalePoint{Pods: size}
	var (
		timed    []time.Duration
		startCPU func(*ScaleProfile)
	)
	if p != nil {
		pt.Profile = &ScaleProfile{}
	}
	for n := countAnnotated(w); n < size; n++ {
		if err := ctx.Err(); err != nil {
			return pt, d, err
		}
		if p != nil && startCPU == nil && n >= size-profileLead {
			startCPU = p.cpuDuring(ctx, "cpu-start.pb.gz", func(sp *ScaleProfile, top string) { sp.StartCPUTop = top })
		}
		dt, err := h.scalePod(ctx, w, d)
		if err != nil {
			return pt, d, err
		}
		if n >= size-scaleHandlerPods {
			timed = append(timed, dt)
			b, err := rss(d.cmd.Process.Pid)
			if err != nil {
				return pt, d, err
			}
			pt.RSSReadings = append(pt.RSSReadings, b)
		}
	}
	if startCPU != nil {
		startCPU(pt.Profile)
	}
	pt.Handler, pt.HandlerSamples = Summarize(timed), timed
	pt.RSS = medianInt(pt.RSSReadings)
	if p != nil {
		if err := p.heap(ctx, pt.Profile); err != nil {
			pt.Profile.Errors = append(pt.Profile.Errors, err.Error())
		}
	}
	// The probes that proved events reach each restarted instance are
	// pods too: the figures are for the node as it is.
	pt.Pods = countAnnotated(w)
	for i := range max(1, h.Opts.ScaleRestarts) {
		var reconCPU func(*ScaleProfile)
		started := func() {
			if p == nil || i > 0 {
				return
			}
			if err := p.waitUp(ctx, 5*time.Second); err != nil {
				pt.Profile.Errors = append(pt.Profile.Errors, err.Error())
				return
			}
			reconCPU = p.cpuDuring(ctx, "cpu-reconcile.pb.gz", func(sp *ScaleProfile, top string) { sp.ReconcileTop = top })
		}
		nd, took, wall, err := w.restartThen(ctx, d, started)
		if nd != nil {
			d = nd
		}
		if reconCPU != nil {
			reconCPU(pt.Profile)
		}
		if err != nil {
			return pt, d, err
		}
		pt.Restarts = append(pt.Restarts, ScaleRestart{Reconcile: took, SyncReply: time.Duration(w.syncReply.Load()), Wall: wall})
	}
	pt.Reconcile, pt.SyncReply, pt.Wall = medianRestart(pt.Restarts)
	return pt, d, nil
}

// scalePod runs one more annotated pod on w and waits for diktyo-nri to
// apply it; it returns the RunPodSandbox round trip.
func (h *Harness) scalePod(ctx context.Context, w *nriWorld, d *daemon) (time.Duration, error) {
	pod, err := w.pod(true)
	if err != nil {
		return 0, err
	}
	from := d.count()
	dt, err := w.run(ctx, pod)
	if err != nil {
		return 0, fmt.Errorf("RunPodSandbox %s: %w", pod.Name, err)
	}
	if err := d.applied(ctx, from, pod.Id, 10*time.Second); err != nil {
		return 0, fmt.Errorf("pod %s: diktyo-nri did not apply it: %w", pod.Name, err)
	}
	return dt, nil
}

// medianRestart is the median of each figure of the restarts.
func medianRestart(rs []ScaleRestart) (recon, sync, wall time.Duration) {
	var a, b, c []time.Duration
	for _, r := range rs {
		a, b, c = append(a, r.Reconcile), append(b, r.SyncReply), append(c, r.Wall)
	}
	return Summarize(a).Median, Summarize(b).Median, Summarize(c).Median
}

// medianInt is the median of byte counts (0 for none).
func medianInt(v []int64) int64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
