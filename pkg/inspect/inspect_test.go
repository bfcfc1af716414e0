package inspect

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
)

// parts indexes an attachment's parts by section.
func parts(a *Attachment) map[string]cniutil.Part {
	m := map[string]cniutil.Part{}
	for _, p := range a.Parts {
		m[p.Section()] = p
	}
	return m
}

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
	a, err := Build(chainrun.Builtin(), list, rt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Errors) != 0 {
		t.Fatalf("errors: %v", a.Errors)
	}
	ps := parts(a)
	masq, route, dns := ps["snat"].(*ipmasq.Part), ps["routes"].(*iproute.Part), ps["dns"].(*registerdns.Part)
	if masq == nil || route == nil || dns == nil {
		t.Fatalf("parts %v", a.Parts)
	}
	// The owner is the plugins' own: the chains and records they made
	// carry it.
	if want := cniutil.OwnerID("diktyo", "sandbox1", "eth0"); a.Owner != want || masq.Rules[0].Chain != "DKT-"+want {
		t.Errorf("owner %q / chain %q, want %q", a.Owner, masq.Rules[0].Chain, want)
	}
	if strings.Join(a.Plugins, ",") != "ipmasq,iproute,registerDNS" {
		t.Errorf("plugins %v", a.Plugins)
	}
	if len(masq.Rules) != 1 || masq.Rules[0].To != "203.0.113.10:5000-5010" || masq.Rules[0].Destination != "198.51.100.7/32" {
		t.Errorf("masq rules %+v", masq.Rules)
	}
	if len(route.Marks) != 1 || !strings.Contains(route.Marks[0], "table 100") {
		t.Errorf("route part %+v", route)
	}
	if got := strings.Join(dns.Names, ","); got != "web-1.team-a.pods.diktyo.test,api.pods.diktyo.test" {
		t.Errorf("dns names %s", got)
	}
	if len(dns.Records) == 0 || !strings.Contains(strings.Join(dns.Records, "\n"), "web-1.team-a.pods.diktyo.test. 30 A 100.64.0.5") {
		t.Errorf("dns records %v", dns.Records)
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
	a, err := Build(chainrun.Builtin(), list, rt)
	if err != nil {
		t.Fatal(err)
	}
	ps := parts(a)
	if ps["snat"] != nil || !strings.Contains(a.Errors["ipmasq"], "not-an-address") {
		t.Errorf("ipmasq: %v %q", ps["snat"], a.Errors["ipmasq"])
	}
	if ps["dns"] != nil || !strings.Contains(a.Errors["registerDNS"], "x.elsewhere.test") {
		t.Errorf("registerDNS: %v %q", ps["dns"], a.Errors["registerDNS"])
	}
	if ps["routes"] == nil {
		t.Error("iproute's part is missing")
	}
	// Addresses that are not the pod's hosts: no attachment at all.
	rt.CapabilityArgs = cachedArgs(t, `{"ips":[42]}`)
	if _, err := Build(chainrun.Builtin(), list, rt); err == nil || !strings.Contains(err.Error(), "ips") {
		t.Errorf("bad ips: %v", err)
	}
}
