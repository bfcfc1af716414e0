package nftables

import (
	"context"
	"fmt"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

// BenchmarkAddDel measures one dual-stack pod's ADD+DEL through the
// backend, in-process, on a node that already holds others pods' chains
// (so the shared objects exist, as on a busy node).
func BenchmarkAddDel(b *testing.B) {
	for _, others := range []int{1, 1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", others), func(b *testing.B) {
			n := newNode(b)
			be := n.backend()
			ctx := context.Background()
			for i := range others {
				o := masqtest.NewOwner("net1", 1000+i)
				addrs := []string{fmt.Sprintf("198.18.%d.%d/16", i/250, 1+i%250), fmt.Sprintf("2001:db8:ee::%x/64", 1+i)}
				if err := be.Add(ctx, masqtest.Plan(b, masqtest.GoldenConf, o, addrs...)); err != nil {
					b.Fatal(err)
				}
			}
			o := masqtest.NewOwner("net1", 1)
			plan := masqtest.Plan(b, masqtest.GoldenConf, o, masqtest.PodAddrs(1)...)
			srcs := masqtest.Prefixes(masqtest.PodAddrs(1)...)
			b.ReportAllocs()
			for b.Loop() {
				if err := be.Add(ctx, plan); err != nil {
					b.Fatal(err)
				}
				if err := be.Del(ctx, o, srcs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAdd is one dual-stack pod's ADD alone (its DEL untimed), on a
// node holding one other pod.
func BenchmarkAdd(b *testing.B) {
	n := newNode(b)
	be := n.backend()
	ctx := context.Background()
	other := masqtest.NewOwner("net1", 1000)
	if err := be.Add(ctx, masqtest.Plan(b, masqtest.GoldenConf, other, "198.18.0.1/16")); err != nil {
		b.Fatal(err)
	}
	o := masqtest.NewOwner("net1", 1)
	plan := masqtest.Plan(b, masqtest.GoldenConf, o, masqtest.PodAddrs(1)...)
	srcs := masqtest.Prefixes(masqtest.PodAddrs(1)...)
	for b.Loop() {
		if err := be.Add(ctx, plan); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := be.Del(ctx, o, srcs); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
