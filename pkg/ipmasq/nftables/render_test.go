package nftables

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

// TestRenderGolden pins every batch the backend can send, operation by
// operation, in the words of the nft script doing the same
// (nft.Batch.Script); -update rewrites it.
func TestRenderGolden(t *testing.T) {
	const table = "diktyo-ipmasq"
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	var b strings.Builder
	base := nft.NewBatch(table)
	RenderBase(base)
	b.WriteString("# base (only when the base chain's listing differs)\n" + base.Script())
	b.WriteString("# create\n" + RenderCreate(table, plan).Script())
	stale := masqtest.Prefixes("198.51.100.99")[0].Addr()
	b.WriteString("# converge\n" + RenderConverge(table, plan, nil).Script())
	b.WriteString("# converge with a stale element\n" + RenderConverge(table, plan, []netip.Addr{stale}).Script())
	b.WriteString("# delete fast\n" + RenderDeleteFast(table, plan.Owner, plan.Sources()).Script())
	b.WriteString("# delete listed\n" + RenderDelete(table, []netip.Addr{stale}, []string{ChainName(plan.Owner.ID)}).Script())
	masqtest.Golden(t, "render", b.String())
}

// TestRuleExprsReadAsRuleText: the expressions of every rule shape read,
// in nft's words, as the text explain and drift reports show for them.
func TestRuleExprsReadAsRuleText(t *testing.T) {
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64")
	for _, fr := range plan.Families {
		for _, r := range fr.Rules {
			got := nft.RuleText(&nft.Rule{Exprs: RuleExprs(fr.Family, r), Comment: r.Comment}, nil)
			if want := ListedRule(fr.Family, r); got != want {
				t.Errorf("expressions read as\n  %s\nwant\n  %s", got, want)
			}
		}
	}
	for i, r := range baseRules() {
		if got := nft.RuleText(r, nil); got != BaseRules[i] {
			t.Errorf("base rule %d reads as %q, want %q", i, got, BaseRules[i])
		}
	}
}

// TestFlatRenderGolden pins the flat layout's batches for the golden
// plan: the structure for the maps it uses and the pod's creation, in
// the words of the nft script doing the same; -update rewrites it.
func TestFlatRenderGolden(t *testing.T) {
	const table = "diktyo-ipmasq"
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	var b strings.Builder
	st := nft.NewBatch(table)
	RenderStructure(st, mapsOf(compile(plan)))
	b.WriteString("# structure (when the maps in use change)\n" + st.Script())
	b.WriteString("# create\n" + RenderFlatCreate(table, plan).Script())
	masqtest.Golden(t, "flat-render", b.String())
}
