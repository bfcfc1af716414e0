package main

import (
	"flag"
	"fmt"
	"io"
	"net/netip"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// addrAddMain adds --addr to --dev without duplicate address detection
// (IFA_F_NODAD; busybox's ip has no "nodad"): an IPv6 address that another
// host of the link holds would otherwise fail DAD and never be usable.
// It returns the exit code.
func addrAddMain(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("echosrc addr-add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dev := fs.String("dev", "eth0", "interface")
	addr := fs.String("addr", "", "address with its prefix length, e.g. 2001:2:0:10::5/128 (required)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := addrAdd(*dev, *addr); err != nil {
		fmt.Fprintf(stderr, "echosrc addr-add: %v\n", err)
		return 1
	}
	return 0
}

func addrAdd(dev, addr string) error {
	pfx, err := netip.ParsePrefix(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: want ADDRESS/BITS", addr)
	}
	link, err := netlink.LinkByName(dev)
	if err != nil {
		return fmt.Errorf("--dev %q: %w", dev, err)
	}
	a, err := netlink.ParseAddr(pfx.String())
	if err != nil {
		return err
	}
	if pfx.Addr().Is6() {
		a.Flags = unix.IFA_F_NODAD
	}
	if err := netlink.AddrAdd(link, a); err != nil {
		return fmt.Errorf("adding %s to %s (needs CAP_NET_ADMIN): %w", pfx, dev, err)
	}
	return nil
}
