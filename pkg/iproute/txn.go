package iproute

import (
	"cmp"
	"log/slog"
	"net/netip"
	"slices"
)

// txn installs a plan step by step and remembers how to undo each step it
// created, so that a failure at step k removes steps 1..k-1 and nothing
// that existed before.
type txn struct {
	host  backend
	pod   backend // pod.h is nil when there is no pod netns
	ix    index
	owner string
	undo  []func() error
	// nft is the fwmark layout's backend (nil with the other layouts);
	// oldMarks are the marks the attachment's previous record holds.
	nft       *nftBackend
	oldMarks  []Mark
	hostNetns string
}

// nftOf is the backend of the table that holds plan's elements: the
// config's when it is that table, else one opened on the table the
// record names (the config moved off it), nil when plan has none.
func (t *txn) nftOf(plan Plan) *nftBackend {
	if len(plan.Marks)+len(plan.Bypass) == 0 {
		return nil
	}
	table := plan.NftTable
	if table == "" && t.nft != nil {
		table = t.nft.table // a record written before tables were kept
	}
	table = cmp.Or(table, DefaultNftTable)
	if t.nft != nil && t.nft.table == table {
		return t.nft
	}
	return newNftBackend(table, t.hostNetns)
}

// install adds pod routes, host routes, shared rules and per-pod rules,
// in that order.
func (t *txn) install(plan Plan) error {
	for _, r := range plan.PodRoutes {
		if err := t.addPodRoute(r); err != nil {
			return err
		}
	}
	for _, r := range plan.HostRoutes {
		if err := t.addHostRoute(r); err != nil {
			return err
		}
	}
	for _, r := range plan.Shared {
		created, err := t.host.addRule(r)
		if err != nil {
			return err
		}
		if created && !t.ix.otherUsers(t.owner, r) {
			t.undo = append(t.undo, func() error { return t.host.delRule(r) })
		}
	}
	for _, r := range plan.Rules {
		created, err := t.host.addRule(r)
		if err != nil {
			return err
		}
		if created {
			t.undo = append(t.undo, func() error { return t.host.delRule(r) })
		}
	}
	// Last, and one atomic transaction: if it fails, it changed nothing.
	if t.nft != nil {
		return t.nft.add(plan, t.oldMarks)
	}
	return nil
}

func (t *txn) addPodRoute(r PodRoute) error {
	nr, err := t.pod.nlPodRoute(r)
	if err != nil {
		return err
	}
	created, err := t.pod.addRoute(nr, "pod route "+r.String())
	if err != nil {
		return err
	}
	if created {
		t.undo = append(t.undo, func() error { return t.pod.delRoute(nr, "pod route "+r.String()) })
	}
	return nil
}

func (t *txn) addHostRoute(r HostRoute) error {
	nr, err := t.host.nlHostRoute(r)
	if err != nil {
		return err
	}
	created, err := t.host.addRoute(nr, "host route "+r.String())
	if err != nil {
		return err
	}
	if created {
		t.undo = append(t.undo, func() error { return t.host.delRoute(nr, "host route "+r.String()) })
	}
	return nil
}

// rollback undoes the created steps, last first.
func (t *txn) rollback(log *slog.Logger) {
	for _, u := range slices.Backward(t.undo) {
		if err := u(); err != nil {
			log.Warn("iproute: rolling back a failed ADD", "error", err)
		}
	}
	t.undo = nil
}

// remove deletes owner's objects in plan: its own outright, shared rules
// only when no other attachment refers to them. It goes on after an error
// and returns them all.
func (t *txn) remove(plan Plan, owner string) []error {
	plan = t.ownedBy(plan, owner)
	var errs []error
	if n := t.nftOf(plan); n != nil {
		// Unmark first, then remove the rules the marks lead to.
		errs = appendErr(errs, n.remove(plan.Marks, plan.Bypass))
	}
	for _, r := range plan.Rules {
		errs = appendErr(errs, t.host.delRule(r))
	}
	for _, r := range plan.Shared {
		if t.ix.unref(owner, r) {
			errs = appendErr(errs, t.host.delRule(r))
		}
	}
	for _, r := range plan.HostRoutes {
		errs = appendErr(errs, t.host.delRoute(t.host.hostRouteKey(r), "host route "+r.String()))
	}
	if t.pod.h == nil {
		return errs
	}
	for _, r := range plan.PodRoutes {
		nr, err := t.pod.nlPodRoute(r)
		if err == nil {
			err = t.pod.delRoute(nr, "pod route "+r.String())
		}
		errs = appendErr(errs, err)
	}
	return errs
}

// ownedBy drops from plan the objects keyed by a pod address that
// another attachment claims now. A per-pod rule, host route or mark is
// keyed by the address alone, so a later pod that got the same address
// from IPAM has identical objects; removing a stale attachment's (a lost
// DEL, GC of a pod gone meanwhile) must not remove the live pod's.
func (t *txn) ownedBy(plan Plan, owner string) Plan {
	others := func(a netip.Addr) bool {
		o := t.ix.owner(a)
		return o != "" && o != owner
	}
	keyed := func(p netip.Prefix) bool { return p.IsValid() && p.IsSingleIP() && others(p.Addr()) }
	plan.Rules = slices.DeleteFunc(slices.Clone(plan.Rules), func(r Rule) bool { return keyed(r.Src) || keyed(r.Dst) })
	plan.HostRoutes = slices.DeleteFunc(slices.Clone(plan.HostRoutes), func(r HostRoute) bool { return keyed(r.Dst) })
	plan.Marks = slices.DeleteFunc(slices.Clone(plan.Marks), func(m Mark) bool { return others(m.Addr) })
	return plan
}

func appendErr(errs []error, err error) []error {
	if err != nil {
		return append(errs, err)
	}
	return errs
}
