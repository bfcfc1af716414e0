package nftables

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

// TestRenderGolden pins every batch the backend can send, operation by
// operation (rules as the expressions sent); -update rewrites it.
func TestRenderGolden(t *testing.T) {
	const table = "diktyo-ipmasq"
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	var b strings.Builder
	base := nft.NewBatch(table)
	RenderBase(base)
	b.WriteString("# base (only when the base chain's listing differs)\n" + base.String())
	b.WriteString("# create\n" + RenderCreate(table, plan).String())
	stale := masqtest.Prefixes("198.51.100.99")[0].Addr()
	b.WriteString("# converge\n" + RenderConverge(table, plan, nil).String())
	b.WriteString("# converge with a stale element\n" + RenderConverge(table, plan, []netip.Addr{stale}).String())
	b.WriteString("# delete fast\n" + RenderDeleteFast(table, plan.Owner, plan.Sources()).String())
	b.WriteString("# delete listed\n" + RenderDelete(table, []netip.Addr{stale}, []string{ChainName(plan.Owner.ID)}).String())
	masqtest.Golden(t, "render", b.String())
}
