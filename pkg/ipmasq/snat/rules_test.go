package snat

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

// TestIncludeIsPerFamily: an include list restricts the default of the
// families it has entries of, and no other. (It used to remove the
// default of the other family altogether.)
func TestIncludeIsPerFamily(t *testing.T) {
	for _, tc := range []struct {
		name, include, v4, v6 string
	}{
		{"none", `[]`, "masquerade", "masquerade"},
		{"v4 only", `["203.0.113.0/24"]`, "masquerade 203.0.113.0/24", "masquerade"},
		{"v6 only", `["2001:db8:1::/48"]`, "masquerade", "masquerade 2001:db8:1::/48"},
		{"mixed", `["203.0.113.0/24","2001:db8:1::/48"]`, "masquerade 203.0.113.0/24", "masquerade 2001:db8:1::/48"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPlan(t, `{"name":"n","defaultAction":"masquerade","includeCIDRs":`+tc.include+`}`, "198.51.100.5/24", "2001:db8:ff::5/64")
			if got := summary(p.Families[0]); got != tc.v4 {
				t.Errorf("v4 = %s, want %s", got, tc.v4)
			}
			if got := summary(p.Families[1]); got != tc.v6 {
				t.Errorf("v6 = %s, want %s", got, tc.v6)
			}
		})
	}
}

// TestPodIncludeNarrowsOnlyInsideScope: a pod's include list (podInclude)
// narrows the default, per family, only inside the scope the admin
// granted; everywhere else the node default stays.
func TestPodIncludeNarrowsOnlyInsideScope(t *testing.T) {
	const scope = `"scope":["198.51.100.0/24","10.0.0.0/8","2001:db8:1::/48"]`
	for _, tc := range []struct {
		name, node, cidrs, v4, v6 string
	}{
		{name: "none", v4: "masquerade", v6: "masquerade"},
		{name: "v4 only", cidrs: `["198.51.100.0/25"]`,
			v4: "masquerade 198.51.100.0/25, return 198.51.100.0/24, return 10.0.0.0/8, masquerade", v6: "masquerade"},
		{name: "v6 only", cidrs: `["2001:db8:1:2::/64"]`,
			v4: "masquerade", v6: "masquerade 2001:db8:1:2::/64, return 2001:db8:1::/48, masquerade"},
		{name: "mixed", cidrs: `["10.1.0.0/16","2001:db8:1:2::/64"]`,
			v4: "masquerade 10.1.0.0/16, return 198.51.100.0/24, return 10.0.0.0/8, masquerade",
			v6: "masquerade 2001:db8:1:2::/64, return 2001:db8:1::/48, masquerade"},
		// With a node include list, the pod include applies only where
		// the default applied anyway: it never adds SNAT.
		{name: "node include", node: `"includeCIDRs":["198.51.100.128/25","10.1.2.0/24"],`, cidrs: `["198.51.100.0/24","10.1.0.0/16"]`,
			v4: "masquerade 198.51.100.128/25, masquerade 10.1.2.0/24, return 198.51.100.0/24, return 10.0.0.0/8, masquerade 198.51.100.128/25, masquerade 10.1.2.0/24",
			v6: "masquerade"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc := `{}`
			if tc.cidrs != "" {
				rc = `{"snatPolicy":{"podInclude":{"cidrs":` + tc.cidrs + `,` + scope + `}}}`
			}
			p := mustPlan(t, `{"name":"n","defaultAction":"masquerade",`+tc.node+`"runtimeConfig":`+rc+`}`, "198.51.100.5/24", "2001:db8:ff::5/64")
			if got := summary(p.Families[0]); got != tc.v4 {
				t.Errorf("v4 =\n %s\nwant\n %s", got, tc.v4)
			}
			if got := summary(p.Families[1]); got != tc.v6 {
				t.Errorf("v6 =\n %s\nwant\n %s", got, tc.v6)
			}
		})
	}
}

func TestPodIncludeOutsideScopeRefused(t *testing.T) {
	_, err := ParseConfig([]byte(`{"name":"n","runtimeConfig":{"snatPolicy":{"podInclude":{"cidrs":["192.0.2.0/24"],"scope":["198.51.100.0/24","2001:db8::/32"]}}}}`))
	if err == nil || !strings.Contains(err.Error(), `runtimeConfig.snatPolicy.podInclude.cidrs[0]: 192.0.2.0/24 is not inside the scope (198.51.100.0/24, 2001:db8::/32)`) {
		t.Fatalf("error = %v", err)
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
