package iptables

import (
	"context"
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Teardown removes the tag chain and its POSTROUTING jumps in both
// families, for an uninstall. A tag chain that still holds a rule (a
// pod's jump, of any network) is kept: Teardown returns snat.ErrInUse
// for it and goes on with the other family. Absent: nothing to do.
func (b *Backend) Teardown(ctx context.Context) (removed bool, err error) {
	unlock, err := b.lock()
	if err != nil {
		return false, err
	}
	defer unlock()
	for _, fam := range []snat.Family{snat.IPv4, snat.IPv6} {
		done, ferr := b.teardown(ctx, fam)
		removed = removed || done
		if ferr != nil && err == nil {
			err = ferr
		}
	}
	return removed, err
}

func (b *Backend) teardown(ctx context.Context, fam snat.Family) (bool, error) {
	rules, ok, err := b.listChain(ctx, fam, b.Tag)
	if err != nil || !ok {
		return false, err
	}
	if len(rules) > 0 {
		return false, fmt.Errorf("%s: nat chain %s holds %d rules: %w", fam, b.Tag, len(rules), snat.ErrInUse)
	}
	// Every jump: racing creations could have added two (see ensureTag).
	// -D fails once none is left; -X then proves it.
	del := append([]string{"-D", "POSTROUTING"}, TagJumpSpec(b.Tag)...)
	for {
		if _, err := b.ipt(ctx, fam, del...); err != nil {
			break
		}
	}
	if _, err := b.ipt(ctx, fam, "-X", b.Tag); err != nil {
		return false, fmt.Errorf("%s: removing nat chain %s: %w", fam, b.Tag, err)
	}
	return true, nil
}
