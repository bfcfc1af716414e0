package view

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// Trace says which of a pod's SNAT rules and which route a packet from
// the pod to a destination takes, asking the parts of the pod's chain
// (cniutil.Tracer, through the registry): the rule from the part that
// translates the source (ipmasq walks its plan in the kernel's order),
// the route from the kernel (the host namespace's route lookup, as for a
// packet arriving from the pod, with the mark a part gives it: iproute's
// fwmark layout), and the pod's own routes towards the destination.
func (r *Reader) Trace(ctx context.Context, req localapi.TraceRequest) (*localapi.Trace, error) {
	q, err := parseTrace(req)
	if err != nil {
		return nil, err
	}
	v := r.view()
	pod, err := findPod(v, q.namespace, q.name)
	if err != nil {
		return nil, err
	}
	var a *inspect.Attachment
	ips := pod.Status.IPs
	if ch := v.Chain(); ch != nil {
		if att, err := ch.Cached(pod.Status.ID); err == nil && att != nil {
			ips = att.IPs()
			if a, err = inspect.Build(chainrun.Builtin(), att.List, att.Runtime); err != nil {
				return nil, fmt.Errorf("pod %s/%s: rebuilding its attachment: %w", q.namespace, q.name, err)
			}
		}
	}
	src, err := sourceFor(ips, q.dst)
	if err != nil {
		return nil, fmt.Errorf("%w: pod %s/%s: %w", localapi.ErrBadRequest, q.namespace, q.name, err)
	}
	t := &localapi.Trace{Pod: q.namespace + "/" + q.name, PodID: pod.Status.ID, Source: src.String(),
		Destination: q.dst.String(), Port: int(q.port), Protocol: q.proto}
	var hops []cniutil.Hop
	if a != nil {
		pk := cniutil.Packet{Src: src, Dst: q.dst, Port: q.port, Proto: q.proto}
		for _, part := range a.Parts {
			if tr, ok := part.(cniutil.Tracer); ok {
				hops = append(hops, tr.Trace(pk))
			}
		}
	}
	t.SNAT = traceSNAT(a, hops)
	var mark uint32
	for _, h := range hops {
		if mark == 0 {
			mark = h.Mark
		}
		t.PodRoutes = append(t.PodRoutes, h.PodRoutes...)
	}
	t.Route = r.traceRoute(src, q.dst, mark)
	return t, nil
}

type traceQuery struct {
	namespace, name string
	dst             netip.Addr
	port            uint16
	proto           string
}

// parseTrace validates a request; every error names the field and value.
func parseTrace(req localapi.TraceRequest) (traceQuery, error) {
	var q traceQuery
	ns, name, ok := strings.Cut(req.Pod, "/")
	if !ok || ns == "" || name == "" || strings.Contains(name, "/") {
		return q, fmt.Errorf("%w: pod %q: want NAMESPACE/NAME", localapi.ErrBadRequest, req.Pod)
	}
	q.namespace, q.name = ns, name
	var err error
	if q.dst, q.port, err = ParseDestination(req.Destination); err != nil {
		return q, fmt.Errorf("%w: %w", localapi.ErrBadRequest, err)
	}
	switch q.proto = strings.ToLower(req.Protocol); q.proto {
	case "":
		q.proto = "tcp"
	case "tcp", "udp", "sctp":
	default:
		return q, fmt.Errorf("%w: protocol %q: want tcp, udp or sctp", localapi.ErrBadRequest, req.Protocol)
	}
	return q, nil
}

// ParseDestination reads ADDR, ADDR:PORT, [V6ADDR]:PORT or a bare v6
// address.
func ParseDestination(s string) (netip.Addr, uint16, error) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), 0, validDestination(s, a)
	}
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		return netip.Addr{}, 0, fmt.Errorf("destination %q: want ADDRESS, ADDRESS:PORT or [IPv6]:PORT", s)
	}
	if ap.Port() == 0 {
		return netip.Addr{}, 0, fmt.Errorf("destination %q: port 0", s)
	}
	return ap.Addr().Unmap(), ap.Port(), validDestination(s, ap.Addr())
}

func validDestination(s string, a netip.Addr) error {
	if a.Zone() != "" {
		return fmt.Errorf("destination %q: no zones", s)
	}
	if a.IsUnspecified() {
		return fmt.Errorf("destination %q: the unspecified address", s)
	}
	return nil
}

// sourceFor is the pod's address of dst's family.
func sourceFor(ips []string, dst netip.Addr) (netip.Addr, error) {
	for _, s := range ips {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				continue
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		if a := p.Addr().Unmap(); a.Is4() == dst.Is4() {
			return a, nil
		}
	}
	fam := "IPv4"
	if dst.Is6() {
		fam = "IPv6"
	}
	return netip.Addr{}, fmt.Errorf("it has no %s address (addresses: %s) to reach %s from", fam, strings.Join(ips, ", "), dst)
}

// traceSNAT is the verdict of the first part that translates the
// packet's source.
func traceSNAT(a *inspect.Attachment, hops []cniutil.Hop) localapi.TraceSNAT {
	if a == nil {
		return localapi.TraceSNAT{Verdict: "diktyo applied nothing to this pod (no cached attachment): untranslated by diktyo"}
	}
	for _, h := range hops {
		if h.Translation == nil {
			continue
		}
		t := localapi.TraceSNAT{Verdict: h.Translation.Verdict}
		if h.Translation.Rule != nil {
			raw, err := json.Marshal(h.Translation.Rule)
			if err == nil {
				t.Rule = &localapi.SNATRule{}
				err = localapi.DecodeStrict(raw, t.Rule)
			}
			if err != nil {
				t.Rule = nil
				t.Verdict += " (the rule cannot be shown: " + err.Error() + ")"
			}
		}
		return t
	}
	if len(a.Errors) > 0 {
		why := make([]string, 0, len(a.Errors))
		for _, plugin := range slices.Sorted(maps.Keys(a.Errors)) {
			why = append(why, plugin+": "+a.Errors[plugin])
		}
		return localapi.TraceSNAT{Verdict: "not known: the chain's parts could not all be rebuilt (" + strings.Join(why, "; ") + ")"}
	}
	return localapi.TraceSNAT{Verdict: "no plugin in the pod's chain translates it: untranslated by diktyo"}
}

func (r *Reader) traceRoute(src, dst netip.Addr, mark uint32) localapi.TraceRoute {
	tr := localapi.TraceRoute{Mark: mark}
	ans, err := r.router.RouteGet(inspect.RouteQuery{Src: src, Dst: dst, Mark: mark})
	if err != nil {
		tr.Error = err.Error()
		return tr
	}
	tr.Table, tr.TableName, tr.Type = ans.Table, tableName(ans.Table), ans.Type
	tr.Dev, tr.Gateway, tr.PrefSrc, tr.Iif = ans.Dev, ans.Gateway, ans.PrefSrc, ans.Iif
	return tr
}

func tableName(t int) string {
	switch t {
	case 253:
		return "default"
	case 254:
		return "main"
	case 255:
		return "local"
	}
	return strconv.Itoa(t)
}
