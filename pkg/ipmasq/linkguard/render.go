// Package linkguard binds a pod's egress identity to its link: only
// packets that came from the pod's own link may carry the pod's source
// addresses past the node's prerouting, so no neighbour (a pod with
// CAP_NET_RAW, IP_TRANSPARENT, or an address added to its own
// interface) can send as the pod and be SNATed, routed or attributed as
// it. It works with any CNI that gives the pod a veth whose peer is in
// the node's namespace, on a Linux bridge or routed (Calico, Cilium);
// not with an Open vSwitch port (HostLink refuses one), and with both
// of ipmasq's backends: it keeps its own tables, the same whichever
// backend translates.
//
// A pod's binding is exact-key elements, no chain and no hook of its
// own (flat.go has the layout): sets keyed by the link's interface index
// and the source address, looked up by fixed chains in a bridge table
// (whose prerouting hook sees a bridge port's frames with the port as
// input device, where inet prerouting sees only the bridge) and in an
// inet table (where a routed veth is the input device), so binding one
// costs the same with 10 or 10,000 pods bound. The bridge chain marks a
// port's own sources; the inet prerouting chain passes a routed veth's
// own key or a marked pod address and drops any other packet with a
// pod's address, at priority -460: before defragmentation (each fragment
// is checked), before conntrack, so a spoofed packet neither creates a
// flow nor rides an existing one of the pod, and before routing, so
// neither SNAT nor policy routing ever sees it. Output checks the
// node's own packets by their socket, which no process can send without,
// so a host-network process cannot send as a pod whatever mark it sets
// (see outputRules). Prerouting clears the bit again: nothing after it
// (the cluster CNI, kube-proxy) sees diktyo's mark. A mark set inside a
// pod never reaches the node: crossing namespaces clears it.
//
// Keys hold the interface index, which the kernel does not hand out
// again: a pod that gets the device name of a vanished pod (Calico's and
// Cilium's are derived from the pod's name) has other keys, and the
// vanished pod's late DEL deletes only its own. The layout before this
// one (per-pod as- and link- chains, old.go) is moved over by the first
// ADD that finds it, each binding in one transaction.
//
// This file and flat.go render batches; they are pure.
package linkguard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Object names inside the table, and its defaults.
const (
	DefaultTable = snat.DefaultGuardTable
	DefaultMark  = snat.DefaultLinkMark

	// BaseChain is the base chain of the layout before the flat one,
	// which the upgrade moves away from (old.go); OutputChain its output
	// chain's name, and the egress guard's.
	BaseChain   = "prerouting"
	OutputChain = "output"
	Map4        = "bound4"
	Map6        = "bound6"
	AsPrefix    = "as-"
	LinkPrefix  = "link-"
	// basePrio is before defragmentation (-400), so each fragment is
	// checked on its own (a neighbour's spoofed fragment must not join
	// the pod's datagram and pass with its first fragment's mark), and
	// before conntrack (-200), routing and iptables' raw table (-300).
	basePrio    = -450
	ingressPrio = -500 // the old layout's link chains
)

// AsChain is the chain that owner id's addresses map to.
func AsChain(id string) string { return AsPrefix + id }

// LinkChain is the ingress chain of the pod's link dev.
func LinkChain(dev string) string { return LinkPrefix + dev }

// PortPrefix starts the name of a per-device binding's ingress chain.
const PortPrefix = "port-"

// PortChain is the ingress chain of the link of interface index idx
// (Binding.PerDevice): named by the index, which the kernel does not
// hand out again, so a chain left behind never names another device.
func PortChain(idx uint32) string { return fmt.Sprintf("%s%d", PortPrefix, idx) }

// Binding is one pod's link and addresses.
type Binding struct {
	Owner snat.Owner
	Link  string // the node's end of the pod's veth
	// Index is Link's interface index: the link chain acts only on
	// packets of that device, so a chain that outlived its device
	// (Linux 6.16 keeps a chain whose device is gone, and hooks it to the
	// next device of that name) touches nobody else's packets.
	Index int
	Addrs []netip.Addr // the pod's addresses on it
	Mark  uint32       // the bit set at ingress (DefaultMark)
	// Guards names the SNAT config the binding guards (its backend and
	// table or tag, SNATConfig): a DEL under another one (the old config
	// of a pod whose rules moved) leaves the binding alone.
	Guards string
	// PerDevice binds the link by an ingress chain of its own (PortChain):
	// a port of Open vSwitch, whose datapath takes its packets before the
	// bridge family's hooks and hands them to the node's IP stack on an
	// OVS internal port. The chain marks the port's own sources, as the
	// bridge chain does a bridge port's; the bridge table gets no keys.
	PerDevice bool
	// Strict holds the pod to strict mode: its new connections that
	// leave with its own address and without StrictMark, the conntrack
	// mark bit of ipmasq's decisions (snat.DefaultStrictMark when 0),
	// are dropped.
	Strict     bool
	StrictMark uint32
}

// SNATConfig is Binding.Guards for a backend and its table or tag.
func SNATConfig(backend, tableOrTag string) string { return backend + "/" + tableOrTag }

// netTag is the network as comments hold it: whole when short, else a
// prefix and a hash, so that a long network name (a Multus attachment's
// may have 253 characters) never pushes the fields past the comment's
// length limit.
// It is sanitised as comments are (snat.Sanitize), so that comparing a
// comment's field with it holds for any name.
func netTag(network string) string {
	if len(network) > 40 {
		h := sha256.Sum256([]byte(network))
		network = network[:31] + "+" + hex.EncodeToString(h[:4])
	}
	return strings.ReplaceAll(snat.Sanitize(network), " ", "_")
}

// asComment marks the as- chain with its owner, link and network: DEL
// needs the link once the pod's namespace (where it was found) is gone.
func asComment(b Binding) string {
	c := "link=" + b.Link + " net=" + netTag(b.Owner.Network)
	if b.Guards != "" {
		c += " snat=" + strings.ReplaceAll(snat.Sanitize(b.Guards), " ", "_")
	}
	if b.PerDevice {
		c += " hook=ingress"
	}
	return snat.Comment(b.Owner, c)
}

// commentField is key's value in a comment made by linkComment or
// asComment.
func commentField(comment, key string) string {
	for _, f := range strings.Fields(comment) {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}

var (
	map4 = &nft.Set{Name: Map4, Fields: []byte{unix.NFPROTO_IPV4}, Verdicts: true, ID: 1}
	map6 = &nft.Set{Name: Map6, Fields: []byte{unix.NFPROTO_IPV6}, Verdicts: true, ID: 2}
)

func mapOf(a netip.Addr) string {
	if a.Is4() {
		return Map4
	}
	return Map6
}

// baseChains are the base chains, by hook; each holds baseRules.
var baseChains = []*nft.Chain{
	{Name: BaseChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_PRE_ROUTING, Priority: basePrio}},
	{Name: OutputChain, Hook: &nft.Hook{Type: "filter", Num: unix.NF_INET_LOCAL_OUT, Priority: basePrio}},
}

func mark(v uint32) []byte { return binary.NativeEndian.AppendUint32(nil, v) }

// unbound are the sources a link may carry that are nobody's identity:
// IPv6 link-local (neighbour discovery), and the unspecified addresses
// of DHCP and duplicate address detection. They pass unmarked.
var unbound = []netip.Prefix{
	netip.MustParsePrefix("fe80::/10"),
	netip.MustParsePrefix("::/128"),
	netip.MustParsePrefix("0.0.0.0/32"),
}

func key(a netip.Addr) *nft.Element { return &nft.Element{Set: mapOf(a), Key: []netip.Addr{a}} }
