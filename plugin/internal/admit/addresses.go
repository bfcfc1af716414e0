package admit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"sort"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// ErrWalkPending: a DEL walk recovered from a previous process's marker
// is not done, and its pod (and so the addresses its flows use) is not
// known: no address may be withdrawn yet.
var ErrWalkPending = errors.New("a stopped pod's conntrack cleanup recovered after a restart is pending; its pod's addresses are not known")

// Ledger returns the ledger of g: the one in g.Egress's stateDir (read
// again only when the directory changes; prev is the one in force, nil
// if none). A config without an egress section keeps the ledger in
// force, so that what this instance assigned under an earlier config is
// still its own to withdraw. Moving the directory while its ledger
// records addresses is refused, as for port blocks. The first ledger of
// the process (first), found fresh (no file: an upgrade from a diktyo
// without ledgers), adopts what this instance's own state from before
// names (adoptUntagged).
func (r *Admission) Ledger(g Gen, prev *hostaddr.Ledger, first bool) (*hostaddr.Ledger, error) {
	if g.Egress == nil {
		return prev, nil
	}
	dir := g.Egress.StateDir
	if prev != nil && prev.Dir() == dir {
		return prev, nil
	}
	if prev != nil {
		if n := len(prev.Records()); n > 0 {
			return nil, fmt.Errorf("egress.stateDir: %q cannot replace %q while its ledger (%s) records %d managed addresses this instance assigned: "+
				"move the directory while diktyo-nri is stopped, then restart it", dir, prev.Dir(), prev.Path(), n)
		}
	}
	g.Ledger = hostaddr.OpenLedger(dir)
	if first && g.Ledger.Fresh() {
		r.adoptUntagged(g)
	}
	return g.Ledger, nil
}

// adoptUntagged takes on, once (into a fresh ledger, at the process's
// start, before it admitted anything), the addresses a diktyo without
// ledgers assigned (marked, untagged) that this instance's own state
// from before names: declared manage: true by its config and the
// external of one of its cached chain attachments. Anything else marked
// is not provably its own: left alone, reported (WithdrawUnused).
func (r *Admission) adoptUntagged(g Gen) {
	r.mu.Lock()
	defer r.mu.Unlock()
	log := r.f.Log
	inv, err := r.f.Manager.Inventory(g.Ledger)
	if err != nil {
		log.Warn("egress addresses: cannot list the node's marked addresses to adopt those assigned before ownership records; "+
			"they stay, never withdrawn by this instance", "error", err)
		return
	}
	var untagged []hostaddr.Assignment
	for _, u := range inv.Unproven {
		if d := g.Egress.Declared(u.Addr); u.Tag == 0 && d != nil && d.Manage {
			untagged = append(untagged, u)
		}
	}
	if len(untagged) == 0 {
		return
	}
	users, err := r.users(g)
	if err != nil {
		log.Warn("egress addresses: this instance's chain cache is unreadable, so the marked addresses assigned before ownership "+
			"records cannot be proven its own; they stay, never withdrawn by this instance", "error", err)
		return
	}
	for _, u := range untagged {
		if len(users[u.Addr]) == 0 {
			continue
		}
		if err := g.Ledger.Adopt(u); err != nil {
			log.Error("egress address: adopting it failed; retried", "address", u.Addr, "interface", u.Interface, "error", err)
			continue
		}
		log.Info("egress address assigned before ownership records adopted: this instance's cached pods use it",
			"address", u.Addr, "interface", u.Interface, "pods", users[u.Addr], "ledger", g.Ledger.Path())
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

// ArgsExternals is externalsOf for the capability args of a cached
// attachment: what the pod's SNAT rules use now.
func ArgsExternals(args map[string]any) ([]netip.Addr, error) {
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

// Acquire makes the managed addresses the pod's policy uses present
// before the pod (id, logged to log) is answered, and checks that the
// unmanaged ones are on the node (or declared routed). The managed
// addresses are recorded in the pod's entry (Face.Record): the pod
// table, with the chain cache, is what counts an address's pods (never
// a counter on disk), so that after a restart the counts come back with
// the pods. budget is the pod's handler budget: its Leases are taken
// within three quarters of it.
func (r *Admission) Acquire(ctx context.Context, g Gen, id string, log *slog.Logger, pol *policy.Policy, budget time.Duration) error {
	managed, err := r.managedOf(g, pol)
	if err != nil {
		return err
	}
	leased, leaseDone, err := r.leaseNew(ctx, managed, budget)
	defer leaseDone()
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var held []netip.Addr
	// Recorded under the lock whatever happens, so that a withdrawal
	// never runs between an Ensure and the record of its pod, and what
	// was acquired before a failure is counted until the pod is
	// released.
	defer func() { r.f.Record(id, held) }()
	for _, m := range managed {
		// Another node's pod may want it too: of two nodes probing at
		// once, only the one holding the Lease goes on to assign it.
		if slices.Contains(leased, m.Addr) {
			if err := r.stillLeased(m.Addr); err != nil {
				return fmt.Errorf("managed egress address %s (interface %s): %w", m.Addr, m.Interface, err)
			}
		}
		res, err := r.f.Manager.Ensure(ctx, g.Ledger, m)
		if err != nil {
			if slices.Contains(leased, m.Addr) {
				// Taken for this pod and not assigned (the probe found
				// another host using it, the interface is gone): given
				// up now, unless another pod being admitted took it
				// too, so that no other node is kept from an address
				// this node does not have.
				leaseDone()
				r.releaseLease(m.Addr)
			}
			return fmt.Errorf("managed egress address %s (interface %s): %w", m.Addr, m.Interface, err)
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
func (r *Admission) managedOf(g Gen, pol *policy.Policy) ([]hostaddr.Address, error) {
	var managed []hostaddr.Address
	for _, a := range externalsOf(pol.MasqEntries, pol.SNATPolicy) {
		d := g.Egress.Declared(a)
		switch {
		case d == nil:
			// Undeclared: a node address under nodeAddresses: allow,
			// checked by policy.Decide.
		case d.Manage:
			managed = append(managed, hostaddr.Address{Addr: a, Interface: d.Interface})
		case d.Routed:
		default:
			ok, err := r.f.Manager.Present(a)
			if err != nil {
				return nil, fmt.Errorf("egress address %s (egress.addresses, manage: false): checking that it is on the node: %w", a, err)
			}
			if !ok {
				return nil, fmt.Errorf("egress address %s (egress.addresses, manage: false) is not on this node: assign it, "+
					"or set manage: true for diktyo to, or routed: true if the network routes it to the node unassigned", a)
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
// the address itself (the Leases' sync takes its Lease in the
// background), so that a running pod's repair never waits for the API
// server. done ends the Leases' pending state (idempotent; always to be
// called).
func (r *Admission) leaseNew(ctx context.Context, managed []hostaddr.Address, budget time.Duration) (leased []netip.Addr, done func(), err error) {
	done = func() {}
	if !r.leasing() {
		return nil, done, nil
	}
	for _, m := range managed {
		if here, err := r.f.Manager.Present(m.Addr); err != nil || !here {
			leased = append(leased, m.Addr)
		}
	}
	if len(leased) == 0 {
		return nil, done, nil
	}
	lctx, cancel := context.WithTimeout(ctx, budget*3/4)
	defer cancel()
	done, err = r.TakeLeases(lctx, leased)
	if err != nil {
		return nil, done, err // it names the address
	}
	return leased, done, nil
}

// Users returns, by address, who uses it: every pod being admitted or
// holding chain state (its entry's record), and every cached attachment
// whose SNAT rules name it (which also covers pods not reconciled yet
// after a restart, and pods whose DEL has not succeeded). An error means
// the users are not known: nothing may be withdrawn. What it read of the
// cache is the address index's (Face.Index).
func (r *Admission) Users(g Gen) (map[netip.Addr][]string, error) { return r.users(g) }

func (r *Admission) users(g Gen) (map[netip.Addr][]string, error) {
	users := map[netip.Addr][]string{}
	add := func(a netip.Addr, who string) {
		if !slices.Contains(users[a], who) {
			users[a] = append(users[a], who)
		}
	}
	for _, u := range r.f.Recorded() {
		for _, a := range u.Addrs {
			add(a, u.ID)
		}
	}
	// A stopped pod whose DEL walk is not done still uses its addresses:
	// its flows are translated to them.
	held, unknown := r.f.Kept()
	for _, k := range held {
		for _, a := range k.External {
			add(a, k.Pod.Sandbox)
		}
	}
	if unknown {
		return users, ErrWalkPending
	}
	cached, err := g.Cached()
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
	r.f.Index(cached)
	return users, nil
}

// WithdrawUnused withdraws every address this instance assigned (its
// ledger records it) that no pod uses any more (whether the config still
// declares it or not), and publishes the managed addresses' pod counts.
// A marked address the ledger does not record is never withdrawn: it is
// reported instead (status, logged once). An owned address is withdrawn
// only after Users's full read found no user. Unless full (GC), that
// read is skipped when the address index has a user for every owned
// address it could withdraw: then none would be (plugin/internal/pods).
// A failure withdraws nothing more, is logged once, counted and shown in
// status, and is retried at the next GC or pod removal.
func (r *Admission) WithdrawUnused(g Gen, full bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	inv, err := r.f.Manager.Inventory(g.Ledger)
	if err != nil && !errors.Is(err, hostaddr.ErrLedger) {
		r.fault(fmt.Errorf("listing the node's marked addresses: %w", err))
		return
	}
	r.noteUnproven(inv.Unproven)
	passErr := err
	if g.Ledger != nil && g.Ledger.Flush() == nil {
		passErr = nil
	}
	defer func() { r.fault(passErr) }()
	if len(inv.Own) == 0 {
		// Nothing to withdraw: no need to read the chain's cache.
		r.publish(g, nil, nil)
		return
	}
	owned := make([]hostaddr.Address, 0, len(inv.Own))
	for _, o := range inv.Own {
		owned = append(owned, o.Address)
	}
	if !full && r.allInUse(g, owned) {
		return
	}
	users, uerr := r.users(g)
	r.publish(g, owned, userCounts(users))
	if errors.Is(uerr, ErrWalkPending) {
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
		if d := g.Egress.Declared(o.Addr); d != nil && !d.Manage {
			// The admin declared it manage: false since: theirs to keep
			// on the node now (pods need it there).
			continue
		}
		removed, err := r.f.Manager.Withdraw(g.Ledger, o.Addr)
		if err != nil {
			passErr = fmt.Errorf("withdrawing egress address %s from %s: %w", o.Addr, o.Interface, err)
			continue
		}
		if removed {
			r.f.Log.Info("egress address withdrawn: no pod uses it", "address", o.Addr, "interface", o.Interface)
		}
		// Off this node: another node may have it now.
		r.releaseLease(o.Addr)
	}
}

// allInUse reports whether the address index has a user for every owned
// address WithdrawUnused could withdraw (one the config does not declare
// manage: false), and if so publishes the index's counts: then no full
// read is needed, since it could withdraw nothing.
func (r *Admission) allInUse(g Gen, owned []hostaddr.Address) bool {
	addrs := make([]netip.Addr, 0, len(owned))
	for _, o := range owned {
		addrs = append(addrs, o.Addr)
	}
	counts := r.f.Counts(addrs)
	for _, o := range owned {
		if d := g.Egress.Declared(o.Addr); counts[o.Addr] == 0 && (d == nil || d.Manage) {
			return false
		}
	}
	r.publish(g, owned, counts)
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

// fault records the managed addresses' fault of a pass (nil: none):
// logged and counted once per distinct error, shown in status until a
// pass succeeds. r.mu is held.
func (r *Admission) fault(err error) {
	news, recovered := r.f.Note(err)
	switch {
	case recovered:
		r.f.Log.Info("egress addresses: working again")
	case news:
		r.f.Failed()
		r.f.Log.Error("egress addresses: keeping every address as it is; retried at the next GC", "error", err)
	}
}

// noteUnproven publishes the marked addresses this instance cannot prove
// it assigned (status), logging each once. r.mu is held.
func (r *Admission) noteUnproven(list []hostaddr.Assignment) {
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
		if !r.unprovenLogged[s] {
			r.f.Log.Warn("egress address marked by diktyo but not recorded by this instance: left alone, never withdrawn by it", "address", s)
		}
	}
	sort.Strings(out)
	r.unprovenLogged = seen
	r.unproven.Store(&out)
}

// publish sets diktyo_egress_address_pods for every managed address
// (declared or still assigned by this instance), from users' counts.
func (r *Admission) publish(g Gen, owned []hostaddr.Address, users map[netip.Addr]int) {
	r.f.AddrPods.Reset()
	seen := map[netip.Addr]string{}
	if c := g.Egress; c != nil {
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
		r.f.AddrPods.WithLabelValues(a.String(), seen[a]).Set(float64(users[a]))
	}
}
