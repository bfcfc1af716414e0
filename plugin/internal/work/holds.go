package work

import (
	"context"
	"fmt"
	"net/netip"
	"path/filepath"
	"slices"
	"time"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
)

// The conntrack walks run after the runtime is answered, under an
// address hold (plugin/internal/hold; docs/nri.md, "Address holds"):
// the ADD's cleanup of a new pod's addresses (about 10 ms, most of
// RunPodSandbox's time) before the pod's first container, and the DEL's
// cleanup of a stopped pod's addresses (13 ms on an empty node, 60 ms
// with 200,000 entries) before any other pod uses them. This file wires
// the holds to the pods, the chain and the handlers.

// HoldDir is where st's holds keep their markers.
func HoldDir(st *gen.State) string { return filepath.Join(st.Cfg.Chain.CacheDir, hold.Dir) }

func holdPod(e *pods.Entry) hold.Pod {
	return hold.Pod{Sandbox: e.Pod.ID, Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID}
}

// Deferral is the cniutil.Deferral of pod e's admission: each walk runs
// in the background under an ADD hold, under the pod's address locks and
// only while the pod is live (a Stop's DEL removes every flow of the
// pod's addresses; a later pod with them must not have its flows judged
// by this pod's rules). The pod's CreateContainer awaits it.
func (w *Work) Deferral(st *gen.State, e *pods.Entry) cniutil.Deferral {
	id := e.Pod.ID
	return func(work func() error, release func()) {
		h, err := w.Holds.Take(HoldDir(st), hold.Add, holdPod(e), ParseAddrs(e.Pod.IPs), w.egressAddrsOf(id))
		w.Holds.Hand(h, func() error { return w.runDeferred(id, work) }, release)
		if err != nil {
			// Without the marker a kill before the walk would go
			// unnoticed: run it now instead (this is the ADD, under the
			// pod's address locks already).
			w.Log.Warn("running the deferred walk now", "pod.id", id, "error", err)
			w.Holds.Start(h, work)
			return
		}
		w.Holds.Start(h, nil)
	}
}

func (w *Work) egressAddrsOf(id string) []netip.Addr {
	e, _ := w.Pods.Get(id)
	return e.EgressAddrs
}

func (w *Work) runDeferred(id string, work func() error) error {
	e, ok := w.Pods.Get(id)
	if !ok || !e.Live() {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), w.Conf.Load().Cfg.Timeouts.CNI.Duration)
	defer cancel()
	return w.locks.WithAddrs(ctx, id, e.Pod.IPs, func() error {
		if cur, ok := w.Pods.Get(id); !ok || !cur.Live() {
			return nil
		}
		return work()
	})
}

// TakeDelHold holds a teardown's addresses (e's and those the pod table
// knows, cur's) before its DEL, with what the pod keeps until its walk is
// done; nil when there is none (the DEL then runs its walk itself).
func (w *Work) TakeDelHold(st *gen.State, e, cur *pods.Entry) *hold.Hold {
	addrs := ParseAddrs(append(slices.Clone(e.Pod.IPs), cur.Pod.IPs...))
	if len(addrs) == 0 {
		return nil
	}
	pod := holdPod(e)
	if pod.UID == "" {
		pod = holdPod(cur)
	}
	h, err := w.Holds.Take(HoldDir(st), hold.Del, pod, addrs, cur.EgressAddrs)
	if err != nil {
		// Held in memory all the same; only a kill would go unnoticed.
		w.Log.Warn("DEL walk hold", "error", err)
	}
	return h
}

// DelDeferral hands a teardown's walk over to its hold h; nil without one.
func (w *Work) DelDeferral(h *hold.Hold) cniutil.Deferral {
	if h == nil {
		return nil
	}
	return func(work func() error, release func()) { w.Holds.Hand(h, work, release) }
}

// ReleaseAfter is the release of a teardown's pod (its port blocks and
// managed addresses) once hold h's walk is done; at once without a hold
// (no address: no flow can be translated for the pod).
func (w *Work) ReleaseAfter(h *hold.Hold) func(*gen.State, *pods.Entry) {
	if h == nil {
		return w.ReleaseEgress
	}
	return func(st *gen.State, e *pods.Entry) {
		owner := *e
		w.Holds.OnFree(h, owner.EgressAddrs, func() { w.ReleaseEgress(st, &owner) })
	}
}

// SettleDel ends hold h's DEL, whose result was delErr: the walk it
// handed over starts in the background. A DEL that handed nothing over
// and succeeded (its chain has no ipmasq) frees the addresses now; one
// that failed may have stopped before ipmasq's DEL ran, so nothing proves
// the flows gone: a flush of the addresses becomes the hold's walk.
func (w *Work) SettleDel(h *hold.Hold, addrs []string, delErr error) {
	if h == nil {
		return
	}
	if !w.Holds.Handed(h) && delErr != nil {
		w.Holds.Hand(h, w.FlushAddrs(ParseAddrs(addrs)), nil)
	}
	w.Holds.Start(h, nil)
}

// FlushAddrs is a walk of addrs through the chain loaded when it runs
// (chainrun.Runner.FlushFlows): the walk of a hold whose DEL did not
// hand its own over, or that a restart recovered. Without a chain it
// fails: nothing proves the flows gone.
func (w *Work) FlushAddrs(addrs []netip.Addr) func() error {
	return func() error {
		cur := w.Conf.Load()
		if cur == nil || cur.Runner == nil {
			var why error
			if cur != nil {
				why = cur.RunnerErr
			}
			return fmt.Errorf("chain not loaded: %w", why)
		}
		return cur.Runner.FlushFlows(addrs)
	}
}

// ContainerMayStart is CreateContainer's check, for every container:
// the walks on the pod's addresses and its own ADD's are done (waiting
// for them within the handler's budget). Under failurePolicy ignore a
// failure of its own ADD's walk is logged and counted, and the container
// starts.
func (w *Work) ContainerMayStart(ctx context.Context, st *gen.State, podID, podNS, podName, ctrName string, podIPs []string) error {
	wctx, cancel := context.WithTimeout(ctx, w.Budget(st.Cfg))
	defer cancel()
	t := time.Now()
	// The pod's addresses may be a stopped pod's whose flows are still
	// being removed; this pod's first packet comes from its first
	// container. Whatever the failure policy: it lets a pod start
	// without its own policy, never with another pod's translations.
	if err := w.Holds.Await(wctx, hold.Want{Addrs: ParseAddrs(podIPs), Except: podID}); err != nil {
		return fmt.Errorf("diktyo: container %s of pod %s/%s (sandbox %s) not created yet: %w", ctrName, podNS, podName, podID, err)
	}
	err := w.Holds.Await(wctx, hold.Want{Pod: podID})
	if waited := time.Since(t); waited > time.Millisecond {
		w.Log.Debug("container waited for the walks on the pod's addresses", "pod.id", podID, "container", ctrName, "waited", waited)
	}
	if err == nil {
		return nil
	}
	if st.Cfg.FailurePolicy == "ignore" {
		w.Log.Warn("container starts although the pod's deferred work failed (failurePolicy: ignore)", "pod.namespace", podNS, "pod.name", podName, "container", ctrName, "error", err)
		return nil
	}
	return fmt.Errorf("diktyo: container %s of pod %s/%s (sandbox %s) not created yet: %w", ctrName, podNS, podName, podID, err)
}

// PodIPs are a pod's addresses as the runtime says (runtime) and as
// diktyo-nri last saw them.
func (w *Work) PodIPs(id string, runtime []string) []string {
	ips := slices.Clone(runtime)
	if e, ok := w.Pods.Get(id); ok {
		ips = append(ips, e.Pod.IPs...)
	}
	return ips
}

// ParseAddrs reads pod IPs ("a.b.c.d" or "a.b.c.d/len"); others are
// skipped. Each is in its one canonical form, as every hold and lock
// keys it (hold.Canonical).
func ParseAddrs(ips []string) []netip.Addr {
	var out []netip.Addr
	for _, s := range ips {
		if a, ok := hold.Canonical(s); ok && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// addrKeys are the address locks' keys for ips, in lock order: each
// address's canonical form (an unparsable string, which no chain run
// gets past the pod's address check, as it is).
func addrKeys(ips []string) []string {
	keys := make([]string, 0, len(ips))
	for _, s := range ips {
		if a, ok := hold.Canonical(s); ok {
			s = a.String()
		}
		if !slices.Contains(keys, s) {
			keys = append(keys, s)
		}
	}
	slices.Sort(keys)
	return keys
}

// HoldsOf says what keeps pod e, or its addresses, waiting (status).
func (w *Work) HoldsOf(e *pods.Entry) []string {
	var out []string
	id := e.Pod.ID
	addrs := ParseAddrs(e.Pod.IPs)
	for _, v := range w.Holds.Views(hold.Want{Pod: id, Addrs: addrs}) {
		switch {
		case v.Unknown:
			out = append(out, "a hold marker cannot be read, every address waits: "+v.Err.Error())
			continue
		case v.Kind == hold.Add && v.Pod == id:
			out = append(out, addHoldSays(v))
			continue
		}
		for _, a := range v.Addrs {
			if !slices.Contains(addrs, a) {
				continue
			}
			what := "a stopped pod's conntrack cleanup on " + a.String() + " is pending: its containers wait for it"
			if v.Pod == id {
				what = "its DEL's conntrack cleanup on " + a.String() + " is pending: its port blocks and managed addresses are given back when it is done"
			}
			if v.Err != nil {
				what += " (last try: " + v.Err.Error() + ")"
			}
			out = append(out, what)
		}
	}
	return out
}

func addHoldSays(v hold.View) string {
	switch {
	case v.Running:
		return "the conntrack cleanup of its ADD is running: its containers wait for it"
	case v.Recovered:
		return "its ADD's conntrack cleanup was interrupted by a restart: its containers wait for it"
	case v.Err != nil:
		return "the conntrack cleanup of its ADD failed, retried by its next container: " + v.Err.Error()
	}
	return "the conntrack cleanup of its ADD is pending"
}
