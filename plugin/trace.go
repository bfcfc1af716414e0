package plugin

import (
	"context"
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// Trace says which of a pod's SNAT rules and which route a packet from
// the pod to a destination takes: the rule by walking ipmasq's plan in
// the kernel's order (snat.Plan.Match), the route by asking the kernel
// (the host namespace's route lookup, as for a packet arriving from the
// pod, with iproute's fwmark when its fwmark layout marks the pod).
func (p *Plugin) Trace(ctx context.Context, req localapi.TraceRequest) (*localapi.Trace, error) {
	q, err := parseTrace(req)
	if err != nil {
		return nil, err
	}
	e, err := p.findPod(q.namespace, q.name)
	if err != nil {
		return nil, err
	}
	st := p.state.Load()
	var a *inspect.Attachment
	ips := e.pod.IPs
	if st.runner != nil {
		if att, err := st.runner.Cached(e.pod.ID); err == nil && att != nil {
			ips = att.IPs()
			if a, err = inspect.Build(att.List, att.Runtime); err != nil {
				return nil, fmt.Errorf("pod %s/%s: rebuilding its attachment: %w", q.namespace, q.name, err)
			}
		}
	}
	src, err := sourceFor(ips, q.dst)
	if err != nil {
		return nil, fmt.Errorf("%w: pod %s/%s: %w", localapi.ErrBadRequest, q.namespace, q.name, err)
	}
	t := &localapi.Trace{Pod: q.namespace + "/" + q.name, PodID: e.pod.ID, Source: src.String(),
		Destination: q.dst.String(), Port: int(q.port), Protocol: q.proto}
	t.SNAT = traceSNAT(a, src, q.dst, q.proto)
	t.Route = p.traceRoute(a, src, q.dst)
	if a != nil && a.Route != nil {
		for _, r := range a.Route.PodRoutes {
			if r.Dst.Contains(q.dst) {
				t.PodRoutes = append(t.PodRoutes, r.String())
			}
		}
	}
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
	return netip.Addr{}, fmt.Errorf("it has no %s address (addresses: %s) to reach %s from", snat.FamilyOf(dst), strings.Join(ips, ", "), dst)
}

func traceSNAT(a *inspect.Attachment, src, dst netip.Addr, proto string) localapi.TraceSNAT {
	switch {
	case a == nil:
		return localapi.TraceSNAT{Verdict: "diktyo applied nothing to this pod (no cached attachment): ipmasq leaves it untranslated"}
	case a.Masq == nil:
		if why := a.Errors["ipmasq"]; why != "" {
			return localapi.TraceSNAT{Verdict: "ipmasq's rules could not be rebuilt: " + why}
		}
		return localapi.TraceSNAT{Verdict: "no ipmasq in the pod's chain: untranslated by diktyo"}
	}
	r, i, ok := a.Masq.Plan.Match(src, dst, proto)
	if !ok {
		return localapi.TraceSNAT{Verdict: "no ipmasq rule matches: ipmasq leaves it untranslated (the rest of the nat table, e.g. the cluster CNI's masquerade, still applies)"}
	}
	rule := snatRule(a.Masq, snat.FamilyOf(src), i, r)
	t := localapi.TraceSNAT{Rule: &rule}
	switch r.Action {
	case snat.ActionReturn:
		t.Verdict = "excluded (" + rule.Destination + "): ipmasq leaves it untranslated (the rest of the nat table still applies)"
	case snat.ActionMasquerade:
		t.Verdict = "masquerade: source becomes the address of the outgoing interface"
	default:
		t.Verdict = "snat to " + rule.To
	}
	return t
}

func (p *Plugin) traceRoute(a *inspect.Attachment, src, dst netip.Addr) localapi.TraceRoute {
	var tr localapi.TraceRoute
	q := inspect.RouteQuery{Src: src, Dst: dst}
	if a != nil {
		if m, ok := inspect.MarkFor(a.Route, src, dst); ok {
			q.Mark, tr.Mark = m.Value, m.Value
		}
	}
	r := p.opts.Router
	if r == nil {
		r = inspect.Netlink{}
	}
	ans, err := r.RouteGet(q)
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
