package inspect

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/vishvananda/netlink"
	vnetns "github.com/vishvananda/netns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestNetlinkRouteGet asks a throwaway namespace's kernel the way trace
// does: a packet from a pod address arriving on the pod's link, with and
// without iproute's fwmark. Root; skipped with -short.
func TestNetlinkRouteGet(t *testing.T) {
	n := testutil.NewNS(t)
	for _, args := range [][]string{
		// veth pairs: not every kernel here has the dummy driver.
		{"link", "add", "podside", "type", "veth", "peer", "name", "podpeer"},
		{"link", "set", "podside", "up"}, {"link", "set", "podpeer", "up"},
		{"addr", "add", "10.99.0.1/24", "dev", "podside"},
		{"link", "add", "uplink", "type", "veth", "peer", "name", "uppeer"},
		{"link", "set", "uplink", "up"}, {"link", "set", "uppeer", "up"},
		{"addr", "add", "192.0.2.1/24", "dev", "uplink"},
		// iproute's shared layout: from POD lookup TABLE.
		{"route", "add", "default", "via", "192.0.2.254", "dev", "uplink", "table", "100"},
		{"route", "add", "prohibit", "198.51.100.66/32", "table", "100"},
		{"rule", "add", "pref", "1536", "from", "10.99.0.5", "lookup", "100"},
		// iproute's fwmark layout: one rule per table, ahead of it.
		{"route", "add", "default", "via", "192.0.2.253", "dev", "uplink", "table", "101"},
		{"rule", "add", "pref", "1000", "fwmark", "0x10000/0xff0000", "lookup", "101"},
	} {
		testutil.Run(t, n, "ip", args...)
	}
	for _, kv := range []string{"net.ipv4.ip_forward=1", "net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.podside.rp_filter=0"} {
		testutil.Run(t, n, "sysctl", "-q", "-w", kv)
	}
	nsh, err := vnetns.GetFromPath(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer nsh.Close()
	h, err := netlink.NewHandleAt(nsh)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	r := Netlink{Handle: h}
	pod := netip.MustParseAddr("10.99.0.5")

	got, err := r.RouteGet(RouteQuery{Src: pod, Dst: netip.MustParseAddr("198.51.100.7")})
	if err != nil {
		t.Fatal(err)
	}
	if got.Table != 100 || got.Iif != "podside" || got.Dev != "uplink" || got.Gateway != "192.0.2.254" || got.Type != "unicast" {
		t.Errorf("from-rule lookup: %+v, want table 100 via 192.0.2.254 dev uplink, iif podside", got)
	}
	got, err = r.RouteGet(RouteQuery{Src: pod, Dst: netip.MustParseAddr("198.51.100.7"), Mark: 0x10000})
	if err != nil || got.Table != 101 || got.Gateway != "192.0.2.253" {
		t.Errorf("fwmark lookup: %+v %v, want table 101 via 192.0.2.253", got, err)
	}
	// Another source gets neither rule: main has no default route.
	if got, err := r.RouteGet(RouteQuery{Src: netip.MustParseAddr("10.99.0.6"), Dst: netip.MustParseAddr("198.51.100.7")}); err == nil {
		t.Errorf("other pod: %+v, want no route", got)
	}
	// A prohibit route is an errno, told in words.
	if _, err := r.RouteGet(RouteQuery{Src: pod, Dst: netip.MustParseAddr("198.51.100.66")}); err == nil || !strings.Contains(err.Error(), "prohibit") {
		t.Errorf("prohibit route: %v", err)
	}
}
