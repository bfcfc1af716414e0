package egress

import (
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	addr4 = netip.MustParseAddr("203.0.113.10")
	addr6 = netip.MustParseAddr("2001:db8::10")
)

func pod(name string) Pod {
	return Pod{Namespace: "team-a", Name: name, UID: "uid-" + name, Sandbox: "sb-" + name}
}

// clock is a settable clock for the tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

func testOptions(dir string, pools ...Pool) Options {
	return Options{StateDir: filepath.Join(dir, "state"), AttributionLog: filepath.Join(dir, "state", "attribution.jsonl"), Pools: pools}
}

func mustNew(t *testing.T, o Options) *Allocator {
	t.Helper()
	a, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func webPool(blocks, size int) Pool {
	return Pool{Name: "web", Address: addr4, Lo: 20000, Hi: uint16(20000 + blocks*size - 1), BlockSize: size}
}

func mustGrant(t *testing.T, a *Allocator, pool string, p Pod) Block {
	t.Helper()
	b, err := a.Grant(pool, p)
	if err != nil {
		t.Fatalf("Grant(%s, %s): %v", pool, p.Name, err)
	}
	return b
}

func checkDisjoint(t *testing.T, blocks []Block) {
	t.Helper()
	for i, x := range blocks {
		for _, y := range blocks[:i] {
			if x.overlaps(y.Address, y.Lo, y.Hi) {
				t.Fatalf("blocks overlap: %s and %s", x, y)
			}
		}
	}
}

func TestGrantDisjointAndAligned(t *testing.T) {
	p := webPool(8, 64)
	a := mustNew(t, testOptions(t.TempDir(), p))
	var got []Block
	for _, name := range []string{"a", "b", "c"} {
		b := mustGrant(t, a, "web", pod(name))
		if !p.fits(b) || b.Pool != "web" || b.Hi-b.Lo+1 != 64 {
			t.Errorf("block %s is not a block of %+v", b, p)
		}
		if again := mustGrant(t, a, "web", pod(name)); again != b {
			t.Errorf("second Grant for %s = %s, first %s", name, again, b)
		}
		got = append(got, b)
	}
	checkDisjoint(t, got)
	grants, err := a.Blocks()
	if err != nil || len(grants) != 3 {
		t.Fatalf("Blocks = %v, %v", grants, err)
	}
	if b := got[0].External().String(); !strings.HasPrefix(b, "203.0.113.10:") {
		t.Errorf("External = %s", b)
	}
}

// TestGrantSurvivesRestart: a new Allocator on the same state dir (a
// restarted diktyo-nri) gives every pod the block it had.
func TestGrantSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	pools := []Pool{webPool(16, 10), {Name: "v6", Address: addr6, Lo: 30000, Hi: 30999, BlockSize: 100}}
	a := mustNew(t, testOptions(dir, pools...))
	want := map[string]Block{}
	for _, name := range []string{"a", "b", "c", "d"} {
		want[name+"/web"] = mustGrant(t, a, "web", pod(name))
		want[name+"/v6"] = mustGrant(t, a, "v6", pod(name))
	}
	b := mustNew(t, testOptions(dir, pools...))
	for _, name := range []string{"d", "c", "b", "a"} { // another order
		for _, pool := range []string{"v6", "web"} {
			if got := mustGrant(t, b, pool, pod(name)); got != want[name+"/"+pool] {
				t.Errorf("after restart %s/%s = %s, want %s", name, pool, got, want[name+"/"+pool])
			}
		}
	}
	// Another sandbox of the same pod is another holder.
	other := pod("a")
	other.Sandbox = "sb-a-2"
	if got := mustGrant(t, b, "web", other); got == want["a/web"] {
		t.Errorf("a second sandbox got the first one's block %s", got)
	}
}

func TestExhaustion(t *testing.T) {
	a := mustNew(t, testOptions(t.TempDir(), webPool(2, 100)))
	mustGrant(t, a, "web", pod("a"))
	mustGrant(t, a, "web", pod("b"))
	_, err := a.Grant("web", pod("c"))
	if !errors.Is(err, ErrExhausted) || !strings.Contains(err.Error(), `pool "web"`) || !strings.Contains(err.Error(), "team-a/c") {
		t.Fatalf("third Grant = %v, want ErrExhausted naming pool web and the pod", err)
	}
	u, err := a.Usage()
	if err != nil || len(u) != 1 || u[0] != (PoolUsage{Pool: "web", Address: addr4, Blocks: 2, InUse: 2, Free: 0}) {
		t.Errorf("Usage = %+v, %v", u, err)
	}
	if _, err := a.Grant("nope", pod("a")); err == nil || !strings.Contains(err.Error(), `unknown pool "nope"`) {
		t.Errorf("unknown pool: %v", err)
	}
	if _, err := a.Grant("web", Pod{Namespace: "x", Name: "y"}); err == nil || !strings.Contains(err.Error(), "required") {
		t.Errorf("incomplete pod: %v", err)
	}
}

func TestReleaseThenGrantReuses(t *testing.T) {
	a := mustNew(t, testOptions(t.TempDir(), webPool(1, 50)))
	first := mustGrant(t, a, "web", pod("a"))
	if _, err := a.Grant("web", pod("b")); !errors.Is(err, ErrExhausted) {
		t.Fatalf("Grant b = %v", err)
	}
	rel, err := a.Release(pod("a"))
	if err != nil || len(rel) != 1 || rel[0].Block != first || rel[0].Pod != pod("a") {
		t.Fatalf("Release = %v, %v", rel, err)
	}
	if rel, err := a.Release(pod("a")); err != nil || rel != nil {
		t.Errorf("second Release = %v, %v", rel, err)
	}
	if got := mustGrant(t, a, "web", pod("b")); got != first {
		t.Errorf("after release, b got %s, want the freed %s", got, first)
	}
	// The same pod granted again after a release gets its block back
	// when free (the UID seeds the search).
	a2 := mustNew(t, testOptions(t.TempDir(), webPool(64, 10)))
	x := mustGrant(t, a2, "web", pod("x"))
	if _, err := a2.Release(pod("x")); err != nil {
		t.Fatal(err)
	}
	if again := mustGrant(t, a2, "web", pod("x")); again != x {
		t.Errorf("re-grant = %s, want %s", again, x)
	}
}

func TestReconcileReleasesOnlyGonePods(t *testing.T) {
	a := mustNew(t, testOptions(t.TempDir(), webPool(16, 10), Pool{Name: "v6", Address: addr6, Lo: 30000, Hi: 30999, BlockSize: 100}))
	for _, n := range []string{"a", "b", "c", "d"} {
		mustGrant(t, a, "web", pod(n))
	}
	mustGrant(t, a, "v6", pod("b"))
	if err := a.ClaimExplicit(pod("b"), addr4, 5000, 5010); err != nil {
		t.Fatal(err)
	}
	rel, err := a.Reconcile([]Pod{pod("a"), pod("c"), pod("zzz")})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range rel {
		names = append(names, g.Pod.Name+":"+g.Pool)
	}
	slices.Sort(names)
	if fmt.Sprint(names) != "[b: b:v6 b:web d:web]" {
		t.Errorf("Reconcile released %v", names)
	}
	left, _ := a.Blocks()
	for _, g := range left {
		if g.Pod != pod("a") && g.Pod != pod("c") {
			t.Errorf("left %s", g)
		}
	}
	if len(left) != 2 {
		t.Errorf("left %d grants, want 2", len(left))
	}
	if rel, err := a.Reconcile([]Pod{pod("a"), pod("c")}); err != nil || len(rel) != 0 {
		t.Errorf("second Reconcile = %v, %v", rel, err)
	}
}

// TestConcurrentGrants: goroutines on two Allocators (two diktyo-nri
// processes, as far as the state is concerned) on one state dir, asking
// for more blocks than the pool has: every block is granted once, the
// rest get ErrExhausted, and nothing is lost (state and log agree).
func TestConcurrentGrants(t *testing.T) {
	dir := t.TempDir()
	const blocks, pods = 40, 64
	pool := Pool{Name: "web", Address: addr4, Lo: 10000, Hi: 10000 + blocks*3 - 1, BlockSize: 3}
	allocs := []*Allocator{mustNew(t, testOptions(dir, pool)), mustNew(t, testOptions(dir, pool))}
	type result struct {
		b   Block
		err error
	}
	results := make([]result, pods)
	var wg sync.WaitGroup
	for i := range pods {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := allocs[i%2].Grant("web", pod(fmt.Sprint("p", i)))
			results[i] = result{b, err}
		}()
	}
	wg.Wait()
	var got []Block
	exhausted := 0
	for i, r := range results {
		switch {
		case r.err == nil:
			got = append(got, r.b)
		case errors.Is(r.err, ErrExhausted):
			exhausted++
		default:
			t.Fatalf("pod %d: %v", i, r.err)
		}
	}
	if len(got) != blocks || exhausted != pods-blocks {
		t.Fatalf("%d granted, %d exhausted; want %d and %d", len(got), exhausted, blocks, pods-blocks)
	}
	checkDisjoint(t, got)
	grants, err := allocs[0].Blocks()
	if err != nil || len(grants) != blocks {
		t.Fatalf("state holds %d grants (%v), want %d", len(grants), err, blocks)
	}
	log, err := os.ReadFile(testOptions(dir).AttributionLog)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), `"event":"grant"`); n != blocks {
		t.Errorf("log has %d grants, want %d", n, blocks)
	}
	// Every block maps back to the pod that got it.
	for i, r := range results {
		if r.err != nil {
			continue
		}
		for _, port := range []uint16{r.b.Lo, r.b.Hi} {
			p, err := Attribute(strings.NewReader(string(log)), addr4, port, time.Now())
			if err != nil || p != pod(fmt.Sprint("p", i)) {
				t.Errorf("port %d of p%d attributed to %v, %v", port, i, p, err)
			}
		}
	}
}

func TestStaleGrant(t *testing.T) {
	dir := t.TempDir()
	a := mustNew(t, testOptions(dir, webPool(10, 10)))
	old := mustGrant(t, a, "web", pod("a"))
	// The admin changes the block size: the old grant stays held (its
	// ports are never handed out) but is not silently replaced.
	b := mustNew(t, testOptions(dir, webPool(5, 20)))
	if _, err := b.Grant("web", pod("a")); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "team-a/a") {
		t.Fatalf("Grant after pool change = %v, want ErrStale", err)
	}
	nb := mustGrant(t, b, "web", pod("b"))
	if nb.overlaps(old.Address, old.Lo, old.Hi) {
		t.Errorf("new block %s overlaps the stale %s", nb, old)
	}
	u, _ := b.Usage()
	if u[0].InUse != 2 || u[0].Free != 3 {
		t.Errorf("Usage = %+v", u)
	}
	if _, err := b.Release(pod("a")); err != nil {
		t.Fatal(err)
	}
	mustGrant(t, b, "web", pod("a"))
}

func TestExplicitRanges(t *testing.T) {
	shared := Pool{Name: "v6", Address: addr6, Lo: 30000, Hi: 30999, BlockSize: 100, Shared: true}
	a := mustNew(t, testOptions(t.TempDir(), webPool(10, 10), shared))
	addr11 := netip.MustParseAddr("203.0.113.11")
	// Overlapping a pool's ports: never, shared or not.
	for _, tc := range []struct {
		addr   netip.Addr
		lo, hi uint16
	}{{addr4, 19990, 20000}, {addr4, 0, 0}, {addr6, 30999, 31000}} {
		err := a.CheckExplicit(pod("a"), tc.addr, tc.lo, tc.hi)
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "overlaps pool") || !strings.Contains(err.Error(), "pool blocks must never clash") {
			t.Errorf("CheckExplicit(%s %d-%d) = %v", tc.addr, tc.lo, tc.hi, err)
		}
	}
	if err := a.ClaimExplicit(pod("a"), addr4, 5000, 5010); err != nil {
		t.Fatal(err)
	}
	if err := a.ClaimExplicit(pod("a"), addr4, 5000, 5010); err != nil { // idempotent
		t.Fatal(err)
	}
	if err := a.ClaimExplicit(pod("a"), addr4, 5005, 5020); err != nil { // own ranges never clash
		t.Fatal(err)
	}
	err := a.CheckExplicit(pod("b"), addr4, 5010, 5010)
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "team-a/a (uid uid-a, sandbox sb-a)") {
		t.Errorf("overlap with pod a: %v", err)
	}
	if err := a.ClaimExplicit(pod("b"), addr4, 5011, 5011); err == nil {
		t.Errorf("ClaimExplicit overlapping accepted")
	}
	if err := a.ClaimExplicit(pod("b"), addr4, 5021, 5030); err != nil {
		t.Errorf("disjoint: %v", err)
	}
	// Any port (no range) clashes with every range on the address...
	if err := a.ClaimExplicit(pod("c"), addr11, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := a.CheckExplicit(pod("d"), addr11, 40000, 40000); !errors.Is(err, ErrConflict) {
		t.Errorf("range under another pod's any-port claim: %v", err)
	}
	// ...unless the address is shared.
	if err := a.ClaimExplicit(pod("c"), addr6, 40000, 40100); err != nil {
		t.Fatal(err)
	}
	if err := a.ClaimExplicit(pod("d"), addr6, 40050, 40060); err != nil {
		t.Errorf("shared address: %v", err)
	}
	grants, _ := a.Blocks()
	if len(grants) != 6 {
		t.Errorf("Blocks = %v", grants)
	}
	if rel, _ := a.Release(pod("a")); len(rel) != 2 {
		t.Errorf("Release a = %v", rel)
	}
	if err := a.CheckExplicit(pod("b"), addr4, 5000, 5010); err != nil {
		t.Errorf("after release: %v", err)
	}
	if err := a.CheckExplicit(pod("b"), netip.Addr{}, 1, 2); err == nil {
		t.Errorf("no address accepted")
	}
}

func TestNewChecksOptions(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		o    Options
		err  string
	}{
		{"relative", Options{StateDir: "state", AttributionLog: "/x"}, "absolute"},
		{"bad pool", testOptions(dir, Pool{Name: "Web", Address: addr4, Lo: 1, Hi: 2, BlockSize: 1}), "not a DNS label"},
		{"empty range", testOptions(dir, Pool{Name: "a", Address: addr4, Lo: 3, Hi: 2, BlockSize: 1}), "is empty"},
		{"block size", testOptions(dir, Pool{Name: "a", Address: addr4, Lo: 3, Hi: 4, BlockSize: 3}), "blockSize 3"},
		{"twice", testOptions(dir, webPool(1, 1), webPool(1, 1)), `pool "web" given twice`},
		{"overlap", testOptions(dir, webPool(10, 1), Pool{Name: "b", Address: addr4, Lo: 20009, Hi: 20100, BlockSize: 1}), "overlap"},
	} {
		if _, err := New(tc.o); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: New = %v, want %q", tc.name, err, tc.err)
		}
	}
}

func TestPreview(t *testing.T) {
	dir := t.TempDir()
	a := mustNew(t, testOptions(dir, webPool(1, 10)))
	b, held, err := a.Preview("web", pod("a"))
	if err != nil || held {
		t.Fatalf("Preview = %s, %t, %v", b, held, err)
	}
	if g, _ := a.Blocks(); len(g) != 0 {
		t.Fatalf("Preview granted %v", g)
	}
	if got := mustGrant(t, a, "web", pod("a")); got != b {
		t.Errorf("Grant = %s, Preview said %s", got, b)
	}
	if again, held, err := a.Preview("web", pod("a")); err != nil || !held || again != b {
		t.Errorf("Preview of the holder = %s, %t, %v", again, held, err)
	}
	if _, _, err := a.Preview("web", pod("b")); !errors.Is(err, ErrExhausted) {
		t.Errorf("Preview on a full pool = %v", err)
	}
	if _, _, err := a.Preview("nope", pod("b")); err == nil {
		t.Errorf("unknown pool accepted")
	}
}
