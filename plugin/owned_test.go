package plugin_test

import (
	"context"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netlink/nl"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr/lantest"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin"
)

// Managed addresses are owned per instance (docs/egress.md, "Who owns
// an address"): each diktyo-nri withdraws only what its own ledger
// records.

var ext2 = netip.MustParseAddr("203.0.113.11")

// unproven reports whether p's status lists a as not its own.
func unproven(p *plugin.Plugin, a netip.Addr) bool {
	return slices.ContainsFunc(p.Daemon().UnprovenAddresses, func(s string) bool { return strings.HasPrefix(s, a.String()+" ") })
}

// TestManagedAddressesTwoInstances: two diktyo-nri instances in one
// network namespace, each with its own runtime, config, state dir and
// chain, share the LAN interface; each assigns its own managed address.
// Neither one's GC, reconcile, pod removal or restart withdraws the
// other's; each withdraws its own when its last pod goes. (Before
// ownership records, each withdrew the other's at its first GC: a
// marked address none of its pods used.)
func TestManagedAddressesTwoInstances(t *testing.T) {
	e1, l := newManagedEnv(t)
	e2 := newEnvIn(t, "fail", policy.DefaultConfig().Chain.InProcess, e1.host)
	// Its own link-guard table too, as its own ipmasq tag: instances
	// side by side share no chain state.
	e2.write(e2.conflist, strings.Replace(mustRead(t, e2.conflist), `"type": "ipmasq",`, `"type": "ipmasq", "guardTable": "diktyo-guard-2",`, 1))
	e2.write(e2.config, e2.managedConfig(`[{address: 203.0.113.11, interface: uplink, manage: true}]`, ""))
	p1, stop1 := e1.startPlugin()
	p2, stop2 := e2.startPlugin()

	a1 := e1.pod("a1", "team-a", "198.51.100.121", masqTo("203.0.113.10:5000-5010"))
	a2 := e2.pod("a2", "team-a", "198.51.100.122", masqTo("203.0.113.11"))
	if err := e1.run(a1); err != nil {
		t.Fatalf("instance 1's pod: %v", err)
	}
	if err := e2.run(a2); err != nil {
		t.Fatalf("instance 2's pod: %v", err)
	}
	both := func(when string) {
		t.Helper()
		for _, a := range []netip.Addr{ext, ext2} {
			if assigned(t, e1.host, a) == "" {
				t.Fatalf("%s: %s withdrawn", when, a)
			}
		}
	}
	both("both pods running")
	for _, lg := range []struct {
		dir string
		a   netip.Addr
	}{{e1.dir, ext}, {e2.dir, ext2}} {
		recs := hostaddr.OpenLedger(filepath.Join(lg.dir, "egress")).Records()
		if len(recs) != 1 || recs[0].Addr != lg.a {
			t.Errorf("ledger of %s: %+v; want one record of %s", lg.dir, recs, lg.a)
		}
	}

	// GC and reconcile of each: the other's address is not theirs.
	p1.Reconcile(context.Background(), "periodic")
	p2.Reconcile(context.Background(), "periodic")
	both("after both GCs")
	if !unproven(p1, ext2) || unproven(p1, ext) || !unproven(p2, ext) || unproven(p2, ext2) {
		t.Errorf("status: instance 1 %q, instance 2 %q; want each to list the other's address only",
			p1.Daemon().UnprovenAddresses, p2.Daemon().UnprovenAddresses)
	}
	if s := p1.Daemon().State; s != "synchronized" {
		t.Errorf("instance 1 %s beside instance 2; want synchronized (another's address is no fault)", s)
	}

	// Restarts: each finds its own again, and keeps the other's.
	stop1()
	p1, stop1 = e1.startPlugin()
	both("after instance 1's restart")
	stop2()
	p2, _ = e2.startPlugin()
	both("after instance 2's restart")
	p1.Reconcile(context.Background(), "periodic")
	p2.Reconcile(context.Background(), "periodic")
	both("after the GCs of the restarted instances")
	l.Reach(t, ext)
	l.Reach(t, ext2)

	// Instance 1's last pod goes: its own is withdrawn, not the other's.
	e1.stop(a1)
	e1.remove(a1)
	if line := assigned(t, e1.host, ext); line != "" {
		t.Fatalf("instance 1's address after its last pod: %s", line)
	}
	if assigned(t, e1.host, ext2) == "" {
		t.Fatal("instance 1's pod removal withdrew instance 2's address")
	}
	stop1()
	p1, _ = e1.startPlugin()
	p1.Reconcile(context.Background(), "periodic")
	if assigned(t, e1.host, ext2) == "" {
		t.Fatal("instance 1, restarted without pods, withdrew instance 2's address")
	}
	e2.stop(a2)
	e2.remove(a2)
	if line := assigned(t, e1.host, ext2); line != "" {
		t.Fatalf("instance 2's address after its last pod: %s", line)
	}
	for _, dir := range []string{e1.dir, e2.dir} {
		if recs := hostaddr.OpenLedger(filepath.Join(dir, "egress")).Records(); len(recs) != 0 {
			t.Errorf("ledger of %s after the withdrawals: %+v", dir, recs)
		}
	}
}

// addUntagged assigns a as a diktyo before ownership records did:
// marked (IFA_PROTO 0xd1), no tag.
func addUntagged(t *testing.T, host ns.NetNS, a netip.Addr) {
	t.Helper()
	err := host.Do(func(ns.NetNS) error {
		link, err := netlink.LinkByName(lantest.Uplink)
		if err != nil {
			return err
		}
		req := nl.NewNetlinkRequest(unix.RTM_NEWADDR, unix.NLM_F_CREATE|unix.NLM_F_EXCL|unix.NLM_F_ACK)
		msg := nl.NewIfAddrmsg(unix.AF_INET)
		msg.Index = uint32(link.Attrs().Index)
		msg.Prefixlen = 32
		req.AddData(msg)
		req.AddData(nl.NewRtAttr(unix.IFA_LOCAL, a.AsSlice()))
		req.AddData(nl.NewRtAttr(unix.IFA_ADDRESS, a.AsSlice()))
		req.AddData(nl.NewRtAttr(unix.IFA_FLAGS, nl.Uint32Attr(unix.IFA_F_NOPREFIXROUTE)))
		req.AddData(nl.NewRtAttr(11 /* IFA_PROTO */, []byte{hostaddr.Proto}))
		_, err = req.Execute(unix.NETLINK_ROUTE, 0)
		return err
	})
	if err != nil {
		t.Fatalf("assigning %s the old way: %v", a, err)
	}
}

// TestManagedAddressUpgrade: addresses marked by a diktyo before
// ownership records (untagged, no ledger). The one this instance's own
// cached pod uses is adopted at its first start with a ledger, and
// withdrawn when the pod goes; the one nothing of its own names (another
// instance's) is left alone across GCs and restarts, listed in status.
func TestManagedAddressUpgrade(t *testing.T) {
	e := newEnv(t, "fail")
	lantest.WithNode(t, e.host)
	e.write(e.config, e.managedConfig(`[{address: 203.0.113.10, interface: uplink, manage: true},
    {address: 203.0.113.11, interface: uplink, manage: true}]`, ""))
	_, stop := e.startPlugin()
	a := e.pod("a", "team-a", "198.51.100.123", masqTo("203.0.113.10:5000-5010"))
	if err := e.run(a); err != nil {
		t.Fatalf("pod a: %v", err)
	}
	stop()
	// Back to what a diktyo without ledgers left: no ledger, the
	// addresses marked but untagged.
	if err := os.Remove(filepath.Join(e.dir, "egress", hostaddr.LedgerFile)); err != nil {
		t.Fatal(err)
	}
	for _, x := range []netip.Addr{ext, ext2} {
		if assigned(t, e.host, x) != "" {
			testutil.Run(t, e.host, "ip", "address", "del", x.String()+"/32", "dev", lantest.Uplink)
		}
		addUntagged(t, e.host, x)
	}

	p, stop := e.startPlugin()
	if recs := hostaddr.OpenLedger(filepath.Join(e.dir, "egress")).Records(); len(recs) != 1 || recs[0].Addr != ext || !recs[0].Adopted {
		t.Fatalf("ledger after the upgrade: %+v; want %s adopted", recs, ext)
	}
	if !unproven(p, ext2) || unproven(p, ext) {
		t.Errorf("status %q; want %s listed, %s not", p.Daemon().UnprovenAddresses, ext2, ext)
	}
	p.Reconcile(context.Background(), "periodic")
	if assigned(t, e.host, ext2) == "" || assigned(t, e.host, ext) == "" {
		t.Fatal("an address withdrawn by the GC after the upgrade")
	}
	stop()
	p, _ = e.startPlugin()
	e.stop(a)
	e.remove(a)
	if line := assigned(t, e.host, ext); line != "" {
		t.Fatalf("the adopted address after its last pod: %s", line)
	}
	p.Reconcile(context.Background(), "periodic")
	if assigned(t, e.host, ext2) == "" {
		t.Fatal("withdrew an untagged address nothing of its own names")
	}
	if !unproven(p, ext2) {
		t.Errorf("status %q; want %s listed", p.Daemon().UnprovenAddresses, ext2)
	}
}
