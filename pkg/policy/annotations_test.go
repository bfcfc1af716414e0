package policy

import (
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
)

func TestParseAnnotations(t *testing.T) {
	tests := []struct {
		name string
		in   map[string]string
		want *Request
		// err, when set, must appear in the error, which must also name
		// the annotation key.
		err string
	}{
		{name: "none", in: map[string]string{"other.io/x": "y"}, want: &Request{Keys: []string{}}},
		{name: "masq", in: map[string]string{KeyMasq: `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp","description":"prod"}]`},
			want: &Request{Masq: []api.Masq{{External: api.External{Addr: addr("203.0.113.10"), PortLo: 5000, PortHi: 5010}, Dst: prefix("198.51.100.0/24"), Proto: "tcp", Description: "prod"}}, Keys: []string{KeyMasq}}},
		{name: "masq masquerade v6", in: map[string]string{KeyMasq: `[{"external":"masquerade","destination":"2001:db8::/32"},{"external":"[2001:db8::1]:80","destination":"2001:db8:1::/48","protocol":"udp"}]`},
			want: &Request{Masq: []api.Masq{{External: api.External{Masquerade: true}, Dst: prefix("2001:db8::/32")}, {External: api.External{Addr: addr("2001:db8::1"), PortLo: 80, PortHi: 80}, Dst: prefix("2001:db8:1::/48"), Proto: "udp"}}, Keys: []string{KeyMasq}}},
		{name: "snat lists", in: map[string]string{KeySNATExclude: "10.0.0.0/8, 192.168.0.0/16", KeySNATInclude: "198.51.100.7"},
			want: &Request{SNATExclude: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.0.0/16")},
				SNATInclude: []netip.Prefix{netip.MustParsePrefix("198.51.100.7/32")}, Keys: []string{KeySNATExclude, KeySNATInclude}}},
		{name: "routes", in: map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/24","gateway":"10.0.0.1"},{"destination":"203.0.113.0/24","gateway":"drop"},{"destination":"2001:db8::/32","type":"unreachable"}]`},
			want: &Request{Routes: []api.Route{{Dst: prefix("198.51.100.0/24"), Gateway: addr("10.0.0.1"), Type: api.RouteUnicast}, {Dst: prefix("203.0.113.0/24"), Type: api.RouteBlackhole}, {Dst: prefix("2001:db8::/32"), Type: api.RouteUnreachable}}, Keys: []string{KeyRoutes}}},
		{name: "table and priority", in: map[string]string{KeyRouteTable: "100", KeyRoutePrio: "1500"},
			want: &Request{RouteTable: 100, RoutePriority: 1500, Keys: []string{KeyRoutePrio, KeyRouteTable}}},
		{name: "dns", in: map[string]string{KeyDNSNames: "Web.Team-A.pods.test., api.team-a.pods.test"},
			want: &Request{DNSNames: []string{"web.team-a.pods.test", "api.team-a.pods.test"}, Keys: []string{KeyDNSNames}}},
		{name: "debug", in: map[string]string{KeyDebug: "true"}, want: &Request{Debug: true, Keys: []string{KeyDebug}}},

		{name: "unknown key", in: map[string]string{"diktyo.io/v1.masquerade": "x"}, err: "unknown diktyo annotation"},
		{name: "unversioned key", in: map[string]string{"diktyo.io/masq": "[]"}, err: "unknown diktyo annotation"},
		{name: "future version", in: map[string]string{"diktyo.io/v2.masq": "[]"}, err: `unsupported annotation scheme version "v2"`},
		{name: "masq not JSON", in: map[string]string{KeyMasq: "203.0.113.1"}, err: "invalid JSON"},
		{name: "masq unknown field", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"0.0.0.0/0","port":1}]`}, err: `unknown field "port"`},
		{name: "masq trailing data", in: map[string]string{KeyMasq: `[] []`}, err: "trailing data"},
		{name: "masq bad cidr", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"10.0.0/8"}]`}, err: `[0].destination: invalid CIDR "10.0.0/8"`},
		{name: "masq host bits", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"10.0.0.1/8"}]`}, err: "host bits set"},
		{name: "masq bad protocol", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"0.0.0.0/0","protocol":"icmp"}]`}, err: `unknown protocol "icmp"`},
		{name: "masq ports with all", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1:80","destination":"0.0.0.0/0"}]`}, err: "need protocol tcp, udp or sctp"},
		{name: "masq family", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"2001:db8::/32"}]`}, err: "[0].external: address 203.0.113.1 is IPv4 but destination 2001:db8::/32 is IPv6"},
		{name: "masq bad external", in: map[string]string{KeyMasq: `[{"external":"example.com","destination":"0.0.0.0/0"}]`}, err: `invalid external "example.com"`},
		{name: "masq port range reversed", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1:90-80","destination":"0.0.0.0/0","protocol":"tcp"}]`}, err: "90-80 is empty"},
		{name: "masq port 0", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1:0","destination":"0.0.0.0/0","protocol":"tcp"}]`}, err: `"0" is not a port (1-65535)`},
		{name: "masq loopback external", in: map[string]string{KeyMasq: `[{"external":"127.0.0.1","destination":"0.0.0.0/0"}]`}, err: "not a unicast address"},
		{name: "masq description control", in: map[string]string{KeyMasq: "[{\"external\":\"203.0.113.1\",\"destination\":\"0.0.0.0/0\",\"description\":\"a\\nb\"}]"}, err: "control character"},
		{name: "snat empty item", in: map[string]string{KeySNATExclude: "10.0.0.0/8,,"}, err: "item 1 is empty"},
		{name: "snat empty", in: map[string]string{KeySNATInclude: " "}, err: "empty list"},
		{name: "snat bad", in: map[string]string{KeySNATExclude: "10.0.0.0/33"}, err: `invalid CIDR "10.0.0.0/33"`},
		{name: "route gateway family", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"2001:db8::1"}]`}, err: "[0].gateway"},
		{name: "route type", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","type":"nat"}]`}, err: `unknown route type "nat"`},
		{name: "route drop with type", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"drop","type":"prohibit"}]`}, err: `type: "prohibit" conflicts with gateway "drop"`},
		{name: "route blackhole gateway", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"10.0.0.1","type":"blackhole"}]`}, err: `gateway: "10.0.0.1" not allowed on a blackhole route`},
		// What iproute always refused, the annotation used to accept.
		{name: "route v6 mtu", in: map[string]string{KeyRoutes: `[{"destination":"2001:db8::/32","dev":"eth0","mtu":1000}]`}, err: "[0].mtu: 1000 outside 1280-65535"},
		{name: "route multicast gateway", in: map[string]string{KeyRoutes: `[{"destination":"2001:db8::/32","gateway":"ff02::1"}]`}, err: `[0].gateway: "ff02::1" is not a unicast address`},
		{name: "route mapped gateway", in: map[string]string{KeyRoutes: `[{"destination":"2001:db8::/32","gateway":"::ffff:10.0.0.1"}]`}, err: `[0].gateway: invalid address`},
		{name: "route local table", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","dev":"eth0","table":255}]`}, err: "[0].table: 255 is the kernel's local table"},
		{name: "route huge metric", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","dev":"eth0","metric":4294967296}]`}, err: "[0].metric: 4294967296 outside 0-4294967295"},
		// Keywords are exact here (iproute also takes other cases, as always).
		{name: "route type case", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","type":"Blackhole"}]`}, err: `unknown route type "Blackhole"`},
		{name: "route drop case", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"DROP"}]`}, err: `[0].gateway: invalid address "DROP"`},
		// Strict JSON: encoding/json would take both.
		{name: "masq field case", in: map[string]string{KeyMasq: `[{"External":"203.0.113.1","destination":"0.0.0.0/0"}]`}, err: `[0].External: unknown field "External" (field names are case-sensitive: did you mean "external"?)`},
		{name: "masq duplicate key", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","external":"203.0.113.2","destination":"0.0.0.0/0"}]`}, err: `[0].external: key "external" given twice`},
		{name: "routes field case", in: map[string]string{KeyRoutes: `[{"Destination":"10.0.0.0/8","dev":"eth0"}]`}, err: `[0].Destination: unknown field "Destination"`},
		{name: "routes duplicate key", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","dev":"eth0","dev":"eth1"}]`}, err: `[0].dev: key "dev" given twice`},
		{name: "route mtu", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","dev":"eth0","mtu":10}]`}, err: "mtu: 10"},
		{name: "route dev", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","dev":"a/b"}]`}, err: "invalid interface name"},
		{name: "table reserved", in: map[string]string{KeyRouteTable: "254"}, err: "reserved"},
		{name: "table text", in: map[string]string{KeyRouteTable: "main"}, err: "invalid table number"},
		{name: "priority range", in: map[string]string{KeyRoutePrio: "32766"}, err: "invalid rule priority"},
		{name: "dns bad label", in: map[string]string{KeyDNSNames: "web_1.pods.test"}, err: `bad label "web_1"`},
		{name: "dns twice", in: map[string]string{KeyDNSNames: "a.pods.test,A.pods.test."}, err: "given twice"},
		{name: "debug yes", in: map[string]string{KeyDebug: "yes"}, err: `want "true" or "false"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseAnnotations(tc.in)
			if tc.err != "" {
				if err == nil {
					t.Fatalf("no error, want %q", tc.err)
				}
				var ae *AnnotationError
				if !errors.As(err, &ae) {
					t.Fatalf("error %v is not an *AnnotationError", err)
				}
				for k, v := range tc.in {
					if strings.HasPrefix(k, Prefix) && (!strings.Contains(err.Error(), k) || ae.Value != v) {
						t.Errorf("error %q does not name annotation %s and its value", err, k)
					}
				}
				if !errors.Is(err, api.ErrInvalid) {
					t.Errorf("error %v is not api.ErrInvalid", err)
				}
				if !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %q does not contain %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestAnnotationErrorQuotesLongValues(t *testing.T) {
	long := strings.Repeat("x", 5000)
	_, err := ParseAnnotations(map[string]string{KeyDebug: long})
	if err == nil || len(err.Error()) > 600 {
		t.Fatalf("error for a long value should be short, got %d bytes", len(err.Error()))
	}
}

// FuzzParseAnnotations: parsing never panics, errors always name the
// annotation, and whatever parses also validates again.
func FuzzParseAnnotations(f *testing.F) {
	f.Add(KeyMasq, `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.0/24","protocol":"tcp"}]`)
	f.Add(KeyRoutes, `[{"destination":"198.51.100.0/24","gateway":"10.0.0.1","table":100,"metric":5}]`)
	f.Add(KeySNATExclude, "10.0.0.0/8,2001:db8::/32")
	f.Add(KeyDNSNames, "web.team-a.pods.test.")
	f.Add(KeyRouteTable, "100")
	f.Add(KeyDebug, "true")
	f.Add("diktyo.io/v9.x", "")
	f.Fuzz(func(t *testing.T, key, value string) {
		req, err := ParseAnnotations(map[string]string{key: value})
		if err != nil {
			if !strings.Contains(err.Error(), key) {
				t.Fatalf("error %q does not name the annotation %q", err, key)
			}
			return
		}
		for i, m := range req.Masq {
			if back, err := api.ParseMasqEntry(m.Entry(), api.Strict); err != nil || back != m {
				t.Fatalf("masq[%d] parsed but its wire form does not parse back: %+v, %v", i, back, err)
			}
		}
		for i, r := range req.Routes {
			if back, err := api.ParseRouteEntry(r.Entry(), api.Strict); err != nil || back != r {
				t.Fatalf("routes[%d] parsed but its wire form does not parse back: %+v, %v", i, back, err)
			}
		}
		for _, n := range req.DNSNames {
			if m, err := api.ParseDNSName(n); err != nil || m != n {
				t.Fatalf("name %q parsed but normalises to %q, %v", n, m, err)
			}
		}
	})
}

func addr(s string) netip.Addr     { return netip.MustParseAddr(s) }
func prefix(s string) netip.Prefix { return netip.MustParsePrefix(s) }

func TestDiktyoAnnotations(t *testing.T) {
	all := map[string]string{
		KeyMasq:                     "203.0.113.1",
		KeyDNSNames:                 "web",
		"io.kubernetes.cri.x":       "y",
		"diktyo.io.other/key":       "not ours: another prefix",
		"kubernetes.io/config.hash": "abc",
	}
	got := DiktyoAnnotations(all)
	want := map[string]string{KeyMasq: "203.0.113.1", KeyDNSNames: "web"}
	if !maps.Equal(got, want) {
		t.Fatalf("DiktyoAnnotations = %v, want %v", got, want)
	}
	if got := DiktyoAnnotations(map[string]string{"a": "b"}); got != nil {
		t.Fatalf("DiktyoAnnotations without ours = %v, want nil", got)
	}
	// What the record keeps decides the same policy as all of them.
	a, errA := ParseAnnotations(all)
	b, errB := ParseAnnotations(got)
	if fmt.Sprint(a, errA) != fmt.Sprint(b, errB) {
		t.Fatalf("policy from all annotations %v (%v) differs from ours %v (%v)", a, errA, b, errB)
	}
}
