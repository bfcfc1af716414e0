package egress

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"
)

// TestAttributionRoundTrip: every (address, port) at every moment maps
// back to the pod that held it then, across a release and a re-grant of
// the same block to another pod.
func TestAttributionRoundTrip(t *testing.T) {
	clk := &clock{}
	o := testOptions(t.TempDir(), webPool(2, 5))
	o.Now = clk.Now
	a := mustNew(t, o)
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

	clk.set(at(10))
	blockA := mustGrant(t, a, "web", pod("a"))
	clk.set(at(20))
	blockB := mustGrant(t, a, "web", pod("b"))
	clk.set(at(25))
	if err := a.ClaimExplicit(pod("b"), addr4, 5000, 5001); err != nil {
		t.Fatal(err)
	}
	clk.set(at(30))
	if _, err := a.Release(pod("a")); err != nil {
		t.Fatal(err)
	}
	clk.set(at(40))
	blockC := mustGrant(t, a, "web", pod("c")) // the only free block: a's
	if blockC != blockA {
		t.Fatalf("c got %s, want a's freed %s", blockC, blockA)
	}
	clk.set(at(50))
	if _, err := a.Reconcile([]Pod{pod("c")}); err != nil { // b goes
		t.Fatal(err)
	}
	logData, err := os.ReadFile(o.AttributionLog)
	if err != nil {
		t.Fatal(err)
	}
	// Who holds block X, block Y and the explicit range at second s.
	type want struct {
		s          int
		x, y, expl string
	}
	for _, w := range []want{
		{5, "", "", ""},
		{10, "a", "", ""}, // a grant covers its own instant
		{15, "a", "", ""},
		{20, "a", "b", ""},
		{27, "a", "b", "b"},
		{30, "", "b", "b"}, // released at 30
		{35, "", "b", "b"},
		{40, "c", "b", "b"},
		{45, "c", "b", "b"},
		{50, "c", "", ""},
		{99, "c", "", ""},
	} {
		for _, c := range []struct {
			block Block
			who   string
		}{{blockA, w.x}, {blockB, w.y}, {Block{Address: addr4, Lo: 5000, Hi: 5001}, w.expl}} {
			for port := c.block.Lo; port <= c.block.Hi; port++ {
				got, err := Attribute(bytes.NewReader(logData), addr4, port, at(w.s))
				switch {
				case c.who == "" && !errors.Is(err, ErrNotAttributed):
					t.Errorf("t+%ds %s port %d: %v, %v; want nobody", w.s, addr4, port, got, err)
				case c.who != "" && (err != nil || got != pod(c.who)):
					t.Errorf("t+%ds %s port %d: %v, %v; want %s", w.s, addr4, port, got, err, c.who)
				}
			}
		}
		checkHolders(t, logData, at(w.s), map[string]string{blockA.Ports(): w.x, blockB.Ports(): w.y, "5000-5001": w.expl})
	}
	// Ports around the blocks and another address: nobody.
	for _, q := range []struct {
		addr netip.Addr
		port uint16
	}{{addr4, 19999}, {addr4, 20010}, {netip.MustParseAddr("203.0.113.11"), 20000}, {addr6, 20000}} {
		if _, err := Attribute(bytes.NewReader(logData), q.addr, q.port, at(45)); !errors.Is(err, ErrNotAttributed) {
			t.Errorf("%s port %d: %v", q.addr, q.port, err)
		}
	}
	// IPv4-mapped queries are read as IPv4.
	if got, err := Attribute(bytes.NewReader(logData), netip.MustParseAddr("::ffff:203.0.113.10"), blockC.Lo, at(45)); err != nil || got != pod("c") {
		t.Errorf("mapped query: %v, %v", got, err)
	}
}

// checkHolders holds Holders at t to want: each block's holder ("" for
// none).
func checkHolders(t *testing.T, logData []byte, at time.Time, want map[string]string) {
	t.Helper()
	held, err := Holders(bytes.NewReader(logData), addr4, at)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range held {
		if e.Event != EventGrant || got[e.Ports] != "" {
			t.Errorf("%s: %+v: not one grant per block", at, e)
		}
		got[e.Ports] = e.Pod.Name
	}
	for ports, who := range want {
		if got[ports] != who {
			t.Errorf("%s: block %s held by %q, want %q", at, ports, got[ports], who)
		}
		delete(got, ports)
	}
	for ports, who := range got {
		t.Errorf("%s: unexpected holder %q of %s", at, who, ports)
	}
}

// TestAttributionLogFormat: one JSON object per line with the documented
// fields, whatever the pod's names hold.
func TestAttributionLogFormat(t *testing.T) {
	clk := &clock{now: time.Date(2025, 3, 1, 12, 0, 0, 123, time.UTC)}
	o := testOptions(t.TempDir(), webPool(8, 10))
	o.Now = clk.Now
	o.Node = "node-7"
	a := mustNew(t, o)
	hostile := []Pod{
		{Namespace: "team-a", Name: "web\n{\"event\":\"release\"}", UID: "u1", Sandbox: "s1"},
		{Namespace: "team-a\"}, \"x\":\"", Name: `back\slash`, UID: "u2\r\n", Sandbox: "s2\x00"},
		{Namespace: "ns", Name: "\u2028line\u2029sep <script>&", UID: "u3", Sandbox: "s3\t"},
		{Namespace: "ns", Name: strings.Repeat("n", 10000), UID: "u4", Sandbox: "s4"},
	}
	var blocks []Block
	for _, p := range hostile {
		blocks = append(blocks, mustGrant(t, a, "web", p))
	}
	if _, err := a.Release(hostile[0]); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(o.AttributionLog)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != len(hostile)+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(hostile)+1, data)
	}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		for _, k := range []string{"time", "event", "node", "pod", "pool", "address", "ports"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d has no %q: %s", i+1, k, l)
			}
		}
	}
	if !strings.Contains(lines[0], `"time":"2025-03-01T12:00:00.000000123Z","event":"grant","node":"node-7","pod":{"namespace":"team-a"`) ||
		!strings.Contains(lines[0], `"pool":"web","address":"203.0.113.10","ports":"`) {
		t.Errorf("line 1: %s", lines[0])
	}
	if !strings.Contains(lines[len(lines)-1], `"event":"release"`) {
		t.Errorf("last line: %s", lines[len(lines)-1])
	}
	for i, p := range hostile[1:] {
		got, err := Attribute(bytes.NewReader(data), addr4, blocks[i+1].Lo, clk.Now())
		if err != nil || got != p {
			t.Errorf("pod %d attributed to %q, %v", i+1, got, err)
		}
	}
	if _, err := Attribute(bytes.NewReader(data), addr4, blocks[0].Lo, clk.Now()); !errors.Is(err, ErrNotAttributed) {
		t.Errorf("released hostile pod still attributed: %v", err)
	}
	// Errors print pods on one line.
	if s := hostile[0].String(); strings.Contains(s, "\n") {
		t.Errorf("Pod.String = %q", s)
	}
}

func TestAttributeBadLogs(t *testing.T) {
	good := `{"time":"2025-03-01T12:00:00Z","event":"grant","pod":{"namespace":"a","name":"b","uid":"c","sandbox":"d"},"pool":"web","address":"203.0.113.10","ports":"20000-20009"}`
	when := time.Date(2025, 3, 2, 0, 0, 0, 0, time.UTC)
	// A last line cut by a crash is skipped.
	if p, err := Attribute(strings.NewReader(good+"\n"+good[:40]), addr4, 20005, when); err != nil || p.Name != "b" {
		t.Errorf("torn last line: %v, %v", p, err)
	}
	// A complete last line without its newline counts.
	if p, err := Attribute(strings.NewReader(good), addr4, 20005, when); err != nil || p.Name != "b" {
		t.Errorf("no final newline: %v, %v", p, err)
	}
	for _, tc := range []struct{ log, err string }{
		{good[:40] + "\n" + good + "\n", "line 1"},
		{good + "\n" + strings.Replace(good, `"grant"`, `"steal"`, 1) + "\n", `line 2: unknown event "steal"`},
		{strings.Replace(good, `20000-20009`, `20009-20000`, 1) + "\n", "line 1: ports"},
		{strings.Replace(good, `"2025-03-01T12:00:00Z"`, `"yesterday"`, 1) + "\n", "line 1"},
	} {
		if _, err := Attribute(strings.NewReader(tc.log), addr4, 20005, when); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Attribute = %v, want %q", err, tc.err)
		}
	}
	// Blank lines are fine; a long log is read line by line.
	var b strings.Builder
	for range 5000 {
		b.WriteString(good + "\n\n")
	}
	if _, err := Attribute(strings.NewReader(b.String()), addr4, 20005, when); err != nil {
		t.Errorf("long log: %v", err)
	}
}
