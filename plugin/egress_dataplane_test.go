package plugin_test

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"sync"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestEgressPoolDataplane: three pods of one pool share its external
// address through the real chain and a real forwarding "node". Pod A opens
// more UDP flows to one remote port than its block has ports: it exhausts
// its own block only (the flows beyond it are dropped, never translated
// into another pod's block), and pods B and C still get through. Every
// (address, port) the remote saw maps back, through the attribution log,
// to the pod that sent it.
func TestEgressPoolDataplane(t *testing.T) {
	e := newEnv(t, "fail")
	const blockSize = 4
	attr := e.withPool("20000-20011", blockSize)
	e.startPlugin()

	remote := newRemote(t, e.host)
	ann := map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"192.0.2.0/24","protocol":"udp"}]`}
	pods := map[string]*routedPod{}
	for i, name := range []string{"a", "b", "c"} {
		p := newRoutedPod(t, e, name, fmt.Sprintf("198.51.100.%d", 121+i), ann)
		if err := e.run(p.sandbox); err != nil {
			t.Fatalf("pod %s: %v", name, err)
		}
		pods[name] = p
	}
	t.Cleanup(func() {
		for _, p := range pods {
			e.stop(p.sandbox)
			e.remove(p.sandbox)
		}
	})

	// Pod A: twice its block's worth of flows to one destination port.
	pods["a"].send(t, remote.addr, 2*blockSize)
	pods["b"].send(t, remote.addr, 1)
	pods["c"].send(t, remote.addr, 1)
	seen := remote.wait(t, blockSize+2, 2*time.Second)
	at := time.Now()

	bySender := map[string][]netip.AddrPort{}
	for src, from := range seen {
		bySender[from] = append(bySender[from], src)
	}
	if n := len(bySender["198.51.100.121"]); n != blockSize {
		t.Errorf("pod A's flows translated: %d, want exactly its block's %d: %v", n, blockSize, bySender["198.51.100.121"])
	}
	for _, name := range []string{"b", "c"} {
		if len(bySender[pods[name].addr]) != 1 {
			t.Errorf("pod %s did not get through while pod A exhausted its block: %v", name, seen)
		}
	}
	// Attribution: every source the remote saw is the external address,
	// and the log names the pod that sent it.
	for src, from := range seen {
		if src.Addr() != netip.MustParseAddr("203.0.113.10") {
			t.Errorf("remote saw %s from pod %s, want the pool's address", src, from)
			continue
		}
		f, err := os.Open(attr)
		if err != nil {
			t.Fatal(err)
		}
		who, err := egress.Attribute(f, src.Addr(), src.Port(), at)
		_ = f.Close()
		want := ""
		for name, p := range pods {
			if p.addr == from {
				want = name
			}
		}
		if err != nil || who.Name != want {
			t.Errorf("%s attributed to %+v (%v), want pod %s", src, who, err, want)
		}
	}
}

// routedPod is a pod whose traffic the host namespace forwards: its eth0
// is a veth with a host route to it, the host answering ARP for the
// remote (proxy ARP), as a routed CNI would set it up.
type routedPod struct {
	sandbox *nriapi.PodSandbox
	netns   ns.NetNS
	addr    string
}

func newRoutedPod(t *testing.T, e *env, name, addr string, ann map[string]string) *routedPod {
	t.Helper()
	podNS := testutil.NewNS(t)
	hostIf := "vr" + testutil.RandSuffix(8)
	testutil.Veth(t, podNS, "eth0", e.host, hostIf)
	testutil.Addr(t, podNS, "eth0", addr+"/32")
	testutil.Run(t, podNS, "ip", "route", "add", "default", "dev", "eth0")
	testutil.Run(t, e.host, "ip", "route", "add", addr+"/32", "dev", hostIf)
	testutil.Run(t, e.host, "sysctl", "-qw", "net.ipv4.conf."+hostIf+".proxy_arp=1")
	id := testutil.RandSuffix(32)
	return &routedPod{addr: addr, netns: podNS, sandbox: &nriapi.PodSandbox{
		Id: id, Name: name, Namespace: "team-a", Uid: "uid-" + id[:8], Annotations: ann,
		Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{{Type: "network", Path: podNS.Path()}}},
		Ips:   []string{addr},
	}}
}

// send opens n UDP flows (n sockets, so n source ports) from the pod to
// dst, each carrying one datagram that names the pod.
func (p *routedPod) send(t *testing.T, dst netip.AddrPort, n int) {
	t.Helper()
	err := p.netns.Do(func(ns.NetNS) error {
		for range n {
			c, err := net.DialUDP("udp4", nil, net.UDPAddrFromAddrPort(dst))
			if err != nil {
				return err
			}
			// A datagram NAT cannot translate is dropped; Write still
			// succeeds.
			_, err = c.Write([]byte(p.addr))
			_ = c.Close()
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("pod %s sending: %v", p.addr, err)
	}
}

// remote is a namespace behind the host, on 192.0.2.0/24, with a UDP
// listener recording which source sent which pod's datagram.
type remote struct {
	addr netip.AddrPort
	mu   sync.Mutex
	seen map[netip.AddrPort]string // source the remote saw -> pod address in the payload
}

func newRemote(t *testing.T, host ns.NetNS) *remote {
	t.Helper()
	rns := testutil.NewNS(t)
	hostIf := "vm" + testutil.RandSuffix(8)
	testutil.Veth(t, rns, "eth0", host, hostIf)
	testutil.Addr(t, host, hostIf, "192.0.2.1/24")
	testutil.Addr(t, rns, "eth0", "192.0.2.2/24")
	testutil.Run(t, rns, "ip", "route", "add", "default", "via", "192.0.2.1")
	testutil.Run(t, host, "sysctl", "-qw", "net.ipv4.ip_forward=1")
	r := &remote{addr: netip.MustParseAddrPort("192.0.2.2:9000"), seen: map[netip.AddrPort]string{}}
	var conn *net.UDPConn
	err := rns.Do(func(ns.NetNS) error {
		var err error
		conn, err = net.ListenUDP("udp4", net.UDPAddrFromAddrPort(r.addr))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	go func() {
		buf := make([]byte, 64)
		for {
			n, src, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			r.mu.Lock()
			r.seen[netip.AddrPortFrom(src.Addr().Unmap(), src.Port())] = string(buf[:n])
			r.mu.Unlock()
		}
	}()
	return r
}

// wait returns what the remote saw once it has n sources, or after d;
// waiting the full d when fewer arrive shows that no more would.
func (r *remote) wait(t *testing.T, n int, d time.Duration) map[netip.AddrPort]string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		r.mu.Lock()
		got := len(r.seen)
		r.mu.Unlock()
		if got >= n || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // anything beyond n would show now
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[netip.AddrPort]string, len(r.seen))
	for k, v := range r.seen {
		out[k] = v
	}
	if len(out) == 0 {
		t.Fatal(errors.New("the remote saw nothing"))
	}
	return out
}
