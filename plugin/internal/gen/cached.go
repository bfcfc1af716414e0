package gen

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/diktyo-io/diktyo/plugin/internal/admit"
)

// Admit is what st gives the admission: its egress section, its pools'
// allocator, its ledger and the read of its chain's cache.
func (st *State) Admit() admit.Gen {
	return admit.Gen{Egress: st.Cfg.Egress, Pools: st.Egress, Ledger: st.Ledger,
		Cached: st.CachedExternals}
}

// CachedExternals reads every cached attachment of st's chain (under the
// current network name or an earlier one) and returns, by sandbox ID, the
// addresses its SNAT rules name. An error means the cache is not known.
func (st *State) CachedExternals() (map[string][]netip.Addr, error) {
	if st.Runner == nil {
		return nil, fmt.Errorf("chain not loaded, its cache is not readable: %w", st.RunnerErr)
	}
	ids, err := st.Runner.CachedIDs()
	if err != nil {
		return nil, err
	}
	renamed, err := st.Runner.Renamed()
	if err != nil {
		return nil, err
	}
	out := map[string][]netip.Addr{}
	for _, id := range ids {
		att, err := st.Runner.Cached(id)
		if err != nil {
			return nil, err
		}
		if att == nil {
			att = renamed[id]
		}
		if att == nil || att.Runtime == nil {
			continue
		}
		addrs, err := admit.ArgsExternals(att.Runtime.CapabilityArgs)
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
