package inspect

import (
	"encoding/json"
	"net/netip"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/iproute"
)

const testConflist = `{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","backend":"iptables","capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}},
 {"type":"iproute","layout":"fwmark","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}},
 {"type":"registerDNS","backend":"hosts","zones":["pods.diktyo.test"],"nodeName":"node-1","nameTemplate":"{name}.{namespace}.{zone}",
  "hosts":{"file":"/nonexistent/hosts"},"capabilities":{"ips":true,"dnsNames":true}}]}`

// cachedArgs are capability args as libcni's cache gives them back:
// decoded JSON, lists as []any.
func cachedArgs(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestBuildFromCachedAttachment(t *testing.T) {
	list, err := libcni.ConfListFromBytes([]byte(testConflist))
	if err != nil {
		t.Fatal(err)
	}
	rt := &libcni.RuntimeConf{ContainerID: "sandbox1", IfName: "eth0",
		Args: [][2]string{{"K8S_POD_NAMESPACE", "team-a"}, {"K8S_POD_NAME", "web-1"}},
		CapabilityArgs: cachedArgs(t, `{"ips":["100.64.0.5"],
		  "masqEntries":[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"}],
		  "policyRouting":{"table":100},
		  "dnsNames":["api.pods.diktyo.test"]}`)}
	a, err := Build(list, rt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Errors) != 0 {
		t.Fatalf("errors: %v", a.Errors)
	}
	// The owner is the plugins' own: the chains and records they made
	// carry it.
	if want := cniutil.OwnerID("diktyo", "sandbox1", "eth0"); a.Owner != want || a.Masq.Plan.Owner.ID != want {
		t.Errorf("owner %q / %q, want %q", a.Owner, a.Masq.Plan.Owner.ID, want)
	}
	if strings.Join(a.Plugins, ",") != "ipmasq,iproute,registerDNS" {
		t.Errorf("plugins %v", a.Plugins)
	}
	fr := a.Masq.Plan.Families[0]
	if len(fr.Rules) != 1 || fr.Rules[0].To != netip.MustParseAddr("203.0.113.10") || fr.Rules[0].PortHi != 5010 {
		t.Errorf("masq rules %+v", fr.Rules)
	}
	if len(a.Route.Marks) != 1 || a.Route.Marks[0].Table != 100 {
		t.Errorf("route plan %+v", a.Route)
	}
	if got := strings.Join(a.DNS.Names, ","); got != "web-1.team-a.pods.diktyo.test,api.pods.diktyo.test" {
		t.Errorf("dns names %s", got)
	}
	if len(a.DNS.Records) == 0 || !strings.Contains(strings.Join(a.DNS.Records, "\n"), "web-1.team-a.pods.diktyo.test. 30 A 100.64.0.5") {
		t.Errorf("dns records %v", a.DNS.Records)
	}
}

// A plugin whose part cannot be rebuilt (a request it would refuse now)
// is named, and the others are still shown.
func TestBuildNamesTheFailingPlugin(t *testing.T) {
	list, err := libcni.ConfListFromBytes([]byte(testConflist))
	if err != nil {
		t.Fatal(err)
	}
	rt := &libcni.RuntimeConf{ContainerID: "s", IfName: "eth0", CapabilityArgs: cachedArgs(t,
		`{"ips":["100.64.0.5"],"masqEntries":[{"external":"not-an-address","destination":"0.0.0.0/0"}],"dnsNames":["x.elsewhere.test."]}`)}
	a, err := Build(list, rt)
	if err != nil {
		t.Fatal(err)
	}
	if a.Masq != nil || !strings.Contains(a.Errors["ipmasq"], "not-an-address") {
		t.Errorf("ipmasq: %+v %q", a.Masq, a.Errors["ipmasq"])
	}
	if a.DNS != nil || !strings.Contains(a.Errors["registerDNS"], "x.elsewhere.test") {
		t.Errorf("registerDNS: %+v %q", a.DNS, a.Errors["registerDNS"])
	}
	if a.Route == nil {
		t.Error("iproute's part is missing")
	}
	// Addresses that are not the pod's hosts: no attachment at all.
	rt.CapabilityArgs = cachedArgs(t, `{"ips":[42]}`)
	if _, err := Build(list, rt); err == nil || !strings.Contains(err.Error(), "ips") {
		t.Errorf("bad ips: %v", err)
	}
}

func TestMarkFor(t *testing.T) {
	pod, other := netip.MustParseAddr("100.64.0.5"), netip.MustParseAddr("100.64.0.6")
	plan := &iproute.Plan{
		Marks:  []iproute.Mark{{Addr: pod, Table: 100, Value: 0x10000, Mask: 0xff0000}},
		Bypass: []iproute.Bypass{{Src: pod, Dst: netip.MustParsePrefix("10.0.0.0/8")}},
	}
	if m, ok := MarkFor(plan, pod, netip.MustParseAddr("198.51.100.7")); !ok || m.Value != 0x10000 {
		t.Errorf("marked destination: %v %v", m, ok)
	}
	if _, ok := MarkFor(plan, pod, netip.MustParseAddr("10.1.2.3")); ok {
		t.Error("a bypass destination got a mark")
	}
	if _, ok := MarkFor(plan, other, netip.MustParseAddr("198.51.100.7")); ok {
		t.Error("another pod's address got this pod's mark")
	}
	if _, ok := MarkFor(nil, pod, pod); ok {
		t.Error("no plan, yet a mark")
	}
}
