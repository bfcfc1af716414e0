package iproute

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func prefixes(s ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(s))
	for i, p := range s {
		out[i] = netip.MustParsePrefix(p)
	}
	return out
}

func TestBuildPlan(t *testing.T) {
	tests := []struct {
		name  string
		conf  string
		addrs []netip.Prefix
		want  []string
	}{
		{
			name:  "original diktyo: pod routes only, no host rules",
			conf:  `{"name":"n","runtimeConfig":{"routeEntries":[{"destination":"198.51.100.0/24","gateway":"192.0.2.1"},{"destination":"203.0.113.0/24","gateway":"drop"},{"destination":"192.0.2.128/25"}]}}`,
			addrs: prefixes("192.0.2.10/24"),
			want: []string{
				"pod route: 198.51.100.0/24 via 192.0.2.1",
				"pod route: blackhole 203.0.113.0/24",
				"pod route: 192.0.2.128/25 dev eth0",
			},
		},
		{
			name:  "shared layout, dual stack",
			conf:  `{"name":"n","hostRoute":true,"excludeCIDRs":["198.51.100.0/24","2001:db8:1::/48"],"runtimeConfig":{"policyRouting":{"table":100,"excludeCIDRs":["203.0.113.0/24"]}}}`,
			addrs: prefixes("192.0.2.10/24", "2001:db8::10/64"),
			want: []string{
				"host route: 192.0.2.10/32 dev veth0",
				"host route: 2001:db8::10/128 dev veth0",
				"host rule: pref 1536 from 192.0.2.10 to all lookup 100",
				"host rule: pref 1024 from 192.0.2.10 to 203.0.113.0/24 lookup main",
				"host rule: pref 1536 from 2001:db8::10 to all lookup 100",
				"shared host rule: pref 1024 from all to 198.51.100.0/24 lookup main",
				"shared host rule: pref 512 from all to 192.0.2.0/24 lookup main",
				"shared host rule: pref 1024 from all to 2001:db8:1::/48 lookup main",
				"shared host rule: pref 512 from all to 2001:db8::/64 lookup main",
			},
		},
		{
			name:  "shared layout with pod CIDRs and a /32 address",
			conf:  `{"name":"n","podCIDRs":["192.0.2.0/24","198.51.100.0/24"],"table":7}`,
			addrs: prefixes("192.0.2.10/32", "203.0.113.9/32"),
			want: []string{
				"host rule: pref 1536 from 192.0.2.10 to all lookup 7",
				"host rule: pref 1536 from 203.0.113.9 to all lookup 7",
				"host rule: pref 512 from all to 203.0.113.9 lookup main",
				"shared host rule: pref 512 from all to 192.0.2.0/24 lookup main",
				"shared host rule: pref 512 from all to 198.51.100.0/24 lookup main",
			},
		},
		{
			name:  "others to main",
			conf:  `{"name":"n","othersToMain":true,"podCIDRs":["192.0.2.0/24"],"table":100}`,
			addrs: prefixes("192.0.2.10/24", "2001:db8::10/64"),
			want: []string{
				"host rule: pref 1536 from 192.0.2.10 to all lookup 100",
				"host rule: pref 1536 from 2001:db8::10 to all lookup 100",
				"shared host rule: pref 512 from all to 192.0.2.0/24 lookup main",
				"shared host rule: pref 1000 not from 192.0.2.0/24 to all lookup main",
				"shared host rule: pref 512 from all to 2001:db8::/64 lookup main",
			},
		},
		{
			name:  "aws layout",
			conf:  `{"name":"n","layout":"aws","excludeCIDRs":["198.51.100.0/24"],"runtimeConfig":{"policyRouting":{"table":100,"priority":2000}}}`,
			addrs: prefixes("192.0.2.10/24"),
			want: []string{
				"host rule: pref 512 from all to 192.0.2.10 lookup main",
				"host rule: pref 2000 from 192.0.2.10 to all lookup 100",
				"host rule: pref 1024 from 192.0.2.10 to 198.51.100.0/24 lookup main",
			},
		},
		{
			name:  "aws layout without table still routes to the pod through main",
			conf:  `{"name":"n","layout":"aws"}`,
			addrs: prefixes("192.0.2.10/24"),
			want:  []string{"host rule: pref 512 from all to 192.0.2.10 lookup main"},
		},
		{
			name:  "bypass without a table is nothing",
			conf:  `{"name":"n","excludeCIDRs":["198.51.100.0/24"],"runtimeConfig":{"policyRouting":{"excludeCIDRs":["203.0.113.0/24"]}}}`,
			addrs: prefixes("192.0.2.10/24"),
			want:  nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, pod := mustLoad(t, tc.conf)
			plan := BuildPlan(cfg, pod, tc.addrs, "eth0", "veth0")
			got := plan.Describe()
			if want := strings.Join(tc.want, "\n"); got != want {
				t.Fatalf("plan:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestPlanWithout(t *testing.T) {
	cfg, pod := mustLoad(t, `{"name":"n","runtimeConfig":{"routeEntries":[{"destination":"198.51.100.0/24","gateway":"192.0.2.1"}],"policyRouting":{"table":100}}}`)
	old := BuildPlan(cfg, pod, prefixes("192.0.2.10/24"), "eth0", "")
	cfg2, pod2 := mustLoad(t, `{"name":"n","runtimeConfig":{"routeEntries":[{"destination":"198.51.100.0/24","gateway":"192.0.2.1","description":"renamed"}],"policyRouting":{"table":101}}}`)
	newer := BuildPlan(cfg2, pod2, prefixes("192.0.2.10/24"), "eth0", "")
	got := old.without(newer).Describe()
	want := "host rule: pref 1536 from 192.0.2.10 to all lookup 100"
	if got != want {
		t.Fatalf("stale objects:\n%s\nwant:\n%s", got, want)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	cfg, pod := mustLoad(t, `{"name":"n","hostRoute":true,"runtimeConfig":{"routeEntries":[{"destination":"2001:db8:1::/48","type":"prohibit"},{"destination":"198.51.100.0/24","gateway":"192.0.2.1","src":"192.0.2.10"}],"policyRouting":{"table":100,"excludeCIDRs":["203.0.113.0/24"]}}}`)
	plan := BuildPlan(cfg, pod, prefixes("192.0.2.10/24", "2001:db8::10/64"), "eth0", "veth0")
	rec := Record{Owner: "o", Network: "n", ContainerID: "c", IfName: "eth0", Addrs: prefixes("192.0.2.10/24"), Plan: plan}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Describe() != plan.Describe() || back.Addrs[0] != rec.Addrs[0] {
		t.Fatalf("round trip changed the record:\n%s\n%s", back.Describe(), plan.Describe())
	}
	if stale := rec.without(back.Plan); stale.Describe() != "" {
		t.Fatalf("round trip: objects differ: %s", stale.Describe())
	}
}

func TestIndexRefcount(t *testing.T) {
	ix := index{dir: t.TempDir()}
	r := Rule{Priority: 512, Dst: netip.MustParsePrefix("192.0.2.0/24"), Table: tableMain}
	if ix.unref("a", r) {
		t.Fatal("a rule the index does not know must be kept")
	}
	for _, o := range []string{"a", "b", "a"} {
		if err := ix.ref(o, r); err != nil {
			t.Fatal(err)
		}
	}
	if !ix.otherUsers("a", r) {
		t.Fatal("b uses the rule")
	}
	if !ix.sharedRules()[r.String()] {
		t.Fatalf("shared rules %v lack %s", ix.sharedRules(), r)
	}
	if ix.unref("a", r) {
		t.Fatal("rule unused while b refers to it")
	}
	if ix.otherUsers("b", r) {
		t.Fatal("only b is left")
	}
	if !ix.unref("b", r) {
		t.Fatal("rule still used after the last owner")
	}
	if len(ix.sharedRules()) != 0 {
		t.Fatalf("index keeps %v", ix.sharedRules())
	}
}

func TestIndexAddrs(t *testing.T) {
	ix := index{dir: t.TempDir()}
	a4, a6 := netip.MustParseAddr("192.0.2.10"), netip.MustParseAddr("2001:db8::10")
	rec := &Record{Owner: "a", Addrs: prefixes("192.0.2.10/24", "2001:db8::10/64")}
	if err := ix.add(rec); err != nil {
		t.Fatal(err)
	}
	if ix.owner(a4) != "a" || ix.owner(a6) != "a" {
		t.Fatalf("owners %q %q", ix.owner(a4), ix.owner(a6))
	}
	ix.release(a4, "b") // not b's: no effect
	if ix.owner(a4) != "a" {
		t.Fatal("another owner released a's address")
	}
	ix.releaseAll("a", rec.Addrs)
	if ix.owner(a4) != "" || ix.owner(a6) != "" {
		t.Fatal("addresses still claimed")
	}
	if err := ix.rebuild([]*Record{rec}); err != nil || ix.owner(a6) != "a" {
		t.Fatalf("rebuild: %v, owner %q", err, ix.owner(a6))
	}
}

// TestIndexRebuildHeals: rebuild (run by every GC) turns a damaged index
// into what the records say, and leaves entries that are already right
// untouched (same inode: not rewritten), so a pass over a healthy node
// writes nothing.
func TestIndexRebuildHeals(t *testing.T) {
	ix := index{dir: t.TempDir()}
	r := Rule{Priority: 512, Dst: netip.MustParsePrefix("192.0.2.0/24"), Table: tableMain}
	gone := Rule{Priority: 513, Dst: netip.MustParsePrefix("198.51.100.0/24"), Table: tableMain}
	a := &Record{Owner: "a", Addrs: prefixes("192.0.2.10/24"), Plan: Plan{Shared: []Rule{r}}}
	b := &Record{Owner: "b", Addrs: prefixes("192.0.2.11/24"), Plan: Plan{Shared: []Rule{r}}}
	for _, rec := range []*Record{a, b} {
		if err := ix.add(rec); err != nil {
			t.Fatal(err)
		}
	}
	kept, err := os.Stat(ix.addrPath(netip.MustParseAddr("192.0.2.10")))
	if err != nil {
		t.Fatal(err)
	}
	// Damage: a stray claim, a claim by the wrong owner, a stray user of
	// a rule, a rule nobody uses, a lost rule file, leftover temp files.
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ix.claim(netip.MustParseAddr("192.0.2.99"), "ghost"))
	must(ix.claim(netip.MustParseAddr("192.0.2.11"), "ghost"))
	must(ix.ref("ghost", r))
	must(ix.ref("ghost", gone))
	must(os.Remove(filepath.Join(ix.sharedPath(r), ruleFile)))
	must(os.WriteFile(ix.addrPath(netip.MustParseAddr("192.0.2.12"))+".tmp", nil, 0o600))
	must(os.WriteFile(filepath.Join(ix.sharedPath(r), ruleFile+".tmp"), nil, 0o600))
	must(os.Mkdir(filepath.Join(ix.sharedPath(r), "stray-dir"), 0o700))
	// A directory where b's address claim belongs.
	must(os.Remove(ix.addrPath(netip.MustParseAddr("192.0.2.11"))))
	must(os.Mkdir(ix.addrPath(netip.MustParseAddr("192.0.2.11")), 0o700))
	// A file where the directory of a wanted rule belongs.
	other := Rule{Priority: 514, Dst: netip.MustParsePrefix("203.0.113.0/24"), Table: tableMain}
	must(os.WriteFile(ix.sharedPath(other), nil, 0o600))
	c := &Record{Owner: "c", Addrs: []netip.Prefix{{}}, Plan: Plan{Shared: []Rule{other}}} // a damaged record

	must(ix.rebuild([]*Record{a, b, c}))
	if !ix.sharedRules()[other.String()] || !ix.otherUsers("x", other) {
		t.Errorf("rule %s not rebuilt over the stray file", other)
	}
	for addr, want := range map[string]string{"192.0.2.10": "a", "192.0.2.11": "b", "192.0.2.99": ""} {
		if got := ix.owner(netip.MustParseAddr(addr)); got != want {
			t.Errorf("owner of %s = %q, want %q", addr, got, want)
		}
	}
	if rules := ix.sharedRules(); !rules[r.String()] || rules[gone.String()] || len(rules) != 2 {
		t.Errorf("shared rules %v, want %s and %s", rules, r, other)
	}
	users, err := os.ReadDir(ix.sharedPath(r))
	must(err)
	var names []string
	for _, u := range users {
		names = append(names, u.Name())
	}
	if !slices.Equal(names, []string{"a", "b", ruleFile}) {
		t.Errorf("users of %s: %v, want a, b and the rule", r, names)
	}
	leftovers, err := filepath.Glob(filepath.Join(ix.dir, "*", "*.tmp"))
	must(err)
	if len(leftovers) != 0 {
		t.Errorf("temp files left: %v", leftovers)
	}
	now, err := os.Stat(ix.addrPath(netip.MustParseAddr("192.0.2.10")))
	must(err)
	if !os.SameFile(kept, now) {
		t.Error("a correct entry was rewritten")
	}
}

// TestIndexUsersPastTemps: temp files left in a shared rule's directory
// (writers killed before their rename, this version's and older ones')
// are not users, and do not hide one: otherUsers reads past them.
func TestIndexUsersPastTemps(t *testing.T) {
	ix := index{dir: t.TempDir()}
	r := Rule{Priority: 512, Dst: netip.MustParsePrefix("192.0.2.0/24"), Table: tableMain}
	for _, owner := range []string{"a", "b"} {
		if err := ix.ref(owner, r); err != nil {
			t.Fatal(err)
		}
	}
	temps := []string{ruleFile + ".tmp", "." + ruleFile + ".tmp"}
	for i := range 20 {
		temps = append(temps, fmt.Sprintf(".owner%d.tmp", i))
	}
	for _, f := range temps {
		if err := os.WriteFile(filepath.Join(ix.sharedPath(r), f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if !ix.otherUsers("a", r) {
		t.Error("b's use of the rule hidden by temp files")
	}
	if ix.unref("b", r) || !ix.unref("a", r) {
		t.Error("unref: b's should keep the rule for a, a's should find it unused")
	}
}

// The fwmark layout: no per-pod rule, one mark element per address, one
// shared fwmark rule per table and family, nested bypass CIDRs merged.
func TestBuildPlanFwmark(t *testing.T) {
	cfg, pod := mustLoad(t, `{"name":"n","layout":"fwmark","tableRange":{"min":100,"max":199},"excludeCIDRs":["198.51.100.0/24"],
		"runtimeConfig":{"policyRouting":{"table":101,"excludeCIDRs":["203.0.113.0/24","203.0.113.64/26","2001:db8:f::/48"]}}}`)
	addrs := []netip.Prefix{netip.MustParsePrefix("192.0.2.10/24"), netip.MustParsePrefix("2001:db8::10/64")}
	got := BuildPlan(cfg, pod, addrs, "eth0", "").Describe()
	want := strings.Join([]string{
		"shared host rule: pref 1536 from all to all fwmark 0x20000/0xff0000 lookup 101 (ipv4)",
		"shared host rule: pref 1024 from all to 198.51.100.0/24 lookup main",
		"shared host rule: pref 512 from all to 192.0.2.0/24 lookup main",
		"shared host rule: pref 1536 from all to all fwmark 0x20000/0xff0000 lookup 101 (ipv6)",
		"shared host rule: pref 512 from all to 2001:db8::/64 lookup main",
		"nft mark: 192.0.2.10 -> mark 0x20000/0xff0000 (table 101)",
		"nft mark: 2001:db8::10 -> mark 0x20000/0xff0000 (table 101)",
		"nft bypass: 192.0.2.10 . 203.0.113.0/24",
		"nft bypass: 2001:db8::10 . 2001:db8:f::/48",
	}, "\n")
	if got != want {
		t.Fatalf("plan:\n%s\nwant:\n%s", got, want)
	}
}
