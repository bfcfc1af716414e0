package plugin

import (
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/work"
)

// AddressManager makes managed egress addresses present on the node and
// withdraws them (plugin/internal/admit); the real one is
// *hostaddr.Manager.
type AddressManager = admit.AddressManager

// newAdmission wires egress admission (plugin/internal/admit) to the pod
// table, the holds and the health: what it needs of the daemon, handed
// to it (the cluster's Leases follow in kube.Use, once connected).
func newAdmission(p *Plugin, m AddressManager) *admit.Admission {
	if m == nil {
		m = hostaddr.New(hostaddr.Options{Logger: p.log})
	}
	return admit.New(admit.Face{
		Log:     p.log,
		Manager: m,
		Recorded: func() []admit.Use {
			var out []admit.Use
			for _, e := range p.pods.Snapshot() {
				if e.Live() || e.HoldsChain() {
					out = append(out, admit.Use{ID: e.Pod.ID, Addrs: e.EgressAddrs})
				}
			}
			return out
		},
		Record: func(id string, addrs []netip.Addr) {
			p.pods.Update(id, func(pe *podEntry) { pe.EgressAddrs = addrs })
		},
		Live: func() []egress.Pod {
			var live []egress.Pod
			for _, e := range p.pods.Snapshot() {
				if e.Live() {
					live = append(live, work.EgressPod(&e))
				}
			}
			return live
		},
		Kept: func() ([]admit.Kept, bool) {
			held, unknown := p.holds.Kept()
			out := make([]admit.Kept, 0, len(held))
			for _, k := range held {
				out = append(out, admit.Kept{Pod: egress.Pod{Namespace: k.Pod.Namespace, Name: k.Pod.Name, UID: k.Pod.UID, Sandbox: k.Pod.Sandbox},
					External: k.External})
			}
			return out, unknown
		},
		// Through p.pods at each call: a test's restart replaces the table.
		Counts: func(addrs []netip.Addr) map[netip.Addr]int { return p.pods.AddrCounts(addrs) },
		Index:  func(cached map[string][]netip.Addr) { p.pods.SetCached(cached) },
		Note: func(err error) (bool, bool) {
			c := p.health.Note(health.FaultAddresses, "", err)
			return c == health.News, c == health.Recovered
		},
		Failed:   func() { p.metrics.Fail(health.ReasonAddresses) },
		AddrPods: p.metrics.EgressAddrPods,
		Blocks:   p.metrics.EgressBlocks,
	})
}
