package plugin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// flowsPlugin is a plugin whose chain cache (and so the flow markers)
// is the test's, with no chain loaded.
func flowsPlugin(t *testing.T) (*Plugin, *gen.State) {
	dir := t.TempDir()
	p := quietPlugin(t, "chain:\n  conflist: "+filepath.Join(dir, "absent.conflist")+"\n  cacheDir: "+filepath.Join(dir, "cache")+"\n")
	return p, p.conf.Load()
}

// marked reports whether a hold marker names addr.
func marked(t *testing.T, st *gen.State, addr string) bool {
	t.Helper()
	ents, err := os.ReadDir(work.HoldDir(st))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(work.HoldDir(st), e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ Addresses []string }
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("marker %s: %v", e.Name(), err)
		}
		if slices.Contains(m.Addresses, addr) {
			return true
		}
	}
	return false
}

// handOver is a teardown's DEL handing work over: hold, deferral, settle.
func handOver(p *Plugin, st *gen.State, ips []string, work func() error, release func()) {
	h := p.work.TakeDelHold(st, &podEntry{Pod: chainrun.Pod{ID: "stopped", IPs: ips}}, &podEntry{})
	p.work.DelDeferral(h)(work, release)
	p.work.SettleDel(h, ips, nil)
}

func await(p *Plugin, _ *gen.State, d time.Duration, ips ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return p.holds.Await(ctx, hold.Want{Addrs: work.ParseAddrs(ips)})
}

// TestFlowFlushHoldsItsAddresses: a DEL's walk handed over holds the
// pod's addresses (a marker each) until it is done; then they are free,
// the markers gone, its netns handle released once. Other addresses are
// never held.
func TestFlowFlushHoldsItsAddresses(t *testing.T) {
	p, st := flowsPlugin(t)
	gate := make(chan struct{})
	var released atomic.Int32
	handOver(p, st, []string{"198.51.100.5/24", "2001:db8::5"}, func() error { <-gate; return nil }, func() { released.Add(1) })
	for _, a := range []string{"198.51.100.5", "2001:db8::5"} {
		if !marked(t, st, a) {
			t.Fatalf("no marker of %s", a)
		}
	}
	if err := await(p, st, 20*time.Millisecond, "198.51.100.5"); err == nil || !strings.Contains(err.Error(), "still running") {
		t.Fatalf("address of a walk in progress: %v, want held", err)
	}
	if err := await(p, st, 20*time.Millisecond, "198.51.100.6"); err != nil {
		t.Fatalf("another address: %v, want free", err)
	}
	close(gate)
	if err := await(p, st, time.Second, "198.51.100.5", "2001:db8::5"); err != nil {
		t.Fatalf("after the walk: %v", err)
	}
	for _, a := range []string{"198.51.100.5", "2001:db8::5"} {
		if marked(t, st, a) {
			t.Errorf("marker of %s after the walk, want gone", a)
		}
	}
	if n := released.Load(); n != 1 {
		t.Errorf("released %d times, want once", n)
	}
}

// TestFlowFlushFailureHoldsAndRetries: a walk that fails keeps the
// address held, shows as a fault, and is run again by the next waiter:
// while it fails the waiter gets an error (the address may still carry
// the old pod's flows); once it succeeds the address is free and the
// fault gone.
func TestFlowFlushFailureHoldsAndRetries(t *testing.T) {
	p, st := flowsPlugin(t)
	var failing atomic.Bool
	failing.Store(true)
	var tries atomic.Int32
	boom := errors.New("netlink says no")
	handOver(p, st, []string{"198.51.100.7"}, func() error {
		tries.Add(1)
		if failing.Load() {
			return boom
		}
		return nil
	}, nil)
	deadline := time.Now().Add(2 * time.Second)
	for p.health.Fault(health.FaultFlows) == "" {
		if time.Now().After(deadline) {
			t.Fatal("no fault after the walk failed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !strings.Contains(p.health.Fault(health.FaultFlows), "netlink says no") {
		t.Errorf("fault %q does not say why", p.health.Fault(health.FaultFlows))
	}
	before := tries.Load()
	err := await(p, st, time.Second, "198.51.100.7")
	if !errors.Is(err, boom) {
		t.Fatalf("waiter while the walk fails: %v, want its error", err)
	}
	if tries.Load() <= before {
		t.Error("the waiter did not run the failed walk again")
	}
	failing.Store(false)
	if err := await(p, st, time.Second, "198.51.100.7"); err != nil {
		t.Fatalf("waiter once the walk succeeds: %v", err)
	}
	if f := p.health.Fault(health.FaultFlows); f != "" {
		t.Errorf("fault after success: %q", f)
	}
	if marked(t, st, "198.51.100.7") {
		t.Errorf("marker after success, want gone")
	}
}

// TestRecoveredFlowsWaitForProof: a marker a killed process left holds
// its address in the next one; without a chain nothing can flush it, so
// the address stays held (no proof its flows are gone) and says why. A
// file that is no address is not ours to keep.
func TestRecoveredFlowsWaitForProof(t *testing.T) {
	p, st := flowsPlugin(t)
	dir := filepath.Join(st.Cfg.Chain.CacheDir, "deferred-flows") // the previous version's
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"198.51.100.8", ".tmp-123"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p.holds.Recover(st.Cfg.Chain.CacheDir, p.work.FlushAddrs)
	err := await(p, st, time.Second, "198.51.100.8")
	if err == nil || !strings.Contains(err.Error(), "chain not loaded") {
		t.Fatalf("recovered address without a chain: %v, want held (chain not loaded)", err)
	}
	if !marked(t, st, "198.51.100.8") {
		t.Errorf("marker of the held address: none, want kept")
	}
	if _, err := os.Stat(filepath.Join(dir, ".tmp-123")); !os.IsNotExist(err) {
		t.Errorf("a file that is no address: %v, want removed", err)
	}
}

// TestFlowHoldCoversTheWholeDEL: a teardown holds its addresses (and
// writes their markers) before its DEL starts, so a pod cannot take them
// while the DEL runs; a DEL that hands no walk over frees them when it
// returns; a teardown without addresses holds nothing (its DEL then runs
// the walk itself).
func TestFlowHoldCoversTheWholeDEL(t *testing.T) {
	p, st := flowsPlugin(t)
	h := p.work.TakeDelHold(st, &podEntry{Pod: chainrun.Pod{ID: "stopped", IPs: []string{"198.51.100.9"}}}, &podEntry{})
	if !marked(t, st, "198.51.100.9") {
		t.Fatalf("marker while the DEL runs: none, want kept")
	}
	if err := await(p, st, 20*time.Millisecond, "198.51.100.9"); err == nil {
		t.Fatal("the address of a DEL in progress is free")
	}
	p.work.SettleDel(h, nil, nil) // the DEL ran its walk itself
	if err := await(p, st, time.Second, "198.51.100.9"); err != nil {
		t.Fatalf("after a DEL that handed nothing over: %v", err)
	}
	if marked(t, st, "198.51.100.9") {
		t.Errorf("marker after the DEL, want gone")
	}
	if h := p.work.TakeDelHold(st, &podEntry{Pod: chainrun.Pod{ID: "none"}}, &podEntry{}); h != nil || p.work.DelDeferral(h) != nil {
		t.Error("a teardown without addresses holds something")
	}
}

// TestFlowHoldOfAFailedDELWaitsForAFlush: a DEL that failed and handed
// no walk over may have stopped before ipmasq's DEL ran: the address
// stays held (marker too) and shows as a fault while nothing can flush
// it (no chain is loaded here), and every waiter is refused.
func TestFlowHoldOfAFailedDELWaitsForAFlush(t *testing.T) {
	p, st := flowsPlugin(t)
	ips := []string{"198.51.100.10"}
	h := p.work.TakeDelHold(st, &podEntry{Pod: chainrun.Pod{ID: "stopped", IPs: ips}}, &podEntry{})
	p.work.SettleDel(h, ips, errors.New("registerDNS DEL: hosts file unwritable"))
	err := await(p, st, time.Second, "198.51.100.10")
	if err == nil || !strings.Contains(err.Error(), "chain not loaded") {
		t.Fatalf("the address of a failed DEL: %v, want held until a flush (chain not loaded)", err)
	}
	if !marked(t, st, "198.51.100.10") {
		t.Errorf("marker of a failed DEL's address: none, want kept")
	}
	if p.health.Fault(health.FaultFlows) == "" {
		t.Error("no fault shown for the unflushed address")
	}
}

// TestFlowWalksOnOneAddressAllCount: two teardowns' walks on one address
// (a pod stopped, then a DEL of another attachment): the address is free
// only when both succeeded, whichever ends first, and its marker stays
// until then.
func TestFlowWalksOnOneAddressAllCount(t *testing.T) {
	p, st := flowsPlugin(t)
	var firstFails atomic.Bool
	firstFails.Store(true)
	handOver(p, st, []string{"198.51.100.10"}, func() error {
		if firstFails.Load() {
			return errors.New("first walk fails")
		}
		return nil
	}, nil)
	handOver(p, st, []string{"198.51.100.10", "198.51.100.11"}, func() error { return nil }, nil)
	if err := await(p, st, time.Second, "198.51.100.11"); err != nil {
		t.Fatalf("the address only the second walk held: %v", err)
	}
	if err := await(p, st, time.Second, "198.51.100.10"); err == nil || !strings.Contains(err.Error(), "first walk fails") {
		t.Fatalf("the shared address while the first walk fails: %v, want held by it", err)
	}
	if !marked(t, st, "198.51.100.10") {
		t.Errorf("marker of the shared address: none, want kept")
	}
	firstFails.Store(false)
	if err := await(p, st, time.Second, "198.51.100.10"); err != nil {
		t.Fatalf("the shared address once both walks succeeded: %v", err)
	}
	if f := p.health.Fault(health.FaultFlows); f != "" {
		t.Errorf("fault after both succeeded: %q", f)
	}
}

// TestDeferredMarkerGoneWhenWorkDone: the ADD's deferred work leaves the
// registry and its marker together. The marker went after the work was
// forgotten, so a CreateContainer in between found no work and a marker,
// and refused the container as if diktyo-nri had restarted
// (test/bench TestHarnessDiktyoTiny on a loaded machine).
func TestDeferredMarkerGoneWhenWorkDone(t *testing.T) {
	p, st := flowsPlugin(t)
	for i := range 300 {
		id := fmt.Sprintf("pod-%d", i)
		p.work.Deferral(st, &podEntry{Pod: chainrun.Pod{ID: id}})(func() error { return nil }, func() {})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := p.holds.Await(ctx, hold.Want{Pod: id})
		if err == nil {
			// A second container of the pod, at once.
			err = p.holds.Await(ctx, hold.Want{Pod: id})
		}
		cancel()
		if err != nil {
			t.Fatalf("pod %d: CreateContainer after its deferred work succeeded: %v", i, err)
		}
	}
}

// Status names a pod's ADD walk while it runs, and the marker of one a
// restart interrupted.
func TestStatusSaysWhatHoldsAPod(t *testing.T) {
	p, st := flowsPlugin(t)
	e := &podEntry{Pod: chainrun.Pod{ID: "running", IPs: []string{"198.51.100.30"}}, Life: lifeRunning}
	p.pods.Upsert(e)
	gate := make(chan struct{})
	p.work.Deferral(st, e)(func() error { <-gate; return nil }, func() {})
	if h := strings.Join(p.work.HoldsOf(e), "; "); !strings.Contains(h, "cleanup of its ADD is running") {
		t.Errorf("pod whose ADD walk runs: held by %q", h)
	}
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.holds.Await(ctx, hold.Want{Pod: e.Pod.ID}); err != nil {
		t.Fatal(err)
	}
	if h := p.work.HoldsOf(e); len(h) != 0 {
		t.Errorf("pod whose ADD walk is done: held by %q", h)
	}
	// A marker of the previous version, as a process killed before its
	// walk left it.
	old := filepath.Join(st.Cfg.Chain.CacheDir, "deferred", "restarted")
	if err := os.MkdirAll(filepath.Dir(old), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p.holds.Recover(st.Cfg.Chain.CacheDir, p.work.FlushAddrs)
	if h := strings.Join(p.work.HoldsOf(&podEntry{Pod: chainrun.Pod{ID: "restarted"}}), "; "); !strings.Contains(h, "interrupted by a restart") {
		t.Errorf("pod with a marker a previous process left: held by %q", h)
	}
}
