// Package lantest builds a throwaway LAN for tests of managed egress
// addresses: a "router" namespace holding a bridge (br0, 203.0.113.1/24,
// 2001:db8::1/64), a "node" namespace attached to it through its uplink
// (203.0.113.2/24, 2001:db8::2/64), and any number of other hosts (a
// squatter) on the same bridge. Traffic stays among these namespaces;
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
	// NodeMAC is the MAC of the node's uplink.
	NodeMAC string
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
	testutil.Run(t, l.Router, "ip", "link", "set", "br0", "up")
	testutil.Addr(t, l.Router, "br0", "203.0.113.1/24")
	testutil.Addr(t, l.Router, "br0", "2001:db8::1/64")
	l.NodeMAC = l.attach(t, node, Uplink)
	testutil.Addr(t, node, Uplink, "203.0.113.2/24")
	testutil.Addr(t, node, Uplink, "2001:db8::2/64")
	return l
}

// attach links n to the bridge through a veth named ifname in n, and
// returns that end's MAC.
func (l *LAN) attach(t testing.TB, n ns.NetNS, ifname string) string {
	t.Helper()
	port := "bp" + testutil.RandSuffix(8)
	testutil.Veth(t, n, ifname, l.Router, port)
	testutil.Run(t, l.Router, "ip", "link", "set", port, "master", "br0")
	m := regexp.MustCompile(`link/ether (\S+)`).FindStringSubmatch(testutil.Run(t, n, "ip", "link", "show", "dev", ifname))
	if m == nil {
		t.Fatalf("no MAC on %s", ifname)
	}
	return m[1]
}

// Join adds another host (a new namespace, eth0 on the bridge, no
// address) and returns it with its MAC.
func (l *LAN) Join(t testing.TB) (ns.NetNS, string) {
	t.Helper()
	n := testutil.NewNS(t)
	return n, l.attach(t, n, "eth0")
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
