package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Pod A's egress identity in TestSpoof: a pool on each of two externals
// no other test uses, so every port of A's blocks is A's alone.
const (
	extSpoof4   = "198.19.255.40"
	extSpoof6   = "2001:2:0:ffff::40"
	spoofNS     = "e2e-spoof"
	spoofCount  = 20 // datagrams per burst, 20 ms apart
	spoofMetric = "diktyo_spoofed_packets_dropped_total"
)

// spoofMethod is one way pod B, with the default capabilities (CAP_NET_RAW,
// no CAP_NET_ADMIN), sends UDP with pod A's source address: a mode of
// echosrc (hack/echosrc) run in B's container.
type spoofMethod struct {
	name string
	mode string // echosrc's mode
	ipv6 bool
	// ownAddress: B first puts A's address on its own eth0, from a
	// second container of B's given CAP_NET_ADMIN for this method
	// only, then sends from an ordinary socket.
	ownAddress bool
}

var spoofMethods = []spoofMethod{
	{name: "raw4", mode: "spoof-udp"},                                      // SOCK_RAW, IP_HDRINCL
	{name: "transparent4", mode: "spoof-transparent"},                      // IP_TRANSPARENT, bound to A's address
	{name: "raw6", mode: "spoof-udp6", ipv6: true},                         // SOCK_RAW, IPPROTO_RAW
	{name: "transparent6", mode: "spoof-transparent", ipv6: true},          // IPV6_TRANSPARENT
	{name: "own-address4", mode: "send-udp", ownAddress: true},             // A's address on B's eth0 (NET_ADMIN)
	{name: "own-address6", mode: "send-udp", ipv6: true, ownAddress: true}, // the same for IPv6
}

// TestSpoof (issue 19): a neighbour pod cannot borrow pod A's egress
// identity. Pod A SNATs UDP to the remote to a block of a pool, in both
// families; pod B, on the same node, sends to the same destination with
// A's source address, each way of spoofMethods. For each:
//
//   - remote: the remote never sees B's datagrams with A's external, a
//     port of A's blocks, or an (address, port, time) the attribution log
//     names A for; and B's control burst (the same method with B's own
//     address) does reach it, so the method itself works here;
//   - pod A unaffected: A's own stream, running through B's bursts, keeps
//     leaving with A's identity;
//   - drop counter: diktyo_spoofed_packets_dropped_total of A ("as") and
//     of B ("from", had B a binding) grows by B's burst;
//
// and diktyo-nri status shows A bound to its link. With both ipmasq
// backends: the node's chain as it is, with its backend set to each.
//
// The remote checks come first in each method's subtests: they are the
// issue itself; the counter and the binding belong to the guard that
// fixes it (issue 19 part 1).
func TestSpoof(t *testing.T) {
	v := requireVM(t)
	for _, backend := range []string{"iptables", "nftables"} {
		t.Run(backend, func(t *testing.T) {
			s := newSpoofScene(t, v, backend)
			for i, m := range spoofMethods {
				t.Run(m.name, func(t *testing.T) { s.try(t, m, 6000+2*i) })
			}
			t.Run("host network", func(t *testing.T) { s.tryHost(t, v) })
			t.Run("binding", s.expectBinding)
		})
	}
}

// spoofScene is one backend's setup: diktyo-nri with pools for A, the
// remote's UDP listeners, pods A and B, and A's blocks.
type spoofScene struct {
	n         *nri
	a, b      *pod
	rx4, rx6  *udpSink
	attrLog   string
	apiSocket string
	blocks    []spoofBlock // A's, from the attribution log
	admin     string       // B's NET_ADMIN container, once started
	aIf, bIf  string       // their veths' host sides
}

// spoofBlock is a port block the attribution log granted A.
type spoofBlock struct {
	addr   netip.Addr
	lo, hi uint16
}

func (b spoofBlock) holds(ap netip.AddrPort) bool {
	return ap.Addr() == b.addr && ap.Port() >= b.lo && ap.Port() <= b.hi
}

func (b spoofBlock) String() string { return fmt.Sprintf("%s:%d-%d", b.addr, b.lo, b.hi) }

func newSpoofScene(t *testing.T, v *testVM, backend string) *spoofScene {
	t.Helper()
	r := newRemote(t)
	dir := t.TempDir()
	s := &spoofScene{attrLog: filepath.Join(dir, "attribution.jsonl")}
	cfg := v.configWith(t, func(c map[string]any) {
		s.apiSocket = c["api"].(map[string]any)["socket"].(string)
		chain := c["chain"].(map[string]any)
		chain["conflist"] = chainWithBackend(t, chain["conflist"].(string), backend)
		eg := c["egress"].(map[string]any)
		eg["addresses"] = append(eg["addresses"].([]any),
			map[string]any{"address": extSpoof4, "routed": true}, map[string]any{"address": extSpoof6, "routed": true})
		eg["pools"] = append(eg["pools"].([]any),
			map[string]any{"name": "spoof4", "address": extSpoof4, "ports": "40000-40255", "blockSize": 64},
			map[string]any{"name": "spoof6", "address": extSpoof6, "ports": "40000-40255", "blockSize": 64})
		eg["attributionLog"] = s.attrLog
		eg["stateDir"] = filepath.Join(dir, "state")
		allow := c["namespaces"].([]any)[0].(map[string]any)["allow"].(map[string]any)["masq"].(map[string]any)
		allow["pools"] = append(allow["pools"].([]any), "spoof4", "spoof6")
	})
	s.n = v.startNRI(t, cfg)
	t.Cleanup(func() {
		if t.Failed() {
			s.n.dumpLog(t)
		}
	})
	s.rx4, s.rx6 = r.listenUDP(t, dstSNAT), r.listenUDP(t, dstSNAT6)
	s.a = v.mustRunPod(t, "a", spoofNS, map[string]string{policy.KeyMasq: masq(
		api.MasqEntry{External: "pool:spoof4", Destination: prefix24(dstSNAT), Protocol: "udp"},
		api.MasqEntry{External: "pool:spoof6", Destination: prefix64(dstSNAT6).String(), Protocol: "udp"},
	)})
	s.b = v.mustRunPod(t, "b", spoofNS, nil) // no policy, default capabilities
	if s.a.IP6 == "" || s.b.IP6 == "" {
		t.Fatalf("pods without IPv6 addresses (a %q, b %q): is the test node dual-stack?", s.a.IP6, s.b.IP6)
	}
	expectBackend(t, s.a, backend)
	s.blocks = grantsOf(t, s.attrLog, s.a)
	if len(s.blocks) != 2 {
		t.Fatalf("pod a's grants in the attribution log: %v, want one block of each pool", s.blocks)
	}
	expectCaps(t, s.b, s.b.ctr, "app", true, false)
	s.aIf, s.bIf = s.a.hostIf(t), s.b.hostIf(t)
	waitIPv6(t, s.a)
	waitIPv6(t, s.b)
	t.Logf("%s: pod a %s %s (blocks %v), pod b %s %s", backend, s.a.IP, s.a.IP6, s.blocks, s.b.IP, s.b.IP6)
	return s
}

// try runs one spoofing method: A streams to the remote while B sends a
// burst with A's source address, then the same burst with its own (the
// control). sport and sport+1 are B's source ports.
func (s *spoofScene) try(t *testing.T, m spoofMethod, sport int) {
	rx, dst, aSrc, bSrc := s.rx4, dstSNAT, s.a.IP, s.b.IP
	if m.ipv6 {
		rx, dst, aSrc, bSrc = s.rx6, dstSNAT6, s.a.IP6, s.b.IP6
	}
	if m.ownAddress {
		s.addToB(t, aSrc)
	}
	dropped := s.dropped(t)
	aTag, spoofTag, ownTag := "a-"+m.name+"-", "b-as-a-"+m.name+"-", "b-own-"+m.name+"-"
	stop := s.a.udpStream(t, dst, aTag)
	defer stop()
	rx.first(t, aTag)
	rxA, rxB := rxPackets(t, s.aIf), rxPackets(t, s.bIf)
	s.burst(t, m.mode, aSrc, dst, spoofTag, sport)
	burstEnd := time.Now()
	t.Logf("during B's burst with A's address, the node received %d packets on B's veth %s, %d on A's %s (A's stream)",
		rxPackets(t, s.bIf)-rxB, s.bIf, rxPackets(t, s.aIf)-rxA, s.aIf)
	s.burst(t, m.mode, bSrc, dst, ownTag, sport+1)
	// The control burst arrived: B's bursts took the same path, so
	// whatever of the spoofed one got through has arrived too.
	controlOK := eventually(10*time.Second, func() bool { return len(rx.from(ownTag)) >= spoofCount })
	// And A's stream went on after B's spoofed burst.
	eventually(5*time.Second, func() bool { return lastAt(rx.from(aTag)).After(burstEnd) })
	stop()
	if m.ownAddress {
		// Not the guard's (it drops IP packets only): B answers ARP and
		// neighbour solicitations for A's address now.
		t.Logf("the node's neighbour entry for A's %s: %s (A's MAC %s, B's %s)", aSrc,
			strings.TrimSpace(output(t, "ip", "neigh", "show", aSrc)), s.a.mac(t), s.b.mac(t))
	}

	t.Run("remote", func(t *testing.T) {
		if !controlOK {
			t.Errorf("control: the remote got %d of B's %d datagrams sent by %s from B's own address %s (%v): the method does not reach the remote here, so the spoofing check below proves nothing",
				len(rx.from(ownTag)), spoofCount, m.mode, bSrc, sources(rx.from(ownTag)))
		}
		for _, d := range rx.from(ownTag) {
			if d.src.Addr().String() != bSrc {
				t.Errorf("control: B's own datagram %s left as %s, want B's address %s (B has no policy)", d.payload, d.src, bSrc)
			}
		}
		s.expectNeverAsA(t, rx, spoofTag)
	})
	t.Run("pod A unaffected", func(t *testing.T) { s.expectAsA(t, rx, aTag, burstEnd) })
	t.Run("drop counter", func(t *testing.T) {
		got := s.dropped(t) - dropped
		t.Logf("%s of a (as) + b (from): +%v", spoofMetric, got)
		if got < spoofCount {
			t.Errorf("%s{namespace=%q,pod=\"a\",direction=\"as\"} + {pod=\"b\",direction=\"from\"} grew by %v during B's burst of %d spoofed datagrams, want at least %d (no such metric before the link guard of issue 19 part 1)",
				spoofMetric, spoofNS, got, spoofCount, spoofCount)
		}
	})
}

// tryHost: a host-network pod with the default capabilities sends with
// A's address through a UDP socket with IP_TRANSPARENT, from the node's
// own namespace: the node's output refuses every datagram, none reaches
// the remote as A, and A's "as" count grows by the burst. Its control, a
// burst from the node's own address to the same listener, arrives.
func (s *spoofScene) tryHost(t *testing.T, v *testVM) {
	h := v.runHostPod(t, "h", spoofNS)
	dst := net.JoinHostPort(dstSNAT, strconv.Itoa(udpPort))
	dropped := s.dropped(t)
	spoofTag, ownTag := "host-as-a-", "host-own-"
	out, err := h.execIn(h.ctr, "/bin/echosrc", "spoof-transparent", "--src", s.a.IP, "--dst", dst, "--sport", "6100",
		"--count", strconv.Itoa(spoofCount), "--interval", "20ms", "--tag", spoofTag, "--refused-ok")
	if want := fmt.Sprintf("sent 0 of %d ", spoofCount); err != nil || !strings.Contains(out, want) {
		t.Errorf("host pod: echosrc spoof-transparent --src %s: %v\n%s (want every datagram refused by the node)", s.a.IP, err, out)
	}
	node := strings.Split(remoteHostAddr, "/")[0]
	if out, err := h.execIn(h.ctr, "/bin/echosrc", "send-udp", "--src", node, "--dst", dst, "--sport", "6101",
		"--count", strconv.Itoa(spoofCount), "--interval", "20ms", "--tag", ownTag); err != nil {
		t.Fatalf("host pod: echosrc send-udp --src %s: %v\n%s", node, err, out)
	}
	if !eventually(10*time.Second, func() bool { return len(s.rx4.from(ownTag)) >= spoofCount }) {
		t.Errorf("control: the remote got %d of the node's %d datagrams from its own address", len(s.rx4.from(ownTag)), spoofCount)
	}
	s.expectNeverAsA(t, s.rx4, spoofTag)
	if n := len(s.rx4.from(spoofTag)); n != 0 {
		t.Errorf("the remote got %d of the host pod's datagrams with A's source", n)
	}
	if got := s.dropped(t) - dropped; got < spoofCount {
		t.Errorf("%s of a (as) grew by %v during the host pod's burst of %d, want at least %d", spoofMetric, got, spoofCount, spoofCount)
	}
}

// expectNeverAsA is the check: none of the datagrams tagged tag
// (pod B's, sent with A's source address) reached the remote with A's
// egress identity: an external of A's, a port of A's blocks, or an
// (address, port, time) the attribution log names A for.
func (s *spoofScene) expectNeverAsA(t *testing.T, rx *udpSink, tag string) {
	t.Helper()
	got := rx.from(tag)
	var asA []string
	for _, d := range got {
		var why []string
		for _, b := range s.blocks {
			switch {
			case b.holds(d.src):
				why = append(why, "a port of A's block "+b.String())
			case d.src.Addr() == b.addr:
				why = append(why, "A's external")
			}
		}
		if s.attributedToA(t, d) {
			why = append(why, "the attribution log names A")
		}
		if len(why) > 0 {
			asA = append(asA, fmt.Sprintf("%s from %s: %s", d.payload, d.src, strings.Join(why, ", ")))
		}
	}
	t.Logf("the remote got %d of B's %d datagrams with A's source address; sources %v", len(got), spoofCount, sources(got))
	if len(asA) > 0 {
		n, more := len(asA), ""
		if n > 3 {
			asA, more = asA[:3], fmt.Sprintf("\n  (and %d more)", n-3)
		}
		t.Errorf("the remote saw %d of pod b's datagrams (sent with pod a's source address) with pod a's egress identity:\n  %s%s",
			n, strings.Join(asA, "\n  "), more)
	}
}

// expectAsA checks A's own stream (tag): every datagram left with A's
// identity (a port of one of its blocks, attributed to A), and some
// arrived after since.
func (s *spoofScene) expectAsA(t *testing.T, rx *udpSink, tag string, since time.Time) {
	t.Helper()
	got := rx.from(tag)
	if len(got) == 0 {
		t.Fatalf("no datagram of pod a's stream %q reached the remote", tag)
	}
	for _, d := range got {
		held := false
		for _, b := range s.blocks {
			held = held || b.holds(d.src)
		}
		if !held {
			t.Errorf("pod a's datagram %s left as %s, outside its blocks %v", d.payload, d.src, s.blocks)
		}
	}
	if !s.attributedToA(t, got[0]) {
		t.Errorf("the attribution log does not name pod a for its own datagram %s from %s", got[0].payload, got[0].src)
	}
	if !lastAt(got).After(since) {
		t.Errorf("pod a's stream: nothing reached the remote after pod b's burst (last at %s, burst ended %s)",
			lastAt(got).Format(time.StampMicro), since.Format(time.StampMicro))
	}
}

// attributedToA reports whether the attribution log names pod A for the
// datagram's source when it arrived (egress.Attribute, as docs/egress.md
// tells the far side to ask).
func (s *spoofScene) attributedToA(t *testing.T, d datagram) bool {
	t.Helper()
	f, err := os.Open(s.attrLog)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	who, err := egress.Attribute(f, d.src.Addr(), d.src.Port(), d.at)
	if errors.Is(err, egress.ErrNotAttributed) {
		return false
	}
	if err != nil {
		t.Fatalf("attributing %s: %v", d.src, err)
	}
	return who.Namespace == s.a.Namespace && who.Name == s.a.Name && who.UID == s.a.UID
}

// burst runs echosrc MODE in B's app container (default capabilities):
// spoofCount datagrams from src:sport to dst's UDP listener, each tagged.
func (s *spoofScene) burst(t *testing.T, mode, src, dst, tag string, sport int) {
	t.Helper()
	out, err := s.b.exec(t, "/bin/echosrc", mode, "--src", src, "--dst", net.JoinHostPort(dst, strconv.Itoa(udpPort)),
		"--sport", strconv.Itoa(sport), "--count", strconv.Itoa(spoofCount), "--interval", "20ms", "--tag", tag)
	if want := fmt.Sprintf("sent %d of %d ", spoofCount, spoofCount); err != nil || !strings.Contains(out, want) {
		t.Fatalf("pod b: echosrc %s --src %s: %v\n%s", mode, src, err, out)
	}
}

// addToB puts addr on B's eth0, from a container of B's with CAP_NET_ADMIN
// (started on first use); it is taken off when the test ends.
func (s *spoofScene) addToB(t *testing.T, addr string) {
	t.Helper()
	if s.admin == "" {
		var err error
		s.admin, err = s.b.startContainer(t, "admin", map[string]any{
			"security_context": map[string]any{"capabilities": map[string]any{"add_capabilities": []string{"NET_ADMIN"}}},
		})
		if err != nil {
			t.Fatalf("pod b: a container with NET_ADMIN: %v", err)
		}
		expectCaps(t, s.b, s.admin, "admin", true, true)
	}
	pfx, fam := addr+"/32", "-4"
	if strings.Contains(addr, ":") {
		pfx, fam = addr+"/128", "-6"
	}
	// echosrc, not busybox's ip: an IPv6 address goes on without
	// duplicate address detection (A would answer it).
	if out, err := s.b.execIn(s.admin, "/bin/echosrc", "addr-add", "--dev", "eth0", "--addr", pfx); err != nil {
		t.Fatalf("pod b: adding %s to its eth0: %v\n%s", pfx, err, out)
	}
	t.Cleanup(func() { _, _ = s.b.execIn(s.admin, "ip", fam, "addr", "del", pfx, "dev", "eth0") })
}

// dropped is the spoofing drop counter of A's identity: packets with A's
// source from another link ("as", A) plus packets from B's link with
// another source ("from", B, were B bound).
func (s *spoofScene) dropped(t *testing.T) float64 {
	t.Helper()
	return s.n.metricWhere(t, spoofMetric, map[string]string{"namespace": spoofNS, "pod": s.a.Name, "direction": "as"}) +
		s.n.metricWhere(t, spoofMetric, map[string]string{"namespace": spoofNS, "pod": s.b.Name, "direction": "from"})
}

// expectBinding: diktyo-nri status says A's identity is bound to its link,
// the host side of its veth.
func (s *spoofScene) expectBinding(t *testing.T) {
	hostIf := s.aIf
	out, err := exec.Command(s.a.vm.bin("diktyo-nri"), "status", s.a.Namespace+"/"+s.a.Name, "--api-socket", s.apiSocket).CombinedOutput()
	if err != nil {
		t.Fatalf("diktyo-nri status: %v\n%s", err, out)
	}
	// "  Binding: link vethXXXX (dropped: ...)", under the SNAT rules.
	if !regexp.MustCompile(`(?m)^\s*Binding:\s+link ` + regexp.QuoteMeta(hostIf) + `(\s|$)`).Match(out) {
		t.Errorf("diktyo-nri status %s/%s has no line \"Binding: link %s\" (pod a's host-side veth):\n%s", s.a.Namespace, s.a.Name, hostIf, out)
	}
}

// hostIf is the host side of the pod's eth0 (its veth peer's name).
func (p *pod) hostIf(t *testing.T) string {
	t.Helper()
	idx, err := strconv.Atoi(strings.TrimSpace(p.mustExec(t, "cat", "/sys/class/net/eth0/iflink")))
	if err != nil {
		t.Fatalf("pod %s: eth0's iflink: %v", p.Name, err)
	}
	ifc, err := net.InterfaceByIndex(idx)
	if err != nil {
		t.Fatalf("pod %s: host interface %d: %v", p.Name, idx, err)
	}
	return ifc.Name
}

// mac is the pod's eth0 MAC address.
func (p *pod) mac(t *testing.T) string {
	t.Helper()
	return strings.TrimSpace(p.mustExec(t, "cat", "/sys/class/net/eth0/address"))
}

// rxPackets is the host interface's count of packets received.
func rxPackets(t *testing.T, ifName string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("/sys/class/net", ifName, "statistics", "rx_packets"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("%s rx_packets: %v", ifName, err)
	}
	return n
}

// expectCaps checks the effective capabilities of the pod's container
// ctr: CAP_NET_RAW (13) and CAP_NET_ADMIN (12) as wanted.
func expectCaps(t *testing.T, p *pod, ctr, name string, raw, admin bool) {
	t.Helper()
	if ctr == "" {
		if err := p.startApp(t); err != nil {
			t.Fatal(err)
		}
		ctr = p.ctr
	}
	out, err := p.execIn(ctr, "cat", "/proc/self/status")
	if err != nil {
		t.Fatalf("pod %s, container %s: %v", p.Name, name, err)
	}
	m := regexp.MustCompile(`(?m)^CapEff:\s+([0-9a-f]+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("pod %s, container %s: no CapEff in /proc/self/status", p.Name, name)
	}
	caps, _ := strconv.ParseUint(m[1], 16, 64)
	if gotRaw, gotAdmin := caps&(1<<13) != 0, caps&(1<<12) != 0; gotRaw != raw || gotAdmin != admin {
		t.Fatalf("pod %s, container %s: CapEff %s: NET_RAW %v, NET_ADMIN %v; want %v, %v", p.Name, name, m[1], gotRaw, gotAdmin, raw, admin)
	}
}

// chainWithBackend writes a copy of the chain conflist with ipmasq's
// backend set to backend, and returns its path.
func chainWithBackend(t *testing.T, conflist, backend string) string {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(readFileT(t, conflist), &c); err != nil {
		t.Fatalf("%s: %v", conflist, err)
	}
	set := 0
	for _, p := range c["plugins"].([]any) {
		if p := p.(map[string]any); p["type"] == "ipmasq" {
			p["backend"] = backend
			set++
		}
	}
	if set != 1 {
		t.Fatalf("%s: %d ipmasq plugins, want 1", conflist, set)
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "chain-"+backend+".conflist")
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// expectBackend checks that p's SNAT rules are in backend's tables (and
// none in the other's).
func expectBackend(t *testing.T, p *pod, backend string) {
	t.Helper()
	nft := len(p.nftRules(t))
	ipt := len(p.natRules(t)) - nft // natRules: nftables' lines, then iptables'
	if (backend == "nftables") != (nft > 0) || (backend == "iptables") != (ipt > 0) {
		t.Fatalf("pod %s under ipmasq backend %s: %d nftables lines, %d iptables rules", p.Name, backend, nft, ipt)
	}
}

// grantsOf returns the blocks the attribution log granted p.
func grantsOf(t *testing.T, log string, p *pod) []spoofBlock {
	t.Helper()
	f, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []spoofBlock
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e egress.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v: %s", log, err, sc.Text())
		}
		if e.Event != egress.EventGrant || e.Pod.Namespace != p.Namespace || e.Pod.Name != p.Name || e.Pod.UID != p.UID {
			continue
		}
		var lo, hi uint16
		if _, err := fmt.Sscanf(e.Ports, "%d-%d", &lo, &hi); err != nil {
			t.Fatalf("%s: ports %q: %v", log, e.Ports, err)
		}
		out = append(out, spoofBlock{e.Address, lo, hi})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func lastAt(ds []datagram) time.Time {
	if len(ds) == 0 {
		return time.Time{}
	}
	return ds[len(ds)-1].at
}

// sources lists the distinct sources of ds, in arrival order.
func sources(ds []datagram) []string {
	var out []string
	seen := map[netip.AddrPort]bool{}
	for _, d := range ds {
		if !seen[d.src] {
			seen[d.src] = true
			out = append(out, d.src.String())
		}
	}
	return out
}
