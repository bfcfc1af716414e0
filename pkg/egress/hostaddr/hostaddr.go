// Package hostaddr makes the node's managed egress addresses
// (egress.addresses[] with manage: true) present on their interface, and
// withdraws them (docs/egress.md, "Managed addresses"):
//
//  1. conflict detection: an IPv4 ARP probe as in RFC 5227, IPv6
//     duplicate address detection as in RFC 4862 (a neighbour
//     solicitation from the unspecified address); an answer refuses the
//     address, naming the MAC that answered;
//  2. assignment: IPv4 as a /32, IPv6 as a /128, both without a prefix
//     route (IFA_F_NOPREFIXROUTE); IPv6 deprecated (preferred_lft 0), so
//     the node never picks it as a source of its own;
//  3. announcement: a gratuitous ARP request, or an unsolicited neighbour
//     advertisement with the override flag, so that neighbours drop a
//     stale entry (of the address's previous holder) at once.
//
// Every address it assigns carries IFA_PROTO = Proto, the marker that
// says diktyo assigned it (an address without it is someone else's, never
// removed), and a tag of its own, IFA_RT_PRIORITY (`ip address` shows
// "metric N"; the address has no prefix route for it to weigh on): a
// random number the instance's Ledger records, durably, before the
// address is assigned. The marker, the tag and the interface index
// together prove which instance assigned the address: each diktyo-nri
// withdraws only what its own ledger records, so two instances in one
// network namespace never withdraw each other's addresses, and a restart
// finds its own again (ledger.go).
//
// Probing and announcing use packet sockets on the interface; the
// address itself is added with netlink. Everything runs in the network
// namespace of Options.NetNS (tests use throwaway ones).
package hostaddr

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/mdlayher/arp"
	"github.com/mdlayher/ndp"
	"github.com/mdlayher/packet"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netlink/nl"
	"golang.org/x/sys/unix"
)

// Proto is the IFA_PROTO value marking the addresses diktyo assigned
// (`ip address show` prints it as "proto 0xd1"; iproute2 >= 6.0). Values
// 0-3 are the kernel's own; 0xd1 is unused by any known tool.
const Proto = 0xd1

// ifaProto is IFA_PROTO (Linux 5.18), not in x/sys/unix yet.
const ifaProto = 11

// Errors, for errors.Is; the texts around them name the address, the
// interface and (for a conflict) the MAC that answered.
var (
	// ErrConflict: another host answered the probe for the address.
	ErrConflict = errors.New("egress address in use by another host")
	// ErrNoInterface: the interface the address is to be assigned to
	// does not exist (or is not usable: down, not Ethernet).
	ErrNoInterface = errors.New("egress interface unusable")
	// ErrNoMarker: the kernel dropped IFA_PROTO (Linux before 5.18) or
	// the tag, so diktyo could not prove later that it assigned the
	// address.
	ErrNoMarker = errors.New("kernel does not keep the address protocol marker and tag (IFA_PROTO, Linux 5.18; IFA_RT_PRIORITY)")
)

// ConflictError is a probe that was answered.
type ConflictError struct {
	Addr      netip.Addr
	Interface string
	// MAC is the hardware address that answered (or probed for the same
	// address at the same time).
	MAC net.HardwareAddr
	// How is what answered: "ARP reply", "neighbour advertisement", ...
	How string
}

func (e *ConflictError) Error() string {
	method := "ARP probe (RFC 5227)"
	if e.Addr.Is6() {
		method = "duplicate address detection (RFC 4862)"
	}
	return fmt.Sprintf("%v: %s is already used on %s's link by %s (%s to our %s)", ErrConflict, e.Addr, e.Interface, e.MAC, e.How, method)
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// Address is a managed egress address and the interface it belongs on.
type Address struct {
	Addr      netip.Addr
	Interface string
}

func (a Address) String() string { return a.Addr.String() + " on " + a.Interface }

// Result says what Ensure found or did.
type Result int

const (
	// Assigned: probed, assigned and announced now.
	Assigned Result = iota
	// Owned: already assigned by this instance (marked, tagged, in its
	// ledger); nothing done.
	Owned
	// Foreign: present on the node but not assigned by diktyo: used as
	// it is, never removed by diktyo.
	Foreign
	// Unproven: present with diktyo's marker, but not recorded by this
	// instance's ledger (another instance's, or assigned before
	// ledgers): used as it is, never removed by this instance.
	Unproven
)

func (r Result) String() string {
	switch r {
	case Assigned:
		return "assigned"
	case Owned:
		return "owned"
	case Foreign:
		return "foreign"
	case Unproven:
		return "unproven"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// Options configure a Manager. The defaults keep Ensure well inside NRI's
// request timeout (2 s by default): RFC 5227's own timings (a random wait
// of up to 1 s, three probes 1-2 s apart, 2 s to wait for answers) and
// the kernel's DAD (up to 1 s of random delay, then 1 s per probe) take
// several seconds, longer than containerd waits for a pod's answer.
type Options struct {
	// NetNS is the path of the network namespace the addresses live in;
	// "" is the caller's (diktyo-nri runs in the host's).
	NetNS string
	// ProbeNum probes are sent ProbeInterval apart, and answers awaited
	// for ProbeWait after the last (defaults 3, 100ms, 200ms).
	ProbeNum      int
	ProbeInterval time.Duration
	ProbeWait     time.Duration
	// AnnounceNum announcements are sent AnnounceInterval apart (defaults
	// 2 and 1s, RFC 5227's ANNOUNCE_NUM): the first before Ensure
	// returns, the others in the background.
	AnnounceNum      int
	AnnounceInterval time.Duration
	// Logger; nil: slog.Default().
	Logger *slog.Logger
}

// Manager assigns, lists and withdraws managed egress addresses. Safe for
// concurrent use, but callers serialise Ensure, Withdraw and Inventory on
// one ledger (diktyo-nri does, under one mutex, with its count of the
// address's pods).
type Manager struct {
	o Options
	k kernel
}

// New returns a Manager.
func New(o Options) *Manager {
	if o.ProbeNum <= 0 {
		o.ProbeNum = 3
	}
	if o.ProbeInterval <= 0 {
		o.ProbeInterval = 100 * time.Millisecond
	}
	if o.ProbeWait <= 0 {
		o.ProbeWait = 200 * time.Millisecond
	}
	if o.AnnounceNum <= 0 {
		o.AnnounceNum = 2
	}
	if o.AnnounceInterval <= 0 {
		o.AnnounceInterval = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	m := &Manager{o: o}
	m.k = netlinkKernel{m}
	return m
}

// do runs f in the manager's network namespace. Sockets f opens stay in
// it whatever thread uses them later.
func (m *Manager) do(f func() error) error {
	if m.o.NetNS == "" {
		return f()
	}
	return ns.WithNetNSPath(m.o.NetNS, func(ns.NetNS) error { return f() })
}

// kernelAddr is an address as the kernel lists it, with its protocol,
// tag (IFA_RT_PRIORITY) and creation stamp (IFA_CACHEINFO cstamp).
type kernelAddr struct {
	Addr    netip.Addr
	Prefix  int
	Index   int
	Flags   uint32
	Proto   uint8
	Tag     uint32
	Created uint32
}

// Assignment is an address carrying diktyo's marker, as the kernel has it.
type Assignment struct {
	Address
	// Index is its interface's index.
	Index int
	// Tag is its IFA_RT_PRIORITY: the number its owner's ledger records
	// (0: assigned by a diktyo before ledgers).
	Tag uint32
	// Created is the kernel's creation stamp (IFA_CACHEINFO cstamp).
	Created uint32
}

// kernel is what a Manager does to its network namespace; tests fake it.
type kernel interface {
	list() ([]kernelAddr, error)
	add(index int, a netip.Addr, tag uint32) error
	del(k kernelAddr) error
	// link is a's interface, if usable (up, Ethernet).
	link(a Address) (*net.Interface, error)
	// linkName is the name of the interface of index.
	linkName(index int) string
	probe(ctx context.Context, ifi *net.Interface, a Address) error
	announce(ifi *net.Interface, a netip.Addr) error
}

// netlinkKernel is the real namespace, through netlink and packet sockets.
type netlinkKernel struct{ m *Manager }

func (netlinkKernel) list() ([]kernelAddr, error)                     { return listAddrs() }
func (netlinkKernel) add(index int, a netip.Addr, tag uint32) error   { return addAddr(index, a, tag) }
func (netlinkKernel) del(k kernelAddr) error                          { return delAddr(k) }
func (netlinkKernel) link(a Address) (*net.Interface, error)          { return usableInterface(a) }
func (netlinkKernel) announce(ifi *net.Interface, a netip.Addr) error { return announce(ifi, a) }
func (k netlinkKernel) probe(ctx context.Context, ifi *net.Interface, a Address) error {
	return k.m.probe(ctx, ifi, a)
}
func (netlinkKernel) linkName(index int) string {
	if l, err := netlink.LinkByIndex(index); err == nil {
		return l.Attrs().Name
	}
	return fmt.Sprintf("if%d", index)
}

// listAddrs dumps every address of the namespace with IFA_PROTO, which
// netlink.AddrList does not return. A dump interrupted by a concurrent
// change is retried.
func listAddrs() ([]kernelAddr, error) {
	var msgs [][]byte
	var err error
	for range 5 {
		req := nl.NewNetlinkRequest(unix.RTM_GETADDR, unix.NLM_F_DUMP)
		req.AddData(nl.NewIfAddrmsg(unix.AF_UNSPEC))
		msgs, err = req.Execute(unix.NETLINK_ROUTE, unix.RTM_NEWADDR)
		if !errors.Is(err, nl.ErrDumpInterrupted) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("listing addresses: %w", err)
	}
	out := make([]kernelAddr, 0, len(msgs))
	for _, b := range msgs {
		if len(b) < unix.SizeofIfAddrmsg {
			continue
		}
		msg := nl.DeserializeIfAddrmsg(b)
		attrs, err := nl.ParseRouteAttr(b[msg.Len():])
		if err != nil {
			return nil, fmt.Errorf("listing addresses: %w", err)
		}
		k := kernelAddr{Index: int(msg.Index), Prefix: int(msg.Prefixlen), Flags: uint32(msg.Flags)}
		var local, address netip.Addr
		for _, a := range attrs {
			switch a.Attr.Type {
			case unix.IFA_LOCAL:
				local, _ = netip.AddrFromSlice(a.Value)
			case unix.IFA_ADDRESS:
				address, _ = netip.AddrFromSlice(a.Value)
			case unix.IFA_FLAGS:
				if len(a.Value) >= 4 {
					k.Flags = nl.NativeEndian().Uint32(a.Value)
				}
			case ifaProto:
				if len(a.Value) >= 1 {
					k.Proto = a.Value[0]
				}
			case unix.IFA_RT_PRIORITY:
				if len(a.Value) >= 4 {
					k.Tag = nl.NativeEndian().Uint32(a.Value)
				}
			case unix.IFA_CACHEINFO:
				if len(a.Value) >= unix.SizeofIfaCacheinfo {
					k.Created = nl.NativeEndian().Uint32(a.Value[8:12])
				}
			}
		}
		// IPv4 gives the address as IFA_LOCAL (IFA_ADDRESS is the peer
		// of a point-to-point link); IPv6 as IFA_ADDRESS.
		k.Addr = local
		if !k.Addr.IsValid() {
			k.Addr = address
		}
		if k.Addr.IsValid() {
			k.Addr = k.Addr.Unmap()
			out = append(out, k)
		}
	}
	return out, nil
}

func family(a netip.Addr) int {
	if a.Is4() {
		return unix.AF_INET
	}
	return unix.AF_INET6
}

// addAddr assigns a (a /32 or /128) to the link with our marker and tag,
// no prefix route (so the tag, the prefix route's metric, weighs on
// nothing), and for IPv6 no kernel DAD (ours ran already) and
// preferred_lft 0 (deprecated, never a source the node picks).
func addAddr(index int, a netip.Addr, tag uint32) error {
	req := nl.NewNetlinkRequest(unix.RTM_NEWADDR, unix.NLM_F_CREATE|unix.NLM_F_EXCL|unix.NLM_F_ACK)
	msg := nl.NewIfAddrmsg(family(a))
	msg.Index = uint32(index)
	msg.Prefixlen = uint8(a.BitLen())
	msg.Scope = unix.RT_SCOPE_UNIVERSE
	req.AddData(msg)
	req.AddData(nl.NewRtAttr(unix.IFA_LOCAL, a.AsSlice()))
	req.AddData(nl.NewRtAttr(unix.IFA_ADDRESS, a.AsSlice()))
	flags := uint32(unix.IFA_F_NOPREFIXROUTE)
	if a.Is6() {
		flags |= unix.IFA_F_NODAD
		ci := nl.IfaCacheInfo{IfaCacheinfo: unix.IfaCacheinfo{Prefered: 0, Valid: 0xffffffff}} //nolint:misspell // x/sys's field name
		req.AddData(nl.NewRtAttr(unix.IFA_CACHEINFO, ci.Serialize()))
	}
	req.AddData(nl.NewRtAttr(unix.IFA_FLAGS, nl.Uint32Attr(flags)))
	req.AddData(nl.NewRtAttr(ifaProto, []byte{Proto}))
	req.AddData(nl.NewRtAttr(unix.IFA_RT_PRIORITY, nl.Uint32Attr(tag)))
	_, err := req.Execute(unix.NETLINK_ROUTE, 0)
	return err
}

// delAddr removes address k.
func delAddr(k kernelAddr) error {
	req := nl.NewNetlinkRequest(unix.RTM_DELADDR, unix.NLM_F_ACK)
	msg := nl.NewIfAddrmsg(family(k.Addr))
	msg.Index = uint32(k.Index)
	msg.Prefixlen = uint8(k.Prefix)
	req.AddData(msg)
	req.AddData(nl.NewRtAttr(unix.IFA_LOCAL, k.Addr.AsSlice()))
	req.AddData(nl.NewRtAttr(unix.IFA_ADDRESS, k.Addr.AsSlice()))
	_, err := req.Execute(unix.NETLINK_ROUTE, 0)
	return err
}

func find(list []kernelAddr, a netip.Addr) []kernelAddr {
	var out []kernelAddr
	for _, k := range list {
		if k.Addr == a {
			out = append(out, k)
		}
	}
	return out
}

// Present reports whether a is assigned to any interface of the
// namespace (manage: false addresses must be).
func (m *Manager) Present(a netip.Addr) (bool, error) {
	var ok bool
	err := m.do(func() error {
		list, err := m.k.list()
		ok = len(find(list, a)) > 0
		return err
	})
	return ok, err
}

// NodeAddresses lists every address of the namespace (for
// egress.nodeAddresses: allow, policy.NodeAddresses): the node's
// addresses are read where its managed ones are.
func (m *Manager) NodeAddresses() ([]netip.Addr, error) {
	var out []netip.Addr
	err := m.do(func() error {
		list, err := m.k.list()
		for _, k := range list {
			if !slices.Contains(out, k.Addr) {
				out = append(out, k.Addr)
			}
		}
		return err
	})
	return out, err
}

// Inventory is the addresses carrying diktyo's marker, by owner.
type Inventory struct {
	// Own: those the ledger records (the instance's to withdraw).
	Own []Assignment
	// Unproven: those it does not: another instance's, or assigned
	// before ledgers (see Ledger.Adopt), or whose tag someone changed.
	// Never withdrawn by this instance.
	Unproven []Assignment
}

// Inventory lists the addresses carrying diktyo's marker, split by
// whether l records them, and drops l's records whose address is gone
// (a crash between a record and its assignment, an address removed by
// hand, an interface deleted). A nil l owns nothing. With l unreadable,
// nothing is proven (every marked address is Unproven) and the error is
// returned with the listing.
func (m *Manager) Inventory(l *Ledger) (Inventory, error) {
	var inv Inventory
	err := m.do(func() error {
		list, err := m.k.list()
		if err != nil {
			return err
		}
		for _, k := range list {
			if k.Proto != Proto {
				continue
			}
			as := Assignment{Address: Address{Addr: k.Addr, Interface: m.k.linkName(k.Index)}, Index: k.Index, Tag: k.Tag, Created: k.Created}
			if l.owns(k) {
				inv.Own = append(inv.Own, as)
			} else {
				inv.Unproven = append(inv.Unproven, as)
			}
		}
		l.drop(func(r Record) bool { return !slices.ContainsFunc(list, r.matches) })
		return nil
	})
	if err == nil && l != nil {
		err = l.Err()
	}
	return inv, err
}

// Withdraw removes a if l records it (it carries diktyo's marker and the
// tag l recorded, on the interface l recorded), drops l's record, and
// reports whether it removed anything. An address l does not record is
// never touched: somebody else's, or another instance's.
func (m *Manager) Withdraw(l *Ledger, a netip.Addr) (bool, error) {
	removed := false
	err := m.do(func() error {
		list, err := m.k.list()
		if err != nil {
			return err
		}
		for _, k := range find(list, a) {
			if !l.owns(k) {
				continue
			}
			if err := m.k.del(k); err != nil && !errors.Is(err, unix.EADDRNOTAVAIL) {
				return fmt.Errorf("removing egress address %s: %w", a, err)
			}
			removed = true
		}
		// Gone now (or never ours): the record proves nothing any more.
		l.drop(func(r Record) bool { return r.Addr == a })
		return nil
	})
	return removed, err
}

// Ensure makes a present on its interface. An address already on the node
// is left as it is: Owned if l records it (on whichever interface: an
// interface changed in the config applies once the address was
// withdrawn, never under a pod that uses it), Unproven if it carries
// diktyo's marker but l does not record it, Foreign without the marker.
// Else it probes for a conflict (a *ConflictError names the MAC that
// answered), records the assignment in l (an error there assigns
// nothing), assigns the address and announces it.
func (m *Manager) Ensure(ctx context.Context, l *Ledger, a Address) (Result, error) {
	res := Assigned
	assigned := false
	err := m.do(func() error {
		list, err := m.k.list()
		if err != nil {
			return err
		}
		if r, present := presentAs(list, l, a.Addr); present {
			res = r
			return nil
		}
		ifi, err := m.k.link(a)
		if err != nil {
			return err
		}
		if err := m.k.probe(ctx, ifi, a); err != nil {
			return err
		}
		res, assigned, err = m.assignMarked(l, ifi, a)
		if err != nil || !assigned {
			return err
		}
		if err := m.k.announce(ifi, a.Addr); err != nil {
			// The address works; neighbours learn it at their next
			// resolution. Logged, not fatal.
			m.o.Logger.Warn("announcing egress address failed", "address", a.Addr, "interface", a.Interface, "error", err)
		}
		return nil
	})
	if err != nil {
		return res, err
	}
	if assigned && m.o.AnnounceNum > 1 {
		go m.announceLater(l, a)
	}
	return res, nil
}

// presentAs reports whether a is on the node already, and whose it is:
// Foreign without diktyo's marker, Owned when l records it, Unproven
// when it is marked but l does not record it. A marked address whose DAD
// failed does not count.
func presentAs(list []kernelAddr, l *Ledger, a netip.Addr) (Result, bool) {
	res, present := Assigned, false
	for _, k := range find(list, a) {
		switch {
		case k.Proto != Proto:
			return Foreign, true
		case k.Flags&unix.IFA_F_DADFAILED != 0:
		case l.owns(k):
			return Owned, true
		default:
			res, present = Unproven, true
		}
	}
	return res, present
}

// usableInterface is a's interface, if it is up and Ethernet (probes and
// announcements are ARP and NDP frames).
func usableInterface(a Address) (*net.Interface, error) {
	link, err := netlink.LinkByName(a.Interface)
	if err != nil {
		return nil, fmt.Errorf("%w: interface %q of egress address %s: %w", ErrNoInterface, a.Interface, a.Addr, err)
	}
	attrs := link.Attrs()
	if attrs.Flags&net.FlagUp == 0 {
		return nil, fmt.Errorf("%w: interface %q of egress address %s is down", ErrNoInterface, a.Interface, a.Addr)
	}
	if len(attrs.HardwareAddr) != 6 {
		return nil, fmt.Errorf("%w: interface %q of egress address %s is not Ethernet (hardware address %q)", ErrNoInterface, a.Interface, a.Addr, attrs.HardwareAddr)
	}
	return &net.Interface{Index: attrs.Index, Name: attrs.Name, HardwareAddr: attrs.HardwareAddr, MTU: attrs.MTU, Flags: attrs.Flags}, nil
}

// assignMarked records a in l, then assigns it with diktyo's marker and
// the recorded tag, and checks that the kernel kept both (else the
// address is removed again: nobody could prove later whose it is).
// assigned is false when someone else put the address there during the
// probe; the record is dropped whenever nothing was assigned.
func (m *Manager) assignMarked(l *Ledger, ifi *net.Interface, a Address) (Result, bool, error) {
	tag, err := l.intend(a, ifi.Index)
	if err != nil {
		return Assigned, false, fmt.Errorf("egress address %s on %s: recording it before assigning it: %w", a.Addr, a.Interface, err)
	}
	// Not deferred: a crash must leave the record (a panic runs defers).
	unrecord := func() { l.drop(func(r Record) bool { return r.Addr == a.Addr && r.Tag == tag }) }
	if err := m.k.add(ifi.Index, a.Addr, tag); errors.Is(err, unix.EEXIST) {
		unrecord()
		// Someone else put it there during the probe: it is theirs
		// (marked: another instance's); never removed here.
		list, err := m.k.list()
		if err != nil {
			return Foreign, false, err
		}
		res, _ := presentAs(list, l, a.Addr)
		if res == Assigned {
			res = Foreign
		}
		return res, false, nil
	} else if err != nil {
		unrecord()
		return Assigned, false, fmt.Errorf("assigning egress address %s to %s: %w", a.Addr, a.Interface, err)
	}
	list, err := m.k.list()
	if err != nil {
		// Assigned, and recorded: Inventory proves it ours later.
		return Assigned, true, err
	}
	got := find(list, a.Addr)
	if slices.ContainsFunc(got, func(k kernelAddr) bool { return k.Index == ifi.Index && k.Proto == Proto && k.Tag == tag }) {
		return Assigned, true, nil
	}
	for _, k := range got {
		if k.Index == ifi.Index && (k.Proto != Proto || k.Tag != tag) {
			_ = m.k.del(k) // ours: it was not there before the add
		}
	}
	unrecord()
	return Assigned, false, fmt.Errorf("egress address %s on %s: %w", a.Addr, a.Interface, ErrNoMarker)
}

// announceLater repeats the announcement (RFC 5227 ANNOUNCE_NUM), while
// the address is still this instance's.
func (m *Manager) announceLater(l *Ledger, a Address) {
	for range m.o.AnnounceNum - 1 {
		time.Sleep(m.o.AnnounceInterval)
		err := m.do(func() error {
			list, err := m.k.list()
			if err != nil {
				return err
			}
			i := slices.IndexFunc(list, func(k kernelAddr) bool { return k.Addr == a.Addr && l.owns(k) })
			if i < 0 {
				return nil // withdrawn, or somebody else's now
			}
			ifi, err := net.InterfaceByIndex(list[i].Index)
			if err != nil {
				return err
			}
			return m.k.announce(ifi, a.Addr)
		})
		if err != nil {
			m.o.Logger.Debug("repeating the announcement of an egress address failed", "address", a.Addr, "error", err)
			return
		}
	}
}

var (
	broadcast     = net.HardwareAddr{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	allNodes      = netip.MustParseAddr("ff02::1")
	allNodesMAC   = net.HardwareAddr{0x33, 0x33, 0, 0, 0, 1}
	zeroMAC       = net.HardwareAddr{0, 0, 0, 0, 0, 0}
	unspecified4  = netip.IPv4Unspecified()
	unspecified6  = netip.IPv6Unspecified()
	errNotAnswer  = errors.New("not an answer")
	ethTypeIPv6   = 0x86dd
	ethTypeARP    = 0x0806
	icmpv6NextHdr = 58
)

// probe sends ProbeNum probes for a and listens for answers until
// ProbeWait after the last.
func (m *Manager) probe(ctx context.Context, ifi *net.Interface, a Address) error {
	proto := ethTypeARP
	if a.Addr.Is6() {
		proto = ethTypeIPv6
	}
	c, err := packet.Listen(ifi, packet.Datagram, proto, nil)
	if err != nil {
		return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
	}
	defer c.Close()
	frame, dst, err := probeFrame(c, ifi, a)
	if err != nil {
		return err
	}
	answers := make(chan error, 1)
	go func() { answers <- readAnswers(c, ifi, a) }()
	deadline := time.Now().Add(time.Duration(m.o.ProbeNum-1)*m.o.ProbeInterval + m.o.ProbeWait)
	cut := false
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		// Stop reading when the caller gives up; a probe cut short is
		// no proof that the address is free.
		deadline, cut = d, true
	}
	_ = c.SetReadDeadline(deadline)
	if err := m.sendProbes(ctx, c, ifi, a, frame, dst, answers); err != nil {
		return err
	}
	if err := <-answers; err != nil {
		return err
	}
	if cut || ctx.Err() != nil {
		return fmt.Errorf("probing egress address %s on %s: cut short: %w", a.Addr, ifi.Name, context.DeadlineExceeded)
	}
	return nil
}

// probeFrame builds the probe for a (and, for IPv6, joins the address's
// solicited-node group on c, where the answers come).
func probeFrame(c *packet.Conn, ifi *net.Interface, a Address) ([]byte, net.HardwareAddr, error) {
	if a.Addr.Is4() {
		// RFC 5227 2.1.1: sender IP 0, target IP the address, target
		// hardware address zero, broadcast.
		p, err := arp.NewPacket(arp.OperationRequest, ifi.HardwareAddr, unspecified4, zeroMAC, a.Addr)
		if err != nil {
			return nil, nil, err
		}
		frame, err := p.MarshalBinary()
		return frame, broadcast, err
	}
	// RFC 4862 5.4.2: a neighbour solicitation from the unspecified
	// address to the address's solicited-node group, no source
	// link-layer option.
	snm := solicitedNode(a.Addr)
	if err := joinMAC(c, ifi, multicastMAC(snm)); err != nil {
		return nil, nil, fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
	}
	icmp, err := ndp.MarshalMessageChecksum(&ndp.NeighborSolicitation{TargetAddress: a.Addr}, unspecified6, snm)
	if err != nil {
		return nil, nil, err
	}
	return ipv6Packet(unspecified6, snm, icmp), multicastMAC(snm), nil
}

// sendProbes sends ProbeNum probes ProbeInterval apart, stopping early
// (with its error) when an answer shows a conflict, the caller gives up,
// or a send fails. A conflict seen before the end wins over the others.
func (m *Manager) sendProbes(ctx context.Context, c *packet.Conn, ifi *net.Interface, a Address, frame []byte, dst net.HardwareAddr, answers <-chan error) error {
	for i := range m.o.ProbeNum {
		if i > 0 {
			select {
			case err := <-answers:
				if err == nil {
					err = fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, context.DeadlineExceeded)
				}
				return err
			case <-ctx.Done():
				_ = c.SetReadDeadline(time.Now())
				if err := <-answers; err != nil {
					return err
				}
				return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, ctx.Err())
			case <-time.After(m.o.ProbeInterval):
			}
		}
		if _, err := c.WriteTo(frame, &packet.Addr{HardwareAddr: dst}); err != nil {
			_ = c.SetReadDeadline(time.Now())
			if cerr := <-answers; cerr != nil {
				return cerr
			}
			return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
		}
	}
	return nil
}

// readAnswers reads until the deadline; it returns a *ConflictError for
// the first frame that shows another host using (or probing for) the
// address, nil at the deadline.
func readAnswers(c *packet.Conn, ifi *net.Interface, a Address) error {
	buf := make([]byte, 2048)
	for {
		n, from, err := c.ReadFrom(buf)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return drainAnswers(c, ifi, a, buf)
			}
			return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
		}
		if ce := conflict(buf[:n], from.(*packet.Addr).HardwareAddr, ifi, a); ce != nil {
			return ce
		}
	}
}

// drainAnswers reads, without waiting, the frames still queued on c once
// its deadline passed. Go's poller reports a passed deadline without
// reading, so on a loaded node (the reader scheduled after the deadline)
// an answer queued in time would otherwise be lost and the address
// taken as free.
func drainAnswers(c *packet.Conn, ifi *net.Interface, a Address, buf []byte) error {
	rc, err := c.SyscallConn()
	if err != nil {
		return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
	}
	for {
		var n int
		var from unix.Sockaddr
		var rerr error
		if err := rc.Control(func(fd uintptr) { n, from, rerr = unix.Recvfrom(int(fd), buf, unix.MSG_DONTWAIT) }); err != nil {
			return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, err)
		}
		switch {
		case errors.Is(rerr, unix.EAGAIN):
			return nil
		case rerr != nil:
			return fmt.Errorf("probing egress address %s on %s: %w", a.Addr, ifi.Name, rerr)
		}
		ll, ok := from.(*unix.SockaddrLinklayer)
		if !ok || int(ll.Halen) > len(ll.Addr) {
			continue
		}
		if ce := conflict(buf[:n], net.HardwareAddr(ll.Addr[:ll.Halen]), ifi, a); ce != nil {
			return ce
		}
	}
}

// conflict is the conflict a frame from src shows for a, or nil when it
// is not about a or is our own frame looped back.
func conflict(frame []byte, src net.HardwareAddr, ifi *net.Interface, a Address) *ConflictError {
	var mac net.HardwareAddr
	var how string
	var err error
	if a.Addr.Is4() {
		mac, how, err = arpAnswer(frame, ifi, a.Addr)
	} else {
		mac, how, err = ndAnswer(frame, a.Addr)
	}
	if err != nil || slices.Equal(src, ifi.HardwareAddr) {
		return nil
	}
	if mac == nil {
		mac = src
	}
	return &ConflictError{Addr: a.Addr, Interface: ifi.Name, MAC: mac, How: how}
}

// arpAnswer says whether an ARP packet shows another host holding ip (any
// packet with ip as sender) or probing for it (RFC 5227 2.1.1).
func arpAnswer(b []byte, ifi *net.Interface, ip netip.Addr) (net.HardwareAddr, string, error) {
	var p arp.Packet
	if err := p.UnmarshalBinary(b); err != nil {
		return nil, "", err
	}
	if slices.Equal(p.SenderHardwareAddr, ifi.HardwareAddr) {
		return nil, "", errNotAnswer
	}
	switch {
	case p.SenderIP == ip && p.Operation == arp.OperationReply:
		return p.SenderHardwareAddr, "ARP reply", nil
	case p.SenderIP == ip:
		return p.SenderHardwareAddr, "ARP request", nil
	case p.SenderIP == unspecified4 && p.TargetIP == ip && p.Operation == arp.OperationRequest:
		return p.SenderHardwareAddr, "ARP probe for the same address", nil
	}
	return nil, "", errNotAnswer
}

// ndAnswer says whether an IPv6 packet is a neighbour advertisement for
// ip, or another host's DAD probe for it.
func ndAnswer(b []byte, ip netip.Addr) (net.HardwareAddr, string, error) {
	if len(b) < 40 || b[0]>>4 != 6 || int(b[6]) != icmpv6NextHdr {
		return nil, "", errNotAnswer
	}
	src, _ := netip.AddrFromSlice(b[8:24])
	msg, err := ndp.ParseMessage(b[40:])
	if err != nil {
		return nil, "", err
	}
	switch m := msg.(type) {
	case *ndp.NeighborAdvertisement:
		if m.TargetAddress != ip {
			break
		}
		for _, o := range m.Options {
			if ll, ok := o.(*ndp.LinkLayerAddress); ok && ll.Direction == ndp.Target {
				return ll.Addr, "neighbour advertisement", nil
			}
		}
		return nil, "neighbour advertisement", nil
	case *ndp.NeighborSolicitation:
		if m.TargetAddress == ip && src == unspecified6 {
			return nil, "duplicate address detection for the same address", nil
		}
	}
	return nil, "", errNotAnswer
}

// announce sends one announcement of ip from ifi: RFC 5227's ARP
// announcement (a request with ip as sender and target), or an
// unsolicited neighbour advertisement to all nodes with the override flag
// (RFC 4861 7.2.6), so that neighbours replace a stale entry.
func announce(ifi *net.Interface, ip netip.Addr) error {
	proto := ethTypeARP
	if ip.Is6() {
		proto = ethTypeIPv6
	}
	c, err := packet.Listen(ifi, packet.Datagram, proto, nil)
	if err != nil {
		return err
	}
	defer c.Close()
	if ip.Is4() {
		p, err := arp.NewPacket(arp.OperationRequest, ifi.HardwareAddr, ip, zeroMAC, ip)
		if err != nil {
			return err
		}
		b, err := p.MarshalBinary()
		if err != nil {
			return err
		}
		_, err = c.WriteTo(b, &packet.Addr{HardwareAddr: broadcast})
		return err
	}
	na := &ndp.NeighborAdvertisement{
		Override: true, TargetAddress: ip,
		Options: []ndp.Option{&ndp.LinkLayerAddress{Direction: ndp.Target, Addr: ifi.HardwareAddr}},
	}
	icmp, err := ndp.MarshalMessageChecksum(na, ip, allNodes)
	if err != nil {
		return err
	}
	_, err = c.WriteTo(ipv6Packet(ip, allNodes, icmp), &packet.Addr{HardwareAddr: allNodesMAC})
	return err
}

// ipv6Packet is an IPv6 header (hop limit 255, as ND requires) and an
// ICMPv6 payload.
func ipv6Packet(src, dst netip.Addr, payload []byte) []byte {
	b := make([]byte, 40+len(payload))
	b[0] = 0x60
	binary.BigEndian.PutUint16(b[4:], uint16(len(payload)))
	b[6] = byte(icmpv6NextHdr)
	b[7] = 255
	s, d := src.As16(), dst.As16()
	copy(b[8:24], s[:])
	copy(b[24:40], d[:])
	copy(b[40:], payload)
	return b
}

// solicitedNode is ff02::1:ffXX:XXXX of a.
func solicitedNode(a netip.Addr) netip.Addr {
	b := a.As16()
	return netip.AddrFrom16([16]byte{0xff, 0x02, 10: 0, 11: 1, 12: 0xff, 13: b[13], 14: b[14], 15: b[15]})
}

// multicastMAC is the Ethernet group of an IPv6 multicast address.
func multicastMAC(a netip.Addr) net.HardwareAddr {
	b := a.As16()
	return net.HardwareAddr{0x33, 0x33, b[12], b[13], b[14], b[15]}
}

// joinMAC makes the interface accept frames to a multicast MAC on c, so
// that another host's DAD probe for the same address (sent to the
// solicited-node group) reaches us through a filtering NIC.
func joinMAC(c *packet.Conn, ifi *net.Interface, mac net.HardwareAddr) error {
	rc, err := c.SyscallConn()
	if err != nil {
		return err
	}
	mreq := unix.PacketMreq{Ifindex: int32(ifi.Index), Type: unix.PACKET_MR_MULTICAST, Alen: uint16(len(mac))}
	copy(mreq.Address[:], mac)
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = unix.SetsockoptPacketMreq(int(fd), unix.SOL_PACKET, unix.PACKET_ADD_MEMBERSHIP, &mreq)
	}); err != nil {
		return err
	}
	return serr
}
