package plugin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sort"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// AddressManager makes managed egress addresses (egress.addresses[] with
// manage: true) present on the node and withdraws them, owned per
// instance: what this diktyo-nri assigned is what its ledger (in
// egress.stateDir) records. The real one is *hostaddr.Manager.
type AddressManager interface {
	// Ensure makes a present: recorded in l, probed, assigned and
	// announced, unless it is on the node already (Owned: l records it;
	// Unproven: diktyo's marker, not recorded by l; Foreign: somebody
	// else's).
	Ensure(ctx context.Context, l *hostaddr.Ledger, a hostaddr.Address) (hostaddr.Result, error)
	// Withdraw removes a if l records it, and reports whether it did.
	Withdraw(l *hostaddr.Ledger, a netip.Addr) (bool, error)
	// Inventory lists the addresses carrying diktyo's marker, those l
	// records (Own) apart from the others (Unproven).
	Inventory(l *hostaddr.Ledger) (hostaddr.Inventory, error)
	// Present reports whether a is assigned on the node (manage: false
	// addresses must be, unless routed).
	Present(a netip.Addr) (bool, error)
}

// errWalkPending: a DEL walk recovered from a previous process's marker
// is not done, and its pod (and so the addresses its flows use) is not
// known: no address may be withdrawn yet.
var errWalkPending = errors.New("a stopped pod's conntrack cleanup recovered after a restart is pending; its pod's addresses are not known")

// ledgerFor is the ledger of st: the one in cfg's egress.stateDir
// (read again only when the directory changes). A config without an
// egress section keeps the ledger in force, so that what this instance
// assigned under an earlier config is still its own to withdraw. Moving
// the directory while its ledger records addresses is refused, as for
// port blocks. The first ledger of the process, found fresh (no file:
// an upgrade from a diktyo without ledgers), adopts what this
// instance's own state from before names (adoptUntagged).
func (p *Plugin) ledgerFor(st, old *state) error {
	var prev *hostaddr.Ledger
	if old != nil {
		prev = old.ledger
	}
	if st.cfg.Egress == nil {
		st.ledger = prev
		return nil
	}
	dir := st.cfg.Egress.StateDir
	if prev != nil && prev.Dir() == dir {
		st.ledger = prev
		return nil
	}
	if prev != nil {
		if n := len(prev.Records()); n > 0 {
			return fmt.Errorf("egress.stateDir: %q cannot replace %q while its ledger (%s) records %d managed addresses this instance assigned: "+
				"move the directory while diktyo-nri is stopped, then restart it", dir, prev.Dir(), prev.Path(), n)
		}
	}
	st.ledger = hostaddr.OpenLedger(dir)
	if old == nil && st.ledger.Fresh() {
		p.adoptUntagged(st)
	}
	return nil
}

// adoptUntagged takes on, once (into a fresh ledger, at the process's
// start, before it admitted anything), the addresses a diktyo without
// ledgers assigned (marked, untagged) that this instance's own state
// from before names: declared manage: true by its config and the
// external of one of its cached chain attachments. Anything else marked
// is not provably its own: left alone, reported (withdrawUnused).
func (p *Plugin) adoptUntagged(st *state) {
	p.addrMu.Lock()
	defer p.addrMu.Unlock()
	inv, err := p.addrs.Inventory(st.ledger)
	if err != nil {
		p.log.Warn("egress addresses: cannot list the node's marked addresses to adopt those assigned before ownership records; "+
			"they stay, never withdrawn by this instance", "error", err)
		return
	}
	var untagged []hostaddr.Assignment
	for _, u := range inv.Unproven {
		if d := st.cfg.Egress.Declared(u.Addr); u.Tag == 0 && d != nil && d.Manage {
			untagged = append(untagged, u)
		}
	}
	if len(untagged) == 0 {
		return
	}
	users, err := p.addressUsers(st)
	if err != nil {
		p.log.Warn("egress addresses: this instance's chain cache is unreadable, so the marked addresses assigned before ownership "+
			"records cannot be proven its own; they stay, never withdrawn by this instance", "error", err)
		return
	}
	for _, u := range untagged {
		if len(users[u.Addr]) == 0 {
			continue
		}
		if err := st.ledger.Adopt(u); err != nil {
			p.log.Error("egress address: adopting it failed; retried", "address", u.Addr, "interface", u.Interface, "error", err)
			continue
		}
		p.log.Info("egress address assigned before ownership records adopted: this instance's cached pods use it",
			"address", u.Addr, "interface", u.Interface, "pods", users[u.Addr], "ledger", st.ledger.Path())
	}
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
	managed, err := p.managedOf(st, pol)
	if err != nil {
		return err
	}
	leased, leaseDone, err := p.leaseNew(ctx, st, managed)
	defer leaseDone()
	if err != nil {
		return err
	}
	p.addrMu.Lock()
	defer p.addrMu.Unlock()
	var held []netip.Addr
	// Recorded under addrMu whatever happens, so that a withdrawal never
	// runs between an Ensure and the record of its pod, and what was
	// acquired before a failure is counted until the pod is released.
	defer p.pods.Update(e.Pod.ID, func(pe *podEntry) { pe.EgressAddrs = held })
	log := p.podLog(e)
	for _, m := range managed {
		// Another node's pod may want it too: of two nodes probing at
		// once, only the one holding the Lease goes on to assign it.
		if slices.Contains(leased, m.Addr) {
			if err := p.stillLeased(m.Addr); err != nil {
				return failure(health.ReasonEgress, fmt.Errorf("managed egress address %s (interface %s): %w", m.Addr, m.Interface, err))
			}
		}
		res, err := p.addrs.Ensure(ctx, st.ledger, m)
		if err != nil {
			if slices.Contains(leased, m.Addr) {
				// Taken for this pod and not assigned (the probe found
				// another host using it, the interface is gone): given
				// up now, unless another pod being admitted took it
				// too, so that no other node is kept from an address
				// this node does not have.
				leaseDone()
				p.releaseAddress(m.Addr)
			}
			return failure(health.ReasonEgress, fmt.Errorf("managed egress address %s (interface %s): %w", m.Addr, m.Interface, err))
		}
		held = append(held, m.Addr)
		switch res {
		case hostaddr.Assigned:
			log.Info("egress address assigned", "address", m.Addr, "interface", m.Interface)
		case hostaddr.Foreign:
			log.Info("managed egress address already on the node, not assigned by diktyo: used as it is, never removed", "address", m.Addr)
		case hostaddr.Unproven:
			log.Info("managed egress address already on the node, marked by diktyo but not recorded by this instance "+
				"(another diktyo-nri's, or assigned before ownership records): used as it is, never removed by this instance", "address", m.Addr)
		}
	}
	return nil
}

// managedOf returns the managed addresses of the pod's policy, and
// checks that its unmanaged declared ones are on the node (or routed).
func (p *Plugin) managedOf(st *state, pol *policy.Policy) ([]hostaddr.Address, error) {
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
				return nil, failure(health.ReasonEgress, fmt.Errorf("egress address %s (egress.addresses, manage: false): checking that it is on the node: %w", a, err))
			}
			if !ok {
				return nil, failure(health.ReasonEgress, fmt.Errorf("egress address %s (egress.addresses, manage: false) is not on this node: assign it, "+
					"or set manage: true for diktyo to, or routed: true if the network routes it to the node unassigned", a))
			}
		}
	}
	return managed, nil
}

// leaseNew takes the Leases of the managed addresses this pod would
// newly assign, before the address lock and within the pod's handler
// budget: a request to the API server (and, with whenHeld: wait, a wait)
// must not hold up other pods' addresses. An address already on the node
// needs none: it is not assigned again, and this node's claim to it is
// the address itself (syncLeases takes its Lease in the background), so
// that a running pod's repair never waits for the API server. done ends
// the Leases' pending state (idempotent; always to be called).
func (p *Plugin) leaseNew(ctx context.Context, st *state, managed []hostaddr.Address) (leased []netip.Addr, done func(), err error) {
	done = func() {}
	if !p.leasing() {
		return nil, done, nil
	}
	for _, m := range managed {
		if here, err := p.addrs.Present(m.Addr); err != nil || !here {
			leased = append(leased, m.Addr)
		}
	}
	if len(leased) == 0 {
		return nil, done, nil
	}
	lctx, cancel := context.WithTimeout(ctx, p.budget(st.cfg)*3/4)
	defer cancel()
	done, err = p.leaseAddresses(lctx, leased)
	if err != nil {
		return nil, done, failure(health.ReasonEgress, err) // it names the address
	}
	return leased, done, nil
}

// addressUsers returns, by address, who uses it: every pod being
// admitted or holding chain state (its entry's record), and every cached
// attachment whose SNAT rules name it (which also covers pods not
// reconciled yet after a restart, and pods whose DEL has not succeeded).
// An error means the users are not known: nothing may be withdrawn. What
// it read of the cache is the address index's (plugin/internal/pods).
func (p *Plugin) addressUsers(st *state) (map[netip.Addr][]string, error) {
	users := map[netip.Addr][]string{}
	add := func(a netip.Addr, who string) {
		if !slices.Contains(users[a], who) {
			users[a] = append(users[a], who)
		}
	}
	for _, e := range p.pods.Snapshot() {
		if e.Live() || e.HoldsChain() {
			for _, a := range e.EgressAddrs {
				add(a, e.Pod.ID)
			}
		}
	}
	// A stopped pod whose DEL walk is not done still uses its addresses:
	// its flows are translated to them.
	held, unknown := p.holds.Kept()
	for _, k := range held {
		for _, a := range k.External {
			add(a, k.Pod.Sandbox)
		}
	}
	if unknown {
		return users, errWalkPending
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
	p.pods.SetCached(cached)
	return users, nil
}

// withdrawUnused withdraws every address this instance assigned (its
// ledger records it) that no pod uses any more (whether the config still
// declares it or not), and publishes the managed addresses' pod counts.
// A marked address the ledger does not record is never withdrawn: it is
// reported instead (status, logged once). An owned address is withdrawn
// only after addressUsers's full read found no user. Unless full (GC),
// that read is skipped when the address index has a user for every owned
// address it could withdraw: then none would be (plugin/internal/pods). A
// failure withdraws nothing more, is logged once, counted and shown in
// status, and is retried at the next GC or pod removal.
func (p *Plugin) withdrawUnused(st *state, full bool) {
	p.addrMu.Lock()
	defer p.addrMu.Unlock()
	inv, err := p.addrs.Inventory(st.ledger)
	if err != nil && !errors.Is(err, hostaddr.ErrLedger) {
		p.addrFault(fmt.Errorf("listing the node's marked addresses: %w", err))
		return
	}
	p.noteUnproven(inv.Unproven)
	passErr := err
	if st.ledger != nil && st.ledger.Flush() == nil {
		passErr = nil
	}
	defer func() { p.addrFault(passErr) }()
	if len(inv.Own) == 0 {
		// Nothing to withdraw: no need to read the chain's cache.
		p.publishAddresses(st, nil, nil)
		return
	}
	owned := make([]hostaddr.Address, 0, len(inv.Own))
	for _, o := range inv.Own {
		owned = append(owned, o.Address)
	}
	if !full && p.allInUse(st, owned) {
		return
	}
	users, uerr := p.addressUsers(st)
	p.publishAddresses(st, owned, userCounts(users))
	if errors.Is(uerr, errWalkPending) {
		return // no fault: withdrawn at a pass after the walk
	}
	if uerr != nil {
		passErr = fmt.Errorf("cannot tell which pods use the managed addresses; withdrawing none: %w", uerr)
		return
	}
	for _, o := range inv.Own {
		if n := len(users[o.Addr]); n > 0 {
			continue
		}
		if d := st.cfg.Egress.Declared(o.Addr); d != nil && !d.Manage {
			// The admin declared it manage: false since: theirs to keep
			// on the node now (pods need it there).
			continue
		}
		removed, err := p.addrs.Withdraw(st.ledger, o.Addr)
		if err != nil {
			passErr = fmt.Errorf("withdrawing egress address %s from %s: %w", o.Addr, o.Interface, err)
			continue
		}
		if removed {
			p.log.Info("egress address withdrawn: no pod uses it", "address", o.Addr, "interface", o.Interface)
		}
		// Off this node: another node may have it now.
		p.releaseAddress(o.Addr)
	}
}

// addrFault records the managed addresses' fault of a pass (nil: none):
// logged and counted once per distinct error, shown in status until a
// pass succeeds. p.addrMu is held.
func (p *Plugin) addrFault(err error) {
	switch p.health.Note(health.FaultAddresses, "", err) {
	case health.Recovered:
		p.log.Info("egress addresses: working again")
	case health.News:
		p.metrics.Fail(health.ReasonAddresses)
		p.log.Error("egress addresses: keeping every address as it is; retried at the next GC", "error", err)
	}
}

// noteUnproven publishes the marked addresses this instance cannot prove
// it assigned (status), logging each once. p.addrMu is held.
func (p *Plugin) noteUnproven(list []hostaddr.Assignment) {
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, u := range list {
		s := u.Addr.String() + " on " + u.Interface
		if u.Tag == 0 {
			s += " (untagged: assigned before ownership records)"
		} else {
			s += fmt.Sprintf(" (tag %d: another diktyo-nri's)", u.Tag)
		}
		out = append(out, s)
		seen[s] = true
		if !p.unprovenLogged[s] {
			p.log.Warn("egress address marked by diktyo but not recorded by this instance: left alone, never withdrawn by it", "address", s)
		}
	}
	sort.Strings(out)
	p.unprovenLogged = seen
	p.unproven.Store(&out)
}

// publishAddresses sets diktyo_egress_address_pods for every managed
// address (declared or still assigned by this instance), from users'
// counts.
func (p *Plugin) publishAddresses(st *state, owned []hostaddr.Address, users map[netip.Addr]int) {
	p.metrics.EgressAddrPods.Reset()
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
		p.metrics.EgressAddrPods.WithLabelValues(a.String(), seen[a]).Set(float64(users[a]))
	}
}
