package work

import (
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
)

// errNoRuntimeIPs: containerd before 2.1 sends no pod IPs in NRI events.
var errNoRuntimeIPs = errors.New("the runtime sent no pod IPs (containerd 2.1 or later sends them); " +
	"diktyo never takes them from the pod's own interface, which the pod controls")

// PodAddrs returns the addresses the chain runs with for e. They are fixed
// at the first successful ADD (cached holds that ADD's "ips"; libcni's
// cache keeps them across restarts and Synchronize), else they are the
// ones the runtime reported. Each must be one host, inside the admin's
// podCIDRs when set, and held by no other live pod: a pod must never be
// able to claim an address, and with it another pod's egress identity.
func (w *Work) PodAddrs(st *gen.State, e *pods.Entry, cached []string) ([]string, error) {
	src, field := e.Pod.IPs, "pod IPs from the runtime"
	if len(cached) > 0 {
		src, field = cached, "pod IPs of the first ADD"
	}
	if len(src) == 0 {
		return nil, errNoRuntimeIPs
	}
	addrs, err := cniutil.ParseHostAddrs(field, src)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(addrs))
	for _, a := range addrs {
		if err := st.Cfg.CheckPodAddr(a); err != nil {
			return nil, err
		}
		if other, ok := holder(w.Pods, a, e.Pod.ID); ok {
			return nil, fmt.Errorf("pod address %s is held by live pod %s/%s (sandbox %s)", a, other.Namespace, other.Name, other.ID)
		}
		out = append(out, a.String())
	}
	return out, nil
}

// holder returns a live pod other than id whose addresses include a.
func holder(t *pods.Table, a netip.Addr, id string) (podRef, bool) {
	for _, e := range t.Snapshot() {
		// A pod whose netns is gone no longer holds anything, even if no
		// event said so yet (containerd#8426).
		if e.Pod.ID == id || !e.Live() || e.HostNetwork {
			continue
		}
		if gone, err := chainrun.NetNSGone(e.Pod.NetNS); err == nil && gone {
			continue // one that cannot be read may still be there: it holds
		}
		for _, s := range e.Pod.IPs {
			if b, ok := hold.Canonical(s); ok && b == a.Unmap() {
				return podRef{ID: e.Pod.ID, Namespace: e.Pod.Namespace, Name: e.Pod.Name}, true
			}
		}
	}
	return podRef{}, false
}

// podRef names a pod in errors.
type podRef struct{ ID, Namespace, Name string }

// EgressPod is the pod as the egress allocator names it.
func EgressPod(e *pods.Entry) egress.Pod {
	return egress.Pod{Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID, Sandbox: e.Pod.ID}
}

// AdmitEgress runs the pod's egress admission (plugin/internal/admit:
// its port blocks and explicit ranges, then its managed addresses) with
// st's config, and names the failure's reason: a full pool is
// egress_quota, anything else egress.
func (w *Work) AdmitEgress(ctx context.Context, st *gen.State, e *pods.Entry, pol *policy.Policy) error {
	err := w.Admission.Admit(ctx, st.Admit(), EgressPod(e), w.PodLog(e), pol, w.Budget(st.Cfg))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, egress.ErrQuota):
		return Failure(health.ReasonEgressQuota, err)
	default:
		return Failure(health.ReasonEgress, err)
	}
}

// ReleaseEgress frees a pod's blocks and managed addresses once its chain
// state is gone (plugin/internal/admit).
func (w *Work) ReleaseEgress(st *gen.State, e *pods.Entry) {
	w.Admission.Release(st.Admit(), EgressPod(e), w.PodLog(e))
}

// A pod's network namespace being gone, and no process being left in it,
// are proof that the pod ended (docs/nri.md, "Removal needs proof"). A
// read that fails (a statfs, /proc) proves neither: the pod keeps
// everything, the failure is counted (diktyo_failures_total{reason=
// "cannot_decide"}), logged once per error and pod, shown as the daemon
// fault "netns" until a read succeeds, and the question is asked again
// (at every reconcile; the sandbox watch, plugin/internal/watch, with
// backoff).

// NoteRead records the outcome of a read of pod podID's namespace (key
// says which: "netns ID", the namespace itself, "procs ID", the
// processes in it; err nil: it succeeded): each failure is counted, a new
// one logged once, and the fault shown until the read succeeds.
func (w *Work) NoteRead(key, podID string, err error) {
	if err != nil {
		w.Metrics.Fail(health.ReasonUnknown)
		err = fmt.Errorf("cannot tell whether pod %s ended (it keeps what it holds): %w", podID, err)
	}
	if w.Health.Note(health.FaultNetns, key, err) == health.News {
		w.Log.Warn("cannot tell whether the pod ended: it keeps its policy, blocks and addresses; asked again", "pod.id", podID, "error", err)
	}
}

// NetnsGone reports whether e's network namespace is provably gone. A
// namespace that cannot be read is not.
func (w *Work) NetnsGone(e *pods.Entry) bool {
	gone, err := chainrun.NetNSGone(e.Pod.NetNS)
	w.NoteRead("netns "+e.Pod.ID, e.Pod.ID, err)
	return err == nil && gone
}
