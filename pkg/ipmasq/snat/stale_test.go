package snat

import (
	"net/netip"
	"testing"
)

// TestStale: which translations of a pod's flow StaleFlows removes.
func TestStale(t *testing.T) {
	p := mustPlan(t, `{"name":"n","excludeCIDRs":["203.0.113.20/32"],"defaultAction":"masquerade","runtimeConfig":{"masqEntries":[
	  {"external":"192.0.2.100:5000-5010","destination":"203.0.113.0/24","protocol":"udp"},
	  {"external":"192.0.2.101","destination":"203.0.113.10/32"}]}}`, "198.51.100.2/32")
	pod, a := netip.MustParseAddr("198.51.100.2"), netip.MustParseAddr
	for _, c := range []struct {
		dst, proto, to string
		port           uint16
		stale          bool
	}{
		{"203.0.113.10", "tcp", "192.0.2.101", 40000, false}, // /32 wins over the /24
		{"203.0.113.10", "udp", "192.0.2.100", 5005, true},   // the old, broader mapping
		{"203.0.113.30", "udp", "192.0.2.100", 5005, false},
		{"203.0.113.30", "udp", "192.0.2.100", 40000, true},   // port outside the range
		{"203.0.113.30", "udp", "192.0.2.101", 5005, true},    // another external
		{"203.0.113.30", "udp", "198.51.100.2", 40000, true},  // untranslated where a rule SNATs
		{"203.0.113.20", "udp", "198.51.100.2", 40000, false}, // excluded: untranslated
		{"203.0.113.20", "udp", "192.0.2.100", 5005, true},    // excluded, but left as one of our externals
		{"198.18.0.1", "tcp", "10.0.0.1", 40000, false},       // default masquerade: any other address
		{"198.18.0.1", "tcp", "198.51.100.2", 40000, true},    // untranslated where it must be
	} {
		if got := p.Stale(pod, a(c.dst), c.proto, a(c.to), c.port); got != c.stale {
			t.Errorf("%s %s -> %s:%d: stale = %v, want %v", c.proto, c.dst, c.to, c.port, got, c.stale)
		}
	}
	// No rule for a destination: a flow other NAT translated (the cluster
	// CNI's masquerade to the node's address) is not ipmasq's to judge; a
	// repair must not break it.
	one := mustPlan(t, `{"name":"n","runtimeConfig":{"masqEntries":[{"external":"192.0.2.100","destination":"203.0.113.0/24"}]}}`, "198.51.100.2/32")
	if one.Stale(pod, a("198.18.7.7"), "tcp", a("10.0.0.1"), 40000) {
		t.Error("a flow the cluster's own masquerade translated was judged stale")
	}
	if one.Stale(pod, a("198.18.7.7"), "tcp", pod, 40000) {
		t.Error("an untranslated flow where no rule applies was judged stale")
	}
	if !one.Stale(pod, a("198.18.7.7"), "tcp", a("192.0.2.100"), 40000) {
		t.Error("a flow left as our external where no rule applies any more was kept")
	}
}
