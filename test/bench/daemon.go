package bench

import (
	"context"
)

// runDaemon is section 5: diktyo-nri's reconcile time after a restart and
// its memory with pods under policy.
func (h *Harness) runDaemon(ctx context.Context) error {
	h.Res.skip(SecDaemon, "not implemented yet")
	return nil
}
