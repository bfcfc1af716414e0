package plugin

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// Hole d of issue 30: the address locks were keyed by the raw string and
// the walk holds by the parsed address, so two spellings of one address
// did not exclude each other. Every spelling of an address takes the one
// lock, and sees the one hold.
func TestAddressSpellingsExcludeEachOther(t *testing.T) {
	p, st := flowsPlugin(t)
	for _, pair := range [][2]string{
		{"2001:db8::1", "2001:0db8:0000::1/128"},
		{"198.51.100.1", "::ffff:198.51.100.1"},
		{"198.51.100.2/24", "198.51.100.2"},
	} {
		held := make(chan struct{})
		release := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- p.work.Locks().LockAddrs(context.Background(), []string{pair[0]}, func([]string) error {
				close(held)
				<-release
				return nil
			})
		}()
		<-held
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		err := p.work.Locks().LockAddrs(ctx, []string{pair[1]}, func([]string) error { return nil })
		cancel()
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s while %s is locked: %v, want to wait for it", pair[1], pair[0], err)
		}
		// A walk's hold on one spelling holds every other.
		h := p.work.TakeDelHold(st, &podEntry{Pod: chainrun.Pod{ID: "stopped", IPs: []string{pair[0]}}}, &podEntry{})
		if !p.holds.Pending(hold.Want{Addrs: work.ParseAddrs([]string{pair[1]})}) {
			t.Errorf("%s while a walk holds %s: free, want held", pair[1], pair[0])
		}
		p.work.SettleDel(h, nil, nil)
	}
	if n := p.work.Locks().HeldAddrs(); n != 0 {
		t.Errorf("%d address locks left", n)
	}
}
