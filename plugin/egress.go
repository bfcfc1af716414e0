package plugin

import (
	"context"
	"errors"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

func egressPod(e *podEntry) egress.Pod {
	return egress.Pod{Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID, Sandbox: e.Pod.ID}
}

// admitEgress runs the pod's egress admission (plugin/internal/admit:
// its port blocks and explicit ranges, then its managed addresses) with
// st's config, and names the failure's reason: a full pool is
// egress_quota, anything else egress.
func (p *Plugin) admitEgress(ctx context.Context, st *gen.State, e *podEntry, pol *policy.Policy) error {
	err := p.admission.Admit(ctx, st.Admit(), egressPod(e), p.podLog(e), pol, p.budget(st.Cfg))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, egress.ErrQuota):
		return failure(health.ReasonEgressQuota, err)
	default:
		return failure(health.ReasonEgress, err)
	}
}

// releaseEgress frees a pod's blocks and managed addresses once its chain
// state is gone (plugin/internal/admit).
func (p *Plugin) releaseEgress(st *gen.State, e *podEntry) {
	p.admission.Release(st.Admit(), egressPod(e), p.podLog(e))
}
