package main

import (
	"compress/gzip"
	"encoding/json"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/egress"
)

// attrWorld is an egress allocator writing a real attribution log, with
// a settable clock.
type attrWorld struct {
	t     *testing.T
	dir   string
	log   string
	a     *egress.Allocator
	mu    sync.Mutex
	now   time.Time
	t0    time.Time
	addr4 netip.Addr
}

func newAttrWorld(t *testing.T) *attrWorld {
	w := &attrWorld{t: t, dir: t.TempDir(), t0: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC),
		addr4: netip.MustParseAddr("203.0.113.10")}
	w.log = filepath.Join(w.dir, "egress", "attribution.jsonl")
	a, err := egress.New(egress.Options{StateDir: filepath.Join(w.dir, "egress"), AttributionLog: w.log, Node: "node-1",
		Pools: []egress.Pool{{Name: "web", Address: w.addr4, Lo: 20000, Hi: 20127, BlockSize: 64}},
		Now:   func() time.Time { w.mu.Lock(); defer w.mu.Unlock(); return w.now }})
	if err != nil {
		t.Fatal(err)
	}
	w.a = a
	return w
}

func (w *attrWorld) at(s int) time.Time { return w.t0.Add(time.Duration(s) * time.Second) }

func (w *attrWorld) set(s int) {
	w.mu.Lock()
	w.now = w.at(s)
	w.mu.Unlock()
}

func attrPod(name string) egress.Pod {
	return egress.Pod{Namespace: "team-a", Name: name, UID: "uid-" + name, Sandbox: "sb-" + name}
}

func (w *attrWorld) grant(s int, name string) egress.Block {
	w.set(s)
	b, err := w.a.Grant("web", attrPod(name))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *attrWorld) release(s int, name string) {
	w.set(s)
	if _, err := w.a.Release(attrPod(name)); err != nil {
		w.t.Fatal(err)
	}
}

// config writes an admin config naming the log and returns its path.
func (w *attrWorld) config() string {
	p := filepath.Join(w.dir, "config.yaml")
	cfg := "egress:\n  stateDir: " + filepath.Dir(w.log) + "\n  attributionLog: " + w.log + "\n"
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		w.t.Fatal(err)
	}
	return p
}

// TestAttributeCommand: the command names the pod the allocator's log
// says held an address and port at a time, across a release and a
// re-grant, with and without a port, and exits 1 for nobody.
func TestAttributeCommand(t *testing.T) {
	w := newAttrWorld(t)
	a := w.grant(10, "a")
	b := w.grant(20, "b")
	w.release(30, "a")
	c := w.grant(40, "c") // a's block again
	if c != a {
		t.Fatalf("c got %s, want a's %s", c.Ports(), a.Ports())
	}
	cfg := w.config()
	ts := func(s int) string { return w.at(s).Format(time.RFC3339) }
	port := func(b egress.Block) string { return netip.AddrPortFrom(w.addr4, b.Lo+3).String() }

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{port(a), ts(15)}, 0, "team-a/a"},
		{[]string{port(a), ts(35)}, 1, "nobody"},
		{[]string{port(a), ts(45)}, 0, "team-a/c"},
		{[]string{port(b), ts(45)}, 0, "team-a/b"},
		{[]string{port(b), ts(5)}, 1, "nobody"},
		{[]string{"203.0.113.11:20003", ts(45)}, 1, "nobody"},
		// A time with an offset is the same instant.
		{[]string{port(a), w.at(15).In(time.FixedZone("x", 3600)).Format(time.RFC3339)}, 0, "team-a/a"},
	} {
		r := run(append([]string{"attribute", "--config", cfg}, c.args...)...)
		if r.code != c.code || !strings.Contains(r.stdout, ": "+c.want+"\n") {
			t.Errorf("attribute %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, r.code, r.stdout, r.stderr, c.code, c.want)
		}
	}
	// Without a port: every block held then.
	r := run("attribute", "--config", cfg, "-o", "json", w.addr4.String(), ts(45))
	var got attribution
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("json: exit %d, %v: %s %s", r.code, err, r.stdout, r.stderr)
	}
	names := map[string]string{}
	for _, e := range got.Holders {
		names[e.Ports] = e.Pod.Name
		if e.Node != "node-1" {
			t.Errorf("holder %+v: node %q", e, e.Node)
		}
	}
	if len(names) != 2 || names[c.Ports()] != "c" || names[b.Ports()] != "b" {
		t.Errorf("holders at +45s: %v", names)
	}
	// --skew reports a change of holder inside the window.
	r = run("attribute", "--config", cfg, "--skew", "6s", port(a), ts(35))
	if !strings.Contains(r.stdout, "warning: at "+w.at(29).Format(egress.TimeFormat)+" (inside --skew): team-a/a") ||
		!strings.Contains(r.stdout, "(inside --skew): team-a/c") {
		t.Errorf("--skew: %q", r.stdout)
	}
}

// TestAttributeRotatedLogs: rotated files (LOG.N, LOG.N.gz) are read
// oldest first before the live log, so a grant in a rotated file still
// answers, and a release in a newer file still ends it.
func TestAttributeRotatedLogs(t *testing.T) {
	w := newAttrWorld(t)
	a := w.grant(10, "a")
	w.grant(11, "x") // a's block is then the only one free for b
	rotate(t, w.log, w.log+".2.gz", true)
	w.release(20, "a")
	rotate(t, w.log, w.log+".1", false)
	b := w.grant(30, "b")
	if b != a {
		t.Fatalf("b got %s, want %s", b.Ports(), a.Ports())
	}
	cfg := w.config()
	q := netip.AddrPortFrom(w.addr4, a.Lo).String()
	for s, want := range map[int]string{15: "team-a/a", 25: "nobody", 35: "team-a/b"} {
		r := run("attribute", "--config", cfg, q, w.at(s).Format(time.RFC3339))
		if !strings.Contains(r.stdout, ": "+want+"\n") {
			t.Errorf("+%ds: %q %q, want %s", s, r.stdout, r.stderr, want)
		}
	}
	// --log replaces the config's files: the live log alone knows only b.
	r := run("attribute", "--log", w.log, q, w.at(15).Format(time.RFC3339))
	if r.code != 1 || !strings.Contains(r.stdout, ": nobody\n") {
		t.Errorf("--log live only: %+v", r)
	}
}

// rotate moves the log to name (gzip'd when zip), as logrotate does.
func rotate(t *testing.T, log, name string, zip bool) {
	t.Helper()
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if zip {
		z := gzip.NewWriter(f)
		if _, err := z.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
	} else if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(log, 0); err != nil {
		t.Fatal(err)
	}
}

func TestAttributeBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"attribute", "203.0.113.10:20000"},
		{"attribute", "nonsense", "2025-03-01T12:00:00Z"},
		{"attribute", "203.0.113.10:0", "2025-03-01T12:00:00Z"},
		{"attribute", "203.0.113.10:20000", "yesterday"},
		{"attribute", "--skew", "-1s", "203.0.113.10:20000", "2025-03-01T12:00:00Z"},
	} {
		if r := run(args...); r.code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, r.code, r.stderr, exitUsage)
		}
	}
}
