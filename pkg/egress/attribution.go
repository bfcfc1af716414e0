package egress

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/diktyo-io/diktyo/internal/fsutil"
)

// Events of the attribution log.
const (
	EventGrant   = "grant"
	EventRelease = "release"
)

// Event is one line of the attribution log:
//
//	{"time":"2025-01-02T03:04:05.120000000Z","event":"grant","node":"node-1","pod":{"namespace":"team-a","name":"web-1","uid":"…","sandbox":"…"},"pool":"web","address":"203.0.113.10","ports":"20000-20063"}
//
// Time is UTC in TimeFormat, fixed width, so that times compare as
// strings (jq). Node is the node's name (the allocator's Options.Node),
// so that the logs of all nodes, merged, still say where. Pool is absent
// for an explicit range. Every string is
// JSON-escaped, so no pod name can break a line or forge a field.
type Event struct {
	Time    time.Time  `json:"time"`
	Event   string     `json:"event"`
	Node    string     `json:"node,omitempty"`
	Pod     Pod        `json:"pod"`
	Pool    string     `json:"pool,omitempty"`
	Address netip.Addr `json:"address"`
	Ports   string     `json:"ports"`
}

// TimeFormat is the attribution log's time format: RFC 3339, UTC, with
// nanoseconds always written.
const TimeFormat = "2006-01-02T15:04:05.000000000Z"

// MarshalJSON writes the time in TimeFormat.
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event
	return json.Marshal(struct {
		Time string `json:"time"`
		plain
	}{e.Time.UTC().Format(TimeFormat), plain(e)})
}

func event(kind string, now time.Time, pod Pod, b Block) Event {
	return Event{Time: now, Event: kind, Pod: pod, Pool: b.Pool, Address: b.Address, Ports: b.Ports()}
}

// block is the event's address and ports.
func (e Event) block() (Block, error) {
	los, his, ok := strings.Cut(e.Ports, "-")
	lo, err1 := strconv.ParseUint(los, 10, 16)
	hi, err2 := strconv.ParseUint(his, 10, 16)
	if !ok || err1 != nil || err2 != nil || lo == 0 || lo > hi {
		return Block{}, fmt.Errorf("ports %q is not a range lo-hi", e.Ports)
	}
	if !e.Address.IsValid() {
		return Block{}, fmt.Errorf("no address")
	}
	return Block{Pool: e.Pool, Address: e.Address, Lo: uint16(lo), Hi: uint16(hi)}, nil
}

// touchLog creates the attribution log if missing and checks it (a
// regular file of ours, 0600), so that New reports a bad log.
func (a *Allocator) touchLog() error {
	f, err := a.openLog()
	if err != nil {
		return err
	}
	return f.Close()
}

func (a *Allocator) openLog() (*os.File, error) {
	path := a.o.AttributionLog
	_, statErr := os.Lstat(path)
	f, err := openPrivate(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE)
	if err != nil {
		return nil, fmt.Errorf("egress attribution log: %w", err)
	}
	if errors.Is(statErr, fs.ErrNotExist) {
		if err := fsutil.SyncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, fmt.Errorf("egress attribution log: %w", err)
		}
	}
	return f, nil
}

// appendLog appends events to the attribution log in one write, and
// fsyncs it.
func (a *Allocator) appendLog(events []Event) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf) // one line per event, '\n'-terminated
	for _, e := range events {
		e.Node = a.o.Node
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("egress attribution log: %w", err)
		}
	}
	f, err := a.openLog()
	if err != nil {
		return err
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		return fmt.Errorf("egress attribution log: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("egress attribution log: fsync: %w", err)
	}
	return f.Close()
}

// maxLine bounds a line of the attribution log.
const maxLine = 1 << 20

// Attribute reads an attribution log (io.MultiReader of rotated files,
// oldest first) and returns the pod that held port of addr at time at:
// the pod of the last grant covering them at or before at, unless that
// pod's release of it came (at or before at) after it. A later grant of
// an overlapping range ends an earlier one even without its release line
// (the log may miss a release after a crash, never a grant). Nobody:
// ErrNotAttributed. A line that does not parse is an error naming it,
// except a last line without its newline (a write cut by a crash), which
// is skipped.
func Attribute(r io.Reader, addr netip.Addr, port uint16, at time.Time) (Pod, error) {
	e, err := Attribution(r, addr, port, at)
	return e.Pod, err
}

// Attribution is Attribute's answer with the grant behind it: its time,
// node, pool and block.
func Attribution(r io.Reader, addr netip.Addr, port uint16, at time.Time) (Event, error) {
	var holder *Event
	err := scanLog(r, addr, at, func(e Event, b Block) {
		if port < b.Lo || port > b.Hi {
			return
		}
		switch {
		case e.Event == EventGrant:
			holder = &e
		case holder != nil && holder.Pod == e.Pod:
			holder = nil
		}
	})
	if err != nil {
		return Event{}, err
	}
	if holder == nil {
		return Event{}, fmt.Errorf("%w: %s port %d at %s", ErrNotAttributed, addr.Unmap(), port, at.UTC().Format(time.RFC3339Nano))
	}
	return *holder, nil
}

// Holders reads an attribution log as Attribute does and returns every
// grant of addr in force at time at (any port), oldest first: what the
// address was shared out as then. A grant ends at its pod's release of
// the same block, or at a later grant of a range overlapping it.
func Holders(r io.Reader, addr netip.Addr, at time.Time) ([]Event, error) {
	var held []Event
	err := scanLog(r, addr, at, func(e Event, b Block) {
		held = slices.DeleteFunc(held, func(h Event) bool {
			hb, _ := h.block() // checked by parseEvent
			if e.Event == EventRelease {
				return h.Pod == e.Pod && hb.Lo == b.Lo && hb.Hi == b.Hi
			}
			return hb.Lo <= b.Hi && b.Lo <= hb.Hi
		})
		if e.Event == EventGrant {
			held = append(held, e)
		}
	})
	return held, err
}

// scanLog calls fn, in log order, for every well-formed event of addr at
// or before at. A torn last line (no newline, does not parse) is skipped;
// any other line that does not parse is an error naming it.
func scanLog(r io.Reader, addr netip.Addr, at time.Time, fn func(Event, Block)) error {
	addr = addr.Unmap()
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			if _, perr := parseEvent(line); perr != nil {
				return nil // torn last line
			}
		} else if err != nil {
			return fmt.Errorf("attribution log line %d: %w", n, err)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		e, err := parseEvent(line)
		if err != nil {
			return fmt.Errorf("attribution log line %d: %w", n, err)
		}
		b, _ := e.block() // checked by parseEvent
		if !e.Time.After(at) && b.Address.Unmap() == addr {
			fn(e, b)
		}
	}
}

// readLine returns the next line without its newline; io.EOF at the end,
// io.ErrUnexpectedEOF with a last line that has no newline.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("longer than %d bytes", maxLine)
		}
		switch {
		case err == nil:
			return line[:len(line)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return nil, io.EOF
			}
			return line, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

func parseEvent(line []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(line, &e); err != nil {
		return e, err
	}
	if e.Event != EventGrant && e.Event != EventRelease {
		return e, fmt.Errorf("unknown event %q", e.Event)
	}
	if e.Time.IsZero() {
		return e, fmt.Errorf("no time")
	}
	_, err := e.block()
	return e, err
}
