package plugin

import (
	"context"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/view"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// The plugin is what the local API asks (diktyo-nri status and trace);
// the answers are the read side's (plugin/internal/view), from a view
// the face takes for each.
var _ localapi.Source = (*Plugin)(nil)

// Pods returns a read-only snapshot of every pod the plugin knows.
func (p *Plugin) Pods(ctx context.Context, counters bool) []localapi.PodStatus {
	return p.reader().Pods(ctx, counters)
}

// Pod returns one pod by namespace and name, with counters.
func (p *Plugin) Pod(ctx context.Context, namespace, name string) (localapi.PodStatus, error) {
	return p.reader().Pod(ctx, namespace, name)
}

// Trace says which SNAT rule and route a packet from a pod takes.
func (p *Plugin) Trace(ctx context.Context, req localapi.TraceRequest) (*localapi.Trace, error) {
	return p.reader().Trace(ctx, req)
}

// ParseDestination reads ADDR, ADDR:PORT, [V6ADDR]:PORT or a bare v6
// address (the trace command checks its argument with it).
func ParseDestination(s string) (netip.Addr, uint16, error) { return view.ParseDestination(s) }

func (p *Plugin) reader() *view.Reader {
	return view.New(p.readView, p.opts.CommandRunner, p.opts.Router, p.log)
}

// readView is what the read side sees of the daemon for one answer: the
// pod table copied once and the config generation loaded once.
func (p *Plugin) readView() view.View {
	v := &readView{p: p, st: p.conf.Load(), byID: map[string]*podEntry{}}
	v.entries = p.pods.Snapshot()
	for i := range v.entries {
		v.byID[v.entries[i].Pod.ID] = &v.entries[i]
	}
	return v
}

type readView struct {
	p       *Plugin
	st      *gen.State
	entries []podEntry
	byID    map[string]*podEntry
}

func (v *readView) Pods() []view.Pod {
	out := make([]view.Pod, 0, len(v.entries))
	for i := range v.entries {
		e := &v.entries[i]
		out = append(out, view.Pod{Live: e.Live(), EgressAddrs: e.EgressAddrs, Status: localapi.PodStatus{
			ID: e.Pod.ID, Namespace: e.Pod.Namespace, Name: e.Pod.Name, UID: e.Pod.UID, NetNS: e.Pod.NetNS,
			IPs: e.Pod.IPs, HostNetwork: e.HostNetwork, Lifecycle: e.Life.String(), Chain: e.Chain.String(),
			Stopped: e.Life >= lifeStopped, Vanished: e.Life == lifeEnded,
			Rejected: e.Life == lifeRejected, Applied: e.Applied(), Dirty: e.HoldsChain(), LastError: e.LastErr,
			RepairFailures: e.RepairFailures,
		}})
	}
	return out
}

func (v *readView) Policy(sandbox string) (*policy.Policy, error) {
	return v.p.work.Decide(v.st, v.byID[sandbox])
}

func (v *readView) Chain() view.Chain { return work.ChainOf(v.st) }

func (v *readView) Blocks() ([]egress.Grant, bool, error) {
	if v.st == nil || v.st.Egress == nil {
		return nil, false, nil
	}
	grants, err := v.st.Egress.Blocks()
	return grants, true, err
}

func (v *readView) Watch(sandbox string) string { return v.p.watches.Status(sandbox) }

func (v *readView) Holds(sandbox string) []string { return v.p.work.HoldsOf(v.byID[sandbox]) }
