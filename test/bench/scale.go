package bench

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
)

// fillerRulesPerChain mimics kube-proxy's shape: many small chains, all
// reached from the nat hooks.
const fillerRulesPerChain = 100

// UnrelatedRules renders n unrelated nat rules (service-like DNAT
// candidates ending in RETURN) in chains of 100, jumped to from
// PREROUTING and OUTPUT, as one iptables-restore --noflush input.
func UnrelatedRules(n int) string {
	var b strings.Builder
	b.WriteString("*nat\n")
	chains := (n + fillerRulesPerChain - 1) / fillerRulesPerChain
	for c := range chains {
		fmt.Fprintf(&b, ":DKTB-FILL-%d - [0:0]\n", c)
	}
	for c := range chains {
		fmt.Fprintf(&b, "-A PREROUTING -j DKTB-FILL-%d\n", c)
	}
	for i := range n {
		fmt.Fprintf(&b, "-A DKTB-FILL-%d -d 10.96.%d.%d/32 -p tcp -m tcp --dport %d -m comment --comment \"bench filler %d\" -j RETURN\n",
			i/fillerRulesPerChain, (i/250)%250, i%250+1, 80+i%1000, i)
	}
	b.WriteString("COMMIT\n")
	return b.String()
}

// loadUnrelated preloads n unrelated nat rules with one
// iptables-restore --noflush.
func loadUnrelated(n *Node, count int) error {
	if count == 0 {
		return nil
	}
	_, err := n.RunStdin(UnrelatedRules(count), "iptables-restore", "--noflush")
	return err
}

// preloadWorkers is how many preloading ADDs of diktyo's plugins run at
// once: preloading is setup, not measured, and runtimes start pods
// concurrently too. The first ADD runs alone (it creates the shared
// objects), and reference plugins preload one at a time: portmap races on
// its shared chains (containernetworking/plugins#335).
const preloadWorkers = 4

// preloadPods runs ADD for count preloaded pods of case c on the node.
func preloadPods(ctx context.Context, n *Node, c Case, count int) error {
	ops := make([]Op, 0, count)
	for i := range count {
		a, err := n.FillerAttachment(i)
		if err != nil {
			return err
		}
		op, err := c.build(n, a)
		if err != nil {
			return err
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return nil
	}
	if _, err := n.Add(ctx, ops[0]); err != nil {
		return fmt.Errorf("preloading pod 1 of %d: %w", count, err)
	}
	workers := preloadWorkers
	if c.Ref {
		workers = 1
	}
	work := make(chan int)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if _, err := n.Add(ctx, ops[i]); err != nil {
					errs <- fmt.Errorf("preloading pod %d of %d: %w", i+1, count, err)
					return
				}
			}
		}()
	}
	var err error
feed:
	for i := 1; i < len(ops); i++ {
		select {
		case work <- i:
		case err = <-errs:
			break feed
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(work)
	wg.Wait()
	close(errs)
	if err == nil {
		err = <-errs // nil when the channel is empty
	}
	return err
}

// scaleSection measures ADD (and DEL) of one more pod on nodes of each
// size, interleaving every (case, size) arm in each round.
func (h *Harness) scaleSection(ctx context.Context, section string, sizes []int, keep func(Case) bool,
	fill func(context.Context, *Node, Case, int) error) ([]ScaleRow, error) {
	cases := h.cases(section, keep)
	if len(cases) == 0 {
		h.Res.skip(section, "no case can run")
		return nil, nil
	}
	var arms []*arm
	fills := map[*arm]time.Duration{}
	for _, c := range cases {
		for _, size := range sizes {
			if c.MaxPods > 0 && section == SecPods && size > c.MaxPods {
				h.Res.skip(section, fmt.Sprintf("%s at %d pods: capped at %d (its preload time grows quadratically)", c.Name, size, c.MaxPods))
				continue
			}
			node, err := h.Env.NewNode(fmt.Sprintf("%s@%d", c.Key, size), h.paths(c))
			if err != nil {
				return nil, err
			}
			t0 := time.Now()
			if err := fill(ctx, node, c, size); err != nil {
				return nil, fmt.Errorf("%s at %d: %w", c.Key, size, err)
			}
			a := &arm{c: c, node: node, size: size}
			fills[a] = time.Since(t0)
			h.Log.Info("node ready", "section", section, "case", c.Key, "size", size, "fill", fills[a].Round(time.Millisecond))
			// One untimed cycle: binaries cached, shared objects made.
			if _, _, err := cycle(ctx, node, c); err != nil {
				return nil, fmt.Errorf("%s at %d: %w", c.Key, size, err)
			}
			arms = append(arms, a)
		}
	}
	if err := h.interleave(ctx, arms); err != nil {
		return nil, err
	}
	var rows []ScaleRow
	for _, a := range arms {
		rows = append(rows, ScaleRow{Key: a.c.Key, Name: a.c.Name, Ref: a.c.Ref, Size: a.size,
			Add: Summarize(a.add), Del: Summarize(a.del), Fill: fills[a], AddSamples: a.add})
	}
	// Free the big nodes now: later sections should not run beside them.
	for _, a := range arms {
		h.Env.DeleteNode(a.node)
	}
	return rows, nil
}

// runUnrelated is section 2a: ADD with 0, 1,000, 10,000 unrelated nat
// rules on the node.
func (h *Harness) runUnrelated(ctx context.Context) error {
	keep := func(c Case) bool { return c.NAT }
	rows, err := h.scaleSection(ctx, SecUnrelated, h.Opts.Unrelated, keep,
		func(_ context.Context, n *Node, _ Case, size int) error { return loadUnrelated(n, size) })
	h.Res.Unrelated = rows
	return err
}

// runPods is section 2b: ADD with 10, 100, 1,000 pods of the same case
// already on the node.
func (h *Harness) runPods(ctx context.Context) error {
	keep := func(c Case) bool { return c.Scale }
	rows, err := h.scaleSection(ctx, SecPods, h.Opts.PodCounts, keep, preloadPods)
	h.Res.Pods = rows
	return err
}
