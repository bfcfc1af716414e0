package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/plugin"
)

// egressGuard is the daemon's plugin.EgressGuard: linkguard's egress table
// and port reserver in the namespace netns ("" this process's: the
// node's, as diktyo-nri runs).
type egressGuard struct{ netns string }

func (g egressGuard) Apply(ctx context.Context, spec plugin.EgressSpec, stateDir string) error {
	s := linkguard.EgressSpec{Whole: spec.Whole}
	for _, r := range spec.Ports {
		s.Ports = append(s.Ports, linkguard.PortRange{Addr: r.Addr, Lo: r.Lo, Hi: r.Hi})
	}
	var errs []error
	eg := &linkguard.Egress{Table: linkguard.DefaultEgressTable, NetNS: g.netns}
	if err := eg.Apply(ctx, s); err != nil {
		errs = append(errs, fmt.Errorf("egress table: %w", err))
	}
	if stateDir != "" {
		r := &linkguard.PortReserver{NetNS: g.netns, Record: filepath.Join(stateDir, "reserved-ports")}
		if err := r.Apply(s.Ports); err != nil {
			errs = append(errs, fmt.Errorf("ip_local_reserved_ports: %w", err))
		}
	}
	return errors.Join(errs...)
}
