// Package hosts is registerDNS's zero-dependency backend: it keeps pod
// names in a hosts-format file that CoreDNS's hosts plugin or dnsmasq
// (addn-hosts) serve, forward and reverse.
//
// Each line diktyo writes is one address with all of one attachment's
// names, and a trailing comment naming the owner:
//
//	198.51.100.7	web.default.pods.example.test # diktyo-owner=3f2a... diktyo-net=podnet
//
// Lines without that comment (written by someone else) are kept verbatim,
// and their names count as taken. Every change happens under an exclusive
// flock on FILE.lock and replaces the file atomically (temp file in the
// same directory, fsync, rename, fsync of the directory), so readers never
// see a partial file and concurrent ADD/DEL from many processes serialise.
package hosts

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// Backend implements record.Backend on a hosts file.
type Backend struct {
	path string
	node string // this node's name: GC removes only its lines
	// behind: Add and Del answer once their change is checked and
	// queued, and this process's writer writes it (behind.go).
	behind bool
}

var _ record.Backend = (*Backend)(nil)

// New returns a backend for the hosts file at path (absolute), on the
// node named node.
func New(path, node string) *Backend { return &Backend{path: path, node: node} }

// WriteBehind makes Add and Del answer before the file is written, for a
// process that outlives the call (see behind.go); it must call Flush
// before it exits.
func (b *Backend) WriteBehind() { b.behind = true }

// entry is one line of the file. Lines that are not diktyo's have only
// raw set (and names, to detect conflicts).
type entry struct {
	raw   string
	addr  netip.Addr
	names []string
	owner record.Owner
	ours  bool // carries a diktyo owner comment
}

func (e entry) String() string {
	if !e.ours {
		return e.raw
	}
	return fmt.Sprintf("%s\t%s # %s", e.addr, strings.Join(e.names, " "), e.owner)
}

// body is a line of ours without its owner comment.
func (e entry) body() string {
	return fmt.Sprintf("%s\t%s", e.addr, strings.Join(e.names, " "))
}

// parse reads the file's lines. It never fails on a line it does not
// understand: such lines are kept as they are.
func parse(data []byte) []entry {
	var out []entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		out = append(out, parseLine(sc.Text()))
	}
	return out
}

func parseLine(line string) entry {
	e := entry{raw: line}
	body, comment, _ := strings.Cut(line, "#")
	fields := strings.Fields(body)
	if len(fields) < 2 {
		return e
	}
	a, err := netip.ParseAddr(fields[0])
	if err != nil {
		return e
	}
	var names []string
	for _, n := range fields[1:] {
		n = strings.ToLower(strings.TrimSuffix(n, "."))
		if !wellFormed(n) {
			// Not a line diktyo could have written ("." or "a..b"):
			// kept verbatim, and its names claim nothing.
			return e
		}
		names = append(names, n)
	}
	e.addr, e.names = a, names
	e.owner, e.ours = record.ParseOwner(strings.Fields(comment))
	return e
}

// wellFormed reports whether n is a host name with no empty label.
func wellFormed(n string) bool {
	return n != "" && !slices.Contains(strings.Split(n, "."), "")
}

// wanted returns the lines a set should have: one per address, carrying
// every name.
func wanted(s record.Set) []entry {
	var names []string
	for _, n := range s.Names {
		names = append(names, n.Host())
	}
	if len(names) == 0 {
		return nil
	}
	var out []entry
	for _, r := range s.Records {
		if r.Type != record.A && r.Type != record.AAAA {
			continue
		}
		a, err := netip.ParseAddr(r.Data)
		if err != nil || slices.ContainsFunc(out, func(e entry) bool { return e.addr == a }) {
			continue
		}
		out = append(out, entry{addr: a, names: names, owner: s.Owner, ours: true})
	}
	return out
}

// Add replaces the owner's lines with the set's, unless a name is on a
// line that belongs to someone else.
func (b *Backend) Add(ctx context.Context, s record.Set) error {
	want := wanted(s)
	if len(want) == 0 {
		return nil
	}
	if b.behind {
		return committerOf(b).accept(op{owner: s.Owner, lines: want})
	}
	return b.modify(ctx, func(es []entry) ([]entry, error) {
		for _, e := range es {
			if e.ours && e.owner.Same(s.Owner) {
				continue
			}
			if err := b.taken(e, want); err != nil {
				return nil, err
			}
		}
		return append(without(es, s.Owner), want...), nil
	})
}

// taken says whether line e, another owner's, holds a name of lines.
func (b *Backend) taken(e entry, lines []entry) error {
	for _, n := range lines[0].names {
		if slices.Contains(e.names, n) {
			return fmt.Errorf("name %s is already taken in %s: %s", n, b.path, describe(e))
		}
	}
	return nil
}

func describe(e entry) string {
	if !e.ours {
		return fmt.Sprintf("line %q was not written by diktyo", e.raw)
	}
	return "owned by " + e.owner.Describe()
}

// without drops the owner's lines (in any form of its owner tag, see
// record.Owner.Same), keeping everything else in order.
func without(es []entry, o record.Owner) []entry {
	return slices.DeleteFunc(slices.Clone(es), func(e entry) bool { return e.ours && e.owner.Same(o) })
}

// Del removes the owner's lines; no file or no lines is success.
func (b *Backend) Del(ctx context.Context, s record.Set) error {
	if b.behind {
		return committerOf(b).accept(op{owner: s.Owner})
	}
	return b.modify(ctx, func(es []entry) ([]entry, error) { return without(es, s.Owner), nil })
}

// GC removes this node's lines of network whose owner is not in valid.
// valid lists only this node's attachments, so lines naming another node
// (a file shared by nodes) are never this GC's. Lines naming no node were
// written by an older version on the node that owns the file (a hosts
// file is node-local state), so they count as this node's.
func (b *Backend) GC(ctx context.Context, network string, valid map[string]bool) error {
	return b.modify(ctx, func(es []entry) ([]entry, error) {
		return slices.DeleteFunc(slices.Clone(es), func(e entry) bool {
			mine := e.owner.Node == "" || e.owner.Node == b.node
			return e.ours && mine && e.owner.Network == network && !valid[e.owner.ID]
		}), nil
	})
}

// Check compares the owner's lines with the set's.
func (b *Backend) Check(ctx context.Context, s record.Set) error {
	mine, err := b.linesOf(ctx, ownerKey{s.Owner.ID, s.Owner.Network})
	if err != nil {
		return err
	}
	// Lines are compared without their owner comment: an older form of
	// this attachment's tag (no node, no pod) is still this attachment's.
	var got []string
	for _, e := range mine {
		if e.owner.Same(s.Owner) {
			got = append(got, e.body())
		}
	}
	var want []string
	for _, e := range wanted(s) {
		want = append(want, e.body())
	}
	var problems []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			problems = append(problems, fmt.Sprintf("missing line %q", w))
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			problems = append(problems, fmt.Sprintf("unexpected line %q", g))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s", b.path, strings.Join(problems, "; "))
	}
	return nil
}

// ownerKey is what record.Owner.Same requires to be equal.
type ownerKey struct{ id, network string }

// linesOf is owner key's lines: in the file, or writing behind, in the
// file as it will be (a change accepted behind an answer is not drift).
func (b *Backend) linesOf(ctx context.Context, key ownerKey) ([]entry, error) {
	if b.behind {
		return committerOf(b).linesOf(key)
	}
	owned, err := b.owned(ctx)
	return owned[key], err
}

// owned is the file's diktyo lines by owner. Within a reconcile pass (a
// cniutil.ReadCache in ctx) the file is read and parsed once for all
// pods' CHECKs, not once per pod: with a line per pod, that is what keeps
// a pass O(pods) rather than O(pods²).
func (b *Backend) owned(ctx context.Context) (map[ownerKey][]entry, error) {
	return cniutil.Read(ctx, "registerdns/hosts:"+b.path, func() (map[ownerKey][]entry, error) {
		_, es, err := b.read()
		if err != nil {
			return nil, err
		}
		return byOwner(es), nil
	})
}

// byOwner is es's diktyo lines by owner.
func byOwner(es []entry) map[ownerKey][]entry {
	m := map[ownerKey][]entry{}
	for _, e := range es {
		if e.ours {
			k := ownerKey{e.owner.ID, e.owner.Network}
			m[k] = append(m[k], e)
		}
	}
	return m
}

// Status checks that the directory exists and the lock can be taken,
// and, writing behind, that the last write succeeded.
func (b *Backend) Status(ctx context.Context) error {
	unlock, err := b.lock(ctx)
	if err != nil {
		return err
	}
	unlock()
	if b.behind {
		err = committerOf(b).fault()
	}
	return err
}

// modify runs change on the parsed file under the lock and writes the
// result atomically when it differs.
func (b *Backend) modify(ctx context.Context, change func([]entry) ([]entry, error)) error {
	unlock, err := b.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	data, cur, err := b.read()
	if err != nil {
		return err
	}
	es, err := change(cur)
	if err != nil {
		return err
	}
	out, lines := render(es)
	if bytes.Equal(out, data) {
		return nil
	}
	// Under the lock (Locked: one fixed temp file), 0644 or the existing
	// file's mode (an admin may have narrowed it): the DNS server reads it.
	if err := fsutil.WriteFile(b.path, out, fsutil.Options{Mode: 0o644, KeepMode: true, Locked: true}); err != nil {
		return err
	}
	remember(b.path, out, lines)
	return nil
}

// read returns the file's content and its lines, parsed. Content this
// process last read or wrote there is not parsed again (compared byte for
// byte, so any change by anyone is seen): every ADD and DEL rewrites the
// whole file, and with thousands of pods the parse was half of an ADD's
// time. The caller may change the returned lines' slice.
func (b *Backend) read() ([]byte, []entry, error) {
	data, err := os.ReadFile(b.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("reading %s: %w", b.path, err)
	}
	if es, ok := recall(b.path, data); ok {
		return data, es, nil
	}
	es := parse(data)
	remember(b.path, data, slices.Clone(es))
	return data, es, nil
}

// parsedFiles holds, per hosts file, the last content this process read
// or wrote, with its lines.
var parsedFiles = struct {
	sync.Mutex
	m map[string]parsedFile
}{m: map[string]parsedFile{}}

type parsedFile struct {
	data []byte
	es   []entry
}

// remember keeps es, which the caller hands over, as the lines of data.
func remember(path string, data []byte, es []entry) {
	parsedFiles.Lock()
	defer parsedFiles.Unlock()
	parsedFiles.m[path] = parsedFile{data: data, es: es}
}

func recall(path string, data []byte) ([]entry, bool) {
	parsedFiles.Lock()
	defer parsedFiles.Unlock()
	p, ok := parsedFiles.m[path]
	if !ok || !bytes.Equal(p.data, data) {
		return nil, false
	}
	return slices.Clone(p.es), true
}

// render returns the file for es and its lines exactly as parse would
// read them back: only lines whose text is new (the set's own, a line in
// an older owner format) are parsed again, so what is remembered for the
// next read equals parse of what was written.
func render(es []entry) ([]byte, []entry) {
	var buf bytes.Buffer
	lines := make([]entry, len(es))
	for i, e := range es {
		line := e.String()
		if line != e.raw {
			e = parseLine(line)
		}
		lines[i] = e
		buf.WriteString(line)
		buf.WriteByte('\n')
	}
	return buf.Bytes(), lines
}

// lockPath is the lock file: in a directory of its own, root-only, so
// that no other user can open the lock (a read-only descriptor suffices
// for flock) and stall every ADD. The hosts file's own directory must
// stay readable by the DNS server, so it cannot hold the lock.
func (b *Backend) lockPath() string { return b.path + ".lock.d/lock" }

// lock takes an exclusive flock on the lock file, polling so that the wait
// is bounded by ctx. The lock file is never removed: removing it would let
// two writers lock different inodes.
func (b *Backend) lock(ctx context.Context) (func(), error) {
	lockPath := b.lockPath()
	if err := os.MkdirAll(filepath.Dir(b.path), 0o755); err != nil {
		return nil, fmt.Errorf("hosts.file: creating directory: %w", err)
	}
	if err := fsutil.PrivateDir(filepath.Dir(lockPath)); err != nil {
		return nil, fmt.Errorf("hosts.file: lock directory: %w", err)
	}
	f, err := fsutil.OpenPrivate(lockPath, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, fmt.Errorf("hosts.file: lock: %w", err)
	}
	start := time.Now()
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { _ = f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			_ = f.Close()
			return nil, fmt.Errorf("locking %s: %w", lockPath, err)
		}
		select {
		case <-ctx.Done():
			_ = f.Close()
			return nil, fmt.Errorf("locking %s: still held by another process after %s (timeout): %w", lockPath, time.Since(start).Round(time.Millisecond), ctx.Err())
		case <-time.After(2 * time.Millisecond):
		}
	}
}
