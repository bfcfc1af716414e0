package bench

import (
	"context"
	"fmt"
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
	for _, size := range h.Opts.ScalePods {
		pt, nd, err := h.scalePoint(ctx, w, d, size)
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
// scaleHandlerPods, each checked to have been applied by diktyo-nri),
// then restarts diktyo-nri and times its reconcile. It returns the daemon
// now running.
func (h *Harness) scalePoint(ctx context.Context, w *nriWorld, d *daemon, size int) (ScalePoint, *daemon, error) {
	pt := ScalePoint{Pods: size}
	var timed []time.Duration
	for n := countAnnotated(w); n < size; n++ {
		if err := ctx.Err(); err != nil {
			return pt, d, err
		}
		p, err := w.pod(true)
		if err != nil {
			return pt, d, err
		}
		from := d.count()
		dt, err := w.run(ctx, p)
		if err != nil {
			return pt, d, fmt.Errorf("RunPodSandbox %s: %w", p.Name, err)
		}
		if err := d.applied(ctx, from, p.Id, 10*time.Second); err != nil {
			return pt, d, fmt.Errorf("pod %s: diktyo-nri did not apply it: %w", p.Name, err)
		}
		if n >= size-scaleHandlerPods {
			timed = append(timed, dt)
		}
	}
	pt.Handler = Summarize(timed)
	// The probes that proved events reach each restarted instance are
	// pods too: the figures are for the node as it is.
	pt.Pods = countAnnotated(w)
	b, err := rss(d.cmd.Process.Pid)
	if err != nil {
		return pt, d, err
	}
	pt.RSS = b
	nd, took, wall, err := w.restart(ctx, d)
	if nd != nil {
		d = nd
	}
	if err != nil {
		return pt, d, err
	}
	pt.Reconcile, pt.Wall = took, wall
	pt.SyncReply = time.Duration(w.syncReply.Load())
	return pt, d, nil
}
