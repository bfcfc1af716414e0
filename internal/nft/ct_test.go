package nft

import (
	"testing"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"
)

// TestCtSetReadsBack: a "ct mark set" expression, encoded as sent,
// decodes as the kernel lists it back: a set from its source register.
// The library alone read it as a load into register 0 (found listing
// strict mode's chains on the kernel).
func TestCtSetReadsBack(t *testing.T) {
	for _, e := range SetCtMarkBits(0x1000, 0x1000, unix.NFT_REG_4) {
		b, err := expr.Marshal(unix.NFPROTO_INET, e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeExpr(b)
		if err != nil {
			t.Fatal(err)
		}
		if Exprs([]expr.Any{got}) != Exprs([]expr.Any{e}) {
			t.Errorf("%s reads back as %s", Exprs([]expr.Any{e}), Exprs([]expr.Any{got}))
		}
	}
}
