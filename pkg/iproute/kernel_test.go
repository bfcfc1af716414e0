package iproute

import (
	"net"
	"net/netip"
	"testing"

	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

func TestNetlinkRuleRoundTrip(t *testing.T) {
	b := backend{proto: 209}
	for _, r := range []Rule{
		{Priority: 1536, Src: netip.MustParsePrefix("192.0.2.10/32"), Table: 100},
		{Priority: 1024, Src: netip.MustParsePrefix("2001:db8::10/128"), Dst: netip.MustParsePrefix("2001:db8:1::/48"), Table: tableMain},
		{Priority: 512, Dst: netip.MustParsePrefix("192.0.2.0/24"), Table: tableMain},
		{Priority: 1000, Invert: true, Src: netip.MustParsePrefix("192.0.2.0/24"), Table: tableMain},
		{Priority: 1536, Src: netip.MustParsePrefix("192.0.2.10/32"), Table: 70000},
	} {
		nr := b.nlRule(r)
		if nr.Protocol != 209 || nr.Goto != -1 || nr.Flow != -1 {
			t.Errorf("%s: netlink rule %+v would carry unwanted attributes", r, nr)
		}
		if want := map[bool]int{false: netlink.FAMILY_V4, true: netlink.FAMILY_V6}[r.is6()]; nr.Family != want {
			t.Errorf("%s: family %d", r, nr.Family)
		}
		back, ok := ruleFromKernel(*nr)
		if !ok || back != r {
			t.Errorf("round trip of %s gave %s (ok=%v)", r, back, ok)
		}
		if err := indexRules([]netlink.Rule{*nr}).check(r); err != nil {
			t.Errorf("check: %v", err)
		}
	}
	other := *b.nlRule(Rule{Priority: 1536, Src: netip.MustParsePrefix("192.0.2.10/32"), Table: 101})
	want := Rule{Priority: 1536, Src: netip.MustParsePrefix("192.0.2.10/32"), Table: 100}
	err := indexRules([]netlink.Rule{other}).check(want)
	if err == nil || err.Error() != `rule "pref 1536 from 192.0.2.10 to all lookup 100" changed: found "pref 1536 from 192.0.2.10 to all lookup 101"` {
		t.Errorf("changed rule: %v", err)
	}
	// The first of two rules with one selector is the one the kernel
	// applies: a right one after a wrong one is still drift.
	right := *b.nlRule(want)
	if err := indexRules([]netlink.Rule{other, right}).check(want); err == nil {
		t.Error("a wrong rule listed before the right one passed")
	}
	if err := indexRules([]netlink.Rule{right, other}).check(want); err != nil {
		t.Errorf("the right rule listed first: %v", err)
	}
	if err := indexRules(nil).check(want); err == nil || err.Error() != `rule "pref 1536 from 192.0.2.10 to all lookup 100" is missing` {
		t.Errorf("missing rule: %v", err)
	}
}

func TestNetlinkPodRoute(t *testing.T) {
	b := backend{proto: 209}
	for _, tc := range []struct {
		r     PodRoute
		typ   int
		scope netlink.Scope
		table int
	}{
		{PodRoute{Dst: netip.MustParsePrefix("198.51.100.0/24"), Gateway: netip.MustParseAddr("192.0.2.1"), Type: TypeUnicast, Metric: 5, MTU: 1400}, unix.RTN_UNICAST, netlink.SCOPE_UNIVERSE, tableMain},
		{PodRoute{Dst: netip.MustParsePrefix("203.0.113.0/24"), Type: TypeBlackhole, Table: 7}, unix.RTN_BLACKHOLE, netlink.SCOPE_UNIVERSE, 7},
		{PodRoute{Dst: netip.MustParsePrefix("2001:db8::/32"), Type: TypeUnreachable}, unix.RTN_UNREACHABLE, netlink.SCOPE_UNIVERSE, tableMain},
		{PodRoute{Dst: netip.MustParsePrefix("2001:db8::/32"), Type: TypeProhibit, Src: netip.MustParseAddr("2001:db8::1")}, unix.RTN_PROHIBIT, netlink.SCOPE_UNIVERSE, tableMain},
	} {
		nr, err := b.nlPodRoute(tc.r)
		if err != nil {
			t.Fatal(err)
		}
		if nr.Type != tc.typ || nr.Scope != tc.scope || nr.Table != tc.table || nr.Protocol != 209 ||
			nr.Priority != tc.r.Metric || nr.MTU != tc.r.MTU || nr.Dst.String() != tc.r.Dst.String() {
			t.Errorf("%s: netlink route %+v", tc.r, nr)
		}
		if !sameRoute(*nr, nr) {
			t.Errorf("%s: not the same as itself", tc.r)
		}
	}
	want, _ := b.nlPodRoute(PodRoute{Dst: netip.MustParsePrefix("198.51.100.0/24"), Gateway: netip.MustParseAddr("192.0.2.1"), Type: TypeUnicast})
	have := *want
	have.Gw = net.ParseIP("192.0.2.2")
	if sameRoute(have, want) {
		t.Error("different gateways compare equal")
	}
	have = *want
	have.Protocol = unix.RTPROT_STATIC
	if !sameRoute(have, want) {
		t.Error("an identical route of another owner must count as the same")
	}
	have.Type = unix.RTN_BLACKHOLE
	if sameRoute(have, want) {
		t.Error("different types compare equal")
	}
}
