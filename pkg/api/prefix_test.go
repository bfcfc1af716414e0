package api

import (
	"strings"
	"testing"
)

func TestParsePrefixAndNetwork(t *testing.T) {
	for _, tc := range []struct {
		in, prefix, network, err string
	}{
		{in: "198.51.100.0/24", prefix: "198.51.100.0/24", network: "198.51.100.0/24"},
		{in: "198.51.100.7", prefix: "198.51.100.7/32", network: "198.51.100.7/32"},
		{in: "2001:db8::/32", prefix: "2001:db8::/32", network: "2001:db8::/32"},
		{in: "2001:db8::7", prefix: "2001:db8::7/128", network: "2001:db8::7/128"},
		{in: "10.0.0.5/8", prefix: "10.0.0.5/8", err: "host bits set (did you mean 10.0.0.0/8?)"},
		{in: "::ffff:192.0.2.0/120", prefix: "::ffff:192.0.2.0/120", err: "IPv4-mapped"},
		{in: "fe80::1%eth0", err: `invalid CIDR "fe80::1%eth0"`},
		{in: "10.0.0/8", err: `invalid CIDR "10.0.0/8"`},
		{in: "", err: `invalid CIDR ""`},
	} {
		p, err := ParsePrefix(tc.in)
		if tc.prefix == "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePrefix(%q) = %v, %v; want error %q", tc.in, p, err, tc.err)
			}
			continue
		}
		if err != nil || p.String() != tc.prefix {
			t.Errorf("ParsePrefix(%q) = %v, %v; want %s", tc.in, p, err, tc.prefix)
		}
		n, err := ParseNetwork(tc.in)
		if tc.network == "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseNetwork(%q) = %v, %v; want error %q", tc.in, n, err, tc.err)
			}
		} else if err != nil || n.String() != tc.network {
			t.Errorf("ParseNetwork(%q) = %v, %v; want %s", tc.in, n, err, tc.network)
		}
	}
}
