package linkguard_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

const (
	egRemote  = "198.19.51.2"
	egManaged = "198.19.51.10" // a managed egress address: on the node, every port guarded
	egPooled  = "198.19.51.11" // an address of the admin's with a pool: its ports guarded
)

// uplinked is a node with its uplink to a remote, and two egress
// addresses on it.
func uplinked(t *testing.T) (node, remote ns.NetNS) {
	node, remote = testutil.NewNS(t), testutil.NewNS(t)
	testutil.Veth(t, node, "up0", remote, "eth0")
	testutil.Addr(t, node, "up0", "198.19.51.1/24")
	testutil.Addr(t, node, "up0", egManaged+"/32")
	testutil.Addr(t, node, "up0", egPooled+"/32")
	testutil.Addr(t, remote, "eth0", egRemote+"/24")
	return node, remote
}

func sa4(addr string, port int) *unix.SockaddrInet4 {
	return &unix.SockaddrInet4{Port: port, Addr: netip.MustParseAddr(addr).As4()}
}

// freebound is a socket of typ bound, with IP_FREEBIND (no capability
// needed), to addr:port.
func freebound(typ int, addr string, port int) (int, error) {
	fd, err := unix.Socket(unix.AF_INET, typ, 0)
	if err != nil {
		return -1, err
	}
	if err := unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_FREEBIND, 1); err != nil {
		_ = unix.Close(fd)
		return -1, err
	}
	if err := unix.Bind(fd, sa4(addr, port)); err != nil {
		_ = unix.Close(fd)
		return -1, err
	}
	return fd, nil
}

// connectFrom connects, with no capability, from addr:port to the
// remote's listener: nil when the connection is made. With block false
// it only sends the SYN (the drop in output is not told to connect).
func connectFrom(t *testing.T, node ns.NetNS, addr string, port int, block bool) error {
	t.Helper()
	var out error
	withCaps(t, node.Path(), 0, func() error {
		typ := unix.SOCK_STREAM
		if !block {
			typ |= unix.SOCK_NONBLOCK
		}
		fd, err := freebound(typ, addr, port)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		out = unix.Connect(fd, sa4(egRemote, 9998))
		return nil
	})
	return out
}

// sendFrom sends one datagram, with no capability, from addr:port.
func sendFrom(t *testing.T, node ns.NetNS, addr string, port int) error {
	t.Helper()
	var out error
	withCaps(t, node.Path(), 0, func() error {
		fd, err := freebound(unix.SOCK_DGRAM, addr, port)
		if err != nil {
			return err
		}
		defer func() { _ = unix.Close(fd) }()
		out = unix.Sendto(fd, []byte(addr), 0, sa4(egRemote, 9997))
		return nil
	})
	return out
}

func egressDrops(t *testing.T, node ns.NetNS) uint64 {
	t.Helper()
	c, err := nft.Open(node.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	rules, err := c.ListRules(linkguard.DefaultEgressTable, linkguard.OutputChain)
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, r := range rules {
		for _, e := range r.Exprs {
			if ct, ok := e.(*expr.Counter); ok {
				n += ct.Packets
			}
		}
	}
	return n
}

// TestEgressAddressNodeSenderRefused: a process of the node with no
// capability binds a managed egress address, or a pool's port on
// another, with IP_FREEBIND and connects out. Before the guard it
// reaches the remote as the pods' external (the hole); with it the
// kernel refuses it, while the node's replies on the address, and its
// own traffic outside the pool's ports, still leave.
func TestEgressAddressNodeSenderRefused(t *testing.T) {
	node, remote := uplinked(t)
	var tcp net.Listener
	var udp *net.UDPConn
	if err := remote.Do(func(ns.NetNS) error {
		var err error
		if tcp, err = net.Listen("tcp4", egRemote+":9998"); err != nil {
			return err
		}
		udp, err = net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(egRemote), Port: 9997})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tcp.Close(); _ = udp.Close() })
	if err := connectFrom(t, node, egPooled, 20050, true); err != nil {
		t.Fatalf("without the guard, connecting from a pool's port: %v; the setup does not show the hole", err)
	}

	g := &linkguard.Egress{Table: linkguard.DefaultEgressTable, NetNS: node.Path()}
	ctx := context.Background()
	spec := linkguard.EgressSpec{Whole: []netip.Addr{netip.MustParseAddr(egManaged)},
		Ports: []linkguard.PortRange{{Addr: netip.MustParseAddr(egPooled), Lo: 20000, Hi: 20099}}}
	if err := g.Apply(ctx, spec); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Apply(context.Background(), linkguard.EgressSpec{}) })
	for _, c := range []struct {
		addr string
		port int
	}{{egManaged, 30000}, {egManaged, 20050}, {egPooled, 20000}, {egPooled, 20099}} {
		if err := sendFrom(t, node, c.addr, c.port); !errors.Is(err, unix.EPERM) {
			t.Fatalf("a datagram from %s:%d: %v; want EPERM", c.addr, c.port, err)
		}
	}
	before := egressDrops(t, node)
	if err := connectFrom(t, node, egPooled, 20051, false); !errors.Is(err, unix.EINPROGRESS) {
		t.Fatalf("non-blocking connect: %v", err)
	}
	if n := egressDrops(t, node) - before; n != 1 {
		t.Fatalf("the SYN from %s:20051: %d dropped; want 1", egPooled, n)
	}
	// Outside the pool's ports the admin's address is the node's own.
	if err := sendFrom(t, node, egPooled, 30000); err != nil {
		t.Fatalf("a datagram from %s:30000 (no pool's port): %v", egPooled, err)
	}
	buf := make([]byte, 64)
	_ = udp.SetReadDeadline(time.Now().Add(30 * time.Second))
	if n, from, err := udp.ReadFromUDPAddrPort(buf); err != nil || string(buf[:n]) != egPooled || from.Port() != 30000 {
		t.Fatalf("remote got %q from %v (%v); want only the datagram from outside the pool", buf[:n], from, err)
	}
	// A connection the remote opens to the managed address is answered.
	var ln net.Listener
	if err := node.Do(func(ns.NetNS) error {
		var err error
		ln, err = net.Listen("tcp4", egManaged+":8080")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	if err := remote.Do(func(ns.NetNS) error {
		c, err := net.DialTimeout("tcp4", egManaged+":8080", 30*time.Second)
		if err == nil {
			_ = c.Close()
		}
		return err
	}); err != nil {
		t.Fatalf("the remote connecting to the managed address: %v (the node's reply was dropped)", err)
	}

	if err := g.Apply(ctx, linkguard.EgressSpec{}); err != nil {
		t.Fatal(err)
	}
	if out := testutil.Run(t, node, "nft", "list", "tables"); strings.Contains(out, linkguard.DefaultEgressTable) {
		t.Fatalf("no egress addresses left the table: %s", out)
	}
}

// TestPortReserverKeepsAdminEntries: the pools' ports are reserved
// beside the admin's entries, overlapping ones included, and removing
// them leaves exactly the admin's, whoever reserved what since.
func TestPortReserverKeepsAdminEntries(t *testing.T) {
	node := testutil.NewNS(t)
	sysctl := func(v string) string {
		t.Helper()
		if v != "" {
			testutil.Run(t, node, "sysctl", "-qw", "net.ipv4.ip_local_reserved_ports="+v)
		}
		return strings.TrimSpace(testutil.Run(t, node, "cat", "/proc/sys/net/ipv4/ip_local_reserved_ports"))
	}
	sysctl("20005,40000-40010")
	r := &linkguard.PortReserver{NetNS: node.Path(), Record: filepath.Join(t.TempDir(), "reserved-ports")}
	pool := func(lo, hi uint16) linkguard.PortRange {
		return linkguard.PortRange{Addr: netip.MustParseAddr(egPooled), Lo: lo, Hi: hi}
	}
	steps := []struct {
		want   []linkguard.PortRange
		before string // the admin's change, if any
		got    string
	}{
		{want: []linkguard.PortRange{pool(20000, 20099)}, got: "20000-20099,40000-40010"},
		{want: []linkguard.PortRange{pool(20000, 20049), pool(20040, 20060)}, got: "20000-20060,40000-40010"},
		{want: []linkguard.PortRange{pool(20000, 20060)}, before: "20000-20060,40000-40010,50000", got: "20000-20060,40000-40010,50000"},
		{want: nil, got: "20005,40000-40010,50000"},
	}
	for i, s := range steps {
		if s.before != "" {
			sysctl(s.before)
		}
		// A new reserver each time: what it knows is in the record.
		r = &linkguard.PortReserver{NetNS: r.NetNS, Record: r.Record}
		if err := r.Apply(s.want); err != nil {
			t.Fatal(err)
		}
		if got := sysctl(""); got != s.got {
			t.Fatalf("step %d: ip_local_reserved_ports = %q; want %q", i, got, s.got)
		}
	}
	if b, err := os.ReadFile(r.Record); err != nil || strings.TrimSpace(string(b)) != "" {
		t.Fatalf("record after the last pool went: %q, %v", b, err)
	}
}
