package main

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"strings"
	"testing"
)

// A packet's checksums verify: summed with the checksum in place, the
// header (IPv4) and the pseudo-header with the datagram give 0.
func TestPacketChecksums(t *testing.T) {
	for _, c := range []struct{ src, dst string }{
		{"198.18.0.5", "198.19.1.1"},
		{"2001:2:0:100::5", "2001:2:0:f001::1"},
	} {
		src, dst := netip.MustParseAddr(c.src), netip.MustParseAddr(c.dst)
		payload := []byte("spoof-7") // odd length
		var pkt []byte
		hlen := 40
		if src.Is4() {
			pkt, hlen = ipv4UDP(src, dst, 6000, 8081, payload), 20
			if got := checksum(pkt[:20]); got != 0 {
				t.Errorf("%s: IPv4 header checksum does not verify (%#04x)", c.src, got)
			}
			if !bytes.Equal(pkt[12:16], src.AsSlice()) || pkt[9] != protoUDP || int(binary.BigEndian.Uint16(pkt[2:])) != len(pkt) {
				t.Errorf("%s: bad IPv4 header % x", c.src, pkt[:20])
			}
		} else {
			pkt = ipv6UDP(src, dst, 6000, 8081, payload)
			if !bytes.Equal(pkt[8:24], src.AsSlice()) || pkt[6] != protoUDP || int(binary.BigEndian.Uint16(pkt[4:])) != len(pkt)-40 {
				t.Errorf("%s: bad IPv6 header % x", c.src, pkt[:40])
			}
		}
		u := pkt[hlen:]
		if got := checksum(append(pseudoHeader(src, dst, len(u)), u...)); got != 0 {
			t.Errorf("%s: UDP checksum does not verify (%#04x)", c.src, got)
		}
		if binary.BigEndian.Uint16(u[0:]) != 6000 || binary.BigEndian.Uint16(u[2:]) != 8081 || !bytes.Equal(u[8:], payload) {
			t.Errorf("%s: bad UDP datagram % x", c.src, u)
		}
	}
}

// A burst never leaves its bounds: the test ranges, one family, the
// mode's family, a bounded count and duration.
func TestSendBounds(t *testing.T) {
	for _, c := range []struct {
		mode string
		args []string
		want string // in the error; "" for accepted
	}{
		{"spoof-udp", []string{"--src", "198.18.0.5", "--dst", "198.19.1.1:8081"}, ""},
		{"spoof-udp6", []string{"--src", "2001:2:0:100::5", "--dst", "[2001:2:0:f001::1]:8081"}, ""},
		{"spoof-udp", []string{"--src", "198.18.0.5", "--dst", "192.0.2.1:8081"}, "only the test ranges"},
		{"spoof-udp6", []string{"--src", "2001:2:0:100::5", "--dst", "[2001:db8::1]:8081"}, "only the test ranges"},
		{"spoof-udp", []string{"--src", "2001:2:0:100::5", "--dst", "198.19.1.1:8081"}, "not one family"},
		{"spoof-udp", []string{"--src", "2001:2:0:100::5", "--dst", "[2001:2:0:f001::1]:8081"}, "takes IPv4"},
		{"spoof-udp6", []string{"--src", "198.18.0.5", "--dst", "198.19.1.1:8081"}, "takes IPv6"},
		{"send-udp", []string{"--src", "198.18.0.5", "--dst", "198.19.1.1:8081", "--count", "1001"}, "--count 1001"},
		{"send-udp", []string{"--src", "198.18.0.5", "--dst", "198.19.1.1:8081", "--count", "100", "--interval", "1s"}, "more than 30s"},
		{"send-udp", []string{"--src", "198.18.0.5", "--dst", "198.19.1.1"}, "want ADDR:PORT"},
		{"send-udp", []string{"--src", "nope", "--dst", "198.19.1.1:8081"}, "want an IP address"},
	} {
		var stderr strings.Builder
		_, err := parseSend(c.mode, modes[c.mode].family, c.args, &stderr)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %v: %v", c.mode, c.args, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %v: error %v, want one saying %q", c.mode, c.args, err, c.want)
		}
	}
	var stdout, stderr strings.Builder
	if code := sendMain("spoof-tcp", nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "unknown mode") {
		t.Errorf("unknown mode: exit %d, %q", code, stderr.String())
	}
}
