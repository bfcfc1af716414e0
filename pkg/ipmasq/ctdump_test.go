package ipmasq

import (
	"fmt"
	"net"
	"net/netip"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netlink/nl"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// addFlows creates n UDP entries from src (ports from base), replies
// from dst, in the calling thread's namespace.
func addFlows(tb testing.TB, src, dst string, base, n int) {
	tb.Helper()
	for i := range n {
		sp, dp := uint16(base+i%50000), uint16(1+i/50000)
		f := &netlink.ConntrackFlow{FamilyType: unix.AF_INET, TimeOut: 120,
			Forward: netlink.IPTuple{SrcIP: net.ParseIP(src).To4(), DstIP: net.ParseIP(dst).To4(), Protocol: unix.IPPROTO_UDP, SrcPort: sp, DstPort: dp},
			Reverse: netlink.IPTuple{SrcIP: net.ParseIP(dst).To4(), DstIP: net.ParseIP(src).To4(), Protocol: unix.IPPROTO_UDP, SrcPort: dp, DstPort: sp}}
		if err := netlink.ConntrackCreate(netlink.ConntrackTable, unix.AF_INET, f); err != nil {
			tb.Fatalf("creating conntrack entry %d: %v", i, err)
		}
	}
}

func countFlows(tb testing.TB) int {
	tb.Helper()
	fs, err := netlink.ConntrackTableList(netlink.ConntrackTable, unix.AF_INET)
	if err != nil {
		tb.Fatal(err)
	}
	return len(fs)
}

// TestPodFlowsKernelFiltered: the kernel sends only the pod's entries
// (so a full table is never copied to user space), and PodFlows deletes
// exactly the pod's, from and to it, and nothing else.
func TestPodFlowsKernelFiltered(t *testing.T) {
	testutil.RequireRoot(t)
	// Below filterAbove one plain dump is read; above it, the kernel's
	// filtered walks: both must delete exactly the same.
	for _, others := range []int{500, filterAbove + 500} {
		t.Run(fmt.Sprintf("others=%d", others), func(t *testing.T) {
			n := testutil.NewNS(t)
			err := n.Do(func(ns.NetNS) error {
				addFlows(t, "198.51.100.1", "192.0.2.1", 1000, others) // another pod's
				addFlows(t, "198.51.100.7", "192.0.2.1", 1000, 5)      // the pod's own
				addFlows(t, "192.0.2.9", "198.51.100.7", 3000, 3)      // into the pod
				got, err := dumpBySource(netip.MustParseAddr("198.51.100.7"), false)
				if err != nil {
					return err
				}
				if len(got) != 5 {
					return fmt.Errorf("the filtered dump returned %d entries, want the pod's 5 (the kernel did not filter?)", len(got))
				}
				del, err := PodFlows([]netip.Addr{netip.MustParseAddr("198.51.100.7")})
				if err != nil {
					return err
				}
				if left := countFlows(t); del != 8 || left != others {
					return fmt.Errorf("PodFlows deleted %d and left %d; want 8 deleted and the other pod's %d left", del, left, others)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// BenchmarkPodFlows is DEL's conntrack cleanup of a pod with 5 flows on
// a node holding 0 or 200,000 other entries: the kernel's filter keeps
// it close to flat (the kernel still walks its table, user space no
// longer gets it).
func BenchmarkPodFlows(b *testing.B) {
	for _, c := range []struct {
		others int
		how    string
		flush  func([]netip.Addr) (uint, error)
	}{{0, "kernel-filtered", PodFlows}, {0, "user-space", userSpacePodFlows}, {200000, "kernel-filtered", PodFlows}, {200000, "user-space", userSpacePodFlows}} {
		others := c.others
		b.Run(fmt.Sprintf("entries=%d/%s", others, c.how), func(b *testing.B) {
			n := testutil.NewNS(b)
			err := n.Do(func(ns.NetNS) error {
				addFlows(b, "198.51.100.1", "192.0.2.1", 1000, others)
				pod := []netip.Addr{netip.MustParseAddr("198.51.100.7")}
				for b.Loop() {
					b.StopTimer()
					addFlows(b, "198.51.100.7", "192.0.2.1", 1000, 5)
					b.StartTimer()
					if _, err := c.flush(pod); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

// userSpacePodFlows is PodFlows as it was: the whole table dumped to user
// space and filtered there (netlink.ConntrackDeleteFilters), the peer
// BenchmarkPodFlows compares with.
func userSpacePodFlows(addrs []netip.Addr) (uint, error) {
	set := addrSet(addrs)
	return netlink.ConntrackDeleteFilters(netlink.ConntrackTable, unix.AF_INET, flowMatch(func(f *netlink.ConntrackFlow) bool {
		return set[flowAddr(f.Forward.SrcIP)] || set[flowAddr(f.Reverse.SrcIP)]
	}))
}

type flowMatch func(f *netlink.ConntrackFlow) bool

func (m flowMatch) MatchConntrackFlow(f *netlink.ConntrackFlow) bool { return m(f) }

// TestParseFlowZone: a dumped entry's zone of the original direction
// alone (CTA_TUPLE_ZONE inside CTA_TUPLE_ORIG, as ctnetlink puts a
// directional zone) is read; an entry without one is not zoned.
func TestParseFlowZone(t *testing.T) {
	for _, zone := range []int{0, 7} {
		orig := nl.NewRtAttr(nl.CTA_TUPLE_ORIG|unix.NLA_F_NESTED, nil)
		ip := orig.AddRtAttr(nl.CTA_TUPLE_IP|unix.NLA_F_NESTED, nil)
		ip.AddRtAttr(nl.CTA_IP_V4_SRC, netip.MustParseAddr("198.51.100.7").AsSlice())
		ip.AddRtAttr(nl.CTA_IP_V4_DST, netip.MustParseAddr("203.0.113.10").AsSlice())
		proto := orig.AddRtAttr(nl.CTA_TUPLE_PROTO|unix.NLA_F_NESTED, nil)
		proto.AddRtAttr(nl.CTA_PROTO_NUM, []byte{unix.IPPROTO_UDP})
		if zone != 0 {
			// CTA_TUPLE_ZONE in include/uapi/linux/netfilter/nfnetlink_conntrack.h.
			orig.AddRtAttr(3, []byte{0, byte(zone)})
		}
		msg := append([]byte{unix.AF_INET, 0, 0, 0}, orig.Serialize()...)
		f, ok := parseFlow(msg)
		if !ok || f.origSrc.String() != "198.51.100.7" || f.zoned != (zone != 0) || int(f.origZone) != zone {
			t.Fatalf("zone %d: parsed %+v (ok %t)", zone, f, ok)
		}
	}
}
