package nft

import (
	"encoding/binary"
	"fmt"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// OrigZoneSet is "ct original zone set" from a register: the conntrack
// zone of the packet's original direction only (a directional zone,
// NF_CT_ZONE_DIR_ORIG), set before conntrack sees the packet. The
// library's expr.Ct sends no direction for a zone, which would make the
// zone apply to both directions, and replies arriving from elsewhere
// would then never find their entry; this package encodes it itself.
type OrigZoneSet struct {
	// Counter is there only to satisfy expr.Any: the expression is
	// encoded by encodeRule, never by the library.
	*expr.Counter
	// Register holds the zone: the kernel reads its first two bytes in
	// host order.
	Register uint32
}

// SetOrigZone returns "ct original zone set" from register reg.
func SetOrigZone(reg uint32) *OrigZoneSet {
	return &OrigZoneSet{Counter: &expr.Counter{}, Register: reg}
}

// nftaCtSreg and nftaCtDirection are NFTA_CT_SREG and NFTA_CT_DIRECTION
// (include/uapi/linux/netfilter/nf_tables.h); the direction is one byte.
const (
	nftaCtSreg      = 4
	nftaCtDirection = 3
)

func (z *OrigZoneSet) encode() []byte {
	var data attrs
	data = data.u32(unix.NFTA_CT_KEY, unix.NFT_CT_ZONE).u32(nftaCtSreg, z.Register).add(nftaCtDirection, []byte{0})
	var a attrs
	return a.str(unix.NFTA_EXPR_NAME, "ct").nest(unix.NFTA_EXPR_DATA, data)
}

func (z *OrigZoneSet) String() string {
	return fmt.Sprintf("ct set original zone with reg %d", z.Register)
}

// ZoneWord is a FieldU32 map datum that an OrigZoneSet reads as zone z
// on either byte order: both halves hold it.
func ZoneWord(z uint16) uint32 { return uint32(z)<<16 | uint32(z) }

// zoneOf is the zone the kernel reads from register bytes b.
func zoneOf(b []byte) uint16 { return binary.NativeEndian.Uint16(b) }

// decodeOrigZoneSet reads a "ct" expression that sets the original
// direction's zone from a register (ok false for any other).
func decodeOrigZoneSet(name string, data []byte) (*OrigZoneSet, bool) {
	if name != "ct" {
		return nil, false
	}
	var key, reg uint32
	var dir []byte
	for _, a := range decodeAttrs(data) {
		switch a.typ &^ unix.NLA_F_NESTED {
		case unix.NFTA_CT_KEY:
			key = beU32(a.data)
		case nftaCtSreg:
			reg = beU32(a.data)
		case nftaCtDirection:
			dir = a.data
		}
	}
	if key != unix.NFT_CT_ZONE || reg == 0 || len(dir) < 1 || dir[0] != 0 {
		return nil, false
	}
	return SetOrigZone(reg), true
}
