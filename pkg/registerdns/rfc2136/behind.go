package rfc2136

// Updating behind the answer, the rfc2136 side of what hosts/behind.go
// does for the hosts file. A DNS name decides no packet, so a long-lived
// process (diktyo-nri, which runs the chain in-process) need not make a
// pod wait for the server's round trips: ADD and DEL check the pod's
// names against this process's view (the names of every change it
// accepted, written or not, by owner) and answer; one writer per server
// then sends the changes in the order accepted, each as the plugin
// binary would (the same messages, prerequisites and rollback), the
// latest change of an owner superseding one not sent yet. A binary (one
// CNI call per process) updates before it answers, as before.
//
// What can go wrong behind the answer, and what sees it:
//   - the server is down or refuses the key: the change stays queued and
//     is retried, the pause doubling up to 5 s; CHECK of the pod and
//     STATUS report the failure until a send succeeds;
//   - a name is taken on the server by an owner this process does not
//     know (another node's pod, a record diktyo did not write): the
//     change is refused there, dropped and logged, and the pod's CHECK
//     reports the taken name (the reconcile's repair then reports it as
//     the ADD would have);
//   - the process dies with changes queued: the server lacks a new pod's
//     records (the reconcile's CHECK after the restart finds them missing
//     and its repair writes them) or keeps a removed pod's (GC removes
//     them).

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vishvananda/netns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/internal/writebehind"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// ErrTaken marks a refusal because a name is held by another owner.
var ErrTaken = errors.New("name taken")

// change is an accepted ADD (set) or DEL (del) of one owner.
type change struct {
	seq uint64
	del bool
	set record.Set
	b   *Backend // the options of the verb that accepted it
}

type ownerKey struct{ id, network string }

func keyOf(o record.Owner) ownerKey { return ownerKey{o.ID, o.Network} }

// committer owns one server's accepted, unsent changes and its writer.
type committer struct {
	b   *Backend
	ns  netns.NsHandle // where it sends (None: wherever its goroutine runs)
	log *slog.Logger

	mu sync.Mutex
	// names are the names of every accepted set (sent or not), by name:
	// what an ADD is checked against on the answer path.
	names map[string]record.Owner
	// queue holds, per owner, the changes not sent yet in order (at most
	// a DEL then an ADD: a later ADD replaces an unsent ADD, a DEL an
	// unsent ADD after a DEL); order is the owners by first change.
	queue map[ownerKey][]change
	order []ownerKey
	// sending are the changes the writer is sending now.
	sending []change
	// refused are the changes the server refused (a name taken), for
	// the owner's CHECK until its next change.
	refused map[ownerKey]error
	seq     uint64
	err     error               // the last send's failure; nil after a success
	drained writebehind.Drained // for Flush: open while changes are left
	kick    chan struct{}
}

var committers writebehind.Writers[*committer] // by namespace, server, transport and key

// committerOf is the writer of b's server as seen from the calling
// thread's network namespace (where the verb runs: the node's in
// diktyo-nri, a test's own), in which it sends.
func committerOf(b *Backend) *committer {
	here, _ := os.Readlink("/proc/thread-self/ns/net")
	return committers.Get(here+" "+b.o.Server+" "+b.o.Transport+" "+b.o.Key.Name, func() *committer {
		ns, err := netns.Get()
		if err != nil {
			ns = netns.None()
		}
		return &committer{b: b, ns: ns, log: slog.Default().With("rfc2136", b.o.Server), names: map[string]record.Owner{},
			queue: map[ownerKey][]change{}, refused: map[ownerKey]error{}, kick: make(chan struct{}, 1)}
	}, func(c *committer) { go writebehind.Run(c.kick, c.step) })
}

// WriteBehind makes Add and Del answer once their change is checked and
// queued; this process's writer sends it. Only for a process that
// outlives the call: it must call Flush before it exits.
func (b *Backend) WriteBehind() { b.behind = true }

// accept checks an ADD's names (not a DEL's) against the view and
// queues the change.
func (c *committer) accept(b *Backend, del bool, s record.Set) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := keyOf(s.Owner)
	if !del {
		for _, n := range s.Names {
			if o, ok := c.names[n.FQDN]; ok && !o.Same(s.Owner) {
				return fmt.Errorf("name %s is already taken: owned by %s: %w", strings.TrimSuffix(n.FQDN, "."), o.Describe(), ErrTaken)
			}
		}
	}
	for n, o := range c.names {
		if keyOf(o) == k {
			delete(c.names, n)
		}
	}
	if !del {
		for _, n := range s.Names {
			c.names[n.FQDN] = s.Owner
		}
	}
	delete(c.refused, k)
	c.seq++
	ch := change{seq: c.seq, del: del, set: s, b: b}
	q := c.queue[k]
	if len(q) == 0 {
		c.order = append(c.order, k)
	}
	// An unsent ADD is superseded by whatever follows it; a DEL stays
	// before a later change (the names it removes may not be the later
	// one's).
	if len(q) > 0 && !q[len(q)-1].del {
		q = q[:len(q)-1]
	}
	c.queue[k] = append(q, ch)
	c.drained.Open()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return nil
}

// pending is owner k's state behind the answer: whether a change of its
// is queued or being sent, and the error its CHECK reports (the failing
// sends, or the server's refusal of its last change).
func (c *committer) pending(k ownerKey) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.refused[k]; err != nil {
		return false, err
	}
	queued := len(c.queue[k]) > 0 || slices.ContainsFunc(c.sending, func(ch change) bool { return keyOf(ch.set.Owner) == k })
	if queued && c.err != nil {
		return true, c.faultLocked()
	}
	return queued, nil
}

func (c *committer) fault() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faultLocked()
}

func (c *committer) faultLocked() error {
	if c.err == nil {
		return nil
	}
	n := len(c.sending)
	for _, q := range c.queue {
		n += len(q)
	}
	return fmt.Errorf("updates of server %s behind the answers failing (%d changes waiting): %w", c.b.o.Server, n, c.err)
}

// maxBatch bounds the ADDs sent in one UPDATE per zone.
const maxBatch = 64

// take takes the oldest owner's first change for sending, and when it is
// an ADD, the ADDs of the owners after it up to the first owner whose
// first change is a DEL (which may free a name a later ADD takes): ADDs
// of different owners, accepted against one view, do not depend on each
// other's order.
func (c *committer) take() []change {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []change
	for len(c.order) > 0 && len(out) < maxBatch {
		k := c.order[0]
		q := c.queue[k]
		if len(q) == 0 {
			c.order = c.order[1:]
			delete(c.queue, k)
			continue
		}
		if len(out) > 0 && (q[0].del || out[0].del) {
			break
		}
		out = append(out, q[0])
		c.queue[k] = q[1:]
		if len(q) == 1 {
			c.order = c.order[1:]
			delete(c.queue, k)
		}
	}
	if len(out) == 0 {
		c.drained.Close()
	}
	c.sending = slices.Clone(out) // done deletes from it in place; out is the caller's
	return out
}

// done ends the send of ch: a failure the server may get over puts it
// back first in its owner's queue, unless a later change superseded it.
func (c *committer) done(ch change, err error) (retry bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sending = slices.DeleteFunc(c.sending, func(s change) bool { return s.seq == ch.seq })
	k := keyOf(ch.set.Owner)
	switch {
	case err == nil:
		if c.err != nil {
			c.log.Info("registerDNS: updates are sent again")
		}
		c.err = nil
		return false
	case errors.Is(err, ErrTaken):
		// Refused for good: the names are someone else's. Unless the
		// owner changed its mind meanwhile, its view goes too.
		c.log.Warn("registerDNS: an update accepted behind the answer is refused by the server, and dropped; the pod's CHECK reports it", "owner", ch.set.Owner.ID, "error", err)
		if len(c.queue[k]) == 0 {
			c.refused[k] = err
			for n, o := range c.names {
				if keyOf(o) == k {
					delete(c.names, n)
				}
			}
		}
		return false
	}
	if c.err == nil {
		c.log.Error("registerDNS: updates behind the answers failed; retrying", "error", err)
	}
	c.err = err
	q := c.queue[k]
	if len(q) > 0 && !ch.del {
		// Superseded: an ADD by anything later.
		return true
	}
	if len(q) == 0 || ch.del {
		// Back at the front: a DEL before everything queued after it
		// was sent (another owner's ADD of the names it frees).
		rest := slices.DeleteFunc(slices.Clone(c.order), func(o ownerKey) bool { return o == k })
		c.order = append([]ownerKey{k}, rest...)
	}
	c.queue[k] = append([]change{ch}, q...)
	return true
}

// step sends the oldest changes queued (several ADDs in one UPDATE per
// zone when the server takes them so, else each on its own): more is
// false when none was; a failure the server may get over is err, and
// what it did not send stays queued, in order.
func (c *committer) step() (more bool, err error) {
	batch := c.take()
	if len(batch) == 0 {
		return false, nil
	}
	if len(batch) > 1 {
		applied, err := c.sendBatch(batch)
		switch {
		case applied:
			for _, ch := range batch {
				c.done(ch, nil)
			}
			return true, nil
		case err != nil:
			c.requeue(batch, err)
			return true, err
		}
	}
	for i, ch := range batch {
		if err := c.send(ch); c.done(ch, err) {
			c.requeue(batch[i+1:], err)
			return true, err
		}
	}
	return true, nil
}

// requeue puts changes not sent back, in order.
func (c *committer) requeue(chs []change, err error) {
	for i := len(chs) - 1; i >= 0; i-- {
		c.done(chs[i], err)
	}
}

// sendBatch sends ADDs in one UPDATE per zone (Backend.addNew).
func (c *committer) sendBatch(batch []change) (applied bool, err error) {
	sets := make([]record.Set, len(batch))
	for i, ch := range batch {
		sets[i] = ch.set
	}
	err = c.inNS(func(ctx context.Context) error {
		applied, err = batch[0].b.addNew(ctx, sets)
		return err
	})
	return applied, err
}

// send sends one change as the binary would.
func (c *committer) send(ch change) error {
	return c.inNS(func(ctx context.Context) error {
		if ch.del {
			return ch.b.del(ctx, ch.set)
		}
		return ch.b.add(ctx, ch.set)
	})
}

// inNS runs do in the committer's namespace, bounded as one verb is.
func (c *committer) inNS(do func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), max(c.b.o.Timeout, time.Second))
	defer cancel()
	if !c.ns.IsOpen() {
		return do(ctx)
	}
	return cniutil.InNetNS(c.ns, func() error { return do(ctx) })
}

// Flush waits until every change accepted so far is sent.
func (c *committer) Flush(ctx context.Context) error {
	c.mu.Lock()
	ch := c.drained.Chan()
	c.mu.Unlock()
	return writebehind.Wait(ctx, ch, func(err error) error {
		return fmt.Errorf("server %s: changes not sent: %w", c.b.o.Server, errors.Join(err, c.fault()))
	})
}

// Flush waits until every change this process accepted behind an answer
// is sent (diktyo-nri, before it exits; tests, before they read the
// server).
func Flush(ctx context.Context) error { return committers.Flush(ctx) }
