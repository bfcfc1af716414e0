package hold

import (
	"context"
	"net/netip"
	"path/filepath"
	"testing"
)

// BenchmarkAddHold is one admission's hold: Take (its marker written),
// its walk handed over and run, the pod's CreateContainer's Await (the
// marker removed), with a fake walk: what the hold itself costs the ADD.
func BenchmarkAddHold(b *testing.B) {
	hs := New(Options{})
	dir := filepath.Join(b.TempDir(), Dir)
	addrs := []netip.Addr{netip.MustParseAddr("198.51.100.1")}
	for b.Loop() {
		h, err := hs.Take(dir, Add, Pod{Sandbox: "p"}, addrs, nil)
		if err != nil {
			b.Fatal(err)
		}
		hs.Hand(h, func() error { return nil }, nil)
		hs.Start(h, nil)
		if err := hs.Await(context.Background(), Want{Pod: "p"}); err != nil {
			b.Fatal(err)
		}
	}
}
