package bench

import (
	"context"
	"fmt"
	"time"
)

// arm is one side of an interleaved comparison: a case on a node.
type arm struct {
	c        Case
	node     *Node
	size     int
	add, del []time.Duration
	sum      []time.Duration
}

// cycle runs ADD then DEL of a fresh attachment of the measured pod.
func cycle(ctx context.Context, n *Node, c Case) (add, del time.Duration, err error) {
	a, err := n.NextAttachment(c.Bare)
	if err != nil {
		return 0, 0, err
	}
	op, err := c.build(n, a)
	if err != nil {
		return 0, 0, err
	}
	if add, err = n.Add(ctx, op); err != nil {
		// Leave nothing behind for the next iteration, then report.
		_, _ = n.Del(context.WithoutCancel(ctx), op)
		return 0, 0, err
	}
	if del, err = n.Del(ctx, op); err != nil {
		return 0, 0, err
	}
	return add, del, nil
}

// interleave runs rounds of PerRound cycles per arm, rotating the order
// of the arms each round so no arm always runs first (or right after the
// same neighbour).
func (h *Harness) interleave(ctx context.Context, arms []*arm) error {
	for r := range h.Opts.Rounds {
		for j := range arms {
			a := arms[(j+r)%len(arms)]
			for range h.Opts.PerRound {
				if err := ctx.Err(); err != nil {
					return err
				}
				add, del, err := cycle(ctx, a.node, a.c)
				if err != nil {
					return fmt.Errorf("%s: %w", a.c.Key, err)
				}
				a.add = append(a.add, add)
				a.del = append(a.del, del)
				a.sum = append(a.sum, add+del)
			}
		}
		h.Log.Debug("round done", "round", r+1, "of", h.Opts.Rounds)
	}
	return nil
}

// runPerPod is section 1: per-pod ADD+DEL of every case, each on its own
// fresh node, interleaved.
func (h *Harness) runPerPod(ctx context.Context) error {
	cases := h.cases(SecPerPod, nil)
	if len(cases) == 0 {
		h.Res.skip(SecPerPod, "no case can run")
		return nil
	}
	var arms []*arm
	var rows []*PerPodRow
	for _, c := range cases {
		node, err := h.Env.NewNode(c.Key, h.paths(c))
		if err != nil {
			return err
		}
		row, err := warmUp(ctx, node, c)
		if err != nil {
			return err
		}
		arms = append(arms, &arm{c: c, node: node})
		rows = append(rows, row)
	}
	if err := h.interleave(ctx, arms); err != nil {
		return err
	}
	for i, a := range arms {
		r := rows[i]
		r.Add, r.Del, r.AddDel = Summarize(a.add), Summarize(a.del), Summarize(a.sum)
		r.AddSamples, r.AddDelSamples = a.add, a.sum
		h.Res.PerPod = append(h.Res.PerPod, *r)
	}
	return nil
}

// warmUp runs one untimed ADD+DEL (binaries into the page cache, shared
// chains and tables created) and records what one pod adds to the node
// and what stays after DEL.
func warmUp(ctx context.Context, n *Node, c Case) (*PerPodRow, error) {
	row := &PerPodRow{Key: c.Key, Name: c.Name, Ref: c.Ref, Note: c.Note}
	// The pod namespace exists before the first count: its veth is not
	// the plugin's doing.
	first, err := n.NextAttachment(c.Bare)
	if err != nil {
		return nil, err
	}
	before, err := n.CountState()
	if err != nil {
		return nil, err
	}
	if err := addDel(ctx, n, c, first, nil); err != nil {
		return nil, err
	}
	left, err := n.CountState()
	if err != nil {
		return nil, err
	}
	// The second pod's delta excludes one-time shared objects (the tag
	// chain, the nft table, the bridge): that is the per-pod cost.
	second, err := n.NextAttachment(c.Bare)
	if err != nil {
		return nil, err
	}
	var during State
	err = addDel(ctx, n, c, second, func() error {
		var err error
		if during, err = n.CountState(); err != nil {
			return err
		}
		if c.verify != nil {
			if err := c.verify(n, second); err != nil {
				return fmt.Errorf("%s did not do its job: %w", c.Key, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	row.PerPod = during.Sub(left)
	row.Left = left.Sub(before)
	return row, nil
}

// addDel runs ADD, then between (if any), then DEL of one attachment,
// untimed.
func addDel(ctx context.Context, n *Node, c Case, a Attachment, between func() error) error {
	op, err := c.build(n, a)
	if err != nil {
		return err
	}
	if _, err := n.Add(ctx, op); err != nil {
		_, _ = n.Del(context.WithoutCancel(ctx), op)
		return err
	}
	if between != nil {
		if err := between(); err != nil {
			_, _ = n.Del(context.WithoutCancel(ctx), op)
			return err
		}
	}
	_, err = n.Del(ctx, op)
	return err
}
