package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"
)

// PacketVariant is one router configuration of section 3.
type PacketVariant struct {
	Key  string
	Name string
	// Case installs the policy (empty: plain forwarding, the baseline).
	Case string
	// NodeRules, when set, is node-wide nat state loaded into the router
	// with iptables-restore --noflush instead of a case: the same for any
	// number of pods, so it is measured at the smallest size only.
	NodeRules string
	// SNAT says the remote must see the router's address as the source
	// (SNAT to it, or a masquerade out of the link that holds it).
	SNAT bool
	// MeasuredFirst attaches the measured pod before the preloaded ones:
	// ipmasq's iptables backend inserts each pod's jump at the top of the
	// tag chain, so the first pod attached is the last one a packet's walk
	// reaches. Otherwise it is attached last (ip rules of one priority
	// are walked in the order they were added).
	MeasuredFirst bool
}

// PacketVariants: the baseline, the node-wide masquerade most clusters
// run instead of per-pod policy, each ipmasq backend alone, and the whole
// diktyo chain (nftables) whose iproute part adds policy-routing rules
// that every routed packet walks.
func PacketVariants() []PacketVariant {
	return []PacketVariant{
		{Key: "none", Name: "no policy (forwarding only)"},
		{Key: "ip-masq-agent", Name: "ip-masq-agent style (node-wide, iptables)", NodeRules: ipMasqAgentRules(), SNAT: true},
		{Key: "ipmasq-ipt", Name: "ipmasq, iptables", Case: "ipmasq-ipt", SNAT: true, MeasuredFirst: true},
		{Key: "ipmasq-nft", Name: "ipmasq, nftables", Case: "ipmasq-nft", SNAT: true},
		{Key: "chain-nft", Name: "diktyo chain (nftables + iproute)", Case: "chain-nft", SNAT: true},
		{Key: "chain-nft-fwmark", Name: "diktyo chain (nftables + iproute fwmark layout)", Case: "chain-nft-fwmark", SNAT: true},
	}
}

// ipMasqAgentNonMasq is ip-masq-agent's default nonMasqueradeCIDRs
// without 198.18.0.0/15: the run's remote network lives there, and a
// cluster masquerading to a network lists it the same way. Each is one
// RETURN rule a new flow walks before the MASQUERADE.
var ipMasqAgentNonMasq = []string{
	"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24",
	"192.88.99.0/24", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
}

// ipMasqAgentRules renders the nat rules ip-masq-agent keeps on a node:
// one POSTROUTING jump for non-local destinations into IP-MASQ-AGENT, a
// RETURN per non-masquerade CIDR, MASQUERADE last.
func ipMasqAgentRules() string {
	var b strings.Builder
	b.WriteString("*nat\n:IP-MASQ-AGENT - [0:0]\n")
	b.WriteString("-A POSTROUTING -m comment --comment \"ip-masq-agent: ensure nat POSTROUTING directs all non-LOCAL destination traffic to our custom IP-MASQ-AGENT chain\" -m addrtype ! --dst-type LOCAL -j IP-MASQ-AGENT\n")
	for _, cidr := range ipMasqAgentNonMasq {
		fmt.Fprintf(&b, "-A IP-MASQ-AGENT -d %s -m comment --comment \"ip-masq-agent: local traffic is not subject to MASQUERADE\" -j RETURN\n", cidr)
	}
	b.WriteString("-A IP-MASQ-AGENT -m comment --comment \"ip-masq-agent: outbound traffic is subject to MASQUERADE (must be last in chain)\" -j MASQUERADE\n")
	b.WriteString("COMMIT\n")
	return b.String()
}

const (
	echoPort      = 9000
	policyTable   = 100 // the table iproute's policy points pods at
	wanLink       = "dkwan"
	packetTimeout = time.Second
)

// router is one client -> router -> remote topology.
type router struct {
	v       PacketVariant
	pods    int
	node    *Node
	client  *Pod
	remote  *Netns
	server  net.PacketConn
	newFlow []time.Duration
	estab   []time.Duration
	// per request, amortized over bursts
	newFlowBurst, estabBurst []time.Duration
	bad                      int // replies showing the wrong source address
	lost                     int
}

// runPacket is section 3: request/response latency from a pod through
// the router namespace (where the policy of 1, 100, 1,000 pods is
// installed) to a remote namespace.
func (h *Harness) runPacket(ctx context.Context) error {
	cases := map[string]Case{}
	for _, c := range Cases() {
		cases[c.Key] = c
	}
	var routers []*router
	// Free the routers (and their conntrack entries) as soon as the
	// section ends.
	defer func() {
		for _, r := range routers {
			if r.server != nil {
				_ = r.server.Close()
			}
			h.Env.DeleteNode(r.node)
			if r.remote != nil {
				h.Env.DeleteNetns(r.remote)
			}
		}
	}()
	for _, v := range PacketVariants() {
		var c Case
		if !h.Opts.wantsVariant(v) {
			continue
		}
		if v.Case != "" {
			c = cases[v.Case]
			if why := h.missing(c); why != "" {
				h.Res.skip(SecPacket, fmt.Sprintf("%s: %s", v.Name, why))
				continue
			}
		}
		sizes := h.Opts.PacketPods
		if v.Case == "" {
			sizes = sizes[:1] // no per-pod state to scale
		}
		for _, pods := range sizes {
			r, err := h.newRouter(ctx, v, c, pods)
			if r != nil {
				routers = append(routers, r)
			}
			if err != nil {
				return fmt.Errorf("%s with %d pods: %w", v.Key, pods, err)
			}
			h.Log.Info("router ready", "variant", v.Key, "pods", pods)
		}
	}
	if len(routers) == 0 {
		h.Res.skip(SecPacket, "no variant can run")
		return nil
	}
	h.Res.PacketSamples = h.Opts.PacketSamples
	for round := range h.Opts.PacketRounds {
		for j := range routers {
			r := routers[(j+round)%len(routers)]
			if err := r.measure(ctx, h.Opts.PacketSamples); err != nil {
				return fmt.Errorf("%s with %d pods: %w", r.v.Key, r.pods, err)
			}
		}
	}
	for _, r := range routers {
		if r.bad > 0 {
			return fmt.Errorf("%s with %d pods: %d replies showed an unexpected source address: the policy did not apply", r.v.Key, r.pods, r.bad)
		}
		nf, es := Summarize(r.newFlow), Summarize(r.estab)
		nf.Failed, es.Failed = r.lost, 0
		h.Res.Packet = append(h.Res.Packet, PacketRow{Variant: r.v.Name, Key: r.v.Key, Pods: r.pods, NewFlow: nf, Established: es,
			NewFlowBurst: Summarize(r.newFlowBurst), EstablishedBurst: Summarize(r.estabBurst), NewFlowBurstSamples: r.newFlowBurst})
	}
	return nil
}

// wantsVariant: -cases selects variants by their case key, or by their
// own key when they have no case; the baseline always runs.
func (o *Options) wantsVariant(v PacketVariant) bool {
	switch {
	case v.Case != "":
		return o.wantsCase(v.Case)
	case v.NodeRules != "":
		return o.wantsCase(v.Key)
	}
	return true
}

// newRouter builds the topology: the client pod's own attachment and
// pods-1 preloaded pods of the case on the router, in the order that puts
// the client's rules last in any linear walk (see MeasuredFirst), a remote
// namespace and an echo server in it.
func (h *Harness) newRouter(ctx context.Context, v PacketVariant, c Case, pods int) (*router, error) {
	node, err := h.Env.NewNode(fmt.Sprintf("router-%s@%d", v.Key, pods), h.paths(c))
	if err != nil {
		return nil, err
	}
	r := &router{v: v, pods: pods, node: node}
	if r.client, err = node.Slot(); err != nil {
		return r, err
	}
	if r.remote, err = h.Env.NewNetns("remote"); err != nil {
		return r, err
	}
	gw := netip.PrefixFrom(podGateway, podNet.Bits()).String()
	cmds := [][]string{
		{"ip", "-n", node.Name, "addr", "add", gw, "dev", r.client.HostIf},
		{"ip", "-n", node.Name, "link", "add", wanLink, "type", "veth", "peer", "name", "eth0", "netns", r.remote.Name},
		{"ip", "-n", node.Name, "addr", "add", routerWAN.String() + "/24", "dev", wanLink},
		{"ip", "-n", node.Name, "link", "set", wanLink, "up"},
		{"ip", "-n", node.Name, "route", "add", remoteNet.String(), "dev", wanLink, "table", fmt.Sprint(policyTable)},
		{"ip", "-n", r.remote.Name, "addr", "add", remoteAddr.String() + "/24", "dev", "eth0"},
		{"ip", "-n", r.remote.Name, "link", "set", "eth0", "up"},
		{"ip", "-n", r.remote.Name, "route", "add", "default", "via", routerWAN.String()},
	}
	for _, cmd := range cmds {
		if _, err := runHost(cmd[0], cmd[1:]...); err != nil {
			return r, err
		}
	}
	if v.NodeRules != "" {
		if _, err := node.RunStdin(v.NodeRules, "iptables-restore", "--noflush"); err != nil {
			return r, err
		}
	}
	if v.Case != "" {
		a, err := node.NextAttachment(false)
		if err != nil {
			return r, err
		}
		op, err := c.build(node, a)
		if err != nil {
			return r, err
		}
		if !v.MeasuredFirst {
			if err := preloadPods(ctx, node, c, pods-1); err != nil {
				return r, err
			}
		}
		if _, err := node.Add(ctx, op); err != nil {
			return r, err
		}
		if v.MeasuredFirst {
			if err := preloadPods(ctx, node, c, pods-1); err != nil {
				return r, err
			}
		}
	}
	err = r.remote.Do(func() error {
		var err error
		r.server, err = net.ListenPacket("udp4", netip.AddrPortFrom(remoteAddr, echoPort).String())
		return err
	})
	if err != nil {
		return r, err
	}
	go echo(r.server)
	// One request proves the path works before anything is timed.
	return r, r.client.Netns.Do(func() error {
		_, err := r.roundTrip(nil)
		return err
	})
}

// echo answers every datagram with the source address it saw, so the
// client can check SNAT really happened.
func echo(pc net.PacketConn) {
	buf := make([]byte, 64)
	for {
		_, from, err := pc.ReadFrom(buf)
		if err != nil {
			return
		}
		ua, ok := from.(*net.UDPAddr)
		if !ok {
			continue
		}
		_, _ = pc.WriteTo([]byte(ua.IP.String()), from)
	}
}

var errLost = errors.New("no reply within 1s")

// roundTrip sends one request on conn (nil: a fresh socket, created in
// the current namespace) and times it until the reply.
func (r *router) roundTrip(conn *net.UDPConn) (time.Duration, error) {
	if conn == nil {
		c, err := dialRemote()
		if err != nil {
			return 0, err
		}
		defer c.Close()
		conn = c
	}
	buf := make([]byte, 64)
	if err := conn.SetDeadline(time.Now().Add(packetTimeout)); err != nil {
		return 0, err
	}
	t0 := time.Now()
	if _, err := conn.Write([]byte("ping")); err != nil {
		return 0, err
	}
	n, err := conn.Read(buf)
	d := time.Since(t0)
	if err != nil {
		return 0, errLost
	}
	r.check(buf[:n])
	return d, nil
}

// check counts a reply that does not show the source address the policy
// asks for.
func (r *router) check(reply []byte) {
	want := slotAddr
	if r.v.SNAT {
		want = routerWAN
	}
	if string(reply) != want.String() {
		r.bad++
	}
}

// burstSize is how many requests a burst sends before reading replies.
const burstSize = 50

// measure takes n new-flow round trips (fresh socket each, so conntrack
// misses and the nat hooks run), n established-flow round trips, and n/20
// bursts of each kind. Every new flow is a conntrack entry of the router
// namespace for 30 s (the count and its limit are per namespace).
func (r *router) measure(ctx context.Context, n int) error {
	return r.client.Netns.Do(func() error {
		for i := range n {
			if i%100 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			d, err := r.roundTrip(nil)
			if errors.Is(err, errLost) {
				if err := r.lose(n); err != nil {
					return err
				}
				continue
			}
			if err != nil {
				return err
			}
			r.newFlow = append(r.newFlow, d)
		}
		conn, err := dialRemote()
		if err != nil {
			return err
		}
		defer conn.Close()
		for range n {
			d, err := r.roundTrip(conn)
			if err != nil {
				return fmt.Errorf("established flow: %w", err)
			}
			r.estab = append(r.estab, d)
		}
		for range max(2, n/20) {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := r.measureNewFlowBurst(n); err != nil {
				return err
			}
			same := make([]*net.UDPConn, burstSize)
			for i := range same {
				same[i] = conn
			}
			d, err := r.burst(same)
			if err != nil {
				return fmt.Errorf("established burst: %w", err)
			}
			r.estabBurst = append(r.estabBurst, d)
		}
		return nil
	})
}

func (r *router) lose(n int) error {
	r.lost++
	if r.lost > n/10+5 {
		return fmt.Errorf("%d requests lost", r.lost)
	}
	return nil
}

// measureNewFlowBurst opens burstSize fresh sockets (untimed), then times one
// burst over them.
func (r *router) measureNewFlowBurst(n int) error {
	conns := make([]*net.UDPConn, 0, burstSize)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for range burstSize {
		c, err := dialRemote()
		if err != nil {
			return err
		}
		conns = append(conns, c)
	}
	d, err := r.burst(conns)
	if errors.Is(err, errLost) {
		return r.lose(n)
	}
	if err != nil {
		return err
	}
	r.newFlowBurst = append(r.newFlowBurst, d)
	return nil
}

func dialRemote() (*net.UDPConn, error) {
	return net.DialUDP("udp4", nil, net.UDPAddrFromAddrPort(netip.AddrPortFrom(remoteAddr, echoPort)))
}

// burst writes one request on each conn (a conn may repeat), then reads
// every reply; it returns the time per request. Back-to-back packets keep
// the router busy, so this is the processing cost per packet rather than
// the wake-up latency a single round trip mostly shows.
func (r *router) burst(conns []*net.UDPConn) (time.Duration, error) {
	deadline := time.Now().Add(packetTimeout)
	for _, c := range conns {
		if err := c.SetDeadline(deadline); err != nil {
			return 0, err
		}
	}
	buf := make([]byte, 64)
	t0 := time.Now()
	for _, c := range conns {
		if _, err := c.Write([]byte("ping")); err != nil {
			return 0, err
		}
	}
	for _, c := range conns {
		n, err := c.Read(buf)
		if err != nil {
			return 0, errLost
		}
		r.check(buf[:n])
	}
	return time.Since(t0) / time.Duration(len(conns)), nil
}
