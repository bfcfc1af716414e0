package api

import (
	"net/netip"
	"strings"
	"testing"
)

func TestParseExternal(t *testing.T) {
	tests := []struct {
		in   string
		want External
		err  string
	}{
		{in: "masquerade", want: External{Masquerade: true}},
		{in: "192.0.2.1", want: External{Addr: netip.MustParseAddr("192.0.2.1")}},
		{in: "192.0.2.1:80", want: External{Addr: netip.MustParseAddr("192.0.2.1"), PortLo: 80, PortHi: 80}},
		{in: "192.0.2.1:1-65535", want: External{Addr: netip.MustParseAddr("192.0.2.1"), PortLo: 1, PortHi: 65535}},
		{in: "2001:db8::1", want: External{Addr: netip.MustParseAddr("2001:db8::1")}},
		{in: "[2001:db8::1]", want: External{Addr: netip.MustParseAddr("2001:db8::1")}},
		{in: "[2001:db8::1]:5000-5010", want: External{Addr: netip.MustParseAddr("2001:db8::1"), PortLo: 5000, PortHi: 5010}},
		{in: "::ffff:192.0.2.1", want: External{Addr: netip.MustParseAddr("192.0.2.1")}},
		{in: "", err: `invalid external ""`},
		{in: "masq", err: `invalid external "masq"`},
		{in: "192.0.2.1:", err: "empty port"},
		{in: "192.0.2.1:0", err: `"0" is not a port`},
		{in: "192.0.2.1:65536", err: `"65536" is not a port`},
		{in: "192.0.2.1:10-5", err: "10-5 is empty"},
		{in: "192.0.2.1:+5", err: `"+5" is not a port`},
		{in: "192.0.2.1:5-", err: `"" is not a port`},
		{in: "[192.0.2.1]:5", err: "brackets are for IPv6"},
		{in: "[2001:db8::1", err: "missing ']'"},
		{in: "[2001:db8::1]5", err: "want [IPv6]:port"},
		{in: "[2001:db8::1]:", err: "empty port"},
		{in: "fe80::1%eth0", err: "invalid external"},
		{in: "192.0.2.256", err: "invalid external"},
	}
	for _, tt := range tests {
		got, err := ParseExternal(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseExternal(%q) error = %v, want containing %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseExternal(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestExternalStringRoundTrips(t *testing.T) {
	for _, s := range []string{"masquerade", "192.0.2.1", "192.0.2.1:80", "192.0.2.1:5000-5010", "2001:db8::1", "[2001:db8::1]:5000-5010"} {
		e, err := ParseExternal(s)
		if err != nil || e.String() != s {
			t.Errorf("ParseExternal(%q).String() = %q, %v", s, e.String(), err)
		}
	}
}
