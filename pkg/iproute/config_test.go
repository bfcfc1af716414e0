package iproute

import (
	"encoding/json"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
)

func TestParseRouteEntries(t *testing.T) {
	tests := []struct {
		name  string
		entry api.RouteEntry
		want  string // PodRoute.String(), or the error text when wantErr
		err   string
	}{
		{name: "original unicast", entry: api.RouteEntry{Destination: "198.51.100.0/24", Gateway: "192.0.2.1", Description: "x"},
			want: "198.51.100.0/24 via 192.0.2.1"},
		{name: "original drop", entry: api.RouteEntry{Destination: "203.0.113.0/24", Gateway: "drop"},
			want: "blackhole 203.0.113.0/24"},
		{name: "drop any case", entry: api.RouteEntry{Destination: "203.0.113.0/24", Gateway: "DROP"},
			want: "blackhole 203.0.113.0/24"},
		{name: "bare address is a host route", entry: api.RouteEntry{Destination: "198.51.100.7", Gateway: "192.0.2.1"},
			want: "198.51.100.7/32 via 192.0.2.1"},
		{name: "device route", entry: api.RouteEntry{Destination: "198.51.100.0/24", Dev: "net1"},
			want: "198.51.100.0/24 dev net1"},
		{name: "all fields", entry: api.RouteEntry{Destination: "198.51.100.0/24", Gateway: "192.0.2.1", Dev: "eth0", Metric: 10, Table: 100, Src: "192.0.2.10", MTU: 1400},
			want: "198.51.100.0/24 via 192.0.2.1 dev eth0 src 192.0.2.10 metric 10 table 100 mtu 1400"},
		{name: "unreachable", entry: api.RouteEntry{Destination: "203.0.113.0/24", Type: "unreachable"},
			want: "unreachable 203.0.113.0/24"},
		{name: "prohibit v6", entry: api.RouteEntry{Destination: "2001:db8:1::/48", Type: "Prohibit"},
			want: "prohibit 2001:db8:1::/48"},
		{name: "blackhole type with drop", entry: api.RouteEntry{Destination: "2001:db8::/32", Type: "blackhole", Gateway: "drop"},
			want: "blackhole 2001:db8::/32"},
		{name: "v6 link-local gateway", entry: api.RouteEntry{Destination: "::/0", Gateway: "fe80::1"},
			want: "::/0 via fe80::1"},
		{name: "default v4", entry: api.RouteEntry{Destination: "0.0.0.0/0", Gateway: "192.0.2.1"},
			want: "0.0.0.0/0 via 192.0.2.1"},

		{name: "bad cidr", entry: api.RouteEntry{Destination: "10.0.0/8"},
			err: `routeEntries[0].destination: invalid CIDR "10.0.0/8"`},
		{name: "empty destination", entry: api.RouteEntry{Gateway: "192.0.2.1"},
			err: `routeEntries[0].destination: invalid CIDR ""`},
		{name: "host bits", entry: api.RouteEntry{Destination: "10.0.0.5/8"},
			err: `routeEntries[0].destination: invalid CIDR "10.0.0.5/8": host bits set (did you mean 10.0.0.0/8?)`},
		{name: "bad gateway", entry: api.RouteEntry{Destination: "10.0.0.0/8", Gateway: "192.0.2"},
			err: `routeEntries[0].gateway: invalid address "192.0.2"`},
		{name: "gateway other family", entry: api.RouteEntry{Destination: "10.0.0.0/8", Gateway: "2001:db8::1"},
			err: `routeEntries[0].gateway: "2001:db8::1" is IPv6 but destination "10.0.0.0/8" is IPv4`},
		{name: "gateway other family v6", entry: api.RouteEntry{Destination: "2001:db8::/32", Gateway: "192.0.2.1"},
			err: `routeEntries[0].gateway: "192.0.2.1" is IPv4 but destination "2001:db8::/32" is IPv6`},
		{name: "multicast gateway", entry: api.RouteEntry{Destination: "10.0.0.0/8", Gateway: "224.0.0.1"},
			err: `routeEntries[0].gateway: "224.0.0.1" is not a unicast address`},
		{name: "unknown type", entry: api.RouteEntry{Destination: "10.0.0.0/8", Type: "nat"},
			err: `routeEntries[0].type: unknown route type "nat" (want unicast, blackhole, unreachable or prohibit)`},
		{name: "unicast with drop", entry: api.RouteEntry{Destination: "10.0.0.0/8", Type: "unicast", Gateway: "drop"},
			err: `routeEntries[0].type: "unicast" conflicts with gateway "drop"`},
		{name: "gateway on blackhole", entry: api.RouteEntry{Destination: "10.0.0.0/8", Type: "blackhole", Gateway: "192.0.2.1"},
			err: `routeEntries[0].gateway: "192.0.2.1" not allowed on a blackhole route`},
		{name: "dev on unreachable", entry: api.RouteEntry{Destination: "10.0.0.0/8", Type: "unreachable", Dev: "eth0"},
			err: `routeEntries[0].dev: "eth0" not allowed on a unreachable route`},
		{name: "bad dev", entry: api.RouteEntry{Destination: "10.0.0.0/8", Dev: "a/b"},
			err: `routeEntries[0].dev: invalid interface name "a/b"`},
		{name: "long dev", entry: api.RouteEntry{Destination: "10.0.0.0/8", Dev: "abcdefghijklmnop"},
			err: `routeEntries[0].dev: invalid interface name "abcdefghijklmnop"`},
		{name: "src other family", entry: api.RouteEntry{Destination: "10.0.0.0/8", Src: "2001:db8::1"},
			err: `routeEntries[0].src: "2001:db8::1" is IPv6 but destination "10.0.0.0/8" is IPv4`},
		{name: "bad src", entry: api.RouteEntry{Destination: "10.0.0.0/8", Src: "x"},
			err: `routeEntries[0].src: invalid address "x"`},
		{name: "negative metric", entry: api.RouteEntry{Destination: "10.0.0.0/8", Metric: -1},
			err: `routeEntries[0].metric: -1 outside 0-4294967295`},
		{name: "local table", entry: api.RouteEntry{Destination: "10.0.0.0/8", Table: 255},
			err: `routeEntries[0].table: 255 is the kernel's local table`},
		{name: "small mtu", entry: api.RouteEntry{Destination: "10.0.0.0/8", MTU: 67},
			err: `routeEntries[0].mtu: 67 outside 68-65535`},
		{name: "small v6 mtu", entry: api.RouteEntry{Destination: "2001:db8::/32", MTU: 1279},
			err: `routeEntries[0].mtu: 1279 outside 1280-65535`},
		{name: "zone", entry: api.RouteEntry{Destination: "fe80::/64", Gateway: "fe80::1%eth0"},
			err: `routeEntries[0].gateway: invalid address "fe80::1%eth0"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRouteEntries([]api.RouteEntry{tc.entry})
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error = %v, want prefix %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s := got[0].String(); s != tc.want {
				t.Fatalf("got %q, want %q", s, tc.want)
			}
		})
	}
}

func TestErrorNamesEntryIndex(t *testing.T) {
	_, err := ParseRouteEntries([]api.RouteEntry{{Destination: "10.0.0.0/8"}, {Destination: "bogus"}})
	if err == nil || !strings.HasPrefix(err.Error(), `routeEntries[1].destination: invalid CIDR "bogus"`) {
		t.Fatalf("error = %v", err)
	}
}

func mustLoad(t *testing.T, conf string) (*Config, *Pod) {
	t.Helper()
	_, cfg, pod, err := Load([]byte(conf))
	if err != nil {
		t.Fatal(err)
	}
	return cfg, pod
}

func TestNodeConfigDefaults(t *testing.T) {
	cfg, pod := mustLoad(t, `{"cniVersion":"1.1.0","name":"n","type":"iproute"}`)
	if cfg.Layout != LayoutShared || cfg.Protocol != DefaultProtocol || cfg.StateDir != DefaultStateDir {
		t.Errorf("defaults: %+v", cfg)
	}
	if cfg.ToPriority != 512 || cfg.ExcludePriority != 1024 || cfg.FromPriority != 1536 {
		t.Errorf("priorities: %+v", cfg)
	}
	if pod.Table != 0 || pod.Priority != 1536 || pod.HostRoute {
		t.Errorf("pod defaults: %+v", pod)
	}
}

func TestConfigValidation(t *testing.T) {
	tests := []struct {
		name string
		conf string // fields added to a minimal config
		err  string // "" = valid
	}{
		{"aws layout", `"layout":"aws"`, ""},
		{"unknown layout", `"layout":"fancy"`, `layout: unknown layout "fancy"`},
		{"protocol", `"protocol":200`, ""},
		{"protocol static", `"protocol":4`, `protocol: 4 outside 5-255`},
		{"protocol large", `"protocol":256`, `protocol: 256 outside 5-255`},
		{"relative state dir", `"stateDir":"run/x"`, `stateDir: "run/x" is not an absolute path`},
		{"node table", `"table":100`, ""},
		{"node table main", `"table":254`, `table: table 254 is reserved (main); set allowReservedTables to use it`},
		{"node table main allowed", `"table":254,"allowReservedTables":true`, ""},
		{"node table local", `"table":255`, `table: table 255 is reserved (local)`},
		{"node table default", `"table":253`, `table: table 253 is reserved (default)`},
		{"node table negative", `"table":-1`, `table: -1 is not a routing table`},
		{"node table out of range", `"table":300,"tableRange":{"min":100,"max":200}`, `table: table 300 outside tableRange 100-200`},
		{"bad table range", `"tableRange":{"min":0,"max":200}`, `tableRange: invalid range 0-200`},
		{"exclude cidrs", `"excludeCIDRs":["10.0.0.0/8","2001:db8::/32"]`, ""},
		{"bad exclude", `"excludeCIDRs":["10.0.0.0/8","10.1/16"]`, `excludeCIDRs[1]: invalid CIDR "10.1/16"`},
		{"bad pod cidr", `"podCIDRs":["x"]`, `podCIDRs[0]: invalid CIDR "x"`},
		{"bad host interface", `"hostInterface":"a b"`, `hostInterface: invalid interface name "a b"`},
		{"priorities", `"priorities":{"to":100,"exclude":200,"from":300}`, ""},
		{"priorities order", `"priorities":{"to":2000}`, `priorities: want to < exclude < from, got to=2000 exclude=1024 from=1536`},
		{"priority outside range", `"priorityRange":{"min":1000,"max":2000}`, `priorities.to: 512 outside priorityRange 1000-2000`},
		{"priority range past main", `"priorityRange":{"min":1,"max":32766}`, `priorityRange: invalid range 1-32766`},

		{"others to main", `"othersToMain":true,"podCIDRs":["192.0.2.0/24","2001:db8::/64"]`, ""},
		{"others to main without pod cidrs", `"othersToMain":true`, `othersToMain: needs podCIDRs`},
		{"others to main with two v4 cidrs", `"othersToMain":true,"podCIDRs":["192.0.2.0/24","198.51.100.0/24"]`,
			`othersToMain: needs at most one podCIDRs entry per address family, got 2 IPv4 and 0 IPv6`},
		{"others priority order", `"othersToMain":true,"podCIDRs":["192.0.2.0/24"],"priorities":{"others":1100}`,
			`priorities.others: want to < others < exclude, got to=512 others=1100 exclude=1024`},
		{"pod table", `"runtimeConfig":{"policyRouting":{"table":100}}`, ""},
		{"pod table main", `"runtimeConfig":{"policyRouting":{"table":254}}`, `policyRouting.table: table 254 is reserved (main)`},
		{"pod table range", `"tableRange":{"min":100,"max":199},"runtimeConfig":{"policyRouting":{"table":200}}`,
			`policyRouting.table: table 200 outside tableRange 100-199`},
		{"pod priority", `"runtimeConfig":{"policyRouting":{"table":100,"priority":2000}}`, ""},
		{"pod priority range", `"priorityRange":{"min":500,"max":3000},"runtimeConfig":{"policyRouting":{"table":100,"priority":4000}}`,
			`policyRouting.priority: 4000 outside priorityRange 500-3000`},
		{"pod priority before bypass", `"runtimeConfig":{"policyRouting":{"table":100,"priority":1000}}`,
			`policyRouting.priority: 1000 must be after the bypass rules (priorities.exclude 1024)`},
		{"pod exclude", `"runtimeConfig":{"policyRouting":{"table":100,"excludeCIDRs":["10.0.0/8"]}}`,
			`policyRouting.excludeCIDRs[0]: invalid CIDR "10.0.0/8"`},
		{"pod host interface", `"runtimeConfig":{"policyRouting":{"hostRoute":true,"hostInterface":"../x"}}`,
			`policyRouting.hostInterface: invalid interface name "../x"`},
		{"pod route entry", `"runtimeConfig":{"routeEntries":[{"destination":"10.0.0.0/8","gateway":"fe80::1"}]}`,
			`routeEntries[0].gateway: "fe80::1" is IPv6 but destination "10.0.0.0/8" is IPv4`},
		{"not json", `"table":"x"`, `parsing iproute config`},
		// Strict capability values: encoding/json would take all of these.
		{"route field case", `"runtimeConfig":{"routeEntries":[{"Destination":"10.0.0.0/8","dev":"eth0"}]}`,
			`runtimeConfig: routeEntries[0].Destination: unknown field "Destination" (field names are case-sensitive: did you mean "destination"?)`},
		{"route duplicate key", `"runtimeConfig":{"routeEntries":[{"destination":"10.0.0.0/8","dev":"eth0","dev":"eth1"}]}`,
			`runtimeConfig: routeEntries[0].dev: key "dev" given twice`},
		{"route unknown field", `"runtimeConfig":{"routeEntries":[{"destination":"10.0.0.0/8","via":"10.0.0.1"}]}`,
			`runtimeConfig: routeEntries[0].via: unknown field "via"`},
		{"policyRouting field case", `"runtimeConfig":{"policyRouting":{"Table":100}}`,
			`runtimeConfig: policyRouting.Table: unknown field "Table"`},
		{"policyRouting duplicate key", `"runtimeConfig":{"policyRouting":{"table":100,"table":101}}`,
			`runtimeConfig: policyRouting.table: key "table" given twice`},
		{"capability case", `"runtimeConfig":{"RouteEntries":[]}`, `runtimeConfig: RouteEntries: unknown field "RouteEntries"`},
		{"other plugins' capabilities", `"runtimeConfig":{"portMappings":[{"HostPort":1}],"bandwidth":{}}`, ""},
		{"runtimeConfig wrong type", `"runtimeConfig":{"routeEntries":{}}`, `runtimeConfig: invalid JSON`},
		// With the default layout, what the admin config may no longer grant.
		{"pod priority default bypass", `"runtimeConfig":{"policyRouting":{"table":100,"priority":1024}}`,
			`policyRouting.priority: 1024 must be after the bypass rules (priorities.exclude 1024)`},
		{"pod priority past main", `"runtimeConfig":{"policyRouting":{"table":100,"priority":32766}}`,
			`policyRouting.priority: 32766 outside 1-32765`},

		{"fwmark layout", `"layout":"fwmark"`, ""},
		{"fwmark default table range", `"layout":"fwmark","table":256`, `table: table 256 outside tableRange 1-255`},
		{"fwmark mask", `"layout":"fwmark","fwmarkMask":"0x0f000000","nftTable":"my_table-1"`, ""},
		{"fwmark mask decimal", `"layout":"fwmark","fwmarkMask":"16711680"`, ""},
		{"fwmark mask zero", `"layout":"fwmark","fwmarkMask":"0"`, `fwmarkMask: invalid mask "0"`},
		{"fwmark mask garbage", `"layout":"fwmark","fwmarkMask":"ff0000"`, `fwmarkMask: invalid mask "ff0000"`},
		{"fwmark mask too wide", `"layout":"fwmark","fwmarkMask":"0x1ffffffff"`, `fwmarkMask: invalid mask "0x1ffffffff"`},
		{"fwmark mask holes", `"layout":"fwmark","fwmarkMask":"0x00ff00ff"`, `fwmarkMask: mask "0x00ff00ff" is not one contiguous run of bits`},
		{"fwmark range too big", `"layout":"fwmark","tableRange":{"min":100,"max":400}`,
			`tableRange: 100-400 holds 301 tables but fwmarkMask 0x00ff0000 has room for 255 marks`},
		{"fwmark range fits", `"layout":"fwmark","fwmarkMask":"0x0000ff00","tableRange":{"min":1000,"max":1254}`, ""},
		{"fwmark bad table name", `"layout":"fwmark","nftTable":"9x y"`, `nftTable: invalid nftables table name "9x y"`},
		{"fwmark keyword table name", `"layout":"fwmark","nftTable":"ip"`, `nftTable: "ip" is an nft keyword`},
		{"fwmark table name like a keyword", `"layout":"fwmark","nftTable":"nat"`, ""},
		{"mask without fwmark", `"fwmarkMask":"0xff0000"`, `fwmarkMask: "0xff0000" is only used with layout "fwmark"`},
		{"nft table without fwmark", `"layout":"aws","nftTable":"t"`, `nftTable: "t" is only used with layout "fwmark"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conf := `{"cniVersion":"1.1.0","name":"n","type":"iproute",` + tc.conf + `}`
			_, _, _, err := Load([]byte(conf))
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
				t.Fatalf("error = %v, want prefix %q", err, tc.err)
			}
		})
	}
}

// TestMalformedRuntimeConfigKeepsNodeConfig: DEL and GC need only the
// node config, so a runtimeConfig strict decoding refuses must not stop
// Parse; PodConfig reports it, as api.ErrInvalid.
func TestMalformedRuntimeConfigKeepsNodeConfig(t *testing.T) {
	nc, err := Parse([]byte(`{"name":"n","table":100,"runtimeConfig":{"routeEntries":[{"destination":"10.0.0.0/8","dev":"a","dev":"b"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := NodeConfig(nc)
	if err != nil || cfg.Table != 100 {
		t.Fatalf("NodeConfig = %+v, %v", cfg, err)
	}
	if _, err := PodConfig(cfg, nc.RuntimeConfig); !errors.Is(err, api.ErrInvalid) || !strings.Contains(err.Error(), `given twice`) {
		t.Fatalf("PodConfig error = %v", err)
	}
}

func TestPodPolicyOverridesNode(t *testing.T) {
	_, pod := mustLoad(t, `{"name":"n","table":100,"hostInterface":"br0",
		"runtimeConfig":{"policyRouting":{"table":101,"priority":2000,"hostRoute":true,"hostInterface":"veth1","excludeCIDRs":["198.51.100.0/24"]}}}`)
	if pod.Table != 101 || pod.Priority != 2000 || !pod.HostRoute || pod.HostInterface != "veth1" || len(pod.ExcludeCIDRs) != 1 {
		t.Fatalf("pod = %+v", pod)
	}
	_, pod = mustLoad(t, `{"name":"n","table":100,"hostRoute":true,"runtimeConfig":{"policyRouting":{}}}`)
	if pod.Table != 100 || !pod.HostRoute {
		t.Fatalf("node defaults not applied: %+v", pod)
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"cniVersion":"1.1.0","name":"n","runtimeConfig":{"routeEntries":[{"destination":"10.0.0.0/8","gateway":"drop"}]}}`))
	f.Add([]byte(`{"name":"n","layout":"aws","table":100,"excludeCIDRs":["2001:db8::/32"],"priorities":{"to":1,"exclude":2,"from":3}}`))
	f.Add([]byte(`{"name":"n","runtimeConfig":{"policyRouting":{"table":7,"priority":2000,"excludeCIDRs":["192.0.2.0/24"],"hostRoute":true}}}`))
	f.Add([]byte(`{"runtimeConfig":{"routeEntries":[{"destination":"::/0","gateway":"fe80::1","type":"unicast","mtu":1500,"metric":5,"table":9,"src":"2001:db8::1","dev":"eth0"}]}}`))
	f.Add([]byte(`{"name":"n","layout":"fwmark","fwmarkMask":"0xff00","tableRange":{"min":10,"max":20},"runtimeConfig":{"policyRouting":{"table":20,"excludeCIDRs":["192.0.2.0/24","192.0.2.0/25"]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, cfg, pod, err := Load(data)
		if err != nil {
			return
		}
		// A valid config must build a plan whose objects respect it.
		addrs := []netip.Prefix{netip.MustParsePrefix("192.0.2.10/24"), netip.MustParsePrefix("2001:db8::10/64")}
		plan := BuildPlan(cfg, pod, addrs, "eth0", "veth0")
		for _, r := range concatRules(plan.Rules, plan.Shared) {
			if !cfg.PriorityRange.contains(r.Priority) || r.Priority >= mainPriority {
				t.Fatalf("rule %s outside priority range %s", r, cfg.PriorityRange)
			}
			if r.Table != tableMain && r.Table != pod.Table {
				t.Fatalf("rule %s uses a table nobody asked for", r)
			}
			if r.Src.IsValid() && r.Dst.IsValid() && r.Src.Addr().Is4() != r.Dst.Addr().Is4() {
				t.Fatalf("rule %s mixes families", r)
			}
		}
		for _, r := range plan.PodRoutes {
			if r.Gateway.IsValid() && r.Gateway.Is4() != r.Dst.Addr().Is4() {
				t.Fatalf("route %s mixes families", r)
			}
			if r.Type != TypeUnicast && (r.Gateway.IsValid() || r.Dev != "") {
				t.Fatalf("route %s: gateway or dev on a %s route", r, r.Type)
			}
		}
		for _, m := range plan.Marks {
			if m.Value == 0 || m.Value&^cfg.FwmarkMask != 0 || m.Table != pod.Table {
				t.Fatalf("mark %s outside mask %#x or for the wrong table", m, cfg.FwmarkMask)
			}
		}
		if _, err := json.Marshal(plan); err != nil {
			t.Fatal(err)
		}
	})
}

func concatRules(a, b []Rule) []Rule { return append(append([]Rule(nil), a...), b...) }

func TestCheckAddrsWithOthersToMain(t *testing.T) {
	cfg, pod := mustLoad(t, `{"name":"n","othersToMain":true,"podCIDRs":["192.0.2.0/24"],"table":100}`)
	if err := cfg.CheckAddrs(pod, prefixes("192.0.2.10/24", "2001:db8::10/64")); err != nil {
		t.Fatalf("address inside the pod CIDR (and a family without one): %v", err)
	}
	err := cfg.CheckAddrs(pod, prefixes("198.51.100.10/24"))
	want := "podCIDRs: pod address 198.51.100.10 is outside 192.0.2.0/24; with othersToMain its traffic would bypass table 100"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %q", err, want)
	}
}
