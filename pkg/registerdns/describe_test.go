package registerdns

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Describe is registerDNS's own config and record plan: its defaults
// (backend, TTL), its nameTemplate, its node name.
func TestDescribe(t *testing.T) {
	pod := cniutil.ExplainPod{Network: "n", ContainerID: "c", IfName: "eth0", Args: "K8S_POD_NAMESPACE=team-a;K8S_POD_NAME=web",
		Addrs: []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")}}
	part, err := describe([]byte(`{"cniVersion":"1.1.0","name":"n","type":"registerDNS","zones":["pods.test"],"nodeName":"node-1",
	  "nameTemplate":"{name}.{namespace}.{zone}","runtimeConfig":{"ips":["100.64.0.5"],"dnsNames":["api.pods.test"]}}`), pod)
	if err != nil {
		t.Fatal(err)
	}
	p := part.(*Part)
	records := strings.Join(p.Records, "\n")
	if p.Backend != BackendHosts || strings.Join(p.Names, ",") != "web.team-a.pods.test,api.pods.test" ||
		!strings.Contains(records, "web.team-a.pods.test. 30 A 100.64.0.5") || !strings.Contains(records, "diktyo-node=node-1") {
		t.Errorf("part %+v", p)
	}
	if p.String() != "DNS names (hosts backend): web.team-a.pods.test, api.pods.test" {
		t.Errorf("summary %q", p.String())
	}
	// The node name is checked as ADD checks it.
	if _, err := describe([]byte(`{"cniVersion":"1.1.0","name":"n","type":"registerDNS","zones":["pods.test"],"nodeName":"Not A Node"}`), pod); err == nil ||
		!strings.Contains(err.Error(), "nodeName") {
		t.Errorf("invalid node name: %v", err)
	}
}
