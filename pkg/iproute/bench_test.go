package iproute

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/plugins/pkg/ns"
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
	for _, layout := range []string{"shared", "fwmark"} {
		for _, others := range []int{0, 1000} {
			b.Run(fmt.Sprintf("layout=%s/pods=%d", layout, others), func(b *testing.B) { benchAddDel(b, layout, others) })
		}
	}
}

func benchAddDel(b *testing.B, layout string, others int) {
	node := map[string]any{"layout": layout}
	e := newEnv(b)
	e.stateDir = tmpfsDir(b) // as /run on a real node
	base := netip.MustParseAddr("198.18.0.0")
	for i := range others {
		base = base.Next()
		rc := map[string]any{"ips": []string{base.String() + "/15"}, "policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.0/24"}}}
		args := &skel.CmdArgs{ContainerID: fmt.Sprintf("other%d", i), IfName: "eth0", StdinData: e.conf("1.1.0", node, rc, nil)}
		if _, _, err := e.plugin.add(context.Background(), args); err != nil {
			b.Fatal(err)
		}
	}
	p := e.newPod(0)
	rc := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"}, {"destination": "203.0.113.0/24", "gateway": "drop"}},
		"policyRouting": map[string]any{"table": 100, "hostRoute": true, "excludeCIDRs": []string{"203.0.113.0/24"}},
	}
	stdin := e.conf("1.1.0", node, rc, p.prevResult())
	for b.Loop() {
		if _, _, err := e.plugin.add(context.Background(), p.args(stdin)); err != nil {
			b.Fatal(err)
		}
		if err := e.plugin.del(context.Background(), p.args(stdin)); err != nil {
			b.Fatal(err)
		}
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

// BenchmarkLayoutPacket measures the per-packet cost of the policy layouts
// with real packets: a pod netns sends UDP packets through its veth to
// the router (the plugin's host namespace), where prerouting (nftables,
// for fwmark) and the rule walk pick the pod's table, whose blackhole
// route drops the packet. veth delivers synchronously on the sending CPU,
// so ns/op is one packet's send plus the router's processing of it. The
// sender is the last pod added, so its "from PODIP" rule (shared layout)
// is at the end of the list; with fwmark there is one rule per table.
func BenchmarkLayoutPacket(b *testing.B) {
	for _, layout := range []string{"shared", "fwmark"} {
		for _, pods := range []int{1, 1000} {
			b.Run(fmt.Sprintf("layout=%s/pods=%d", layout, pods), func(b *testing.B) {
				e := newEnv(b)
				e.stateDir = tmpfsDir(b)
				node := map[string]any{"layout": layout, "excludeCIDRs": []string{"198.51.100.0/24"}}
				base := netip.MustParseAddr("198.18.0.0")
				for i := range pods - 1 {
					base = base.Next()
					rc := map[string]any{"ips": []string{base.String() + "/15"},
						"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.128/25"}}}
					args := &skel.CmdArgs{ContainerID: fmt.Sprintf("other%d", i), IfName: "eth0", StdinData: e.conf("1.1.0", node, rc, nil)}
					if _, _, err := e.plugin.add(context.Background(), args); err != nil {
						b.Fatal(err)
					}
				}
				p := e.newPod(0)
				packetPath(b, e, p)
				rc := map[string]any{"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.128/25"}}}
				e.add(p, e.conf("1.1.0", node, rc, p.prevResult()))
				conn := udpFrom(b, p, "203.0.113.5:9")
				payload := make([]byte, 64)
				for b.Loop() {
					if _, err := conn.Write(payload); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				if n := destUnreachs(b, e); n != 0 {
					b.Fatalf("%d packets took the main table (prohibit), not the pod's table", n)
				}
			})
		}
	}
}

// packetPath makes the router forward the pod's packets: table 100
// blackholes the benchmark's destination, so packets end in the router
// right after the route lookup; main prohibits it, which answers with
// ICMP, counted by destUnreachs, if a packet missed the pod's table.
func packetPath(b *testing.B, e *env, p *testPod) {
	b.Helper()
	for _, s := range []string{"net.ipv4.ip_forward=1", "net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0"} {
		testutil.Run(b, e.host, "sysctl", "-qw", s)
	}
	testutil.Run(b, e.host, "ip", "addr", "add", "192.0.2.1/24", "dev", p.hostIf)
	testutil.Run(b, e.host, "ip", "route", "add", "prohibit", "203.0.113.0/24")
	testutil.Run(b, e.host, "ip", "route", "add", "blackhole", "203.0.113.0/24", "table", "100")
	testutil.Run(b, p.ns, "ip", "route", "add", "default", "via", "192.0.2.1")
}

// udpFrom returns a UDP socket created inside the pod's netns, connected
// to dst.
func udpFrom(b *testing.B, p *testPod, dst string) net.Conn {
	b.Helper()
	var c net.Conn
	err := p.ns.Do(func(ns.NetNS) error {
		var err error
		c, err = net.Dial("udp", dst)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = c.Close() })
	return c
}

// destUnreachs reads the router's ICMP "destination unreachable" count.
func destUnreachs(b *testing.B, e *env) int {
	b.Helper()
	lines := strings.Split(testutil.Run(b, e.host, "cat", "/proc/net/snmp"), "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "Icmp:") || !strings.HasPrefix(lines[i+1], "Icmp:") {
			continue
		}
		names, vals := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		for j, n := range names {
			if n == "OutDestUnreachs" && j < len(vals) {
				v, err := strconv.Atoi(vals[j])
				if err != nil {
					b.Fatal(err)
				}
				return v
			}
		}
	}
	b.Fatal("no Icmp OutDestUnreachs in /proc/net/snmp")
	return 0
}
