package plugin

import (
	"net/netip"
	"sort"
	"sync"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// lifecycle is where a sandbox is in its life, as diktyo-nri knows it.
// Only a running sandbox's policy is kept; the others' state goes.
type lifecycle uint8

const (
	// lifeRunning: started (RunPodSandbox, Synchronize, CreateContainer
	// of a pod diktyo-nri had not seen): its policy must be kept.
	lifeRunning lifecycle = iota
	// lifeRejected: RunPodSandbox failed it; containerd tears it down.
	lifeRejected
	// lifeStopped: StopPodSandbox came (or Synchronize listed it without
	// a netns); Remove may still come.
	lifeStopped
	// lifeEnded: it ended with no event to come (its netns vanished, its
	// pause process exited, Remove came meanwhile): GC forgets it.
	lifeEnded
)

var lifecycleNames = [...]string{"running", "rejected", "stopped", "ended"}

func (l lifecycle) String() string { return lifecycleNames[l] }

// chainState is what the chain holds for a sandbox, as far as this
// process knows.
type chainState uint8

const (
	// chainNone: no ADD ran in this process, or a DEL succeeded since
	// (libcni's cache may still hold an earlier process's attachment).
	chainNone chainState = iota
	// chainAdded: an ADD ran, maybe part-way: a teardown must DEL (with
	// lastArgs when nothing is cached).
	chainAdded
	// chainApplied: an ADD succeeded, or a CHECK found it in place.
	chainApplied
)

var chainNames = [...]string{"none", "added", "applied"}

func (c chainState) String() string { return chainNames[c] }

// podEntry is what diktyo-nri remembers of a pod sandbox between events:
// its place in its life and what the chain holds for it, each one state
// changed only by podTable's named transitions.
type podEntry struct {
	pod         chainrun.Pod
	annotations map[string]string
	// hostNetwork: the sandbox has no network namespace of its own.
	hostNetwork bool
	life        lifecycle
	chain       chainState
	// lastArgs are the last ADD's capability args, for a DEL without
	// cache.
	lastArgs map[string]any
	// debug: the pod's policy asks for debug dumps (the DEL's dump too).
	debug bool
	// lastErr is the last failure, or why a policy is kept: for logs and
	// status.
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

// live reports whether the pod should have its chain state.
func (e *podEntry) live() bool { return e.life == lifeRunning }

// holdsChain reports whether the chain may hold state for the pod that a
// teardown must remove.
func (e *podEntry) holdsChain() bool { return e.chain != chainNone }

// applied reports whether the pod's policy is known to be in place.
func (e *podEntry) applied() bool { return e.chain == chainApplied }

func (e *podEntry) policyPod() policy.Pod {
	return policy.Pod{Namespace: e.pod.Namespace, Name: e.pod.Name, UID: e.pod.UID}
}

// podTable holds the pods diktyo-nri knows, keyed by sandbox ID. Entries
// are copied in and out, so callers never share one. Every change of an
// entry is also recorded in idx, the index of managed addresses' users
// (addrindex.go).
type podTable struct {
	mu   sync.Mutex
	pods map[string]*podEntry
	idx  *addrIndex
}

func newPodTable() *podTable { return &podTable{pods: map[string]*podEntry{}, idx: newAddrIndex()} }

// entryFromNRI converts an NRI pod sandbox.
func entryFromNRI(p *nriapi.PodSandbox) *podEntry {
	e := &podEntry{
		pod: chainrun.Pod{
			ID: p.GetId(), Namespace: p.GetNamespace(), Name: p.GetName(), UID: p.GetUid(),
			NetNS: netnsPath(p), IPs: append([]string(nil), p.GetIps()...),
		},
		annotations: p.GetAnnotations(),
	}
	// No network namespace and no addresses: a host-network pod. No
	// namespace but addresses: a sandbox whose netns containerd removed
	// already (containerd 2.4 leaves a stale netns out of the NRI pod),
	// which is stopped, not host-network; Synchronize says so.
	e.hostNetwork = e.pod.NetNS == "" && len(e.pod.IPs) == 0
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

// upsert records a pod from an event (running), keeping what the chain
// holds for a known one.
func (t *podTable) upsert(e *podEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := *e
	if old, ok := t.pods[e.pod.ID]; ok {
		c.keepFrom(old)
	}
	t.pods[e.pod.ID] = &c
	t.idx.setEntry(&c)
}

// keepFrom carries what an entry learnt over to the same sandbox's entry
// made from a newer event.
func (e *podEntry) keepFrom(old *podEntry) {
	e.chain, e.lastArgs, e.debug = old.chain, old.lastArgs, old.debug
	e.repairFailures, e.lastErr, e.retryPending = old.repairFailures, old.lastErr, old.retryPending
	e.egressAddrs = old.egressAddrs
}

// replace makes the table hold exactly the given pods (Synchronize),
// keeping what is known of pods already known; a pod rejected stays so.
func (t *podTable) replace(entries []*podEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	next := make(map[string]*podEntry, len(entries))
	for _, e := range entries {
		c := *e
		if old, ok := t.pods[e.pod.ID]; ok {
			c.keepFrom(old)
			if old.life == lifeRejected && c.life == lifeRunning {
				c.life = lifeRejected
			}
		}
		next[e.pod.ID] = &c
		t.idx.setEntry(&c)
	}
	for id := range t.pods {
		if _, ok := next[id]; !ok {
			t.idx.forget(id)
		}
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
		t.idx.setEntry(e)
	}
}

// claim marks a live pod as about to be added (with the ADD's addresses
// and arguments) and reports whether it was live. Together with stop and
// end, under the same mutex, it decides who wins a race between an ADD
// and a teardown: either the ADD claims first and the teardown sees it
// must DEL, or the teardown marks the pod first and the ADD never runs.
func (t *podTable) claim(id string, ips []string, args map[string]any, debug bool) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok || !e.live() {
		return false
	}
	if e.chain == chainNone {
		e.chain = chainAdded
	}
	e.lastArgs, e.pod.IPs, e.debug = args, ips, debug
	t.idx.setEntry(e)
	t.idx.added(id, args)
	return true
}

// markApplied records that the pod's policy is in place.
func (t *podTable) markApplied(id string) {
	t.update(id, func(e *podEntry) { e.chain, e.lastErr = chainApplied, "" })
}

// markRemoved records that the chain holds nothing for the pod (a DEL
// succeeded, or GC removed it).
func (t *podTable) markRemoved(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		e.chain, e.lastArgs = chainNone, nil
		t.idx.setEntry(e)
	}
	t.idx.removed(id)
}

// reject records that RunPodSandbox failed the pod.
func (t *podTable) reject(id string) {
	t.update(id, func(e *podEntry) {
		if e.life == lifeRunning {
			e.life = lifeRejected
		}
	})
}

// stop records a StopPodSandbox (or a Remove) and reports whether the
// chain may hold state for the pod (an ADD claimed it).
func (t *podTable) stop(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return false
	}
	if e.life == lifeRunning {
		e.life = lifeStopped // a rejected pod stays so; an ended one ends
	}
	t.idx.setEntry(e)
	return e.holdsChain()
}

// end records that the pod ended with no event to come (its netns or its
// pause process gone), and reports whether the chain may hold state for
// it. GC forgets the entry.
func (t *podTable) end(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return false
	}
	e.life = lifeEnded
	t.idx.setEntry(e)
	return e.holdsChain()
}

func (t *podTable) remove(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.pods, id)
	t.idx.forget(id)
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
		if e.applied() {
			n++
		}
	}
	return n
}
