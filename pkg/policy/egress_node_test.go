package policy

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// perNodeConfig: pool web is 203.0.113.10 on zone-a nodes, 203.0.113.20
// on zone-b nodes; 203.0.113.30 is every node's.
const perNodeConfig = `
egress:
  addresses:
  - {address: 203.0.113.10, interface: eth0, manage: true, nodeSelector: {topology.kubernetes.io/zone: a}}
  - {address: 203.0.113.20, interface: eth0, manage: true, nodeSelector: {topology.kubernetes.io/zone: b}}
  - {address: 203.0.113.30, interface: eth0, manage: true}
  pools:
  - {name: web, address: 203.0.113.10, ports: "20000-20099", blockSize: 25}
  - {name: web, address: 203.0.113.20, ports: "20000-20099", blockSize: 25}
  - {name: all, address: 203.0.113.30, ports: "20000-20099", blockSize: 25}
namespaces:
- namespaces: [team-a]
  allow:
    masq:
      externals: ["203.0.113.10:5000-5999", "203.0.113.20:5000-5999"]
      pools: [web, all]
      destinations: ["0.0.0.0/0"]
`

func zone(z string) NodeLabels {
	return NodeLabels{Known: true, Labels: map[string]string{"topology.kubernetes.io/zone": z, "kubernetes.io/os": "linux"}}
}

// TestSelectNode: each node gets its own address behind pool web; an
// address of another node is refused as not declared here; until the
// labels are known, a pod asking for a per-node entry gets no verdict
// (ErrUnknown), while the entries without a selector work at once.
func TestSelectNode(t *testing.T) {
	pod := Pod{Namespace: "team-a", Name: "web-1", UID: "u1"}
	pool := masqAnn(`{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}`)
	all := masqAnn(`{"external":"pool:all","destination":"198.51.100.0/24","protocol":"tcp"}`)
	explicitA := masqAnn(`{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp"}`)
	for _, tt := range []struct {
		labels   NodeLabels
		web      string // pool web's address here, "" none
		explicit string // "" admitted, else the refusal
		unknown  bool
	}{
		{zone("a"), "203.0.113.10", "", false},
		{zone("b"), "203.0.113.20", "203.0.113.10 is not a declared egress address of this node", false},
		{zone("c"), "", "203.0.113.10 is not a declared egress address of this node", false},
		{NodeLabels{Known: true}, "", "203.0.113.10 is not a declared egress address of this node", false},
		{NodeLabels{}, "", "", true},
	} {
		t.Run(tt.labels.String(), func(t *testing.T) {
			cfg := mustConfig(t, perNodeConfig)
			if err := cfg.SelectNode(tt.labels); err != nil {
				t.Fatal(err)
			}
			if p := cfg.Egress.Pool("web"); (p == nil) != (tt.web == "") || (p != nil && p.Addr().String() != tt.web) {
				t.Fatalf("pool web: %+v, want address %q", p, tt.web)
			}
			if _, err := Decide(cfg, pod, all); err != nil {
				t.Errorf("pool all (no selector): %v", err)
			}
			_, err := Decide(cfg, pod, pool)
			switch {
			case tt.unknown:
				if !errors.Is(err, ErrUnknown) || errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), "labels are not known yet") {
					t.Errorf("pool web, labels unknown: %v, want ErrUnknown", err)
				}
			case tt.web == "":
				if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), `pool "web" is not this node's`) {
					t.Errorf("pool web on a node without it: %v", err)
				}
			case err != nil:
				t.Errorf("pool web: %v", err)
			}
			_, err = Decide(cfg, pod, explicitA)
			switch {
			case tt.unknown:
				if !errors.Is(err, ErrUnknown) {
					t.Errorf("explicit 203.0.113.10, labels unknown: %v, want ErrUnknown", err)
				}
			case tt.explicit == "":
				if err != nil {
					t.Errorf("explicit 203.0.113.10: %v", err)
				}
			case err == nil || !strings.Contains(err.Error(), tt.explicit):
				t.Errorf("explicit 203.0.113.10: %v, want %q", err, tt.explicit)
			}
			if d := cfg.Egress.Declared(netip.MustParseAddr("203.0.113.10")); (d != nil) != (tt.web == "203.0.113.10") {
				t.Errorf("Declared(203.0.113.10) = %v", d)
			}
		})
	}
}

func TestSelectNodeErrors(t *testing.T) {
	for _, tt := range []struct{ name, cfg, want string }{
		{"same name without selectors", strings.Replace(perNodeConfig, ", nodeSelector: {topology.kubernetes.io/zone: b}", "", 1),
			`egress.pools[1].name: "web" is also the name of pools[0] (one name may be given to several pools only on different addresses that each have a nodeSelector`},
		{"bad key", strings.Replace(perNodeConfig, "topology.kubernetes.io/zone: b", "\"-bad\": b", 1), `egress.addresses[1].nodeSelector: "-bad" is not a label key`},
		{"bad value", strings.Replace(perNodeConfig, "topology.kubernetes.io/zone: b", "zone: \"b b\"", 1), `egress.addresses[1].nodeSelector: "b b" of "zone" is not a label value`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseConfig([]byte(tt.cfg)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseConfig: %v, want %q", err, tt.want)
			}
		})
	}
	// Both selectors match one node: refused for that node, naming both.
	cfg := mustConfig(t, perNodeConfig)
	both := NodeLabels{Known: true, Labels: map[string]string{"topology.kubernetes.io/zone": "a"}}
	cfg.Egress.Addresses[1].NodeSelector = map[string]string{"topology.kubernetes.io/zone": "a"}
	if err := cfg.SelectNode(both); err == nil || !strings.Contains(err.Error(), `pool "web" is this node's twice, on 203.0.113.10 and 203.0.113.20`) {
		t.Errorf("two web pools here: %v", err)
	}
}

// TestHasNodeSelectorsAfterSelection: whatever SelectNode set aside, the
// config still says it selects per node (the plugin hashes the labels and
// reloads on their change by it).
func TestHasNodeSelectorsAfterSelection(t *testing.T) {
	for _, n := range []NodeLabels{{}, {Known: true}, zone("a")} {
		cfg := mustConfig(t, perNodeConfig)
		if err := cfg.SelectNode(n); err != nil {
			t.Fatal(err)
		}
		if !cfg.Egress.HasNodeSelectors() {
			t.Errorf("labels %q: HasNodeSelectors false after selection", n.String())
		}
	}
	if mustConfig(t, egressConfig).Egress.HasNodeSelectors() {
		t.Error("a config without nodeSelectors says it has some")
	}
}
