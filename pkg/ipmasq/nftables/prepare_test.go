package nftables

import (
	"context"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
)

// nodeConf is smallConf without the pod's entries: the node's own rules,
// which every pod has.
const nodeConf = `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq",
  "excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade"}`

// TestPrepare: Prepare (diktyo-nri, at a config load and each reconcile
// pass) makes the fixed objects and the node rules' maps, so that a
// pod's ADD is one transaction of its own elements, no listing; a
// second Prepare reads and writes nothing; a foreign flush of a family
// chain is repaired and said, and a table made anew is not a repair.
func TestPrepare(t *testing.T) {
	onTargets(t, func(t *testing.T, tg target) {
		ctx := context.Background()
		node := masqtest.Plan(t, nodeConf, masqtest.NewOwner("net1", 0), masqtest.PodAddrs(0)...)
		var trips []string
		var sent []*nft.Batch
		tg.b.Observe = func(kind string, b *nft.Batch) {
			trips = append(trips, kind)
			if b != nil {
				sent = append(sent, b)
			}
		}
		repaired, err := tg.b.Prepare(ctx, node)
		if err != nil || len(repaired) != 0 {
			t.Fatalf("Prepare of a new table: repaired %q, %v; want none (made anew)", repaired, err)
		}
		trips, sent = nil, nil
		if repaired, err := tg.b.Prepare(ctx, node); err != nil || len(repaired) != 0 || strings.Contains(strings.Join(trips, ","), "apply") {
			t.Fatalf("a second Prepare: repaired %q, %v, round trips %v; want nothing written", repaired, err, trips)
		}
		trips, sent = nil, nil
		pod := masqtest.Plan(t, nodeConf, masqtest.NewOwner("net1", 1), masqtest.PodAddrs(1)...)
		if err := tg.b.Add(ctx, pod); err != nil {
			t.Fatal(err)
		}
		if strings.Join(trips, ",") != "apply" {
			t.Fatalf("a pod's ADD after Prepare: round trips %v; want one transaction, no listing", trips)
		}
		for _, op := range sent[0].Ops {
			if op.Kind != nft.OpCreateElem {
				t.Fatalf("a pod's ADD after Prepare sent %s; want its elements alone", sent[0].Render(op))
			}
		}
		if err := tg.b.Check(ctx, pod); err != nil {
			t.Fatalf("CHECK of the pod: %v", err)
		}
		// Another writer flushes a family chain: repaired, and said.
		flush := nft.NewBatch(tg.table)
		flush.FlushChain(FlatChain4)
		tg.b.Observe = nil
		c, err := nft.Use(tg.b.Client, tg.b.NetNS)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Apply(flush); err != nil {
			t.Fatal(err)
		}
		if tg.b.Client == nil {
			_ = c.Close()
		}
		repaired, err = tg.b.Prepare(ctx, node)
		if err != nil || len(repaired) == 0 || !strings.Contains(strings.Join(repaired, "\n"), FlatChain4) {
			t.Fatalf("Prepare after a foreign flush of %s: repaired %q, %v; want it named", FlatChain4, repaired, err)
		}
		if err := tg.b.Check(ctx, pod); err != nil {
			t.Fatalf("CHECK of the pod after the repair: %v", err)
		}
	})
}
