package nftables

import (
	"context"
	"fmt"
	"net/netip"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// otherPlan is the golden plan of the i-th other pod on a busy node.
func otherPlan(tb testing.TB, i int) *snat.Plan {
	o := masqtest.NewOwner("net1", 1000+i)
	return masqtest.Plan(tb, masqtest.GoldenConf, o, fmt.Sprintf("198.18.%d.%d/16", i/250, 1+i%250), fmt.Sprintf("2001:db8:ee::%x/64", 1+i))
}

// loadPods puts n other pods on the node, many to a batch: the state a
// busy node is in, reached fast.
func loadPods(tb testing.TB, n *node, pods int) {
	tb.Helper()
	c, err := nft.Open(n.ns.Path())
	if err != nil {
		tb.Fatal(err)
	}
	defer c.Close()
	st := nft.NewBatch(n.table)
	RenderStructure(st, mapsOf(compile(otherPlan(tb, 0))))
	if err := c.Apply(st); err != nil {
		tb.Fatal(err)
	}
	const perBatch = 20
	for i := 0; i < pods; i += perBatch {
		b := nft.NewBatch(n.table)
		for j := i; j < min(i+perBatch, pods); j++ {
			b.Append(RenderFlatCreate(n.table, otherPlan(tb, j)))
		}
		if err := c.Apply(b); err != nil {
			tb.Fatal(err)
		}
	}
}

// benchPod is a node with others pods and the backend, plan and
// addresses of one more, whose DEL has its plan as the plugin's has. The
// backend opens its sockets on the calling thread (NetNS empty), as the
// plugin and diktyo-nri's in-process chain do: run it inside the node's
// namespace (inNode), not through a path (entering a namespace per
// socket costs about 70 µs, which a verb never pays).
func benchPod(b *testing.B, others int) (*node, *Backend, *snat.Plan, []netip.Prefix) {
	n := newNode(b)
	loadPods(b, n, others)
	be := New(n.table)
	plan := masqtest.Plan(b, masqtest.GoldenConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
	be.Planned = plan
	return n, be, plan, masqtest.Prefixes(masqtest.PodAddrs(1)...)
}

// inNode runs f on a thread in the node's namespace.
func inNode(b *testing.B, n *node, f func()) {
	if err := n.ns.Do(func(ns.NetNS) error { f(); return nil }); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAddDel measures one dual-stack pod's ADD+DEL through the
// backend, in-process, on a node that already holds other pods (so the
// structure exists, as on a busy node). DEL has the pod's plan, as the
// plugin's DEL does.
func BenchmarkAddDel(b *testing.B) {
	for _, others := range []int{1, 1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", others), func(b *testing.B) {
			n, be, plan, srcs := benchPod(b, others)
			ctx, o := context.Background(), plan.Owner
			b.ReportAllocs()
			inNode(b, n, func() {
				for b.Loop() {
					if err := be.Add(ctx, plan); err != nil {
						b.Fatal(err)
					}
					if err := be.Del(ctx, o, srcs); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkAdd is one dual-stack pod's ADD alone (its DEL untimed), and
// BenchmarkDel its DEL alone, with 1,000 and 10,000 other pods present.
func BenchmarkAdd(b *testing.B) { benchVerb(b, true) }

// BenchmarkDel: see BenchmarkAdd.
func BenchmarkDel(b *testing.B) { benchVerb(b, false) }

func benchVerb(b *testing.B, add bool) {
	for _, others := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", others), func(b *testing.B) {
			n, be, plan, srcs := benchPod(b, others)
			ctx, o := context.Background(), plan.Owner
			timed := func(add bool, f func() error) {
				if !add {
					b.StopTimer()
				}
				if err := f(); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			inNode(b, n, func() {
				for b.Loop() {
					timed(add, func() error { return be.Add(ctx, plan) })
					timed(!add, func() error { return be.Del(ctx, o, srcs) })
				}
			})
		})
	}
}

// BenchmarkColdLoad is 10,000 pods ADDed one by one into an empty table
// (the first makes the structure): a node's reconcile after its table
// was lost, or a restart onto an empty ruleset.
func BenchmarkColdLoad(b *testing.B) {
	const pods = 10000
	plans := make([]*snat.Plan, pods)
	for i := range plans {
		plans[i] = otherPlan(b, i)
	}
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		n := newNode(b)
		be := New(n.table)
		b.StartTimer()
		inNode(b, n, func() {
			for _, p := range plans {
				if err := be.Add(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkColdLoadBatched is the same 10,000 pods' elements sent 20
// pods to a transaction on one socket: what a reconcile that batched its
// repairs would cost.
func BenchmarkColdLoadBatched(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		n := newNode(b)
		b.StartTimer()
		loadPods(b, n, 10000)
	}
}

// BenchmarkColdLoadMany is the same cold load through AddMany: the
// structure once, then 20 pods to a transaction.
func BenchmarkColdLoadMany(b *testing.B) {
	plans := make([]*snat.Plan, 10000)
	for i := range plans {
		plans[i] = otherPlan(b, i)
	}
	for b.Loop() {
		b.StopTimer()
		n := newNode(b)
		be := New(n.table)
		b.StartTimer()
		inNode(b, n, func() {
			if err := be.AddMany(context.Background(), plans); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkCheckPass is the ipmasq half of a reconcile pass after a
// restart: every pod's CHECK through one read cache (the structure and
// the elements listed once for all), on the fake (no root, no kernel
// time: what the pass costs in diktyo's own code), with 1,000 and
// 10,000 pods.
func BenchmarkCheckPass(b *testing.B) {
	for _, pods := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", pods), func(b *testing.B) {
			plans := make([]*snat.Plan, pods)
			for i := range plans {
				plans[i] = otherPlan(b, i)
			}
			be := New(fakeTable)
			be.Client = nft.NewFake()
			if err := be.AddMany(context.Background(), plans); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				ctx := cniutil.WithReadCache(context.Background(), cniutil.NewReadCache())
				for _, p := range plans {
					if err := be.Check(ctx, p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkCheckPassKernel is BenchmarkCheckPass on the kernel, in a
// throwaway namespace (root): the listing's netlink reads included.
func BenchmarkCheckPassKernel(b *testing.B) {
	for _, pods := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", pods), func(b *testing.B) {
			n := newNode(b)
			loadPods(b, n, pods)
			plans := make([]*snat.Plan, pods)
			for i := range plans {
				plans[i] = otherPlan(b, i)
			}
			be := New(n.table)
			inNode(b, n, func() {
				for b.Loop() {
					ctx := cniutil.WithReadCache(context.Background(), cniutil.NewReadCache())
					for _, p := range plans {
						if err := be.Check(ctx, p); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		})
	}
}
