package route

import (
	"errors"
	"fmt"
	"net/netip"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// GC removes the host-side objects of every attachment of this network
// that is not in cni.dev/valid-attachments, then reconciles the kernel
// against the remaining records: rules and host routes carrying our
// protocol that no record accounts for (left by a crash, or by a lost
// state directory) are removed too. The index is rebuilt from the records.
func (p *Plugin) GC(args *skel.CmdArgs) error {
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
	if err := ix.rebuild(recs); err != nil {
		return err
	}
	var keep []*Record
	for _, rec := range recs {
		if rec.Network != cfg.Network || valid[rec.Owner] {
			keep = append(keep, rec)
			continue
		}
		p.log().Info("iproute GC: removing stale attachment", "owner", rec.Owner, "containerID", rec.ContainerID, "ifName", rec.IfName)
		errs = append(errs, tx.remove(withoutPodRoutes(rec.Plan), rec.Owner)...)
		ix.releaseAll(rec.Owner, rec.Addrs)
		errs = appendErr(errs, st.remove(rec.Owner))
	}
	errs = append(errs, p.sweep(tx.host, keep, ix)...)
	if tx.nft != nil {
		// Every record of the state directory, as for rules: networks
		// sharing it share the nftables table too.
		errs = appendErr(errs, tx.nft.sweep(keep))
	}
	// An unreadable record's objects were just swept as orphans.
	for owner, err := range bad {
		p.log().Warn("iproute GC: removing unreadable state record", "owner", owner, "error", err)
		errs = appendErr(errs, st.remove(owner))
	}
	return errors.Join(errs...)
}

// sweep deletes our rules and main-table host routes that no kept record
// (nor the index's shared rules) accounts for.
func (p *Plugin) sweep(b backend, keep []*Record, ix index) []error {
	wantRules := map[string]bool{}
	wantRoutes := map[netip.Prefix]bool{}
	for _, rec := range keep {
		for _, r := range rec.Rules {
			wantRules[r.String()] = true
		}
		for _, r := range rec.HostRoutes {
			wantRoutes[r.Dst] = true
		}
	}
	for k := range ix.sharedRules() {
		wantRules[k] = true
	}
	var errs []error
	listed, err := b.listRules()
	if err != nil {
		return []error{err}
	}
	for _, k := range listed {
		if k.Protocol != b.proto {
			continue
		}
		r, ok := ruleFromKernel(k)
		if !ok || wantRules[r.String()] {
			continue
		}
		p.log().Info("iproute GC: removing orphaned rule", "rule", r.String())
		errs = appendErr(errs, b.delRule(r))
	}
	for _, fam := range []int{netlink.FAMILY_V4, netlink.FAMILY_V6} {
		routes, err := b.h.RouteListFiltered(fam,
			&netlink.Route{Table: unix.RT_TABLE_MAIN, Protocol: netlink.RouteProtocol(b.proto)},
			netlink.RT_FILTER_TABLE|netlink.RT_FILTER_PROTOCOL)
		if err != nil {
			errs = append(errs, fmt.Errorf("listing routes: %w", err))
			continue
		}
		for _, r := range routes {
			dst, ok := prefixOf(r.Dst)
			if !ok || wantRoutes[dst] {
				continue
			}
			p.log().Info("iproute GC: removing orphaned host route", "dst", dst.String())
			errs = appendErr(errs, b.delRoute(&r, "host route "+dst.String()))
		}
	}
	return errs
}
