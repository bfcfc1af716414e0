package plugin

import (
	"net/netip"
	"sort"
	"sync"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// podEntry is what diktyo-nri remembers of a pod sandbox between events.
type podEntry struct {
	pod         chainrun.Pod
	annotations map[string]string
	// hostNetwork: the sandbox has no network namespace of its own.
	hostNetwork bool
	// stopped: StopPodSandbox arrived (or Synchronize found no netns).
	stopped bool
	// vanished: the netns disappeared with no Stop or Remove event.
	vanished bool
	// rejected: RunPodSandbox failed it; containerd tears it down.
	rejected bool
	// applied: the chain's ADD succeeded and no DEL has run since.
	applied bool
	// dirty: an ADD ran (maybe part-way) and no DEL has succeeded since;
	// lastArgs are that ADD's capability args, for a DEL without cache.
	dirty    bool
	lastArgs map[string]any
	// debug: the pod's policy asks for debug dumps (the DEL's dump too).
	debug bool
	// lastErr is the last chain failure, for logs and status.
	lastErr string
	// repairFailures counts failed repairs in a row (their backoff);
	// retryPending: a retry timer is set for the pod.
	repairFailures int
	retryPending   bool
	// egressAddrs are the managed egress addresses this pod was admitted
	// with (ensured present for it); it counts among their users while it
	// is live or holds chain state.
	egressAddrs []netip.Addr
}

func (e *podEntry) policyPod() policy.Pod {
	return policy.Pod{Namespace: e.pod.Namespace, Name: e.pod.Name, UID: e.pod.UID}
}

// live reports whether the pod should have its chain state.
func (e *podEntry) live() bool { return !e.stopped && !e.rejected }

// podTable holds the pods diktyo-nri knows, keyed by sandbox ID. Entries
// are copied in and out, so callers never share one.
type podTable struct {
	mu   sync.Mutex
	pods map[string]*podEntry
}

func newPodTable() *podTable { return &podTable{pods: map[string]*podEntry{}} }

// entryFromNRI converts an NRI pod sandbox.
func entryFromNRI(p *nriapi.PodSandbox) *podEntry {
	e := &podEntry{
		pod: chainrun.Pod{
			ID: p.GetId(), Namespace: p.GetNamespace(), Name: p.GetName(), UID: p.GetUid(),
			NetNS: netnsPath(p), IPs: append([]string(nil), p.GetIps()...),
		},
		annotations: p.GetAnnotations(),
	}
	e.hostNetwork = e.pod.NetNS == ""
	return e
}

// netnsPath returns the sandbox's network namespace path from the NRI
// event, "" for host-network pods (containerd lists no network namespace
// for them).
func netnsPath(p *nriapi.PodSandbox) string {
	for _, ns := range p.GetLinux().GetNamespaces() {
		if ns.GetType() == "network" {
			return ns.GetPath()
		}
	}
	return ""
}

// upsert records a pod from an event, keeping the flags of a known one.
func (t *podTable) upsert(e *podEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old, ok := t.pods[e.pod.ID]; ok {
		e.applied, e.dirty, e.lastArgs, e.debug = old.applied, old.dirty, old.lastArgs, old.debug
		e.repairFailures, e.lastErr, e.retryPending = old.repairFailures, old.lastErr, old.retryPending
		e.egressAddrs = old.egressAddrs
	}
	c := *e
	t.pods[e.pod.ID] = &c
}

// replace makes the table hold exactly the given pods (Synchronize),
// keeping the flags of pods already known.
func (t *podTable) replace(entries []*podEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	next := make(map[string]*podEntry, len(entries))
	for _, e := range entries {
		c := *e
		if old, ok := t.pods[e.pod.ID]; ok {
			c.applied, c.dirty, c.lastArgs, c.debug = old.applied, old.dirty, old.lastArgs, old.debug
			c.repairFailures, c.lastErr, c.retryPending = old.repairFailures, old.lastErr, old.retryPending
			c.rejected, c.egressAddrs = old.rejected, old.egressAddrs
		}
		next[e.pod.ID] = &c
	}
	t.pods = next
}

func (t *podTable) get(id string) (podEntry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return podEntry{}, false
	}
	return *e, true
}

// update runs f on the entry of id, if there is one.
func (t *podTable) update(id string, f func(e *podEntry)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		f(e)
	}
}

// claim marks a live pod as about to be added (dirty, with the ADD's
// addresses and arguments) and reports whether it was live. Together with
// stop, under the same mutex, it decides who wins a race between an ADD
// and a Stop or Remove: either the ADD claims first and the teardown sees
// it must DEL, or the teardown marks the pod first and the ADD never runs.
func (t *podTable) claim(id string, ips []string, args map[string]any, debug bool) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok || !e.live() {
		return false
	}
	e.dirty, e.lastArgs, e.pod.IPs, e.debug = true, args, ips, debug
	return true
}

// stop marks a pod stopped and reports whether an ADD has claimed it.
func (t *podTable) stop(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return false
	}
	e.stopped = true
	return e.dirty
}

func (t *podTable) remove(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.pods, id)
}

// snapshot returns copies of all entries, sorted by ID.
func (t *podTable) snapshot() []podEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]podEntry, 0, len(t.pods))
	for _, e := range t.pods {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pod.ID < out[j].pod.ID })
	return out
}

// liveIDs are the sandboxes whose chain state must be kept (GC's valid
// attachments).
func (t *podTable) liveIDs() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var ids []string
	for id, e := range t.pods {
		if e.live() {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

func (t *podTable) countApplied() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, e := range t.pods {
		if e.applied {
			n++
		}
	}
	return n
}
