package masq

import (
	"net/netip"
	"testing"
)

// TestTranslates: which translations of a pod's flow agree with its plan
// (StaleFlows removes the others).
func TestTranslates(t *testing.T) {
	p := mustPlan(t, `{"name":"n","excludeCIDRs":["203.0.113.20/32"],"defaultAction":"masquerade","runtimeConfig":{"masqEntries":[
	  {"external":"192.0.2.100:5000-5010","destination":"203.0.113.0/24","protocol":"udp"},
	  {"external":"192.0.2.101","destination":"203.0.113.10/32"}]}}`, "198.51.100.2/32")
	pod, a := netip.MustParseAddr("198.51.100.2"), netip.MustParseAddr
	for _, c := range []struct {
		dst, proto, to string
		port           uint16
		want           bool
	}{
		{"203.0.113.10", "tcp", "192.0.2.101", 40000, true}, // /32 wins over the /24
		{"203.0.113.10", "udp", "192.0.2.100", 5005, false}, // the old, broader mapping
		{"203.0.113.30", "udp", "192.0.2.100", 5005, true},
		{"203.0.113.30", "udp", "192.0.2.100", 40000, false}, // port outside the range
		{"203.0.113.30", "udp", "192.0.2.101", 5005, false},  // another external
		{"203.0.113.20", "udp", "198.51.100.2", 40000, true}, // excluded: untranslated
		{"203.0.113.20", "udp", "192.0.2.100", 5005, false},
		{"198.18.0.1", "tcp", "10.0.0.1", 40000, true},      // default masquerade: any other address
		{"198.18.0.1", "tcp", "198.51.100.2", 40000, false}, // untranslated where it must be
	} {
		if got := p.Translates(pod, a(c.dst), c.proto, a(c.to), c.port); got != c.want {
			t.Errorf("%s %s -> %s:%d: agrees = %v, want %v", c.proto, c.dst, c.to, c.port, got, c.want)
		}
	}
	// No rule at all: only untranslated flows agree.
	none := mustPlan(t, `{"name":"n"}`, "198.51.100.2/32")
	if !none.Translates(pod, a("203.0.113.10"), "udp", pod, 1) || none.Translates(pod, a("203.0.113.10"), "udp", a("192.0.2.100"), 5005) {
		t.Error("a plan without rules must keep only untranslated flows")
	}
}
