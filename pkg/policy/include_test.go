package policy_test

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// includeConfig: every pod is masqueraded by default (and never to
// 10.0.0.0/8); pods may narrow the default inside the partner networks.
const includeConfig = `
defaults:
  snat: {defaultAction: masquerade, excludeCIDRs: [10.0.0.0/8]}
namespaces:
- namespaces: ["*"]
  allow:
    snatInclude: {cidrs: [198.51.100.0/24, "2001:db8:1::/48"]}
`

// TestSNATIncludePerFamilyWithinGrant: what a pod's snat-include does,
// from the annotation to ipmasq's rules. Per family, and only inside the
// admin's allow.snatInclude.cidrs: the default SNAT the admin requires
// elsewhere is never disabled.
func TestSNATIncludePerFamilyWithinGrant(t *testing.T) {
	cfg, err := policy.ParseConfig([]byte(includeConfig))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, include string
		podInclude    *api.PodInclude
		v4, v6        string
	}{
		{name: "none", v4: "return 10.0.0.0/8, masquerade", v6: "masquerade"},
		{name: "v4 only", include: "198.51.100.0/25",
			podInclude: &api.PodInclude{CIDRs: []string{"198.51.100.0/25"}, Scope: []string{"198.51.100.0/24", "2001:db8:1::/48"}},
			v4:         "return 10.0.0.0/8, masquerade 198.51.100.0/25, return 198.51.100.0/24, masquerade", v6: "masquerade"},
		{name: "v6 only", include: "2001:db8:1:2::/64",
			podInclude: &api.PodInclude{CIDRs: []string{"2001:db8:1:2::/64"}, Scope: []string{"198.51.100.0/24", "2001:db8:1::/48"}},
			v4:         "return 10.0.0.0/8, masquerade", v6: "masquerade 2001:db8:1:2::/64, return 2001:db8:1::/48, masquerade"},
		{name: "mixed", include: "198.51.100.7, 2001:db8:1:2::/64",
			podInclude: &api.PodInclude{CIDRs: []string{"198.51.100.7/32", "2001:db8:1:2::/64"}, Scope: []string{"198.51.100.0/24", "2001:db8:1::/48"}},
			v4:         "return 10.0.0.0/8, masquerade 198.51.100.7/32, return 198.51.100.0/24, masquerade",
			v6:         "masquerade 2001:db8:1:2::/64, return 2001:db8:1::/48, masquerade"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ann := map[string]string{}
			if tc.include != "" {
				ann[policy.KeySNATInclude] = tc.include
			}
			pol, err := policy.Decide(cfg, policy.Pod{Namespace: "ns", Name: "p"}, ann)
			if err != nil {
				t.Fatal(err)
			}
			if got := pol.SNATPolicy; len(got.IncludeCIDRs) != 0 || !reflect.DeepEqual(got.PodInclude, tc.podInclude) {
				t.Errorf("snatPolicy includeCIDRs %v, podInclude %+v; want none, %+v", got.IncludeCIDRs, got.PodInclude, tc.podInclude)
			}
			v4, v6 := ipmasqRules(t, pol)
			if v4 != tc.v4 || v6 != tc.v6 {
				t.Errorf("ipmasq rules\n v4 %s\n v6 %s\nwant\n v4 %s\n v6 %s", v4, v6, tc.v4, tc.v6)
			}
		})
	}
}

// ipmasqRules runs ipmasq's config parser and rule planner on the
// policy's capability arguments, for a dual-stack pod.
func ipmasqRules(t *testing.T, pol *policy.Policy) (v4, v6 string) {
	t.Helper()
	args, err := json.Marshal(pol.CapabilityArgs())
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := snat.ParseConfig([]byte(`{"cniVersion":"1.1.0","name":"n","type":"ipmasq","runtimeConfig":` + string(args) + `}`))
	if err != nil {
		t.Fatal(err)
	}
	plan := snat.BuildPlan(cfg, snat.Owner{Network: "n", ID: "x"},
		[]netip.Prefix{netip.MustParsePrefix("192.0.2.5/24"), netip.MustParsePrefix("2001:db8:ff::5/64")})
	return rulesSummary(plan.Families[0]), rulesSummary(plan.Families[1])
}

func rulesSummary(fr snat.FamilyRules) string {
	var s []string
	for _, r := range fr.Rules {
		x := r.Action.String()
		if !r.AnyDst() {
			x += " " + r.Dst.String()
		}
		s = append(s, x)
	}
	return strings.Join(s, ", ")
}

func TestSNATIncludeOutsideGrantDenied(t *testing.T) {
	cfg, err := policy.ParseConfig([]byte(includeConfig))
	if err != nil {
		t.Fatal(err)
	}
	_, err = policy.Decide(cfg, policy.Pod{Namespace: "ns"}, map[string]string{policy.KeySNATInclude: "203.0.113.0/24"})
	if want := fmt.Sprintf("%s=%q: not allowed by the admin config: 203.0.113.0/24 is not inside any allowed CIDR", policy.KeySNATInclude, "203.0.113.0/24"); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error = %v, want %q", err, want)
	}
}
