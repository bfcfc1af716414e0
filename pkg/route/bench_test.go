package route

import (
	"fmt"
	"net"
	"net/netip"
	"os"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/vishvananda/netlink"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// BenchmarkRuleWalk measures one route lookup (RTM_GETROUTE, which runs
// the same fib_rules walk as a forwarded packet) with N non-matching
// "from PODIP lookup TABLE" rules ahead of the main table: the per-packet
// price of per-pod rules for traffic that ends in main. The difference
// between N values divided by N is the cost of one rule.
//
// "othersToMain" adds the shared "not from PODCIDR lookup main" rule ahead
// of the per-pod rules, which lets traffic from outside the pod CIDR skip
// them: its lookup cost should not grow with N.
func BenchmarkRuleWalk(b *testing.B) {
	for _, tc := range []struct {
		n      int
		others bool
	}{{0, false}, {100, false}, {1000, false}, {10000, false}, {10000, true}} {
		name := fmt.Sprintf("rules=%d", tc.n)
		if tc.others {
			name += "/othersToMain"
		}
		b.Run(name, func(b *testing.B) {
			h := ruleWalkNS(b, tc.n)
			if tc.others {
				be := backend{h: h, proto: DefaultProtocol}
				r := Rule{Priority: DefaultOthersPriority, Invert: true, Src: netip.MustParsePrefix("198.18.0.0/15"), Table: tableMain}
				if _, err := be.addRule(r); err != nil {
					b.Fatal(err)
				}
			}
			dst := net.ParseIP("203.0.113.5")
			for b.Loop() {
				if _, err := h.RouteGet(dst); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// ruleWalkNS makes a namespace with a default route and n rules for
// sources from 198.18.0.0/15 (the benchmarking range), and returns a
// netlink handle inside it.
func ruleWalkNS(b *testing.B, n int) *netlink.Handle {
	b.Helper()
	nsh := testutil.NewNS(b)
	dummy := "dkv" + testutil.RandSuffix(8)
	testutil.Run(b, nsh, "ip", "link", "add", dummy, "type", "veth", "peer", "name", dummy+"p")
	testutil.Run(b, nsh, "ip", "link", "set", dummy, "up")
	testutil.Run(b, nsh, "ip", "link", "set", dummy+"p", "up")
	testutil.Run(b, nsh, "ip", "addr", "add", "192.0.2.1/24", "dev", dummy)
	testutil.Run(b, nsh, "ip", "route", "add", "default", "via", "192.0.2.2")
	h, err := cniutil.HandleAt(nsh.Path())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(h.Close)
	be := backend{h: h, proto: DefaultProtocol}
	base := netip.MustParseAddr("198.18.0.0")
	src := base
	for range n {
		src = src.Next()
		if _, err := be.addRule(Rule{Priority: DefaultFromPriority, Src: hostPrefix(src), Table: 100}); err != nil {
			b.Fatal(err)
		}
	}
	return h
}

// BenchmarkAddDel measures one attachment's ADD+DEL in-process (no exec),
// with 0 and 1000 other pods' policy already installed, so the cost of
// the state lock, index and netlink work as the node fills shows.
func BenchmarkAddDel(b *testing.B) {
	for _, others := range []int{0, 1000} {
		b.Run(fmt.Sprintf("pods=%d", others), func(b *testing.B) {
			e := newEnv(b)
			e.stateDir = tmpfsDir(b) // as /run on a real node
			base := netip.MustParseAddr("198.18.0.0")
			for i := range others {
				base = base.Next()
				rc := map[string]any{"ips": []string{base.String() + "/15"}, "policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.0/24"}}}
				args := &skel.CmdArgs{ContainerID: fmt.Sprintf("other%d", i), IfName: "eth0", StdinData: e.conf("1.1.0", nil, rc, nil)}
				if _, _, err := e.plugin.AddResult(args); err != nil {
					b.Fatal(err)
				}
			}
			p := e.newPod(0)
			rc := map[string]any{
				"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"}, {"destination": "203.0.113.0/24", "gateway": "drop"}},
				"policyRouting": map[string]any{"table": 100, "hostRoute": true, "excludeCIDRs": []string{"203.0.113.0/24"}},
			}
			stdin := e.conf("1.1.0", nil, rc, p.prevResult())
			for b.Loop() {
				if _, _, err := e.plugin.AddResult(p.args(stdin)); err != nil {
					b.Fatal(err)
				}
				if err := e.plugin.Del(p.args(stdin)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// tmpfsDir returns a fresh directory on /dev/shm when it is a tmpfs (the
// state directory lives on /run, a tmpfs, on real nodes), else a temp dir.
func tmpfsDir(b *testing.B) string {
	dir, err := os.MkdirTemp("/dev/shm", "diktyo-iproute-")
	if err != nil {
		return b.TempDir()
	}
	b.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}
