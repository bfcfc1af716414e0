package hostaddr_test

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr/lantest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

var (
	ext4 = netip.MustParseAddr("203.0.113.10")
	ext6 = netip.MustParseAddr("2001:db8::10")
)

func manager(l *lantest.LAN) *hostaddr.Manager {
	return hostaddr.New(hostaddr.Options{NetNS: l.Node.Path(), AnnounceNum: 1})
}

// ledger is a fresh ledger in a directory of the test's.
func ledger(t *testing.T) *hostaddr.Ledger {
	t.Helper()
	return hostaddr.OpenLedger(t.TempDir())
}

// addrLine is the `ip address` line of a on the node's uplink, or "".
func addrLine(t *testing.T, n ns.NetNS, a netip.Addr) string {
	t.Helper()
	for _, line := range strings.Split(testutil.Run(t, n, "ip", "-d", "address", "show", "dev", lantest.Uplink), "\n") {
		if strings.Contains(line, " "+a.String()+"/") {
			return line
		}
	}
	return ""
}

// TestEnsureWithdraw: a free address is assigned (host prefix, no prefix
// route, marked, IPv6 deprecated), the router's stale neighbour entry
// moves to the node's MAC within 1 s, the node's own source selection is
// unchanged, the router reaches the address; Withdraw removes it.
func TestEnsureWithdraw(t *testing.T) {
	for _, c := range []struct {
		name  string
		ext   netip.Addr
		other string // the router, as the node reaches it
		bits  string
	}{{"ipv4", ext4, "203.0.113.1", "/32"}, {"ipv6", ext6, "2001:db8::1", "/128"}} {
		t.Run(c.name, func(t *testing.T) {
			l := lantest.New(t)
			// The router knew the address at somebody else's MAC.
			l.StaleNeighbour(t, c.ext, "02:00:00:00:00:99")
			m := manager(l)
			lg := ledger(t)
			start := time.Now()
			res, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: c.ext, Interface: lantest.Uplink})
			if err != nil || res != hostaddr.Assigned {
				t.Fatalf("Ensure: %v, %v; want assigned", res, err)
			}
			took := time.Since(start)
			l.WaitNeighbour(t, c.ext, l.NodeMAC, time.Second-took)
			line := addrLine(t, l.Node, c.ext)
			// (iproute2 6.1 does not print IFA_PROTO: Owned checks the marker.)
			if !strings.Contains(line, c.ext.String()+c.bits) || !strings.Contains(line, "noprefixroute") {
				t.Errorf("address line %q: want %s%s noprefixroute", line, c.ext, c.bits)
			}
			recs := lg.Records()
			if len(recs) != 1 || recs[0].Addr != c.ext || recs[0].Tag == 0 || !strings.Contains(line, fmt.Sprintf(" metric %d ", recs[0].Tag)) {
				t.Errorf("ledger %+v, address line %q: want one record whose tag is the address's metric", recs, line)
			}
			if c.ext.Is6() && !strings.Contains(line, "deprecated") {
				t.Errorf("address line %q: want deprecated", line)
			}
			if r := testutil.Run(t, l.Node, "ip", "route", "show", "table", "main"); strings.Contains(r, c.ext.String()) {
				t.Errorf("a prefix route for %s:\n%s", c.ext, r)
			}
			if r := testutil.Run(t, l.Node, "ip", "route", "get", c.other); strings.Contains(r, "src "+c.ext.String()) {
				t.Errorf("the node picks %s as its own source: %s", c.ext, r)
			}
			l.Reach(t, c.ext)
			inv, err := m.Inventory(lg)
			if err != nil || len(inv.Own) != 1 || inv.Own[0].Addr != c.ext || inv.Own[0].Interface != lantest.Uplink || len(inv.Unproven) != 0 {
				t.Errorf("Inventory: %+v, %v", inv, err)
			}
			// Already there and ours: nothing to do, no probe.
			if res, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: c.ext, Interface: lantest.Uplink}); err != nil || res != hostaddr.Owned {
				t.Errorf("second Ensure: %v, %v; want owned", res, err)
			}
			// Another instance's ledger does not own it.
			other := ledger(t)
			if removed, err := m.Withdraw(other, c.ext); err != nil || removed {
				t.Fatalf("Withdraw through another ledger: %v, %v; want not removed", removed, err)
			}
			// A new manager and the ledger read again (a restarted
			// diktyo-nri) see it as ours.
			if removed, err := manager(l).Withdraw(hostaddr.OpenLedger(lg.Dir()), c.ext); err != nil || !removed {
				t.Fatalf("Withdraw: %v, %v", removed, err)
			}
			if line := addrLine(t, l.Node, c.ext); line != "" {
				t.Errorf("still there after Withdraw: %q", line)
			}
		})
	}
}

// TestConflict: a squatter on the same link holds the address; Ensure
// refuses it naming the squatter's MAC and assigns nothing; once the
// squatter has left, it succeeds.
func TestConflict(t *testing.T) {
	for _, c := range []struct {
		name, cidr string
		ext        netip.Addr
	}{{"ipv4", "203.0.113.10/24", ext4}, {"ipv6", "2001:db8::10/64", ext6}} {
		t.Run(c.name, func(t *testing.T) {
			l := lantest.New(t)
			sq, sqMAC := l.Join(t)
			testutil.Addr(t, sq, "eth0", c.cidr)
			m := manager(l)
			lg := ledger(t)
			_, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: c.ext, Interface: lantest.Uplink})
			var ce *hostaddr.ConflictError
			if !errors.As(err, &ce) || !errors.Is(err, hostaddr.ErrConflict) || ce.MAC.String() != sqMAC ||
				!strings.Contains(err.Error(), c.ext.String()) || !strings.Contains(err.Error(), sqMAC) {
				t.Fatalf("Ensure with a squatter: %v; want a conflict naming %s and %s", err, c.ext, sqMAC)
			}
			if line := addrLine(t, l.Node, c.ext); line != "" {
				t.Fatalf("assigned despite the conflict: %q", line)
			}
			testutil.Run(t, sq, "ip", "address", "del", c.cidr, "dev", "eth0")
			if len(lg.Records()) != 0 {
				t.Errorf("a record after the conflict: %+v", lg.Records())
			}
			if res, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: c.ext, Interface: lantest.Uplink}); err != nil || res != hostaddr.Assigned {
				t.Fatalf("Ensure after the squatter left: %v, %v", res, err)
			}
		})
	}
}

// TestForeign: an address the admin assigned is used, never listed as
// diktyo's, never removed.
func TestForeign(t *testing.T) {
	l := lantest.New(t)
	testutil.Run(t, l.Node, "ip", "address", "add", "203.0.113.10/32", "dev", lantest.Uplink)
	m := manager(l)
	lg := ledger(t)
	if res, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: ext4, Interface: lantest.Uplink}); err != nil || res != hostaddr.Foreign {
		t.Fatalf("Ensure of the admin's address: %v, %v; want foreign", res, err)
	}
	if inv, err := m.Inventory(lg); err != nil || len(inv.Own)+len(inv.Unproven) != 0 {
		t.Errorf("Inventory: %+v, %v; want none", inv, err)
	}
	if removed, err := m.Withdraw(lg, ext4); err != nil || removed {
		t.Errorf("Withdraw of the admin's address: %v, %v; want not removed", removed, err)
	}
	if addrLine(t, l.Node, ext4) == "" {
		t.Fatal("the admin's address was removed")
	}
	if ok, err := m.Present(ext4); err != nil || !ok {
		t.Errorf("Present: %v, %v", ok, err)
	}
	if ok, err := m.Present(ext6); err != nil || ok {
		t.Errorf("Present(%s): %v, %v; want false", ext6, ok, err)
	}
}

// TestForeignDuringProbe: an address someone else (keepalived, an admin)
// puts on the node while diktyo probes for it is theirs: Ensure reports
// it foreign and it stays; diktyo never removes what it did not assign.
func TestForeignDuringProbe(t *testing.T) {
	l := lantest.New(t)
	m := manager(l)
	lg := ledger(t)
	type result struct {
		res hostaddr.Result
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: ext4, Interface: lantest.Uplink})
		done <- result{res, err}
	}()
	time.Sleep(100 * time.Millisecond) // inside the probe (3 probes 100 ms apart)
	testutil.Run(t, l.Node, "ip", "address", "add", "203.0.113.10/32", "dev", lantest.Uplink)
	r := <-done
	if r.err != nil || r.res != hostaddr.Foreign {
		t.Fatalf("Ensure while another added the address: %v, %v; want foreign", r.res, r.err)
	}
	if addrLine(t, l.Node, ext4) == "" {
		t.Fatal("the address another added during the probe was removed")
	}
	if len(lg.Records()) != 0 {
		t.Errorf("a record for an address someone else assigned: %+v", lg.Records())
	}
}

// TestNoInterface: a missing or down interface is refused by name.
func TestNoInterface(t *testing.T) {
	l := lantest.New(t)
	m := manager(l)
	lg := ledger(t)
	_, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: ext4, Interface: "nosuch0"})
	if !errors.Is(err, hostaddr.ErrNoInterface) || !strings.Contains(err.Error(), `"nosuch0"`) || !strings.Contains(err.Error(), ext4.String()) {
		t.Fatalf("missing interface: %v", err)
	}
	testutil.Run(t, l.Node, "ip", "link", "set", lantest.Uplink, "down")
	if _, err := m.Ensure(context.Background(), lg, hostaddr.Address{Addr: ext4, Interface: lantest.Uplink}); !errors.Is(err, hostaddr.ErrNoInterface) {
		t.Fatalf("interface down: %v", err)
	}
	if addrLine(t, l.Node, ext4) != "" {
		t.Fatal("assigned to a down interface")
	}
}
