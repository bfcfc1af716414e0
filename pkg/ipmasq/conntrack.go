package ipmasq

import (
	"errors"
	"fmt"
	"net/netip"

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

// StaleFlows removes the conntrack entries of the plan's pod addresses
// whose translation the plan no longer gives, and returns how many.
func StaleFlows(p *snat.Plan) (uint, error) {
	src := addrSet(p.Sources())
	return deleteMatching(p.Sources(), false, func(f ctFlow) bool {
		if !src[f.origSrc] {
			return false
		}
		// The reply comes from the real destination (after DNAT) and goes
		// to the address the packets were translated to.
		return p.Stale(f.origSrc, f.replySrc, protoName(f.proto), f.replyDst, f.replyDstPort)
	})
}

// PodFlows removes every conntrack entry from or to addrs (original
// source, or reply source: a connection into the pod), and returns how
// many.
func PodFlows(addrs []netip.Addr) (uint, error) {
	set := addrSet(addrs)
	return deleteMatching(addrs, true, func(f ctFlow) bool {
		return set[f.origSrc] || set[f.replySrc]
	})
}

// OrigFlows removes every conntrack entry whose original source is one
// of addrs, whatever its zone: the walk of an address whose zone history
// is not proven (ctzone.WalkFull), run before its pod sent anything.
func OrigFlows(addrs []netip.Addr) (uint, error) {
	set := addrSet(addrs)
	return deleteMatching(addrs, false, func(f ctFlow) bool { return set[f.origSrc] })
}

// ZonedFlows removes every entry with a zone of its original direction
// alone that keep refuses: the first walk of a conntrack zone table's
// epoch, which removes what an earlier table's zones left (one dump of
// each family, whatever the node holds: once per table).
func ZonedFlows(keep func(src netip.Addr, zone uint16) bool) (uint, error) {
	byFam := map[uint8][]ctFlow{}
	var errs []error
	for _, fam := range []uint8{unix.AF_INET, unix.AF_INET6} {
		flows, err := dumpAll(fam)
		if err != nil {
			errs = append(errs, fmt.Errorf("conntrack dump: %w", err))
		}
		byFam[fam] = flows
	}
	return deleteAll(byFam, func(f ctFlow) bool { return f.zoned && !keep(f.origSrc, f.origZone) }, errors.Join(errs...))
}

func addrSet(addrs []netip.Addr) map[netip.Addr]bool {
	out := make(map[netip.Addr]bool, len(addrs))
	for _, a := range addrs {
		out[a.Unmap()] = true
	}
	return out
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
