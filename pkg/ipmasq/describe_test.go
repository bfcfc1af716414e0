package ipmasq

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Describe is the plan ADD builds, in the kernel's order; its trace is
// snat.Plan.Match's verdict, and its counters come from the pod's chain.
func TestDescribe(t *testing.T) {
	stdin := []byte(`{"cniVersion":"1.1.0","name":"n","type":"ipmasq","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade",
	  "runtimeConfig":{"masqEntries":[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp","description":"partner"}]}}`)
	pod := cniutil.ExplainPod{Network: "n", ContainerID: "c", IfName: "eth0", Addrs: []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")}}
	part, err := describe(stdin, pod)
	if err != nil {
		t.Fatal(err)
	}
	p := part.(*Part)
	owner := cniutil.OwnerID("n", "c", "eth0")
	if p.Backend != "iptables" || len(p.Rules) != 3 || p.Rules[0].Action != "return" || p.Rules[1].To != "203.0.113.10:5000-5010" ||
		p.Rules[1].Chain != "DKT-"+owner || p.Rules[2].Action != "masquerade" || p.Rules[2].Destination != "any" {
		t.Errorf("rules %+v", p.Rules)
	}
	for _, want := range []string{"IPv4 all to 10.0.0.0/8: not SNATed [exclude 10.0.0.0/8]",
		"IPv4 tcp to 198.51.100.7/32: SNAT to 203.0.113.10:5000-5010 [masqEntries[0] partner]", "IPv4 all to any: masquerade"} {
		if !strings.Contains(p.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, p.String())
		}
	}
	src := netip.MustParseAddr("100.64.0.5")
	for dst, want := range map[string]string{"198.51.100.7": "snat to 203.0.113.10:5000-5010", "10.1.2.3": "excluded (10.0.0.0/8)", "192.0.2.1": "masquerade"} {
		h := p.Trace(cniutil.Packet{Src: src, Dst: netip.MustParseAddr(dst), Proto: "tcp"})
		if h.Translation == nil || !strings.HasPrefix(h.Translation.Verdict, want) || h.Translation.Rule == nil {
			t.Errorf("trace to %s: %+v, want %q", dst, h.Translation, want)
		}
	}
	h := p.Trace(cniutil.Packet{Src: netip.MustParseAddr("100.64.0.6"), Dst: netip.MustParseAddr("192.0.2.1"), Proto: "tcp"})
	if h.Translation == nil || h.Translation.Rule != nil || !strings.Contains(h.Translation.Verdict, "no ipmasq rule matches") {
		t.Errorf("another source: %+v", h.Translation)
	}
	r := &fakeRunner{out: map[string]string{"iptables": "-A DKT-" + owner + " -c 1 2 -j RETURN\n-A DKT-" + owner + " -c 3 4 -j SNAT\n-A DKT-" + owner + " -c 5 6 -j MASQUERADE\n"}}
	p.ReadCounters(context.Background(), cniutil.ReadEnv{Runner: r})
	if p.Counters != "" || p.Rules[2].Packets == nil || *p.Rules[2].Packets != 5 || *p.Rules[1].Bytes != 4 {
		t.Errorf("counters %q %+v", p.Counters, p.Rules)
	}
}
