package hold

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Dir is the markers' directory under the chain's cache directory.
const Dir = "holds"

// The previous version's markers, converted once at start (Recover): an
// ADD's named only its pod, deferred/<sandbox>; a DEL's only one
// address, deferred-flows/<address>.
const (
	oldAddDir = "deferred"
	oldDelDir = "deferred-flows"
)

// marker is a hold's file: one JSON object, written to a temporary file
// and renamed, so that a kill leaves it whole or not at all. No fsync:
// it only has to outlive the process (a node that reboots loses its
// conntrack table too).
type marker struct {
	Version  int          `json:"version"`
	Kind     Kind         `json:"kind"`
	Pod      Pod          `json:"pod"`
	Addrs    []netip.Addr `json:"addresses"`
	External []netip.Addr `json:"external,omitempty"`
}

const markerVersion = 1

func (h *Hold) marker() marker {
	return marker{Version: markerVersion, Kind: h.kind, Pod: h.pod, Addrs: h.addrs, External: h.external}
}

// seq makes marker names unique within a Holds; its epoch (its start
// time, unique among the Holds of a process), across processes.
var (
	seq       atomic.Uint64
	lastEpoch atomic.Int64
)

func newEpoch() string {
	for {
		last, now := lastEpoch.Load(), time.Now().UnixNano()
		if now <= last {
			now = last + 1
		}
		if lastEpoch.CompareAndSwap(last, now) {
			return strconv.FormatInt(now, 10)
		}
	}
}

// writeMarker writes m as a new marker file of epoch in dir and returns
// its path.
func writeMarker(dir, epoch string, m marker) (string, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s-%s-%s-%d.json", m.Kind, url.PathEscape(m.Pod.Sandbox), epoch, seq.Add(1))
	tmp, err := os.CreateTemp(dir, ".tmp-")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(b)
	if err := errors.Join(werr, tmp.Close()); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	path := filepath.Join(dir, name)
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return path, nil
}

// readMarker reads one marker; an error means its addresses are not
// known.
func readMarker(path string) (marker, error) {
	var m marker
	b, err := os.ReadFile(path)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("marker %s: %w", path, err)
	}
	switch {
	case m.Version != markerVersion:
		return m, fmt.Errorf("marker %s: version %d, want %d", path, m.Version, markerVersion)
	case m.Kind != Add && m.Kind != Del:
		return m, fmt.Errorf("marker %s: kind %q", path, m.Kind)
	case m.Kind == Add && m.Pod.Sandbox == "":
		return m, fmt.Errorf("marker %s: an ADD's hold without its pod", path)
	}
	return m, nil
}

// removeMarkers removes hold markers. A hold's own goes under mu, so
// that Recover never reads one whose hold is leaving.
func (hs *Holds) removeMarkers(files ...string) {
	for _, f := range files {
		if f == "" {
			continue
		}
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			hs.opts.Log.Warn("hold marker not removed", "file", f, "error", err)
		}
	}
}

// Recover takes over the markers a previous process left under cacheDir
// (at start, and at every config load: another cache directory may have
// its own): each is held again as it was, its walk (flush of its
// addresses) not run yet, and started now. Markers this process holds
// already are its own. The previous version's markers are converted
// first, each to a marker of this format before it goes. A marker that
// cannot be read is not proof of anything: it holds every address,
// counted as a fault, until a later Retry can read it.
func (hs *Holds) Recover(cacheDir string, flush func([]netip.Addr) func() error) {
	hs.mu.Lock()
	hs.recovered[cacheDir] = flush
	hs.mu.Unlock()
	dir := filepath.Join(cacheDir, Dir)
	hs.convert(cacheDir, dir, flush)
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		hs.unknown(dir, fmt.Errorf("reading the hold markers: %w", err))
		return
	}
	for _, e := range ents {
		path := filepath.Join(dir, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), ".tmp-"):
			// Written by a process killed before the rename: its hold
			// was never taken (the walk is handed over only after).
			_ = os.Remove(path)
		case hs.ownMarker(e.Name()), hs.holding(path):
			// This process's: held, or leaving with its hold.
		default:
			hs.recoverOne(path, flush)
		}
	}
}

// ownMarker reports whether hs wrote the marker called name (its epoch
// is the name's second last field).
func (hs *Holds) ownMarker(name string) bool {
	f := strings.Split(strings.TrimSuffix(name, ".json"), "-")
	return len(f) >= 4 && f[len(f)-2] == hs.epoch
}

// holding reports whether a hold of this process has marker path.
func (hs *Holds) holding(path string) bool {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	return slices.ContainsFunc(hs.holds, func(h *Hold) bool { return !h.all && h.file == path })
}

// recoverOne holds marker path's addresses again.
func (hs *Holds) recoverOne(path string, flush func([]netip.Addr) func() error) {
	m, err := readMarker(path)
	if err != nil {
		hs.unknown(path, err)
		return
	}
	hs.held(m, path, flush)
}

// held holds marker m's addresses again (its file is path).
func (hs *Holds) held(m marker, path string, flush func([]netip.Addr) func() error) {
	h := &Hold{kind: m.Kind, pod: m.Pod, addrs: canonical(m.Addrs), external: canonical(m.External), file: path,
		done: closed(), err: ErrNotRun, recovered: true}
	if len(h.addrs) > 0 {
		h.work = flush(slices.Clone(h.addrs))
	}
	hs.mu.Lock()
	delete(hs.unreadable, path)
	hs.holds = append(hs.holds, h)
	hs.mu.Unlock()
	hs.opts.Log.Warn("a conntrack cleanup was interrupted by a restart; its addresses wait for it", "kind", h.kind, "pod.id", h.pod.Sandbox, "addresses", h.addrs)
	if hs.claim(h, true) {
		go hs.run(h)
	}
}

// unknown holds every address for a marker (or the markers' directory)
// at path that cannot be read, with why as its fault, until Retry reads
// it (or it is gone).
func (hs *Holds) unknown(path string, why error) {
	h := &Hold{all: true, file: path, done: closed(), err: why, recovered: true}
	hs.mu.Lock()
	logIt := hs.unreadable[path] != why.Error()
	hs.unreadable[path] = why.Error()
	hs.holds = append(hs.holds, h)
	hs.opts.Fault(hs.failing())
	hs.mu.Unlock()
	hs.opts.Failed()
	if logIt {
		hs.opts.Log.Error("a hold marker cannot be read: every address is held until it can (remove it only once the flows of its pod are known gone)", "file", path, "error", why)
	}
}

// rereadUnknown reads the cache directories again while a marker there
// could not be read: a marker now read holds its own addresses instead
// of every one; one gone holds nothing.
func (hs *Holds) rereadUnknown() {
	hs.mu.Lock()
	var stale []*Hold
	for _, h := range hs.holds {
		if h.all {
			stale = append(stale, h)
		}
	}
	dirs := maps.Clone(hs.recovered)
	hs.mu.Unlock()
	if len(stale) == 0 {
		return
	}
	// Read again first, then the old holds go: the addresses are held
	// throughout.
	for dir, flush := range dirs {
		hs.Recover(dir, flush)
	}
	hs.mu.Lock()
	hs.holds = slices.DeleteFunc(hs.holds, func(h *Hold) bool { return slices.Contains(stale, h) })
	hs.opts.Fault(hs.failing())
	hs.mu.Unlock()
}

// convert turns the previous version's markers under cacheDir into
// markers in dir: a new marker first, then the old one goes, so that a
// kill in between leaves both (held twice, never lost).
func (hs *Holds) convert(cacheDir, dir string, flush func([]netip.Addr) func() error) {
	old := filepath.Join(cacheDir, oldAddDir)
	if ents, err := os.ReadDir(old); err == nil {
		for _, e := range ents {
			m := marker{Version: markerVersion, Kind: Add, Pod: Pod{Sandbox: e.Name()}}
			hs.convertOne(dir, m, filepath.Join(old, e.Name()), flush)
		}
	}
	old = filepath.Join(cacheDir, oldDelDir)
	if ents, err := os.ReadDir(old); err == nil {
		for _, e := range ents {
			path := filepath.Join(old, e.Name())
			a, err := netip.ParseAddr(e.Name())
			if err != nil {
				_ = os.Remove(path) // not a marker (a temp file?)
				continue
			}
			hs.convertOne(dir, marker{Version: markerVersion, Kind: Del, Addrs: []netip.Addr{a.Unmap()}}, path, flush)
		}
	}
}

func (hs *Holds) convertOne(dir string, m marker, old string, flush func([]netip.Addr) func() error) {
	path, err := writeMarker(dir, hs.epoch, m)
	if err != nil {
		// Kept where it is: converted at the next start.
		hs.opts.Log.Error("a hold marker of the previous version not converted; its hold is kept until it is", "file", old, "error", err)
		hs.unknown(old, err)
		return
	}
	hs.removeMarkers(old)
	hs.held(m, path, flush)
}
