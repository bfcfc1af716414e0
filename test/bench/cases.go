package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Case is one thing measured: a conflist applied to a pod the way a
// runtime applies it. Chained cases get the prevResult a main plugin
// would have produced; "chain" cases run standalone with runtimeConfig
// ips, as diktyo-nri runs them.
type Case struct {
	Key  string // short id: flags, JSON, series names
	Name string // table label
	Ref  bool   // a reference plugin users would otherwise run
	// Upstream says Bins are the upstream plugins the harness builds
	// (BuildUpstream), not Debian's in RefDir.
	Upstream bool
	Bins     []string // plugin binaries it needs
	Tools    []string // other programs it needs (in PATH or /usr/sbin)
	Bare     bool     // the pod must have no eth0 yet (a main plugin makes it)
	// Scale says the case takes part in the pods-on-the-node measurement;
	// NAT says it writes nat rules, so unrelated nat rules may slow it.
	Scale, NAT bool
	// MaxPods caps the preloaded pods (0: no cap), for reference plugins
	// whose preload time grows quadratically.
	MaxPods int
	// Note says what one pod gets, for the tables.
	Note  string
	build func(n *Node, a Attachment) (Op, error)
	// verify, when set, checks after the warm-up ADD that the plugin did
	// its job (for effects the kernel object counts do not show).
	verify func(n *Node, a Attachment) error
}

// podName is the DNS name registerDNS's template gives an attachment.
func podName(a Attachment) string {
	return k8sArgs(a)[2][1] + ".bench." + benchZone
}

// Per-pod request sizes, the same for the diktyo and the reference
// plugins so rule counts are comparable.
const entriesPerPod = 4

// masqEntries is the pod's SNAT request: 4 entries, UDP to the remote
// network SNATed to the router's address (what the packet test checks).
func masqEntries() []map[string]any {
	return []map[string]any{
		{"external": routerWAN.String(), "destination": remoteNet.String(), "protocol": "udp", "description": "bench udp"},
		{"external": routerWAN.String() + ":20000-29999", "destination": remoteNet.String(), "protocol": "tcp", "description": "bench tcp"},
		{"external": routerWAN.String(), "destination": "203.0.113.0/24", "description": "bench doc net"},
		{"external": "masquerade", "destination": "0.0.0.0/0", "description": "bench default"},
	}
}

func ipmasqConf(backend string) map[string]any {
	c := map[string]any{
		"type": "ipmasq", "backend": backend,
		"excludeCIDRs": []string{"10.0.0.0/8"},
		"capabilities": map[string]bool{"masqEntries": true, "snatPolicy": true, "ips": true},
	}
	if backend == "iptables" {
		c["tag"] = "DKTB-SNAT"
	}
	return c
}

func iprouteConf(n *Node, layout string) map[string]any {
	return map[string]any{
		"type": "iproute", "layout": layout,
		"podCIDRs":     []string{podNet.String()},
		"stateDir":     filepath.Join(n.env.RunDir, n.Name, "iproute-"+layout),
		"capabilities": map[string]bool{"routeEntries": true, "policyRouting": true, "ips": true},
	}
}

// iprouteCaps: pod-side routes only for the measured pod (preloaded pods
// share one sandbox; their host-side rules are what loads the node).
func iprouteCaps(a Attachment) map[string]any {
	caps := map[string]any{
		"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"10.0.0.0/8"}},
	}
	if !a.Filler {
		caps["routeEntries"] = []map[string]any{
			{"destination": "203.0.113.0/24", "gateway": podGateway.String(), "description": "bench via node"},
			{"destination": "192.0.2.0/24", "gateway": "drop", "description": "bench blackhole"},
		}
	}
	return caps
}

func registerDNSConf(n *Node) map[string]any {
	return map[string]any{
		"type": "registerDNS", "backend": "hosts",
		"zones":        []string{benchZone},
		"nameTemplate": "{name}.{namespace}.{zone}",
		"hosts":        map[string]any{"file": filepath.Join(n.Dir, "hosts")},
		"capabilities": map[string]bool{"dnsNames": true, "ips": true},
	}
}

// chained builds a case run after a main plugin (prevResult injected).
func chained(plugin func(*Node) map[string]any, caps func(Attachment) map[string]any) func(*Node, Attachment) (Op, error) {
	return func(n *Node, a Attachment) (Op, error) {
		list, err := buildList("bench", prevResult(a), plugin(n))
		if err != nil {
			return Op{}, err
		}
		var c map[string]any
		if caps != nil {
			c = caps(a)
		}
		return Op{List: list, RT: runtimeConf(a, c)}, nil
	}
}

// diktyoChain is ipmasq -> iproute -> registerDNS run standalone with the
// pod's IPs in runtimeConfig, exactly as diktyo-nri runs it; layout is
// iproute's host rule layout.
func diktyoChain(backend, layout string) func(*Node, Attachment) (Op, error) {
	return func(n *Node, a Attachment) (Op, error) {
		list, err := buildList("diktyo", nil, ipmasqConf(backend), iprouteConf(n, layout), registerDNSConf(n))
		if err != nil {
			return Op{}, err
		}
		caps := iprouteCaps(a)
		caps["masqEntries"] = masqEntries()
		caps["ips"] = []string{a.Addr.Addr().String()}
		return Op{List: list, RT: runtimeConf(a, caps)}, nil
	}
}

func portMappings(a Attachment) []map[string]any {
	base := 30000 + (a.Index%8000)*entriesPerPod
	var pm []map[string]any
	for i := range entriesPerPod {
		proto := "tcp"
		if i%2 == 1 {
			proto = "udp"
		}
		pm = append(pm, map[string]any{"hostPort": base + i, "containerPort": 8080 + i, "protocol": proto})
	}
	return pm
}

// portmapConf is portmap with hairpin SNAT; backend "" leaves the key out
// (Debian's package predates backends).
func portmapConf(backend string) map[string]any {
	c := map[string]any{"type": "portmap", "snat": true, "capabilities": map[string]bool{"portMappings": true}}
	if backend != "" {
		c["backend"] = backend
	}
	return c
}

func portmapCaps(a Attachment) map[string]any {
	return map[string]any{"portMappings": portMappings(a)}
}

// bridgeConf is bridge as the gateway of subnet; masqBackend "" leaves
// ipMasqBackend out (Debian's package predates it: iptables only).
func bridgeConf(n *Node, name string, subnet string, masq bool, masqBackend string) map[string]any {
	c := map[string]any{
		"type": "bridge", "bridge": name, "isGateway": true, "ipMasq": masq,
		"ipam": map[string]any{
			"type":    "host-local",
			"ranges":  [][]map[string]string{{{"subnet": subnet}}},
			"dataDir": filepath.Join(n.Dir, "ipam-"+name),
		},
	}
	if masqBackend != "" {
		c["ipMasqBackend"] = masqBackend
	}
	return c
}

// bridgeMasq is the bridge + ipMasq case's build.
func bridgeMasq(masqBackend string) func(*Node, Attachment) (Op, error) {
	return func(n *Node, a Attachment) (Op, error) {
		list, err := buildList("bench", nil, bridgeConf(n, "dkbr0", bridgeNet.String(), true, masqBackend))
		return Op{List: list, RT: runtimeConf(a, nil)}, err
	}
}

// portmapMaxPods caps portmap's preloaded pods: with go-iptables every ADD
// execs iptables several times, each exec reading the whole nat table, so
// preloading grows quadratically.
const portmapMaxPods = 100

// upstreamCases are portmap and bridge + ipMasq of upstreamModule at
// go.mod's version, once per backend: the peers of the Debian cases with
// the same requests, so rule counts and times compare row by row.
func upstreamCases() []Case {
	var cs []Case
	// portmap's nftables backend needs no cap: it never reads the nat
	// table, and its ADD stays flat up to 1,000 pods (about 60 ms each).
	for _, b := range []struct {
		key, name string
		maxPods   int
	}{{"ipt", "iptables", portmapMaxPods}, {"nft", "nftables", 0}} {
		cs = append(cs,
			Case{Key: "portmap-up-" + b.key, Name: upstreamLabel("portmap", b.name),
				Ref: true, Upstream: true, Bins: []string{"portmap"}, Scale: true, NAT: true, MaxPods: b.maxPods,
				Note:  fmt.Sprintf("%d host ports (DNAT + hairpin SNAT)", entriesPerPod),
				build: chained(func(*Node) map[string]any { return portmapConf(b.name) }, portmapCaps)},
			Case{Key: "bridge-masq-up-" + b.key, Name: upstreamLabel("bridge + ipMasq", b.name),
				Ref: true, Upstream: true, Bins: []string{"bridge", "host-local"}, Bare: true, NAT: true,
				Note:  "veth + address + per-pod masquerade",
				build: bridgeMasq(b.name)},
		)
	}
	return cs
}

// Cases lists everything the per-pod and scale sections can measure, the
// reference plugins first (Debian's, then upstream's).
func Cases() []Case {
	masqCaps := func(a Attachment) map[string]any { return map[string]any{"masqEntries": masqEntries()} }
	floorsAndDebian := []Case{
		{Key: "noop", Name: "noop (exec floor)", Bins: []string{"noop"},
			Note:  "nothing: cost of one plugin exec through libcni",
			build: chained(func(*Node) map[string]any { return map[string]any{"type": "noop"} }, nil)},
		{Key: "noop-chain3", Name: "3 × noop (exec floor of a 3-plugin chain)", Bins: []string{"noop"},
			Note: "nothing: what exec'ing a 3-plugin chain costs by itself",
			build: func(n *Node, a Attachment) (Op, error) {
				noop := map[string]any{"type": "noop"}
				list, err := buildList("bench", prevResult(a), noop, noop, noop)
				return Op{List: list, RT: runtimeConf(a, nil)}, err
			}},
		{Key: "portmap", Name: "portmap (Debian, reference)", Ref: true, Bins: []string{"portmap"}, Scale: true, NAT: true, MaxPods: portmapMaxPods,
			Note:  fmt.Sprintf("%d host ports (DNAT + hairpin SNAT)", entriesPerPod),
			build: chained(func(*Node) map[string]any { return portmapConf("") }, portmapCaps)},
		{Key: "bridge", Name: "bridge, no ipMasq (Debian, reference)", Ref: true, Bins: []string{"bridge", "host-local"}, Bare: true,
			Note: "veth + host-local address; baseline for the row below",
			build: func(n *Node, a Attachment) (Op, error) {
				list, err := buildList("bench", nil, bridgeConf(n, "dkbr1", "198.19.136.0/21", false, ""))
				return Op{List: list, RT: runtimeConf(a, nil)}, err
			}},
		{Key: "bridge-masq", Name: "bridge + ipMasq (Debian, reference)", Ref: true, Bins: []string{"bridge", "host-local"}, Bare: true, NAT: true,
			Note:  "veth + address + per-pod masquerade chain",
			build: bridgeMasq("")},
	}
	diktyo := []Case{
		{Key: "ipmasq-ipt", NAT: true, Name: "ipmasq, iptables", Bins: []string{"ipmasq"}, Scale: true,
			Note:  fmt.Sprintf("%d masqEntries + node excludeCIDRs", entriesPerPod),
			build: chained(func(*Node) map[string]any { return ipmasqConf("iptables") }, masqCaps)},
		{Key: "ipmasq-nft", NAT: true, Name: "ipmasq, nftables", Bins: []string{"ipmasq"}, Scale: true,
			Note:  fmt.Sprintf("%d masqEntries + node excludeCIDRs", entriesPerPod),
			build: chained(func(*Node) map[string]any { return ipmasqConf("nftables") }, masqCaps)},
		{Key: "iproute", Name: "iproute (shared layout)", Bins: []string{"iproute"}, Scale: true,
			Note:  "2 pod routes + from-rule to table 100 + 1 bypass CIDR",
			build: chained(func(n *Node) map[string]any { return iprouteConf(n, "shared") }, iprouteCaps)},
		{Key: "iproute-aws", Name: "iproute (aws layout)", Bins: []string{"iproute"},
			Note:  "as above, AWS per-pod rule layout",
			build: chained(func(n *Node) map[string]any { return iprouteConf(n, "aws") }, iprouteCaps)},
		{Key: "dns-hosts", Name: "registerDNS, hosts", Bins: []string{"registerDNS"}, Scale: true,
			Note:  "1 A record in a hosts file",
			build: chained(registerDNSConf, nil),
			verify: func(n *Node, a Attachment) error {
				b, err := os.ReadFile(filepath.Join(n.Dir, "hosts"))
				if err != nil {
					return err
				}
				if !strings.Contains(string(b), a.Addr.Addr().String()) || !strings.Contains(string(b), podName(a)) {
					return fmt.Errorf("hosts file lacks %s %s:\n%s", a.Addr.Addr(), podName(a), b)
				}
				return nil
			}},
		{Key: "dns-rfc2136", Name: "registerDNS, rfc2136 (BIND9 on the node)", Bins: []string{"registerDNS"}, Tools: []string{"named"}, Scale: true,
			Note: "1 A record + owner TXT by TSIG-signed dynamic update",
			build: func(n *Node, a Attachment) (Op, error) {
				srv, err := n.DNS()
				if err != nil {
					return Op{}, err
				}
				conf := map[string]any{
					"type": "registerDNS", "backend": "rfc2136",
					"zones":        []string{benchZone},
					"nameTemplate": "{name}.{namespace}.{zone}",
					"rfc2136":      map[string]any{"server": namedAddr, "tsigSecretFile": srv.keyFile},
					"capabilities": map[string]bool{"dnsNames": true, "ips": true},
				}
				return chained(func(*Node) map[string]any { return conf }, nil)(n, a)
			},
			verify: func(n *Node, a Attachment) error {
				got, err := n.lookupA(podName(a))
				if err != nil {
					return err
				}
				if got != a.Addr.Addr().String() {
					return fmt.Errorf("%s resolves to %q, want %s", podName(a), got, a.Addr.Addr())
				}
				return nil
			}},
		{Key: "chain-ipt", NAT: true, Name: "diktyo chain, iptables (as diktyo-nri runs it)", Bins: []string{"ipmasq", "iproute", "registerDNS"}, Scale: true,
			Note:  "ipmasq → iproute → registerDNS, standalone, runtimeConfig ips",
			build: diktyoChain("iptables", "shared")},
		{Key: "chain-nft", NAT: true, Name: "diktyo chain, nftables (as diktyo-nri runs it)", Bins: []string{"ipmasq", "iproute", "registerDNS"}, Scale: true,
			Note:  "ipmasq → iproute → registerDNS, standalone, runtimeConfig ips",
			build: diktyoChain("nftables", "shared")},
		{Key: "chain-nft-fwmark", NAT: true, Name: "diktyo chain, nftables, iproute fwmark layout", Bins: []string{"ipmasq", "iproute", "registerDNS"}, Scale: true,
			Note:  "as chain-nft, with iproute's per-pod rules replaced by an nftables map (one fwmark rule per table)",
			build: diktyoChain("nftables", "fwmark")},
	}
	return slices.Concat(floorsAndDebian, upstreamCases(), diktyo)
}
