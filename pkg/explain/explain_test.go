package explain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

const cfgYAML = `
defaults: {snat: {defaultAction: masquerade, excludeCIDRs: [10.0.0.0/8]}}
namespaces:
  - namespaces: [team-a]
    allow:
      masq: {externals: ["203.0.113.10:5000-5999"], destinations: ["198.51.100.0/24", "0.0.0.0/0"]}
      routes: {destinations: ["198.51.100.0/24"], types: [unicast, blackhole], gateways: ["10.0.0.1"]}
      routeTable: {tables: [100]}
      dns: {zones: [pods.test], templates: ["{name}.{namespace}.{zone}"]}
`

func explainString(t *testing.T, in Input) (string, error) {
	t.Helper()
	var b strings.Builder
	err := Explain(&b, in)
	return b.String(), err
}

func TestExplainAllowed(t *testing.T) {
	cfg := withChain(t, cfgYAML, ipmasqConf+`,{"type":"iproute","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}},
 {"type":"registerDNS","backend":"hosts","zones":["pods.test"],"capabilities":{"ips":true,"dnsNames":true}}`)
	out, err := explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: map[string]string{
		policy.KeyMasq:       `[{"external":"203.0.113.10:5000-5010","destination":"0.0.0.0/0","protocol":"tcp"},{"external":"203.0.113.10:5500","destination":"198.51.100.7/32","protocol":"udp"}]`,
		policy.KeyRoutes:     `[{"destination":"198.51.100.0/25","gateway":"10.0.0.1"},{"destination":"198.51.100.128/25","gateway":"drop"}]`,
		policy.KeyRouteTable: "100",
		policy.KeyDNSNames:   "web.team-a.pods.test",
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"result: ALLOWED",
		`"masqEntries"`, `"snatPolicy"`, `"policyRouting"`, `"dnsNames"`,
		"K8S_POD_NAMESPACE=team-a;K8S_POD_NAME=web",
		"IPv4 all to 10.0.0.0/8: not SNATed [exclude 10.0.0.0/8]",
		"IPv4 all to any: masquerade [default masquerade]",
		"198.51.100.0/25 via 10.0.0.1",
		"blackhole 198.51.100.128/25",
		"host rule: pref 1536 from 192.0.2.10 to all lookup 100",
		"DNS names (hosts backend): web.team-a.pods.test",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Most specific destination first, whatever the annotation's order.
	if strings.Index(out, "198.51.100.7/32") > strings.Index(out, "tcp to any: SNAT") {
		t.Errorf("a /32 is shown after 0.0.0.0/0:\n%s", out)
	}
}

func TestExplainRejected(t *testing.T) {
	cfg, err := policy.ParseConfig([]byte(cfgYAML))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in   Input
		want string
	}{
		{Input{Config: cfg, Pod: policy.Pod{Namespace: "team-b"}, Annotations: map[string]string{policy.KeyRouteTable: "100"}},
			`may not use diktyo.io/v1.route-table`},
		{Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a"}, Annotations: map[string]string{"diktyo.io/v1.nope": "1"}},
			`annotation diktyo.io/v1.nope="1": unknown`},
		{Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a"}, Annotations: map[string]string{policy.KeyRouteTable: "100"}, HostNetwork: true},
			"host-network"},
	} {
		out, err := explainString(t, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(out, "REJECTED") {
			t.Errorf("err = %v, want %q; output:\n%s", err, tc.want, out)
		}
	}
	// No annotations and no defaults: nothing to do, no error.
	empty, _ := policy.ParseConfig(nil)
	out, err := explainString(t, Input{Config: empty, Pod: policy.Pod{Namespace: "x"}})
	if err != nil || !strings.Contains(out, "no policy") {
		t.Errorf("err=%v output:\n%s", err, out)
	}
}

func TestReadAnnotationsFile(t *testing.T) {
	dir := t.TempDir()
	manifest := filepath.Join(dir, "pod.yaml")
	if err := os.WriteFile(manifest, []byte("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: team-a\n  annotations:\n    diktyo.io/v1.route-table: \"100\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ann, pod, err := ReadAnnotationsFile(manifest)
	if err != nil || ann[policy.KeyRouteTable] != "100" || pod == nil || pod.Name != "web" || pod.Namespace != "team-a" {
		t.Errorf("manifest: %v %+v %v", ann, pod, err)
	}
	plain := filepath.Join(dir, "ann.yaml")
	if err := os.WriteFile(plain, []byte("diktyo.io/v1.debug: \"true\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ann, pod, err = ReadAnnotationsFile(plain)
	if err != nil || ann[policy.KeyDebug] != "true" || pod != nil {
		t.Errorf("plain: %v %+v %v", ann, pod, err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("- a\n- b\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadAnnotationsFile(bad); err == nil {
		t.Error("a list was accepted")
	}
	if _, _, err := ParseAnnotationFlag("novalue"); err == nil {
		t.Error("flag without = accepted")
	}
}

func TestExplainPlans(t *testing.T) {
	dir := t.TempDir()
	conflist := filepath.Join(dir, "chain.conflist")
	if err := os.WriteFile(conflist, []byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","tag":"DIKTYO-IPMASQ","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}},
 {"type":"iproute","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}},
 {"type":"registerDNS","backend":"hosts","zones":["pods.test"],"capabilities":{"ips":true,"dnsNames":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := policy.ParseConfig([]byte(cfgYAML + "chain: {conflist: " + conflist + "}\n"))
	if err != nil {
		t.Fatal(err)
	}
	ann := map[string]string{
		policy.KeyMasq:       `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"}]`,
		policy.KeyRouteTable: "100",
		policy.KeyDNSNames:   "web.team-a.pods.test",
	}
	out, err := explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: ann, IPs: []string{"198.51.100.10"}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"-d 198.51.100.7/32 -p tcp", "--to-source 203.0.113.10:5000-5010", "-s 198.51.100.10/32",
		"from 198.51.100.10 to all lookup 100",
		"web.team-a.pods.test. 30 A 198.51.100.10",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// registerDNS's nameTemplate names the pod without a dns-names
	// annotation: explain shows what ADD registers (it printed "(no names
	// requested)" when it re-implemented registerDNS).
	tmpl := filepath.Join(dir, "tmpl.conflist")
	if err := os.WriteFile(tmpl, []byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","tag":"DIKTYO-IPMASQ","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}},
 {"type":"registerDNS","backend":"hosts","zones":["pods.test"],"nameTemplate":"{name}.{namespace}.{zone}","ttl":7,
  "capabilities":{"ips":true,"dnsNames":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfgT, err := policy.ParseConfig([]byte(cfgYAML + "chain: {conflist: " + tmpl + "}\n"))
	if err != nil {
		t.Fatal(err)
	}
	out, err = explainString(t, Input{Config: cfgT, Pod: policy.Pod{Namespace: "team-a", Name: "web"},
		Annotations: map[string]string{policy.KeyMasq: ann[policy.KeyMasq]}, IPs: []string{"198.51.100.10"}})
	if err != nil || !strings.Contains(out, "web.team-a.pods.test. 7 A 198.51.100.10") {
		t.Errorf("nameTemplate not applied by explain (err %v):\n%s", err, out)
	}
	// A pod address is one host: "/0" would make rules for every address.
	for _, ip := range []string{"1.2.3.4/0", "0.0.0.0", "ff02::1"} {
		_, err = explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: ann, IPs: []string{ip}})
		if err == nil || !strings.Contains(err.Error(), "--ip") {
			t.Errorf("--ip %s: error %v, want a refusal naming --ip", ip, err)
		}
	}
	// A name the admin allows but registerDNS's zones do not hold: the
	// chain would refuse the pod, and explain says so.
	cfg2, err := policy.ParseConfig([]byte(strings.Replace(cfgYAML, "zones: [pods.test]", "zones: [pods.test, other.test]", 1) + "chain: {conflist: " + conflist + "}\n"))
	if err != nil {
		t.Fatal(err)
	}
	out, err = explainString(t, Input{Config: cfg2, Pod: policy.Pod{Namespace: "team-a", Name: "web"},
		Annotations: map[string]string{policy.KeyDNSNames: "web.team-a.other.test"}})
	if err == nil || !strings.Contains(err.Error(), "registerDNS") || !strings.Contains(out, "would refuse") {
		t.Errorf("err = %v; output:\n%s", err, out)
	}
}

// TestDeployDefaults keeps deploy/config.yaml and deploy/chain.conflist
// valid for this code and for the chain plugins' own parsers.
func TestDeployDefaults(t *testing.T) {
	root, err := testutil.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := policy.LoadConfig(filepath.Join(root, "deploy", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	def := policy.DefaultConfig()
	if cfg.Chain.Conflist != def.Chain.Conflist || cfg.Chain.CacheDir != def.Chain.CacheDir || cfg.FailurePolicy != "fail" {
		t.Errorf("deploy/config.yaml departs from the defaults: %+v", cfg.Chain)
	}
	list, err := chainrun.LoadConflist(filepath.Join(root, "deploy", "chain.conflist"))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, p := range list.Plugins {
		types = append(types, p.Network.Type)
	}
	if strings.Join(types, ",") != "ipmasq,iproute,registerDNS" || list.CNIVersion != "1.1.0" {
		t.Errorf("chain %v version %s", types, list.CNIVersion)
	}
	// Every capability diktyo sends is declared by the plugin that uses it.
	want := map[string][]string{
		"ipmasq":      {api.CapIPs, api.CapMasqEntries, api.CapSNATPolicy},
		"iproute":     {api.CapIPs, api.CapRouteEntries, api.CapPolicyRouting},
		"registerDNS": {api.CapIPs, api.CapDNSNames},
	}
	for _, p := range list.Plugins {
		for _, c := range want[p.Network.Type] {
			if !p.Network.Capabilities[c] {
				t.Errorf("%s does not declare capability %s", p.Network.Type, c)
			}
		}
	}
	// The plugins' own parsers accept it with a full policy.
	pol := &policy.Policy{
		MasqEntries:   []api.MasqEntry{{External: "203.0.113.10", Destination: "198.51.100.0/24"}},
		SNATPolicy:    &api.SNATPolicy{ExcludeCIDRs: []string{"10.0.0.0/8"}},
		RouteEntries:  []api.RouteEntry{{Destination: "198.51.100.0/24", Gateway: "drop"}},
		PolicyRouting: &api.PolicyRouting{Table: 100},
		DNSNames:      []string{"web.team-a.pods.diktyo.test."},
	}
	var b strings.Builder
	pod := chainrun.Pod{ID: "x", Namespace: "team-a", Name: "web", IPs: []string{"198.51.100.10"}}
	if err := writePlans(&b, list, cfg.Chain.IfName, pod, pol.CapabilityArgs()); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
}

// writeConflist writes a chain of the given plugin confs (JSON objects,
// comma-separated) and returns the admin config naming it.
func withChain(t *testing.T, base, plugins string) *policy.Config {
	t.Helper()
	conflist := filepath.Join(t.TempDir(), "chain.conflist")
	if err := os.WriteFile(conflist, []byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[`+plugins+`]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := policy.ParseConfig([]byte(base + "chain: {conflist: " + conflist + "}\n"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

const (
	ipmasqConf  = `{"type":"ipmasq","tag":"DIKTYO-IPMASQ","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}}`
	fwmarkConf  = `{"type":"iproute","layout":"fwmark","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}}`
	tmplDNSConf = `{"type":"registerDNS","backend":"hosts","zones":["pods.test"],"nameTemplate":"{name}.{namespace}.{zone}","capabilities":{"ips":true,"dnsNames":true}}`
)

// The summary is each plugin's own part (Describe), so it says what the
// plans say where the hand-written summary did not: iproute's fwmark
// layout makes no "from <pod IP>" rule, registerDNS's nameTemplate names
// the pod without a dns-names annotation, and the node's includeCIDRs
// meet a pod's snat-include.
func TestExplainSummaryIsThePlans(t *testing.T) {
	pod := policy.Pod{Namespace: "team-a", Name: "web"}
	t.Run("fwmark", func(t *testing.T) {
		out, err := explainString(t, Input{Config: withChain(t, cfgYAML, fwmarkConf), Pod: pod,
			Annotations: map[string]string{policy.KeyRouteTable: "100"}, IPs: []string{"198.51.100.10"}})
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if strings.Contains(out, "from <pod IP> lookup") || strings.Contains(out, "from 198.51.100.10 lookup") {
			t.Errorf("explain promises a source rule the fwmark layout never creates:\n%s", out)
		}
		if !strings.Contains(out, "nft mark: 198.51.100.10 -> mark") {
			t.Errorf("explain lacks the pod's mark:\n%s", out)
		}
	})
	t.Run("nameTemplate", func(t *testing.T) {
		out, err := explainString(t, Input{Config: withChain(t, cfgYAML, tmplDNSConf), Pod: pod,
			Annotations: map[string]string{policy.KeyRouteTable: "100"}, IPs: []string{"198.51.100.10"}})
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !strings.Contains(out, "DNS names (hosts backend): web.team-a.pods.test") {
			t.Errorf("the summary omits the name the template gives:\n%s", out)
		}
	})
	t.Run("includeCIDRs and snat-include", func(t *testing.T) {
		base := `
defaults: {snat: {defaultAction: masquerade, includeCIDRs: [198.51.100.128/25]}}
namespaces:
  - namespaces: [team-a]
    allow:
      snatInclude: {cidrs: [198.51.100.0/24]}
`
		out, err := explainString(t, Input{Config: withChain(t, base, ipmasqConf), Pod: pod,
			Annotations: map[string]string{policy.KeySNATInclude: "198.51.100.0/25"}, IPs: []string{"192.0.2.10"}})
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		// The pod's include does not meet the node's: no default SNAT
		// inside the scope, and the node's include is shadowed by it
		// (docs/annotations.md).
		for _, wrong := range []string{"to 198.51.100.0/25: masquerade", "to 198.51.100.0/24: masquerade"} {
			if strings.Contains(out, wrong) {
				t.Errorf("explain says %q, which ipmasq does not do:\n%s", wrong, out)
			}
		}
		scope := strings.Index(out, "IPv4 all to 198.51.100.0/24: not SNATed")
		include := strings.Index(out, "IPv4 all to 198.51.100.128/25: masquerade")
		if scope < 0 || include < scope {
			t.Errorf("want the scope's return before the node's include:\n%s", out)
		}
	})
}

// --ip is checked as diktyo-nri checks a pod's addresses, also when the
// chain cannot be read here.
func TestExplainChecksIPsWithoutChain(t *testing.T) {
	cfg, err := policy.ParseConfig([]byte(cfgYAML + "podCIDRs: [100.64.0.0/16]\nchain: {conflist: /nonexistent/chain.conflist}\n"))
	if err != nil {
		t.Fatal(err)
	}
	ann := map[string]string{policy.KeyRouteTable: "100"}
	for ip, want := range map[string]string{"1.2.3.4/0": "prefix length 0", "0.0.0.0": "--ip", "198.51.100.10": "outside podCIDRs"} {
		out, err := explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: ann, IPs: []string{ip}})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "--ip") {
			t.Errorf("--ip %s: error %v, want one naming --ip and %q; output:\n%s", ip, err, want, out)
		}
	}
	out, err := explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: ann, IPs: []string{"100.64.0.5"}})
	if err != nil || !strings.Contains(out, "not readable here") {
		t.Errorf("an address inside podCIDRs: %v\n%s", err, out)
	}
	// Without --ip, the example address is one the daemon accepts.
	cfg = withChain(t, cfgYAML+"podCIDRs: [100.64.0.0/16]\n", fwmarkConf)
	out, err = explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"}, Annotations: ann})
	if err != nil || !strings.Contains(out, "for pod address 100.64.0.10 ") {
		t.Errorf("no --ip with podCIDRs: %v\n%s", err, out)
	}
}

// TestExplainPool: a pool:NAME external is shown with an example block of
// the pool (the real one is the allocator's at admission), and the chain's
// plans are built with it instead of refusing the entry.
func TestExplainPool(t *testing.T) {
	dir := t.TempDir()
	conflist := filepath.Join(dir, "chain.conflist")
	if err := os.WriteFile(conflist, []byte(`{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","tag":"DIKTYO-IPMASQ","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := policy.ParseConfig([]byte(`
namespaces:
  - namespaces: [team-a]
    allow:
      masq: {pools: [web], destinations: ["198.51.100.0/24"]}
egress:
  addresses: [{address: 203.0.113.10}]
  pools: [{name: web, address: 203.0.113.10, ports: "20000-20127", blockSize: 64}]
chain: {conflist: ` + conflist + `}
`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := explainString(t, Input{Config: cfg, Pod: policy.Pod{Namespace: "team-a", Name: "web"},
		Annotations: map[string]string{policy.KeyMasq: `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"pool:web: a block of 64 ports of 203.0.113.10", "--to-source 203.0.113.10:20000-20063"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
