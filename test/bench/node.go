package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/containernetworking/cni/libcni"
	"github.com/vishvananda/netlink"
)

// Addressing. Everything lives in the benchmarking range 198.18.0.0/15
// (RFC 2544), inside the run's own namespaces.
var (
	podNet      = netip.MustParsePrefix("198.18.0.0/16")   // chained pods' addresses
	podGateway  = netip.MustParseAddr("198.18.0.1")        // node side of a pod link
	slotAddr    = netip.MustParseAddr("198.18.0.2")        // the measured pod
	fillerAddr0 = netip.MustParseAddr("198.18.1.0")        // first preloaded pod
	remoteNet   = netip.MustParsePrefix("198.19.0.0/24")   // the "remote" side
	routerWAN   = netip.MustParseAddr("198.19.0.1")        // router's remote-facing address
	remoteAddr  = netip.MustParseAddr("198.19.0.2")        // the echo server
	bridgeNet   = netip.MustParsePrefix("198.19.128.0/21") // bridge + host-local pods
)

// Node is a "node" network namespace: the plugins run in it, so their
// host-side state (nat rules, nft tables, ip rules, routes) lands there,
// and each node has its own CNI cache, IPAM and hosts-file state.
type Node struct {
	*Netns
	Label string
	Dir   string
	env   *Env
	cni   *libcni.CNIConfig
	seq   int
	links int

	pods   []*Pod
	slot   *Pod // the measured pod (eth0 with slotAddr), made on demand
	bare   *Pod // a pod netns without interfaces (for bridge)
	filler *Pod // sandbox shared by preloaded pods
	named  *named
}

// Pod is a sandbox network namespace attached to a node.
type Pod struct {
	Netns  *Netns
	IfName string
	Addr   netip.Prefix // empty for a bare pod
	HostIf string       // node-side veth
}

// Attachment is one pod attachment as the runtime sees it.
type Attachment struct {
	ContainerID string
	Pod         *Pod
	Addr        netip.Prefix // address the runtime reports (prevResult/ips)
	Index       int          // distinct per attachment on the node
	Filler      bool         // a preloaded pod, not the measured one
}

// NewNode creates a node namespace with its own scratch directory.
func (e *Env) NewNode(label string, paths []string) (*Node, error) {
	n, err := e.NewNetns("node")
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(e.Dir, n.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	node := &Node{Netns: n, Label: label, Dir: dir, env: e,
		cni: libcni.NewCNIConfigWithCacheDir(paths, filepath.Join(dir, "cni-cache"), nil)}
	// Forwarding on, as on a real node (the router of the packet test).
	if _, err := n.Run("sysctl", "-qw", "net.ipv4.ip_forward=1"); err != nil {
		return nil, err
	}
	return node, nil
}

// newPod creates a pod namespace linked to the node by a veth pair; with a
// non-zero addr, eth0 gets it (as if a main plugin had run) and a default
// route via the node.
func (n *Node) newPod(addr netip.Prefix) (*Pod, error) {
	pns, err := n.env.NewNetns("pod")
	if err != nil {
		return nil, err
	}
	p := &Pod{Netns: pns, IfName: "eth0"}
	n.pods = append(n.pods, p)
	if !addr.IsValid() {
		return p, nil
	}
	n.links++
	p.HostIf = fmt.Sprintf("dkv%d", n.links)
	p.Addr = addr
	cmds := [][]string{
		{"ip", "-n", n.Name, "link", "add", p.HostIf, "type", "veth", "peer", "name", "eth0", "netns", pns.Name},
		{"ip", "-n", n.Name, "link", "set", p.HostIf, "up"},
		{"ip", "-n", pns.Name, "link", "set", "eth0", "up"},
		{"ip", "-n", pns.Name, "addr", "add", addr.String(), "dev", "eth0"},
		{"ip", "-n", pns.Name, "route", "add", "default", "via", podGateway.String()},
	}
	for _, c := range cmds {
		if _, err := runHost(c[0], c[1:]...); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// linkedPod is newPod over netlink (no process per step: section 5
// makes thousands): a pod namespace whose eth0 has addr, its peer up on
// the node.
func (n *Node) linkedPod(addr netip.Prefix) (*Pod, error) {
	pns, err := n.env.NewNetns("pod")
	if err != nil {
		return nil, err
	}
	n.links++
	p := &Pod{Netns: pns, IfName: "eth0", HostIf: fmt.Sprintf("dkv%d", n.links), Addr: addr}
	n.pods = append(n.pods, p)
	err = n.Do(func() error {
		veth := &netlink.Veth{LinkAttrs: netlink.LinkAttrs{Name: p.HostIf}, PeerName: p.IfName, PeerNamespace: netlink.NsFd(int(pns.ns.Fd()))}
		if err := netlink.LinkAdd(veth); err != nil {
			return fmt.Errorf("veth %s: %w", p.HostIf, err)
		}
		return netlink.LinkSetUp(veth)
	})
	if err != nil {
		return nil, err
	}
	err = pns.Do(func() error {
		l, err := netlink.LinkByName(p.IfName)
		if err != nil {
			return err
		}
		if err := netlink.AddrAdd(l, &netlink.Addr{IPNet: &net.IPNet{IP: addr.Addr().AsSlice(), Mask: net.CIDRMask(addr.Bits(), 32)}}); err != nil {
			return err
		}
		return netlink.LinkSetUp(l)
	})
	return p, err
}

// DeleteNode removes a node and its pods' namespaces early, freeing what
// a large node holds before the next section runs.
func (e *Env) DeleteNode(n *Node) {
	for _, p := range n.pods {
		e.DeleteNetns(p.Netns)
	}
	e.DeleteNetns(n.Netns)
}

// Slot is the measured pod: a netns with eth0 at slotAddr.
func (n *Node) Slot() (*Pod, error) {
	if n.slot == nil {
		p, err := n.newPod(netip.PrefixFrom(slotAddr, podNet.Bits()))
		if err != nil {
			return nil, err
		}
		n.slot = p
	}
	return n.slot, nil
}

// Bare is a pod netns without interfaces, for main plugins (bridge).
func (n *Node) Bare() (*Pod, error) {
	if n.bare == nil {
		p, err := n.newPod(netip.Prefix{})
		if err != nil {
			return nil, err
		}
		n.bare = p
	}
	return n.bare, nil
}

// Filler is the sandbox every preloaded pod of the node claims: their
// host-side state is what loads the node; their pod-side state is not
// measured, so they share one namespace.
func (n *Node) Filler() (*Pod, error) {
	if n.filler == nil {
		p, err := n.newPod(netip.PrefixFrom(netip.MustParseAddr("198.18.255.254"), podNet.Bits()))
		if err != nil {
			return nil, err
		}
		n.filler = p
	}
	return n.filler, nil
}

// NextAttachment returns a new attachment for the measured pod (bare for a
// main plugin), with a fresh container ID, as a new pod would have.
func (n *Node) NextAttachment(bare bool) (Attachment, error) {
	n.seq++
	var p *Pod
	var err error
	if bare {
		p, err = n.Bare()
	} else {
		p, err = n.Slot()
	}
	if err != nil {
		return Attachment{}, err
	}
	return Attachment{ContainerID: fmt.Sprintf("bench-%s-%06d", n.env.Run, n.seq), Pod: p, Addr: p.Addr, Index: n.seq}, nil
}

// FillerAttachment returns the i-th preloaded pod (addresses from
// 198.18.1.0 up, one per pod).
func (n *Node) FillerAttachment(i int) (Attachment, error) {
	p, err := n.Filler()
	if err != nil {
		return Attachment{}, err
	}
	n.seq++
	a := fillerAddr0.As4()
	v := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
	v += uint32(i)
	addr := netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
	return Attachment{
		ContainerID: fmt.Sprintf("fill-%s-%06d", n.env.Run, n.seq),
		Pod:         p, Addr: netip.PrefixFrom(addr, podNet.Bits()), Index: n.seq, Filler: true,
	}, nil
}

// Op is a prepared CNI operation on one attachment: the conflist and the
// runtime config are built before any timing starts.
type Op struct {
	List *libcni.NetworkConfigList
	RT   *libcni.RuntimeConf
}

// Add runs the conflist's ADD in the node namespace and returns how long
// libcni took (plugin exec included, the namespace switch excluded).
func (n *Node) Add(ctx context.Context, op Op) (time.Duration, error) {
	var d time.Duration
	err := n.Do(func() error {
		t0 := time.Now()
		_, err := n.cni.AddNetworkList(ctx, op.List, op.RT)
		d = time.Since(t0)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("node %s: ADD %s: %w", n.Label, op.RT.ContainerID, err)
	}
	return d, nil
}

// Del runs DEL the same way.
func (n *Node) Del(ctx context.Context, op Op) (time.Duration, error) {
	var d time.Duration
	err := n.Do(func() error {
		t0 := time.Now()
		err := n.cni.DelNetworkList(ctx, op.List, op.RT)
		d = time.Since(t0)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("node %s: DEL %s: %w", n.Label, op.RT.ContainerID, err)
	}
	return d, nil
}

// prevResult is the result a main plugin would have produced for the
// attachment; chained cases get it as the first plugin's prevResult, as
// they would in a runtime's conflist.
func prevResult(a Attachment) map[string]any {
	hostIf := a.Pod.HostIf
	return map[string]any{
		"cniVersion": cniVersion,
		"interfaces": []map[string]any{
			{"name": hostIf},
			{"name": a.Pod.IfName, "sandbox": a.Pod.Netns.Path},
		},
		"ips": []map[string]any{
			{"address": a.Addr.String(), "gateway": podGateway.String(), "interface": 1},
		},
	}
}

// cniVersion is the highest version every plugin measured supports (the
// Debian reference plugins stop at 1.0.0), so all run the same protocol.
const cniVersion = "1.0.0"

// buildList assembles a conflist from plugin configs (maps), injecting
// prevResult into the first one when given.
func buildList(name string, prev map[string]any, plugins ...map[string]any) (*libcni.NetworkConfigList, error) {
	if prev != nil && len(plugins) > 0 {
		first := map[string]any{}
		for k, v := range plugins[0] {
			first[k] = v
		}
		first["prevResult"] = prev
		plugins = append([]map[string]any{first}, plugins[1:]...)
	}
	raw, err := json.Marshal(map[string]any{"cniVersion": cniVersion, "name": name, "plugins": plugins})
	if err != nil {
		return nil, err
	}
	return libcni.ConfListFromBytes(raw)
}

// k8sArgs are the CNI_ARGS a Kubernetes runtime (and diktyo-nri) passes.
func k8sArgs(a Attachment) [][2]string {
	name := strings.ReplaceAll(a.ContainerID, "_", "-")
	return [][2]string{
		{"IgnoreUnknown", "1"},
		{"K8S_POD_NAMESPACE", "bench"},
		{"K8S_POD_NAME", name},
		{"K8S_POD_INFRA_CONTAINER_ID", a.ContainerID},
		{"K8S_POD_UID", "uid-" + a.ContainerID},
	}
}

func runtimeConf(a Attachment, caps map[string]any) *libcni.RuntimeConf {
	return &libcni.RuntimeConf{
		ContainerID:    a.ContainerID,
		NetNS:          a.Pod.Netns.Path,
		IfName:         a.Pod.IfName,
		Args:           k8sArgs(a),
		CapabilityArgs: caps,
	}
}
