package policy

import (
	"errors"
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
			want: &Request{Masq: []api.MasqEntry{{External: "203.0.113.10:5000-5010", Destination: "198.51.100.0/24", Protocol: "tcp", Description: "prod"}}, Keys: []string{KeyMasq}}},
		{name: "masq masquerade v6", in: map[string]string{KeyMasq: `[{"external":"masquerade","destination":"2001:db8::/32"},{"external":"[2001:db8::1]:80","destination":"2001:db8:1::/48","protocol":"udp"}]`},
			want: &Request{Masq: []api.MasqEntry{{External: "masquerade", Destination: "2001:db8::/32"}, {External: "[2001:db8::1]:80", Destination: "2001:db8:1::/48", Protocol: "udp"}}, Keys: []string{KeyMasq}}},
		{name: "snat lists", in: map[string]string{KeySNATExclude: "10.0.0.0/8, 192.168.0.0/16", KeySNATInclude: "198.51.100.7"},
			want: &Request{SNATExclude: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.0.0/16")},
				SNATInclude: []netip.Prefix{netip.MustParsePrefix("198.51.100.7/32")}, Keys: []string{KeySNATExclude, KeySNATInclude}}},
		{name: "routes", in: map[string]string{KeyRoutes: `[{"destination":"198.51.100.0/24","gateway":"10.0.0.1"},{"destination":"203.0.113.0/24","gateway":"drop"},{"destination":"2001:db8::/32","type":"unreachable"}]`},
			want: &Request{Routes: []api.RouteEntry{{Destination: "198.51.100.0/24", Gateway: "10.0.0.1"}, {Destination: "203.0.113.0/24", Gateway: "drop"}, {Destination: "2001:db8::/32", Type: "unreachable"}}, Keys: []string{KeyRoutes}}},
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
		{name: "masq family", in: map[string]string{KeyMasq: `[{"external":"203.0.113.1","destination":"2001:db8::/32"}]`}, err: "not of the family"},
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
		{name: "route drop with type", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"drop","type":"prohibit"}]`}, err: "contradicts"},
		{name: "route blackhole gateway", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8","gateway":"10.0.0.1","type":"blackhole"}]`}, err: "takes no gateway"},
		{name: "route unicast nothing", in: map[string]string{KeyRoutes: `[{"destination":"10.0.0.0/8"}]`}, err: "needs a gateway or a dev"},
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

func TestParseExternalRoundTrip(t *testing.T) {
	for _, s := range []string{"masquerade", "203.0.113.1", "203.0.113.1:80", "203.0.113.1:80-90", "2001:db8::1", "[2001:db8::1]:80-90"} {
		e, err := ParseExternal(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if e.String() != s {
			t.Errorf("ParseExternal(%q).String() = %q", s, e.String())
		}
	}
	for _, s := range []string{"", "203.0.113.1:", "[2001:db8::1", "[2001:db8::1]80", "[2001:db8::1]:", "1.2.3.4:1-2-3", "fe80::1%eth0", "::ffff:1.2.3.4"} {
		if _, err := ParseExternal(s); err == nil {
			t.Errorf("ParseExternal(%q) succeeded", s)
		}
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
		for i, e := range req.Masq {
			if err := ValidateMasqEntry(e); err != nil {
				t.Fatalf("masq[%d] parsed but does not validate: %v", i, err)
			}
		}
		for i, e := range req.Routes {
			if err := ValidateRouteEntry(e); err != nil {
				t.Fatalf("routes[%d] parsed but does not validate: %v", i, err)
			}
		}
		for _, n := range req.DNSNames {
			if m, err := NormalizeDNSName(n); err != nil || m != n {
				t.Fatalf("name %q parsed but normalises to %q, %v", n, m, err)
			}
		}
	})
}
