// Package pods is the pod state: what diktyo-nri remembers of each pod
// sandbox between events (one Entry per sandbox, in one Table), and the
// index of the managed egress addresses' users kept with it. An entry's
// phase (its Life and its Chain) changes only through the Table's named
// transitions, under the Table's lock; the Life's transitions are the
// table lifeNext. Entries are copied in and out: no caller shares one.
package pods

import (
	"net/netip"
	"sort"
	"sync"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Life is where a sandbox is in its life, as diktyo-nri knows it.
// Only a running sandbox's policy is kept; the others' state goes.
type Life uint8

const (
	// Running: started (RunPodSandbox, Synchronize, CreateContainer
	// of a pod diktyo-nri had not seen): its policy must be kept.
	Running Life = iota
	// Rejected: RunPodSandbox failed it; containerd tears it down.
	Rejected
	// Stopped: StopPodSandbox came (or Synchronize listed it without
	// a netns); Remove may still come.
	Stopped
	// Ended: it ended with no event to come (its netns vanished, its
	// pause process exited, Remove came meanwhile): GC forgets it.
	Ended
)

var lifeNames = [...]string{"running", "rejected", "stopped", "ended"}

func (l Life) String() string { return lifeNames[l] }

// lifeEvent is what moves a sandbox along its life.
type lifeEvent uint8

const (
	// evReject: RunPodSandbox failed the pod.
	evReject lifeEvent = iota
	// evStop: StopPodSandbox (or a Remove) came.
	evStop
	// evEnd: it ended with no event to come.
	evEnd
	// evSync: Synchronize listed it running.
	evSync
	numLifeEvents
)

// lifeNext is the only way a Life changes: lifeNext[from][event]. A
// rejected pod stays so (containerd tears it down), whatever Stop or
// Synchronize say; an ended one stays ended until it is forgotten.
var lifeNext = [...][numLifeEvents]Life{
	Running:  {evReject: Rejected, evStop: Stopped, evEnd: Ended, evSync: Running},
	Rejected: {evReject: Rejected, evStop: Rejected, evEnd: Ended, evSync: Rejected},
	Stopped:  {evReject: Stopped, evStop: Stopped, evEnd: Ended, evSync: Running},
	Ended:    {evReject: Ended, evStop: Ended, evEnd: Ended, evSync: Running},
}

// Chain is what the chain holds for a sandbox, as far as this
// process knows.
type Chain uint8

const (
	// ChainNone: no ADD ran in this process, or a DEL succeeded since
	// (libcni's cache may still hold an earlier process's attachment).
	ChainNone Chain = iota
	// ChainAdded: an ADD ran, maybe part-way: a teardown must DEL (with
	// lastArgs when nothing is cached).
	ChainAdded
	// ChainApplied: an ADD succeeded, or a CHECK found it in place.
	ChainApplied
)

var chainNames = [...]string{"none", "added", "applied"}

// chainEvent is what changes what the chain holds for a sandbox.
type chainEvent uint8

const (
	// evClaim: an ADD is about to run.
	evClaim chainEvent = iota
	// evApplied: an ADD succeeded, or a CHECK found the policy in place.
	evApplied
	// evRemoved: a DEL succeeded, or GC removed the attachment.
	evRemoved
	numChainEvents
)

// chainNext is the only way a Chain changes: chainNext[from][event].
var chainNext = [...][numChainEvents]Chain{
	ChainNone:    {evClaim: ChainAdded, evApplied: ChainApplied, evRemoved: ChainNone},
	ChainAdded:   {evClaim: ChainAdded, evApplied: ChainApplied, evRemoved: ChainNone},
	ChainApplied: {evClaim: ChainApplied, evApplied: ChainApplied, evRemoved: ChainNone},
}

func (c Chain) String() string { return chainNames[c] }

func ptr[T any](v T) *T { return &v }

// Entry is what diktyo-nri remembers of a pod sandbox between events:
// its place in its life and what the chain holds for it, each one state
// changed only by Table's named transitions.
type Entry struct {
	Pod chainrun.Pod
	// Annotations are the pod's diktyo.io/ annotations only
	// (policy.DiktyoAnnotations): the others decide nothing, and a
	// node's thousands of entries need not keep them.
	Annotations map[string]string
	// HostNetwork: the sandbox has no network namespace of its own.
	HostNetwork bool
	// Life and Chain are the entry's phase: given when the entry is
	// made (Running, or Stopped for a sandbox Synchronize lists without
	// a netns), then changed only by Table's transitions.
	Life  Life
	Chain Chain
	// LastArgs are the last ADD's capability args, for a DEL without
	// cache.
	LastArgs map[string]any
	// Debug: the pod's policy asks for debug dumps (the DEL's dump too).
	Debug bool
	// LastErr is the last failure, or why a policy is kept: for logs and
	// status.
	LastErr string
	// RepairFailures counts failed repairs in a row (their backoff);
	// RetryPending: a retry timer is set for the pod.
	RepairFailures int
	RetryPending   bool
	// EgressAddrs are the managed egress addresses this pod was admitted
	// with (ensured present for it); it counts among their users while it
	// is live or holds chain state.
	EgressAddrs []netip.Addr
}

// Live reports whether the pod should have its chain state.
func (e *Entry) Live() bool { return e.Life == Running }

// HoldsChain reports whether the chain may hold state for the pod that a
// teardown must remove.
func (e *Entry) HoldsChain() bool { return e.Chain != ChainNone }

// Applied reports whether the pod's policy is known to be in place.
func (e *Entry) Applied() bool { return e.Chain == ChainApplied }

// PolicyPod is the pod as policy.Decide knows it.
func (e *Entry) PolicyPod() policy.Pod {
	return policy.Pod{Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID}
}

// Table holds the pods diktyo-nri knows, keyed by sandbox ID. Entries
// are copied in and out, so callers never share one. Every change of an
// entry is also recorded in idx, the index of managed addresses' users
// (addrindex.go).
type Table struct {
	mu   sync.Mutex
	pods map[string]*Entry
	idx  *addrIndex
}

// New is an empty table; externals reads the external addresses an ADD's
// capability args name (what its cached attachment may hold).
func New(externals func(args map[string]any) ([]netip.Addr, error)) *Table {
	return &Table{pods: map[string]*Entry{}, idx: newAddrIndex(externals)}
}

// Upsert records a pod from an event (running), keeping what the chain
// holds for a known one.
func (t *Table) Upsert(e *Entry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := *e
	if old, ok := t.pods[e.Pod.ID]; ok {
		c.keepFrom(old)
	}
	t.pods[e.Pod.ID] = &c
	t.idx.setEntry(&c)
}

// keepFrom carries what an entry learnt over to the same sandbox's entry
// made from a newer event.
func (e *Entry) keepFrom(old *Entry) {
	e.Chain, e.LastArgs, e.Debug = old.Chain, old.LastArgs, old.Debug
	e.RepairFailures, e.LastErr, e.RetryPending = old.RepairFailures, old.LastErr, old.RetryPending
	e.EgressAddrs = old.EgressAddrs
}

// Replace makes the table hold exactly the given pods (Synchronize),
// keeping what is known of pods already known; a pod rejected stays so.
func (t *Table) Replace(entries []*Entry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	next := make(map[string]*Entry, len(entries))
	for _, e := range entries {
		c := *e
		if old, ok := t.pods[e.Pod.ID]; ok {
			c.keepFrom(old)
			if c.Life == Running {
				c.Life = lifeNext[old.Life][evSync]
			}
		}
		next[e.Pod.ID] = &c
		t.idx.setEntry(&c)
	}
	for id := range t.pods {
		if _, ok := next[id]; !ok {
			t.idx.forget(id)
		}
	}
	t.pods = next
}

// Get is a copy of id's entry.
func (t *Table) Get(id string) (Entry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return Entry{}, false
	}
	return *e, true
}

// Update runs f on the entry of id, if there is one. f changes what the
// entry records, never its phase: a Life or Chain that f sets is undone
// (those change only through the transitions below).
func (t *Table) Update(id string, f func(e *Entry)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		life, chain := e.Life, e.Chain
		f(e)
		e.Life, e.Chain = life, chain
		t.idx.setEntry(e)
	}
}

// move changes e's phase through the transition tables; the caller holds
// the table's lock.
func (t *Table) move(e *Entry, life *lifeEvent, chain *chainEvent) {
	if life != nil {
		e.Life = lifeNext[e.Life][*life]
	}
	if chain != nil {
		e.Chain = chainNext[e.Chain][*chain]
	}
	t.idx.setEntry(e)
}

// Claim marks a live pod as about to be added (with the ADD's addresses
// and arguments) and reports whether it was live. Together with stop and
// end, under the same mutex, it decides who wins a race between an ADD
// and a teardown: either the ADD claims first and the teardown sees it
// must DEL, or the teardown marks the pod first and the ADD never runs.
func (t *Table) Claim(id string, ips []string, args map[string]any, debug bool) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok || !e.Live() {
		return false
	}
	e.LastArgs, e.Pod.IPs, e.Debug = args, ips, debug
	t.move(e, nil, ptr(evClaim))
	t.idx.added(id, args)
	return true
}

// MarkApplied records that the pod's policy is in place.
func (t *Table) MarkApplied(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		e.LastErr = ""
		t.move(e, nil, ptr(evApplied))
	}
}

// MarkRemoved records that the chain holds nothing for the pod (a DEL
// succeeded, or GC removed it).
func (t *Table) MarkRemoved(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		e.LastArgs = nil
		t.move(e, nil, ptr(evRemoved))
	}
	t.idx.removed(id)
}

// Reject records that RunPodSandbox failed the pod.
func (t *Table) Reject(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.pods[id]; ok {
		t.move(e, ptr(evReject), nil)
	}
}

// Stop records a StopPodSandbox (or a Remove) and reports whether the
// chain may hold state for the pod (an ADD claimed it).
func (t *Table) Stop(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return false
	}
	t.move(e, ptr(evStop), nil) // a rejected pod stays so; an ended one ends
	return e.HoldsChain()
}

// End records that the pod ended with no event to come (its netns or its
// pause process gone), and reports whether the chain may hold state for
// it. GC forgets the entry.
func (t *Table) End(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pods[id]
	if !ok {
		return false
	}
	t.move(e, ptr(evEnd), nil)
	return e.HoldsChain()
}

// Remove forgets id.
func (t *Table) Remove(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.pods, id)
	t.idx.forget(id)
}

// Snapshot returns copies of all entries, sorted by ID.
func (t *Table) Snapshot() []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Entry, 0, len(t.pods))
	for _, e := range t.pods {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pod.ID < out[j].Pod.ID })
	return out
}

// LiveIDs are the sandboxes whose chain state must be kept (GC's valid
// attachments).
func (t *Table) LiveIDs() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var ids []string
	for id, e := range t.pods {
		if e.Live() {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// CountApplied is how many pods have their policy in place.
func (t *Table) CountApplied() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, e := range t.pods {
		if e.Applied() {
			n++
		}
	}
	return n
}
