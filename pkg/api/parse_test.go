package api

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseMasqEntryForms(t *testing.T) {
	for _, tc := range []struct {
		e               MasqEntry
		strict, lenient string // "" = accepted, else part of the error
	}{
		{e: MasqEntry{External: "203.0.113.1:5-6", Destination: "10.0.0.0/8", Protocol: "tcp"}},
		{e: MasqEntry{External: "203.0.113.1", Destination: "10.1.2.3/8"}, strict: "host bits set"},
		{e: MasqEntry{External: "203.0.113.1", Destination: "::ffff:10.0.0.0/104"}, strict: "IPv4-mapped"},
		{e: MasqEntry{External: "::ffff:203.0.113.1", Destination: "10.0.0.0/8"}, strict: "IPv4-mapped"},
		{e: MasqEntry{External: "203.0.113.1", Destination: "10.0.0.0/8", Protocol: "TCP"}, strict: `unknown protocol "TCP"`},
		{e: MasqEntry{External: "203.0.113.1", Destination: "10.0.0.0/8", Description: "a\nb"}, strict: "control character"},
		// Refused in both forms: no SNAT to what a packet cannot leave with.
		{e: MasqEntry{External: "127.0.0.1", Destination: "10.0.0.0/8"}, strict: "not a unicast address", lenient: "not a unicast address"},
		{e: MasqEntry{External: "224.0.0.1", Destination: "10.0.0.0/8"}, strict: "not a unicast address", lenient: "not a unicast address"},
		{e: MasqEntry{External: "203.0.113.1:5", Destination: "10.0.0.0/8"}, strict: "need protocol", lenient: "need protocol"},
		{e: MasqEntry{External: "2001:db8::1", Destination: "10.0.0.0/8"}, strict: "is IPv6 but destination", lenient: "is IPv6 but destination"},
	} {
		for form, want := range map[Form]string{Strict: tc.strict, Lenient: tc.lenient} {
			_, err := ParseMasqEntry(tc.e, form)
			if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrInvalid)) {
				t.Errorf("ParseMasqEntry(%+v, %d) = %v, want %q", tc.e, form, err, want)
			}
		}
	}
}

func TestParseRouteEntryForms(t *testing.T) {
	for _, tc := range []struct {
		e               RouteEntry
		strict, lenient string
	}{
		{e: RouteEntry{Destination: "10.0.0.0/8", Gateway: "drop"}},
		{e: RouteEntry{Destination: "10.0.0.0/8"}}, // a device route on the pod interface
		{e: RouteEntry{Destination: "10.0.0.0/8", Gateway: "DROP"}, strict: `gateway: invalid address "DROP"`},
		{e: RouteEntry{Destination: "10.0.0.0/8", Type: "Blackhole"}, strict: `unknown route type "Blackhole"`},
		{e: RouteEntry{Destination: " 10.0.0.0/8 ", Dev: "eth0"}, strict: "invalid CIDR"},
		{e: RouteEntry{Destination: "2001:db8::/32", Dev: "eth0", MTU: 1000}, strict: "mtu: 1000 outside 1280-65535", lenient: "mtu: 1000 outside 1280-65535"},
		{e: RouteEntry{Destination: "2001:db8::/32", Gateway: "ff02::1"}, strict: "not a unicast address", lenient: "not a unicast address"},
		{e: RouteEntry{Destination: "10.0.0.0/8", Type: "prohibit", Gateway: "drop"}, strict: "conflicts", lenient: "conflicts"},
	} {
		for form, want := range map[Form]string{Strict: tc.strict, Lenient: tc.lenient} {
			_, err := ParseRouteEntry(tc.e, form)
			if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrInvalid)) {
				t.Errorf("ParseRouteEntry(%+v, %d) = %v, want %q", tc.e, form, err, want)
			}
		}
	}
}

func TestParsePolicyRouting(t *testing.T) {
	for _, tc := range []struct {
		p   PolicyRouting
		err string
	}{
		{p: PolicyRouting{Table: 100, Priority: 1500, ExcludeCIDRs: []string{"10.0.0.0/8"}, HostInterface: "eth0"}},
		{p: PolicyRouting{Priority: MainRulePriority}, err: "priority: 32766 outside 1-32765"},
		{p: PolicyRouting{Table: -1}, err: "table: -1 is not a routing table"},
		{p: PolicyRouting{HostInterface: "a/b"}, err: `hostInterface: invalid interface name "a/b"`},
		{p: PolicyRouting{ExcludeCIDRs: []string{"10.0.0.1/8"}}, err: "excludeCIDRs[0]: invalid CIDR"},
	} {
		_, err := ParsePolicyRouting(tc.p)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid)) {
			t.Errorf("ParsePolicyRouting(%+v) = %v, want %q", tc.p, err, tc.err)
		}
	}
}

// FuzzStrictImpliesLenient: Form only widens spellings. Whatever Strict
// accepts, Lenient accepts as the same value, and the canonical wire form
// of a value parses back to it; every refusal is ErrInvalid.
func FuzzStrictImpliesLenient(f *testing.F) {
	f.Add(`{"external":"203.0.113.1:5-6","destination":"10.0.0.0/8","protocol":"tcp"}`,
		`{"destination":"10.0.0.0/8","gateway":"drop"}`)
	f.Add(`{"external":"[2001:db8::1]:80","destination":"2001:db8::1","protocol":"UDP"}`,
		`{"destination":"2001:db8::/32","gateway":"fe80::1","dev":"eth0","mtu":1280,"metric":5,"table":7,"src":"2001:db8::2","type":"unicast"}`)
	f.Add(`{"external":"masquerade","destination":"10.1.2.3/8","description":"x"}`, `{"destination":"10.0.0.0/8","type":"Prohibit"}`)
	f.Fuzz(func(t *testing.T, masqJSON, routeJSON string) {
		var me MasqEntry
		if json.Unmarshal([]byte(masqJSON), &me) == nil {
			checkForms(t, me, ParseMasqEntry, Masq.Entry)
		}
		var re RouteEntry
		if json.Unmarshal([]byte(routeJSON), &re) == nil {
			checkForms(t, re, ParseRouteEntry, Route.Entry)
		}
	})
}

func checkForms[W any, V comparable](t *testing.T, w W, parse func(W, Form) (V, error), wire func(V) W) {
	t.Helper()
	s, serr := parse(w, Strict)
	l, lerr := parse(w, Lenient)
	for _, err := range []error{serr, lerr} {
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("%+v: error %v is not ErrInvalid", w, err)
		}
	}
	if serr != nil {
		return
	}
	if lerr != nil || l != s {
		t.Fatalf("%+v: Strict gives %+v, Lenient %+v, %v", w, s, l, lerr)
	}
	if back, err := parse(wire(s), Strict); err != nil || back != s {
		t.Fatalf("%+v: wire form %+v parses back to %+v, %v", w, wire(s), back, err)
	}
}
