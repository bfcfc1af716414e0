package cniutil

import (
	"fmt"
	"net"
	"net/netip"

	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// PodAddrs returns the pod's addresses on ifname, in this order of trust:
//  1. prevResult: the IPs bound to the sandbox interface named ifname (and
//     IPs bound to no interface at all, as some IPAM-only results have);
//  2. runtimeConfig "ips" (diktyo-nri passes the addresses containerd
//     reported, since it runs the chain without a prevResult);
//  3. the global addresses on ifname inside netnsPath.
//
// An error is returned only when a source is present but malformed, or
// when no source yields any address.
func PodAddrs(prev *current.Result, ips []string, netnsPath, ifname string) ([]netip.Prefix, error) {
	if prev != nil {
		if addrs := addrsFromResult(prev, ifname); len(addrs) > 0 {
			return addrs, nil
		}
	}
	if len(ips) > 0 {
		return ParseIPs("runtimeConfig.ips", ips)
	}
	if netnsPath == "" {
		return nil, fmt.Errorf("no pod address: no prevResult, no runtimeConfig.ips and no netns")
	}
	addrs, err := AddrsInNetns(netnsPath, ifname)
	if err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("no pod address: interface %q in %s has no global address", ifname, netnsPath)
	}
	return addrs, nil
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

// AddrsInNetns lists the global unicast addresses of ifname inside the
// network namespace at nsPath. The netlink handle is opened in that
// namespace; the calling thread never switches namespaces.
func AddrsInNetns(nsPath, ifname string) ([]netip.Prefix, error) {
	h, err := HandleAt(nsPath)
	if err != nil {
		return nil, err
	}
	defer h.Close()
	link, err := h.LinkByName(ifname)
	if err != nil {
		return nil, fmt.Errorf("netns %s: interface %q: %w", nsPath, ifname, err)
	}
	list, err := h.AddrList(link, netlink.FAMILY_ALL)
	if err != nil {
		return nil, fmt.Errorf("netns %s: listing addresses of %q: %w", nsPath, ifname, err)
	}
	var out []netip.Prefix
	for _, a := range list {
		if a.IPNet == nil || !a.IP.IsGlobalUnicast() {
			continue
		}
		if p, ok := prefixFromIPNet(*a.IPNet); ok {
			out = append(out, p)
		}
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
