package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

const (
	udpPort  = 8081 // the remote's UDP listeners
	podSport = 5555 // the fixed source port of the pods' UDP streams
)

// TestReplacedPodSameAddress: under the real containerd, in both
// families, pod A leaves through a block of the test node's pool (IPv4)
// and an IPv6 external, streaming UDP from a fixed source port; A is
// removed and pod B gets A's very addresses, SNATed to other externals,
// streaming from the same port. The remote sees B's externals from B's
// first datagram on: A's conntrack mappings, which the kernel would
// otherwise keep for the 5-tuple while datagrams keep coming, went with
// A's DEL.
func TestReplacedPodSameAddress(t *testing.T) {
	v := requireVM(t)
	r := newRemote(t)
	v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])
	rx4, rx6 := r.listenUDP(t, dstSNAT), r.listenUDP(t, dstSNAT6)

	const ns = "e2e-replace"
	a := v.mustRunPod(t, "a", ns, map[string]string{policy.KeyMasq: masq(
		api.MasqEntry{External: "pool:demo", Destination: prefix24(dstSNAT), Protocol: "udp"},
		api.MasqEntry{External: extA6, Destination: prefix64(dstSNAT6).String(), Protocol: "udp"},
	)})
	if a.IP6 == "" {
		t.Fatalf("pod %s has no IPv6 address: is the test node dual-stack?", a.Name)
	}
	stop4 := a.udpStream(t, dstSNAT, "a4-")
	stop6 := a.udpStream(t, dstSNAT6, "a6-")
	if src := rx4.first(t, "a4-"); src.Addr().String() != "198.19.255.13" {
		t.Fatalf("pod a's IPv4 stream left as %s, want the pool's address 198.19.255.13", src)
	}
	if src := rx6.first(t, "a6-"); src.Addr().String() != extA6 {
		t.Fatalf("pod a's IPv6 stream left as %s, want %s", src, extA6)
	}

	// A's streams run until A goes: its DEL must remove their mappings
	// while they are alive.
	a.stop(t)
	stop4()
	stop6()
	a.remove(t)
	v.nextAddress(t, 0, a.IP)
	v.nextAddress(t, 1, a.IP6)
	b := v.mustRunPod(t, "b", ns, map[string]string{policy.KeyMasq: masq(
		api.MasqEntry{External: extB, Destination: prefix24(dstSNAT), Protocol: "udp"},
		api.MasqEntry{External: extB6, Destination: prefix64(dstSNAT6).String(), Protocol: "udp"},
	)})
	if b.IP != a.IP || b.IP6 != a.IP6 {
		t.Fatalf("pod b got %s and %s, want pod a's %s and %s", b.IP, b.IP6, a.IP, a.IP6)
	}
	b.udpStream(t, dstSNAT, "b4-")
	b.udpStream(t, dstSNAT6, "b6-")
	for _, c := range []struct {
		rx   *udpSink
		tag  string
		want string
	}{{rx4, "b4-", extB}, {rx6, "b6-", extB6}} {
		c.rx.first(t, c.tag)
		time.Sleep(500 * time.Millisecond) // a few more datagrams
		for _, d := range c.rx.from(c.tag) {
			if d.src.Addr().String() != c.want {
				t.Errorf("pod b's datagram %s left as %s (pod a's mapping?), want %s", d.payload, d.src, c.want)
			}
		}
	}
}

// nextAddress makes host-local hand out addr to the next pod of the
// test node's network: it allocates the address after the last one it
// reserved in range set idx (0: IPv4, 1: IPv6), and addr is free again.
func (v *testVM) nextAddress(t *testing.T, idx int, addr string) {
	t.Helper()
	a := netip.MustParseAddr(addr)
	f := v.dir("cni", "ipam", "diktyo-"+v.env["DIKTYO_TESTVM_BRIDGE"], fmt.Sprintf("last_reserved_ip.%d", idx))
	if _, err := os.Stat(filepath.Dir(f)); err != nil {
		t.Fatalf("host-local's data dir: %v", err)
	}
	if err := os.WriteFile(f, []byte(a.Prev().String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// udpStream starts a UDP stream from the pod's netns, from podSport to
// dst:udpPort: a datagram every 100 ms (at most 300, and none after the
// returned stop or the test's end), each carrying tag and its sequence
// number. The test sends it itself (busybox's nc has no UDP), from a
// socket opened inside the pod's network namespace.
func (p *pod) udpStream(t *testing.T, dst, tag string) (stop func()) {
	t.Helper()
	var conn *net.UDPConn
	nsPath := p.netnsPath(t)
	err := ns.WithNetNSPath(nsPath, func(ns.NetNS) error {
		var err error
		dstAP := netip.AddrPortFrom(netip.MustParseAddr(dst), udpPort)
		// One socket per family (udp4, udp6: IPV6_V6ONLY), so both
		// streams can use podSport.
		network := "udp4"
		if dstAP.Addr().Is6() {
			network = "udp6"
		}
		conn, err = net.DialUDP(network, &net.UDPAddr{Port: podSport}, net.UDPAddrFromAddrPort(dstAP))
		return err
	})
	if err != nil {
		t.Fatalf("pod %s: UDP socket in %s: %v", p.Name, nsPath, err)
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := 0; i < 300; i++ {
			_, _ = fmt.Fprintf(conn, "%s%d", tag, i)
			select {
			case <-quit:
				return
			case <-tick.C:
			}
		}
	}()
	var once sync.Once
	stop = func() { once.Do(func() { close(quit); <-done; _ = conn.Close() }) }
	t.Cleanup(stop)
	return stop
}

// netnsPath is the pod's network namespace, as containerd reports it.
func (p *pod) netnsPath(t *testing.T) string {
	t.Helper()
	var st struct {
		Info struct {
			RuntimeSpec struct {
				Linux struct {
					Namespaces []struct{ Type, Path string } `json:"namespaces"`
				} `json:"linux"`
			} `json:"runtimeSpec"`
		} `json:"info"`
	}
	out := p.vm.mustCrictl(t, "inspectp", "-o", "json", p.ID)
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("crictl inspectp: %v", err)
	}
	for _, n := range st.Info.RuntimeSpec.Linux.Namespaces {
		if n.Type == "network" && n.Path != "" {
			return n.Path
		}
	}
	t.Fatalf("pod %s: no network namespace path in crictl inspectp", p.Name)
	return ""
}

// udpSink is a UDP listener in the remote namespace keeping every
// datagram's source, in arrival order.
type udpSink struct {
	mu  sync.Mutex
	got []datagram
}

type datagram struct {
	src     netip.AddrPort
	payload string
}

func (r *remote) listenUDP(t *testing.T, addr string) *udpSink {
	t.Helper()
	var conn *net.UDPConn
	err := r.ns.Do(func(ns.NetNS) error {
		var err error
		conn, err = net.ListenUDP("udp", net.UDPAddrFromAddrPort(netip.AddrPortFrom(netip.MustParseAddr(addr), udpPort)))
		return err
	})
	if err != nil {
		t.Fatalf("UDP listener on %s in the remote netns: %v", addr, err)
	}
	s := &udpSink{}
	done := make(chan struct{})
	t.Cleanup(func() { _ = conn.Close(); <-done })
	go func() {
		defer close(done)
		buf := make([]byte, 256)
		for {
			n, src, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			s.mu.Lock()
			s.got = append(s.got, datagram{netip.AddrPortFrom(src.Addr().Unmap(), src.Port()), strings.TrimSpace(string(buf[:n]))})
			s.mu.Unlock()
		}
	}()
	return s
}

// first waits (at most 10 s) for the first datagram with tag and returns
// its source.
func (s *udpSink) first(t *testing.T, tag string) netip.AddrPort {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if d := s.from(tag); len(d) > 0 {
			return d[0].src
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no datagram tagged %q reached the remote", tag)
	return netip.AddrPort{}
}

// from returns the datagrams tagged tag so far.
func (s *udpSink) from(tag string) []datagram {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []datagram
	for _, d := range s.got {
		if strings.HasPrefix(d.payload, tag) {
			out = append(out, d)
		}
	}
	return out
}
