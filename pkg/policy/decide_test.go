package policy

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
)

const testConfig = `
defaults:
  snat:
    defaultAction: snat
    defaultExternal: 203.0.113.1
    excludeCIDRs: [10.0.0.0/8]
    randomize: fully
namespaces:
  - namespaces: ["team-a", "team-b-*"]
    allow:
      masq:
        externals: ["203.0.113.10:5000-5999", "203.0.113.11", "masquerade", "[2001:db8::10]:100-200"]
        destinations: ["198.51.100.0/24", "2001:db8:1::/48"]
      snatExclude:
        cidrs: ["192.168.0.0/16"]
      snatInclude:
        cidrs: ["198.51.100.0/24"]
      routes:
        destinations: ["198.51.100.0/24"]
        gateways: ["10.0.0.0/24"]
        types: [unicast, blackhole]
        tables: ["10-20"]
        metrics: [100]
      routeTable:
        tables: ["100-199"]
        priorities: ["1500-1599"]
      dns:
        zones: [pods.test]
        templates: ["{name}.{namespace}.{zone}", "{label}.{name}.{namespace}.{zone}", "{uid}.{zone}"]
      debug: true
  - namespaces: ["team-*"]
    allow:
      routeTable:
        tables: [300]
`

func mustConfig(t *testing.T, y string) *Config {
	t.Helper()
	cfg, err := ParseConfig([]byte(y))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestDecideAllowDeny walks every allow and deny path of Authorize.
func TestDecideAllowDeny(t *testing.T) {
	cfg := mustConfig(t, testConfig)
	podA := Pod{Namespace: "team-a", Name: "web", UID: "u-1"}
	tests := []struct {
		name string
		pod  Pod
		ann  map[string]string
		// deny: "" allowed; otherwise a substring of the error, which must
		// wrap ErrDenied.
		deny string
	}{
		{"masq allowed port subrange", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"}]`}, ""},
		{"masq allowed any ports", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.11:80","destination":"198.51.100.0/24","protocol":"tcp"}]`}, ""},
		{"masq allowed masquerade", podA, map[string]string{KeyMasq: `[{"external":"masquerade","destination":"198.51.100.0/25"}]`}, ""},
		{"masq allowed v6", podA, map[string]string{KeyMasq: `[{"external":"[2001:db8::10]:150","destination":"2001:db8:1:2::/64","protocol":"udp"}]`}, ""},
		{"masq glob namespace", Pod{Namespace: "team-b-x", Name: "w"}, map[string]string{KeyMasq: `[{"external":"203.0.113.11","destination":"198.51.100.0/24"}]`}, ""},
		{"masq feature off", Pod{Namespace: "team-c", Name: "w"}, map[string]string{KeyMasq: `[{"external":"203.0.113.11","destination":"198.51.100.0/24"}]`}, "may not use diktyo.io/v1.masq"},
		{"masq no rule", Pod{Namespace: "other", Name: "w"}, map[string]string{KeyMasq: `[{"external":"203.0.113.11","destination":"198.51.100.0/24"}]`}, "may not use"},
		{"masq external not listed", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.12","destination":"198.51.100.0/24"}]`}, "not in the allowed externals"},
		{"masq ports outside", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.10:4000-5010","destination":"198.51.100.0/24","protocol":"tcp"}]`}, "not in the allowed externals"},
		{"masq no ports for ranged external", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.10","destination":"198.51.100.0/24"}]`}, "not in the allowed externals"},
		{"masq destination outside", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.11","destination":"0.0.0.0/0"}]`}, "destination 0.0.0.0/0 is not inside"},
		{"masq destination wider", podA, map[string]string{KeyMasq: `[{"external":"203.0.113.11","destination":"198.51.100.0/23"}]`}, "not inside"},
		{"snat exclude allowed", podA, map[string]string{KeySNATExclude: "192.168.1.0/24"}, ""},
		{"snat exclude outside", podA, map[string]string{KeySNATExclude: "172.16.0.0/12"}, "172.16.0.0/12 is not inside"},
		{"snat exclude feature off", Pod{Namespace: "team-c"}, map[string]string{KeySNATExclude: "192.168.1.0/24"}, "may not use diktyo.io/v1.snat-exclude"},
		{"snat include allowed", podA, map[string]string{KeySNATInclude: "198.51.100.128/25"}, ""},
		{"snat include outside", podA, map[string]string{KeySNATInclude: "203.0.113.0/24"}, "not inside"},
		{"snat include feature off", Pod{Namespace: "team-c"}, map[string]string{KeySNATInclude: "198.51.100.0/24"}, "may not use"},
		{"route allowed", podA, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1","table":15,"metric":100},{"destination":"198.51.100.128/25","gateway":"drop"}]`}, ""},
		{"route feature off", Pod{Namespace: "team-c"}, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1"}]`}, "may not use diktyo.io/v1.routes"},
		{"route destination outside", podA, map[string]string{KeyRoutes: `[{"destination":"0.0.0.0/0","gateway":"10.0.0.1"}]`}, "not inside any allowed destination"},
		{"route type", podA, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","type":"prohibit"}]`}, "route type prohibit is not allowed"},
		{"route gateway", podA, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","gateway":"10.0.1.1"}]`}, "gateway 10.0.1.1 is not in the allowed gateways"},
		{"route table", podA, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1","table":21}]`}, "table 21"},
		{"route metric", podA, map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1","metric":5}]`}, "metric 5"},
		{"table allowed", podA, map[string]string{KeyRouteTable: "150", KeyRoutePrio: "1550"}, ""},
		{"table outside", podA, map[string]string{KeyRouteTable: "200"}, "table 200 is not in the allowed tables"},
		{"table second rule", Pod{Namespace: "team-c"}, map[string]string{KeyRouteTable: "300"}, ""},
		{"table first rule wins", podA, map[string]string{KeyRouteTable: "300"}, "table 300"},
		{"table feature off", Pod{Namespace: "other"}, map[string]string{KeyRouteTable: "150"}, "may not use diktyo.io/v1.route-table"},
		{"priority outside", podA, map[string]string{KeyRouteTable: "150", KeyRoutePrio: "100"}, "priority 100"},
		{"priority none allowed", Pod{Namespace: "team-c"}, map[string]string{KeyRouteTable: "300", KeyRoutePrio: "1550"}, "priority 1550"},
		{"dns name template", podA, map[string]string{KeyDNSNames: "web.team-a.pods.test"}, ""},
		{"dns label template", podA, map[string]string{KeyDNSNames: "api.web.team-a.pods.test,db.web.team-a.pods.test"}, ""},
		{"dns uid template", podA, map[string]string{KeyDNSNames: "u-1.pods.test"}, ""},
		{"dns other pod's name", podA, map[string]string{KeyDNSNames: "db.team-a.pods.test"}, "does not match any allowed template"},
		{"dns other namespace", podA, map[string]string{KeyDNSNames: "web.team-b.pods.test"}, "does not match"},
		{"dns two labels for {label}", podA, map[string]string{KeyDNSNames: "a.b.web.team-a.pods.test"}, "does not match"},
		{"dns zone", podA, map[string]string{KeyDNSNames: "web.team-a.example.com"}, "not in an allowed zone"},
		{"dns zone apex", podA, map[string]string{KeyDNSNames: "pods.test"}, "not in an allowed zone"},
		{"dns feature off", Pod{Namespace: "team-c", Name: "web"}, map[string]string{KeyDNSNames: "web.team-c.pods.test"}, "may not use diktyo.io/v1.dns-names"},
		{"debug allowed", podA, map[string]string{KeyDebug: "true"}, ""},
		{"debug false needs nothing", Pod{Namespace: "other"}, map[string]string{KeyDebug: "false"}, ""},
		{"debug feature off", Pod{Namespace: "other"}, map[string]string{KeyDebug: "true"}, "may not use diktyo.io/v1.debug"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pol, err := Decide(cfg, tc.pod, tc.ann)
			if tc.deny == "" {
				if err != nil {
					t.Fatalf("denied: %v", err)
				}
				if pol == nil {
					t.Fatal("nil policy")
				}
				return
			}
			if err == nil {
				t.Fatalf("allowed, want denial %q", tc.deny)
			}
			if !errors.Is(err, ErrDenied) {
				t.Errorf("error %v does not wrap ErrDenied", err)
			}
			if !strings.Contains(err.Error(), tc.deny) {
				t.Errorf("error %q does not contain %q", err, tc.deny)
			}
		})
	}
}

func TestPriorityNeedsTable(t *testing.T) {
	cfg := mustConfig(t, testConfig)
	_, err := Decide(cfg, Pod{Namespace: "team-a"}, map[string]string{KeyRoutePrio: "1550"})
	if err == nil || errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), KeyRouteTable) {
		t.Fatalf("err = %v, want a validation error naming %s", err, KeyRouteTable)
	}
}

func TestPolicyAndCapabilityArgs(t *testing.T) {
	cfg := mustConfig(t, testConfig)
	pol, err := Decide(cfg, Pod{Namespace: "team-a", Name: "web"}, map[string]string{
		KeyMasq:        `[{"external":"203.0.113.11","destination":"198.51.100.0/24"}]`,
		KeySNATExclude: "192.168.1.0/24",
		KeySNATInclude: "198.51.100.0/24",
		KeyRoutes:      `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1"}]`,
		KeyRouteTable:  "150",
		KeyRoutePrio:   "1510",
		KeyDNSNames:    "web.team-a.pods.test",
		KeyDebug:       "true",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := &Policy{
		MasqEntries: []api.MasqEntry{{External: "203.0.113.11", Destination: "198.51.100.0/24"}},
		SNATPolicy: &api.SNATPolicy{DefaultAction: "snat", DefaultExternal: "203.0.113.1", Randomize: "fully",
			ExcludeCIDRs: []string{"10.0.0.0/8", "192.168.1.0/24"},
			PodInclude:   &api.PodInclude{CIDRs: []string{"198.51.100.0/24"}, Scope: []string{"198.51.100.0/24"}}},
		RouteEntries:  []api.RouteEntry{{Destination: "198.51.100.0/25", Gateway: "10.0.0.1"}},
		PolicyRouting: &api.PolicyRouting{Table: 150, Priority: 1510, ExcludeCIDRs: []string{"10.0.0.0/8", "192.168.1.0/24"}},
		DNSNames:      []string{"web.team-a.pods.test."},
		Debug:         true,
	}
	if !reflect.DeepEqual(pol, want) {
		t.Fatalf("policy\n got %+v\nwant %+v", pol, want)
	}
	args := pol.CapabilityArgs()
	for _, k := range []string{api.CapMasqEntries, api.CapSNATPolicy, api.CapRouteEntries, api.CapPolicyRouting, api.CapDNSNames} {
		if _, ok := args[k]; !ok {
			t.Errorf("capability %s missing", k)
		}
	}
	if len(args) != 5 {
		t.Errorf("capability args %v, want exactly 5 keys", args)
	}
}

func TestDefaultsOnly(t *testing.T) {
	// No defaults, no annotations: nothing to do.
	pol, err := Decide(mustConfig(t, ""), Pod{Namespace: "x"}, nil)
	if err != nil || !pol.Empty() || len(pol.CapabilityArgs()) != 0 {
		t.Fatalf("pol=%+v err=%v, want empty", pol, err)
	}
	// Node defaults alone make a policy for every pod.
	pol, err = Decide(mustConfig(t, testConfig), Pod{Namespace: "x"}, map[string]string{"other/x": "y"})
	if err != nil || pol.Empty() || pol.SNATPolicy == nil || pol.PolicyRouting != nil {
		t.Fatalf("pol=%+v err=%v, want the SNAT defaults only", pol, err)
	}
}

func TestParseConfigDefaults(t *testing.T) {
	cfg := mustConfig(t, "")
	if cfg.FailurePolicy != FailurePolicyFail || cfg.HostNetwork != HostNetworkReject {
		t.Errorf("policies %q %q", cfg.FailurePolicy, cfg.HostNetwork)
	}
	c := cfg.Chain
	if c.Conflist != DefaultConflist || !reflect.DeepEqual(c.BinDirs, []string{DefaultBinDir}) || c.CacheDir != DefaultCacheDir || c.IfName != "eth0" {
		t.Errorf("chain defaults %+v", c)
	}
	if cfg.Timeouts.Handler.Duration != time.Second || cfg.Reconcile.Interval.Duration != 5*time.Minute {
		t.Errorf("timeouts %+v reconcile %+v", cfg.Timeouts, cfg.Reconcile)
	}
	if len(cfg.Namespaces) != 0 || !cfg.Defaults.SNAT.IsZero() {
		t.Error("something is allowed by default")
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ yaml, err string }{
		{"failurePolicy: sometimes", `failurePolicy: "sometimes"`},
		{"hostNetwork: allow", `hostNetwork: "allow"`},
		{"unknownField: 1", `unknown field "unknownField"`},
		{"chain: {conflist: relative.conflist}", `chain.conflist: "relative.conflist"`},
		{"chain: {binDirs: []}", "chain.binDirs: empty"},
		{"chain: {binDirs: [bin]}", `chain.binDirs[0]: "bin"`},
		{"chain: {cacheDir: /var/lib/cni/}", "containerd's own CNI cache"},
		{"chain: {ifName: toolonginterfacename}", "chain.ifName"},
		{"timeouts: {handler: 1ms}", "timeouts.handler: 1ms is below"},
		{"timeouts: {handler: soon}", `invalid duration "soon"`},
		{"timeouts: {handler: 10s, cni: 5s}", "timeouts.cni: 5s is below timeouts.handler"},
		{"reconcile: {interval: 10ms}", "reconcile.interval"},
		{"reconcile: {parallelism: 0}", "reconcile.parallelism"},
		{"debug: {dir: tmp}", "debug.dir"},
		{"defaults: {snat: {defaultAction: drop}}", `defaults.snat.defaultAction: unknown action "drop"`},
		{"namespaces: [{namespaces: [a], allow: {masq: {externals: [masquerade], destinations: [0.0.0.0/0], quota: {blocks: -1}}}}]",
			"namespaces[0].allow.masq.quota: blocks -1, ports 0: want 0 (unbounded) or more"},
		// Strict YAML: sigs.k8s.io/yaml's UnmarshalStrict took both.
		{"failurePolicy: fail\nFailurePolicy: ignore", `FailurePolicy: unknown field "FailurePolicy" (field names are case-sensitive: did you mean "failurePolicy"?)`},
		{"namespaces: [{namespaces: [a], allow: {Debug: true}}]", `namespaces[0].allow.Debug: unknown field "Debug"`},
		{"failurePolicy: fail\nfailurePolicy: ignore", `key "failurePolicy" already set`},
		{"namespaces: [{namespaces: [a], namespaces: [b], allow: {}}]", `"namespaces" already set`},
		{`{"failurePolicy": "fail", "failurePolicy": "ignore"}`, `"failurePolicy" already set`},
		// Allowlists cannot grant what iproute always refuses.
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: [100], priorities: ['1000-1100']}}}]", "allow.routeTable.priorities[0]: range 1000-1100 outside 1025-32765"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: [100], priorities: [32766]}}}]", "allow.routeTable.priorities[0]: range 32766 outside 1025-32765"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: ['100-4294967296']}}}]", "allow.routeTable.tables[0]: range 100-4294967296 outside 1-4294967295"},
		{"namespaces: [{namespaces: [a], allow: {routes: {destinations: [0.0.0.0/0], tables: ['250-255']}}}]", "allow.routes.tables[0]: range 250-255 holds reserved table 255"},
		{"namespaces: [{namespaces: [a], allow: {routes: {destinations: [0.0.0.0/0], metrics: ['1-4294967296']}}}]", "allow.routes.metrics[0]: range 1-4294967296 outside 0-4294967295"},
		{"defaults: {snat: {defaultAction: snat}}", "defaults.snat.defaultExternal"},
		{"defaults: {snat: {defaultAction: snat, defaultExternal: '203.0.113.1:80'}}", "must be a plain address"},
		{"defaults: {snat: {defaultExternal: 203.0.113.1}}", "defaultAction is"},
		{"defaults: {snat: {randomize: always}}", "defaults.snat.randomize"},
		{"defaults: {snat: {excludeCIDRs: [10/8]}}", "defaults.snat.excludeCIDRs[0]"},
		{"namespaces: [{namespaces: [], allow: {}}]", "namespaces[0].namespaces: empty"},
		{"namespaces: [{namespaces: ['[a'], allow: {}}]", "namespaces[0].namespaces[0]: invalid pattern"},
		{"namespaces: [{namespaces: [a], allow: {masq: {externals: [], destinations: [0.0.0.0/0]}}}]", "namespaces[0].allow.masq.externals: empty"},
		{"namespaces: [{namespaces: [a], allow: {masq: {externals: [x], destinations: [0.0.0.0/0]}}}]", "namespaces[0].allow.masq.externals[0]"},
		{"namespaces: [{namespaces: [a], allow: {masq: {externals: [masquerade]}}}]", "allow.masq.destinations: empty"},
		{"namespaces: [{namespaces: [a], allow: {snatExclude: {cidrs: [x]}}}]", "allow.snatExclude.cidrs[0]"},
		{"namespaces: [{namespaces: [a], allow: {routes: {destinations: []}}}]", "allow.routes.destinations: empty"},
		{"namespaces: [{namespaces: [a], allow: {routes: {destinations: [0.0.0.0/0], types: [nat]}}}]", "allow.routes.types[0]"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: ['250-260']}}}]", "reserved table 253"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: []}}}]", "allow.routeTable.tables: empty"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: [1], priorities: ['0-10']}}}]", "allow.routeTable.priorities[0]"},
		{"namespaces: [{namespaces: [a], allow: {routeTable: {tables: ['9-1']}}}]", "invalid range"},
		{"namespaces: [{namespaces: [a], allow: {dns: {zones: [], templates: []}}}]", "allow.dns.zones: empty"},
		{"namespaces: [{namespaces: [a], allow: {dns: {zones: [z.test], templates: ['{label}.{zone}']}}}]", "must contain {name} or {uid}"},
		{"namespaces: [{namespaces: [a], allow: {dns: {zones: [z.test], templates: ['{name}.example.com']}}}]", `must end in ".{zone}"`},
		{"namespaces: [{namespaces: [a], allow: {dns: {zones: [z.test], templates: ['{pod}.{name}.{zone}']}}}]", "unknown placeholder"},
	}
	for _, tc := range tests {
		_, err := ParseConfig([]byte(tc.yaml))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseConfig(%q) = %v, want an error containing %q", tc.yaml, err, tc.err)
		}
	}
}

// FuzzParseConfig: config parsing never panics, and what it accepts has
// no namespace rule without patterns.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(testConfig))
	f.Add([]byte("failurePolicy: ignore\ntimeouts: {handler: 500ms}\n"))
	f.Add([]byte("namespaces: [{namespaces: ['*'], allow: {debug: true}}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data)
		if err != nil {
			return
		}
		for i, r := range cfg.Namespaces {
			if len(r.Namespaces) == 0 {
				t.Fatalf("namespaces[%d] accepted without patterns", i)
			}
		}
		if cfg.Timeouts.Handler.Duration <= 0 {
			t.Fatal("non-positive handler timeout accepted")
		}
	})
}
