package masq

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
)

var testOwner = Owner{Network: "net1", ID: "0123456789abcdef"}

func mustPlan(t *testing.T, conf string, addrs ...string) *Plan {
	t.Helper()
	cfg, err := ParseConfig([]byte(conf))
	if err != nil {
		t.Fatal(err)
	}
	var ps []netip.Prefix
	for _, a := range addrs {
		ps = append(ps, netip.MustParsePrefix(a))
	}
	return BuildPlan(cfg, testOwner, ps)
}

// summary renders rules compactly: "action dst proto to:ports".
func summary(fr FamilyRules) string {
	var s []string
	for _, r := range fr.Rules {
		x := r.Action.String()
		if !r.AnyDst() {
			x += " " + r.Dst.String()
		}
		if r.Proto != "" {
			x += " " + r.Proto
		}
		if r.Action == ActionSNAT {
			x += " " + r.To.String()
			if r.PortLo != 0 {
				x += fmt.Sprintf(":%d-%d", r.PortLo, r.PortHi)
			}
		}
		s = append(s, x)
	}
	return strings.Join(s, ", ")
}

func TestMostSpecificFirstWhateverTheGivenOrder(t *testing.T) {
	// The seed's order (/32 first) and the reverse give the same rules.
	for _, order := range [][2]string{{"8.8.8.8/32", "0.0.0.0/0"}, {"0.0.0.0/0", "8.8.8.8/32"}} {
		conf := fmt.Sprintf(`{"name":"n","runtimeConfig":{"masqEntries":[
		  {"external":"192.0.2.1:1-2","destination":%q,"protocol":"tcp"},
		  {"external":"192.0.2.1:1-2","destination":%q,"protocol":"tcp"}]}}`, order[0], order[1])
		p := mustPlan(t, conf, "198.51.100.5/24")
		if got, want := summary(p.Families[0]), "snat 8.8.8.8/32 tcp 192.0.2.1:1-2, snat tcp 192.0.2.1:1-2"; got != want {
			t.Errorf("order %v: rules = %s, want %s", order, got, want)
		}
	}
}

func TestOrderExclusionsEntriesDefault(t *testing.T) {
	p := mustPlan(t, `{"name":"n","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade","includeCIDRs":["203.0.113.0/24","2001:db8:1::/48"],
	  "runtimeConfig":{"snatPolicy":{"excludeCIDRs":["172.16.0.0/12"]},"masqEntries":[
	    {"external":"192.0.2.1","destination":"192.0.2.0/24"},
	    {"external":"192.0.2.2","destination":"192.0.2.0/25","protocol":"udp"},
	    {"external":"masquerade","destination":"192.0.2.128/25"},
	    {"external":"192.0.2.3","destination":"192.0.2.7"},
	    {"external":"2001:db8::1","destination":"2001:db8::/32"}]}}`,
		"198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	if len(p.Families) != 2 {
		t.Fatalf("families = %+v", p.Families)
	}
	v4, v6 := p.Families[0], p.Families[1]
	if got := fmt.Sprint(v4.Sources); got != "[198.51.100.5 198.51.100.6]" {
		t.Errorf("v4 sources = %s", got)
	}
	want4 := "return 10.0.0.0/8, return 172.16.0.0/12, snat 192.0.2.7/32 192.0.2.3, snat 192.0.2.0/25 udp 192.0.2.2, " +
		"masquerade 192.0.2.128/25, snat 192.0.2.0/24 192.0.2.1, masquerade 203.0.113.0/24"
	if got := summary(v4); got != want4 {
		t.Errorf("v4 rules:\n got %s\nwant %s", got, want4)
	}
	if got, want := summary(v6), "snat 2001:db8::/32 2001:db8::1, masquerade 2001:db8:1::/48"; got != want {
		t.Errorf("v6 rules = %s, want %s", got, want)
	}
}

func TestDefaultSNATAppliesToItsFamilyOnly(t *testing.T) {
	p := mustPlan(t, `{"name":"n","defaultAction":"snat","defaultExternal":"192.0.2.1","randomize":"fully"}`,
		"198.51.100.5/24", "2001:db8::5/64")
	if got := summary(p.Families[0]); got != "snat 192.0.2.1" {
		t.Errorf("v4 = %s", got)
	}
	if got := summary(p.Families[1]); got != "" {
		t.Errorf("v6 = %s, want no rules", got)
	}
	if p.Families[0].Rules[0].Randomize != RandomFully {
		t.Errorf("randomize not carried: %+v", p.Families[0].Rules[0])
	}
}

func TestIncludeOfOtherFamilyOnlyMeansNoDefault(t *testing.T) {
	p := mustPlan(t, `{"name":"n","defaultAction":"masquerade","includeCIDRs":["2001:db8::/32"]}`, "198.51.100.5/24")
	if got := summary(p.Families[0]); got != "" {
		t.Errorf("v4 = %s, want no rules: the includes restrict the default to IPv6", got)
	}
}

func TestPodOverridesNodeDefault(t *testing.T) {
	p := mustPlan(t, `{"name":"n","defaultAction":"masquerade","runtimeConfig":{"snatPolicy":{"defaultAction":"none"}}}`, "198.51.100.5/24")
	if got := summary(p.Families[0]); got != "" {
		t.Errorf("rules = %s, want none", got)
	}
}

func TestNoAddressOfAFamilyNoFamily(t *testing.T) {
	p := mustPlan(t, seedConf, "2001:db8::5/64")
	if len(p.Families) != 1 || p.Families[0].Family != IPv6 || len(p.Families[0].Rules) != 0 {
		t.Errorf("plan = %+v, want one empty IPv6 family", p.Families)
	}
}

func TestComment(t *testing.T) {
	got := Comment(testOwner, "  allow \"prod\"\n traffic; $(rm) é ")
	if want := "owner=0123456789abcdef allow _prod_ traffic_ _(rm) _"; got != want {
		t.Errorf("Comment = %q, want %q", got, want)
	}
	long := Comment(testOwner, strings.Repeat("x", 500))
	if len(long) > MaxCommentLen || !strings.HasPrefix(long, "owner=0123456789abcdef ") {
		t.Errorf("long comment = %q (%d bytes)", long, len(long))
	}
}
