package main

import (
	"encoding/binary"
	"net/netip"
)

const protoUDP = 17

// ipv4UDP is an IPv4 packet carrying a UDP datagram, checksums computed
// (the kernel fills the header's length, ID and checksum of an IP_HDRINCL
// packet anyway).
func ipv4UDP(src, dst netip.Addr, sport, dport uint16, payload []byte) []byte {
	u := udp(src, dst, sport, dport, payload)
	h := make([]byte, 20, 20+len(u))
	h[0] = 0x45 // version 4, 5 words
	binary.BigEndian.PutUint16(h[2:], uint16(20+len(u)))
	h[8] = 64 // TTL
	h[9] = protoUDP
	s, d := src.As4(), dst.As4()
	copy(h[12:], s[:])
	copy(h[16:], d[:])
	binary.BigEndian.PutUint16(h[10:], checksum(h))
	return append(h, u...)
}

// ipv6UDP is an IPv6 packet carrying a UDP datagram (whose checksum IPv6
// requires).
func ipv6UDP(src, dst netip.Addr, sport, dport uint16, payload []byte) []byte {
	u := udp(src, dst, sport, dport, payload)
	h := make([]byte, 40, 40+len(u))
	h[0] = 0x60 // version 6
	binary.BigEndian.PutUint16(h[4:], uint16(len(u)))
	h[6] = protoUDP
	h[7] = 64 // hop limit
	s, d := src.As16(), dst.As16()
	copy(h[8:], s[:])
	copy(h[24:], d[:])
	return append(h, u...)
}

// udp is a UDP header and payload, its checksum over the pseudo-header of
// src and dst (RFC 768, RFC 8200 section 8.1).
func udp(src, dst netip.Addr, sport, dport uint16, payload []byte) []byte {
	u := make([]byte, 8+len(payload))
	binary.BigEndian.PutUint16(u[0:], sport)
	binary.BigEndian.PutUint16(u[2:], dport)
	binary.BigEndian.PutUint16(u[4:], uint16(len(u)))
	copy(u[8:], payload)
	c := checksum(append(pseudoHeader(src, dst, len(u)), u...))
	if c == 0 {
		c = 0xffff // 0 means "no checksum"
	}
	binary.BigEndian.PutUint16(u[6:], c)
	return u
}

func pseudoHeader(src, dst netip.Addr, length int) []byte {
	b := append(src.AsSlice(), dst.AsSlice()...)
	if src.Is4() {
		return append(b, 0, protoUDP, byte(length>>8), byte(length))
	}
	b = binary.BigEndian.AppendUint32(b, uint32(length))
	return append(b, 0, 0, 0, protoUDP)
}

// checksum is the Internet checksum (RFC 1071) of b.
func checksum(b []byte) uint16 {
	var sum uint32
	for i := 0; i+1 < len(b); i += 2 {
		sum += uint32(b[i])<<8 | uint32(b[i+1])
	}
	if len(b)%2 == 1 {
		sum += uint32(b[len(b)-1]) << 8
	}
	for sum > 0xffff {
		sum = sum>>16 + sum&0xffff
	}
	return ^uint16(sum)
}
