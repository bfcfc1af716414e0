package plugin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"slices"
	"sort"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// AddressManager makes managed egress addresses (egress.addresses[] with
// manage: true) present on the node and withdraws them. The real one is
// *hostaddr.Manager; unit tests use a fake.
type AddressManager interface {
	// Ensure makes a present: probed, assigned and announced, unless it
	// is on the node already (Owned: diktyo's; Foreign: somebody else's).
	Ensure(ctx context.Context, a hostaddr.Address) (hostaddr.Result, error)
	// Withdraw removes a if diktyo assigned it, and reports whether it did.
	Withdraw(a netip.Addr) (bool, error)
	// Owned lists the addresses diktyo assigned, read from the kernel.
	Owned() ([]hostaddr.Address, error)
	// Present reports whether a is assigned on the node (manage: false
	// addresses must be, unless routed).
	Present(a netip.Addr) (bool, error)
}

// externalsOf returns the addresses a policy SNATs to: its masq entries'
// externals (pools already resolved to their blocks) and the default
// SNAT address. Masquerade has none of its own.
func externalsOf(masq []api.MasqEntry, snat *api.SNATPolicy) []netip.Addr {
	var out []netip.Addr
	add := func(s string) {
		if ext, err := api.ParseExternal(s); err == nil && ext.Addr.IsValid() && !slices.Contains(out, ext.Addr) {
			out = append(out, ext.Addr)
		}
	}
	for _, m := range masq {
		add(m.External)
	}
	if snat != nil && snat.DefaultAction == api.ActionSNAT {
		add(snat.DefaultExternal)
	}
	return out
}

// argsExternals is externalsOf for the capability args of a cached
// attachment: what the pod's SNAT rules use now.
func argsExternals(args map[string]any) ([]netip.Addr, error) {
	b, err := json.Marshal(map[string]any{"m": args[api.CapMasqEntries], "s": args[api.CapSNATPolicy]})
	if err != nil {
		return nil, err
	}
	var v struct {
		M []api.MasqEntry `json:"m"`
		S *api.SNATPolicy `json:"s"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("cached capability args %s/%s: %w", api.CapMasqEntries, api.CapSNATPolicy, err)
	}
	return externalsOf(v.M, v.S), nil
}

// acquireAddresses makes the managed addresses the pod's policy uses
// present before the pod is answered, and checks that the unmanaged ones
// are on the node (or declared routed). The managed addresses are
// recorded in the pod's entry: the pod table, with the chain cache, is
// what counts an address's pods (never a counter on disk), so that after
// a restart the counts come back with the pods.
func (p *Plugin) acquireAddresses(ctx context.Context, st *state, e *podEntry, pol *policy.Policy) error {
	cfg := st.cfg.Egress
	var managed []hostaddr.Address
	for _, a := range externalsOf(pol.MasqEntries, pol.SNATPolicy) {
		d := cfg.Declared(a)
		switch {
		case d == nil:
			// Undeclared: a node address under nodeAddresses: allow,
			// checked by policy.Decide.
		case d.Manage:
			managed = append(managed, hostaddr.Address{Addr: a, Interface: d.Interface})
		case d.Routed:
		default:
			ok, err := p.addrs.Present(a)
			if err != nil {
				return failure(reasonEgress, fmt.Errorf("egress address %s (egress.addresses, manage: false): checking that it is on the node: %w", a, err))
			}
			if !ok {
				return failure(reasonEgress, fmt.Errorf("egress address %s (egress.addresses, manage: false) is not on this node: assign it, "+
					"or set manage: true for diktyo to, or routed: true if the network routes it to the node unassigned", a))
			}
		}
	}
	p.addrMu.Lock()
	defer p.addrMu.Unlock()
	var held []netip.Addr
	// Recorded under addrMu whatever happens, so that a withdrawal never
	// runs between an Ensure and the record of its pod, and what was
	// acquired before a failure is counted until the pod is released.
	defer p.pods.update(e.pod.ID, func(pe *podEntry) { pe.egressAddrs = held })
	log := p.podLog(e)
	for _, m := range managed {
		res, err := p.addrs.Ensure(ctx, m)
		if err != nil {
			return failure(reasonEgress, fmt.Errorf("managed egress address %s (interface %s): %w", m.Addr, m.Interface, err))
		}
		held = append(held, m.Addr)
		switch res {
		case hostaddr.Assigned:
			log.Info("egress address assigned", "address", m.Addr, "interface", m.Interface)
		case hostaddr.Foreign:
			log.Info("managed egress address already on the node, not assigned by diktyo: used as it is, never removed", "address", m.Addr)
		}
	}
	return nil
}

// addressUsers returns, by address, who uses it: every pod being
// admitted or holding chain state (its entry's record), and every cached
// attachment whose SNAT rules name it (which also covers pods not
// reconciled yet after a restart, and pods whose DEL has not succeeded).
// An error means the users are not known: nothing may be withdrawn. What
// it read of the cache is the address index's (addrindex.go).
func (p *Plugin) addressUsers(st *state) (map[netip.Addr][]string, error) {
	users := map[netip.Addr][]string{}
	add := func(a netip.Addr, who string) {
		if !slices.Contains(users[a], who) {
			users[a] = append(users[a], who)
		}
	}
	for _, e := range p.pods.snapshot() {
		if e.live() || e.holdsChain() {
			for _, a := range e.egressAddrs {
				add(a, e.pod.ID)
			}
		}
	}
	cached, err := cachedExternals(st)
	if err != nil {
		return users, err
	}
	ids := make([]string, 0, len(cached))
	for id := range cached {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for _, a := range cached[id] {
			add(a, id)
		}
	}
	p.pods.setCached(cached)
	return users, nil
}

// withdrawUnused withdraws every address diktyo assigned that no pod uses
// any more (whether the config still declares it or not), and publishes
// the managed addresses' pod counts. Only addresses carrying diktyo's
// marker are ever withdrawn, and only after addressUsers's full read
// found no user. Unless full (GC), that read is skipped when the address
// index has a user for every owned address it could withdraw: then none
// would be (addrindex.go).
func (p *Plugin) withdrawUnused(st *state, full bool) {
	p.addrMu.Lock()
	defer p.addrMu.Unlock()
	owned, err := p.addrs.Owned()
	if err != nil {
		p.log.Error("egress addresses: listing the ones diktyo assigned failed; will retry at the next GC", "error", err)
		return
	}
	if len(owned) == 0 {
		// Nothing to withdraw: no need to read the chain's cache.
		p.publishAddresses(st, owned, nil)
		return
	}
	if !full && p.allInUse(st, owned) {
		return
	}
	users, uerr := p.addressUsers(st)
	p.publishAddresses(st, owned, userCounts(users))
	if uerr != nil {
		p.log.Error("egress addresses: cannot tell which pods use them; withdrawing none", "error", uerr)
		return
	}
	for _, o := range owned {
		if n := len(users[o.Addr]); n > 0 {
			continue
		}
		if d := st.cfg.Egress.Declared(o.Addr); d != nil && !d.Manage {
			// The admin declared it manage: false since: theirs to keep
			// on the node now (pods need it there).
			continue
		}
		removed, err := p.addrs.Withdraw(o.Addr)
		switch {
		case err != nil:
			p.log.Error("egress address: withdrawing failed; will retry at the next GC", "address", o.Addr, "interface", o.Interface, "error", err)
		case removed:
			p.log.Info("egress address withdrawn: no pod uses it", "address", o.Addr, "interface", o.Interface)
		}
	}
}

// publishAddresses sets diktyo_egress_address_pods for every managed
// address (declared or still assigned by diktyo), from users' counts.
func (p *Plugin) publishAddresses(st *state, owned []hostaddr.Address, users map[netip.Addr]int) {
	p.metrics.egressAddrPods.Reset()
	seen := map[netip.Addr]string{}
	if c := st.cfg.Egress; c != nil {
		for _, d := range c.Addresses {
			if d.Manage {
				seen[d.Addr()] = d.Interface
			}
		}
	}
	for _, o := range owned {
		seen[o.Addr] = o.Interface
	}
	addrs := make([]netip.Addr, 0, len(seen))
	for a := range seen {
		addrs = append(addrs, a)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].Less(addrs[j]) })
	for _, a := range addrs {
		p.metrics.egressAddrPods.WithLabelValues(a.String(), seen[a]).Set(float64(users[a]))
	}
}
