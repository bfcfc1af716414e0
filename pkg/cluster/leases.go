package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"time"

	coordv1 "k8s.io/api/coordination/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"
)

// LeaseName is the name of the Lease of managed egress address a: IPv4
// dotted with dashes, IPv6 in full (so that it always ends in a digit):
// diktyo-egress-203-0-113-10, diktyo-egress-2001-0db8-0000-...-0010.
func LeaseName(a netip.Addr) string {
	s := a.String()
	if a.Is6() {
		s = a.StringExpanded()
	}
	return LeasePrefix + strings.NewReplacer(".", "-", ":", "-").Replace(s)
}

// HeldError says another node holds the Lease of an address.
type HeldError struct {
	Addr      netip.Addr
	Namespace string
	Lease     string
	Holder    string
	// Renewed is when the holder last renewed it (by its clock).
	Renewed time.Time
	// Unchanged is how long this node has seen it unchanged; it is taken
	// over once that reaches Duration and Renewed is Duration old.
	Unchanged, Duration time.Duration
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("managed egress address %s is held by node %q (Lease %s/%s, renewed at %s, seen unchanged here for %s; "+
		"taken over only once it stays unrenewed for %s): two nodes must never assign the same address", e.Addr, e.Holder,
		e.Namespace, e.Lease, e.Renewed.UTC().Format(time.RFC3339), e.Unchanged.Round(time.Millisecond), e.Duration)
}

// LeaseState is one address's Lease as this node knows it (status).
type LeaseState struct {
	Addr  netip.Addr
	Lease string
	// Held: this node holds it; otherwise Holder does, or nobody does.
	Held   bool
	Holder string
	// Renewed is this node's last successful write of it.
	Renewed time.Time
	// Error is the last failure to take or renew it.
	Error string
}

// errLost: a renewal found the Lease taken by another node (reported
// through OnLost and the state already).
var errLost = errors.New("lease taken by another node")

// Leases coordinates the managed egress addresses of one node with the
// other nodes: before an address is assigned, this node holds its Lease
// (Acquire); it renews every Lease it holds while the address is in use
// (RenewAll, every renew interval); it gives the Lease up after
// withdrawing the address (Drop, then Delete).
//
// A Lease held by another node is free only when it lapsed on both
// counts: its renewTime is more than its duration old by this node's
// clock, and this node has seen it unchanged (same resourceVersion) for
// its duration by its own clock, as client-go's leader election judges
// it: a node whose clock runs ahead cannot take a live Lease. Updates
// are optimistic (resourceVersion): of two nodes taking one Lease at
// once, one wins. And this node counts a Lease as its own only while its
// last write is less than a duration old: one it could not renew in time
// is no proof that nobody else took the address.
//
// Losing the API server never withdraws an address: the node keeps it
// and its pods keep their identity; another node that sees the Lease
// lapse still probes the address before assigning it, and finds it in
// use (docs/cluster.md, "When the API server is unreachable").
type Leases struct {
	api            coordinationv1.LeaseInterface
	ns, node       string
	duration, tick time.Duration
	log            *slog.Logger
	now            func() time.Time
	// OnLost is called (without the lock) when another node took a Lease
	// this node held; the address stays on this node.
	OnLost func(a netip.Addr, holder string)

	mu    sync.Mutex
	held  map[netip.Addr]*coordv1.Lease // as this node last wrote it
	state map[netip.Addr]*LeaseState
	// seen is, per address held by another node, the version this node
	// last read and since when (its clock) it has seen that version.
	seen map[netip.Addr]observed
	// failing is the renewal error last logged (logged once).
	failing string
}

type observed struct {
	version string
	since   time.Time
}

// renewParallel bounds the renewals in flight at once.
const renewParallel = 8

// NewLeases coordinates addresses through c's API server, with Leases of
// the given duration renewed every renew.
func NewLeases(c *Client, duration, renew time.Duration, log *slog.Logger) *Leases {
	return &Leases{
		api: c.Coordination.Leases(c.Namespace), ns: c.Namespace, node: c.Node,
		duration: duration, tick: renew, log: log, now: time.Now,
		held: map[netip.Addr]*coordv1.Lease{}, state: map[netip.Addr]*LeaseState{}, seen: map[netip.Addr]observed{},
	}
}

// Node is the holder identity this node writes.
func (l *Leases) Node() string { return l.node }

// Holds reports whether this node holds a's Lease: its last write of it
// succeeded less than a duration ago, and nobody has taken it since.
func (l *Leases) Holds(a netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.holdsLocked(a)
}

func (l *Leases) holdsLocked(a netip.Addr) bool {
	h := l.held[a]
	return h != nil && l.now().Before(renewTime(h).Add(l.duration))
}

// requestTimeout bounds one request to the API server.
func (l *Leases) requestTimeout() time.Duration { return min(l.tick, 2*time.Second) }

// Acquire makes this node the holder of a's Lease. Already held: nothing
// to do (no request). Held by a live other node: a *HeldError, or, with
// wait, another try every retry until ctx ends (then the *HeldError). Any
// other error (the API server unreachable, RBAC) means it is not known
// that no other node has a: the caller must not assign it. Every request
// is bounded (requestTimeout), whatever ctx allows.
func (l *Leases) Acquire(ctx context.Context, a netip.Addr, wait bool) error {
	if l.Holds(a) {
		return nil
	}
	const retry = 250 * time.Millisecond
	var last *HeldError
	for {
		err := l.take(ctx, a)
		var held *HeldError
		switch {
		case errors.As(err, &held):
			last = held
		case err != nil && last != nil && ctx.Err() != nil:
			// The wait's budget ran out mid-request: what is known is
			// that the holder held it.
			err = last
		}
		l.record(a, err)
		if err == nil || !wait || held == nil {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(retry):
		}
	}
}

// take reads a's Lease and creates it, renews it, or takes it over when
// it lapsed; a write that loses a race with another node reads again.
func (l *Leases) take(ctx context.Context, a netip.Addr) error {
	name := LeaseName(a)
	for range 3 {
		rctx, cancel := context.WithTimeout(ctx, l.requestTimeout())
		out, err := l.takeOnce(rctx, a, name)
		cancel()
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			return err
		}
		l.mu.Lock()
		l.held[a] = out
		delete(l.seen, a)
		l.mu.Unlock()
		return nil
	}
	return fmt.Errorf("the Lease %s/%s of egress address %s changed under every one of 3 tries", l.ns, name, a)
}

var errRetry = errors.New("lost a race: read again")

func (l *Leases) takeOnce(ctx context.Context, a netip.Addr, name string) (*coordv1.Lease, error) {
	cur, err := l.api.Get(ctx, name, metav1.GetOptions{})
	now := l.now()
	var out *coordv1.Lease
	switch {
	case apierrors.IsNotFound(err):
		out, err = l.api.Create(ctx, l.fresh(a, now), metav1.CreateOptions{})
		if apierrors.IsAlreadyExists(err) {
			return nil, errRetry
		}
	case err != nil:
		return nil, fmt.Errorf("reading Lease %s/%s of egress address %s: %w", l.ns, name, a, err)
	default:
		if h := holder(cur); h != "" && h != l.node {
			unchanged := l.observe(a, cur, now)
			d := leaseDuration(cur, l.duration)
			if now.Before(renewTime(cur).Add(d)) || unchanged < d {
				return nil, &HeldError{Addr: a, Namespace: l.ns, Lease: name, Holder: h, Renewed: renewTime(cur), Unchanged: unchanged, Duration: d}
			}
		}
		out, err = l.api.Update(ctx, l.takeOver(cur, now), metav1.UpdateOptions{})
		if apierrors.IsConflict(err) {
			return nil, errRetry
		}
	}
	if err != nil {
		return nil, fmt.Errorf("writing Lease %s/%s of egress address %s: %w", l.ns, name, a, err)
	}
	return out, nil
}

// observe records that cur was read now and returns how long this node
// has seen that version of it.
func (l *Leases) observe(a netip.Addr, cur *coordv1.Lease, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	o, ok := l.seen[a]
	if !ok || o.version != cur.ResourceVersion {
		o = observed{version: cur.ResourceVersion, since: now}
		l.seen[a] = o
	}
	return now.Sub(o.since)
}

func (l *Leases) fresh(a netip.Addr, now time.Time) *coordv1.Lease {
	le := &coordv1.Lease{ObjectMeta: metav1.ObjectMeta{
		Name: LeaseName(a), Namespace: l.ns,
		Labels:      map[string]string{"app.kubernetes.io/name": "diktyo", ComponentLabel: ComponentLease},
		Annotations: map[string]string{AddressAnnotation: a.String()},
	}}
	l.stamp(le, now, true)
	return le
}

// takeOver is cur held by this node from now: a renewal when it already
// was, a transition when it was another's (lapsed) or nobody's.
func (l *Leases) takeOver(cur *coordv1.Lease, now time.Time) *coordv1.Lease {
	next := cur.DeepCopy()
	l.stamp(next, now, holder(cur) != l.node)
	return next
}

func (l *Leases) stamp(le *coordv1.Lease, now time.Time, transition bool) {
	t := metav1.NewMicroTime(now)
	secs := int32(l.duration / time.Second)
	node := l.node
	le.Spec.HolderIdentity = &node
	le.Spec.LeaseDurationSeconds = &secs
	le.Spec.RenewTime = &t
	if transition {
		le.Spec.AcquireTime = &t
		n := int32(0)
		if le.Spec.LeaseTransitions != nil {
			n = *le.Spec.LeaseTransitions + 1
		}
		le.Spec.LeaseTransitions = &n
	}
}

func holder(le *coordv1.Lease) string {
	if le.Spec.HolderIdentity == nil {
		return ""
	}
	return *le.Spec.HolderIdentity
}

func renewTime(le *coordv1.Lease) time.Time {
	switch {
	case le.Spec.RenewTime != nil:
		return le.Spec.RenewTime.Time
	case le.Spec.AcquireTime != nil:
		return le.Spec.AcquireTime.Time
	}
	return time.Time{}
}

func leaseDuration(le *coordv1.Lease, def time.Duration) time.Duration {
	if le.Spec.LeaseDurationSeconds != nil && *le.Spec.LeaseDurationSeconds > 0 {
		return time.Duration(*le.Spec.LeaseDurationSeconds) * time.Second
	}
	return def
}

// Release gives a's Lease up: Drop, then Delete.
func (l *Leases) Release(ctx context.Context, a netip.Addr) error {
	return l.Delete(ctx, l.Drop(a))
}

// Drop makes this node stop holding a's Lease (no more renewals; Holds
// is false from now on) and returns the version it last wrote, for
// Delete; nil if it held none. The caller drops a Lease under the same
// lock under which it withdraws the address, so that no pod is admitted
// on a Lease about to be deleted.
func (l *Leases) Drop(a netip.Addr) *coordv1.Lease {
	l.mu.Lock()
	defer l.mu.Unlock()
	mine := l.held[a]
	delete(l.held, a)
	delete(l.state, a)
	return mine
}

// Delete deletes a Lease Drop returned: the version this node wrote
// (precondition), or a newer one this node wrote (a renewal in flight at
// the Drop) while it has not taken the Lease again; never one another
// node holds. A failure is returned for the log: the Lease then lapses
// on its own.
func (l *Leases) Delete(ctx context.Context, mine *coordv1.Lease) error {
	if mine == nil {
		return nil
	}
	a, _ := netip.ParseAddr(mine.Annotations[AddressAnnotation])
	rv := mine.ResourceVersion
	for range 3 {
		rctx, cancel := context.WithTimeout(ctx, l.requestTimeout())
		err := l.api.Delete(rctx, mine.Name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: &rv}})
		if err == nil || apierrors.IsNotFound(err) {
			cancel()
			return nil
		}
		if !apierrors.IsConflict(err) {
			cancel()
			return fmt.Errorf("deleting Lease %s/%s (it lapses on its own): %w", l.ns, mine.Name, err)
		}
		cur, gerr := l.api.Get(rctx, mine.Name, metav1.GetOptions{})
		cancel()
		switch {
		case apierrors.IsNotFound(gerr):
			return nil
		case gerr != nil:
			return fmt.Errorf("deleting Lease %s/%s (it lapses on its own): %w", l.ns, mine.Name, gerr)
		case holder(cur) != l.node || l.Holds(a):
			return nil // another node's now, or this node's again
		}
		rv = cur.ResourceVersion
	}
	return fmt.Errorf("deleting Lease %s/%s: it changed under every one of 3 tries (it lapses on its own)", l.ns, mine.Name)
}

// HeldAddrs lists the addresses whose Lease this node has written (held,
// or being renewed after a missed renewal).
func (l *Leases) HeldAddrs() []netip.Addr {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]netip.Addr, 0, len(l.held))
	for a := range l.held {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// RenewAll renews every held Lease once, those closest to lapsing first,
// several at a time, each request bounded by the renew interval. One that
// another node took is dropped and reported (OnLost); one that cannot be
// written is kept and tried again next time (logged once).
func (l *Leases) RenewAll(ctx context.Context) {
	l.mu.Lock()
	addrs := make([]netip.Addr, 0, len(l.held))
	for a := range l.held {
		addrs = append(addrs, a)
	}
	sort.Slice(addrs, func(i, j int) bool { return renewTime(l.held[addrs[i]]).Before(renewTime(l.held[addrs[j]])) })
	l.mu.Unlock()
	var (
		mu     sync.Mutex
		failed []string
		wg     sync.WaitGroup
	)
	sem := make(chan struct{}, renewParallel)
	for _, a := range addrs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			err := l.renew(ctx, a)
			if errors.Is(err, errLost) {
				return
			}
			l.record(a, err)
			if err != nil {
				mu.Lock()
				failed = append(failed, err.Error())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Strings(failed)
	l.noteRenewal(strings.Join(failed, "; "))
}

func (l *Leases) renew(ctx context.Context, a netip.Addr) error {
	l.mu.Lock()
	mine := l.held[a]
	l.mu.Unlock()
	if mine == nil {
		return nil // dropped meanwhile
	}
	rctx, cancel := context.WithTimeout(ctx, l.requestTimeout())
	defer cancel()
	out, err := l.api.Update(rctx, l.takeOver(mine, l.now()), metav1.UpdateOptions{})
	if apierrors.IsConflict(err) || apierrors.IsNotFound(err) {
		// Changed by someone else: ours still, or taken, or deleted.
		cur, gerr := l.api.Get(rctx, mine.Name, metav1.GetOptions{})
		switch {
		case apierrors.IsNotFound(gerr):
			if !l.stillMine(a, mine) {
				return nil // dropped meanwhile: not to be made again
			}
			out, err = l.api.Create(rctx, l.fresh(a, l.now()), metav1.CreateOptions{})
		case gerr != nil:
			err = gerr
		case holder(cur) == l.node:
			out, err = l.api.Update(rctx, l.takeOver(cur, l.now()), metav1.UpdateOptions{})
		default:
			l.lost(a, mine, holder(cur))
			return errLost
		}
	}
	if err != nil {
		return fmt.Errorf("renewing Lease %s/%s of egress address %s: %w", l.ns, mine.Name, a, err)
	}
	l.mu.Lock()
	kept := l.held[a] == mine
	if kept {
		l.held[a] = out
	}
	l.mu.Unlock()
	if !kept {
		// Dropped (the address withdrawn) while this write was in
		// flight, and so deleted with the version before it: delete
		// what this write made, or it would hold the address for nobody.
		_ = l.Delete(ctx, out)
	}
	return nil
}

func (l *Leases) stillMine(a netip.Addr, mine *coordv1.Lease) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held[a] == mine
}

func (l *Leases) lost(a netip.Addr, mine *coordv1.Lease, by string) {
	l.mu.Lock()
	if l.held[a] != mine {
		l.mu.Unlock()
		return
	}
	delete(l.held, a)
	l.state[a] = &LeaseState{Addr: a, Lease: LeaseName(a), Holder: by,
		Error: fmt.Sprintf("taken by node %q while this node held it: the address stays here for its pods", by)}
	l.mu.Unlock()
	l.log.Error("egress address lease taken by another node while this node's pods use the address; the address stays (its pods keep their identity), "+
		"the other node's probe finds it in use", "address", a, "lease", l.ns+"/"+LeaseName(a), "holder", by)
	if l.OnLost != nil {
		l.OnLost(a, by)
	}
}

// noteRenewal logs a change in the renewal's failure once.
func (l *Leases) noteRenewal(msg string) {
	l.mu.Lock()
	prev := l.failing
	l.failing = msg
	l.mu.Unlock()
	switch msg {
	case prev:
	case "":
		l.log.Info("egress address leases: renewing again")
	default:
		l.log.Error("egress address leases: renewal failing; every address stays assigned, retried", "error", msg)
	}
}

func (l *Leases) record(a netip.Addr, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := &LeaseState{Addr: a, Lease: LeaseName(a)}
	if h := l.held[a]; h != nil {
		s.Held, s.Holder, s.Renewed = l.holdsLocked(a), l.node, renewTime(h)
	}
	var held *HeldError
	if errors.As(err, &held) {
		s.Holder = held.Holder
	}
	if err != nil {
		s.Error = err.Error()
	}
	l.state[a] = s
}

// Failing is the last renewal failure ("" when renewing works).
func (l *Leases) Failing() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failing
}

// States lists what this node knows of each address's Lease, by address.
func (l *Leases) States() []LeaseState {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]LeaseState, 0, len(l.state))
	for _, s := range l.state {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Addr.Less(out[j].Addr) })
	return out
}
