package snat

import (
	"net/netip"
	"strings"
	"testing"
)

// FuzzParseConfig feeds arbitrary configs through parsing and plan
// building: nothing may panic, and every accepted config yields rules
// both backends can render safely.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(seedConf))
	f.Add([]byte(`{"name":"n","backend":"nftables","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"snat","defaultExternal":"192.0.2.1",
	  "runtimeConfig":{"snatPolicy":{"includeCIDRs":["2001:db8::/32"],"randomize":"fully"},
	  "masqEntries":[{"external":"[2001:db8::1]:1-2","destination":"2001:db8::/32","protocol":"udp","description":"x\"y"}]}}`))
	f.Add([]byte(`{"tag":"A.B","runtimeConfig":{"masqEntries":[{"external":"masquerade","destination":"::/0"}]}}`))
	addrs := []netip.Prefix{netip.MustParsePrefix("198.51.100.5/24"), netip.MustParsePrefix("2001:db8::5/64")}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data)
		if err != nil {
			return
		}
		plan := BuildPlan(cfg, testOwner, addrs)
		for _, fr := range plan.Families {
			for _, r := range fr.Rules {
				checkRule(t, fr.Family, r)
			}
		}
	})
}

func checkRule(t *testing.T, fam Family, r Rule) {
	t.Helper()
	if r.Dst.IsValid() && FamilyOf(r.Dst.Addr()) != fam {
		t.Fatalf("rule %+v in family %s", r, fam)
	}
	if r.Action == ActionSNAT && FamilyOf(r.To) != fam {
		t.Fatalf("SNAT to %s in family %s", r.To, fam)
	}
	if r.PortLo != 0 && (r.Proto == "" || r.PortLo > r.PortHi) {
		t.Fatalf("ports %d-%d with protocol %q", r.PortLo, r.PortHi, r.Proto)
	}
	if len(r.Comment) > MaxCommentLen || strings.ContainsAny(r.Comment, "\"\\\n'$;`") {
		t.Fatalf("unsafe comment %q", r.Comment)
	}
}
