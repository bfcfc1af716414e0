package linkguard_test

// Hostile and fault cases of the binding, each from an adversarial
// review: the node's own sender, a chain outliving its device, an
// address taken over from a pod whose link still marks it, a spoofed
// fragment, and comments that would not fit.

import (
	"context"
	"encoding/binary"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// bindingOn is binding with the link's index, as ADD finds it.
func bindingOn(t *testing.T, e *bridged, owner, link, addr string) linkguard.Binding {
	t.Helper()
	b := binding(owner, link, addr)
	if err := e.node.Do(func(ns.NetNS) error {
		l, err := netlink.LinkByName(link)
		if err == nil {
			b.Index = l.Attrs().Index
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return b
}

// sendTransparent sends n datagrams from the node's own namespace with
// source src through a UDP socket with IP_TRANSPARENT: what a
// host-network container with the default CAP_NET_RAW can do.
func sendTransparent(t *testing.T, node ns.NetNS, src string, n int) {
	t.Helper()
	err := node.Do(func(ns.NetNS) error {
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM, 0)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		if err := unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_TRANSPARENT, 1); err != nil {
			return err
		}
		if err := unix.Bind(fd, &unix.SockaddrInet4{Port: 40001, Addr: netip.MustParseAddr(src).As4()}); err != nil {
			return err
		}
		to := &unix.SockaddrInet4{Port: remotePort, Addr: netip.MustParseAddr(remoteAddr).As4()}
		for range n {
			if err := unix.Sendto(fd, []byte("x"), 0, to); err != nil && err != unix.EPERM {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("sending from the node as %s: %v", src, err)
	}
}

// TestNodeSenderCannotSendAsPod: a process in the node's namespace sends
// with A's address (IP_TRANSPARENT, a raw socket): nothing reaches the
// remote as A, and A's "as" count grows.
func TestNodeSenderCannotSendAsPod(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	if err := g.Add(context.Background(), bindingOn(t, e, "podA", e.hostA, addrA)); err != nil {
		t.Fatal(err)
	}
	sendTransparent(t, e.node, addrA, 4)
	// A raw socket too; the drop in output answers the sender EPERM.
	for range 2 {
		if err := e.node.Do(func(ns.NetNS) error {
			fd, err := unix.Socket(unix.AF_INET, unix.SOCK_RAW, unix.IPPROTO_RAW)
			if err != nil {
				return err
			}
			defer func() { _ = unix.Close(fd) }()
			err = unix.Sendto(fd, udp4(netip.MustParseAddr(addrA), netip.MustParseAddr(remoteAddr), remotePort), 0,
				&unix.SockaddrInet4{Addr: netip.MustParseAddr(remoteAddr).As4()})
			if err == unix.EPERM {
				return nil
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	send(t, e.podA, addrA, 1)
	got := e.seen()
	if got[netip.MustParseAddr(addrA)] != 1 {
		t.Fatalf("remote saw %v; want only A's own datagram as A", got)
	}
	if d := drops(t, g, "podA"); d.As != 6 {
		t.Fatalf("A's drops %+v; want the node's 6 counted as sent as A", d)
	}
}

// TestLinkChainOnNewDevice: a pod vanished without its DEL and a new pod
// got its device name (Linux 6.16 and later hook the old chain to the
// new device): the new pod's traffic passes untouched, unmarked.
func TestLinkChainOnNewDevice(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	if err := g.Add(ctx, bindingOn(t, e, "old", e.hostB, addrB)); err != nil {
		t.Fatal(err)
	}
	testutil.Run(t, e.node, "ip", "link", "del", e.hostB)
	podN := testutil.NewNS(t)
	testutil.Veth(t, e.node, e.hostB, podN, "eth0")
	testutil.Run(t, e.node, "ip", "link", "set", e.hostB, "master", "br0")
	testutil.Addr(t, podN, "eth0", "198.18.50.9/24")
	testutil.Run(t, podN, "ip", "route", "add", "default", "via", "198.18.50.1")
	send(t, podN, "198.18.50.9", 3)
	if n := e.seen()[netip.MustParseAddr("198.18.50.9")]; n != 3 {
		t.Fatalf("the new pod's own datagrams: remote saw %d of 3 (the stale chain acted on the new device)", n)
	}
	// Nor does it mark: the old pod's address sent from the new device
	// is dropped as not the old pod's link.
	send(t, podN, addrB, 2)
	if n := e.seen()[netip.MustParseAddr(addrB)]; n != 0 {
		t.Fatalf("the new device sent %d datagrams as the vanished pod's address", n)
	}
}

// TestTakeoverUnmarksPreviousLink: an address bound to a pod on one link
// is given to a pod on another (its previous holder vanished without
// DEL, or IPAM handed it out twice): the previous link no longer marks
// it, so it cannot send as the new holder.
func TestTakeoverUnmarksPreviousLink(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	if err := g.Add(ctx, bindingOn(t, e, "old", e.hostB, addrA)); err != nil {
		t.Fatal(err)
	}
	if err := g.Add(ctx, bindingOn(t, e, "podA", e.hostA, addrA)); err != nil {
		t.Fatal(err)
	}
	send(t, e.podB, addrA, 5)
	send(t, e.podA, addrA, 2)
	if n := e.seen()[netip.MustParseAddr(addrA)]; n != 2 {
		t.Fatalf("remote saw %d as A; want A's own 2 (the previous holder's link still marks the address?)", n)
	}
	if err := g.Check(ctx, bindingOn(t, e, "podA", e.hostA, addrA)); err != nil {
		t.Fatalf("CHECK of the new holder: %v", err)
	}
}

// TestSpoofedFragmentDropped: a neighbour's fragment with A's source is
// checked before reassembly, so it cannot join A's datagram.
func TestSpoofedFragmentDropped(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	// Conntrack in the node's namespace (as with any NAT): defrag on.
	testutil.Run(t, e.node, "nft", "add table inet lgct; add chain inet lgct fw { type filter hook forward priority 0; }; add rule inet lgct fw ct state new counter")
	if err := g.Add(context.Background(), bindingOn(t, e, "podA", e.hostA, addrA)); err != nil {
		t.Fatal(err)
	}
	if got := spoofedFragmentJoins(t, e); got != nil {
		t.Fatalf("the remote got %q: B's fragment joined A's datagram", got)
	}
	if d := drops(t, g, "podA"); d.As != 1 {
		t.Fatalf("A's drops %+v; want B's fragment counted", d)
	}
}

// spoofedFragmentJoins sends B's tail fragment of a UDP datagram with
// A's address, then A's head fragment, and returns what the remote
// received (nil: nothing within a second, B's fragment did not join).
func spoofedFragmentJoins(t *testing.T, e *bridged) []byte {
	t.Helper()
	var conn *net.UDPConn
	if err := e.remote.Do(func(ns.NetNS) error {
		var err error
		conn, err = net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(remoteAddr), Port: remotePort + 1})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	udp := make([]byte, 8)
	binary.BigEndian.PutUint16(udp[0:], 40000)
	binary.BigEndian.PutUint16(udp[2:], remotePort+1)
	binary.BigEndian.PutUint16(udp[4:], 24)
	rawSend(t, e.podB, fragment(addrA, 4321, 1, false, []byte("EVILEVIL")))                // B: the tail
	rawSend(t, e.podA, fragment(addrA, 4321, 0, true, append(udp, []byte("AAAAAAAA")...))) // A: the head
	_ = conn.SetReadDeadline(time.Now().Add(time.Second))
	buf := make([]byte, 100)
	if n, _, err := conn.ReadFromUDP(buf); err == nil {
		return buf[:n]
	}
	return nil
}

// TestLongNetworkNameCollected: a network name longer than a comment
// holds still lets DEL find the link chain and GC the owner.
func TestLongNetworkNameCollected(t *testing.T) {
	f := nft.NewFake()
	g := &linkguard.Guard{Table: "t", Client: f}
	ctx := context.Background()
	long := strings.Repeat("n", 200)
	b := linkguard.Binding{Owner: snat.Owner{Network: long, ID: "0123456789abcdef"}, Link: "veth1234567890a", Index: 40,
		Addrs: []netip.Addr{netip.MustParseAddr("192.0.2.5")}, Mark: linkguard.DefaultMark}
	if err := g.Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := g.Del(ctx, b.Owner, b.Addrs); err != nil {
		t.Fatal(err)
	}
	if d := f.Dump() + bridgeDump(f); strings.Contains(d, "veth1234567890a") || strings.Contains(d, "192.0.2.5") {
		t.Fatalf("DEL left the binding:\n%s", d)
	}
	if err := g.Add(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := g.GC(ctx, long, map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	if d := f.Dump() + bridgeDump(f); strings.Contains(d, "veth1234567890a") || strings.Contains(d, "192.0.2.5") {
		t.Fatalf("GC with no valid owner left the binding:\n%s", d)
	}
}

// rawSend sends one raw IPv4 packet (header included) from pod.
func rawSend(t *testing.T, pod ns.NetNS, pkt []byte) {
	t.Helper()
	if err := pod.Do(func(ns.NetNS) error {
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_RAW, unix.IPPROTO_RAW)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		return unix.Sendto(fd, pkt, 0, &unix.SockaddrInet4{Addr: netip.MustParseAddr(remoteAddr).As4()})
	}); err != nil {
		t.Fatal(err)
	}
}

// fragment is an IPv4 fragment of UDP datagram id from src to the
// remote, at offset off (8-byte units).
func fragment(src string, id, off uint16, more bool, payload []byte) []byte {
	b := make([]byte, 20, 20+len(payload))
	b[0], b[8], b[9] = 0x45, 64, unix.IPPROTO_UDP
	binary.BigEndian.PutUint16(b[2:], uint16(20+len(payload)))
	binary.BigEndian.PutUint16(b[4:], id)
	if more {
		off |= 0x2000
	}
	binary.BigEndian.PutUint16(b[6:], off)
	s, d := netip.MustParseAddr(src).As4(), netip.MustParseAddr(remoteAddr).As4()
	copy(b[12:], s[:])
	copy(b[16:], d[:])
	return append(b, payload...)
}

// TestRoutedVethSpoofDropped: a pod on a routed veth (Calico's and
// Cilium's shape: a /32 behind its own veth, no bridge) with CAP_NET_RAW
// sends as bridged pod A, and unbound bridged pod B sends as it. Before
// the binding both reach the remote (the attack); bound, the routed
// pod's key passes its own datagrams at inet prerouting, its link drops
// its datagrams as A (counted from its link), and B's as it are dropped
// (counted as it).
func TestRoutedVethSpoofDropped(t *testing.T) {
	e := newBridged(t)
	g := &linkguard.Guard{Table: "lgtest", NetNS: e.node.Path()}
	ctx := context.Background()
	const addrC = "198.18.51.5"
	podC, hostC := testutil.NewNS(t), "lgc"+testutil.RandSuffix(6)
	testutil.Veth(t, e.node, hostC, podC, "eth0")
	testutil.Addr(t, podC, "eth0", addrC+"/32")
	testutil.Run(t, e.node, "ip", "route", "add", addrC+"/32", "dev", hostC)
	testutil.Run(t, e.remote, "ip", "route", "add", "198.18.51.0/24", "via", "198.19.50.1")
	var mac string
	if err := e.node.Do(func(ns.NetNS) error {
		l, err := netlink.LinkByName(hostC)
		if err == nil {
			mac = l.Attrs().HardwareAddr.String()
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	testutil.Run(t, podC, "ip", "route", "add", "169.254.1.1", "dev", "eth0", "scope", "link")
	testutil.Run(t, podC, "ip", "route", "add", "default", "via", "169.254.1.1")
	testutil.Run(t, podC, "ip", "neigh", "add", "169.254.1.1", "lladdr", mac, "dev", "eth0")

	send(t, podC, addrA, 2)
	send(t, e.podB, addrC, 2)
	if got := e.seen(); got[netip.MustParseAddr(addrA)] != 2 || got[netip.MustParseAddr(addrC)] != 2 {
		t.Fatalf("without a binding the remote saw %v; the setup does not show the attack", got)
	}
	for _, b := range []linkguard.Binding{bindingOn(t, e, "podA", e.hostA, addrA), bindingOn(t, e, "podC", hostC, addrC)} {
		if err := g.Add(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	send(t, podC, addrA, 3)
	send(t, e.podB, addrC, 4)
	send(t, podC, addrC, 2)
	send(t, e.podA, addrA, 1)
	got := e.seen()
	if got[netip.MustParseAddr(addrC)] != 2 || got[netip.MustParseAddr(addrA)] != 1 {
		t.Fatalf("remote saw %v; want C's own 2 and A's own 1, none spoofed", got)
	}
	if d := drops(t, g, "podC"); d.From != 3 || d.As != 4 {
		t.Fatalf("C's drops %+v; want 3 from its link (as A), 4 as C (from B)", d)
	}
}
