package iproute

import (
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// serve answers every TCP connection on port 8080 inside n with name, until
// the test ends.
func serve(t *testing.T, n ns.NetNS, name string) {
	t.Helper()
	var ln net.Listener
	err := n.Do(func(ns.NetNS) error {
		var err error
		ln, err = net.Listen("tcp", ":8080") // the socket stays in n
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			_ = c.SetDeadline(time.Now().Add(2 * time.Second))
			_, _ = io.WriteString(c, name)
			_ = c.Close()
		}
	}()
}

// who dials dst:8080 from inside n and returns the name of the remote that
// answered, or the dial error.
func who(n ns.NetNS, dst string) (string, error) {
	var name string
	err := n.Do(func(ns.NetNS) error {
		d := net.Dialer{Timeout: 2 * time.Second}
		c, err := d.Dial("tcp", net.JoinHostPort(dst, "8080"))
		if err != nil {
			return err
		}
		defer func() { _ = c.Close() }()
		_ = c.SetDeadline(time.Now().Add(2 * time.Second))
		b, err := io.ReadAll(c)
		name = string(b)
		return err
	})
	return name, err
}

// remote creates a namespace linked to the router through a /30 (and a
// /64), holding every test destination on its loopback, and answering as
// name.
func remote(t *testing.T, router ns.NetNS, name, routerV4, remoteV4, v6net string) ns.NetNS {
	t.Helper()
	r := testutil.NewNS(t)
	rif := "r" + name + testutil.RandSuffix(6)
	testutil.Veth(t, router, rif, r, "eth0")
	testutil.Addr(t, router, rif, routerV4+"/30")
	testutil.Addr(t, r, "eth0", remoteV4+"/30")
	testutil.Addr(t, router, rif, v6net+"::1/64")
	testutil.Addr(t, r, "eth0", v6net+"::2/64")
	testutil.Run(t, r, "ip", "route", "add", "default", "via", routerV4)
	testutil.Run(t, r, "ip", "-6", "route", "add", "default", "via", v6net+"::1")
	for _, d := range []string{"10", "20", "30", "40"} {
		testutil.Addr(t, r, "lo", "203.0.113."+d+"/32")
		testutil.Addr(t, r, "lo", "2001:db8:f::"+d+"/128")
	}
	serve(t, r, name)
	return r
}

// waitDAD waits (bounded) until no IPv6 address in n is tentative: link-
// local addresses under duplicate address detection cannot send neighbour
// solicitations yet, which would make the first connection time out.
func waitDAD(t *testing.T, spaces ...ns.NetNS) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, n := range spaces {
		for {
			out := testutil.Run(t, n, "ip", "-6", "addr", "show", "tentative")
			if strings.TrimSpace(out) == "" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("IPv6 addresses still tentative:\n%s", out)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// Pod -> router (the plugin's host) -> remotes A and B. The router's main
// table leads to B and table 100 to A; every destination exists on both,
// so the answer says which path a connection took.
func TestDataplane(t *testing.T) {
	t.Run("plain", func(t *testing.T) { testDataplane(t, nil) })
	t.Run("othersToMain", func(t *testing.T) {
		testDataplane(t, map[string]any{"othersToMain": true, "podCIDRs": []string{"192.0.2.0/24", "2001:db8::/64"}})
	})
	t.Run("fwmark", func(t *testing.T) { testDataplane(t, map[string]any{"layout": "fwmark"}) })
}

func testDataplane(t *testing.T, extra map[string]any) {
	e := newEnv(t)
	router := e.host
	for _, s := range []string{"net.ipv4.ip_forward=1", "net.ipv6.conf.all.forwarding=1",
		"net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0"} {
		testutil.Run(t, router, "sysctl", "-qw", s)
	}
	p := e.newPod(0)
	testutil.Addr(t, router, p.hostIf, "192.0.2.1/24")
	testutil.Addr(t, router, p.hostIf, "2001:db8::1/64")
	testutil.Run(t, p.ns, "ip", "route", "add", "default", "via", "192.0.2.1")
	testutil.Run(t, p.ns, "ip", "-6", "route", "add", "default", "via", "2001:db8::1")

	a := remote(t, router, "A", "198.51.100.1", "198.51.100.2", "2001:db8:a")
	b := remote(t, router, "B", "198.51.100.5", "198.51.100.6", "2001:db8:b")
	waitDAD(t, router, p.ns, a, b)
	testutil.Run(t, router, "ip", "route", "add", "default", "via", "198.51.100.6")
	testutil.Run(t, router, "ip", "-6", "route", "add", "default", "via", "2001:db8:b::2")
	testutil.Run(t, router, "ip", "route", "add", "default", "via", "198.51.100.2", "table", "100")
	testutil.Run(t, router, "ip", "-6", "route", "add", "default", "via", "2001:db8:a::2", "table", "100")

	node := map[string]any{"excludeCIDRs": []string{"203.0.113.20/32", "2001:db8:f::20/128"}}
	for k, v := range extra {
		node[k] = v
	}
	rc := map[string]any{
		"routeEntries": []map[string]any{
			{"destination": "203.0.113.40/32", "gateway": "drop"},
			{"destination": "2001:db8:f::40/128", "type": "blackhole"},
		},
		"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"203.0.113.30/32", "2001:db8:f::30/128"}},
	}
	stdin := e.conf("1.1.0", node, rc, p.prevResult())

	expect := func(phase string, want map[string]string) {
		t.Helper()
		for dst, w := range want {
			got, err := who(p.ns, dst)
			switch {
			case w == "" && err == nil:
				t.Errorf("%s: %s answered by %q, want unreachable", phase, dst, got)
			case w != "" && err != nil:
				t.Errorf("%s: %s: %v, want %s", phase, dst, err, w)
			case w != "" && got != w:
				t.Errorf("%s: %s answered by %q, want %s", phase, dst, got, w)
			}
		}
	}
	all := func(v string) map[string]string {
		m := map[string]string{}
		for _, d := range []string{"10", "20", "30", "40"} {
			m["203.0.113."+d] = v
			m["2001:db8:f::"+d] = v
		}
		return m
	}

	expect("before ADD", all("B"))
	e.add(p, stdin)
	expect("after ADD", map[string]string{
		"203.0.113.10": "A", "2001:db8:f::10": "A", // the pod's table
		"203.0.113.20": "B", "2001:db8:f::20": "B", // node-wide bypass
		"203.0.113.30": "B", "2001:db8:f::30": "B", // per-pod bypass
		"203.0.113.40": "", "2001:db8:f::40": "", // blackholed in the pod
	})
	e.del(p, stdin)
	expect("after DEL", all("B"))
	e.requireClean()
	if t.Failed() {
		t.Log(dump(t, router, p))
	}
}

func dump(t *testing.T, router ns.NetNS, p *testPod) string {
	var b strings.Builder
	for _, c := range [][]string{{"rule"}, {"-6", "rule"}, {"route", "show", "table", "all"}} {
		out, _ := testutil.Output(router, "ip", c...)
		fmt.Fprintf(&b, "router: ip %s\n%s\n", strings.Join(c, " "), out)
	}
	out, _ := testutil.Output(p.ns, "ip", "route", "show", "table", "all")
	fmt.Fprintf(&b, "pod: ip route\n%s\n", out)
	return b.String()
}
