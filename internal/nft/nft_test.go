package nft

import (
	"errors"
	"net/netip"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// sample declares every object shape the backends use, with the nft
// script that declares the same objects.
func sample() (*Batch, string) {
	b := NewBatch("t")
	b.AddTable()
	b.AddSet(&Set{Name: "pods4", Fields: []byte{unix.NFPROTO_IPV4}, Verdicts: true, ID: 1})
	b.AddSet(&Set{Name: "pods6", Fields: []byte{unix.NFPROTO_IPV6}, Verdicts: true, ID: 2})
	b.AddSet(&Set{Name: "bypass4", Fields: []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV4}, Interval: true, ID: 3})
	b.AddSet(&Set{Name: "bypass6", Fields: []byte{unix.NFPROTO_IPV6, unix.NFPROTO_IPV6}, Interval: true, ID: 4})
	b.AddChain(&Chain{Name: "postrouting", Hook: &Hook{Type: "nat", Num: unix.NF_INET_POST_ROUTING, Priority: 100}})
	b.AddChain(&Chain{Name: "prerouting", Hook: &Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: -150}})
	b.CreateChain(&Chain{Name: "pod-x", Comment: "owner=x net=n"})
	b.AddChain(&Chain{Name: "mark-00010000-00ff0000"})
	b.AddRule(&Rule{Chain: "postrouting", Exprs: append(MatchFamily(unix.NFPROTO_IPV4), LoadAddr(unix.NFPROTO_IPV4, false, Reg1), LookupVerdict("pods4"))})
	b.AddRule(&Rule{Chain: "postrouting", Exprs: append(MatchFamily(unix.NFPROTO_IPV6), LoadAddr(unix.NFPROTO_IPV6, false, Reg1), LookupVerdict("pods6"))})
	b.AddRule(&Rule{Chain: "prerouting", Exprs: append(MatchFamily(unix.NFPROTO_IPV4), LoadAddr(unix.NFPROTO_IPV4, false, Reg1),
		LoadAddr(unix.NFPROTO_IPV4, true, Reg32_01), Lookup("bypass4"), &expr.Verdict{Kind: expr.VerdictReturn})})
	b.AddRule(&Rule{Chain: "prerouting", Exprs: append(MatchFamily(unix.NFPROTO_IPV6), LoadAddr(unix.NFPROTO_IPV6, false, Reg1),
		LoadAddr(unix.NFPROTO_IPV6, true, Reg2), Lookup("bypass6"), &expr.Verdict{Kind: expr.VerdictReturn})})
	b.AddRule(&Rule{Chain: "mark-00010000-00ff0000", Exprs: SetMarkBits(0x00010000, 0x00ff0000)})
	b.AddRule(&Rule{Chain: "pod-x", Exprs: append(MatchPrefix(true, netip.MustParsePrefix("10.0.0.0/8")), &expr.Verdict{Kind: expr.VerdictReturn}), Comment: "c1"})
	b.AddRule(&Rule{Chain: "pod-x", Exprs: append(append(MatchPrefix(true, netip.MustParsePrefix("192.0.2.128/25")), MatchL4Proto(unix.IPPROTO_TCP)...),
		&expr.Immediate{Register: Reg1, Data: netip.MustParseAddr("192.0.2.15").AsSlice()},
		&expr.Immediate{Register: Reg2, Data: []byte{0x13, 0x88}},
		&expr.Immediate{Register: Reg3, Data: []byte{0x13, 0x92}},
		&expr.NAT{Type: expr.NATTypeSourceNAT, Family: unix.NFPROTO_IPV4, RegAddrMin: Reg1, RegProtoMin: Reg2, RegProtoMax: Reg3, FullyRandom: true}), Comment: "c2"})
	b.AddRule(&Rule{Chain: "pod-x", Exprs: append(MatchPrefix(true, netip.MustParsePrefix("2001:db8:2::/48")), &expr.Masq{Random: true})})
	b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.5")}, Verdict: &Verdict{Code: unix.NFT_GOTO, Chain: "pod-x"}})
	b.AddElement(&Element{Set: "pods6", Key: []netip.Addr{netip.MustParseAddr("2001:db8:ff::5")}, Verdict: &Verdict{Code: unix.NFT_GOTO, Chain: "pod-x"}})
	b.AddElement(&Element{Set: "bypass4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.5"), netip.MustParseAddr("203.0.113.0")},
		KeyEnd: []netip.Addr{netip.MustParseAddr("198.51.100.5"), netip.MustParseAddr("203.0.113.255")}})
	b.AddElement(&Element{Set: "bypass6", Key: []netip.Addr{netip.MustParseAddr("2001:db8::5"), netip.MustParseAddr("2001:db8:1::")},
		KeyEnd: []netip.Addr{netip.MustParseAddr("2001:db8::5"), netip.MustParseAddr("2001:db8:1:ffff:ffff:ffff:ffff:ffff")}})
	script := `add table inet t
add map inet t pods4 { type ipv4_addr : verdict ; }
add map inet t pods6 { type ipv6_addr : verdict ; }
add set inet t bypass4 { type ipv4_addr . ipv4_addr ; flags interval ; }
add set inet t bypass6 { type ipv6_addr . ipv6_addr ; flags interval ; }
add chain inet t postrouting { type nat hook postrouting priority 100 ; }
add chain inet t prerouting { type filter hook prerouting priority -150 ; }
create chain inet t pod-x { comment "owner=x net=n" ; }
add chain inet t mark-00010000-00ff0000
add rule inet t postrouting ip saddr vmap @pods4
add rule inet t postrouting ip6 saddr vmap @pods6
add rule inet t prerouting ip saddr . ip daddr @bypass4 return
add rule inet t prerouting ip6 saddr . ip6 daddr @bypass6 return
add rule inet t mark-00010000-00ff0000 meta mark set meta mark & 0xff00ffff | 0x00010000
add rule inet t pod-x ip daddr 10.0.0.0/8 return comment "c1"
add rule inet t pod-x ip daddr 192.0.2.128/25 meta l4proto tcp snat ip to 192.0.2.15:5000-5010 fully-random comment "c2"
add rule inet t pod-x ip6 daddr 2001:db8:2::/48 masquerade random
add element inet t pods4 { 198.51.100.5 : goto pod-x }
add element inet t pods6 { 2001:db8:ff::5 : goto pod-x }
add element inet t bypass4 { 198.51.100.5 . 203.0.113.0/24 }
add element inet t bypass6 { 2001:db8::5 . 2001:db8:1::/48 }
`
	return b, script
}

var handles = regexp.MustCompile(`(?m)^(inet t \S+)( \d+)+$`)

// listing is everything nft shows of the namespace's ruleset: the text
// and the expressions and user data behind it.
func listing(t *testing.T, n ns.NetNS) string {
	t.Helper()
	text := testutil.Run(t, n, "nft", "list", "ruleset")
	debug := testutil.Run(t, n, "nft", "--debug=netlink", "list", "ruleset")
	return strings.TrimSpace(text) + "\n" + strings.TrimSpace(handles.ReplaceAllString(debug, "$1"))
}

// TestSameAsNft: a batch declares exactly what nft declares for the
// same script: same listing, same expressions, same user data.
func TestSameAsNft(t *testing.T) {
	mine, theirs := testutil.NewNS(t), testutil.NewNS(t)
	b, script := sample()
	c, err := Open(mine.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Apply(b); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	f := t.TempDir() + "/script.nft"
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	testutil.Run(t, theirs, "nft", "-f", f)
	if got, want := listing(t, mine), listing(t, theirs); got != want {
		t.Fatalf("batch and nft differ:\n--- batch\n%s\n--- nft\n%s", got, want)
	}
}

// TestListAndErrors: listings return what was sent; errors are typed and
// a failed batch changes nothing.
func TestListAndErrors(t *testing.T) {
	n := testutil.NewNS(t)
	c, err := Open(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ok, err := c.TableExists("t"); ok || err != nil {
		t.Fatalf("TableExists on an empty node = %v, %v", ok, err)
	}
	if _, err := c.GetChain("t", "pod-x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetChain of a missing table = %v, want ErrNotFound", err)
	}
	if _, err := c.ListElements("t", &Set{Name: "pods4", Fields: []byte{unix.NFPROTO_IPV4}}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ListElements of a missing table = %v, want ErrNotFound", err)
	}
	b, _ := sample()
	if err := c.Apply(b); err != nil {
		t.Fatal(err)
	}
	rules, err := c.ListRules("t", "pod-x")
	if err != nil {
		t.Fatal(err)
	}
	var sent []string
	for _, op := range b.Ops {
		if op.Kind == OpAddRule && op.Rule.Chain == "pod-x" {
			sent = append(sent, op.Rule.String())
		}
	}
	var got []string
	for _, r := range rules {
		got = append(got, r.String())
	}
	if strings.Join(got, "\n") != strings.Join(sent, "\n") {
		t.Errorf("listed rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(sent, "\n"))
	}
	all, err := c.ListRules("t", "")
	if err != nil {
		t.Fatal(err)
	}
	var nrules int
	for _, op := range b.Ops {
		if op.Kind == OpAddRule {
			nrules++
		}
	}
	if len(all) != nrules {
		t.Errorf("ListRules of the whole table = %d rules, want %d", len(all), nrules)
	}
	chains, err := c.ListChains("t")
	if err != nil {
		t.Fatal(err)
	}
	comments := map[string]string{}
	for _, ch := range chains {
		comments[ch.Name] = ch.Comment
	}
	if len(chains) != 4 || comments["pod-x"] != "owner=x net=n" {
		t.Errorf("chains = %+v", chains)
	}
	for _, s := range []*Set{
		{Name: "pods6", Fields: []byte{unix.NFPROTO_IPV6}},
		{Name: "bypass4", Fields: []byte{unix.NFPROTO_IPV4, unix.NFPROTO_IPV4}},
	} {
		els, err := c.ListElements("t", s)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		for _, op := range b.Ops {
			if op.Kind == OpAddElem && op.Elem.Set == s.Name {
				want = op.Elem.String()
			}
		}
		if len(els) != 1 || els[0].String() != want {
			t.Errorf("elements of %s = %v, want %s", s.Name, els, want)
		}
	}

	before := testutil.Run(t, n, "nft", "list", "ruleset")
	bad := NewBatch("t")
	bad.AddElement(&Element{Set: "pods4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.9")}, Verdict: &Verdict{Code: unix.NFT_GOTO, Chain: "pod-x"}})
	bad.CreateChain(&Chain{Name: "pod-x"})
	err = c.Apply(bad)
	var oe *OpError
	if !errors.Is(err, ErrExists) || !errors.As(err, &oe) || !strings.HasPrefix(oe.Op, "create chain inet t pod-x") {
		t.Fatalf("create of an existing chain = %v, want ErrExists naming the operation", err)
	}
	if after := testutil.Run(t, n, "nft", "list", "ruleset"); after != before {
		t.Fatalf("failed batch changed the ruleset:\n%s", after)
	}
	del := NewBatch("t")
	del.DelElement(&Element{Set: "pods4", Key: []netip.Addr{netip.MustParseAddr("198.51.100.77")}})
	if err := c.Apply(del); !errors.Is(err, ErrNotFound) || !errors.Is(err, unix.ENOENT) {
		t.Fatalf("delete of a missing element = %v, want ErrNotFound", err)
	}
}
