package ipmasq

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// newFlows opens a new UDP connection (a new socket, so a new source
// port) from the client to each of dsts in turn, one every few
// milliseconds, until stop; the remote reports the source of every
// datagram it receives on the destinations' port.
type newFlows struct {
	mu   sync.Mutex
	seen map[netip.Addr]int // source address as the remote saw it -> datagrams
	cond *sync.Cond
}

func (tp *topology) newFlows(t *testing.T, dsts ...string) *newFlows {
	t.Helper()
	const port = 9998
	f := &newFlows{seen: map[netip.Addr]int{}}
	f.cond = sync.NewCond(&f.mu)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, dst := range dsts {
		var rc *net.UDPConn
		if err := tp.remote.Do(func(ns.NetNS) error {
			var err error
			rc, err = net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(dst), Port: port})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 16)
			for {
				_, from, err := rc.ReadFromUDPAddrPort(buf)
				if err != nil {
					return
				}
				f.mu.Lock()
				f.seen[from.Addr().Unmap()]++
				f.cond.Broadcast()
				f.mu.Unlock()
			}
		}()
		t.Cleanup(func() { _ = rc.Close() })
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = tp.client.Do(func(ns.NetNS) error {
			tick := time.NewTicker(2 * time.Millisecond) // the rate of new flows, not a wait for anything
			defer tick.Stop()
			for i := 0; ; i++ {
				select {
				case <-done:
					return nil
				case <-tick.C:
				}
				c, err := net.Dial("udp", net.JoinHostPort(dsts[i%len(dsts)], fmt.Sprint(port)))
				if err != nil {
					continue
				}
				_, _ = c.Write([]byte("new"))
				_ = c.Close()
			}
		})
	}()
	t.Cleanup(func() {
		close(done)
		f.mu.Lock()
		f.cond.Broadcast()
		f.mu.Unlock()
	})
	return f
}

// count is how many datagrams reached the remote from src.
func (f *newFlows) count(src string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seen[netip.MustParseAddr(src)]
}

// await waits until n more datagrams than now reached the remote from
// src, or fails after the deadline.
func (f *newFlows) await(t *testing.T, src string, n int, what string) {
	t.Helper()
	a := netip.MustParseAddr(src)
	f.mu.Lock()
	defer f.mu.Unlock()
	want := f.seen[a] + n
	timer := time.AfterFunc(10*time.Second, func() { f.mu.Lock(); f.cond.Broadcast(); f.mu.Unlock() })
	defer timer.Stop()
	deadline := time.Now().Add(10 * time.Second)
	for f.seen[a] < want {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d of %d datagrams from %s within 10 s (seen: %v)", what, f.seen[a]-want+n, n, src, f.seen)
		}
		f.cond.Wait()
	}
}

// awaitDrops waits until the strict pod's binding counted n more drops
// than from, and returns the count. The kernel's counter sends no
// event: it is read again every few milliseconds.
func awaitDrops(t *testing.T, g *linkguard.Guard, owner string, from uint64, n uint64, what string) uint64 {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for range tick.C {
		all, err := g.All(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		d := all[owner].Untranslated
		if d >= from+n {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d strict drops counted within 10 s, want at least %d", what, d-from, n)
		}
	}
	return 0
}

// expectEvery is expect without its pass for datagrams sent before the
// call: every datagram the remote got since the last check, and three
// sent after this call, must come from want.
func (f *udpFlow) expectEvery(t *testing.T, want, what string) {
	t.Helper()
	f.check(t, want, what, true)
}

// TestStrictModeKernel: a pod opens new UDP flows to a remote, IPv4 and
// IPv6, every few milliseconds, and keeps one established flow, while
// another writer flushes ipmasq's family chains and, after a repairing
// ADD, deletes its table. In strict mode no datagram of a new flow
// reaches the remote with the pod's own address (the guard table drops
// them, and counts them), the established flow keeps its translation
// while the chains are flushed and, once the table is deleted (the
// kernel unregisters its nat hooks with the last nat chain, and the
// flow's translation is no longer made), is dropped rather than sent
// with the pod's own address; an excluded destination still gets the
// pod's own address while the chains are there, and the repairing ADD
// brings translation back. Without strict mode, datagrams do reach the
// remote with the pod's own address: the test can fail.
func TestStrictModeKernel(t *testing.T) {
	testutil.RequireRoot(t)
	for _, strict := range []bool{true, false} {
		t.Run(fmt.Sprintf("strict=%v", strict), func(t *testing.T) { strictModeKernel(t, strict) })
	}
}

func strictModeKernel(t *testing.T, strict bool) {
	n := newNode(t, snat.BackendNFTables)
	tp := newTopology(t, n)
	conf := n.conf(t, "1.0.0", map[string]any{
		"strict":       strict,
		"excludeCIDRs": []string{"203.0.113.20/32"},
		"prevResult":   prevResult(t, "1.0.0", tp.client.Path(), "198.51.100.2/24", "2001:db8:a::2/64"),
		"runtimeConfig": map[string]any{"masqEntries": []map[string]any{
			{"external": "192.0.2.100", "destination": "203.0.113.10/32"},
			{"external": "192.0.2.101", "destination": "203.0.113.0/24"},
			{"external": "2001:db8:c::100", "destination": "2001:db8:b::/64"},
		}},
	})
	// Each ADD is followed by a CHECK: the kernel lists the marking
	// chains and the guard's strict chain back as written.
	add := func() {
		n.mustCall(t, "ADD", conf, "pod", tp.client.Path())
		n.mustCall(t, "CHECK", conf, "pod", tp.client.Path())
	}
	add()
	t.Cleanup(func() { _, _ = n.call("DEL", conf, "pod", tp.client.Path()) })
	if got := tp.peer(t, "udp", "203.0.113.20"); got.Addr().String() != "198.51.100.2" {
		t.Fatalf("excluded destination: the remote saw %s, want the pod's own 198.51.100.2", got)
	}
	est := tp.udpFlow(t, "203.0.113.30", 41000)
	est.expect(t, "192.0.2.101", "established flow")

	g := &linkguard.Guard{Table: linkguard.DefaultTable, NetNS: n.ns.Path()}
	owner := cniutil.OwnerID("net1", "pod", "eth0")
	flows := tp.newFlows(t, "203.0.113.10", "2001:db8:b::10")
	flows.await(t, "192.0.2.100", 3, "new flows before")
	flows.await(t, "2001:db8:c::100", 3, "new IPv6 flows before")

	// Foreign writes, each while the pod opens flows, then the repair.
	var drops uint64
	for _, w := range []struct {
		what string
		args []string
	}{
		{"family chains flushed", []string{"flush chain inet " + n.table + " flat-snat4; flush chain inet " + n.table + " flat-snat6"}},
		{"table deleted", []string{"delete table inet " + n.table}},
	} {
		testutil.Run(t, n.ns, "nft", w.args...)
		if strict {
			drops = awaitDrops(t, g, owner, drops, 20, w.what)
		} else {
			flows.await(t, "198.51.100.2", 3, w.what+" without strict mode: new flows leave with the pod's own address")
			flows.await(t, "2001:db8:a::2", 3, w.what+" without strict mode: new IPv6 flows leave with the pod's own address")
		}
		switch {
		case w.what == "family chains flushed":
			est.expectEvery(t, "192.0.2.101", w.what+": established flow")
		case !strict:
			est.expect(t, "198.51.100.2", w.what+" without strict mode: the established flow leaves with the pod's own address")
		}
		add() // the repair diktyo-nri's listener makes
		if strict {
			// Nothing of the established flow left untranslated meanwhile.
			est.expectEvery(t, "192.0.2.101", w.what+", repaired: established flow")
		} else {
			est.expect(t, "192.0.2.101", w.what+", repaired: established flow")
		}
		flows.await(t, "192.0.2.100", 3, w.what+", repaired")
		flows.await(t, "2001:db8:c::100", 3, w.what+", repaired (IPv6)")
	}
	if strict {
		for _, own := range []string{"198.51.100.2", "2001:db8:a::2"} {
			if c := flows.count(own); c != 0 {
				t.Errorf("strict mode: %d datagrams of new flows reached the remote with the pod's own address %s", c, own)
			}
		}
	}
}
