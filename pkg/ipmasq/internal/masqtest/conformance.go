package masqtest

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// NSRunner runs every command inside a network namespace, so backends
// under test only ever touch a throwaway node's tables.
type NSRunner struct {
	NS   ns.NetNS
	Next cniutil.Runner
}

// Run implements cniutil.Runner.
func (r NSRunner) Run(ctx context.Context, stdin, name string, args ...string) (string, error) {
	var out string
	var err error
	if derr := r.NS.Do(func(ns.NetNS) error {
		out, err = r.Next.Run(ctx, stdin, name, args...)
		return nil
	}); derr != nil {
		return "", derr
	}
	return out, err
}

// Harness adapts one backend to the conformance suite.
type Harness struct {
	// New returns a backend working in the harness's node namespace
	// through r (a recorder around an NSRunner).
	New func(r cniutil.Runner) snat.Backend
	// Runner runs commands in the node namespace.
	Runner cniutil.Runner
	// Dump returns the node's state of everything the backend manages.
	Dump func(t *testing.T) string
	// FastAdd and FastDel are the commands (name and first argument
	// words) a dual-stack pod's ADD and DEL may run once shared objects
	// exist: the hot path.
	FastAdd, FastDel []string
	// Shared are substrings of Dump that name the shared objects (the
	// table, the tag chain and its jump): none is left after Teardown.
	Shared []string
	// Breakers damage an applied plan; Check must then name the damage.
	Breakers []Breaker
}

// Breaker damages one owner's state in a way Check must report.
type Breaker struct {
	Name  string
	Break func(t *testing.T, owner snat.Owner)
	Want  string // a substring of the drift report
}

// NewOwner returns a fresh owner of network.
func NewOwner(network string, i int) snat.Owner {
	return snat.Owner{Network: network, ID: cniutil.OwnerID(network, fmt.Sprintf("c%d", i), "eth0")}
}

// PodAddrs returns dual-stack addresses for pod i.
func PodAddrs(i int) []string {
	return []string{fmt.Sprintf("198.51.100.%d/24", 10+i), fmt.Sprintf("2001:db8:ff::%x/64", 0x10+i)}
}

// Run runs the conformance suite.
func Run(t *testing.T, h Harness) {
	ctx := context.Background()
	rec := &Recorder{Next: h.Runner}
	b := h.New(rec)
	plan := func(o snat.Owner, i int) *snat.Plan { return Plan(t, GoldenConf, o, PodAddrs(i)...) }
	assertGone := func(t *testing.T, o snat.Owner) {
		t.Helper()
		if d := h.Dump(t); strings.Contains(d, o.ID) {
			t.Fatalf("objects of %s left:\n%s", o.ID, d)
		}
	}

	t.Run("AddIdempotentCheckDel", func(t *testing.T) {
		o := NewOwner("net1", 1)
		p := plan(o, 1)
		mustOK(t, "add", b.Add(ctx, p))
		mustOK(t, "check", b.Check(ctx, p))
		first := h.Dump(t)
		if !strings.Contains(first, o.ID) {
			t.Fatalf("nothing of %s after ADD:\n%s", o.ID, first)
		}
		mustOK(t, "second add", b.Add(ctx, p))
		if second := h.Dump(t); second != first {
			t.Fatalf("second ADD changed the state:\n--- first\n%s\n--- second\n%s", first, second)
		}
		mustOK(t, "check", b.Check(ctx, p))
		mustOK(t, "del", b.Del(ctx, o, Prefixes(PodAddrs(1)...)))
		assertGone(t, o)
		mustOK(t, "second del", b.Del(ctx, o, Prefixes(PodAddrs(1)...)))
		mustOK(t, "del without addresses", b.Del(ctx, o, nil))
		if err := b.Check(ctx, p); !isDrift(err) {
			t.Fatalf("check after DEL = %v, want drift", err)
		}
	})

	t.Run("HotPath", func(t *testing.T) {
		warm, o := NewOwner("net1", 2), NewOwner("net1", 3)
		mustOK(t, "add warm", b.Add(ctx, plan(warm, 2)))
		defer func() { mustOK(t, "del warm", b.Del(ctx, warm, nil)) }()
		rec.Commands()
		mustOK(t, "add", b.Add(ctx, plan(o, 3)))
		assertCommands(t, "ADD", rec.Commands(), h.FastAdd)
		mustOK(t, "del", b.Del(ctx, o, Prefixes(PodAddrs(3)...)))
		assertCommands(t, "DEL", rec.Commands(), h.FastDel)
		assertGone(t, o)
	})

	t.Run("DelWithoutOrWithOtherAddrs", func(t *testing.T) {
		o1, o2 := NewOwner("net1", 4), NewOwner("net1", 5)
		mustOK(t, "add", b.Add(ctx, plan(o1, 4)))
		mustOK(t, "add", b.Add(ctx, plan(o2, 5)))
		mustOK(t, "del without addresses", b.Del(ctx, o1, nil))
		assertGone(t, o1)
		mustOK(t, "del with other addresses", b.Del(ctx, o2, Prefixes(PodAddrs(9)...)))
		assertGone(t, o2)
	})

	t.Run("ReAddConverges", func(t *testing.T) {
		o := NewOwner("net1", 6)
		mustOK(t, "add", b.Add(ctx, plan(o, 6)))
		p := Plan(t, `{"name":"net1","defaultAction":"masquerade"}`, o, PodAddrs(7)[0])
		mustOK(t, "re-add", b.Add(ctx, p))
		mustOK(t, "check", b.Check(ctx, p))
		if d := h.Dump(t); strings.Contains(d, "198.51.100.16") || strings.Contains(d, "2001:db8:ff::16") {
			t.Fatalf("old addresses left after re-ADD:\n%s", d)
		}
		mustOK(t, "del", b.Del(ctx, o, nil))
		assertGone(t, o)
	})

	for _, br := range h.Breakers {
		t.Run("CheckDetects"+br.Name, func(t *testing.T) {
			o := NewOwner("net1", 8)
			p := plan(o, 8)
			mustOK(t, "add", b.Add(ctx, p))
			defer func() { mustOK(t, "del", b.Del(ctx, o, nil)) }()
			br.Break(t, o)
			err := b.Check(ctx, p)
			if !isDrift(err) || !strings.Contains(err.Error(), br.Want) {
				t.Fatalf("check = %v, want drift naming %q", err, br.Want)
			}
			// A reconcile pass reads the table once for all pods: it
			// must see the same drift.
			err = b.Check(cniutil.WithReadCache(ctx, cniutil.NewReadCache()), p)
			if !isDrift(err) || !strings.Contains(err.Error(), br.Want) {
				t.Fatalf("check within a pass = %v, want drift naming %q", err, br.Want)
			}
			mustOK(t, "repairing add", b.Add(ctx, p))
			mustOK(t, "check after repair", b.Check(ctx, p))
			mustOK(t, "check after repair within a pass", b.Check(cniutil.WithReadCache(ctx, cniutil.NewReadCache()), p))
		})
	}

	t.Run("PassReadsOnce", func(t *testing.T) {
		// Checking many pods within one pass costs what checking one
		// does: the shared state is read once.
		owners := []snat.Owner{NewOwner("net1", 20), NewOwner("net1", 21), NewOwner("net1", 22)}
		for i, o := range owners {
			mustOK(t, "add", b.Add(ctx, plan(o, 20+i)))
		}
		defer func() {
			for _, o := range owners {
				mustOK(t, "del", b.Del(ctx, o, nil))
			}
		}()
		pass := cniutil.WithReadCache(ctx, cniutil.NewReadCache())
		rec.Commands()
		mustOK(t, "check", b.Check(pass, plan(owners[0], 20)))
		one := len(rec.Commands())
		for i, o := range owners[1:] {
			mustOK(t, "check", b.Check(pass, plan(o, 21+i)))
		}
		if more := rec.Commands(); len(more) > 0 {
			t.Errorf("checking more pods within the pass ran %v (the first ran %d commands)", more, one)
		}
	})

	t.Run("LeakedOwnerOfAddress", func(t *testing.T) {
		leaked, o := NewOwner("net1", 10), NewOwner("net1", 11)
		mustOK(t, "add leaked", b.Add(ctx, plan(leaked, 10)))
		p := Plan(t, `{"name":"net1","defaultAction":"masquerade"}`, o, PodAddrs(10)...) // same addresses
		mustOK(t, "add", b.Add(ctx, p))
		mustOK(t, "check", b.Check(ctx, p))
		mustOK(t, "del leaked without addresses", b.Del(ctx, leaked, nil))
		mustOK(t, "check after the leaked owner's DEL", b.Check(ctx, p))
		mustOK(t, "del", b.Del(ctx, o, Prefixes(PodAddrs(10)...)))
		assertGone(t, o)
		assertGone(t, leaked)
	})

	t.Run("Parallel", func(t *testing.T) {
		const n = 10
		owners := make([]snat.Owner, n)
		for i := range owners {
			owners[i] = NewOwner("net1", 100+i)
		}
		parallel(t, n, func(i int) error { return b.Add(ctx, plan(owners[i], 100+i)) })
		parallel(t, n, func(i int) error { return b.Check(ctx, plan(owners[i], 100+i)) })
		parallel(t, n, func(i int) error {
			if i%2 == 0 {
				return b.Del(ctx, owners[i], nil)
			}
			return b.Del(ctx, owners[i], Prefixes(PodAddrs(100+i)...))
		})
		for _, o := range owners {
			assertGone(t, o)
		}
	})

	t.Run("GC", func(t *testing.T) {
		a, bb, c := NewOwner("net1", 20), NewOwner("net1", 21), NewOwner("net2", 22)
		pa, pb, pc := plan(a, 20), plan(bb, 21), plan(c, 22)
		for _, p := range []*snat.Plan{pa, pb, pc} {
			mustOK(t, "add", b.Add(ctx, p))
		}
		var flushed flushLog
		mustOK(t, "gc", b.GC(ctx, "net1", map[string]bool{a.ID: true}, flushed.flush))
		assertGone(t, bb)
		flushed.expect(t, "gc", pb.Sources())
		mustOK(t, "check a", b.Check(ctx, pa))
		mustOK(t, "check c (other network)", b.Check(ctx, pc))
		mustOK(t, "gc all of net1", b.GC(ctx, "net1", nil, flushed.flush))
		assertGone(t, a)
		flushed.expect(t, "gc all of net1", pa.Sources())
		mustOK(t, "check c (other network)", b.Check(ctx, pc))
		mustOK(t, "gc all of net2", b.GC(ctx, "net2", map[string]bool{}, nil))
		assertGone(t, c)
		mustOK(t, "gc of nothing", b.GC(ctx, "net1", nil, flushed.flush))
		flushed.expect(t, "gc of nothing", nil)
	})

	// A GC whose flush fails fails and leaves the pod's objects, so the
	// next GC still knows its addresses and flushes them.
	t.Run("GCFlushFails", func(t *testing.T) {
		o := NewOwner("net1", 23)
		p := plan(o, 23)
		mustOK(t, "add", b.Add(ctx, p))
		broken := errors.New("conntrack unavailable")
		err := b.GC(ctx, "net1", nil, func([]netip.Addr) error { return broken })
		if !errors.Is(err, broken) {
			t.Fatalf("GC with a failing flush = %v, want it to wrap %v", err, broken)
		}
		mustOK(t, "check after the failed gc", b.Check(ctx, p))
		var flushed flushLog
		mustOK(t, "gc", b.GC(ctx, "net1", nil, flushed.flush))
		assertGone(t, o)
		flushed.expect(t, "gc", p.Sources())
	})

	t.Run("Status", func(t *testing.T) {
		mustOK(t, "status", b.Status(ctx))
	})

	// Teardown keeps what a pod still uses, then removes the shared
	// objects once no pod is left; a later ADD makes them again.
	t.Run("Teardown", func(t *testing.T) {
		for _, net := range []string{"net1", "net2"} {
			mustOK(t, "gc all of "+net, b.GC(ctx, net, nil, nil))
		}
		o := NewOwner("net1", 24)
		p := plan(o, 24)
		mustOK(t, "add", b.Add(ctx, p))
		if removed, err := b.Teardown(ctx); !errors.Is(err, snat.ErrInUse) || removed {
			t.Fatalf("Teardown with a pod left = %v, %v; want false, ErrInUse", removed, err)
		}
		mustOK(t, "check after the refused teardown", b.Check(ctx, p))
		mustOK(t, "del", b.Del(ctx, o, Prefixes(PodAddrs(24)...)))
		if removed, err := b.Teardown(ctx); err != nil || !removed {
			t.Fatalf("Teardown of an empty node = %v, %v; want true, nil\n%s", removed, err, h.Dump(t))
		}
		if removed, err := b.Teardown(ctx); err != nil || removed {
			t.Fatalf("second Teardown = %v, %v; want false, nil (nothing left)", removed, err)
		}
		d := h.Dump(t)
		for _, shared := range h.Shared {
			if strings.Contains(d, shared) {
				t.Errorf("%q left after Teardown:\n%s", shared, d)
			}
		}
		mustOK(t, "add after teardown", b.Add(ctx, p))
		mustOK(t, "check after teardown", b.Check(ctx, p))
		mustOK(t, "del", b.Del(ctx, o, Prefixes(PodAddrs(24)...)))
		if _, err := b.Teardown(ctx); err != nil {
			t.Fatalf("final Teardown: %v", err)
		}
	})
}

// flushLog records the addresses GC flushes.
type flushLog struct{ calls [][]netip.Addr }

func (l *flushLog) flush(addrs []netip.Addr) error {
	l.calls = append(l.calls, slices.Clone(addrs))
	return nil
}

// expect checks that GC flushed exactly want (in any order), before and
// after removing, or nothing when want is empty, and resets the log.
func (l *flushLog) expect(t *testing.T, what string, want []netip.Addr) {
	t.Helper()
	defer func() { l.calls = nil }()
	if len(want) == 0 {
		if len(l.calls) > 0 {
			t.Fatalf("%s flushed %v, want nothing", what, l.calls)
		}
		return
	}
	var got []netip.Addr
	for _, c := range l.calls {
		got = append(got, c...)
	}
	wantTwice := append(slices.Clone(want), want...)
	slices.SortFunc(got, netip.Addr.Compare)
	slices.SortFunc(wantTwice, netip.Addr.Compare)
	if !slices.Equal(got, wantTwice) {
		t.Fatalf("%s flushed %v, want %v before and after removing", what, l.calls, want)
	}
}

func mustOK(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func isDrift(err error) bool {
	var d *snat.DriftError
	return errors.As(err, &d)
}

// assertCommands checks that cmds are exactly the wanted commands (by
// prefix), in order: no listing, one transaction per family.
func assertCommands(t *testing.T, verb string, cmds, want []string) {
	t.Helper()
	ok := len(cmds) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(cmds[i], want[i])
	}
	if !ok {
		t.Fatalf("%s ran %q, want exactly %q", verb, cmds, want)
	}
}

func parallel(t *testing.T, n int, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = f(i) }()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}
