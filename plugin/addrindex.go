package plugin

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
)

// cachedExternals reads every cached attachment of st's chain (under the
// current network name or an earlier one) and returns, by sandbox ID, the
// addresses its SNAT rules name. An error means the cache is not known.
func cachedExternals(st *state) (map[string][]netip.Addr, error) {
	if st.runner == nil {
		return nil, fmt.Errorf("chain not loaded, its cache is not readable: %w", st.runnerErr)
	}
	ids, err := st.runner.CachedIDs()
	if err != nil {
		return nil, err
	}
	renamed, err := st.runner.Renamed()
	if err != nil {
		return nil, err
	}
	out := map[string][]netip.Addr{}
	for _, id := range ids {
		att, err := st.runner.Cached(id)
		if err != nil {
			return nil, err
		}
		if att == nil {
			att = renamed[id]
		}
		if att == nil || att.Runtime == nil {
			continue
		}
		addrs, err := argsExternals(att.Runtime.CapabilityArgs)
		if err != nil {
			return nil, fmt.Errorf("sandbox %s: %w", id, err)
		}
		for _, a := range addrs {
			if !slices.Contains(out[id], a) {
				out[id] = append(out[id], a)
			}
		}
	}
	return out, nil
}

// allInUse reports whether the address index has a user for every owned
// address withdrawUnused could withdraw (one the config does not declare
// manage: false), and if so publishes the index's counts: then no full
// read is needed, since it could withdraw nothing.
func (p *Plugin) allInUse(st *state, owned []hostaddr.Address) bool {
	addrs := make([]netip.Addr, 0, len(owned))
	for _, o := range owned {
		addrs = append(addrs, o.Addr)
	}
	counts := p.pods.AddrCounts(addrs)
	for _, o := range owned {
		if d := st.cfg.Egress.Declared(o.Addr); counts[o.Addr] == 0 && (d == nil || d.Manage) {
			return false
		}
	}
	p.publishAddresses(st, owned, counts)
	return true
}

// userCounts is the number of users of each address.
func userCounts(users map[netip.Addr][]string) map[netip.Addr]int {
	out := make(map[netip.Addr]int, len(users))
	for a, u := range users {
		out[a] = len(u)
	}
	return out
}
