package ipmasq

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func TestParseCounters(t *testing.T) {
	const chain = "DKT-0123456789abcdef"
	// iptables-nft 1.8.9 "-S CHAIN -v"; the second rule's description
	// pretends to be counters.
	listing := `-N DKT-0123456789abcdef
-A DKT-0123456789abcdef -d 10.0.0.0/8 -m comment --comment "owner=0123456789abcdef exclude 10.0.0.0/8" -c 7 420 -j RETURN
-A DKT-0123456789abcdef -d 198.51.100.7/32 -p tcp -m comment --comment "owner=0123456789abcdef masqEntries[0] -c 999 999" -c 12 3456 -j SNAT --to-source 203.0.113.10:5000-5010
-A DKT-0123456789abcdef-other -c 1 1 -j RETURN
`
	got, err := parseCounters(listing, chain)
	if err != nil {
		t.Fatal(err)
	}
	if want := []counter{{7, 420}, {12, 3456}}; !reflect.DeepEqual(got, want) {
		t.Errorf("counters %v, want %v", got, want)
	}
	// iptables-save -c form.
	got, err = parseCounters("[3:180] -A "+chain+` -m comment --comment "owner=x default masquerade" -j MASQUERADE`, chain)
	if err != nil || !reflect.DeepEqual(got, []counter{{3, 180}}) {
		t.Errorf("save form: %v %v", got, err)
	}
	// A rule without counters (iptables without -v) is an error, not 0.
	if _, err := parseCounters("-A "+chain+` -m comment --comment "owner=x y" -j RETURN`, chain); err == nil {
		t.Error("a rule without counters parsed")
	}
}

// fakeRunner answers one listing per tool.
type fakeRunner struct {
	out  map[string]string
	args [][]string
}

func (f *fakeRunner) Run(_ context.Context, _ string, name string, args ...string) (string, error) {
	f.args = append(f.args, append([]string{name}, args...))
	out, ok := f.out[name]
	if !ok {
		return "", errors.New("iptables: No chain/target/match by that name.")
	}
	return out, nil
}

func TestRuleCounters(t *testing.T) {
	cfg, err := snat.ParseConfig([]byte(`{"name":"n","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade"}`))
	if err != nil {
		t.Fatal(err)
	}
	owner := snat.Owner{Network: "n", ID: "0123456789abcdef"}
	plan := snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")})
	r := &fakeRunner{out: map[string]string{"iptables": "-A DKT-0123456789abcdef -d 10.0.0.0/8 -c 1 2 -j RETURN\n-A DKT-0123456789abcdef -c 3 4 -j MASQUERADE\n"}}
	got, err := ruleCounters(context.Background(), r, snat.BackendIPTables, "", plan)
	if err != nil {
		t.Fatal(err)
	}
	if want := []counter{{1, 2}, {3, 4}}; !reflect.DeepEqual(got[snat.IPv4], want) {
		t.Errorf("counters %v", got)
	}
	// Only the pod's chain is listed, with the xtables lock wait.
	if want := []string{"iptables", "-w", "5", "-t", "nat", "-S", "DKT-0123456789abcdef", "-v"}; !reflect.DeepEqual(r.args[0], want) {
		t.Errorf("ran %v, want %v", r.args[0], want)
	}
	// A chain that differs from the plan gets no counters at all.
	r.out["iptables"] = "-A DKT-0123456789abcdef -c 3 4 -j MASQUERADE\n"
	if _, err := ruleCounters(context.Background(), r, snat.BackendIPTables, "", plan); err == nil || !strings.Contains(err.Error(), "drift") {
		t.Errorf("drifted chain: %v", err)
	}
}

// TestNFTCounters: the nftables backend's pod rules count what they
// match, and ruleCounters reads them over netlink, in plan order: in a
// throwaway namespace, packets from the pod's address to an excluded
// destination count on the exclusion rule, the rest on the masquerade.
func TestNFTCounters(t *testing.T) {
	testutil.RequireRoot(t)
	cfg, err := snat.ParseConfig([]byte(`{"name":"n","backend":"nftables","table":"dkc-` + testutil.RandSuffix(6) + `",
	  "excludeCIDRs":["192.0.2.0/25"],"defaultAction":"masquerade"}`))
	if err != nil {
		t.Fatal(err)
	}
	owner := snat.Owner{Network: "n", ID: "0123456789abcdef"}
	plan := snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")})
	n := testutil.NewNS(t)
	testutil.Run(t, n, "ip", "link", "add", "d0", "type", "veth", "peer", "name", "d1")
	testutil.Run(t, n, "ip", "link", "set", "d0", "up")
	testutil.Run(t, n, "ip", "link", "set", "d1", "up")
	testutil.Run(t, n, "ip", "addr", "add", "100.64.0.5/32", "dev", "d0")
	testutil.Run(t, n, "ip", "addr", "add", "100.64.0.1/32", "dev", "d0")
	testutil.Run(t, n, "ip", "route", "add", "192.0.2.0/24", "dev", "d0", "src", "100.64.0.1")
	var got map[snat.Family][]counter
	err = n.Do(func(ns.NetNS) error {
		if err := nftables.New(cfg.Table).Add(context.Background(), plan); err != nil {
			return err
		}
		// Locally sent datagrams cross nat POSTROUTING too (d1 gets
		// them): one flow each to 2 excluded destinations,
		// 3 to others; the nat chain sees each flow's first packet.
		for i, dst := range []string{"192.0.2.1", "192.0.2.2", "192.0.2.200", "192.0.2.201", "192.0.2.202"} {
			c, err := net.DialUDP("udp4", &net.UDPAddr{IP: net.ParseIP("100.64.0.5"), Port: 40000 + i}, &net.UDPAddr{IP: net.ParseIP(dst), Port: 9})
			if err != nil {
				return err
			}
			_, _ = c.Write([]byte("x"))
			_ = c.Close()
		}
		var err error
		got, err = ruleCounters(context.Background(), nil, cfg.Backend, cfg.Table, plan)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	v4 := got[snat.IPv4]
	if len(v4) != 2 || v4[0].Packets != 2 || v4[1].Packets != 3 || v4[0].Bytes == 0 || v4[1].Bytes == 0 {
		t.Errorf("counters %+v, want 2 packets on the exclusion and 3 on the masquerade", got)
	}
}
