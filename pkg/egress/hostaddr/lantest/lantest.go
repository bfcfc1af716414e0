// Package lantest builds a throwaway LAN for tests of managed egress
// addresses: a "router" namespace holding a bridge (br0, 203.0.113.1/24,
// 2001:db8::1/64), a "node" namespace attached to it through its uplink
// (203.0.113.2/24, 2001:db8::2/64), and any number of other hosts (a
// squatter, more nodes: AddNode) on the same bridge. Traffic stays among these namespaces;
// every namespace and link is removed when the test ends.
package lantest

import (
	"net"
	"net/netip"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// Uplink is the node's interface on the LAN.
const Uplink = "uplink"

// LAN is the router, with its bridge, and the node.
type LAN struct {
	Router, Node ns.NetNS
	// NodeMAC is the MAC of the node's uplink; NodePort its bridge port
	// in the router.
	NodeMAC, NodePort string
}

// Host is a namespace attached to the bridge: its MAC, and its port on
// the bridge in the router (gone once the namespace is).
type Host struct {
	NS        ns.NetNS
	MAC, Port string
}

// New builds a LAN with a new node namespace.
func New(t testing.TB) *LAN {
	t.Helper()
	return WithNode(t, testutil.NewNS(t))
}

// WithNode builds a LAN around an existing node namespace (a plugin
// test's "host"), giving it the uplink.
func WithNode(t testing.TB, node ns.NetNS) *LAN {
	t.Helper()
	l := &LAN{Router: testutil.NewNS(t), Node: node}
	// No multicast snooping: the bridge floods solicited-node groups, as
	// a switch without MLD snooping does, whatever joined them.
	testutil.Run(t, l.Router, "ip", "link", "add", "br0", "type", "bridge", "mcast_snooping", "0")
	// A MAC of its own (RFC 7042's documentation range), as a router's
	// interface has: else the bridge takes its lowest port's, changes it
	// when that port goes (a node leaving the LAN), and the kernel then
	// flushes the router's neighbour table.
	testutil.Run(t, l.Router, "ip", "link", "set", "br0", "address", "00:00:5e:00:53:01")
	testutil.Run(t, l.Router, "ip", "link", "set", "br0", "up")
	testutil.Addr(t, l.Router, "br0", "203.0.113.1/24")
	testutil.Addr(t, l.Router, "br0", "2001:db8::1/64")
	h := l.AddNode(t, node, "203.0.113.2/24", "2001:db8::2/64")
	l.NodeMAC, l.NodePort = h.MAC, h.Port
	return l
}

// AddNode attaches another node namespace to the bridge through its own
// uplink (Uplink), carrying the node's own addresses (CIDRs, e.g.
// 203.0.113.3/24: a second node of the LAN).
func (l *LAN) AddNode(t testing.TB, node ns.NetNS, cidrs ...string) Host {
	t.Helper()
	h := l.attach(t, node, Uplink)
	for _, c := range cidrs {
		testutil.Addr(t, node, Uplink, c)
	}
	return h
}

// attach links n to the bridge through a veth named ifname in n.
func (l *LAN) attach(t testing.TB, n ns.NetNS, ifname string) Host {
	t.Helper()
	port := "bp" + testutil.RandSuffix(8)
	testutil.Veth(t, n, ifname, l.Router, port)
	testutil.Run(t, l.Router, "ip", "link", "set", port, "master", "br0")
	m := regexp.MustCompile(`link/ether (\S+)`).FindStringSubmatch(testutil.Run(t, n, "ip", "link", "show", "dev", ifname))
	if m == nil {
		t.Fatalf("no MAC on %s", ifname)
	}
	return Host{NS: n, MAC: m[1], Port: port}
}

// Join adds another host (a new namespace, eth0 on the bridge, no
// address) and returns it with its MAC.
func (l *LAN) Join(t testing.TB) (ns.NetNS, string) {
	t.Helper()
	n := testutil.NewNS(t)
	return n, l.attach(t, n, "eth0").MAC
}

// Attached reports whether the bridge still has port (a Host's Port):
// false once the namespace at its other end is gone.
func (l *LAN) Attached(t testing.TB, port string) bool {
	t.Helper()
	out, err := testutil.Output(l.Router, "ip", "-o", "link", "show", "dev", port)
	if err != nil {
		if strings.Contains(out, "does not exist") {
			return false
		}
		t.Fatalf("ip link show dev %s in the router: %v\n%s", port, err, out)
	}
	return true
}

// StaleNeighbour makes the router believe a is at mac, as if it had
// talked to a previous holder of a.
func (l *LAN) StaleNeighbour(t testing.TB, a netip.Addr, mac string) {
	t.Helper()
	testutil.Run(t, l.Router, "ip", "neigh", "replace", a.String(), "lladdr", mac, "dev", "br0", "nud", "stale")
}

// Neighbour is the router's neighbour entry for a ("" if none).
func (l *LAN) Neighbour(t testing.TB, a netip.Addr) string {
	t.Helper()
	return strings.TrimSpace(testutil.Run(t, l.Router, "ip", "neigh", "show", a.String(), "dev", "br0"))
}

// WaitNeighbour fails the test unless the router's entry for a shows mac
// within d (at least one look).
func (l *LAN) WaitNeighbour(t testing.TB, a netip.Addr, mac string, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		got := l.Neighbour(t, a)
		if strings.Contains(got, "lladdr "+mac) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("router's neighbour entry for %s: %q; want %s within %s", a, got, mac, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Reach fails the test unless the router reaches the node at a: a TCP
// connection from the router to a listener of the node's on a (which
// needs the node to answer ARP/ND for a, and a route back).
func (l *LAN) Reach(t testing.TB, a netip.Addr) {
	t.Helper()
	var ln net.Listener
	if err := l.Node.Do(func(ns.NetNS) error {
		var err error
		ln, err = net.Listen("tcp", netip.AddrPortFrom(a, 0).String())
		return err
	}); err != nil {
		t.Fatalf("listening on %s in the node: %v", a, err)
	}
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			_ = c.Close()
		}
	}()
	if err := l.Router.Do(func(ns.NetNS) error {
		c, err := net.DialTimeout("tcp", ln.Addr().String(), 3*time.Second)
		if err == nil {
			_ = c.Close()
		}
		return err
	}); err != nil {
		t.Fatalf("router to the node at %s: %v", a, err)
	}
}
