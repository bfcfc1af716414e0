package snat

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// Backend applies plans to the kernel. Every method is safe to run in
// parallel with any other, in other processes too.
type Backend interface {
	// Add makes the kernel hold exactly plan's objects for plan.Owner,
	// atomically: on error none of them are left.
	Add(ctx context.Context, plan *Plan) error
	// Del removes everything owner has. addrs, when known, let it do so
	// without listing; without them the owner's objects are searched.
	// Objects already gone are not an error.
	Del(ctx context.Context, owner Owner, addrs []netip.Prefix) error
	// Check reports how the kernel differs from plan, or nil.
	Check(ctx context.Context, plan *Plan) error
	// GC removes the objects of network's attachments that are not in
	// valid (a set of owner IDs). flush, when not nil, removes the
	// conntrack entries of the pod addresses whose traffic those objects
	// translated; GC runs it as FlushAround says, and its failure is
	// GC's error.
	GC(ctx context.Context, network string, valid map[string]bool, flush Flush) error
	// Status reports whether the backend can work on this node.
	Status(ctx context.Context) error
	// Teardown removes the shared objects no pod owns (an uninstall),
	// and reports whether it removed any. While any pod's object (of any
	// network) or anything else is left in them, it keeps them and
	// returns ErrInUse.
	Teardown(ctx context.Context) (removed bool, err error)
}

// ErrInUse: Teardown kept a shared object that still holds what it did
// not make (a pod's objects, or another writer's).
var ErrInUse = errors.New("still holds objects of pods or of another writer")

// Flush removes every conntrack entry from or to addrs.
type Flush func(addrs []netip.Addr) error

// FlushAround runs remove, which deletes the objects that translate
// addrs' traffic, between two flushes of addrs. The flush before decides:
// when it fails the objects stay, so the next GC finds them (and their
// addresses) again and retries, and a caller that frees what the removed
// pods held (their port blocks) does so only once a GC proved their flows
// gone. The flush after removes flows the objects translated meanwhile
// (a live pod that took an address from a leaked jump's owner). Without
// flush or addresses it is remove.
func FlushAround(flush Flush, addrs []netip.Addr, remove func() error) error {
	if flush == nil || len(addrs) == 0 {
		return remove()
	}
	if err := flush(addrs); err != nil {
		return fmt.Errorf("not removing the rules of %s, whose conntrack entries are still there: %w", joinAddrs(addrs), err)
	}
	if err := remove(); err != nil {
		return err
	}
	if err := flush(addrs); err != nil {
		return fmt.Errorf("rules of %s removed, but not their conntrack entries: %w", joinAddrs(addrs), err)
	}
	return nil
}

func joinAddrs(addrs []netip.Addr) string {
	s := make([]string, len(addrs))
	for i, a := range addrs {
		s[i] = a.String()
	}
	return strings.Join(s, ", ")
}

// DriftError is what Check returns: every difference found.
type DriftError struct {
	Owner    Owner
	Problems []string
}

func (e *DriftError) Error() string {
	return fmt.Sprintf("ipmasq rules of %s drifted: %s", e.Owner.ID, strings.Join(e.Problems, "; "))
}
