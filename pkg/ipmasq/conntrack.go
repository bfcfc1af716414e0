package ipmasq

import (
	"errors"
	"fmt"
	"net"
	"net/netip"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Conntrack entries outlive the rules that made them: a UDP flow keeps its
// NAT mapping for as long as packets keep coming, established TCP for
// days. So after a rule change the kernel goes on translating a pod's
// existing flows as before, and a new pod that gets a removed pod's
// address inherits that pod's mappings, and with them its egress identity.
// ipmasq therefore removes, through netlink:
//   - at ADD, the pod's flows whose translation differs from what its
//     rules now say (StaleFlows, snat.Plan.Stale): flows that already leave as
//     they should, and flows other NAT translated where ipmasq has no
//     rule, are untouched, so a repeated ADD of the same policy breaks
//     nothing;
//   - at DEL, every flow from or to the pod's addresses (PodFlows).
//
// A flow removed mid-stream is picked up again by conntrack at its next
// packet and translated by the rules in force: UDP moves to the new
// identity at once; an established TCP connection whose translation
// changed breaks (the far side sees a new source), which is what a change
// of egress identity means.

// flowFilter adapts a predicate on a flow to netlink's filter interface.
type flowFilter func(f *netlink.ConntrackFlow) bool

func (ff flowFilter) MatchConntrackFlow(f *netlink.ConntrackFlow) bool { return ff(f) }

// StaleFlows removes the conntrack entries of the plan's pod addresses
// whose translation the plan no longer gives, and returns how many.
func StaleFlows(p *snat.Plan) (uint, error) {
	src := addrSet(p.Sources())
	return deleteFlows(p.Sources(), func(f *netlink.ConntrackFlow) bool {
		s, proto := flowAddr(f.Forward.SrcIP), protoName(f.Forward.Protocol)
		if !src[s] {
			return false
		}
		// The reply comes from the real destination (after DNAT) and goes
		// to the address the packets were translated to.
		d, to, toPort := flowAddr(f.Reverse.SrcIP), flowAddr(f.Reverse.DstIP), f.Reverse.DstPort
		return p.Stale(s, d, proto, to, toPort)
	})
}

// PodFlows removes every conntrack entry from or to addrs (original
// source, or reply source: a connection into the pod), and returns how
// many.
func PodFlows(addrs []netip.Addr) (uint, error) {
	set := addrSet(addrs)
	return deleteFlows(addrs, func(f *netlink.ConntrackFlow) bool {
		return set[flowAddr(f.Forward.SrcIP)] || set[flowAddr(f.Reverse.SrcIP)]
	})
}

func deleteFlows(addrs []netip.Addr, match func(*netlink.ConntrackFlow) bool) (uint, error) {
	var total uint
	var errs []error
	for _, fam := range families(addrs) {
		n, err := netlink.ConntrackDeleteFilters(netlink.ConntrackTable, fam, flowFilter(match))
		total += n
		if err != nil {
			errs = append(errs, fmt.Errorf("conntrack (%s): %w", famName(fam), err))
		}
	}
	return total, errors.Join(errs...)
}

func families(addrs []netip.Addr) []netlink.InetFamily {
	var v4, v6 bool
	for _, a := range addrs {
		v4, v6 = v4 || a.Is4(), v6 || !a.Is4()
	}
	var out []netlink.InetFamily
	if v4 {
		out = append(out, unix.AF_INET)
	}
	if v6 {
		out = append(out, unix.AF_INET6)
	}
	return out
}

func famName(f netlink.InetFamily) string {
	if f == unix.AF_INET {
		return "IPv4"
	}
	return "IPv6"
}

func addrSet(addrs []netip.Addr) map[netip.Addr]bool {
	out := make(map[netip.Addr]bool, len(addrs))
	for _, a := range addrs {
		out[a.Unmap()] = true
	}
	return out
}

func flowAddr(ip net.IP) netip.Addr {
	a, _ := netip.AddrFromSlice(ip)
	return a.Unmap()
}

func protoName(p uint8) string {
	switch p {
	case unix.IPPROTO_TCP:
		return "tcp"
	case unix.IPPROTO_UDP:
		return "udp"
	case unix.IPPROTO_SCTP:
		return "sctp"
	}
	return fmt.Sprint(p)
}
