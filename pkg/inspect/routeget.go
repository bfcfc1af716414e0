package inspect

import (
	"errors"
	"fmt"
	"net"
	"net/netip"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// RouteQuery is a packet as the host's routing sees it: from a pod
// address to a destination, with the mark iproute's fwmark layout gives
// it (0: none).
type RouteQuery struct {
	Src, Dst netip.Addr
	Mark     uint32
}

// RouteAnswer is the kernel's route for a RouteQuery.
type RouteAnswer struct {
	// Table is the routing table the route came from (254 is main).
	Table   int    `json:"table"`
	Type    string `json:"type"`              // unicast, blackhole, unreachable, prohibit, local, ...
	Dev     string `json:"dev,omitempty"`     // outgoing interface
	Gateway string `json:"gateway,omitempty"` // next hop, if any
	PrefSrc string `json:"prefSrc,omitempty"`
	// Iif is the interface the pod's packets arrive on (the host side of
	// the pod's link) when the lookup was made as for a forwarded packet;
	// empty when it was an output lookup.
	Iif string `json:"iif,omitempty"`
}

// Router asks the kernel for the route a packet takes. The real one is
// Netlink; tests fake it.
type Router interface {
	RouteGet(q RouteQuery) (RouteAnswer, error)
}

// Netlink looks routes up with RTM_GETROUTE in the network namespace of
// its handle (nil: the caller's, the host's for diktyo-nri).
type Netlink struct {
	Handle *netlink.Handle
}

func (n Netlink) handle() *netlink.Handle {
	if n.Handle != nil {
		return n.Handle
	}
	h := &netlink.Handle{} // the zero handle uses the current namespace
	return h
}

// RouteGet makes the lookup the kernel makes for a packet from the pod:
// an input lookup on the interface through which the host reaches the
// pod's address, with the pod's source and the mark, so that "from POD"
// and "fwmark" rules apply as they do to real traffic. When the host has
// no route to the pod through an interface (a pod address on the host
// itself, say), it falls back to an output lookup from that source.
func (n Netlink) RouteGet(q RouteQuery) (RouteAnswer, error) {
	h := n.handle()
	iif, err := podSideLink(h, q.Src)
	if err != nil {
		return RouteAnswer{}, err
	}
	opts := &netlink.RouteGetOptions{SrcAddr: net.IP(q.Src.AsSlice()), Mark: q.Mark}
	var iifName string
	if iif != nil {
		opts.IifIndex = iif.Attrs().Index
		iifName = iif.Attrs().Name
	}
	routes, err := h.RouteGetWithOptions(net.IP(q.Dst.AsSlice()), opts)
	if err != nil {
		return RouteAnswer{}, fmt.Errorf("route lookup %s from %s (iif %q, mark %#x): %w", q.Dst, q.Src, iifName, q.Mark, explainErrno(err))
	}
	if len(routes) == 0 {
		return RouteAnswer{}, fmt.Errorf("route lookup %s from %s: the kernel returned no route", q.Dst, q.Src)
	}
	return answer(h, routes[0], iifName), nil
}

// podSideLink is the interface the host routes the pod's address through:
// the pod's packets come in on it. nil when the address is local.
func podSideLink(h *netlink.Handle, pod netip.Addr) (netlink.Link, error) {
	routes, err := h.RouteGet(net.IP(pod.AsSlice()))
	if err != nil {
		return nil, fmt.Errorf("finding the host's link to pod address %s: %w", pod, explainErrno(err))
	}
	if len(routes) == 0 || routes[0].LinkIndex == 0 || routes[0].Type == unix.RTN_LOCAL {
		return nil, nil
	}
	l, err := h.LinkByIndex(routes[0].LinkIndex)
	if err != nil {
		return nil, fmt.Errorf("link %d towards pod address %s: %w", routes[0].LinkIndex, pod, err)
	}
	return l, nil
}

func answer(h *netlink.Handle, r netlink.Route, iif string) RouteAnswer {
	a := RouteAnswer{Table: r.Table, Type: routeType(r.Type), Iif: iif}
	if r.Gw != nil {
		a.Gateway = r.Gw.String()
	}
	if r.Src != nil {
		a.PrefSrc = r.Src.String()
	}
	if r.LinkIndex > 0 {
		if l, err := h.LinkByIndex(r.LinkIndex); err == nil {
			a.Dev = l.Attrs().Name
		} else {
			a.Dev = fmt.Sprintf("ifindex %d", r.LinkIndex)
		}
	}
	return a
}

func routeType(t int) string {
	switch t {
	case unix.RTN_UNICAST:
		return "unicast"
	case unix.RTN_LOCAL:
		return "local"
	case unix.RTN_BROADCAST:
		return "broadcast"
	case unix.RTN_BLACKHOLE:
		return "blackhole"
	case unix.RTN_UNREACHABLE:
		return "unreachable"
	case unix.RTN_PROHIBIT:
		return "prohibit"
	case unix.RTN_THROW:
		return "throw"
	}
	return fmt.Sprintf("type %d", t)
}

// explainErrno turns the errors a route lookup gives for routes of type
// unreachable/prohibit/blackhole (and rp_filter refusals) into words; the
// kernel answers those lookups with an errno, not a iproute.
func explainErrno(err error) error {
	var errno unix.Errno
	if !errors.As(err, &errno) {
		return err
	}
	switch errno {
	case unix.ENETUNREACH:
		return fmt.Errorf("%w (an unreachable route, or no route at all)", err)
	case unix.EACCES:
		return fmt.Errorf("%w (a prohibit route)", err)
	case unix.EINVAL:
		return fmt.Errorf("%w (a blackhole route, or a source the kernel refuses here)", err)
	case unix.EXDEV:
		return fmt.Errorf("%w (reverse-path filter: the source is not routed back through the arrival interface)", err)
	case unix.EHOSTUNREACH:
		return fmt.Errorf("%w (no route, or forwarding is off on the arrival interface)", err)
	}
	return err
}
