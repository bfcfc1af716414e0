package hosts

// Writing behind the answer. A hosts file decides no packet, and the
// servers that read it do so on their own schedule (CoreDNS's hosts plugin
// rereads it every few seconds, dnsmasq on SIGHUP), so a long-lived
// process (diktyo-nri, which runs the chain in-process) need not make a
// pod wait for the file's write and fsync: the pod's ADD or DEL checks its
// names against the file as it will be (the file this process last read,
// with the changes it accepted and has not written yet, kept as an index
// of names and owners, so that the check costs the same with 10 pods or
// 10,000) and answers; one writer per file then applies every change
// accepted meanwhile in one locked read, rewrite and fsync. A binary (one
// CNI call per process) writes before it answers, as before.
//
// What can go wrong behind the answer, and what sees it:
//   - another process (a standalone CNI call, an admin) changes the file:
//     the next change or CHECK sees the new file (its size, time and inode
//     changed) and checks against it; a name it took after this process
//     accepted a change is found by the writer, which drops that change
//     and says so, and the pod's CHECK reports the missing line;
//   - the write fails (disk full, lock held too long): the changes stay
//     queued and are retried with a growing pause; CHECK and STATUS report
//     the failure until a write succeeds;
//   - the process dies with changes queued: the file lacks a new pod's
//     line (the reconcile's CHECK after the restart finds it missing and
//     its repair writes it) or keeps a removed pod's line (GC removes it).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/internal/writebehind"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// op is an accepted change: owner's lines become lines (none: a DEL).
type op struct {
	seq   uint64 // the order accepted
	owner record.Owner
	lines []entry
}

func keyOf(o record.Owner) ownerKey { return ownerKey{o.ID, o.Network} }

// index is a file's lines by name and by owner: what a change is checked
// against without walking the file.
type index struct {
	byName  map[string][]entry   // every line naming a name, ours or not
	byOwner map[ownerKey][]entry // our lines
}

func indexOf(es []entry) *index {
	x := &index{byName: map[string][]entry{}, byOwner: map[ownerKey][]entry{}}
	for _, e := range es {
		x.add(e)
	}
	return x
}

func (x *index) add(e entry) {
	for _, n := range e.names {
		x.byName[n] = append(x.byName[n], e)
	}
	if e.ours {
		k := keyOf(e.owner)
		x.byOwner[k] = append(x.byOwner[k], e)
	}
}

// check refuses o when a name of its lines is on another owner's line.
func (x *index) check(b *Backend, o op) error {
	for _, l := range o.lines {
		for _, n := range l.names {
			for _, e := range x.byName[n] {
				if !e.ours || !e.owner.Same(o.owner) {
					return b.taken(e, o.lines)
				}
			}
		}
	}
	return nil
}

// apply makes o's owner's lines o's.
func (x *index) apply(o op) {
	k := keyOf(o.owner)
	for _, e := range x.byOwner[k] {
		for _, n := range e.names {
			x.byName[n] = slices.DeleteFunc(x.byName[n], func(h entry) bool { return h.ours && keyOf(h.owner) == k })
			if len(x.byName[n]) == 0 {
				delete(x.byName, n)
			}
		}
	}
	delete(x.byOwner, k)
	for _, e := range o.lines {
		x.add(e)
	}
}

// stamp tells whether a file changed since it was read: any write by
// anyone changes its size, its modification time or (an atomic rename)
// its inode.
type stamp struct {
	exists      bool
	size, mtime int64
	ino         uint64
}

func stampOf(path string) (stamp, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return stamp{}, nil
	}
	if err != nil {
		return stamp{}, fmt.Errorf("stat %s: %w", path, err)
	}
	st := stamp{exists: true, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.ino = sys.Ino
	}
	return st, nil
}

// committer owns one file's accepted, unwritten changes and its writer.
type committer struct {
	b   *Backend // path and lock; its behind flag is not read here
	log *slog.Logger

	mu      sync.Mutex
	loaded  bool
	seen    stamp  // the file as read or written last
	view    *index // the file then, with queue applied
	queue   []op
	seq     uint64
	writing bool                // the writer holds the file's lock and rewrites it
	drained writebehind.Drained // for Flush: open while the queue holds changes
	err     error               // the last write's failure; nil after a success
	kick    chan struct{}
}

// committers: one per file in this process, so that every backend value
// for a path (one per verb call) shares its queue and writer.
var committers writebehind.Writers[*committer] // by path

func committerOf(b *Backend) *committer {
	return committers.Get(b.path, func() *committer {
		return &committer{b: &Backend{path: b.path, node: b.node}, log: slog.Default().With("hosts", b.path), kick: make(chan struct{}, 1)}
	}, func(c *committer) { go writebehind.Run(c.kick, c.writeOnce) })
}

// accept checks o against the file as it will be and queues it; the
// writer writes it after the caller's answer.
func (c *committer) accept(o op) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.refresh(); err != nil {
		return err
	}
	if err := c.view.check(c.b, o); err != nil {
		return err
	}
	c.view.apply(o)
	c.seq++
	o.seq = c.seq
	c.queue = append(c.queue, o)
	c.drained.Open()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return nil
}

// linesOf is owner key's lines in the file as it will be.
func (c *committer) linesOf(k ownerKey) ([]entry, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.refresh(); err != nil {
		return nil, err
	}
	return slices.Clone(c.view.byOwner[k]), c.faultLocked()
}

// fault is the last write's failure, if the queue waits on it.
func (c *committer) fault() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.faultLocked()
}

func (c *committer) faultLocked() error {
	if c.err == nil {
		return nil
	}
	return fmt.Errorf("writing %s behind the answers failing (%d changes waiting): %w", c.b.path, len(c.queue), c.err)
}

// refresh rereads the file when someone else changed it since this
// committer last read or wrote it, and applies the queue again on top;
// a queued change the file now refuses is dropped. While the writer
// rewrites the file (holding its lock) a change seen is its own, or
// overwritten by it. Called with mu held.
func (c *committer) refresh() error {
	if c.writing && c.loaded {
		return nil
	}
	st, err := stampOf(c.b.path)
	if err != nil {
		return err
	}
	if c.loaded && st == c.seen {
		return nil
	}
	_, es, err := c.b.read()
	if err != nil {
		return err
	}
	c.loaded, c.seen = true, st
	c.view, c.queue = c.replay(indexOf(es), c.queue, "another writer changed the file")
	c.settle()
	return nil
}

// replay applies ops over x in order, and returns x and the ops kept: one
// that x refuses (a name another writer took after it was accepted) is
// dropped, and said.
func (c *committer) replay(x *index, ops []op, why string) (*index, []op) {
	var kept []op
	for _, o := range ops {
		if err := x.check(c.b, o); err != nil {
			c.log.Warn("registerDNS: a change accepted for the hosts file is refused now, and dropped; the pod's CHECK reports it", "why", why, "error", err)
			continue
		}
		x.apply(o)
		kept = append(kept, o)
	}
	return x, kept
}

// settle tells flush's waiters when nothing is left to write. Called
// with mu held.
func (c *committer) settle() {
	if len(c.queue) == 0 {
		c.drained.Close()
	}
}

// writeOnce writes the changes queued so far in one locked read, rewrite
// and fsync, and reports whether more were queued meanwhile.
func (c *committer) writeOnce() (more bool, err error) {
	c.mu.Lock()
	batch := slices.Clone(c.queue)
	c.writing = len(batch) > 0
	c.mu.Unlock()
	if len(batch) == 0 {
		return false, nil
	}
	x, st, werr := c.write(batch)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writing = false
	if werr != nil {
		if c.err == nil {
			c.log.Error("registerDNS: writing the hosts file behind the answers failed; retrying", "changes", len(c.queue), "error", werr)
		}
		c.err = werr
		c.loaded = false // read it again: what was written is not known
		return true, werr
	}
	if c.err != nil {
		c.log.Info("registerDNS: the hosts file is written again", "changes", len(batch))
	}
	c.err = nil
	last := batch[len(batch)-1].seq
	c.queue = slices.DeleteFunc(c.queue, func(o op) bool { return o.seq <= last })
	c.loaded, c.seen = true, st
	c.view, c.queue = c.replay(x, c.queue, "applied over the file just written")
	c.settle()
	return len(c.queue) > 0, nil
}

// write applies batch to the file under its lock: one pass over the
// file, whatever the batch's size. It returns the index of the file
// written, and its stamp.
func (c *committer) write(batch []op) (*index, stamp, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	unlock, err := c.b.lock(ctx)
	if err != nil {
		return nil, stamp{}, err
	}
	defer unlock()
	data, cur, err := c.b.read()
	if err != nil {
		return nil, stamp{}, err
	}
	x, kept := c.replay(indexOf(cur), batch, "the file as read under its lock")
	// The owners the batch changed lose their lines where they were and
	// get their final ones at the end, in the order first changed.
	var touched []ownerKey
	isTouched := map[ownerKey]bool{}
	for _, o := range kept {
		if k := keyOf(o.owner); !isTouched[k] {
			touched, isTouched[k] = append(touched, k), true
		}
	}
	es := slices.DeleteFunc(cur, func(e entry) bool { return e.ours && isTouched[keyOf(e.owner)] })
	for _, k := range touched {
		es = append(es, x.byOwner[k]...)
	}
	out, lines := render(es)
	if !bytes.Equal(out, data) {
		if err := fsutil.WriteFile(c.b.path, out, fsutil.Options{Mode: 0o644, KeepMode: true, Locked: true}); err != nil {
			return nil, stamp{}, err
		}
		remember(c.b.path, out, lines)
	}
	st, err := stampOf(c.b.path)
	return indexOf(lines), st, err
}

// Flush waits until every change accepted so far is written.
func (c *committer) Flush(ctx context.Context) error {
	c.mu.Lock()
	ch := c.drained.Chan()
	c.mu.Unlock()
	return writebehind.Wait(ctx, ch, func(err error) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		return fmt.Errorf("hosts file %s: %d changes not written: %w", c.b.path, len(c.queue), errors.Join(err, c.err))
	})
}

// Flush waits until every hosts file change this process accepted behind
// an answer is written (diktyo-nri, before it exits; tests, before they
// read a file).
func Flush(ctx context.Context) error { return committers.Flush(ctx) }
