package plugin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Deferred work of a pod's admission (cniutil.Defer): ipmasq's conntrack
// cleanup of a new pod's addresses walks the kernel's whole table, about
// 10 ms on any node, which is most of RunPodSandbox's time. It need not
// delay the answer: the sandbox's pause process sends nothing, and the
// pod's applications start only after CreateContainer, which waits for
// the pod's deferred work and refuses the container while it failed. So
// a pod's flows leave as its rules say from its first application
// packet, as before, and RunPodSandbox answers a walk sooner.
//
// Killed at any instruction: a marker file per pod (in the chain's cache
// directory, written before the work is handed over, removed after it
// succeeded) says which pods' work may not have run. A restarted
// diktyo-nri runs their ADD again, undeferred, before anything else of
// theirs (reconcile), and its CreateContainer refuses a marked pod's
// containers until that ADD succeeded.

// flushDir is where the markers are, under chain.cacheDir.
const flushDir = "deferred"

// reasonDeferred counts deferred work that failed.
const reasonDeferred = "deferred_work"

// deferred is the deferred work of the pods being admitted, by sandbox.
type deferred struct {
	mu   sync.Mutex
	pods map[string]*podWork
}

// podWork is one pod's deferred work: done is closed when it finished,
// err is why it failed (then retried by the CreateContainer that waits).
type podWork struct {
	done     chan struct{}
	err      error
	works    []func() error
	releases []func()
}

// release frees what w's works hold (once: w is dropped).
func (w *podWork) release() {
	for _, r := range w.releases {
		r()
	}
	w.releases = nil
}

func newDeferred() *deferred { return &deferred{pods: map[string]*podWork{}} }

// deferral is the cniutil.Deferral of pod id's admission: each work runs
// at once in the background, under the pod's address locks, and only
// while the pod is live (a Stop's DEL removes every flow of the pod's
// addresses; a later pod with them must not have its flows judged by this
// pod's rules).
func (p *Plugin) deferral(st *state, id string) cniutil.Deferral {
	return func(work func() error, release func()) {
		w := p.deferredFor(id, work, release)
		if err := p.markDeferred(st, id); err != nil {
			// Without the marker a kill before the work runs would go
			// unnoticed: run it now instead (this is the ADD, under the
			// pod's address locks already).
			p.log.Warn("deferred work marker not written; running the work now", "pod.id", id, "error", err)
			w.err = work()
			p.finishDeferred(st, id, w)
			return
		}
		go func() {
			w.err = p.runDeferred(id, work)
			p.finishDeferred(st, id, w)
		}()
	}
}

func (p *Plugin) deferredFor(id string, work func() error, release func()) *podWork {
	d := p.deferred
	d.mu.Lock()
	defer d.mu.Unlock()
	works, releases := []func() error{work}, []func(){release}
	if prev := d.pods[id]; prev != nil {
		// A second ADD of the pod (retried admission): both, in turn;
		// the new one owns what they hold.
		works = append(slices.Clone(prev.works), work)
		releases = append(slices.Clone(prev.releases), release)
		prev.releases = nil
	}
	w := &podWork{done: make(chan struct{}), works: works, releases: releases}
	d.pods[id] = w
	return w
}

func (p *Plugin) runDeferred(id string, work func() error) error {
	e, ok := p.pods.get(id)
	if !ok || !e.live() {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), p.state.Load().cfg.Timeouts.CNI.Duration)
	defer cancel()
	return p.withAddrs(ctx, e.pod.IPs, func() error {
		if cur, ok := p.pods.get(id); !ok || !cur.live() {
			return nil
		}
		return work()
	})
}

// finishDeferred closes w; a pod whose work succeeded is forgotten.
func (p *Plugin) finishDeferred(st *state, id string, w *podWork) {
	if w.err == nil {
		p.settleDeferred(st, id, w)
	}
	if w.err != nil {
		p.metrics.fail(reasonDeferred)
		p.log.Error("deferred work of the pod's ADD failed; its containers wait for it, retried", "pod.id", id, "error", w.err)
	}
	close(w.done)
}

// awaitDeferred is CreateContainer's wait for the pod's deferred work,
// within ctx: nil when there is none or it succeeded (a failed one is
// retried once, here). An error means the pod's flows may not leave as
// its rules say: the container must not start.
func (p *Plugin) awaitDeferred(ctx context.Context, st *state, id string) error {
	d := p.deferred
	d.mu.Lock()
	w := d.pods[id]
	d.mu.Unlock()
	if w == nil {
		if p.isMarked(st, id) {
			return fmt.Errorf("the pod's ADD was interrupted (diktyo-nri restarted) before its conntrack cleanup ran; waiting for the reconcile's ADD")
		}
		return nil
	}
	select {
	case <-w.done:
	case <-ctx.Done():
		return fmt.Errorf("the pod's conntrack cleanup is still running: %w", ctx.Err())
	}
	if w.err == nil {
		return nil
	}
	var errs []error
	for _, work := range w.works {
		errs = append(errs, p.runDeferred(id, work))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("the pod's conntrack cleanup failed (its first packets could leave with a previous pod's translation): %w", err)
	}
	p.settleDeferred(st, id, w)
	return nil
}

// settleDeferred forgets w, done, when it is the pod's latest work: its
// marker goes first, under the registry's lock, so that nobody ever finds
// the marker without the work that explains it (CreateContainer would
// take it for a restart's) nor the work gone with its marker left. A
// later ADD's work (a retried admission) keeps both.
func (p *Plugin) settleDeferred(st *state, id string, w *podWork) {
	d := p.deferred
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pods[id] != w {
		return
	}
	p.unmarkDeferred(st, id)
	delete(d.pods, id)
	w.release()
}

// pendingDeferred reports whether this process has deferred work of pod
// id not yet done.
func (p *Plugin) pendingDeferred(id string) bool {
	d := p.deferred
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pods[id] != nil
}

// forgetDeferred drops a removed pod's deferred work and marker.
func (p *Plugin) forgetDeferred(st *state, id string) {
	d := p.deferred
	d.mu.Lock()
	if w := d.pods[id]; w != nil {
		delete(d.pods, id)
		w.release()
	}
	d.mu.Unlock()
	p.unmarkDeferred(st, id)
}

func markerPath(st *state, id string) string {
	return filepath.Join(st.cfg.Chain.CacheDir, flushDir, id)
}

// markDeferred writes pod id's marker. No fsync: it only has to survive
// the process (a node that reboots loses its conntrack table too).
func (p *Plugin) markDeferred(st *state, id string) error {
	path := markerPath(st, id)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, nil, 0o600)
}

func (p *Plugin) unmarkDeferred(st *state, id string) {
	if err := os.Remove(markerPath(st, id)); err != nil && !errors.Is(err, os.ErrNotExist) {
		p.log.Warn("deferred work marker not removed", "pod.id", id, "error", err)
	}
}

func (p *Plugin) isMarked(st *state, id string) bool {
	_, err := os.Stat(markerPath(st, id))
	return err == nil
}

// markedPods lists the pods whose deferred work a previous process may
// not have run (their markers), and removes the markers of pods not in
// keep (gone).
func (p *Plugin) markedPods(st *state, keep func(id string) bool) []string {
	dir := filepath.Join(st.cfg.Chain.CacheDir, flushDir)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		id := e.Name()
		if keep(id) {
			out = append(out, id)
			continue
		}
		_ = os.Remove(filepath.Join(dir, id))
	}
	return out
}

// containerMayStart is CreateContainer's check, for every container:
// the pod's deferred work is done (waiting for it within the handler's
// budget). Under failurePolicy ignore a failure is logged and counted,
// and the container starts.
func (p *Plugin) containerMayStart(ctx context.Context, st *state, podID, podNS, podName, ctrName string, podIPs []string) error {
	wctx, cancel := context.WithTimeout(ctx, p.budget(st.cfg))
	defer cancel()
	t := time.Now()
	// The pod's addresses may be a stopped pod's whose flows are still
	// being removed; this pod's first packet comes from its first
	// container (delflush.go). Whatever the failure policy: it lets a pod
	// start without its own policy, never with another pod's
	// translations.
	if err := p.awaitFlows(wctx, st, podIPs); err != nil {
		return fmt.Errorf("diktyo: container %s of pod %s/%s (sandbox %s) not created yet: %w", ctrName, podNS, podName, podID, err)
	}
	err := p.awaitDeferred(wctx, st, podID)
	if waited := time.Since(t); waited > time.Millisecond {
		p.log.Debug("container waited for the pod's deferred work", "pod.id", podID, "container", ctrName, "waited", waited)
	}
	if err == nil {
		return nil
	}
	if st.cfg.FailurePolicy == "ignore" {
		p.log.Warn("container starts although the pod's deferred work failed (failurePolicy: ignore)", "pod.namespace", podNS, "pod.name", podName, "container", ctrName, "error", err)
		return nil
	}
	return fmt.Errorf("diktyo: container %s of pod %s/%s (sandbox %s) not created yet: %w", ctrName, podNS, podName, podID, err)
}
