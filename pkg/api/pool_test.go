package api

import (
	"errors"
	"strings"
	"testing"
)

func TestParseExternalPool(t *testing.T) {
	for _, tc := range []struct {
		in, err string
	}{
		{in: "pool:web"},
		{in: "pool:a"},
		{in: "pool:0-team-a-9"},
		{in: "pool:" + strings.Repeat("a", 63)},
		{in: "pool:", err: `pool name ""`},
		{in: "pool:" + strings.Repeat("a", 64), err: "is not a DNS label"},
		{in: "pool:Web", err: "is not a DNS label"},
		{in: "pool:-web", err: "is not a DNS label"},
		{in: "pool:web-", err: "is not a DNS label"},
		{in: "pool:we_b", err: "is not a DNS label"},
		{in: "pool:web.x", err: "is not a DNS label"},
		{in: "pool:web ", err: "is not a DNS label"},
		{in: "pool:web:1-2", err: "is not a DNS label"},
		{in: "Pool:web", err: "invalid external"},
	} {
		e, err := ParseExternal(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
				t.Errorf("ParseExternal(%q) = %+v, %v; want error containing %q", tc.in, e, err, tc.err)
			}
			continue
		}
		if err != nil || !e.IsPool() || e.String() != tc.in || e.Addr.IsValid() || e.HasPorts() || e.Masquerade {
			t.Errorf("ParseExternal(%q) = %+v, %v", tc.in, e, err)
		}
	}
}

// TestPoolOnlyInPodAnnotations: the chain's parsers (ipmasq's masqEntries,
// snatPolicy.defaultExternal, the admin's externals) refuse a pool; only a
// pod's annotation takes one.
func TestPoolOnlyInPodAnnotations(t *testing.T) {
	e := MasqEntry{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "tcp"}
	for _, form := range []Form{Strict, Lenient} {
		if _, err := ParseMasqEntry(e, form); err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "a pool is not an address") {
			t.Errorf("ParseMasqEntry(pool, %d) = %v", form, err)
		}
		if _, err := ParseSNATExternal("pool:web", form); err == nil || !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseSNATExternal(pool, %d) = %v", form, err)
		}
		if _, err := ParseSNATPolicy(SNATPolicy{DefaultAction: ActionSNAT, DefaultExternal: "pool:web"}, form); err == nil || !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseSNATPolicy(defaultExternal pool, %d) = %v", form, err)
		}
	}
	m, err := ParsePodMasqEntry(e)
	if err != nil || m.External.Pool != "web" || m.Entry() != e {
		t.Fatalf("ParsePodMasqEntry = %+v, %v", m, err)
	}
	for _, tc := range []struct {
		e   MasqEntry
		err string
	}{
		{MasqEntry{External: "pool:web", Destination: "198.51.100.0/24"}, `pool "web" needs protocol`},
		{MasqEntry{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "all"}, `pool "web" needs protocol`},
		{MasqEntry{External: "pool:Web", Destination: "198.51.100.0/24", Protocol: "tcp"}, "not a DNS label"},
		{MasqEntry{External: "pool:web", Destination: "198.51.100.1/24", Protocol: "tcp"}, "host bits"},
		{MasqEntry{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "TCP"}, "unknown protocol"},
		{MasqEntry{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "udp", Description: "a\nb"}, "control character"},
	} {
		if _, err := ParsePodMasqEntry(tc.e); err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
			t.Errorf("ParsePodMasqEntry(%+v) = %v, want %q", tc.e, err, tc.err)
		}
	}
	// Everything else is parsed as ParseMasqEntry (Strict) parses it.
	for _, e := range []MasqEntry{
		{External: "203.0.113.1:5-6", Destination: "10.0.0.0/8", Protocol: "tcp"},
		{External: "masquerade", Destination: "2001:db8::/32"},
		{External: "203.0.113.1", Destination: "10.1.2.3/8"},
	} {
		a, errA := ParseMasqEntry(e, Strict)
		b, errB := ParsePodMasqEntry(e)
		if (errA == nil) != (errB == nil) || a != b {
			t.Errorf("%+v: ParseMasqEntry = %+v, %v; ParsePodMasqEntry = %+v, %v", e, a, errA, b, errB)
		}
	}
	if _, err := ParsePodMasqEntries("masq", []MasqEntry{e, {External: "pool:x"}}); err == nil || !strings.HasPrefix(err.Error(), "masq[1].") {
		t.Errorf("ParsePodMasqEntries error = %v, want naming masq[1]", err)
	}
}

// FuzzParseExternal: whatever ParseExternal accepts prints back to a string
// it parses to the same value; a pool has a valid name and nothing else.
func FuzzParseExternal(f *testing.F) {
	for _, s := range []string{"pool:web", "pool:", "pool:-", "pool:a-b", "masquerade", "192.0.2.1:5-6", "[2001:db8::1]:80", "pool:pool:x", "pool:WEB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExternal(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseExternal(%q) error %v is not ErrInvalid", s, err)
			}
			return
		}
		if e.IsPool() {
			if !ValidPoolName(e.Pool) || e.Addr.IsValid() || e.Masquerade || e.HasPorts() || s != e.String() {
				t.Fatalf("ParseExternal(%q) = %+v", s, e)
			}
			if _, err := ParseSNATExternal(s, Lenient); err == nil {
				t.Fatalf("ParseSNATExternal(%q) accepted a pool", s)
			}
		}
		back, err := ParseExternal(e.String())
		if err != nil || back != e {
			t.Fatalf("ParseExternal(%q) = %+v, whose String %q parses to %+v, %v", s, e, e.String(), back, err)
		}
	})
}
