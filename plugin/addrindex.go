package plugin

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/diktyo-io/diktyo/plugin/internal/admit"
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
