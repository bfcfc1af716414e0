package linkguard_test

import (
	"context"
	"fmt"
	"net/netip"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// BenchmarkBindUnbind is one pod's binding ADD+DEL (the cost the link
// binding adds to an ipmasq ADD and DEL; pkg/ipmasq/nftables
// BenchmarkAddDel is the SNAT's own, for comparison in the same run),
// with 0, 1,000 and 10,000 other pods bound: the flat binding's cost
// must not grow with them.
func BenchmarkBindUnbind(b *testing.B) {
	for _, n := range []int{0, 1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			e := newBridgedB(b)
			g := &linkguard.Guard{Table: "lgbench", NetNS: e.node.Path()}
			ctx := context.Background()
			others(b, g, n)
			bd := bindingOnB(b, e, "podA", e.hostA, addrA)
			addrs := []netip.Addr{netip.MustParseAddr(addrA)}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := g.Add(ctx, bd); err != nil {
					b.Fatal(err)
				}
				if err := g.Del(ctx, snat.Owner{Network: "net1", ID: "podA"}, addrs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// others binds n pods on links that need not exist (the flat binding
// hooks nothing per pod): addresses 10.64.0.0/10, indexes from 100,000.
func others(b *testing.B, g *linkguard.Guard, n int) {
	b.Helper()
	ctx := context.Background()
	for i := range n {
		if err := g.Add(ctx, other(i)); err != nil {
			b.Fatalf("binding other pod %d: %v", i, err)
		}
	}
}

// other is the i-th other pod's binding.
func other(i int) linkguard.Binding {
	a := netip.AddrFrom4([4]byte{10, 64 + byte(i>>16), byte(i >> 8), byte(i)})
	return linkguard.Binding{Owner: snat.Owner{Network: "net1", ID: fmt.Sprintf("other%011d", i)}, Link: fmt.Sprintf("oth%d", i),
		Index: 100000 + i, Addrs: []netip.Addr{a}, Mark: linkguard.DefaultMark}
}

// bindingOnB is bindingOn for a benchmark.
func bindingOnB(b *testing.B, e *bridged, owner, link, addr string) linkguard.Binding {
	b.Helper()
	bd := binding(owner, link, addr)
	if err := e.node.Do(func(ns.NetNS) error {
		l, err := netlink.LinkByName(link)
		if err == nil {
			bd.Index = l.Attrs().Index
		}
		return err
	}); err != nil {
		b.Fatal(err)
	}
	return bd
}

// BenchmarkForward is the per-packet cost: pod A sends UDP datagrams
// through the node to the remote, unbound and bound, side by side in one
// run (ns/op is per datagram sent; the remote's socket drops what it
// cannot read, which is the same for both).
func BenchmarkForward(b *testing.B) {
	for _, bound := range []bool{false, true} {
		name := "unbound"
		if bound {
			name = "bound"
		}
		b.Run(name, func(b *testing.B) {
			e := newBridgedB(b)
			if bound {
				g := &linkguard.Guard{Table: "lgbench", NetNS: e.node.Path()}
				if err := g.Add(context.Background(), bindingOnB(b, e, "podA", e.hostA, addrA)); err != nil {
					b.Fatal(err)
				}
			}
			err := e.podA.Do(func(ns.NetNS) error {
				fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM, 0)
				if err != nil {
					return err
				}
				defer func() { _ = unix.Close(fd) }()
				to := &unix.SockaddrInet4{Addr: netip.MustParseAddr(remoteAddr).As4(), Port: remotePort}
				payload := make([]byte, 64)
				for b.Loop() {
					if err := unix.Sendto(fd, payload, 0, to); err != nil && err != unix.ENOBUFS {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkBind is the binding's ADD alone (its DEL untimed).
func BenchmarkBind(b *testing.B) {
	e := newBridgedB(b)
	g := &linkguard.Guard{Table: "lgbench", NetNS: e.node.Path()}
	ctx := context.Background()
	bd := bindingOnB(b, e, "podA", e.hostA, addrA)
	addrs := []netip.Addr{netip.MustParseAddr(addrA)}
	for b.Loop() {
		if err := g.Add(ctx, bd); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := g.Del(ctx, snat.Owner{Network: "net1", ID: "podA"}, addrs); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkPodADD is what a pod's ipmasq ADD costs with the nftables
// backend (DEL untimed): its rules alone, its rules and binding in one
// transaction (what ADD does), and both as two transactions, side by side.
// Another pod (B) stays bound and has rules throughout, as on a node with
// pods: the first ingress hook of a namespace turns on a static key (code
// patching) that the last one turns off, which a node pays once, not per
// pod.
func BenchmarkPodADD(b *testing.B) {
	for _, mode := range []string{"rules", "rules+binding", "rules,binding"} {
		b.Run(mode, func(b *testing.B) {
			e := newBridgedB(b)
			ctx := context.Background()
			g := &linkguard.Guard{Table: "lgbench", NetNS: e.node.Path()}
			ob := masqtest.NewOwner("net1", 2)
			planB := masqtest.Plan(b, masqtest.GoldenConf, ob, addrB+"/24")
			keep := nftables.New("lgsnat")
			keep.NetNS = e.node.Path()
			keep.With = g.For(linkguard.Binding{Owner: ob, Link: e.hostB, Index: bindingOnB(b, e, "b", e.hostB, addrB).Index, Addrs: planB.Sources(), Mark: linkguard.DefaultMark})
			if err := keep.Add(ctx, planB); err != nil {
				b.Fatal(err)
			}
			o := masqtest.NewOwner("net1", 1)
			plan := masqtest.Plan(b, masqtest.GoldenConf, o, addrA+"/24")
			bd := linkguard.Binding{Owner: o, Link: e.hostA, Index: bindingOnB(b, e, "a", e.hostA, addrA).Index, Addrs: plan.Sources(), Mark: linkguard.DefaultMark}
			srcs := []netip.Prefix{netip.MustParsePrefix(addrA + "/24")}
			be := nftables.New("lgsnat")
			be.NetNS = e.node.Path()
			for b.Loop() {
				be.With = nil
				switch mode {
				case "rules+binding":
					be.With = g.For(bd)
				case "rules,binding":
					if err := g.Add(ctx, bd); err != nil {
						b.Fatal(err)
					}
				}
				if err := be.Add(ctx, plan); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if err := be.Del(ctx, o, srcs); err != nil {
					b.Fatal(err)
				}
				if err := g.Del(ctx, o, plan.Sources()); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}

// BenchmarkCheckPass is the link binding's half of a reconcile pass:
// every bound pod's CHECK through one read cache, on the kernel in a
// throwaway namespace (root), with 1,000 and 10,000 pods bound; the
// sockets are opened on a thread in the namespace, as the in-process
// chain's are.
func BenchmarkCheckPass(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("pods=%d", n), func(b *testing.B) {
			node := testutil.NewNS(b)
			g := &linkguard.Guard{Table: "lgbench", NetNS: node.Path()}
			others(b, g, n)
			g.NetNS = ""
			bs := make([]linkguard.Binding, n)
			for i := range bs {
				bs[i] = other(i)
			}
			if err := node.Do(func(ns.NetNS) error {
				for b.Loop() {
					ctx := cniutil.WithReadCache(context.Background(), cniutil.NewReadCache())
					for _, bd := range bs {
						if err := g.Check(ctx, bd); err != nil {
							return err
						}
					}
				}
				return nil
			}); err != nil {
				b.Fatal(err)
			}
		})
	}
}
