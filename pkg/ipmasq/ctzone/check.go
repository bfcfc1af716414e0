package ctzone

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// Check says how owner's zones differ from what its ADD wrote: each
// address's live zone is owner's, and the chain sets zones (without
// either, the pod's new flows are in the default zone, where an entry
// made before its ADD may wait). Problems, not an error: the caller
// reports them as drift, and its repairing ADD gives a new zone.
func (z *Zones) Check(ctx context.Context, owner string, addrs []netip.Addr) ([]string, error) {
	c, done, err := z.open(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	var problems []string
	if ok, err := nft.HoldsExactly(c, Table, chainPre, Rules()); err != nil && !errors.Is(err, nft.ErrNotFound) {
		return nil, err
	} else if !ok {
		problems = append(problems, fmt.Sprintf("chain inet %s %s does not set the pods' conntrack zones", Table, chainPre))
	}
	for _, a := range addrs {
		live, _, err := readLive(c, a.Unmap())
		if err != nil {
			return nil, err
		}
		if !live.OK || live.Owner != owner {
			problems = append(problems, fmt.Sprintf("conntrack zone of %s: %s", a, describeLive(live)))
		}
	}
	return problems, nil
}

func describeLive(l Live) string {
	if !l.OK {
		return "missing"
	}
	return fmt.Sprintf("zone %d is owner %s's", l.Zone, l.Owner)
}

// Prepare makes a zone table that is there whole again (its chain's
// rules, its maps, the epoch: see ensure) and says what it repaired; a
// table not there is left to the first ADD. A reconcile pass runs it, so
// that a foreign flush of the chain is undone without waiting for an ADD.
func (z *Zones) Prepare(ctx context.Context) (repaired []string, err error) {
	c, done, err := z.open(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	if ok, err := c.TableExists(Table); err != nil || !ok {
		return nil, err
	}
	if ok, err := nft.HoldsExactly(c, Table, chainPre, Rules()); err != nil && !errors.Is(err, nft.ErrNotFound) {
		return nil, err
	} else if !ok {
		repaired = append(repaired, "chain inet "+Table+" "+chainPre)
	}
	sets, err := c.ListSets(Table)
	if err != nil {
		return nil, err
	}
	for _, s := range []*nft.Set{zone4, zone6, last4, last6} {
		if !slices.ContainsFunc(sets, func(h nft.Set) bool { return h.Name == s.Name }) {
			repaired = append(repaired, "set inet "+Table+" "+s.Name)
		}
	}
	if len(repaired) == 0 {
		return nil, nil
	}
	b := nft.NewBatch(Table)
	if _, err := z.ensure(c, b); err != nil {
		return nil, err
	}
	if err := c.Apply(b); err != nil {
		return nil, fmt.Errorf("repairing the conntrack zone table %s: %w", Table, err)
	}
	return repaired, nil
}
