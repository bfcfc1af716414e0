package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The only destinations a burst may have: the test ranges the e2e suite's
// remote namespace and the demo's use (198.19.0.0/16, RFC 2544; 2001:2::/48,
// RFC 5180), never routed anywhere.
var testRanges = []netip.Prefix{netip.MustParsePrefix("198.19.0.0/16"), netip.MustParsePrefix("2001:2::/48")}

// Bounds of one burst.
const (
	maxCount    = 1000
	maxDuration = 30 * time.Second
)

type sendOptions struct {
	mode     string
	src      netip.Addr
	dst      netip.AddrPort
	sport    uint16
	count    int
	interval time.Duration
	tag      string
	// refusedOK: a send the local firewall refuses (EPERM: a netfilter
	// drop of a locally generated packet) is counted and the burst goes
	// on, as a sender on the node's own namespace meets diktyo's binding.
	refusedOK bool
}

// sender sends one datagram's payload from the burst's source to its
// destination.
type sender interface {
	send(payload []byte) error
	Close() error
}

// modes: how each mode opens its sender, and the source family it takes
// (0: either).
var modes = map[string]struct {
	open   func(sendOptions) (sender, error)
	family int
	what   string
}{
	"spoof-udp":         {newRaw4, 4, "raw IPv4 socket, IP_HDRINCL: any source address"},
	"spoof-udp6":        {newRaw6, 6, "raw IPv6 socket, IPPROTO_RAW (header included): any source address"},
	"spoof-transparent": {newTransparent, 0, "UDP socket with IP_TRANSPARENT (IPV6_TRANSPARENT) bound to --src"},
	"send-udp":          {newPlain, 0, "ordinary UDP socket bound to --src (an address of this host)"},
}

func modeNames() string {
	var names []string
	for m := range modes {
		names = append(names, m)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// sendMain runs one burst; it returns the exit code (2: usage, 1: a
// socket or a send failed).
func sendMain(mode string, args []string, stdout, stderr io.Writer) int {
	m, ok := modes[mode]
	if !ok {
		fmt.Fprintf(stderr, "echosrc: unknown mode %q (want %s, or -listen)\n", mode, modeNames())
		return 2
	}
	o, err := parseSend(mode, m.family, args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "echosrc %s: %v\n", mode, err)
		}
		return 2
	}
	s, err := m.open(o)
	if err != nil {
		fmt.Fprintf(stderr, "echosrc %s: %v\n", mode, err)
		return 1
	}
	defer s.Close()
	n, refused, err := burst(s, o)
	fmt.Fprintf(stdout, "sent %d of %d from %s to %s (%s), %d refused\n", n, o.count, netip.AddrPortFrom(o.src, o.sport), o.dst, mode, refused)
	if err != nil {
		fmt.Fprintf(stderr, "echosrc %s: datagram %d: %v\n", mode, n, err)
		return 1
	}
	return 0
}

func parseSend(mode string, family int, args []string, stderr io.Writer) (sendOptions, error) {
	o := sendOptions{mode: mode}
	fs := flag.NewFlagSet("echosrc "+mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	src := fs.String("src", "", "source address (required)")
	dst := fs.String("dst", "", "destination ADDR:PORT, inside 198.19.0.0/16 or 2001:2::/48 (required)")
	sport := fs.Uint("sport", 6000, "source port")
	fs.IntVar(&o.count, "count", 10, fmt.Sprintf("datagrams to send (1-%d)", maxCount))
	fs.DurationVar(&o.interval, "interval", 20*time.Millisecond, "pause between datagrams")
	fs.StringVar(&o.tag, "tag", "echosrc-", "payload prefix (then the sequence number)")
	fs.BoolVar(&o.refusedOK, "refused-ok", false, "count sends the local firewall refuses (EPERM) and go on")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	var err error
	if o.src, err = netip.ParseAddr(*src); err != nil || o.src.Zone() != "" {
		return o, fmt.Errorf("--src %q: want an IP address", *src)
	}
	if o.dst, err = netip.ParseAddrPort(*dst); err != nil || o.dst.Port() == 0 {
		return o, fmt.Errorf("--dst %q: want ADDR:PORT", *dst)
	}
	if *sport == 0 || *sport > 65535 {
		return o, fmt.Errorf("--sport %d: want 1-65535", *sport)
	}
	o.sport = uint16(*sport)
	return o, o.check(family)
}

// check keeps a burst within its bounds: the test ranges, one family, a
// bounded count and duration.
func (o sendOptions) check(family int) error {
	if !slices.ContainsFunc(testRanges, func(p netip.Prefix) bool { return p.Contains(o.dst.Addr()) }) {
		return fmt.Errorf("--dst %s: only the test ranges %v", o.dst, testRanges)
	}
	if o.src.Is4() != o.dst.Addr().Is4() {
		return fmt.Errorf("--src %s and --dst %s: not one family", o.src, o.dst)
	}
	if (family == 4 && !o.src.Is4()) || (family == 6 && !o.src.Is6()) {
		return fmt.Errorf("--src %s: mode %s takes IPv%d", o.src, o.mode, family)
	}
	if o.count < 1 || o.count > maxCount {
		return fmt.Errorf("--count %d: want 1-%d", o.count, maxCount)
	}
	if o.interval < 0 || time.Duration(o.count)*o.interval > maxDuration {
		return fmt.Errorf("--count %d x --interval %s: more than %s", o.count, o.interval, maxDuration)
	}
	return nil
}

// burst sends o.count datagrams, o.interval apart; it stops at the first
// error (but a refused one with refusedOK) and returns how many were sent
// and how many refused.
func burst(s sender, o sendOptions) (sent, refused int, err error) {
	for i := range o.count {
		if i > 0 {
			time.Sleep(o.interval)
		}
		err := s.send(fmt.Appendf(nil, "%s%d", o.tag, i))
		switch {
		case err == nil:
			sent++
		case o.refusedOK && errors.Is(err, unix.EPERM):
			refused++
		default:
			return sent, refused, err
		}
	}
	return sent, refused, nil
}

// rawSender writes whole IP packets (header included) to a raw socket.
type rawSender struct {
	fd     int
	to     unix.Sockaddr
	packet func(payload []byte) []byte
}

func (r *rawSender) send(payload []byte) error { return unix.Sendto(r.fd, r.packet(payload), 0, r.to) }
func (r *rawSender) Close() error              { return unix.Close(r.fd) }

func newRaw4(o sendOptions) (sender, error) {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.IPPROTO_RAW)
	if err != nil {
		return nil, fmt.Errorf("raw IPv4 socket (needs CAP_NET_RAW): %w", err)
	}
	// IPPROTO_RAW implies it; said anyway.
	if err := unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_HDRINCL, 1); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("setsockopt IP_HDRINCL: %w", err)
	}
	return &rawSender{fd: fd, to: &unix.SockaddrInet4{Addr: o.dst.Addr().As4()}, packet: func(p []byte) []byte {
		return ipv4UDP(o.src, o.dst.Addr(), o.sport, o.dst.Port(), p)
	}}, nil
}

func newRaw6(o sendOptions) (sender, error) {
	// An IPv6 IPPROTO_RAW socket includes the header (Linux sets
	// hdrincl for it); the destination's port must be 0.
	fd, err := unix.Socket(unix.AF_INET6, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.IPPROTO_RAW)
	if err != nil {
		return nil, fmt.Errorf("raw IPv6 socket (needs CAP_NET_RAW): %w", err)
	}
	return &rawSender{fd: fd, to: &unix.SockaddrInet6{Addr: o.dst.Addr().As16()}, packet: func(p []byte) []byte {
		return ipv6UDP(o.src, o.dst.Addr(), o.sport, o.dst.Port(), p)
	}}, nil
}

// udpSender sends from a bound UDP socket.
type udpSender struct {
	conn net.PacketConn
	to   *net.UDPAddr
}

func (u *udpSender) send(payload []byte) error {
	_, err := u.conn.WriteTo(payload, u.to)
	return err
}
func (u *udpSender) Close() error { return u.conn.Close() }

func network(o sendOptions) string {
	if o.src.Is4() {
		return "udp4"
	}
	return "udp6"
}

// newTransparent binds a UDP socket to --src, which need not be an address
// of this host: IP_TRANSPARENT (IPV6_TRANSPARENT) lets a socket bind and
// send from any address; setting it takes CAP_NET_RAW or CAP_NET_ADMIN.
func newTransparent(o sendOptions) (sender, error) {
	level, opt, name := unix.SOL_IP, unix.IP_TRANSPARENT, "IP_TRANSPARENT"
	if o.src.Is6() {
		level, opt, name = unix.SOL_IPV6, unix.IPV6_TRANSPARENT, "IPV6_TRANSPARENT"
	}
	lc := net.ListenConfig{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		if err := c.Control(func(fd uintptr) { serr = unix.SetsockoptInt(int(fd), level, opt, 1) }); err != nil {
			return err
		}
		if serr != nil {
			return fmt.Errorf("setsockopt %s (needs CAP_NET_RAW or CAP_NET_ADMIN): %w", name, serr)
		}
		return nil
	}}
	conn, err := lc.ListenPacket(context.Background(), network(o), netip.AddrPortFrom(o.src, o.sport).String())
	if err != nil {
		return nil, err
	}
	return &udpSender{conn: conn, to: net.UDPAddrFromAddrPort(o.dst)}, nil
}

func newPlain(o sendOptions) (sender, error) {
	conn, err := net.ListenPacket(network(o), netip.AddrPortFrom(o.src, o.sport).String())
	if err != nil {
		return nil, err
	}
	return &udpSender{conn: conn, to: net.UDPAddrFromAddrPort(o.dst)}, nil
}
