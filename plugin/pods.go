package plugin

import (
	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
)

// The pod state is its room's (plugin/internal/pods): one entry per
// sandbox whose phase changes only through the table's transitions. The
// face names them as before.
type (
	podEntry = pods.Entry
	podTable = pods.Table
)

const (
	lifeRunning  = pods.Running
	lifeRejected = pods.Rejected
	lifeStopped  = pods.Stopped
	lifeEnded    = pods.Ended
	chainNone    = pods.ChainNone
	chainApplied = pods.ChainApplied
)

func newPodTable() *podTable { return pods.New(admit.ArgsExternals) }

// entryFromNRI converts an NRI pod sandbox.
func entryFromNRI(p *nriapi.PodSandbox) *podEntry {
	e := &podEntry{
		Pod: chainrun.Pod{
			ID: p.GetId(), Namespace: p.GetNamespace(), Name: p.GetName(), UID: p.GetUid(),
			NetNS: netnsPath(p), IPs: append([]string(nil), p.GetIps()...),
		},
		Annotations: policy.DiktyoAnnotations(p.GetAnnotations()),
	}
	// No network namespace and no addresses: a host-network pod. No
	// namespace but addresses: a sandbox whose netns containerd removed
	// already (containerd 2.4 leaves a stale netns out of the NRI pod),
	// which is stopped, not host-network; Synchronize says so.
	e.HostNetwork = e.Pod.NetNS == "" && len(e.Pod.IPs) == 0
	return e
}

// netnsPath returns the sandbox's network namespace path from the NRI
// event, "" for host-network pods (containerd lists no network namespace
// for them).
func netnsPath(p *nriapi.PodSandbox) string {
	for _, ns := range p.GetLinux().GetNamespaces() {
		if ns.GetType() == "network" {
			return ns.GetPath()
		}
	}
	return ""
}
