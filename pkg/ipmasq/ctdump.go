package ipmasq

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/vishvananda/netlink/nl"
	"golang.org/x/sys/unix"
)

// The pod's flows are found by asking the kernel for the entries whose
// original (or reply) source is one of the pod's addresses: ctnetlink
// filters a dump itself (CTA_FILTER, Linux 5.8), so a node with hundreds
// of thousands of entries sends only the pod's few to user space, where
// netlink.ConntrackDeleteFilters would copy and parse them all. A kernel
// without the filter ignores it and sends every entry: the predicate
// that decides what is deleted is applied here all the same, so the
// result is the same, only slower.

// ctnetlink attributes netlink/nl does not name (include/uapi/linux/
// netfilter/nfnetlink_conntrack.h).
const (
	ctaFilter           = 25 // CTA_FILTER
	ctaFilterOrigFlags  = 1  // CTA_FILTER_ORIG_FLAGS
	ctaFilterReplyFlags = 2  // CTA_FILTER_REPLY_FLAGS
	ctaFilterFIPSrc     = 1 << 0
)

// ctFlow is what ipmasq judges a conntrack entry by, and the entry's
// message, to delete it with.
type ctFlow struct {
	proto        uint8
	origSrc      netip.Addr
	replySrc     netip.Addr
	replyDst     netip.Addr
	replyDstPort uint16
	// origZone is the zone of the original direction alone (a
	// directional zone, as ctzone sets; zoned false: none).
	origZone uint16
	zoned    bool
	raw      []byte // the message after its nfgenmsg header
}

// ctaTupleZone is CTA_TUPLE_ZONE: the zone of one direction's tuple,
// which ctnetlink puts in a tuple only for a directional zone.
const ctaTupleZone = 3

// dumpBySource returns the entries whose original source (reply false)
// or reply source (reply true) is addr: the kernel's filtered dump.
func dumpBySource(addr netip.Addr, reply bool) ([]ctFlow, error) {
	fam := uint8(unix.AF_INET)
	ipAttr := nl.CTA_IP_V4_SRC
	if addr.Is6() {
		fam, ipAttr = unix.AF_INET6, nl.CTA_IP_V6_SRC
	}
	tupleAttr, flagsAttr := nl.CTA_TUPLE_ORIG, ctaFilterOrigFlags
	if reply {
		tupleAttr, flagsAttr = nl.CTA_TUPLE_REPLY, ctaFilterReplyFlags
	}
	req := nl.NewNetlinkRequest((unix.NFNL_SUBSYS_CTNETLINK<<8)|nl.IPCTNL_MSG_CT_GET, unix.NLM_F_DUMP)
	req.AddData(&nl.Nfgenmsg{NfgenFamily: fam, Version: nl.NFNETLINK_V0})
	tuple := nl.NewRtAttr(tupleAttr|unix.NLA_F_NESTED, nil)
	ip := tuple.AddRtAttr(nl.CTA_TUPLE_IP|unix.NLA_F_NESTED, nil)
	ip.AddRtAttr(ipAttr, addr.AsSlice())
	req.AddData(tuple)
	filter := nl.NewRtAttr(ctaFilter|unix.NLA_F_NESTED, nil)
	filter.AddRtAttr(flagsAttr, binary.NativeEndian.AppendUint32(nil, ctaFilterFIPSrc))
	req.AddData(filter)
	return execDump(req)
}

// execDump sends a dump request and parses the entries it returns.
func execDump(req *nl.NetlinkRequest) ([]ctFlow, error) {
	msgs, err := req.Execute(unix.NETLINK_NETFILTER, 0)
	if err != nil {
		return nil, err
	}
	out := make([]ctFlow, 0, len(msgs))
	for _, m := range msgs {
		if f, ok := parseFlow(m); ok {
			out = append(out, f)
		}
	}
	return out, nil
}

// deleteFlow deletes the entry f was read from; one already gone is not
// an error.
func deleteFlow(fam uint8, f ctFlow) error {
	req := nl.NewNetlinkRequest((unix.NFNL_SUBSYS_CTNETLINK<<8)|nl.IPCTNL_MSG_CT_DELETE, unix.NLM_F_ACK)
	req.AddData(&nl.Nfgenmsg{NfgenFamily: fam, Version: nl.NFNETLINK_V0})
	req.AddRawData(f.raw)
	_, err := req.Execute(unix.NETLINK_NETFILTER, 0)
	if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOENT) {
		return nil
	}
	return err
}

// parseFlow reads the tuples of one dumped entry (nfgenmsg, then
// attributes).
func parseFlow(m []byte) (ctFlow, bool) {
	if len(m) < 4 {
		return ctFlow{}, false
	}
	f := ctFlow{raw: m[4:]}
	attrs, err := nl.ParseRouteAttr(m[4:])
	if err != nil {
		return ctFlow{}, false
	}
	for _, a := range attrs {
		switch a.Attr.Type &^ unix.NLA_F_NESTED {
		case nl.CTA_TUPLE_ORIG:
			src, _, proto, _ := parseTuple(a.Value)
			f.origSrc, f.proto = src, proto
			f.origZone, f.zoned = tupleZone(a.Value)
		case nl.CTA_TUPLE_REPLY:
			f.replySrc, f.replyDst, _, f.replyDstPort = parseTuple(a.Value)
		}
	}
	return f, f.origSrc.IsValid()
}

// tupleZone reads a CTA_TUPLE_*'s own zone, if it has one.
func tupleZone(b []byte) (uint16, bool) {
	attrs, err := nl.ParseRouteAttr(b)
	if err != nil {
		return 0, false
	}
	for _, a := range attrs {
		if a.Attr.Type&^unix.NLA_F_NESTED == ctaTupleZone && len(a.Value) == 2 {
			return binary.BigEndian.Uint16(a.Value), true
		}
	}
	return 0, false
}

// parseTuple reads a CTA_TUPLE_*: its addresses, protocol and
// destination port.
func parseTuple(b []byte) (src, dst netip.Addr, proto uint8, dport uint16) {
	attrs, err := nl.ParseRouteAttr(b)
	if err != nil {
		return
	}
	for _, a := range attrs {
		inner, err := nl.ParseRouteAttr(a.Value)
		if err != nil {
			continue
		}
		switch a.Attr.Type &^ unix.NLA_F_NESTED {
		case nl.CTA_TUPLE_IP:
			for _, x := range inner {
				addr, _ := netip.AddrFromSlice(x.Value)
				switch x.Attr.Type {
				case nl.CTA_IP_V4_SRC, nl.CTA_IP_V6_SRC:
					src = addr.Unmap()
				case nl.CTA_IP_V4_DST, nl.CTA_IP_V6_DST:
					dst = addr.Unmap()
				}
			}
		case nl.CTA_TUPLE_PROTO:
			for _, x := range inner {
				switch {
				case x.Attr.Type == nl.CTA_PROTO_NUM && len(x.Value) == 1:
					proto = x.Value[0]
				case x.Attr.Type == nl.CTA_PROTO_DST_PORT && len(x.Value) == 2:
					dport = binary.BigEndian.Uint16(x.Value)
				}
			}
		}
	}
	return
}

// filterAbove is the entry count above which the kernel's filtered
// walks (one per address and direction) cost less than one dump of
// everything filtered here: each walk visits every hash bucket (about
// 12 ms on the benchmark machine, empty), a copied entry costs about
// 5 µs (BenchmarkPodFlows).
const filterAbove = 2000

// conntrackCount is the calling thread's namespace's entry count.
func conntrackCount() (int, bool) {
	b, err := os.ReadFile("/proc/sys/net/netfilter/nf_conntrack_count")
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	return n, err == nil
}

// dumpAll is every entry of family fam, filtered by nobody.
func dumpAll(fam uint8) ([]ctFlow, error) {
	req := nl.NewNetlinkRequest((unix.NFNL_SUBSYS_CTNETLINK<<8)|nl.IPCTNL_MSG_CT_GET, unix.NLM_F_DUMP)
	req.AddData(&nl.Nfgenmsg{NfgenFamily: fam, Version: nl.NFNETLINK_V0})
	return execDump(req)
}

func famOf(a netip.Addr) uint8 {
	if a.Is4() {
		return unix.AF_INET
	}
	return unix.AF_INET6
}

// candidates are the entries that may be addrs' (by original source,
// and by reply source when replies is set), by family: from the kernel's
// filtered walks on a busy node, from one plain dump per family on a
// quiet one. match decides among them either way.
func candidates(addrs []netip.Addr, replies bool) (map[uint8][]ctFlow, error) {
	out := map[uint8][]ctFlow{}
	var errs []error
	if n, ok := conntrackCount(); ok && n <= filterAbove {
		for _, fam := range []uint8{unix.AF_INET, unix.AF_INET6} {
			if !slices.ContainsFunc(addrs, func(a netip.Addr) bool { return famOf(a) == fam }) {
				continue
			}
			flows, err := dumpAll(fam)
			if err != nil {
				errs = append(errs, fmt.Errorf("conntrack dump: %w", err))
			}
			out[fam] = flows
		}
		return out, errors.Join(errs...)
	}
	for _, a := range addrs {
		for _, reply := range []bool{false, true} {
			if reply && !replies {
				continue
			}
			flows, err := dumpBySource(a, reply)
			if err != nil {
				errs = append(errs, fmt.Errorf("conntrack dump of %s: %w", a, err))
			}
			out[famOf(a)] = append(out[famOf(a)], flows...)
		}
	}
	return out, errors.Join(errs...)
}

// deleteMatching deletes the flows of addrs (by original source, and by
// reply source when replies is set) that match, and counts them. A dump
// that failed is an error after what could be deleted was.
func deleteMatching(addrs []netip.Addr, replies bool, match func(ctFlow) bool) (uint, error) {
	byFam, err := candidates(addrs, replies)
	return deleteAll(byFam, match, err)
}

// deleteAll deletes the flows of byFam that match, and counts them; err
// (a dump's) is returned with the deletions' errors.
func deleteAll(byFam map[uint8][]ctFlow, match func(ctFlow) bool, err error) (uint, error) {
	var n uint
	errs := []error{err}
	for fam, flows := range byFam {
		for _, f := range flows {
			if !match(f) {
				continue
			}
			if err := deleteFlow(fam, f); err != nil {
				errs = append(errs, fmt.Errorf("conntrack delete of a flow of %s: %w", f.origSrc, err))
				continue
			}
			n++
		}
	}
	return n, errors.Join(errs...)
}
