package plugin

import (
	"errors"
	"fmt"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
)

// errNoRuntimeIPs: containerd before 2.1 sends no pod IPs in NRI events.
var errNoRuntimeIPs = errors.New("the runtime sent no pod IPs (containerd 2.1 or later sends them); " +
	"diktyo never takes them from the pod's own interface, which the pod controls")

// podAddrs returns the addresses the chain runs with for e. They are fixed
// at the first successful ADD (cached holds that ADD's "ips"; libcni's
// cache keeps them across restarts and Synchronize), else they are the
// ones the runtime reported. Each must be one host, inside the admin's
// podCIDRs when set, and held by no other live pod: a pod must never be
// able to claim an address, and with it another pod's egress identity.
func (p *Plugin) podAddrs(st *gen.State, e *podEntry, cached []string) ([]string, error) {
	src, field := e.Pod.IPs, "pod IPs from the runtime"
	if len(cached) > 0 {
		src, field = cached, "pod IPs of the first ADD"
	}
	if len(src) == 0 {
		return nil, errNoRuntimeIPs
	}
	addrs, err := cniutil.ParseHostAddrs(field, src)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(addrs))
	for _, a := range addrs {
		if err := st.Cfg.CheckPodAddr(a); err != nil {
			return nil, err
		}
		if other, ok := holder(p.pods, a, e.Pod.ID); ok {
			return nil, fmt.Errorf("pod address %s is held by live pod %s/%s (sandbox %s)", a, other.Namespace, other.Name, other.ID)
		}
		out = append(out, a.String())
	}
	return out, nil
}

// holder returns a live pod other than id whose addresses include a.
func holder(t *podTable, a netip.Addr, id string) (podRef, bool) {
	for _, e := range t.Snapshot() {
		// A pod whose netns is gone no longer holds anything, even if no
		// event said so yet (containerd#8426).
		if e.Pod.ID == id || !e.Live() || e.HostNetwork {
			continue
		}
		if gone, err := chainrun.NetNSGone(e.Pod.NetNS); err == nil && gone {
			continue // one that cannot be read may still be there: it holds
		}
		for _, s := range e.Pod.IPs {
			if b, ok := hold.Canonical(s); ok && b == a.Unmap() {
				return podRef{ID: e.Pod.ID, Namespace: e.Pod.Namespace, Name: e.Pod.Name}, true
			}
		}
	}
	return podRef{}, false
}

// podRef names a pod in errors.
type podRef struct{ ID, Namespace, Name string }
