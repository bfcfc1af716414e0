package e2e

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// The remote side of the tests: a network namespace standing for "the
// outside world", joined to the node by a veth. Only test ranges are used
// (198.19.0.0/16), and only inside this namespace and the test VM.
const (
	remoteHostAddr = "198.19.0.1/24" // node side of the veth
	remoteAddr     = "198.19.0.2"    // remote side
	remoteNet      = "198.19.0.0/24"
	// Destinations inside the remote namespace, each its own /24 so a
	// test can treat them differently (SNAT, exclude, route, table).
	dstSNAT    = "198.19.1.1" // reached through main; pods SNAT to it
	dstExclude = "198.19.2.1" // reached through main; excluded from SNAT
	dstRoute   = "198.19.3.1" // reached through main; pod routes play with it
	dstTable   = "198.19.5.1" // only reachable through host table 100
	testTable  = "100"
	listenPort = 8080

	// The IPv6 half (the test node's REMOTE_NET6, 2001:2:0:f000::/52,
	// inside the benchmarking range 2001:2::/48): the veth's /64, and
	// destinations each in a /64 of their own.
	remoteHostAddr6 = "2001:2:0:f000::1/64"
	remoteAddr6     = "2001:2:0:f000::2"
	dstSNAT6        = "2001:2:0:f001::1"
	dstExclude6     = "2001:2:0:f002::1"
	dstRoute6       = "2001:2:0:f003::1"
)

// remote is the remote namespace with TCP listeners that answer every
// connection with "seen ADDR:PORT", the source address they saw.
type remote struct {
	ns     ns.NetNS
	hostIf string
}

// newRemote creates the remote namespace, its veth and routes: the node
// reaches dstSNAT, dstExclude and dstRoute through its main table, and
// dstTable only through table 100. Everything goes when the test ends
// (deleting the veth deletes its routes in every table).
func newRemote(t *testing.T) *remote {
	t.Helper()
	r := &remote{ns: testutil.NewNS(t), hostIf: "dkr" + testutil.RandSuffix(8)}
	testutil.Veth(t, nil, r.hostIf, r.ns, "eth0")
	testutil.Addr(t, nil, r.hostIf, remoteHostAddr)
	testutil.Addr(t, r.ns, "eth0", remoteAddr+"/24")
	for _, a := range []string{dstSNAT, dstExclude, dstRoute, dstTable} {
		testutil.Addr(t, r.ns, "eth0", a+"/24")
	}
	testutil.Run(t, r.ns, "ip", "route", "add", "default", "via", "198.19.0.1")
	for _, a := range []string{dstSNAT, dstExclude, dstRoute} {
		testutil.Run(t, nil, "ip", "route", "add", prefix24(a), "via", remoteAddr, "dev", r.hostIf)
	}
	testutil.Run(t, nil, "ip", "route", "add", prefix24(dstTable), "via", remoteAddr, "dev", r.hostIf, "table", testTable)
	for _, a := range []string{dstSNAT, dstExclude, dstRoute, dstTable} {
		r.listen(t, net.JoinHostPort(a, strconv.Itoa(listenPort)))
	}
	r.addIPv6(t)
	return r
}

// addIPv6 gives the remote its IPv6 half: the veth's addresses (without
// duplicate address detection, which would hold them back for a second),
// the destinations, and routes both ways.
func (r *remote) addIPv6(t *testing.T) {
	t.Helper()
	testutil.Run(t, nil, "ip", "-6", "addr", "add", remoteHostAddr6, "dev", r.hostIf, "nodad")
	testutil.Run(t, r.ns, "ip", "-6", "addr", "add", remoteAddr6+"/64", "dev", "eth0", "nodad")
	for _, a := range []string{dstSNAT6, dstExclude6, dstRoute6} {
		testutil.Run(t, r.ns, "ip", "-6", "addr", "add", a+"/64", "dev", "eth0", "nodad")
		testutil.Run(t, nil, "ip", "-6", "route", "add", prefix64(a).String(), "via", remoteAddr6, "dev", r.hostIf)
	}
	testutil.Run(t, r.ns, "ip", "-6", "route", "add", "default", "via", strings.TrimSuffix(remoteHostAddr6, "/64"))
	for _, a := range []string{remoteAddr6, dstSNAT6, dstExclude6, dstRoute6} {
		r.listen(t, net.JoinHostPort(a, strconv.Itoa(listenPort)))
	}
}

func prefix64(addr string) netip.Prefix {
	return netip.PrefixFrom(netip.MustParseAddr(addr), 64).Masked()
}

func prefix24(addr string) string {
	return netip.PrefixFrom(netip.MustParseAddr(addr), 24).Masked().String()
}

// listen serves addr inside the remote namespace until the test ends.
func (r *remote) listen(t *testing.T, addr string) {
	t.Helper()
	var l net.Listener
	err := r.ns.Do(func(ns.NetNS) error {
		var err error
		l, err = net.Listen("tcp", addr)
		return err
	})
	if err != nil {
		t.Fatalf("listening on %s in the remote netns: %v", addr, err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { _ = l.Close(); <-done })
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if errors.Is(err, net.ErrClosed) {
				return
			}
			if err != nil {
				continue
			}
			go r.answer(c)
		}
	}()
}

func (r *remote) answer(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	src, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return
	}
	_, _ = bufio.NewReader(c).ReadString('\n')
	_, _ = c.Write([]byte("seen " + src.String() + "\n"))
}

// parseSeen extracts the source address a listener reported.
func parseSeen(out string) (netip.AddrPort, error) {
	for _, line := range strings.Split(out, "\n") {
		if s, ok := strings.CutPrefix(strings.TrimSpace(line), "seen "); ok {
			return netip.ParseAddrPort(s)
		}
	}
	return netip.AddrPort{}, fmt.Errorf("no answer from the remote in %q", out)
}

// expectSource connects from p to dst:listenPort and checks the source
// the remote saw: address want, port within [lo, hi] (0, 0: any port).
// It reports with t.Errorf only, so goroutines may call it.
func expectSource(t *testing.T, p *pod, dst, want string, lo, hi uint16) {
	t.Helper()
	out, err := p.connect(t, net.JoinHostPort(dst, strconv.Itoa(listenPort)))
	if err != nil {
		t.Errorf("pod %s to %s: %v\n%s", p.Name, dst, err, out)
		return
	}
	seen, err := parseSeen(out)
	if err != nil {
		t.Errorf("pod %s to %s: %v", p.Name, dst, err)
		return
	}
	if seen.Addr().String() != want {
		t.Errorf("pod %s (%s) to %s: remote saw source %s, want %s", p.Name, p.IP, dst, seen, want)
	}
	if lo != 0 && (seen.Port() < lo || seen.Port() > hi) {
		t.Errorf("pod %s to %s: source port %d outside %d-%d", p.Name, dst, seen.Port(), lo, hi)
	}
}

// expectNoConnection checks that p cannot reach dst:listenPort, and
// returns the error text (busybox's message) for the log.
func expectNoConnection(t *testing.T, p *pod, dst string) string {
	t.Helper()
	out, err := p.connect(t, net.JoinHostPort(dst, strconv.Itoa(listenPort)))
	if err == nil && strings.Contains(out, "seen ") {
		t.Errorf("pod %s reached %s (%q), want no connection", p.Name, dst, out)
		return ""
	}
	if err != nil {
		return err.Error()
	}
	return out
}
