package policy_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// grantAll allows every feature as widely as the admin config can, so
// that a refusal is the parsers' (or iproute's defaults'), not an
// allowlist's.
const grantAll = `
defaults:
  snat: {defaultAction: snat, defaultExternal: 203.0.113.1, excludeCIDRs: [10.0.0.0/8], includeCIDRs: [198.51.100.0/24, "2001:db8::/32"]}
namespaces:
- namespaces: ["*"]
  allow:
    masq: {externals: [203.0.113.10, 203.0.113.11, "2001:db8::10", masquerade], destinations: [0.0.0.0/0, "::/0"]}
    snatExclude: {cidrs: [0.0.0.0/0, "::/0"]}
    snatInclude: {cidrs: [0.0.0.0/0, "::/0"]}
    routes:
      destinations: [0.0.0.0/0, "::/0"]
      gateways: [0.0.0.0/0, "::/0"]
      types: [unicast, blackhole, unreachable, prohibit]
      tables: ["0-254", "256-4294967295"]
      metrics: ["0-4294967295"]
    routeTable: {tables: ["1-252", "256-4294967295"], priorities: ["1025-32765"]}
    debug: true
`

// capabilityOf is the capability an annotation becomes, and how to turn
// its raw value into that capability's JSON (ok false: the value cannot
// be a capability argument at all, e.g. not JSON).
var capabilityOf = map[string]func(v string) (string, bool){
	policy.KeyMasq:   func(v string) (string, bool) { return `{"masqEntries":` + v + `}`, json.Valid([]byte(v)) },
	policy.KeyRoutes: func(v string) (string, bool) { return `{"routeEntries":` + v + `}`, json.Valid([]byte(v)) },
	policy.KeySNATExclude: func(v string) (string, bool) {
		return `{"snatPolicy":{"excludeCIDRs":` + jsonList(v) + `}}`, true
	},
	policy.KeySNATInclude: func(v string) (string, bool) {
		return `{"snatPolicy":{"includeCIDRs":` + jsonList(v) + `}}`, true
	},
	policy.KeyRouteTable: func(v string) (string, bool) { return `{"policyRouting":{"table":` + v + `}}`, json.Valid([]byte(v)) },
	policy.KeyRoutePrio: func(v string) (string, bool) {
		return `{"policyRouting":{"table":100,"priority":` + v + `}}`, json.Valid([]byte(v))
	},
}

func jsonList(v string) string {
	parts := strings.Split(v, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	b, _ := json.Marshal(parts)
	return string(b)
}

// plugins runs the plugins' config parsers (ipmasq, iproute with its
// default node config) on a runtimeConfig.
func plugins(runtimeConfig string) error {
	if _, err := snat.ParseConfig([]byte(`{"cniVersion":"1.1.0","name":"n","type":"ipmasq","runtimeConfig":` + runtimeConfig + `}`)); err != nil {
		return err
	}
	_, _, _, err := iproute.Load([]byte(`{"cniVersion":"1.1.0","name":"n","type":"iproute","runtimeConfig":` + runtimeConfig + `}`))
	return err
}

// FuzzPolicyAgreesWithPlugins holds the hole "what the admin config
// accepts, the plugins must accept": for any annotation value, when the
// NRI plugin's policy accepts it, ipmasq's and iproute's parsers accept
// the capability arguments it becomes; when the policy finds the value
// invalid and a plugin refuses it too, both say api.ErrInvalid.
func FuzzPolicyAgreesWithPlugins(f *testing.F) {
	seeds := map[string][]string{
		policy.KeyMasq: {`[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp"}]`,
			`[{"external":"masquerade","destination":"2001:db8::/32"}]`, `[{"external":"203.0.113.10","destination":"10.0.0.5/8","protocol":"TCP"}]`,
			`[{"External":"203.0.113.10","destination":"0.0.0.0/0"}]`, `[{"external":"203.0.113.10","external":"203.0.113.11","destination":"0.0.0.0/0"}]`},
		policy.KeyRoutes: {`[{"destination":"198.51.100.0/24","gateway":"10.0.0.1","table":100,"metric":5}]`,
			`[{"destination":"2001:db8::/32","dev":"eth0","mtu":1000}]`, `[{"destination":"2001:db8::/32","gateway":"ff02::1"}]`,
			`[{"destination":"10.0.0.0/8","type":"Blackhole"}]`, `[{"destination":"10.0.0.0/8","gateway":"DROP"}]`,
			`[{"destination":"10.0.0.0/8","dev":"eth0","table":255}]`, `[{"destination":"10.0.0.0/8"}]`},
		policy.KeySNATExclude: {"10.0.0.0/8, 2001:db8::/32", "10.0.0.1/8", "::ffff:10.0.0.0/104"},
		policy.KeySNATInclude: {"198.51.100.0/24", "2001:db8::/48"},
		policy.KeyRouteTable:  {"100", "254", "4294967295"},
		policy.KeyRoutePrio:   {"1500", "1000", "32766", "1"},
	}
	keys := []string{policy.KeyMasq, policy.KeyRoutes, policy.KeySNATExclude, policy.KeySNATInclude, policy.KeyRouteTable, policy.KeyRoutePrio}
	for i, k := range keys {
		for _, v := range seeds[k] {
			f.Add(uint8(i), v)
		}
	}
	cfg, err := policy.ParseConfig([]byte(grantAll))
	if err != nil {
		f.Fatal(err)
	}
	pod := policy.Pod{Namespace: "ns", Name: "pod", UID: "uid"}
	f.Fuzz(func(t *testing.T, which uint8, value string) {
		key := keys[int(which)%len(keys)]
		annotations := map[string]string{key: value}
		if key == policy.KeyRoutePrio {
			annotations[policy.KeyRouteTable] = "100"
		}
		pol, perr := policy.Decide(cfg, pod, annotations)
		switch {
		case perr == nil:
			args, err := json.Marshal(pol.CapabilityArgs())
			if err != nil {
				t.Fatal(err)
			}
			if err := plugins(string(args)); err != nil {
				t.Fatalf("policy accepted %s=%q as %s, a plugin refuses it: %v", key, value, args, err)
			}
		case errors.Is(perr, policy.ErrDenied):
			// An allowlist's refusal; the plugins know no allowlists.
		case !errors.Is(perr, api.ErrInvalid):
			t.Fatalf("policy refused %s=%q with %v, neither ErrInvalid nor ErrDenied", key, value, perr)
		default:
			rc, ok := capabilityOf[key](value)
			if !ok {
				return
			}
			if err := plugins(rc); err != nil && !errors.Is(err, api.ErrInvalid) {
				t.Fatalf("policy refused %s=%q as invalid (%v), a plugin refuses %s otherwise: %v", key, value, perr, rc, err)
			}
		}
	})
}
