package iproute

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// gc removes the host-side objects of every attachment of this network
// that is not in cni.dev/valid-attachments, and nothing else: what is
// removed must be provably this network's, and only its state records
// prove that. The protocol number (209) does not: another diktyo chain
// (another network, another state directory) and other software may use
// it too. Records are written before the kernel is touched (saveIntent),
// so a crash half-way leaves a record, not an orphan. The index is rebuilt
// from the records.
// b2i orders false before true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *verbs) gc(ctx context.Context, args *skel.CmdArgs) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("iproute GC not started: %w", err)
	}
	hs, err := p.openHost(args.StdinData)
	if err != nil {
		return err
	}
	defer hs.close()
	cfg, st, tx := hs.cfg, hs.st, hs.tx
	valid := cniutil.ValidOwners(cfg.Network, hs.nc.ValidAttachments)

	recs, bad, err := st.all()
	if err != nil {
		return err
	}
	var errs []error
	ix := tx.ix
	// A valid attachment's claim on an address wins over a stale one's
	// (the address's later pod), so that removing the stale attachment
	// leaves the live pod's identical objects alone (txn.ownedBy).
	slices.SortStableFunc(recs, func(a, b *Record) int { return cmp.Compare(b2i(valid[a.Owner]), b2i(valid[b.Owner])) })
	if err := ix.rebuild(recs); err != nil {
		return err
	}
	var keep []*Record
	for _, rec := range recs {
		if rec.Network != cfg.Network || valid[rec.Owner] {
			keep = append(keep, rec)
			continue
		}
		p.log.Info("iproute GC: removing stale attachment", "owner", rec.Owner, "containerID", rec.ContainerID, "ifName", rec.IfName)
		errs = append(errs, tx.remove(withoutPodRoutes(rec.Plan), rec.Owner)...)
		ix.releaseAll(rec.Owner, rec.Addrs)
		errs = appendErr(errs, st.remove(rec.Owner))
	}
	if tx.nft != nil && len(bad) == 0 {
		// The nftables table is this state directory's own (nftTable):
		// an element no record of it accounts for is its own leftover.
		// Not while a record is unreadable: its elements would look like
		// leftovers, and its pod may still be running.
		errs = appendErr(errs, tx.nft.sweep(keep))
	}
	// An unreadable record cannot say which kernel objects it made: they
	// are left in place, and so is the record, for a person to look at.
	for owner, err := range bad {
		p.log.Warn("iproute GC: unreadable state record; its objects cannot be identified and are left in place",
			"owner", owner, "error", err)
	}
	return errors.Join(errs...)
}
