package snat

import (
	"net/netip"
	"testing"
)

// TestMatchFollowsPlanOrder: the rule a packet meets is the first of the
// plan that matches it, so exclusions beat entries, a /32 beats a /24
// whatever the annotation's order, a protocol-specific rule lets other
// protocols fall through, and the default comes last.
func TestMatchFollowsPlanOrder(t *testing.T) {
	p := mustPlan(t, `{"name":"n","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade","includeCIDRs":["203.0.113.0/24"],
	  "runtimeConfig":{"masqEntries":[
	    {"external":"192.0.2.1","destination":"0.0.0.0/0","protocol":"tcp"},
	    {"external":"192.0.2.2","destination":"198.51.100.0/24","protocol":"udp"},
	    {"external":"192.0.2.3:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"},
	    {"external":"2001:db8::1","destination":"2001:db8:9::/48"}]}}`,
		"100.64.0.5/32", "2001:db8:ff::5/128")
	src4, src6 := netip.MustParseAddr("100.64.0.5"), netip.MustParseAddr("2001:db8:ff::5")
	for _, c := range []struct {
		src   netip.Addr
		dst   string
		proto string
		want  string // summary of the matched rule; "" for no match
	}{
		{src4, "10.1.2.3", "tcp", "return 10.0.0.0/8"},                                // exclusion first, even for tcp to anywhere
		{src4, "198.51.100.7", "tcp", "snat 198.51.100.7/32 tcp 192.0.2.3:5000-5010"}, // the /32, given last
		{src4, "198.51.100.7", "udp", "snat 198.51.100.0/24 udp 192.0.2.2"},           // the /32 is tcp only
		{src4, "198.51.100.8", "udp", "snat 198.51.100.0/24 udp 192.0.2.2"},
		{src4, "198.51.100.8", "tcp", "snat tcp 192.0.2.1"},       // udp rule skipped
		{src4, "203.0.113.9", "udp", "masquerade 203.0.113.0/24"}, // the default, include only
		{src4, "8.8.8.8", "udp", ""},                              // nothing: left to the nat table
		{src6, "2001:db8:9::1", "sctp", "snat 2001:db8:9::/48 2001:db8::1"},
		{src6, "2001:db8:a::1", "tcp", "masquerade"},                   // the v4 tcp catch-all is not v6's; includeCIDRs are v4 only, so the v6 default stands
		{src4, "2001:db8:9::1", "tcp", ""},                             // family mismatch
		{netip.MustParseAddr("100.64.0.6"), "198.51.100.7", "tcp", ""}, // not the pod's address
	} {
		r, i, ok := p.Match(c.src, netip.MustParseAddr(c.dst), c.proto)
		got := ""
		if ok {
			got = summary(FamilyRules{Rules: []Rule{r}})
		}
		if got != c.want {
			t.Errorf("%s -> %s/%s: matched %q (index %d), want %q", c.src, c.dst, c.proto, got, i, c.want)
		}
		if ok != (i >= 0) {
			t.Errorf("%s -> %s/%s: ok %v with index %d", c.src, c.dst, c.proto, ok, i)
		}
	}
	// The index is the rule's position in its family, which is what status
	// prints and the counters are keyed by.
	if _, i, _ := p.Match(src4, netip.MustParseAddr("198.51.100.7"), "tcp"); i != 1 {
		t.Errorf("index of the /32 = %d, want 1 (after the exclusion)", i)
	}
	// A v4-mapped v6 source is the v4 address.
	if _, _, ok := p.Match(netip.MustParseAddr("::ffff:100.64.0.5"), netip.MustParseAddr("10.0.0.1"), "tcp"); !ok {
		t.Error("v4-mapped source did not match")
	}
}
