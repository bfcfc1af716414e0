package snat

import (
	"encoding/json"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// seedConf is the original Diktyo conflist entry with the README's
// runtimeConfig, as libcni would hand it to the plugin.
const seedConf = `{
  "cniVersion": "0.3.1", "name": "mycoolcnichain", "type": "ipmasq", "tag": "CNI-SNAT-X",
  "capabilities": {"masqEntries": true},
  "runtimeConfig": {"masqEntries": [
    {"external": "10.0.2.15:5000-5010", "destination": "8.8.8.8/32", "protocol": "tcp", "description": "allow production traffic"},
    {"external": "10.0.2.15:4000-4010", "destination": "0.0.0.0/0", "protocol": "tcp", "description": "allow production traffic"}
  ]}
}`

func TestParseSeedConfig(t *testing.T) {
	cfg, err := ParseConfig([]byte(seedConf))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Backend != BackendIPTables || cfg.Tag != "CNI-SNAT-X" || cfg.Network != "mycoolcnichain" {
		t.Errorf("backend/tag/network = %q/%q/%q", cfg.Backend, cfg.Tag, cfg.Network)
	}
	want := []Entry{
		{Index: 0, External: api.External{Addr: netip.MustParseAddr("10.0.2.15"), PortLo: 5000, PortHi: 5010}, Dst: netip.MustParsePrefix("8.8.8.8/32"), Proto: "tcp", Description: "allow production traffic"},
		{Index: 1, External: api.External{Addr: netip.MustParseAddr("10.0.2.15"), PortLo: 4000, PortHi: 4010}, Dst: netip.MustParsePrefix("0.0.0.0/0"), Proto: "tcp", Description: "allow production traffic"},
	}
	if len(cfg.Entries) != len(want) {
		t.Fatalf("entries = %+v", cfg.Entries)
	}
	for i := range want {
		if cfg.Entries[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, cfg.Entries[i], want[i])
		}
	}
}

// TestParseConfigErrors checks that every bad input is rejected with an
// error naming the field and the value.
func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		conf string // merged over a valid base
		err  string
	}{
		{"unknown backend", `{"backend":"ebpf"}`, `backend: unknown backend "ebpf"`},
		{"tag with space", `{"tag":"A B"}`, `tag: invalid chain name "A B"`},
		{"tag too long", `{"tag":"` + strings.Repeat("A", 29) + `"}`, `tag: invalid chain name`},
		{"tag builtin", `{"tag":"POSTROUTING"}`, `tag: invalid chain name "POSTROUTING"`},
		{"tag target", `{"tag":"masquerade"}`, `tag: invalid chain name "masquerade"`},
		{"tag pod prefix", `{"tag":"DKT-X"}`, `tag: invalid chain name "DKT-X"`},
		{"tag dash", `{"tag":"-X"}`, `tag: invalid chain name "-X"`},
		{"table", `{"table":"a b"}`, `table: invalid nftables table name "a b"`},
		{"lockFile", `{"lockFile":"run/x.lock"}`, `lockFile: "run/x.lock" is not an absolute path`},
		{"exclude", `{"excludeCIDRs":["10.0.0.0/8","10.0.0/8"]}`, `excludeCIDRs[1]: invalid CIDR "10.0.0/8"`},
		{"include", `{"includeCIDRs":["x"]}`, `includeCIDRs[0]: invalid CIDR "x"`},
		{"default action", `{"defaultAction":"drop"}`, `defaultAction: unknown action "drop"`},
		{"snat without external", `{"defaultAction":"snat"}`, `defaultExternal: required`},
		{"default external ports", `{"defaultAction":"snat","defaultExternal":"192.0.2.1:5-6"}`, `defaultExternal: "192.0.2.1:5-6" must be a plain address`},
		{"default external bad", `{"defaultExternal":"nope"}`, `defaultExternal: invalid external "nope"`},
		{"randomize", `{"randomize":"prng"}`, `randomize: unknown mode "prng"`},
		{"bad json", `{"tag":5}`, `parsing ipmasq config`},
		{"bad runtimeConfig", `{"runtimeConfig":{"masqEntries":{}}}`, `runtimeConfig: invalid JSON: json: cannot unmarshal`},
		// Strict capability values: encoding/json would take all of these.
		{"entry field case", `{"runtimeConfig":{"masqEntries":[{"External":"192.0.2.1","destination":"10.0.0.0/8"}]}}`,
			`runtimeConfig: masqEntries[0].External: unknown field "External" (field names are case-sensitive: did you mean "external"?)`},
		{"entry unknown field", `{"runtimeConfig":{"masqEntries":[{"external":"192.0.2.1","destination":"10.0.0.0/8","port":1}]}}`,
			`runtimeConfig: masqEntries[0].port: unknown field "port"`},
		{"capability case", `{"runtimeConfig":{"MasqEntries":[]}}`,
			`runtimeConfig: MasqEntries: unknown field "MasqEntries"`},
		{"snatPolicy field case", `{"runtimeConfig":{"snatPolicy":{"ExcludeCIDRs":["10.0.0.0/8"]}}}`,
			`runtimeConfig: snatPolicy.ExcludeCIDRs: unknown field "ExcludeCIDRs"`},
		{"destination", `{"runtimeConfig":{"masqEntries":[{"external":"192.0.2.1","destination":"10.0.0/8"}]}}`,
			`masqEntries[0].destination: invalid CIDR "10.0.0/8"`},
		{"protocol", `{"runtimeConfig":{"masqEntries":[{"external":"192.0.2.1","destination":"10.0.0.0/8"},{"external":"192.0.2.1","destination":"10.0.0.0/8","protocol":"icmp"}]}}`,
			`masqEntries[1].protocol: unknown protocol "icmp"`},
		{"ports with all", `{"runtimeConfig":{"masqEntries":[{"external":"192.0.2.1:5-6","destination":"10.0.0.0/8","protocol":"all"}]}}`,
			`masqEntries[0].external: ports in "192.0.2.1:5-6" need protocol tcp, udp or sctp, not "all"`},
		{"ports without protocol", `{"runtimeConfig":{"masqEntries":[{"external":"192.0.2.1:5","destination":"10.0.0.0/8"}]}}`,
			`not "all"`},
		{"external family", `{"runtimeConfig":{"masqEntries":[{"external":"2001:db8::1","destination":"10.0.0.0/8"}]}}`,
			`masqEntries[0].external: address 2001:db8::1 is IPv6 but destination 10.0.0.0/8 is IPv4`},
		{"external bad", `{"runtimeConfig":{"masqEntries":[{"external":"a.b.c.d","destination":"10.0.0.0/8"}]}}`,
			`masqEntries[0].external: invalid external "a.b.c.d"`},
		{"pod exclude", `{"runtimeConfig":{"snatPolicy":{"excludeCIDRs":["300.0.0.0/8"]}}}`,
			`runtimeConfig.snatPolicy.excludeCIDRs[0]: invalid CIDR "300.0.0.0/8"`},
		{"pod action", `{"runtimeConfig":{"snatPolicy":{"defaultAction":"x"}}}`,
			`runtimeConfig.snatPolicy.defaultAction: unknown action "x"`},
		{"pod snat without external", `{"runtimeConfig":{"snatPolicy":{"defaultAction":"snat"}}}`,
			`runtimeConfig.snatPolicy: defaultExternal: required`},
		{"ips", `{"runtimeConfig":{"ips":["10.1.1.1","nope"]}}`, `runtimeConfig.ips: invalid address "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig(merge(t, `{"cniVersion":"1.0.0","name":"n","type":"ipmasq"}`, tt.conf))
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("error = %v, want containing %q", err, tt.err)
			}
		})
	}
}

// TestRuntimeConfigDuplicateKeys: a key given twice is refused, where
// encoding/json would silently keep the last value.
func TestRuntimeConfigDuplicateKeys(t *testing.T) {
	for conf, want := range map[string]string{
		`{"name":"n","runtimeConfig":{"masqEntries":[{"external":"192.0.2.1","external":"192.0.2.2","destination":"10.0.0.0/8"}]}}`: `runtimeConfig: masqEntries[0].external: key "external" given twice`,
		`{"name":"n","runtimeConfig":{"masqEntries":[],"masqEntries":[]}}`:                                                          `runtimeConfig: masqEntries: key "masqEntries" given twice`,
		`{"name":"n","runtimeConfig":{"snatPolicy":{"defaultAction":"none","defaultAction":"masquerade"}}}`:                         `runtimeConfig: snatPolicy.defaultAction: key "defaultAction" given twice`,
	} {
		_, err := ParseConfig([]byte(conf))
		if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, api.ErrInvalid) {
			t.Errorf("ParseConfig(%s) = %v, want ErrInvalid containing %q", conf, err, want)
		}
	}
}

// TestRuntimeConfigToleratesOtherPlugins: runtimeConfig is shared by the
// chain; capabilities of other plugins are none of ipmasq's business.
func TestRuntimeConfigToleratesOtherPlugins(t *testing.T) {
	conf := `{"name":"n","type":"ipmasq","runtimeConfig":{"portMappings":[{"hostPort":1,"HostPort":2}],
	  "masqEntries":[{"external":"masquerade","destination":"0.0.0.0/0"}]}}`
	cfg, err := ParseConfig([]byte(conf))
	if err != nil || len(cfg.Entries) != 1 {
		t.Fatalf("ParseConfig = %+v, %v", cfg, err)
	}
}

func TestPolicyMerge(t *testing.T) {
	cfg, err := ParseConfig([]byte(`{"name":"n","excludeCIDRs":["10.0.0.0/8"],"includeCIDRs":["192.0.2.0/24"],
	  "defaultAction":"masquerade","randomize":"random",
	  "runtimeConfig":{"snatPolicy":{"excludeCIDRs":["172.16.0.0/12","10.0.0.0/8"],"includeCIDRs":["2001:db8::/32"],
	    "defaultAction":"snat","defaultExternal":"198.51.100.1"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Policy
	if got := prefixes(p.Exclude); got != "10.0.0.0/8 172.16.0.0/12" {
		t.Errorf("exclude = %s", got)
	}
	if got := prefixes(p.Include); got != "192.0.2.0/24 2001:db8::/32" {
		t.Errorf("include = %s", got)
	}
	if p.DefaultAction != ActionSNAT || p.DefaultExternal.Addr != netip.MustParseAddr("198.51.100.1") || p.Randomize != RandomHash {
		t.Errorf("scalars = %+v", p)
	}
}

// TestWireSpellingsStillAccepted: what ipmasq has always taken in
// masqEntries (docs/ipmasq.md) still parses, to the canonical value.
func TestWireSpellingsStillAccepted(t *testing.T) {
	for in, want := range map[string]string{
		"10.1.2.3/8":          "10.0.0.0/8",
		"10.1.2.3":            "10.1.2.3/32",
		"2001:db8::1":         "2001:db8::1/128",
		"::ffff:10.0.0.0/104": "10.0.0.0/8",
	} {
		conf := `{"name":"n","runtimeConfig":{"masqEntries":[{"external":"masquerade","destination":"` + in + `","protocol":"TCP"}]}}`
		cfg, err := ParseConfig([]byte(conf))
		if err != nil || cfg.Entries[0].Dst.String() != want || cfg.Entries[0].Proto != "tcp" {
			t.Errorf("destination %q: %+v, %v; want %s, tcp", in, cfg, err, want)
		}
	}
}

func TestParseNodeConfigIgnoresPodConfig(t *testing.T) {
	for _, conf := range []string{
		`{"name":"n","backend":"nftables","runtimeConfig":{"ips":["198.51.100.5"],"masqEntries":[{"external":"x","destination":"y"}]}}`,
		`{"name":"n","backend":"nftables","runtimeConfig":{"ips":["198.51.100.5"],"masqEntries":{"not":"a list"}}}`,
	} {
		if _, err := ParseConfig([]byte(conf)); err == nil {
			t.Fatalf("ParseConfig accepted %s", conf)
		}
		cfg, err := ParseNodeConfig([]byte(conf))
		if err != nil || cfg.Backend != BackendNFTables || cfg.Table != DefaultTable || cfg.Tag != DefaultTag {
			t.Fatalf("ParseNodeConfig = %+v, %v", cfg, err)
		}
		if ips := cfg.PodIPs(); len(ips) != 1 || ips[0] != "198.51.100.5" {
			t.Errorf("PodIPs = %v", ips)
		}
	}
	cfg, err := ParseNodeConfig([]byte(`{"name":"n","runtimeConfig":{"ips":"nope"}}`))
	if err != nil || cfg.PodIPs() != nil {
		t.Errorf("malformed ips: %v, %v", cfg, err)
	}
}

// merge overlays the JSON object over on base.
func merge(t *testing.T, base, over string) []byte {
	t.Helper()
	var b, o map[string]any
	if err := json.Unmarshal([]byte(base), &b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(over), &o); err != nil {
		return []byte(over) // deliberately malformed for ipmasq: pass as is
	}
	for k, v := range o {
		b[k] = v
	}
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func prefixes(ps []netip.Prefix) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

// TestStrictConfig: strict mode is off by default; on, it takes the
// default conntrack mark bit or the one given; a mark that is not one
// bit, strict mode on the iptables backend (which marks no decision) or
// under binding "address" (no guard holds the pod) is an error naming
// the field and the value.
func TestStrictConfig(t *testing.T) {
	parse := func(extra string) (*Config, error) {
		return ParseNodeConfig([]byte(`{"cniVersion":"1.0.0","name":"n","type":"ipmasq"` + extra + `}`))
	}
	cfg, err := parse(`,"backend":"nftables"`)
	if err != nil || cfg.Strict || cfg.StrictMark != DefaultStrictMark {
		t.Errorf("default: strict %v, mark %#x, %v; want off, %#x", cfg != nil && cfg.Strict, cfg.StrictMark, err, DefaultStrictMark)
	}
	cfg, err = parse(`,"backend":"nftables","strict":true,"strictMark":"0x40000"`)
	if err != nil || !cfg.Strict || cfg.StrictMark != 0x40000 {
		t.Errorf("strict with a mark: %+v, %v", cfg, err)
	}
	for extra, want := range map[string][]string{
		`,"backend":"nftables","strict":true,"strictMark":"0x3000"`: {"strictMark", `"0x3000"`},
		`,"backend":"nftables","strictMark":"0"`:                    {"strictMark", `"0"`},
		`,"backend":"nftables","strictMark":"mark"`:                 {"strictMark", `"mark"`},
		`,"strict":true`: {"strict", `"iptables"`},
		`,"backend":"nftables","strict":true,"binding":"address"`: {"strict", `"address"`},
	} {
		_, err := parse(extra)
		for _, w := range want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v; want an error naming %s", extra, err, strings.Join(want, " and "))
			}
		}
	}
}
