package record

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	zones := Zones{"pods.example.test.", "svc.example.test.", "a.pods.example.test."}
	tests := []struct {
		in, fqdn, zone, err string
	}{
		{in: "web", fqdn: "web.pods.example.test.", zone: "pods.example.test."},
		{in: "web.team", fqdn: "web.team.pods.example.test.", zone: "pods.example.test."},
		{in: "web.svc.example.test", fqdn: "web.svc.example.test.", zone: "svc.example.test."},
		{in: "web.svc.example.test.", fqdn: "web.svc.example.test.", zone: "svc.example.test."},
		// the longest zone wins
		{in: "x.a.pods.example.test.", fqdn: "x.a.pods.example.test.", zone: "a.pods.example.test."},
		{in: "0web-1", fqdn: "0web-1.pods.example.test.", zone: "pods.example.test."},
		{in: "web.other.test.", err: "outside the configured zones"},
		{in: "pods.example.test.", err: "outside the configured zones"},
		{in: "pods.example.test", err: "zone apex"},
		{in: "Web", err: "uppercase"},
		{in: "-web", err: "starts or ends with '-'"},
		{in: "web-", err: "starts or ends with '-'"},
		{in: "we_b", err: "invalid character"},
		{in: "*.pods.example.test.", err: "invalid character"},
		{in: "a..b", err: "empty label"},
		{in: "", err: "empty name"},
		{in: ".", err: "empty name"},
		{in: strings.Repeat("a", 64), err: "longer than 63"},
		{in: strings.Repeat("a.", 120) + "pods.example.test.", err: "longer than 253"},
		// relative names that become too long once the zone is appended
		{in: strings.Repeat("abcdefgh.", 26) + "xy", err: "longer than 253"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			n, err := zones.Resolve(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Resolve(%q) = %v, %v; want error containing %q", tc.in, n, err, tc.err)
				}
				return
			}
			if err != nil || n.FQDN != tc.fqdn || n.Zone != tc.zone {
				t.Fatalf("Resolve(%q) = %+v, %v; want %s in %s", tc.in, n, err, tc.fqdn, tc.zone)
			}
		})
	}
	if _, err := (Zones{}).Resolve("web"); err == nil {
		t.Fatal("Resolve without zones succeeded")
	}
}

func TestParseZones(t *testing.T) {
	zs, err := ParseZones("zones", []string{"pods.test", "b.test."})
	if err != nil || !slices.Equal(zs, Zones{"pods.test.", "b.test."}) {
		t.Fatalf("got %v, %v", zs, err)
	}
	for _, bad := range [][]string{{"Pods.test"}, {"a.test", "a.test."}, {""}, {"a b"}} {
		if _, err := ParseZones("zones", bad); err == nil || !strings.HasPrefix(err.Error(), "zones[") {
			t.Errorf("ParseZones(%q) = %v, want an error naming zones[i]", bad, err)
		}
	}
	if _, err := ParseReverseZones("reverseZones", []string{"pods.test"}); err == nil || !strings.Contains(err.Error(), "in-addr.arpa") {
		t.Errorf("ParseReverseZones(forward) = %v", err)
	}
	if _, err := ParseReverseZones("reverseZones", []string{"100.51.198.in-addr.arpa", "8.b.d.0.1.0.0.2.ip6.arpa."}); err != nil {
		t.Errorf("ParseReverseZones: %v", err)
	}
}

func TestReverseName(t *testing.T) {
	for in, want := range map[string]string{
		"198.51.100.7":        "7.100.51.198.in-addr.arpa.",
		"::ffff:198.51.100.7": "7.100.51.198.in-addr.arpa.",
		"2001:db8::7":         "7.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa.",
	} {
		if got := ReverseName(netip.MustParseAddr(in)); got != want {
			t.Errorf("ReverseName(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestBuild(t *testing.T) {
	owner := Owner{ID: "0123456789abcdef", Network: "net1"}
	names := []Name{{FQDN: "web.pods.test.", Zone: "pods.test."}, {FQDN: "www.pods.test.", Zone: "pods.test."}}
	addrs := []netip.Addr{netip.MustParseAddr("198.51.100.7"), netip.MustParseAddr("2001:db8::7"), netip.MustParseAddr("10.0.0.1")}
	got := Build(owner, names, addrs, Zones{"100.51.198.in-addr.arpa.", "8.b.d.0.1.0.0.2.ip6.arpa."}, 30)
	var lines []string
	for _, r := range got {
		lines = append(lines, r.Zone+" "+r.String())
	}
	own := "diktyo-owner=0123456789abcdef diktyo-net=net1"
	rev6 := "7.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa."
	want := []string{
		"pods.test. web.pods.test. 30 A 198.51.100.7",
		"pods.test. web.pods.test. 30 AAAA 2001:db8::7",
		"pods.test. web.pods.test. 30 A 10.0.0.1",
		"pods.test. web.pods.test. 30 TXT " + own,
		"pods.test. www.pods.test. 30 A 198.51.100.7",
		"pods.test. www.pods.test. 30 AAAA 2001:db8::7",
		"pods.test. www.pods.test. 30 A 10.0.0.1",
		"pods.test. www.pods.test. 30 TXT " + own,
		// PTRs point at the first name; 10.0.0.1 has no reverse zone
		"100.51.198.in-addr.arpa. 7.100.51.198.in-addr.arpa. 30 PTR web.pods.test.",
		"100.51.198.in-addr.arpa. 7.100.51.198.in-addr.arpa. 30 TXT " + own,
		"8.b.d.0.1.0.0.2.ip6.arpa. " + rev6 + " 30 PTR web.pods.test.",
		"8.b.d.0.1.0.0.2.ip6.arpa. " + rev6 + " 30 TXT " + own,
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("Build:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if got := Build(owner, nil, addrs, Zones{"100.51.198.in-addr.arpa."}, 30); len(got) != 0 {
		t.Fatalf("Build without names: %v", got)
	}
	zones, groups := ByZone(Build(owner, names, addrs, Zones{"100.51.198.in-addr.arpa."}, 30))
	if !slices.Equal(zones, []string{"pods.test.", "100.51.198.in-addr.arpa."}) || len(groups["pods.test."]) != 8 {
		t.Fatalf("ByZone: %v %v", zones, groups)
	}
}

func TestOwner(t *testing.T) {
	for _, o := range []Owner{
		{ID: "abc", Network: "n"}, // written before nodes were recorded
		{ID: "abc", Network: "n", Node: "node-1"},
		{ID: "abc", Network: "n", Node: "node-1", Pod: "shop/web-0"},
		{ID: "abc", Network: "n", Pod: "shop/web-0.x"},
	} {
		if got, ok := ParseOwner(o.Strings()); !ok || got != o {
			t.Fatalf("round trip of %+v: %+v %v", o, got, ok)
		}
	}
	for _, bad := range [][]string{
		nil, {"diktyo-owner=abc"}, {"x=1", "y=2"}, {"diktyo-owner=", "diktyo-net=n"},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-node="},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-node=a/b"},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-pod=noslash"},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-pod=Shop/web"},
		// out of order, repeated, or unknown tags do not round-trip
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-pod=s/w", "diktyo-node=x"},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-node=x", "diktyo-node=y"},
		{"diktyo-owner=a", "diktyo-net=n", "diktyo-node=x", "extra"},
	} {
		if _, ok := ParseOwner(bad); ok {
			t.Errorf("ParseOwner(%q) accepted", bad)
		}
	}

	a := Owner{ID: "abc", Network: "n", Node: "node-1", Pod: "shop/web-0"}
	for _, tc := range []struct {
		o    Owner
		same bool
	}{
		{Owner{ID: "abc", Network: "n"}, true},                              // legacy record of this attachment
		{Owner{ID: "abc", Network: "n", Node: "node-1"}, true},              // DEL without CNI_ARGS
		{Owner{ID: "abc", Network: "n", Node: "node-2"}, false},             // another node
		{Owner{ID: "abc", Network: "m", Node: "node-1"}, false},             // another network
		{Owner{ID: "abd", Network: "n", Node: "node-1", Pod: a.Pod}, false}, // another attachment
	} {
		if got := a.Same(tc.o); got != tc.same || tc.o.Same(a) != tc.same {
			t.Errorf("Same(%+v, %+v) = %v, want %v", a, tc.o, got, tc.same)
		}
	}
	if d := a.Describe(); d != `pod shop/web-0 (attachment abc of network "n" on node node-1)` {
		t.Errorf("Describe = %q", d)
	}
	if PodRef("shop", "api.web-1") != "shop/api.web-1" || PodRef("Shop", "web") != "" || PodRef("shop", strings.Repeat("a", 250)) != "" {
		t.Error("PodRef")
	}
	if err := CheckNode("node_1.example"); err != nil {
		t.Error(err)
	}
	if err := CheckNode("node 1"); err == nil {
		t.Error("CheckNode accepted a space")
	}
}

func TestNames(t *testing.T) {
	tp, err := ParseTemplate("{name}.{namespace}.{zone}")
	if err != nil {
		t.Fatal(err)
	}
	cfg := NameConfig{Zones: Zones{"pods.test.", "svc.test."}, Template: tp}
	got, err := Names(cfg, Pod{Name: "web-0", Namespace: "shop", DNSNames: []string{"api", "web-0.shop", "x.svc.test."}})
	if err != nil {
		t.Fatal(err)
	}
	var fq []string
	for _, n := range got {
		fq = append(fq, n.FQDN)
	}
	if want := []string{"web-0.shop.pods.test.", "api.pods.test.", "x.svc.test."}; !slices.Equal(fq, want) {
		t.Fatalf("Names = %q, want %q", fq, want)
	}
	if got, err := Names(cfg, Pod{DNSNames: []string{"api"}}); err != nil || len(got) != 1 {
		t.Fatalf("Names without a pod identity = %v, %v; want only the dnsName", got, err)
	}
	_, err = Names(cfg, Pod{Name: "api.web-1", Namespace: "shop"})
	if err == nil || !strings.Contains(err.Error(), `nameTemplate "{name}.{namespace}.{zone}" for pod shop/api.web-1`) || !strings.Contains(err.Error(), `"api.web-1" contains '.'`) {
		t.Fatalf("Names of a dotted pod name: %v", err)
	}
	var skipped []error
	got = NamesLenient(cfg, Pod{Name: "api.web-1", Namespace: "shop", DNSNames: []string{"ok", "Bad"}}, func(err error) { skipped = append(skipped, err) })
	if len(got) != 1 || got[0].FQDN != "ok.pods.test." || len(skipped) != 2 {
		t.Fatalf("NamesLenient = %v, skipped %v", got, skipped)
	}
}

// FuzzResolve: whatever is asked for, an accepted name is a valid,
// lowercase, fully qualified name strictly inside its zone, and resolving
// it again gives the same name.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"web", "web.pods.test.", "a.b.c", "Web", "-a", "a..b", "x.svc.test", "pods.test", "\x00", "é"} {
		f.Add(s)
	}
	zones := Zones{"pods.test.", "svc.test."}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := zones.Resolve(s)
		if err != nil {
			return
		}
		if !strings.HasSuffix(n.FQDN, "."+n.Zone) || len(n.FQDN) > MaxNameLen+1 {
			t.Fatalf("Resolve(%q) = %+v: not inside its zone or too long", s, n)
		}
		if _, err := CheckDomain(n.FQDN); err != nil {
			t.Fatalf("Resolve(%q) = %+v: invalid: %v", s, n, err)
		}
		again, err := zones.Resolve(n.FQDN)
		if err != nil || again != n {
			t.Fatalf("Resolve(%q) not stable: %+v then %+v, %v", s, n, again, err)
		}
	})
}

// FuzzTemplate: parsing never panics, and a rendered accepted template
// either resolves to a valid name or gives an error.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{name}.{namespace}.{zone}", "{name", "}", "{uid}", "a{name}b", "{{name}}"} {
		f.Add(s, "web-0", "default")
	}
	f.Fuzz(func(t *testing.T, tmpl, name, namespace string) {
		tp, err := ParseTemplate(tmpl)
		if err != nil {
			return
		}
		out, err := tp.Render(TemplateVars{Name: name, Namespace: namespace, UID: "u", Zone: "pods.test."})
		if err != nil {
			return
		}
		if n, err := (Zones{"pods.test."}).Resolve(out); err == nil {
			if _, err := CheckDomain(n.FQDN); err != nil {
				t.Fatalf("template %q rendered %q, resolved to invalid %q", tmpl, out, n.FQDN)
			}
		}
	})
}
