package hostaddr

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/diktyo-io/diktyo/internal/fsutil"
)

// LedgerFile is the ledger's file in its directory (diktyo-nri's
// egress.stateDir).
const LedgerFile = "addresses.json"

const (
	ledgerVersion = 1
	// maxLedgerBytes bounds what is read of the ledger file.
	maxLedgerBytes = 4 << 20
)

// ErrLedger: the ledger file cannot be read (corrupt, foreign, of a
// newer version) or written. Nothing is assigned or withdrawn through a
// ledger that cannot be read; the text names the file.
var ErrLedger = errors.New("egress address ledger unusable")

// Record is one address an instance assigned (or is about to: the
// record is written before the address is), as its ledger keeps it.
type Record struct {
	Addr      netip.Addr `json:"address"`
	Interface string     `json:"interface"`
	// Index is the interface's index when the address was assigned.
	Index int `json:"index"`
	// Tag is the address's IFA_RT_PRIORITY (`ip address` shows it as
	// "metric"), chosen at random for this assignment: with the marker
	// and Index, what proves that the address on the node is the one
	// this record is about. 0 for an adopted address (assigned before
	// ledgers existed, untagged), which Created pins instead.
	Tag uint32 `json:"tag,omitempty"`
	// Created is the kernel's creation stamp of an adopted address
	// (IFA_CACHEINFO cstamp, hundredths of a second since boot).
	Created uint32 `json:"created,omitempty"`
	// Adopted: the address predates ledgers and was taken on because
	// this instance's own state named it (see diktyo-nri's docs).
	Adopted bool `json:"adopted,omitempty"`
	// Since is when the record was written.
	Since time.Time `json:"since"`
}

func (r Record) matches(k kernelAddr) bool {
	if k.Proto != Proto || k.Addr != r.Addr || k.Index != r.Index {
		return false
	}
	if r.Tag != 0 {
		return k.Tag == r.Tag
	}
	return k.Tag == 0 && r.Adopted && k.Created == r.Created
}

type ledgerFile struct {
	Version int      `json:"version"`
	Records []Record `json:"records"`
}

// Ledger is one diktyo-nri instance's durable record of the managed
// addresses it assigned: what makes an address marked with Proto this
// instance's to withdraw, rather than another instance's in the same
// network namespace (or one assigned before ledgers existed). A record
// is written, and synced, before its address is assigned: a crash in
// between leaves a record without an address (dropped at the next
// Inventory), never an address no record claims. Safe for concurrent use.
type Ledger struct {
	dir, path string

	mu   sync.Mutex
	recs []Record
	// loaded: recs is the file's (or the file was absent).
	loaded bool
	// fresh: the file was absent when first read.
	fresh bool
	// loadErr: the file could not be read; nothing is provable or
	// assignable until it can be (read again at every use).
	loadErr error
	// dirty: the last write failed; recs is the truth, and the write is
	// retried by Flush and every change.
	dirty error
	// write replaces the file (fsutil.WriteFile; tests inject failures).
	write func(path string, data []byte) error
}

// OpenLedger returns the ledger kept in dir (its file read now, and again
// at each use while it cannot be). A missing file is an empty, fresh
// ledger; the file and dir are created at the first record.
func OpenLedger(dir string) *Ledger {
	l := &Ledger{dir: dir, path: filepath.Join(dir, LedgerFile), write: func(path string, data []byte) error {
		if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
			return err
		}
		return fsutil.WriteFile(path, data, fsutil.Options{})
	}}
	l.mu.Lock()
	_ = l.load()
	l.mu.Unlock()
	return l
}

// Dir is the ledger's directory.
func (l *Ledger) Dir() string { return l.dir }

// Path is the ledger's file.
func (l *Ledger) Path() string { return l.path }

// load reads the file unless it was read; l.mu is held.
func (l *Ledger) load() error {
	if l.loaded {
		return nil
	}
	recs, fresh, err := readLedger(l.path)
	if err != nil {
		l.loadErr = fmt.Errorf("%w: %s: %w", ErrLedger, l.path, err)
		return l.loadErr
	}
	l.recs, l.fresh, l.loaded, l.loadErr = recs, fresh, true, nil
	return nil
}

func readLedger(path string) ([]Record, bool, error) {
	f, err := fsutil.OpenPrivate(path, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxLedgerBytes+1))
	if err != nil {
		return nil, false, err
	}
	if len(data) > maxLedgerBytes {
		return nil, false, fmt.Errorf("larger than %d bytes", maxLedgerBytes)
	}
	var lf ledgerFile
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, false, fmt.Errorf("not a ledger: %w", err)
	}
	if lf.Version != ledgerVersion {
		return nil, false, fmt.Errorf("version %d, want %d (written by another diktyo version?)", lf.Version, ledgerVersion)
	}
	for i, r := range lf.Records {
		if !r.Addr.IsValid() || r.Index <= 0 || (r.Tag == 0 && !r.Adopted) {
			return nil, false, fmt.Errorf("record %d: not a valid record: %+v", i, r)
		}
	}
	return lf.Records, false, nil
}

// save writes recs; l.mu is held. A failure leaves the file as it was
// and is kept in l.dirty.
func (l *Ledger) save() error {
	data, err := json.MarshalIndent(ledgerFile{Version: ledgerVersion, Records: l.recs}, "", "  ")
	if err == nil {
		err = l.write(l.path, append(data, '\n'))
	}
	if err != nil {
		l.dirty = fmt.Errorf("%w: writing %s: %w", ErrLedger, l.path, err)
		return l.dirty
	}
	l.dirty, l.fresh = nil, false
	return nil
}

// Err is why the ledger cannot be read, or why its last write failed
// (nil: the file is the truth).
func (l *Ledger) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.load()
	if l.loadErr != nil {
		return l.loadErr
	}
	return l.dirty
}

// Flush retries a failed write.
func (l *Ledger) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.load(); err != nil {
		return err
	}
	if l.dirty == nil {
		return nil
	}
	return l.save()
}

// Fresh reports whether the ledger's file has never existed: nothing was
// recorded in this directory yet (a first start, or an upgrade from a
// diktyo without ledgers).
func (l *Ledger) Fresh() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.load()
	return l.loaded && l.fresh
}

// Records returns the ledger's records.
func (l *Ledger) Records() []Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.load()
	return slices.Clone(l.recs)
}

// owns reports whether k is an address this ledger recorded.
func (l *Ledger) owns(k kernelAddr) bool {
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.load() != nil {
		return false
	}
	return slices.ContainsFunc(l.recs, func(r Record) bool { return r.matches(k) })
}

// intend records, durably, that a is about to be assigned to the
// interface of index, and returns the tag to assign it with. Any record
// of a's before is replaced (its address is gone: a is being assigned).
// An error means nothing may be assigned.
func (l *Ledger) intend(a Address, index int) (uint32, error) {
	if l == nil {
		return 0, fmt.Errorf("%w: none (an egress section with a stateDir is needed to assign addresses)", ErrLedger)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.load(); err != nil {
		return 0, err
	}
	tag, err := newTag()
	if err != nil {
		return 0, err
	}
	old := l.recs
	l.recs = append(slices.DeleteFunc(slices.Clone(old), func(r Record) bool { return r.Addr == a.Addr }),
		Record{Addr: a.Addr, Interface: a.Interface, Index: index, Tag: tag, Since: time.Now().UTC()})
	if err := l.save(); err != nil {
		// Not durable: not recorded, so not assigned. The file is still
		// what it was.
		l.recs, l.dirty = old, nil
		return 0, err
	}
	return tag, nil
}

// drop removes the records that keep returns true for. The file is
// written; a failure is kept (Err) and retried: a record left on disk
// whose address is gone is harmless (it proves nothing on the node, and
// the next Inventory drops it).
func (l *Ledger) drop(gone func(Record) bool) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.load() != nil {
		return
	}
	n := len(l.recs)
	l.recs = slices.DeleteFunc(l.recs, gone)
	if len(l.recs) != n || l.dirty != nil {
		_ = l.save()
	}
}

// Adopt records a marked, untagged address assigned before ledgers
// existed as this instance's (the caller has the proof: its own state
// from before names it). Only an untagged address (Tag 0) can be
// adopted; a tagged one is provably someone's by its ledger alone. A
// failed write keeps the adoption in memory (Err says so) and retries it.
func (l *Ledger) Adopt(a Assignment) error {
	if a.Tag != 0 {
		return fmt.Errorf("egress address %s on %s carries tag %d: another instance's ledger records it; not adopted", a.Addr, a.Interface, a.Tag)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.load(); err != nil {
		return err
	}
	l.recs = append(slices.DeleteFunc(l.recs, func(r Record) bool { return r.Addr == a.Addr }),
		Record{Addr: a.Addr, Interface: a.Interface, Index: a.Index, Created: a.Created, Adopted: true, Since: time.Now().UTC()})
	return l.save()
}

// newTag is a random, non-zero tag.
func newTag() (uint32, error) {
	var b [4]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, fmt.Errorf("egress address tag: %w", err)
		}
		if t := binary.NativeEndian.Uint32(b[:]); t != 0 {
			return t, nil
		}
	}
}
