package iproute

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

func TestMarkFor(t *testing.T) {
	pod, other := netip.MustParseAddr("100.64.0.5"), netip.MustParseAddr("100.64.0.6")
	plan := Plan{
		Marks:  []Mark{{Addr: pod, Table: 100, Value: 0x10000, Mask: 0xff0000}},
		Bypass: []Bypass{{Src: pod, Dst: netip.MustParsePrefix("10.0.0.0/8")}},
	}
	if m, ok := plan.MarkFor(pod, netip.MustParseAddr("198.51.100.7")); !ok || m.Value != 0x10000 {
		t.Errorf("marked destination: %v %v", m, ok)
	}
	if _, ok := plan.MarkFor(pod, netip.MustParseAddr("10.1.2.3")); ok {
		t.Error("a bypass destination got a mark")
	}
	if _, ok := plan.MarkFor(other, netip.MustParseAddr("198.51.100.7")); ok {
		t.Error("another pod's address got this pod's mark")
	}
	if _, ok := (Plan{}).MarkFor(pod, pod); ok {
		t.Error("no plan, yet a mark")
	}
}

// Describe is the plan ADD builds (fwmark layout: marks and bypasses, no
// source rule), and its trace gives a packet the pod's mark and routes.
func TestDescribe(t *testing.T) {
	stdin := []byte(`{"cniVersion":"1.1.0","name":"n","type":"iproute","layout":"fwmark",
	  "runtimeConfig":{"policyRouting":{"table":100,"excludeCIDRs":["10.0.0.0/8"]},
	  "routeEntries":[{"destination":"198.51.100.0/25","gateway":"drop"}]}}`)
	pod := cniutil.ExplainPod{Network: "n", ContainerID: "c", IfName: "eth0", Addrs: []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")}}
	part, err := describe(stdin, pod)
	if err != nil {
		t.Fatal(err)
	}
	p := part.(*Part)
	if len(p.Marks) != 1 || len(p.Bypass) != 1 || len(p.PodRoutes) != 1 || strings.Contains(strings.Join(p.HostRules, "\n"), "from 100.64.0.5") {
		t.Errorf("part %+v", p)
	}
	if plan, _ := explain(stdin, pod); plan != p.String() {
		t.Errorf("explain %q and the part %q differ", plan, p.String())
	}
	src := netip.MustParseAddr("100.64.0.5")
	h := p.Trace(cniutil.Packet{Src: src, Dst: netip.MustParseAddr("198.51.100.7"), Proto: "tcp"})
	if h.Mark == 0 || len(h.PodRoutes) != 1 || h.Translation != nil {
		t.Errorf("trace to a routed destination: %+v", h)
	}
	if h := p.Trace(cniutil.Packet{Src: src, Dst: netip.MustParseAddr("10.1.2.3"), Proto: "tcp"}); h.Mark != 0 || len(h.PodRoutes) != 0 {
		t.Errorf("trace to a bypass destination: %+v", h)
	}
}
