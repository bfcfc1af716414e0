package ipmasq

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/nft"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestUpgradeDataplane: a router whose pod is translated by the per-pod
// chain layout (as diktyo left it before the flat layout) moves to the
// flat layout through the plugin's own verbs, as diktyo-nri's reconcile
// drives them: CHECK reports drift, ADD repairs (the pod's chain and its
// elements swapped in one transaction), GC removes the old base chain and
// maps. Real traffic through the router is translated as the pod's
// policy says before, between and after the steps; then nothing of the
// old layout is left, and DEL leaves the pod's traffic untranslated.
func TestUpgradeDataplane(t *testing.T) {
	testutil.RequireRoot(t)
	n := newNode(t, snat.BackendNFTables)
	tp := newTopology(t, n)
	runtime := map[string]any{
		"ips": []string{"198.51.100.2/24", "2001:db8:a::2/64"},
		"masqEntries": []map[string]any{
			{"external": "192.0.2.101", "destination": "203.0.113.0/24", "protocol": "all"},
			{"external": "192.0.2.100:5000-5010", "destination": "203.0.113.10/32", "protocol": "tcp"},
			{"external": "[2001:db8:c::100]:6000-6010", "destination": "2001:db8:b::10/128", "protocol": "udp"},
			{"external": "masquerade", "destination": "2001:db8:b::/64", "protocol": "all"},
		},
	}
	conf := n.conf(t, "1.1.0", map[string]any{"excludeCIDRs": []string{"203.0.113.20/32"}, "runtimeConfig": runtime})
	cfg, err := snat.ParseConfig(conf)
	if err != nil {
		t.Fatal(err)
	}
	owner := snat.Owner{Network: "net1", ID: cniutil.OwnerID("net1", "pod", "eth0")}
	plan := snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("198.51.100.2/24"), netip.MustParsePrefix("2001:db8:a::2/64")})

	c, err := nft.Open(n.ns.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	old := nft.NewBatch(n.table)
	nftables.RenderBase(old)
	old.Append(nftables.RenderCreate(n.table, plan))
	if err := c.Apply(old); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		proto, dst, src string
		lo, hi          uint16 // 0: any port
	}{
		{"tcp", "203.0.113.10", "192.0.2.100", 5000, 5010},
		{"udp", "203.0.113.10", "192.0.2.101", 0, 0},
		{"tcp", "203.0.113.30", "192.0.2.101", 0, 0},
		{"tcp", "203.0.113.20", "198.51.100.2", 0, 0}, // excluded
		{"udp", "2001:db8:b::10", "2001:db8:c::100", 6000, 6010},
		{"tcp", "2001:db8:b::10", "2001:db8:b::1", 0, 0}, // masquerade: the router's address
	}
	traffic := func(when string) {
		t.Helper()
		for _, k := range cases {
			got := tp.peer(t, k.proto, k.dst)
			if got.Addr().String() != k.src || (k.lo != 0 && (got.Port() < k.lo || got.Port() > k.hi)) {
				t.Errorf("%s: %s to %s: remote saw %s, want %s with port in %d-%d", when, k.proto, k.dst, got, k.src, k.lo, k.hi)
			}
		}
	}
	traffic("per-pod chain layout")

	if _, err := n.call("CHECK", conf, "pod", tp.client.Path()); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("CHECK on the old layout = %v, want drift", err)
	}
	// The first flat ADD on the node declares the structure, so it
	// converges, and swaps the pod's chain for its elements in that one
	// transaction; the old base chain and maps stay for GC.
	n.mustCall(t, "ADD", conf, "pod", tp.client.Path())
	traffic("after the repairing ADD")

	gc := n.conf(t, "1.1.0", map[string]any{"cni.dev/valid-attachments": []map[string]string{{"containerID": "pod", "ifname": "eth0"}}})
	n.mustCall(t, "GC", gc, "", "")
	// ipmasq's table alone: the link binding's guard table has maps named
	// pods4 and pods6 of its own.
	d := testutil.Run(t, n.ns, "nft", "list", "table", "inet", n.table)
	for _, gone := range []string{"chain pod-", "pods4", "pods6", "chain postrouting"} {
		if strings.Contains(d, gone) {
			t.Errorf("%q outlived the upgrade's GC:\n%s", gone, d)
		}
	}
	traffic("flat layout")
	n.mustCall(t, "CHECK", conf, "pod", tp.client.Path())

	n.mustCall(t, "DEL", conf, "pod", tp.client.Path())
	if got := tp.peer(t, "tcp", "203.0.113.10"); got.Addr().String() != "198.51.100.2" {
		t.Errorf("after DEL, tcp to 203.0.113.10: remote saw %s, want the pod's own address", got)
	}
	if d := n.dump(t); strings.Contains(d, owner.ID) {
		t.Errorf("DEL left the pod's elements:\n%s", d)
	}
}
