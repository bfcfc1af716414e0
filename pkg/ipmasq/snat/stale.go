package snat

import "net/netip"

// Stale reports whether a flow from src to dst (the destination after any
// DNAT: the one POSTROUTING matched), translated to to:toPort, disagrees
// with the plan, as far as ipmasq can judge it:
//   - where a rule SNATs, the flow must leave as that rule's address (and
//     port range, for protocols with ports);
//   - where a rule masquerades, it must be translated;
//   - where no rule or an exclusion applies, the flow is someone else's to
//     translate (the cluster CNI's masquerade, ip-masq-agent): only a flow
//     translated to one of this plan's own SNAT addresses is stale, since
//     nothing but an earlier diktyo rule can have put it there.
func (p *Plan) Stale(src, dst netip.Addr, proto string, to netip.Addr, toPort uint16) bool {
	r, _, ok := p.Match(src, dst, proto)
	switch {
	case !ok || r.Action == ActionReturn:
		return to != src && p.isExternal(to)
	case r.Action == ActionMasquerade:
		return to == src
	}
	if to != r.To {
		return true
	}
	if r.PortLo == 0 || !hasPorts(proto) {
		return false
	}
	return toPort < r.PortLo || toPort > r.PortHi
}

// isExternal reports whether a is an address the plan SNATs to.
func (p *Plan) isExternal(a netip.Addr) bool {
	for _, fr := range p.Families {
		for _, r := range fr.Rules {
			if r.Action == ActionSNAT && r.To == a {
				return true
			}
		}
	}
	return false
}

func hasPorts(proto string) bool { return proto == "tcp" || proto == "udp" || proto == "sctp" }
