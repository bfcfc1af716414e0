package snat

import "net/netip"

// Match returns the rule of the plan a packet from src to dst with
// protocol proto ("tcp", "udp", "sctp") meets first, and its position in
// its family's rules, as the kernel walks the pod chain: in plan order
// (exclusions, most specific destination first, the default), the first
// rule whose destination and protocol match wins. A rule that is not
// matched (ok false) means ipmasq leaves the packet alone: it leaves the
// pod chain and the rest of the nat table decides. Rules match no ports,
// so the destination port never changes the answer.
func (p *Plan) Match(src, dst netip.Addr, proto string) (r Rule, index int, ok bool) {
	src, dst = src.Unmap(), dst.Unmap()
	if FamilyOf(src) != FamilyOf(dst) {
		return Rule{}, -1, false
	}
	for _, fr := range p.Families {
		if !hasAddr(fr.Sources, src) {
			continue
		}
		for i, r := range fr.Rules {
			if matches(r, dst, proto) {
				return r, i, true
			}
		}
	}
	return Rule{}, -1, false
}

func hasAddr(addrs []netip.Addr, a netip.Addr) bool {
	for _, s := range addrs {
		if s.Unmap() == a {
			return true
		}
	}
	return false
}

func matches(r Rule, dst netip.Addr, proto string) bool {
	if r.Proto != "" && r.Proto != proto {
		return false
	}
	return r.AnyDst() || r.Dst.Contains(dst)
}
