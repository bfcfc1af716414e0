package policy

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// egressConfig: two declared addresses (one v6), pools on both, a
// namespace allowed one explicit range and two pools.
const egressConfig = `
egress:
  addresses:
  - {address: 203.0.113.10, interface: eth0, manage: true}
  - {address: 203.0.113.11}
  - {address: "2001:db8::10", interface: eth0, manage: true}
  pools:
  - {name: web, address: 203.0.113.10, ports: "20000-20099", blockSize: 25}
  - {name: batch, address: 203.0.113.10, ports: "30000-30009", blockSize: 4}
  - {name: v6, address: "2001:db8::10", ports: "20000-29999", blockSize: 100, shared: true}
namespaces:
- namespaces: [team-a]
  allow:
    masq:
      externals: ["203.0.113.10:5000-5999", "203.0.113.11", "203.0.113.12", "198.51.100.1", masquerade]
      pools: [web, v6]
      destinations: ["0.0.0.0/0", "::/0"]
- namespaces: [team-b]
  allow:
    masq:
      pools: [batch]
      destinations: ["0.0.0.0/0"]
`

func TestEgressConfigDefaults(t *testing.T) {
	cfg := mustConfig(t, egressConfig)
	e := cfg.Egress
	if e.NodeAddresses != NodeAddressesDeny || e.StateDir != DefaultEgressStateDir || e.AttributionLog != DefaultEgressAttributionLog {
		t.Errorf("defaults: %q %q %q", e.NodeAddresses, e.StateDir, e.AttributionLog)
	}
	p := e.Pool("web")
	if lo, hi := p.PortRange(); p.Addr() != netip.MustParseAddr("203.0.113.10") || lo != 20000 || hi != 20099 || p.NumBlocks() != 4 {
		t.Errorf("pool web: %+v", p)
	}
	if _, _, ok := p.Unused(); ok {
		t.Errorf("web: blockSize 25 divides 100 ports")
	}
	if lo, hi, ok := e.Pool("batch").Unused(); !ok || lo != 30008 || hi != 30009 {
		t.Errorf("batch Unused = %d-%d %t, want 30008-30009", lo, hi, ok)
	}
	w := e.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "egress.pools[1] (batch)") || !strings.Contains(w[0], "ports 30008-30009 unused") {
		t.Errorf("Warnings = %q", w)
	}
	if !e.SharedAddr(netip.MustParseAddr("2001:db8::10")) || e.SharedAddr(netip.MustParseAddr("203.0.113.10")) {
		t.Errorf("SharedAddr wrong")
	}
	if e.Declared(netip.MustParseAddr("203.0.113.11")) == nil || e.Declared(netip.MustParseAddr("203.0.113.12")) != nil {
		t.Errorf("Declared wrong")
	}
	// Without the section: no egress config, and nothing of it applies.
	if mustConfig(t, testConfig).Egress != nil {
		t.Errorf("Egress set without a section")
	}
}

// TestEgressConfigErrors: every refusal names the field and the value.
func TestEgressConfigErrors(t *testing.T) {
	base := func(egress string) string { return "egress:\n" + egress }
	addrs := "  addresses: [{address: 203.0.113.10}, {address: \"2001:db8::10\"}]\n"
	tests := []struct {
		name, cfg, err string
	}{
		{"bad nodeAddresses", base("  nodeAddresses: maybe\n"), `egress.nodeAddresses: "maybe" is not allow or deny`},
		{"relative stateDir", base("  stateDir: egress\n"), `egress.stateDir: "egress" is not an absolute path`},
		{"relative log", base("  attributionLog: a.jsonl\n"), `egress.attributionLog: "a.jsonl"`},
		{"bad address", base("  addresses: [{address: 203.0.113.300}]\n"), `egress.addresses[0].address: "203.0.113.300" is not a unicast`},
		{"loopback address", base("  addresses: [{address: 127.0.0.1}]\n"), `egress.addresses[0].address: "127.0.0.1"`},
		{"mapped address", base("  addresses: [{address: \"::ffff:203.0.113.1\"}]\n"), `egress.addresses[0].address: "::ffff:203.0.113.1"`},
		{"duplicate address", base("  addresses: [{address: \"2001:db8::1\"}, {address: \"2001:DB8::1\"}]\n"), "egress.addresses[1].address: 2001:db8::1 declared twice"},
		{"manage without interface", base("  addresses: [{address: 203.0.113.10, manage: true}]\n"), "egress.addresses[0].interface: required when manage is true (address 203.0.113.10)"},
		{"managed and routed", base("  addresses: [{address: 203.0.113.10, interface: eth0, manage: true, routed: true}]\n"), "egress.addresses[0].routed: true is for addresses diktyo does not manage (address 203.0.113.10 has manage: true)"},
		{"bad interface", base("  addresses: [{address: 203.0.113.10, interface: \"a/b\"}]\n"), `egress.addresses[0].interface: invalid interface name "a/b"`},
		{"bad pool name", base(addrs + "  pools: [{name: Web, address: 203.0.113.10, ports: 2000-2009, blockSize: 5}]\n"), `egress.pools[0].name: "Web" is not a DNS label`},
		{"empty pool name", base(addrs + "  pools: [{address: 203.0.113.10, ports: 2000-2009, blockSize: 5}]\n"), `egress.pools[0].name: "" is not a DNS label`},
		{"duplicate pool", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 2000-2009, blockSize: 5}, {name: a, address: \"2001:db8::10\", ports: 2000-2009, blockSize: 5}]\n"),
			`egress.pools[1].name: "a" is also the name of pools[0]`},
		{"undeclared pool address", base(addrs + "  pools: [{name: a, address: 203.0.113.99, ports: 2000-2009, blockSize: 5}]\n"),
			"egress.pools[0].address: 203.0.113.99 is not a declared egress address"},
		{"privileged ports", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 1000-2009, blockSize: 5}]\n"), `egress.pools[0].ports: "1000-2009": want 1024 <= lo <= hi <= 65535`},
		{"reversed ports", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 3000-2009, blockSize: 5}]\n"), `egress.pools[0].ports: "3000-2009": want 1024`},
		{"port too big", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 3000-65536, blockSize: 5}]\n"), `egress.pools[0].ports: "3000-65536" is not a range`},
		{"single port", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: \"3000\", blockSize: 1}]\n"), `egress.pools[0].ports: "3000" is not a range`},
		{"signed port", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: \"+3000-4000\", blockSize: 1}]\n"), `egress.pools[0].ports: "+3000-4000" is not a range`},
		{"zero block", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 2000-2009, blockSize: 0}]\n"), "egress.pools[0].blockSize: 0 is not between 1 and the 10 ports of 2000-2009"},
		{"block too big", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 2000-2009, blockSize: 11}]\n"), "egress.pools[0].blockSize: 11 is not between 1 and the 10 ports"},
		{"pools overlap", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 2000-2009, blockSize: 5}, {name: b, address: 203.0.113.10, ports: 2009-2100, blockSize: 5}]\n"),
			`egress.pools[1].ports: 2009-2100 of pool "b" overlaps ports 2000-2009 of pool "a" on 203.0.113.10: pool blocks must never clash`},
		{"shared disagrees", base(addrs + "  pools: [{name: a, address: 203.0.113.10, ports: 2000-2009, blockSize: 5, shared: true}, {name: b, address: 203.0.113.10, ports: 3000-3009, blockSize: 5}]\n"),
			`egress.pools[1].shared: false, but pool "a" on the same address 203.0.113.10 says true`},
		{"unknown field", base("  adresses: []\n"), `unknown field "adresses"`},
		{"pool allowlist without section", "namespaces: [{namespaces: [a], allow: {masq: {pools: [web], destinations: [0.0.0.0/0]}}}]",
			`namespaces[0].allow.masq.pools: ["web"] needs an egress section`},
		{"unknown pool allowed", base(addrs) + "namespaces: [{namespaces: [a], allow: {masq: {pools: [web], destinations: [0.0.0.0/0]}}}]",
			`namespaces[0].allow.masq.pools[0]: "web" is not a pool of egress.pools`},
		{"explicit range overlaps pool", base(addrs+"  pools: [{name: web, address: 203.0.113.10, ports: 2000-2099, blockSize: 10}]\n") +
			"namespaces: [{namespaces: [a], allow: {masq: {externals: [\"203.0.113.10:1500-2000\"], destinations: [0.0.0.0/0]}}}]",
			`namespaces[0].allow.masq.externals[0]: "203.0.113.10:1500-2000" overlaps pool "web" (203.0.113.10 ports 2000-2099): pool blocks must never clash`},
		{"explicit any-port overlaps pool", base(addrs+"  pools: [{name: web, address: \"2001:db8::10\", ports: 2000-2099, blockSize: 10}]\n") +
			"namespaces: [{namespaces: [a], allow: {masq: {externals: [\"2001:db8::10\"], destinations: [\"::/0\"]}}}]",
			`namespaces[0].allow.masq.externals[0]: "2001:db8::10" overlaps pool "web"`},
		{"default SNAT on pool address", base(addrs+"  pools: [{name: web, address: 203.0.113.10, ports: 2000-2099, blockSize: 10}]\n") +
			"defaults: {snat: {defaultAction: snat, defaultExternal: 203.0.113.10}}",
			`defaults.snat.defaultExternal: 203.0.113.10 is the address of pool "web"`},
		{"default SNAT undeclared", base(addrs) + "defaults: {snat: {defaultAction: snat, defaultExternal: 203.0.113.1}}",
			"defaults.snat.defaultExternal: 203.0.113.1 is not a declared egress address (egress.addresses) and egress.nodeAddresses is deny"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tt.cfg))
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseConfig error = %v\nwant containing %q", err, tt.err)
			}
		})
	}
	// Accepted: explicit ranges outside the pools' ports on their address,
	// a default SNAT address that is a node address when those are allowed.
	mustConfig(t, base(addrs+"  nodeAddresses: allow\n  pools: [{name: web, address: 203.0.113.10, ports: 2000-2099, blockSize: 10}]\n")+
		"defaults: {snat: {defaultAction: snat, defaultExternal: 192.0.2.7}}\n"+
		"namespaces: [{namespaces: [a], allow: {masq: {externals: [\"203.0.113.10:1024-1999\", \"203.0.113.10:2100\"], destinations: [0.0.0.0/0]}}}]")
}

func fixedNode(addrs ...string) NodeAddresses {
	return NodeAddressesFunc(func() ([]netip.Addr, error) {
		var out []netip.Addr
		for _, a := range addrs {
			out = append(out, netip.MustParseAddr(a))
		}
		return out, nil
	})
}

func masqAnn(entries ...string) map[string]string {
	return map[string]string{KeyMasq: "[" + strings.Join(entries, ",") + "]"}
}

// TestEgressAdmission walks each admission rule of the egress section.
func TestEgressAdmission(t *testing.T) {
	deny := mustConfig(t, egressConfig)
	deny.SetNodeAddresses(fixedNode("198.51.100.1"))
	allow := mustConfig(t, strings.Replace(egressConfig, "egress:\n", "egress:\n  nodeAddresses: allow\n", 1))
	allow.SetNodeAddresses(fixedNode("198.51.100.1", "10.0.0.5"))
	broken := mustConfig(t, strings.Replace(egressConfig, "egress:\n", "egress:\n  nodeAddresses: allow\n", 1))
	broken.SetNodeAddresses(NodeAddressesFunc(func() ([]netip.Addr, error) { return nil, errors.New("netlink says no") }))
	podA := Pod{Namespace: "team-a", Name: "web-1", UID: "u1"}
	podB := Pod{Namespace: "team-b", Name: "job-1", UID: "u2"}
	tests := []struct {
		name string
		cfg  *Config
		pod  Pod
		ann  map[string]string
		deny string // "" allowed
	}{
		{"declared explicit", deny, podA, masqAnn(`{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp"}`), ""},
		{"declared any port", deny, podA, masqAnn(`{"external":"203.0.113.11","destination":"198.51.100.0/24"}`), ""},
		{"masquerade unaffected", deny, podA, masqAnn(`{"external":"masquerade","destination":"198.51.100.0/24"}`), ""},
		{"allowlisted but not owned", deny, podA, masqAnn(`{"external":"203.0.113.12","destination":"198.51.100.0/24"}`),
			`[0]: external "203.0.113.12": 203.0.113.12 is not a declared egress address of this node (egress.addresses; egress.nodeAddresses is deny)`},
		{"node address denied", deny, podA, masqAnn(`{"external":"198.51.100.1","destination":"198.51.100.0/24"}`),
			`external "198.51.100.1": 198.51.100.1 is not a declared egress address`},
		{"node address allowed", allow, podA, masqAnn(`{"external":"198.51.100.1","destination":"198.51.100.0/24"}`), ""},
		{"not a node address", allow, podA, masqAnn(`{"external":"203.0.113.12","destination":"198.51.100.0/24"}`),
			`external "203.0.113.12": 203.0.113.12 is neither a declared egress address (egress.addresses) nor an address of this node`},
		{"declared needs no node lookup", broken, podA, masqAnn(`{"external":"203.0.113.11","destination":"198.51.100.0/24"}`), ""},
		{"pool allowed", deny, podA, masqAnn(`{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}`), ""},
		{"pool v6 allowed", deny, podA, masqAnn(`{"external":"pool:v6","destination":"2001:db8:1::/48","protocol":"udp"}`), ""},
		{"pool family", deny, podA, masqAnn(`{"external":"pool:v6","destination":"198.51.100.0/24","protocol":"udp"}`),
			`[0]: pool "v6" is on 2001:db8::10, not of the family of destination 198.51.100.0/24`},
		{"pool not allowed", deny, podA, masqAnn(`{"external":"pool:batch","destination":"198.51.100.0/24","protocol":"tcp"}`),
			`[0]: pool "batch" is not in the allowed pools ([web v6])`},
		{"pool other namespace", deny, podB, masqAnn(`{"external":"pool:batch","destination":"198.51.100.0/24","protocol":"tcp"}`), ""},
		{"pool unknown", deny, podA, masqAnn(`{"external":"pool:nope","destination":"198.51.100.0/24","protocol":"tcp"}`), `pool "nope" is not in the allowed pools`},
		{"explicit where only pools", deny, podB, masqAnn(`{"external":"203.0.113.11","destination":"198.51.100.0/24"}`), "not in the allowed externals"},
		{"pool without namespace rule", deny, Pod{Namespace: "x", Name: "y"}, masqAnn(`{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}`), "may not use"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pol, err := Decide(tt.cfg, tt.pod, tt.ann)
			if tt.deny == "" {
				if err != nil {
					t.Fatalf("Decide: %v", err)
				}
				if pol == nil || len(pol.MasqEntries) != 1 {
					t.Fatalf("policy %+v", pol)
				}
				return
			}
			if err == nil || !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), tt.deny) {
				t.Fatalf("Decide error = %v\nwant ErrDenied containing %q", err, tt.deny)
			}
			var ae *AnnotationError
			if !errors.As(err, &ae) || ae.Key != KeyMasq {
				t.Errorf("error %v is not an AnnotationError of %s", err, KeyMasq)
			}
		})
	}
	// A failed lookup of the node's addresses is no verdict: ErrUnknown,
	// never ErrDenied (reconcile would take it for the admin's revocation
	// and strip the running pod).
	_, err := Decide(broken, podA, masqAnn(`{"external":"198.51.100.1","destination":"198.51.100.0/24"}`))
	var ae *AnnotationError
	if !errors.Is(err, ErrUnknown) || errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), "netlink says no") ||
		!errors.As(err, &ae) || ae.Key != KeyMasq {
		t.Errorf("node addresses unknown: %v; want an AnnotationError of %s wrapping ErrUnknown, not ErrDenied", err, KeyMasq)
	}
	// Without an egress section, a pool is refused by the allowlist (no
	// pool can be allowed), and externals are not checked for ownership.
	plain := mustConfig(t, testConfig)
	plain.SetNodeAddresses(fixedNode())
	if _, err := Decide(plain, Pod{Namespace: "team-a", Name: "w"}, masqAnn(`{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}`)); !errors.Is(err, ErrDenied) ||
		!strings.Contains(err.Error(), "no pools are allowed") {
		t.Errorf("pool without egress section: %v", err)
	}
	if _, err := Decide(plain, Pod{Namespace: "team-a", Name: "w"}, masqAnn(`{"external":"203.0.113.11","destination":"198.51.100.0/24"}`)); err != nil {
		t.Errorf("no egress section: %v", err)
	}
}

// TestEgressDefaultExternalAdmission: with nodeAddresses allow, the node's
// default SNAT address may be undeclared; it is then checked for every
// pod, annotated or not, against the node's addresses.
func TestEgressDefaultExternalAdmission(t *testing.T) {
	y := strings.Replace(egressConfig, "egress:\n", "egress:\n  nodeAddresses: allow\n", 1) +
		"defaults: {snat: {defaultAction: snat, defaultExternal: 192.0.2.7}}\n"
	cfg := mustConfig(t, y)
	pod := Pod{Namespace: "team-c", Name: "w", UID: "u"}
	cfg.SetNodeAddresses(fixedNode("192.0.2.7"))
	if pol, err := Decide(cfg, pod, nil); err != nil || pol.SNATPolicy == nil || pol.SNATPolicy.DefaultExternal != "192.0.2.7" {
		t.Fatalf("owned default: %+v, %v", pol, err)
	}
	cfg.SetNodeAddresses(fixedNode("192.0.2.8"))
	_, err := Decide(cfg, pod, nil)
	if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), `defaults.snat.defaultExternal "192.0.2.7": 192.0.2.7 is neither a declared egress address`) {
		t.Fatalf("default no longer owned: %v", err)
	}
	cfg.SetNodeAddresses(NodeAddressesFunc(func() ([]netip.Addr, error) { return nil, errors.New("netlink says no") }))
	if _, err := Decide(cfg, pod, nil); !errors.Is(err, ErrUnknown) || errors.Is(err, ErrDenied) {
		t.Fatalf("default, node addresses unknown: %v; want ErrUnknown, not ErrDenied", err)
	}
	// Declared: no lookup needed (203.0.113.13 is an address no
	// allowlist gives pods: the default takes all its ports).
	y = strings.Replace(egressConfig, "egress:\n", "egress:\n  nodeAddresses: allow\n", 1) +
		"defaults: {snat: {defaultAction: snat, defaultExternal: 203.0.113.13}}\n"
	y = strings.Replace(y, "  - {address: 203.0.113.11}\n", "  - {address: 203.0.113.11}\n  - {address: 203.0.113.13}\n", 1)
	cfg = mustConfig(t, y)
	cfg.SetNodeAddresses(NodeAddressesFunc(func() ([]netip.Addr, error) { return nil, errors.New("not called") }))
	if _, err := Decide(cfg, pod, nil); err != nil {
		t.Fatalf("declared default: %v", err)
	}
}

func TestPolicyResolvePools(t *testing.T) {
	cfg := mustConfig(t, egressConfig)
	pol, err := Decide(cfg, Pod{Namespace: "team-a", Name: "w", UID: "u"}, masqAnn(
		`{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}`,
		`{"external":"203.0.113.11","destination":"192.0.2.0/24"}`,
		`{"external":"pool:web","destination":"192.0.2.0/24","protocol":"udp"}`,
		`{"external":"pool:v6","destination":"2001:db8:1::/48","protocol":"udp"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := pol.Pools(); fmt.Sprint(got) != "[web v6]" {
		t.Errorf("Pools = %v", got)
	}
	calls := 0
	blocks := map[string]string{"web": "203.0.113.10:20025-20049", "v6": "[2001:db8::10]:20100-20199"}
	failing := *pol
	if err := failing.ResolvePools(func(string) (api.External, error) { return api.External{}, errors.New("exhausted") }); err == nil ||
		!strings.Contains(err.Error(), `masq[0]: pool "web": exhausted`) || failing.MasqEntries[0].External != "pool:web" {
		t.Errorf("failing ResolvePools = %v, %+v", err, failing.MasqEntries)
	}
	if err := pol.ResolvePools(func(p string) (api.External, error) {
		calls++
		return api.ParseExternal(blocks[p])
	}); err != nil || calls != 2 {
		t.Fatalf("ResolvePools = %v, %d calls", err, calls)
	}
	want := []string{"203.0.113.10:20025-20049", "203.0.113.11", "203.0.113.10:20025-20049", "[2001:db8::10]:20100-20199"}
	for i, e := range pol.MasqEntries {
		if e.External != want[i] {
			t.Errorf("entry %d external %q, want %q", i, e.External, want[i])
		}
	}
	// What the chain gets parses as ipmasq parses it.
	if _, err := api.ParseMasqEntries("masqEntries", pol.MasqEntries, api.Lenient); err != nil {
		t.Errorf("resolved entries: %v", err)
	}
	if len(pol.Pools()) != 0 {
		t.Errorf("Pools after resolving = %v", pol.Pools())
	}
	bad := &Policy{MasqEntries: []api.MasqEntry{{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "tcp"}}}
	if err := bad.ResolvePools(func(string) (api.External, error) { return api.ParseExternal("203.0.113.10") }); err == nil {
		t.Errorf("resolving to an address without ports accepted")
	}
}

// TestInterfaceAddresses: the default lists at least a loopback address.
func TestInterfaceAddresses(t *testing.T) {
	addrs, err := InterfaceAddresses.NodeAddresses()
	if err != nil {
		t.Skip(err)
	}
	for _, a := range addrs {
		if a.IsLoopback() {
			return
		}
	}
	t.Errorf("no loopback address in %v", addrs)
}

// FuzzEgressPools: whatever pools config the parser accepts holds the
// invariants the allocator relies on: pool addresses declared, blocks
// inside 1024-65535 and inside the range, no two pools overlapping on an
// address, unique names.
func FuzzEgressPools(f *testing.F) {
	f.Add("web", "203.0.113.10", "20000-20099", 25, "b", "203.0.113.10", "20100-20199", 7)
	f.Add("a", "2001:db8::10", "1024-65535", 1, "a", "2001:db8::10", "1024-1024", 1)
	f.Add("x", "203.0.113.10", "20000-20099", 25, "y", "203.0.113.10", "20050-20050", 1)
	f.Add("x", "203.0.113.9", "+2-3", 0, "Y", "", "-", -1)
	f.Fuzz(func(t *testing.T, n1, a1, p1 string, b1 int, n2, a2, p2 string, b2 int) {
		y := fmt.Sprintf("egress:\n  addresses: [{address: 203.0.113.10}, {address: \"2001:db8::10\"}]\n  pools:\n  - {name: %q, address: %q, ports: %q, blockSize: %d}\n  - {name: %q, address: %q, ports: %q, blockSize: %d}\n",
			n1, a1, p1, b1, n2, a2, p2, b2)
		cfg, err := ParseConfig([]byte(y))
		if err != nil {
			return
		}
		e := cfg.Egress
		for i := range e.Pools {
			p := &e.Pools[i]
			lo, hi := p.PortRange()
			if e.Declared(p.Addr()) == nil || lo < MinPoolPort || lo > hi || p.NumBlocks() < 1 ||
				int(lo)+p.NumBlocks()*p.BlockSize-1 > int(hi) || !api.ValidPoolName(p.Name) {
				t.Fatalf("accepted bad pool %+v", p)
			}
		}
		p, q := &e.Pools[0], &e.Pools[1]
		plo, phi := p.PortRange()
		qlo, qhi := q.PortRange()
		if p.Name == q.Name || p.Addr() == q.Addr() && plo <= qhi && qlo <= phi {
			t.Fatalf("accepted clashing pools %+v %+v", p, q)
		}
	})
}

// TestDefaultExternalSharedRefused (issue 19, part 5a): the node's
// default SNAT address takes every port of its address for every pod's
// other flows; an allowlist that lets pods claim ports of it is refused
// at load, naming both; one on another address is not.
func TestDefaultExternalSharedRefused(t *testing.T) {
	base := "namespaces:\n- namespaces: [team-a]\n  allow:\n    masq:\n      externals: [%s]\n      destinations: [\"0.0.0.0/0\"]\n" +
		"defaults: {snat: {defaultAction: snat, defaultExternal: 203.0.113.1}}\n"
	for _, tc := range []struct{ externals, err string }{
		{`"203.0.113.1:5000-5010"`, `namespaces[0].allow.masq.externals[0]: "203.0.113.1:5000-5010" shares ports with defaults.snat.defaultExternal "203.0.113.1"`},
		{`"203.0.113.2", "203.0.113.1"`, `externals[1]: "203.0.113.1" shares ports`},
		{`"203.0.113.2:5000-5010", masquerade`, ""},
	} {
		_, err := ParseConfig([]byte(fmt.Sprintf(base, tc.externals)))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("externals %s: %v", tc.externals, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("externals %s: %v, want %q", tc.externals, err, tc.err)
		}
	}
}
