package nftables

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

func TestRenderGolden(t *testing.T) {
	f := NewTxFactory("diktyo-ipmasq")
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	var b strings.Builder
	b.WriteString("# create\n" + RenderCreate(f, plan).String())
	stale := masqtest.Prefixes("198.51.100.99")[0].Addr()
	b.WriteString("# converge\n" + RenderConverge(f, plan, nil).String())
	b.WriteString("# converge with a stale element\n" + RenderConverge(f, plan, []netip.Addr{stale}).String())
	b.WriteString("# delete fast\n" + RenderDeleteFast(f, plan.Owner, plan.Sources()).String())
	b.WriteString("# delete listed\n" + RenderDelete(f, []netip.Addr{stale}, []string{ChainName(plan.Owner.ID)}).String())
	masqtest.Golden(t, "render", b.String())
}

func TestParseState(t *testing.T) {
	out := `{"nftables": [{"metainfo": {"json_schema_version": 1}},
	 {"table": {"family": "inet", "name": "t", "handle": 1}},
	 {"map": {"family": "inet", "name": "pods4", "table": "t", "type": "ipv4_addr", "map": "verdict",
	   "elem": [["198.51.100.5", {"goto": {"target": "pod-a"}}], ["198.51.100.6", {"jump": {"target": "pod-b"}}]]}},
	 {"map": {"family": "inet", "name": "pods6", "table": "t", "type": "ipv6_addr", "map": "verdict"}},
	 {"map": {"family": "inet", "name": "other", "table": "t", "type": "ipv4_addr", "map": "verdict",
	   "elem": [["198.51.100.7", {"goto": {"target": "pod-c"}}]]}},
	 {"chain": {"family": "inet", "table": "t", "name": "pod-a", "handle": 2, "comment": "owner=a net=n"}},
	 {"chain": {"family": "inet", "table": "t", "name": "postrouting", "handle": 3, "type": "nat", "hook": "postrouting", "prio": 100, "policy": "accept"}}]}`
	st, err := ParseState(out)
	if err != nil {
		t.Fatal(err)
	}
	if !st.exists || len(st.elements) != 2 || st.elements[0].target != "pod-a" || st.elements[1].target != "pod-b" {
		t.Errorf("elements = %+v", st.elements)
	}
	if !st.chains["pod-a"] || len(st.chains) != 2 {
		t.Errorf("chains = %v", st.chains)
	}
}

func TestParseChainComments(t *testing.T) {
	out := "table inet t {\n\tmap pods4 {\n\t\ttype ipv4_addr : verdict\n\t}\n\tchain postrouting {\n\t\ttype nat hook postrouting priority srcnat; policy accept;\n\t}\n" +
		"\tchain pod-a {\n\t\tcomment \"owner=a net=n\"\n\t\tmeta nfproto ipv4 masquerade comment \"x\"\n\t}\n\tchain pod-b {\n\t}\n}\n"
	got := parseChainComments(out)
	if len(got) != 1 || got["pod-a"] != "owner=a net=n" {
		t.Errorf("comments = %q", got)
	}
}

func TestParseChainRules(t *testing.T) {
	out := "table inet t {\n\tchain pod-a {\n\t\tcomment \"owner=a\"\n\t\tip daddr 10.0.0.0/8 return comment \"x\"\n\t\tmeta nfproto ipv4 masquerade\n\t}\n}\n"
	got := parseChainRules(out)
	if len(got) != 2 || got[0] != `ip daddr 10.0.0.0/8 return comment "x"` || got[1] != "meta nfproto ipv4 masquerade" {
		t.Errorf("rules = %q", got)
	}
	base := "table inet t {\n\tchain postrouting {\n\t\ttype nat hook postrouting priority srcnat; policy accept;\n\t\tip saddr vmap @pods4\n\t}\n}\n"
	if got := parseChainRules(base); len(got) != 1 || got[0] != "ip saddr vmap @pods4" {
		t.Errorf("base rules = %q", got)
	}
}
