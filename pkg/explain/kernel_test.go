package explain

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestExplainMatchesKernel holds explain to what ADD really creates, for
// each of diktyo's plugins: a real ADD (in-process, as diktyo-nri runs
// it) in throwaway namespaces, then explain's plan for the same pod and
// sandbox ID, compared both ways with the kernel's (or the DNS server's)
// own listing: every object explain shows exists, and every object the
// pod owns is shown.
//
// The comparison is by the values that identify an object (addresses,
// prefixes, ports, tables, priorities, marks): explain prints each
// plugin's own rendering, the kernel its listing format, and both must
// carry the same values on one line.
func TestExplainMatchesKernel(t *testing.T) {
	testutil.RequireRoot(t)
	for _, tc := range []struct {
		name   string
		plugin string // the plugin's conf; SFX is a per-test suffix
		args   map[string]any
		// kernel lists the pod's objects (one per line), given the
		// namespaces, the pod and the suffix.
		kernel func(t *testing.T, k *kernelEnv) []string
		// shown picks explain's object lines out of its output.
		shown func(out string) []string
		// norm, when set, is the comparison key of a line (default:
		// its identifying values).
		norm func(string) string
	}{
		{
			name:   "ipmasq/iptables",
			plugin: `{"type":"ipmasq","backend":"iptables","tag":"DKXSFX","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}}`,
			args:   masqArgs(),
			kernel: func(t *testing.T, k *kernelEnv) []string {
				return grepLines(testutil.Run(t, k.host, "iptables-save", "-t", "nat"), "^-A .*owner="+k.owner())
			},
			shown: func(out string) []string { return grepLines(out, `^\s*-[AI] `) },
		},
		{
			name:   "ipmasq/nftables",
			plugin: `{"type":"ipmasq","backend":"nftables","table":"dkx-SFX","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}}`,
			args:   masqArgs(),
			// The pod's elements (the flat layout has no pod chain),
			// read over netlink: nft prints elements several to a line.
			kernel: func(t *testing.T, k *kernelEnv) []string {
				c, err := nft.Open(k.host.Path())
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				table := "dkx-" + k.suffix
				sets, err := c.ListSets(table)
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for i := range sets {
					els, err := c.ListElements(table, &sets[i])
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range els {
						if strings.HasPrefix(e.Comment, "owner="+k.owner()+" ") {
							out = append(out, sets[i].Name+" { "+e.Text()+" }")
						}
					}
				}
				return out
			},
			shown: func(out string) []string {
				var rules []string
				in := false
				for _, l := range strings.Split(out, "\n") {
					switch {
					case strings.Contains(l, "nftables table "):
						in = true
					case in && strings.HasPrefix(strings.TrimSpace(l), "#"):
						// a rule, shown as the elements after it
					case in && strings.HasPrefix(l, "      "):
						rules = append(rules, strings.TrimSpace(l))
					default:
						in = false
					}
				}
				return rules
			},
		},
		{
			name:   "iproute",
			plugin: `{"type":"iproute","hostInterface":"vxSFX","stateDir":"STATE","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}}`,
			args: map[string]any{
				api.CapRouteEntries:  []api.RouteEntry{{Destination: "198.51.100.0/25", Gateway: "drop"}},
				api.CapPolicyRouting: api.PolicyRouting{Table: 100},
			},
			kernel: func(t *testing.T, k *kernelEnv) []string {
				var out []string
				for _, l := range strings.Split(testutil.Run(t, k.host, "ip", "rule", "show"), "\n") {
					if strings.Contains(l, k.podIP) {
						out = append(out, "host rule: "+l)
					}
				}
				for _, l := range strings.Split(testutil.Run(t, k.host, "ip", "route", "show", "table", "all"), "\n") {
					if strings.HasPrefix(l, k.podIP+" ") {
						out = append(out, "host route: "+l)
					}
				}
				for _, l := range strings.Split(testutil.Run(t, k.pod, "ip", "route", "show", "table", "all"), "\n") {
					if strings.Contains(l, "198.51.100.0/25") {
						out = append(out, "pod route: "+l)
					}
				}
				return out
			},
			shown: func(out string) []string {
				return grepLines(out, `^\s*(host rule|host route|pod route|shared host rule|nft mark|nft bypass): `)
			},
			// The kernel lists iproute's ownership mark (proto), which
			// explain leaves out.
			norm: func(s string) string { return strings.Join(values(routeProto.ReplaceAllString(s, "")), " ") },
		},
		{
			name: "registerDNS",
			plugin: `{"type":"registerDNS","backend":"rfc2136","zones":["pods.test"],"reverseZones":["2.0.192.in-addr.arpa"],
			  "nameTemplate":"{name}.{namespace}.{zone}","rfc2136":{"server":"SERVER","tsigSecretFile":"KEY"},"capabilities":{"ips":true,"dnsNames":true}}`,
			args: map[string]any{api.CapDNSNames: []string{"alias.pods.test"}},
			kernel: func(t *testing.T, k *kernelEnv) []string {
				var out []string
				for _, z := range k.dns.Zones {
					qtype := dns.TypeA
					if strings.HasSuffix(z, ".arpa.") {
						qtype = dns.TypePTR
					}
					for _, name := range k.dns.Names(t, z) {
						for _, rr := range k.dns.Query(t, name, qtype) {
							out = append(out, rr.String())
						}
					}
				}
				return out
			},
			shown: func(out string) []string { return grepLines(out, `\s(IN\s+)?(A|AAAA|PTR)\s`) },
			norm:  rrKey,
		},
		{
			name:   "noop",
			plugin: `{"type":"noop","debug":true,"debugDir":"DEBUGDIR"}`,
			kernel: func(t *testing.T, k *kernelEnv) []string {
				dumps, err := filepath.Glob(filepath.Join(k.dir, "debug", "*", "*", "add_*.json"))
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for _, d := range dumps {
					out = append(out, filepath.Dir(d)+"/")
				}
				return out
			},
			shown: func(out string) []string { return grepLines(out, `a dump of each call`) },
			norm: func(s string) string {
				if i := strings.Index(s, "/"); i >= 0 {
					return strings.TrimSpace(s[i:])
				}
				return s
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKernelEnv(t, tc.name == "registerDNS")
			plugin := strings.NewReplacer("SFX", k.suffix, "STATE", filepath.Join(k.dir, "state"), "DEBUGDIR", filepath.Join(k.dir, "debug"), "SERVER", k.dnsAddr(), "KEY", k.dnsKey()).Replace(tc.plugin)
			list := k.conflist(t, plugin)
			r, err := chainrun.New(chainrun.Options{Conflist: list, BinDirs: []string{k.dir}, CacheDir: filepath.Join(k.dir, "cache"), IfName: "eth0",
				InProcess: true, Exec: &chainrun.NetnsExec{NetNS: k.host.Path(), Stderr: io.Discard}})
			if err != nil {
				t.Fatal(err)
			}
			pod := chainrun.Pod{ID: "kx" + k.suffix, Namespace: "shop", Name: "web", NetNS: k.pod.Path(), IPs: []string{k.podIP + "/24"}}
			if _, err := r.Add(context.Background(), pod, tc.args); err != nil {
				t.Fatalf("ADD: %v", err)
			}
			t.Cleanup(func() { _, _ = r.Del(context.Background(), pod, nil) })

			cl, err := libcni.ConfListFromFile(list)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := writePlans(&b, cl, "eth0", chainrun.Pod{ID: pod.ID, Namespace: pod.Namespace, Name: pod.Name, IPs: []string{k.podIP}}, tc.args); err != nil {
				t.Fatalf("explain: %v\n%s", err, b.String())
			}
			norm := tc.norm
			if norm == nil {
				norm = func(s string) string { return strings.Join(values(s), " ") }
			}
			shown, have := tc.shown(b.String()), tc.kernel(t, k)
			if len(shown) == 0 || len(have) == 0 {
				t.Fatalf("nothing to compare: explain shows %q, the kernel has %q\nexplain:\n%s", shown, have, b.String())
			}
			for _, s := range shown {
				if !slices.ContainsFunc(have, func(h string) bool { return norm(s) == norm(h) }) {
					t.Errorf("explain shows an object ADD did not create: %q\nkernel:\n%s", s, strings.Join(have, "\n"))
				}
			}
			for _, h := range have {
				if !slices.ContainsFunc(shown, func(s string) bool { return norm(s) == norm(h) }) {
					t.Errorf("ADD created an object explain does not show: %q\nexplain:\n%s", h, b.String())
				}
			}
		})
	}
}

// kernelEnv is one test's namespaces: a "host" with a veth to the pod,
// and, for registerDNS, a BIND9 in the host namespace.
type kernelEnv struct {
	dir, suffix, podIP string
	host, pod          ns.NetNS
	dns                *dnstest.Server
}

func newKernelEnv(t *testing.T, withDNS bool) *kernelEnv {
	t.Helper()
	k := &kernelEnv{dir: t.TempDir(), suffix: strings.ToLower(testutil.RandSuffix(6)), podIP: "192.0.2.10",
		host: testutil.NewNS(t), pod: testutil.NewNS(t)}
	testutil.Veth(t, k.host, "vx"+k.suffix, k.pod, "eth0")
	testutil.Addr(t, k.pod, "eth0", k.podIP+"/24")
	if withDNS {
		testutil.Run(t, k.host, "ip", "link", "set", "lo", "up")
		k.dns = dnstest.StartBindIn(t, k.host.Path(), "pods.test.", "2.0.192.in-addr.arpa.")
	}
	return k
}

// owner is the owner ID ADD names the pod's objects after.
func (k *kernelEnv) owner() string { return cniutil.OwnerID("kx-"+k.suffix, "kx"+k.suffix, "eth0") }

var routeProto = regexp.MustCompile(`\sproto \S+`)

func (k *kernelEnv) dnsAddr() string {
	if k.dns == nil {
		return ""
	}
	return k.dns.Addr
}

func (k *kernelEnv) dnsKey() string {
	if k.dns == nil {
		return ""
	}
	return k.dns.KeyFile
}

// conflist writes a conflist of the one plugin and returns its path.
func (k *kernelEnv) conflist(t *testing.T, plugin string) string {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal([]byte(plugin), &p); err != nil {
		t.Fatalf("plugin conf %s: %v", plugin, err)
	}
	raw, err := json.Marshal(map[string]any{"cniVersion": "1.1.0", "name": "kx-" + k.suffix, "plugins": []any{p}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(k.dir, "chain.conflist")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func masqArgs() map[string]any {
	return map[string]any{
		api.CapMasqEntries: []api.MasqEntry{
			{External: "203.0.113.10:5000-5010", Destination: "198.51.100.0/24", Protocol: "tcp"},
			{External: "203.0.113.11", Destination: "0.0.0.0/0"},
		},
		api.CapSNATPolicy: api.SNATPolicy{ExcludeCIDRs: []string{"198.51.100.128/25"}},
	}
}

func grepLines(s, pattern string) []string {
	re := regexp.MustCompile(pattern)
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if re.MatchString(l) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// value is what identifies an object in a listing line: an address or
// prefix, a port or port range, a number (table, priority, mark).
var value = regexp.MustCompile(`[0-9a-fA-F:.]*[0-9][0-9a-fA-Fx:./-]*`)

// values are a rendering's identifying values, whatever its syntax: a
// host prefix is its address, a trailing dot or colon is dropped.
func values(s string) []string {
	var out []string
	for _, v := range value.FindAllString(s, -1) {
		v = strings.TrimSuffix(strings.TrimSuffix(v, "."), ":")
		v = strings.TrimSuffix(strings.TrimSuffix(v, "/32"), "/128")
		if v == "" || v == "0x0" {
			continue
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// rrKey is a DNS record's name, type and data, from either explain's
// rendering (name TTL TYPE data) or the server's (name TTL IN TYPE data).
func rrKey(s string) string {
	f := strings.Fields(strings.ToLower(s))
	f = slices.DeleteFunc(f, func(x string) bool { return x == "in" })
	if len(f) < 4 {
		return s
	}
	return strings.Join([]string{dns.CanonicalName(f[0]), f[2], strings.Join(f[3:], " ")}, " ")
}
