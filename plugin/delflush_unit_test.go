package plugin

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// flowsPlugin is a plugin whose chain cache (and so the flow markers)
// is the test's, with no chain loaded.
func flowsPlugin(t *testing.T) (*Plugin, *state) {
	dir := t.TempDir()
	p := quietPlugin(t, "chain:\n  conflist: "+filepath.Join(dir, "absent.conflist")+"\n  cacheDir: "+filepath.Join(dir, "cache")+"\n")
	return p, p.state.Load()
}

func markerOf(st *state, addr string) string {
	return filepath.Join(st.cfg.Chain.CacheDir, flowsDir, addr)
}

func (h *health) fault(kind string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.faults[kind]
}

func await(p *Plugin, st *state, d time.Duration, ips ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return p.awaitFlows(ctx, st, ips)
}

// TestFlowFlushHoldsItsAddresses: a DEL's walk handed over holds the
// pod's addresses (a marker each) until it is done; then they are free,
// the markers gone, its netns handle released once. Other addresses are
// never held.
func TestFlowFlushHoldsItsAddresses(t *testing.T) {
	p, st := flowsPlugin(t)
	gate := make(chan struct{})
	var released atomic.Int32
	p.flowDeferral(st, []string{"198.51.100.5/24", "2001:db8::5"})(func() error { <-gate; return nil }, func() { released.Add(1) })
	for _, a := range []string{"198.51.100.5", "2001:db8::5"} {
		if _, err := os.Stat(markerOf(st, a)); err != nil {
			t.Fatalf("marker of %s: %v", a, err)
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
		if _, err := os.Stat(markerOf(st, a)); !os.IsNotExist(err) {
			t.Errorf("marker of %s after the walk: %v, want gone", a, err)
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
	p.flowDeferral(st, []string{"198.51.100.7"})(func() error {
		tries.Add(1)
		if failing.Load() {
			return boom
		}
		return nil
	}, nil)
	deadline := time.Now().Add(2 * time.Second)
	for p.health.fault(faultFlows) == "" {
		if time.Now().After(deadline) {
			t.Fatal("no fault after the walk failed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !strings.Contains(p.health.fault(faultFlows), "netlink says no") {
		t.Errorf("fault %q does not say why", p.health.fault(faultFlows))
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
	if f := p.health.fault(faultFlows); f != "" {
		t.Errorf("fault after success: %q", f)
	}
	if _, err := os.Stat(markerOf(st, "198.51.100.7")); !os.IsNotExist(err) {
		t.Errorf("marker after success: %v", err)
	}
}

// TestRecoveredFlowsWaitForProof: a marker a killed process left holds
// its address in the next one; without a chain nothing can flush it, so
// the address stays held (no proof its flows are gone) and says why. A
// file that is no address is not ours to keep.
func TestRecoveredFlowsWaitForProof(t *testing.T) {
	p, st := flowsPlugin(t)
	dir := filepath.Join(st.cfg.Chain.CacheDir, flowsDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"198.51.100.8", ".tmp-123"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p.recoverFlows(st)
	err := await(p, st, time.Second, "198.51.100.8")
	if err == nil || !strings.Contains(err.Error(), "chain not loaded") {
		t.Fatalf("recovered address without a chain: %v, want held (chain not loaded)", err)
	}
	if _, err := os.Stat(markerOf(st, "198.51.100.8")); err != nil {
		t.Errorf("marker of the held address: %v, want kept", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".tmp-123")); !os.IsNotExist(err) {
		t.Errorf("a file that is no address: %v, want removed", err)
	}
}
