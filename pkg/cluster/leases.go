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
	// Renewed is when the holder last renewed it; Expires when it lapses
	// unless renewed again.
	Renewed, Expires time.Time
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("managed egress address %s is held by node %q (Lease %s/%s, renewed at %s, lapses at %s unless renewed): "+
		"two nodes must never assign the same address", e.Addr, e.Holder, e.Namespace, e.Lease,
		e.Renewed.UTC().Format(time.RFC3339), e.Expires.UTC().Format(time.RFC3339))
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

// Leases coordinates the managed egress addresses of one node with the
// other nodes: before an address is assigned, this node holds its Lease
// (Acquire); it renews every Lease it holds while the address is in use
// (Run); it releases the Lease after withdrawing the address (Release).
// A Lease is free when nobody holds it or when its holder has not renewed
// it for its duration (a dead node's). Updates are optimistic
// (resourceVersion): of two nodes taking one Lease at once, one wins.
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
	// failing is the renewal error last logged (logged once).
	failing string
}

// NewLeases coordinates addresses through c's API server, with Leases of
// the given duration renewed every renew.
func NewLeases(c *Client, duration, renew time.Duration, log *slog.Logger) *Leases {
	return &Leases{
		api: c.Coordination.Leases(c.Namespace), ns: c.Namespace, node: c.Node,
		duration: duration, tick: renew, log: log, now: time.Now,
		held: map[netip.Addr]*coordv1.Lease{}, state: map[netip.Addr]*LeaseState{},
	}
}

// Node is the holder identity this node writes.
func (l *Leases) Node() string { return l.node }

// Holds reports whether this node holds a's Lease (as far as it knows:
// its last write succeeded and nobody has taken it since).
func (l *Leases) Holds(a netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held[a] != nil
}

// Acquire makes this node the holder of a's Lease. Already held: nothing
// to do (no request). Held by a live other node: a *HeldError, or, with
// wait, another try every retry until ctx ends (then the *HeldError). Any
// other error (the API server unreachable, RBAC) means it is not known
// that no other node has a: the caller must not assign it.
func (l *Leases) Acquire(ctx context.Context, a netip.Addr, wait bool) error {
	if l.Holds(a) {
		return nil
	}
	const retry = 250 * time.Millisecond
	for {
		err := l.take(ctx, a)
		l.record(a, err)
		var held *HeldError
		if err == nil || !wait || !errors.As(err, &held) {
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
		cur, err := l.api.Get(ctx, name, metav1.GetOptions{})
		now := l.now()
		var out *coordv1.Lease
		switch {
		case apierrors.IsNotFound(err):
			out, err = l.api.Create(ctx, l.fresh(a, now), metav1.CreateOptions{})
			if apierrors.IsAlreadyExists(err) {
				continue
			}
		case err != nil:
			return fmt.Errorf("reading Lease %s/%s of egress address %s: %w", l.ns, name, a, err)
		default:
			if h := holder(cur); h != "" && h != l.node && !l.lapsed(cur, now) {
				renewed := renewTime(cur)
				return &HeldError{Addr: a, Namespace: l.ns, Lease: name, Holder: h, Renewed: renewed, Expires: renewed.Add(leaseDuration(cur, l.duration))}
			}
			out, err = l.api.Update(ctx, l.takeOver(cur, now), metav1.UpdateOptions{})
			if apierrors.IsConflict(err) {
				continue
			}
		}
		if err != nil {
			return fmt.Errorf("writing Lease %s/%s of egress address %s: %w", l.ns, name, a, err)
		}
		l.mu.Lock()
		l.held[a] = out
		l.mu.Unlock()
		return nil
	}
	return fmt.Errorf("egress address %s: its Lease %s/%s changed under every one of 3 tries", a, l.ns, name)
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

// lapsed: not renewed for its duration (by this node's clock: nodes'
// clocks must agree to within a small part of it, as for node leases).
func (l *Leases) lapsed(le *coordv1.Lease, now time.Time) bool {
	return now.After(renewTime(le).Add(leaseDuration(le, l.duration)))
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

// Release gives a's Lease up after the address was withdrawn: deleted if
// this node still holds it (precondition: the version this node last
// saw, so that a Lease another node took meanwhile stays). A failure is
// returned for the log: the Lease then lapses on its own. It is Forget's
// deletion, run at once.
func (l *Leases) Release(ctx context.Context, a netip.Addr) error {
	return l.Forget(a)(ctx)
}

// Forget stops holding a's Lease now (Holds is false, no more renewals)
// and returns its deletion, for the caller to run when it likes (in the
// background: it never waits for the API server under its own lock).
// An Acquire after the Forget writes the Lease again, so that a stale
// deletion run after it finds a newer version and leaves it alone. A
// newer version this node wrote without holding it again (a renewal in
// flight at the Forget) is deleted too. Not held: the deletion does
// nothing.
func (l *Leases) Forget(a netip.Addr) func(ctx context.Context) error {
	l.mu.Lock()
	mine := l.held[a]
	delete(l.held, a)
	delete(l.state, a)
	l.mu.Unlock()
	return func(ctx context.Context) error {
		if mine == nil {
			return nil
		}
		rv := mine.ResourceVersion
		for range 3 {
			err := l.api.Delete(ctx, mine.Name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: &rv}})
			if err == nil || apierrors.IsNotFound(err) {
				return nil
			}
			if !apierrors.IsConflict(err) {
				return fmt.Errorf("deleting Lease %s/%s of egress address %s (it lapses on its own): %w", l.ns, mine.Name, a, err)
			}
			// Written since: by another node (theirs now), by an Acquire
			// of this node's (held again), or by a renewal that was in
			// flight (this node's still, not held: deleted as well).
			cur, err := l.api.Get(ctx, mine.Name, metav1.GetOptions{})
			if apierrors.IsNotFound(err) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("reading Lease %s/%s of egress address %s to delete it (it lapses on its own): %w", l.ns, mine.Name, a, err)
			}
			if holder(cur) != l.node || l.Holds(a) {
				return nil
			}
			rv = cur.ResourceVersion
		}
		return fmt.Errorf("deleting Lease %s/%s of egress address %s: changed under every one of 3 tries (it lapses on its own)", l.ns, mine.Name, a)
	}
}

// RenewAll renews every held Lease once. One that another node took is
// dropped and reported (OnLost); one that cannot be written is kept and
// tried again next time (logged once).
func (l *Leases) RenewAll(ctx context.Context) {
	l.mu.Lock()
	addrs := make([]netip.Addr, 0, len(l.held))
	for a := range l.held {
		addrs = append(addrs, a)
	}
	l.mu.Unlock()
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].Less(addrs[j]) })
	var failed []string
	for _, a := range addrs {
		err := l.renew(ctx, a)
		l.record(a, err)
		if err != nil {
			failed = append(failed, err.Error())
		}
	}
	l.noteRenewal(strings.Join(failed, "; "))
}

func (l *Leases) renew(ctx context.Context, a netip.Addr) error {
	l.mu.Lock()
	mine := l.held[a]
	l.mu.Unlock()
	if mine == nil {
		return nil // released meanwhile
	}
	rctx, cancel := context.WithTimeout(ctx, l.tick)
	defer cancel()
	out, err := l.api.Update(rctx, l.takeOver(mine, l.now()), metav1.UpdateOptions{})
	if apierrors.IsConflict(err) || apierrors.IsNotFound(err) {
		// Changed by someone else: ours still, or taken.
		cur, gerr := l.api.Get(rctx, mine.Name, metav1.GetOptions{})
		switch {
		case apierrors.IsNotFound(gerr):
			out, err = l.api.Create(rctx, l.fresh(a, l.now()), metav1.CreateOptions{})
		case gerr != nil:
			err = gerr
		case holder(cur) == l.node:
			out, err = l.api.Update(rctx, l.takeOver(cur, l.now()), metav1.UpdateOptions{})
		default:
			l.lost(a, holder(cur))
			return nil
		}
	}
	if err != nil {
		return fmt.Errorf("renewing Lease %s/%s of egress address %s: %w", l.ns, mine.Name, a, err)
	}
	l.mu.Lock()
	if l.held[a] != nil {
		l.held[a] = out
	}
	l.mu.Unlock()
	return nil
}

func (l *Leases) lost(a netip.Addr, by string) {
	l.mu.Lock()
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
		s.Held, s.Holder, s.Renewed = true, l.node, renewTime(h)
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
