package linkguard

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
)

// ErrNoHostLink is why a pod has no link to bind: its interface is not
// a veth whose peer is in the node's namespace (ipvlan, macvlan, an
// SR-IOV VF, a veth into another namespace). The error names the
// interface and what it is.
var ErrNoHostLink = errors.New("no host-side link")

// HostLink finds the node's side of the pod's interface ifName in the
// network namespace at podNS: the veth whose peer it is, in the
// namespace at nodeNS ("" for the calling thread's). Both ends are
// checked against each other (index, peer index and the namespace ids
// each side records for the other), so a link that merely shares an
// index in the node's namespace is never taken for the pod's.
func HostLink(podNS, nodeNS, ifName string) (NodeLink, error) {
	if podNS == "" {
		return NodeLink{}, fmt.Errorf("%w: the pod has no network namespace", ErrNoHostLink)
	}
	pod, err := netns.GetFromPath(podNS)
	if errors.Is(err, fs.ErrNotExist) {
		return NodeLink{}, fmt.Errorf("%w: the pod's network namespace %s does not exist", ErrNoHostLink, podNS)
	}
	if err != nil {
		return NodeLink{}, fmt.Errorf("opening the pod's network namespace %s: %w", podNS, err)
	}
	defer func() { _ = pod.Close() }()
	node, err := nodeHandle(nodeNS)
	if err != nil {
		return NodeLink{}, err
	}
	defer func() { _ = node.Close() }()
	ph, err := netlink.NewHandleAt(pod)
	if err != nil {
		return NodeLink{}, fmt.Errorf("netlink in the pod's namespace %s: %w", podNS, err)
	}
	defer ph.Close()
	nh, err := netlink.NewHandleAt(node)
	if err != nil {
		return NodeLink{}, fmt.Errorf("netlink in the node's namespace: %w", err)
	}
	defer nh.Close()
	return match(ph, nh, pod, node, ifName)
}

func nodeHandle(path string) (netns.NsHandle, error) {
	if path == "" {
		h, err := netns.Get()
		if err != nil {
			return h, fmt.Errorf("opening the node's network namespace: %w", err)
		}
		return h, nil
	}
	h, err := netns.GetFromPath(path)
	if err != nil {
		return h, fmt.Errorf("opening the node's network namespace %s: %w", path, err)
	}
	return h, nil
}

// NodeLink is the node's end of a pod's veth.
type NodeLink struct {
	Name  string
	Index int
	// OVS says it is a port of Open vSwitch: it is bound by an ingress
	// chain of its own (Binding.PerDevice).
	OVS bool
}

func match(ph, nh *netlink.Handle, pod, node netns.NsHandle, ifName string) (NodeLink, error) {
	in, err := ph.LinkByName(ifName)
	if errors.As(err, &netlink.LinkNotFoundError{}) {
		return NodeLink{}, fmt.Errorf("%w: the pod has no interface %s", ErrNoHostLink, ifName)
	}
	if err != nil {
		return NodeLink{}, fmt.Errorf("the pod's interface %s: %w", ifName, err)
	}
	if _, ok := in.(*netlink.Veth); !ok {
		return NodeLink{}, fmt.Errorf("%w: the pod's interface %s is a %s, not a veth", ErrNoHostLink, ifName, in.Type())
	}
	// The pod's end names the node's namespace by the id the pod's
	// namespace gave it; the node's end names the pod's likewise.
	nodeID, err := ph.GetNetNsIdByFd(int(node))
	if err != nil {
		return NodeLink{}, fmt.Errorf("the node's namespace id as seen from the pod: %w", err)
	}
	if in.Attrs().NetNsID != nodeID || nodeID < 0 {
		return NodeLink{}, fmt.Errorf("%w: the peer of the pod's %s is not in the node's network namespace", ErrNoHostLink, ifName)
	}
	out, err := nh.LinkByIndex(in.Attrs().ParentIndex)
	if err != nil {
		return NodeLink{}, fmt.Errorf("%w: the peer (index %d) of the pod's %s: %w", ErrNoHostLink, in.Attrs().ParentIndex, ifName, err)
	}
	podID, err := nh.GetNetNsIdByFd(int(pod))
	if err != nil {
		return NodeLink{}, fmt.Errorf("the pod's namespace id as seen from the node: %w", err)
	}
	if _, ok := out.(*netlink.Veth); !ok || out.Attrs().ParentIndex != in.Attrs().Index || out.Attrs().NetNsID != podID {
		return NodeLink{}, fmt.Errorf("%w: index %d in the node's namespace (%s) is not the peer of the pod's %s", ErrNoHostLink, in.Attrs().ParentIndex, out.Attrs().Name, ifName)
	}
	ovs, err := isOVSPort(nh, out)
	if err != nil {
		return NodeLink{}, err
	}
	return NodeLink{Name: out.Attrs().Name, Index: out.Attrs().Index, OVS: ovs}, nil
}

// isOVSPort says whether l is a port of Open vSwitch: its datapath takes
// the port's packets before the bridge family's hooks, and they reach
// the node's IP stack on an OVS internal port, where the flat sets
// cannot tell the pods apart; an ingress chain of the port's own can
// (docs/ipmasq.md, "Open vSwitch ports").
func isOVSPort(nh *netlink.Handle, l netlink.Link) (bool, error) {
	m := l.Attrs().MasterIndex
	if m <= 0 {
		return false, nil
	}
	master, err := nh.LinkByIndex(m)
	if err != nil {
		return false, fmt.Errorf("the master (index %d) of the pod's link %s: %w", m, l.Attrs().Name, err)
	}
	return master.Type() == "openvswitch", nil
}
