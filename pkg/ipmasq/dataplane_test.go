package ipmasq

import (
	"fmt"
	"net"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// topology is client (the pod) -> router (the node, where ipmasq runs)
// -> remote. Packets only ever travel among these three namespaces.
type topology struct {
	client, router, remote ns.NetNS
}

func newTopology(t *testing.T, n *node) *topology {
	t.Helper()
	tp := &topology{client: testutil.NewNS(t), router: n.ns, remote: testutil.NewNS(t)}
	testutil.Veth(t, tp.client, "eth0", tp.router, "r0")
	testutil.Veth(t, tp.remote, "eth0", tp.router, "r1")
	for _, a := range []string{"198.51.100.1/24", "2001:db8:a::1/64"} {
		testutil.Addr(t, tp.router, "r0", a)
	}
	for _, a := range []string{"203.0.113.1/24", "2001:db8:b::1/64"} {
		testutil.Addr(t, tp.router, "r1", a)
	}
	testutil.Run(t, tp.router, "sysctl", "-qw", "net.ipv4.ip_forward=1", "net.ipv6.conf.all.forwarding=1")
	for _, a := range []string{"198.51.100.2/24", "2001:db8:a::2/64"} {
		testutil.Addr(t, tp.client, "eth0", a)
	}
	testutil.Run(t, tp.client, "ip", "route", "add", "default", "via", "198.51.100.1")
	testutil.Run(t, tp.client, "ip", "-6", "route", "add", "default", "via", "2001:db8:a::1")
	for _, a := range []string{"203.0.113.10/24", "203.0.113.20/24", "203.0.113.30/24", "2001:db8:b::10/64", "2001:db8:b::20/64", "2001:db8:b::30/64"} {
		testutil.Addr(t, tp.remote, "eth0", a)
	}
	testutil.Run(t, tp.remote, "ip", "route", "add", "default", "via", "203.0.113.1")
	testutil.Run(t, tp.remote, "ip", "-6", "route", "add", "default", "via", "2001:db8:b::1")
	return tp
}

// peer connects from the client to dst over proto and returns the source
// address and port the remote saw. The remote listens in its namespace
// with a deadline; nothing leaves the test's namespaces.
func (tp *topology) peer(t *testing.T, proto, dst string) netip.AddrPort {
	t.Helper()
	const deadline = 3 * time.Second
	seen := make(chan netip.AddrPort, 1)
	errc := make(chan error, 1)
	var port int
	err := tp.remote.Do(func(ns.NetNS) error {
		if proto == "tcp" {
			l, err := net.ListenTCP("tcp", net.TCPAddrFromAddrPort(netip.AddrPortFrom(netip.MustParseAddr(dst), 0)))
			if err != nil {
				return err
			}
			port = l.Addr().(*net.TCPAddr).Port
			go func() {
				defer l.Close()
				_ = l.SetDeadline(time.Now().Add(deadline))
				c, err := l.AcceptTCP()
				if err != nil {
					errc <- err
					return
				}
				defer c.Close()
				seen <- c.RemoteAddr().(*net.TCPAddr).AddrPort()
			}()
			return nil
		}
		c, err := net.ListenUDP("udp", net.UDPAddrFromAddrPort(netip.AddrPortFrom(netip.MustParseAddr(dst), 0)))
		if err != nil {
			return err
		}
		port = c.LocalAddr().(*net.UDPAddr).Port
		go func() {
			defer c.Close()
			_ = c.SetReadDeadline(time.Now().Add(deadline))
			_, from, err := c.ReadFromUDPAddrPort(make([]byte, 16))
			if err != nil {
				errc <- err
				return
			}
			seen <- from
		}()
		return nil
	})
	if err != nil {
		t.Fatalf("listening on %s: %v", dst, err)
	}
	target := net.JoinHostPort(dst, fmt.Sprint(port))
	err = tp.client.Do(func(ns.NetNS) error {
		c, err := net.DialTimeout(proto, target, deadline)
		if err != nil {
			return err
		}
		defer c.Close()
		_, err = c.Write([]byte("diktyo"))
		return err
	})
	if err != nil {
		t.Fatalf("%s to %s: %v", proto, target, err)
	}
	select {
	case p := <-seen:
		return netip.AddrPortFrom(p.Addr().Unmap(), p.Port())
	case err := <-errc:
		t.Fatalf("remote %s %s: %v", proto, target, err)
	}
	return netip.AddrPort{}
}

// TestDataplane checks what a remote sees for traffic through a router
// running ipmasq: the requested external address and port range for
// matching destinations (the most specific entry winning over a broader
// one given first), and the pod's own address for excluded destinations.
func TestDataplane(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			tp := newTopology(t, n)
			conf := n.conf(t, "1.1.0", map[string]any{
				"excludeCIDRs": []string{"203.0.113.20/32", "2001:db8:b::20/128"},
				"runtimeConfig": map[string]any{
					"ips": []string{"198.51.100.2/24", "2001:db8:a::2/64"},
					"masqEntries": []map[string]any{ // broad entries first: order must not matter
						{"external": "192.0.2.101", "destination": "203.0.113.0/24", "protocol": "all"},
						{"external": "192.0.2.100:5000-5010", "destination": "203.0.113.10/32", "protocol": "tcp"},
						{"external": "192.0.2.100:6000-6010", "destination": "203.0.113.10/32", "protocol": "udp"},
						{"external": "2001:db8:c::101", "destination": "2001:db8:b::/64", "protocol": "all"},
						{"external": "[2001:db8:c::100]:5000-5010", "destination": "2001:db8:b::10/128", "protocol": "tcp"},
						{"external": "[2001:db8:c::100]:6000-6010", "destination": "2001:db8:b::10/128", "protocol": "udp"},
					},
				},
			})
			n.mustCall(t, "ADD", conf, "pod", tp.client.Path())
			cases := []struct {
				proto, dst, src string
				lo, hi          uint16 // 0: any port
			}{
				{"tcp", "203.0.113.10", "192.0.2.100", 5000, 5010},
				{"udp", "203.0.113.10", "192.0.2.100", 6000, 6010},
				{"tcp", "203.0.113.30", "192.0.2.101", 0, 0},
				{"udp", "203.0.113.30", "192.0.2.101", 0, 0},
				{"tcp", "203.0.113.20", "198.51.100.2", 0, 0}, // excluded
				{"tcp", "2001:db8:b::10", "2001:db8:c::100", 5000, 5010},
				{"udp", "2001:db8:b::10", "2001:db8:c::100", 6000, 6010},
				{"tcp", "2001:db8:b::30", "2001:db8:c::101", 0, 0},
				{"tcp", "2001:db8:b::20", "2001:db8:a::2", 0, 0}, // excluded
			}
			for _, c := range cases {
				got := tp.peer(t, c.proto, c.dst)
				if got.Addr().String() != c.src || (c.lo != 0 && (got.Port() < c.lo || got.Port() > c.hi)) {
					t.Errorf("%s to %s: remote saw %s, want %s with port in %d-%d", c.proto, c.dst, got, c.src, c.lo, c.hi)
				}
			}
			n.mustCall(t, "DEL", conf, "pod", tp.client.Path())
			for _, c := range []struct{ dst, src string }{{"203.0.113.10", "198.51.100.2"}, {"2001:db8:b::10", "2001:db8:a::2"}} {
				if got := tp.peer(t, "tcp", c.dst); got.Addr().String() != c.src {
					t.Errorf("after DEL, tcp to %s: remote saw %s, want the pod's %s", c.dst, got, c.src)
				}
			}
		})
	}
}

// TestConntrackFollowsPolicy: pod A SNATs to X and sends UDP from a fixed
// source port to the remote every 100 ms; A is removed; pod B gets A's
// address and SNATs to Y, sending from the same port: the remote sees Y
// from B's first packet on, not A's mapping that the kernel's conntrack
// entry would otherwise keep for the flow. A change of policy on a
// running pod moves its flow the same way.
func TestConntrackFollowsPolicy(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			tp := newTopology(t, n)
			conf := func(ext string) []byte {
				return n.conf(t, "1.1.0", map[string]any{"runtimeConfig": map[string]any{
					"ips":         []string{"198.51.100.2"},
					"masqEntries": []map[string]any{{"external": ext, "destination": "203.0.113.10/32", "protocol": "udp"}},
				}})
			}
			flow := tp.udpFlow(t, "203.0.113.10", 40000)
			n.mustCall(t, "ADD", conf("192.0.2.100"), "podA", tp.client.Path())
			flow.expect(t, "192.0.2.100", "pod A")
			n.mustCall(t, "DEL", conf("192.0.2.100"), "podA", tp.client.Path())
			n.mustCall(t, "ADD", conf("192.0.2.101"), "podB", tp.client.Path())
			flow.expect(t, "192.0.2.101", "pod B, from its first packet")
			// A changed policy on the running pod B.
			n.mustCall(t, "ADD", conf("192.0.2.102"), "podB", tp.client.Path())
			flow.expect(t, "192.0.2.102", "pod B after its policy changed")
			// The same policy again (a reconcile's repair) keeps the flow.
			n.mustCall(t, "ADD", conf("192.0.2.102"), "podB", tp.client.Path())
			flow.expect(t, "192.0.2.102", "pod B after a repeated ADD")
			n.mustCall(t, "DEL", conf("192.0.2.102"), "podB", tp.client.Path())
		})
	}
}

// udpFlow is a UDP flow from the client's fixed source port to dst: a
// datagram every 100 ms (at most 300, and it stops with the test),
// numbered, and the source the remote saw for each.
type udpFlow struct {
	sent chan int            // sequence numbers as they are sent
	seen chan [2]interface{} // {seq int, source netip.Addr} as received
	last int
}

func (tp *topology) udpFlow(t *testing.T, dst string, sport int) *udpFlow {
	t.Helper()
	return tp.udpFlowFrom(t, "", dst, sport)
}

// udpFlowFrom is udpFlow from the client's address src ("": the one its
// route picks).
func (tp *topology) udpFlowFrom(t *testing.T, src, dst string, sport int) *udpFlow {
	t.Helper()
	f := &udpFlow{sent: make(chan int, 400), seen: make(chan [2]interface{}, 400)}
	var rc *net.UDPConn
	if err := tp.remote.Do(func(ns.NetNS) error {
		var err error
		rc, err = net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(dst), Port: 9999})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var sc *net.UDPConn
	if err := tp.client.Do(func(ns.NetNS) error {
		var err error
		sc, err = net.DialUDP("udp", &net.UDPAddr{IP: net.ParseIP(src), Port: sport}, &net.UDPAddr{IP: net.ParseIP(dst), Port: 9999})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done); _ = rc.Close(); _ = sc.Close() })
	go func() {
		buf := make([]byte, 16)
		for {
			n, from, err := rc.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			var seq int
			_, _ = fmt.Sscan(string(buf[:n]), &seq)
			f.seen <- [2]interface{}{seq, from.Addr().Unmap()}
		}
	}()
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for seq := 1; seq <= 300; seq++ {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			_, _ = fmt.Fprint(sc, seq)
			f.sent <- seq
		}
	}()
	return f
}

// expect checks that every datagram sent from now on reaches the remote
// from want: it notes the last sequence number sent so far, then reads
// until three later datagrams have arrived.
func (f *udpFlow) expect(t *testing.T, want, what string) {
	t.Helper()
	f.check(t, want, what, false)
}

// check is expect; with every, the datagrams sent before the call that
// arrive must come from want too.
func (f *udpFlow) check(t *testing.T, want, what string, every bool) {
	t.Helper()
	from := f.last
drain:
	for {
		select {
		case s := <-f.sent:
			from = s
		default:
			break drain
		}
	}
	f.last = from
	deadline := time.After(5 * time.Second)
	for got := 0; got < 3; {
		select {
		case s := <-f.seen:
			seq, src := s[0].(int), s[1].(netip.Addr)
			if seq <= from && !every {
				continue // sent before the change
			}
			if src.String() != want {
				t.Fatalf("%s: datagram %d reached the remote from %s, want %s", what, seq, src, want)
			}
			if seq > from {
				got++
			}
		case s := <-f.sent:
			f.last = s
		case <-deadline:
			t.Fatalf("%s: no datagram from %s within 5 s", what, want)
		}
	}
}

// TestGCRemovesFlows: GC of a gone pod removes the conntrack entries of
// its flows with its rules, so that no flow goes on translated to its
// external (with the ports of its egress block) once diktyo-nri frees the
// block for the next pod; the flow of a pod that stays keeps its entry.
func TestGCRemovesFlows(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			tp := newTopology(t, n)
			testutil.Addr(t, tp.client, "eth0", "198.51.100.3/24")
			pod := func(ips []string, entries ...map[string]any) []byte {
				return n.conf(t, "1.1.0", map[string]any{"runtimeConfig": map[string]any{"ips": ips, "masqEntries": entries}})
			}
			n.mustCall(t, "ADD", pod([]string{"198.51.100.2/24", "2001:db8:a::2/64"},
				map[string]any{"external": "192.0.2.100", "destination": "203.0.113.10/32", "protocol": "udp"},
				map[string]any{"external": "2001:db8:c::100", "destination": "2001:db8:b::10/128", "protocol": "udp"}), "gone", "")
			keep := pod([]string{"198.51.100.3/24"},
				map[string]any{"external": "192.0.2.101", "destination": "203.0.113.10/32", "protocol": "udp"})
			n.mustCall(t, "ADD", keep, "keep", "")

			flows := []struct{ src, dst, ext string }{
				{"198.51.100.2", "203.0.113.10", "192.0.2.100"},
				{"2001:db8:a::2", "2001:db8:b::10", "2001:db8:c::100"},
				{"198.51.100.3", "203.0.113.10", "192.0.2.101"},
			}
			for _, f := range flows {
				if got := tp.udpFrom(t, f.src, f.dst); got.String() != f.ext {
					t.Fatalf("udp from %s to %s: remote saw %s, want %s", f.src, f.dst, got, f.ext)
				}
				if got := natFlows(t, n, f.src); !slices.Contains(got, netip.MustParseAddr(f.ext)) {
					t.Fatalf("no conntrack entry of %s translated to %s before GC: %v", f.src, f.ext, got)
				}
			}
			n.mustCall(t, "GC", n.conf(t, "1.1.0", map[string]any{
				"cni.dev/valid-attachments": []map[string]string{{"containerID": "keep", "ifname": "eth0"}}}), "", "")
			for _, f := range flows[:2] {
				if got := natFlows(t, n, f.src); len(got) > 0 {
					t.Errorf("after GC of its pod, %s still has conntrack entries translated to %v", f.src, got)
				}
			}
			if got := natFlows(t, n, "198.51.100.3"); !slices.Contains(got, netip.MustParseAddr("192.0.2.101")) {
				t.Errorf("GC removed the conntrack entry of the kept pod's flow: %v", got)
			}
			n.mustCall(t, "DEL", keep, "keep", "")
		})
	}
}

// udpFrom sends one datagram from the client's address src to dst and
// returns the source address the remote saw.
func (tp *topology) udpFrom(t *testing.T, src, dst string) netip.Addr {
	t.Helper()
	var rc *net.UDPConn
	if err := tp.remote.Do(func(ns.NetNS) error {
		var err error
		rc, err = net.ListenUDP("udp", &net.UDPAddr{IP: net.ParseIP(dst)})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if err := tp.client.Do(func(ns.NetNS) error {
		c, err := net.DialUDP("udp", &net.UDPAddr{IP: net.ParseIP(src)}, rc.LocalAddr().(*net.UDPAddr))
		if err != nil {
			return err
		}
		defer c.Close()
		_, err = c.Write([]byte("diktyo"))
		return err
	}); err != nil {
		t.Fatalf("udp from %s to %s: %v", src, dst, err)
	}
	_ = rc.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, from, err := rc.ReadFromUDPAddrPort(make([]byte, 16))
	if err != nil {
		t.Fatalf("remote %s: %v", dst, err)
	}
	return from.Addr().Unmap()
}

// natFlows returns, for the node's conntrack entries from src, the
// addresses their replies go to: the external each was translated to
// (src itself when untranslated).
func natFlows(t *testing.T, n *node, src string) []netip.Addr {
	t.Helper()
	a := netip.MustParseAddr(src)
	fam := netlink.InetFamily(unix.AF_INET)
	if a.Is6() {
		fam = unix.AF_INET6
	}
	var out []netip.Addr
	err := n.ns.Do(func(ns.NetNS) error {
		flows, err := netlink.ConntrackTableList(netlink.ConntrackTable, fam)
		for _, f := range flows {
			if flowAddr(f.Forward.SrcIP) == a {
				out = append(out, flowAddr(f.Reverse.DstIP))
			}
		}
		return err
	})
	if err != nil {
		t.Fatalf("listing conntrack: %v", err)
	}
	return out
}

func flowAddr(ip net.IP) netip.Addr {
	a, _ := netip.AddrFromSlice(ip)
	return a.Unmap()
}
