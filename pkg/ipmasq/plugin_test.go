package ipmasq

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

var backends = []string{snat.BackendIPTables, snat.BackendNFTables}

// chainOf names the pod chain of a container on this node's backend;
// on the nftables backend, which has no pod chain, the owner mark every
// element of the pod's carries.
func (n *node) chainOf(containerID string) string {
	id := cniutil.OwnerID("net1", containerID, "eth0")
	if n.backend == snat.BackendNFTables {
		return "owner=" + id
	}
	return iptables.ChainName(id)
}

// TestVerbsAcrossVersions runs ADD, ADD again, CHECK, DEL, DEL again and
// DEL without prevResult or netns, for every supported CNI version and
// both backends, and GC and STATUS where the version has them.
func TestVerbsAcrossVersions(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		for _, version := range cniutil.Versions.SupportedVersions() {
			t.Run(backend+"/"+version, func(t *testing.T) {
				n := newNode(t, backend)
				netns := "/var/run/netns/gone-" + testutil.RandSuffix(8)
				addrs := []string{"198.51.100.7/24", "2001:db8:ff::7/64"}
				conf := n.conf(t, version, map[string]any{
					"runtimeConfig": entries(),
					"prevResult":    prevResult(t, version, netns, addrs...),
				})
				out := n.mustCall(t, "ADD", conf, "c1", netns)
				assertPassesPrevResult(t, out, version, addrs)
				state := n.dump(t)
				assertSeedRules(t, n, state, n.chainOf("c1"))

				n.mustCall(t, "ADD", conf, "c1", netns)
				if again := n.dump(t); again != state {
					t.Fatalf("second ADD changed the state:\n--- first\n%s\n--- second\n%s", state, again)
				}
				if version != "0.3.0" && version != "0.3.1" {
					n.mustCall(t, "CHECK", conf, "c1", netns)
				}
				if version == "1.1.0" {
					n.mustCall(t, "STATUS", conf, "", "")
					checkGC(t, n, version)
				}
				n.mustCall(t, "DEL", conf, "c1", netns)
				if c := strings.Count(n.dump(t), n.chainOf("c1")); c != 0 {
					t.Fatalf("DEL left %d references to %s:\n%s", c, n.chainOf("c1"), n.dump(t))
				}
				n.mustCall(t, "DEL", conf, "c1", netns)
				bare := n.conf(t, version, nil) // no prevResult, no runtimeConfig, netns gone
				n.mustCall(t, "DEL", bare, "c1", netns)
				if version != "0.3.0" && version != "0.3.1" {
					if _, err := n.call("CHECK", conf, "c1", netns); err == nil || !strings.Contains(err.Error(), "missing") {
						t.Fatalf("CHECK after DEL = %v, want missing rules", err)
					}
				}
			})
		}
	}
}

// assertPassesPrevResult checks that ADD printed prevResult unchanged in
// the requested version.
func assertPassesPrevResult(t *testing.T, out, version string, addrs []string) {
	t.Helper()
	var res struct {
		CNIVersion string `json:"cniVersion"`
		IPs        []struct {
			Address string `json:"address"`
		} `json:"ips"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("ADD output %q: %v", out, err)
	}
	if res.CNIVersion != version || len(res.IPs) != len(addrs) {
		t.Fatalf("ADD output %s, want version %s with %v", out, version, addrs)
	}
	for i, a := range addrs {
		if res.IPs[i].Address != a {
			t.Errorf("ADD output ips[%d] = %s, want %s", i, res.IPs[i].Address, a)
		}
	}
}

// assertSeedRules checks the rules of entries() for pod 198.51.100.7 /
// 2001:db8:ff::7: the /32 before 0.0.0.0/0 (the original plugin's TODO).
func assertSeedRules(t *testing.T, n *node, state, chain string) {
	t.Helper()
	var want []string
	specific, general := "-d 8.8.8.8/32 -p tcp", "-A "+chain+" -p tcp"
	if n.backend == snat.BackendNFTables {
		// The flat layout's elements, as nft lists them; the order is
		// the chain's (the longest prefix first), not the elements'.
		specific, general = "", ""
		want = []string{
			`198.51.100.7 comment "` + chain + ` net=net1 n=2"`,
			`2001:db8:ff::7 comment "` + chain + ` net=net1 n=1"`,
			`198.51.100.7 . tcp . 8.8.8.8 counter packets 0 bytes 0 comment "` + chain + ` masqEntries[0] allow production traffic" : 203.0.113.15 . 5000 . 5010`,
			`198.51.100.7 . tcp counter packets 0 bytes 0 comment "` + chain + ` masqEntries[1] allow production traffic" : 203.0.113.15 . 4000 . 4010`,
			`2001:db8:ff::7 . udp . 2001:db8:2:: counter packets 0 bytes 0 comment "` + chain + ` masqEntries[2]`,
		}
	} else {
		want = []string{
			"-A POSTROUTING -m comment --comment diktyo-ipmasq -j " + n.tag,
			"-A " + n.tag + " -s 198.51.100.7/32 -m comment --comment",
			"-A " + n.tag + " -s 2001:db8:ff::7/128 -m comment --comment",
			"-A " + chain + " -d 8.8.8.8/32 -p tcp -m comment --comment \"owner=",
			"masqEntries[0] allow production traffic\" -j SNAT --to-source 203.0.113.15:5000-5010",
			"-A " + chain + " -p tcp -m comment --comment \"owner=",
			"masqEntries[1] allow production traffic\" -j SNAT --to-source 203.0.113.15:4000-4010",
			"-A " + chain + " -d 2001:db8:2::/48 -p udp -m comment",
		}
	}
	for _, w := range want {
		if !strings.Contains(state, w) {
			t.Fatalf("state lacks %q:\n%s", w, state)
		}
	}
	if strings.Index(state, specific) > strings.Index(state, general) {
		t.Fatalf("the 8.8.8.8/32 entry does not come before the 0.0.0.0/0 one:\n%s", state)
	}
}

// checkGC adds a second pod, runs GC with only c1 valid, and checks that
// c2's rules went and c1's stayed.
func checkGC(t *testing.T, n *node, version string) {
	t.Helper()
	conf2 := n.conf(t, version, map[string]any{"runtimeConfig": entries(map[string]any{"ips": []string{"198.51.100.8/24"}})})
	n.mustCall(t, "ADD", conf2, "c2", "")
	gc := n.conf(t, version, map[string]any{"cni.dev/valid-attachments": []map[string]string{{"containerID": "c1", "ifname": "eth0"}}})
	n.mustCall(t, "GC", gc, "", "")
	state := n.dump(t)
	if strings.Contains(state, n.chainOf("c2")) || !strings.Contains(state, n.chainOf("c1")) {
		t.Fatalf("after GC keeping c1 only:\n%s", state)
	}
}

// TestAddressSources: without prevResult the pod addresses come from
// runtimeConfig.ips, else from eth0 in the netns; ADD prints them as a
// result for the next plugin.
func TestAddressSources(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			pod := testutil.NewNS(t)
			testutil.Run(t, pod, "ip", "link", "add", "eth0", "type", "veth", "peer", "name", "eth0p")
			testutil.Run(t, pod, "ip", "link", "set", "eth0", "up")
			testutil.Run(t, pod, "ip", "link", "set", "eth0p", "up")
			testutil.Addr(t, pod, "eth0", "198.51.100.20/24")
			testutil.Addr(t, pod, "eth0", "2001:db8:ff::20/64")

			withIPs := n.conf(t, "1.0.0", map[string]any{"runtimeConfig": entries(map[string]any{"ips": []string{"198.51.100.21/24"}})})
			out := n.mustCall(t, "ADD", withIPs, "ips", pod.Path())
			// runtimeConfig.ips are hosts, whatever prefix they carry.
			assertPassesPrevResult(t, out, "1.0.0", []string{"198.51.100.21/32"})
			if s := n.dump(t); !strings.Contains(s, "198.51.100.21") || strings.Contains(s, "198.51.100.20") {
				t.Fatalf("runtimeConfig.ips not the only source:\n%s", s)
			}

			// The pod's own interface is never a source: a pod with
			// NET_ADMIN could put another pod's address there.
			fromNetns := n.conf(t, "1.0.0", map[string]any{"runtimeConfig": entries()})
			if _, err := n.call("ADD", fromNetns, "netns", pod.Path()); err == nil || !strings.Contains(err.Error(), "no pod address") {
				t.Fatalf("ADD with addresses only on the pod's interface: %v", err)
			}
			if s := n.dump(t); strings.Contains(s, "198.51.100.20") || strings.Contains(s, "2001:db8:ff::20") {
				t.Fatalf("addresses read from the pod's interface:\n%s", s)
			}
			n.mustCall(t, "DEL", withIPs, "ips", pod.Path())
			if c := n.podObjects(t); c != 0 {
				t.Fatalf("%d pod objects left:\n%s", c, n.dump(t))
			}
		})
	}
}

// TestBadInputChangesNothing: every invalid config is an error naming the
// field and the value, and the node's tables stay exactly as they were.
func TestBadInputChangesNothing(t *testing.T) {
	testutil.RequireRoot(t)
	entry := func(e map[string]any) map[string]any {
		return map[string]any{"ips": []string{"198.51.100.30/24"}, "masqEntries": []map[string]any{e}}
	}
	tests := []struct {
		extra map[string]any
		want  string
	}{
		{map[string]any{"runtimeConfig": entry(map[string]any{"external": "192.0.2.1", "destination": "10.0.0.0/8", "protocol": "icmp"})},
			`masqEntries[0].protocol: unknown protocol "icmp"`},
		{map[string]any{"runtimeConfig": entry(map[string]any{"external": "192.0.2.1", "destination": "10.0.0/8"})},
			`masqEntries[0].destination: invalid CIDR "10.0.0/8"`},
		{map[string]any{"runtimeConfig": entry(map[string]any{"external": "192.0.2.1:5-6", "destination": "10.0.0.0/8", "protocol": "all"})},
			`masqEntries[0].external: ports in "192.0.2.1:5-6" need protocol tcp, udp or sctp, not "all"`},
		{map[string]any{"runtimeConfig": entry(map[string]any{"external": "2001:db8::1", "destination": "10.0.0.0/8"})},
			`masqEntries[0].external: address 2001:db8::1 is IPv6 but destination 10.0.0.0/8 is IPv4`},
		{map[string]any{"tag": "NOT A CHAIN", "runtimeConfig": entry(map[string]any{"external": "192.0.2.1", "destination": "10.0.0.0/8"})},
			`tag: invalid chain name "NOT A CHAIN"`},
		{map[string]any{"backend": "ebpf"}, `backend: unknown backend "ebpf"`},
		{map[string]any{"excludeCIDRs": []string{"nope"}}, `excludeCIDRs[0]: invalid CIDR "nope"`},
		{map[string]any{"runtimeConfig": map[string]any{"ips": []string{"198.51.100.30/24"}, "snatPolicy": map[string]any{"randomize": "prng"}}},
			`runtimeConfig.snatPolicy.randomize: unknown mode "prng"`},
	}
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			good := n.conf(t, "1.0.0", map[string]any{"runtimeConfig": entries(map[string]any{"ips": []string{"198.51.100.31/24"}})})
			n.mustCall(t, "ADD", good, "good", "")
			before := n.dump(t)
			for i, tt := range tests {
				_, err := n.call("ADD", n.conf(t, "1.0.0", tt.extra), fmt.Sprintf("bad%d", i), "")
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("ADD = %v, want an error containing %q", err, tt.want)
				}
			}
			if after := n.dump(t); after != before {
				t.Fatalf("bad input changed the state:\n--- before\n%s\n--- after\n%s", before, after)
			}
			// A pod request that no longer parses does not block DEL.
			malformed := n.conf(t, "1.0.0", map[string]any{"runtimeConfig": map[string]any{"ips": []string{"198.51.100.31/24"}, "masqEntries": "garbage"}})
			n.mustCall(t, "DEL", malformed, "good", "")
			if c := n.podObjects(t); c != 0 {
				t.Fatalf("%d pod objects left after DEL:\n%s", c, n.dump(t))
			}
		})
	}
}

// TestParallelPods runs 10 plugin processes at once on an empty node
// (racing to create the shared objects), then 10 DELs.
func TestParallelPods(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			confs := make([][]byte, 10)
			for i := range confs {
				confs[i] = n.conf(t, "1.1.0", map[string]any{"runtimeConfig": entries(map[string]any{
					"ips": []string{fmt.Sprintf("198.51.100.%d/24", 40+i), fmt.Sprintf("2001:db8:ff::%d/64", 40+i)}})})
			}
			each := func(cmd string) {
				var wg sync.WaitGroup
				errs := make([]error, len(confs))
				for i := range confs {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, errs[i] = n.call(cmd, confs[i], fmt.Sprintf("pod%d", i), "")
					}()
				}
				wg.Wait()
				for _, err := range errs {
					if err != nil {
						t.Fatal(err)
					}
				}
			}
			each("ADD")
			if c := strings.Count(n.dump(t), "owner="); c == 0 {
				t.Fatal("no rules after parallel ADD")
			}
			each("CHECK")
			if n.backend == snat.BackendIPTables {
				if c := strings.Count(n.dump(t), "-A POSTROUTING -m comment --comment diktyo-ipmasq"); c != 2 {
					t.Fatalf("%d POSTROUTING jumps, want one per family:\n%s", c, n.dump(t))
				}
			}
			each("DEL")
			if c := n.podObjects(t); c != 0 {
				t.Fatalf("%d pod objects left after parallel DEL:\n%s", c, n.dump(t))
			}
			n.mustCall(t, "GC", n.conf(t, "1.1.0", nil), "", "")
			if s := n.dump(t); strings.Contains(s, n.tag) {
				t.Fatalf("GC with no valid attachments left the tag chain:\n%s", s)
			}
		})
	}
}

// TestStatus: STATUS succeeds where the backend's tools work and fails,
// naming the backend, where they are missing; the nftables backend needs
// none (it talks netlink itself).
func TestStatus(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			conf := n.conf(t, "1.1.0", nil)
			n.mustCall(t, "STATUS", conf, "", "")
			path := os.Getenv("PATH")
			t.Setenv("PATH", t.TempDir())
			_, err := n.call("STATUS", conf, "", "")
			t.Setenv("PATH", path)
			if backend == snat.BackendNFTables {
				if err != nil {
					t.Fatalf("STATUS without nft on PATH = %v, want success (no exec)", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "not usable") {
				t.Fatalf("STATUS without %s tools = %v", backend, err)
			}
		})
	}
}

// TestMoved: a change of backend, or of the nftables table, moves a pod's
// state; anything else does not.
func TestMoved(t *testing.T) {
	ipt := `{"cniVersion":"1.1.0","name":"n","type":"ipmasq"}`
	for _, c := range []struct {
		name     string
		old, new string
		want     bool
	}{
		{"same", ipt, ipt, false},
		{"default backend named", ipt, `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","backend":"iptables","tag":"DIKTYO-IPMASQ"}`, false},
		{"iptables to nftables", ipt, `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","backend":"nftables"}`, true},
		{"nftables to iptables", `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","backend":"nftables"}`, ipt, true},
		{"other tag (not movable: the pod chain is the owner's)", ipt, `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","tag":"OTHER"}`, false},
		{"other table", `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","backend":"nftables"}`,
			`{"cniVersion":"1.1.0","name":"n","type":"ipmasq","backend":"nftables","table":"other"}`, true},
		{"other exclusions", ipt, `{"cniVersion":"1.1.0","name":"n","type":"ipmasq","excludeCIDRs":["10.0.0.0/8"]}`, false},
		{"old config unreadable", `{`, ipt, false},
	} {
		if got := moved([]byte(c.old), []byte(c.new)); got != c.want {
			t.Errorf("%s: moved = %v, want %v", c.name, got, c.want)
		}
	}
}
