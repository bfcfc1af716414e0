package hostaddr

import (
	"errors"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/mdlayher/packet"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr/lantest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestAnswerQueuedPastTheDeadline: on a loaded node the probe's reader
// may first run after its deadline, with the squatter's answer already
// queued on the socket. Go's poller then reports the deadline without
// reading, and the probe took the address as free (the conflict was
// missed: TestAdmissionFailureAtReconcileRetried failed once so, beside
// a busy machine). The answer queued in time must count.
func TestAnswerQueuedPastTheDeadline(t *testing.T) {
	for _, c := range []struct {
		name, cidr string
		addr       netip.Addr
		proto      int
	}{
		{"ipv4", "203.0.113.10/24", netip.MustParseAddr("203.0.113.10"), ethTypeARP},
		{"ipv6", "2001:db8::10/64", netip.MustParseAddr("2001:db8::10"), ethTypeIPv6},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := lantest.New(t)
			sq, sqMAC := l.Join(t)
			testutil.Addr(t, sq, "eth0", c.cidr)
			a := Address{Addr: c.addr, Interface: lantest.Uplink}
			var conn *packet.Conn
			var ifi *net.Interface
			err := l.Node.Do(func(ns.NetNS) error {
				var err error
				if ifi, err = net.InterfaceByName(lantest.Uplink); err != nil {
					return err
				}
				conn, err = packet.Listen(ifi, packet.Datagram, c.proto, nil)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			frame, dst, err := probeFrame(conn, ifi, a)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := conn.WriteTo(frame, &packet.Addr{HardwareAddr: dst}); err != nil {
				t.Fatal(err)
			}
			awaitQueued(t, conn)
			// The reader comes after its deadline, the answer waiting.
			_ = conn.SetReadDeadline(time.Now().Add(-time.Second))
			err = readAnswers(conn, ifi, a)
			var ce *ConflictError
			if !errors.As(err, &ce) || ce.MAC.String() != sqMAC {
				t.Fatalf("answer queued before the reader ran: %v, want a conflict with %s", err, sqMAC)
			}
		})
	}
}

// awaitQueued waits until the kernel has queued a frame on c (the
// socket's own statistics, read and reset), for at most 10 s.
func awaitQueued(t *testing.T, c *packet.Conn) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		st, err := c.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if st.Packets > 0 {
			return
		}
	}
	t.Fatal("no answer queued within 10 s")
}
