package iptables

import (
	"slices"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

func goldenPlan(t *testing.T) string {
	t.Helper()
	plan := masqtest.Plan(t, masqtest.GoldenConf, masqtest.Owner, "198.51.100.5/24", "2001:db8:ff::5/64", "198.51.100.6/24")
	var b strings.Builder
	for _, fr := range plan.Families {
		b.WriteString("# " + fr.Family.String() + " create\n")
		b.WriteString(RenderCreate("CNI-SNAT-X", plan.Owner, fr))
	}
	v4 := plan.Families[0]
	existing := [][]string{
		JumpSpec(plan.Owner, v4.Sources[0]),
		JumpSpec(plan.Owner, v4.Sources[0]),                                // duplicate
		JumpSpec(plan.Owner, masqtest.Prefixes("198.51.100.99")[0].Addr()), // stale address
	}
	b.WriteString("# IPv4 converge\n")
	b.WriteString(RenderConverge("CNI-SNAT-X", plan.Owner, v4, existing))
	b.WriteString("# IPv4 delete fast\n")
	b.WriteString(RenderDeleteFast("CNI-SNAT-X", plan.Owner, v4.Sources))
	b.WriteString("# delete listed\n")
	b.WriteString(RenderDelete("CNI-SNAT-X", plan.Owner, existing[2:]))
	b.WriteString("# tag\n")
	b.WriteString(RenderCreateTag("CNI-SNAT-X"))
	b.WriteString(RenderRemoveTag("CNI-SNAT-X"))
	return b.String()
}

func TestRenderGolden(t *testing.T) {
	masqtest.Golden(t, "render", goldenPlan(t))
}

func TestSplitRule(t *testing.T) {
	got := SplitRule(`-A X -s 10.0.0.1/32 -m comment --comment "a b \"c\"" -j DKT-1`)
	want := []string{"-A", "X", "-s", "10.0.0.1/32", "-m", "comment", "--comment", `a b "c"`, "-j", "DKT-1"}
	if !slices.Equal(got, want) {
		t.Errorf("SplitRule = %q", got)
	}
	if got := SplitRule(`-A X -m comment --comment "" -j Y`); len(got) != 8 || got[5] != "" {
		t.Errorf("empty quoted token lost: %q", got)
	}
}

func TestOwnerOfJump(t *testing.T) {
	spec := JumpSpec(masqtest.Owner, masqtest.Prefixes("198.51.100.5")[0].Addr())
	if id, ours := OwnerOfJump(spec, "net1"); id != masqtest.Owner.ID || !ours {
		t.Errorf("OwnerOfJump = %q, %v", id, ours)
	}
	if _, ours := OwnerOfJump(spec, "net2"); ours {
		t.Error("a jump of net1 claimed by net2")
	}
	if _, ours := OwnerOfJump([]string{"-j", "ACCEPT"}, "net1"); ours {
		t.Error("ACCEPT claimed as a pod jump")
	}
}
