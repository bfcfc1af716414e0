package cniutil

import (
	"fmt"
	"net"
	"net/netip"
	"slices"

	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// PodAddrs returns the pod's addresses on ifname, from the two sources a
// pod cannot forge:
//  1. prevResult: the IPs bound to the sandbox interface named ifname (and
//     IPs bound to no interface at all, as some IPAM-only results have),
//     as the primary network's plugins reported them;
//  2. runtimeConfig "ips" (diktyo-nri passes the addresses containerd
//     reported, since it runs the chain without a prevResult), taken as
//     host addresses (/32, /128) whatever prefix length they carry.
//
// The addresses on the pod's own interface are never read: a pod with
// NET_ADMIN in its netns can put any address there, including another
// pod's, and would then be SNATed and routed as that pod.
//
// An error is returned when a source is present but malformed, or when
// neither yields any address.
func PodAddrs(prev *current.Result, ips []string, ifname string) ([]netip.Prefix, error) {
	if prev != nil {
		if addrs := addrsFromResult(prev, ifname); len(addrs) > 0 {
			for _, a := range addrs {
				// The subnet length is used for "to SUBNET lookup main"
				// rules: never one that covers every destination.
				if a.Bits() == 0 || !a.Addr().IsGlobalUnicast() {
					return nil, fmt.Errorf("prevResult: address %s is not a pod address", a)
				}
			}
			return addrs, nil
		}
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("no pod address: no prevResult address on %q and no runtimeConfig.ips", ifname)
	}
	addrs, err := ParseHostAddrs("runtimeConfig.ips", ips)
	if err != nil {
		return nil, err
	}
	out := make([]netip.Prefix, len(addrs))
	for i, a := range addrs {
		out[i] = netip.PrefixFrom(a, a.BitLen())
	}
	return out, nil
}

// ParseHostAddrs parses pod addresses given as "ADDR", "ADDR/32" or
// "ADDR/128" (the forms containerd and the "ips" capability use; any other
// prefix length is taken as the subnet and ignored). Each must be a global
// unicast address, and no address may appear twice: a pod address is a
// host, never a network (a "/0" address would otherwise become a rule for
// every destination). field names the source in errors.
func ParseHostAddrs(field string, ips []string) ([]netip.Addr, error) {
	out := make([]netip.Addr, 0, len(ips))
	for _, s := range ips {
		p, err := api.ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("%s: invalid address %q", field, s)
		}
		a := p.Addr().Unmap()
		if p.Bits() == 0 {
			return nil, fmt.Errorf("%s: address %q has prefix length 0: a pod address is one host", field, s)
		}
		if !a.IsGlobalUnicast() {
			return nil, fmt.Errorf("%s: address %q is not a global unicast address", field, s)
		}
		if slices.Contains(out, a) {
			return nil, fmt.Errorf("%s: address %q given twice", field, s)
		}
		out = append(out, a)
	}
	return out, nil
}

func addrsFromResult(res *current.Result, ifname string) []netip.Prefix {
	var out []netip.Prefix
	for _, ipc := range res.IPs {
		if ipc.Interface != nil {
			i := *ipc.Interface
			if i < 0 || i >= len(res.Interfaces) {
				continue
			}
			iface := res.Interfaces[i]
			if iface.Name != ifname || iface.Sandbox == "" {
				continue
			}
		}
		if p, ok := prefixFromIPNet(ipc.Address); ok {
			out = append(out, p)
		}
	}
	return out
}

// ParseIPs parses "ADDR" or "ADDR/LEN" strings (the prefix length is the
// subnet's; host bits are the address); field names the source in the
// error.
func ParseIPs(field string, ips []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(ips))
	for _, s := range ips {
		p, err := api.ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("%s: invalid address %q", field, s)
		}
		if a := p.Addr(); a.Is4In6() {
			p = netip.PrefixFrom(a.Unmap(), max(p.Bits()-96, 0))
		}
		out = append(out, p)
	}
	return out, nil
}

// HandleAt opens a netlink handle inside the network namespace at nsPath.
func HandleAt(nsPath string) (*netlink.Handle, error) {
	nsh, err := netns.GetFromPath(nsPath)
	if err != nil {
		return nil, fmt.Errorf("opening netns %s: %w", nsPath, err)
	}
	defer nsh.Close()
	h, err := netlink.NewHandleAt(nsh)
	if err != nil {
		return nil, fmt.Errorf("netlink handle in netns %s: %w", nsPath, err)
	}
	return h, nil
}

func prefixFromIPNet(n net.IPNet) (netip.Prefix, bool) {
	a, ok := netip.AddrFromSlice(n.IP)
	if !ok {
		return netip.Prefix{}, false
	}
	a = a.Unmap()
	ones, bits := n.Mask.Size()
	if bits == 0 {
		ones = a.BitLen()
	}
	if a.Is4() && bits == 128 {
		ones -= 96
	}
	return netip.PrefixFrom(a, ones), true
}
