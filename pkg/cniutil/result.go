package cniutil

import (
	"net"
	"net/netip"

	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
)

// Result returns what a chained plugin should print: prevResult unchanged
// when there is one, otherwise a minimal result carrying the pod addresses
// so that the next plugin of a standalone chain (as diktyo-nri runs it)
// gets them as its prevResult.
func Result(prev *current.Result, addrs []netip.Prefix, ifname, netnsPath string) *current.Result {
	if prev != nil {
		return prev
	}
	res := &current.Result{CNIVersion: current.ImplementedSpecVersion}
	if len(addrs) == 0 {
		return res
	}
	idx := 0
	res.Interfaces = []*current.Interface{{Name: ifname, Sandbox: netnsPath}}
	for _, p := range addrs {
		res.IPs = append(res.IPs, &current.IPConfig{
			Interface: &idx,
			Address:   net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())},
		})
	}
	return res
}

// Print prints res converted to cniVersion.
func Print(res *current.Result, cniVersion string) error {
	return types.PrintResult(res, cniVersion)
}
