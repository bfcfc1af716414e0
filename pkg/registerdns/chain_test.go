package registerdns_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/containernetworking/cni/libcni"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestChainBridgeHostLocal runs bridge + host-local, then registerDNS,
// through libcni inside a throwaway node netns (where BIND runs too), for
// a pod in its own netns: the pod's name resolves to the address
// host-local gave it after ADD, and is gone after DEL.
func TestChainBridgeHostLocal(t *testing.T) {
	// Debian's reference plugins stop at CNI 1.0.0.
	for _, v := range []string{"0.3.1", "1.0.0"} {
		t.Run(v, func(t *testing.T) { testChain(t, v) })
	}
}

func testChain(t *testing.T, cniVersion string) {
	testutil.RequireRoot(t)
	node := testutil.NewNS(t)
	podNS := testutil.NewNS(t)
	srv := dnstest.StartBindIn(t, node.Path(), zone, rev4)
	sfx := testutil.RandSuffix(6)

	conflist := map[string]any{
		"cniVersion": cniVersion,
		"name":       "chain-" + sfx,
		"plugins": []any{
			map[string]any{
				"type":      "bridge",
				"bridge":    "dkdns" + sfx,
				"isGateway": true,
				"ipam": map[string]any{
					"type":    "host-local",
					"ranges":  [][]map[string]string{{{"subnet": "198.51.100.0/24"}}},
					"dataDir": t.TempDir(),
				},
			},
			map[string]any{
				"type":         "registerDNS",
				"backend":      "rfc2136",
				"zones":        []string{zone},
				"reverseZones": []string{rev4},
				"nameTemplate": "{name}.{namespace}.{zone}",
				"rfc2136":      map[string]any{"server": srv.Addr, "tsigSecretFile": srv.KeyFile},
				"capabilities": map[string]bool{"dnsNames": true},
			},
		},
	}
	raw, err := json.Marshal(conflist)
	must(t, "conflist", err)
	list, err := libcni.ConfListFromBytes(raw)
	must(t, "conflist", err)
	cni := libcni.NewCNIConfigWithCacheDir(testutil.CNIPath(t), t.TempDir(), nil)
	rt := &libcni.RuntimeConf{
		ContainerID: "chain-" + sfx,
		NetNS:       podNS.Path(),
		IfName:      "eth0",
		Args: [][2]string{
			{"IgnoreUnknown", "1"}, {"K8S_POD_NAME", "web-0"}, {"K8S_POD_NAMESPACE", "shop"},
			{"K8S_POD_INFRA_CONTAINER_ID", "chain-" + sfx},
		},
		CapabilityArgs: map[string]any{"dnsNames": []string{"www"}},
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	inNode := func(f func() error) error {
		return node.Do(func(ns.NetNS) error { return f() })
	}

	var res *current.Result
	must(t, "ADD", inNode(func() error {
		r, err := cni.AddNetworkList(ctx, list, rt)
		if err != nil {
			return err
		}
		res, err = current.NewResultFromResult(r)
		return err
	}))
	t.Cleanup(func() { _ = inNode(func() error { return cni.DelNetworkList(context.Background(), list, rt) }) })
	if len(res.IPs) != 1 {
		t.Fatalf("result IPs: %v", res.IPs)
	}
	podIP := res.IPs[0].Address.IP.String()
	eq(t, "A", srv.Values(t, "web-0.shop.pods.test.", dns.TypeA), podIP)
	eq(t, "A www", srv.Values(t, "www.pods.test.", dns.TypeA), podIP)
	rev, err := dns.ReverseAddr(podIP)
	must(t, "reverse", err)
	eq(t, "PTR", srv.Values(t, rev, dns.TypePTR), "web-0.shop.pods.test.")
	if cniVersion != "0.3.1" {
		must(t, "CHECK", inNode(func() error { return cni.CheckNetworkList(ctx, list, rt) }))
	}

	must(t, "DEL", inNode(func() error { return cni.DelNetworkList(ctx, list, rt) }))
	eq(t, "A after DEL", srv.Values(t, "web-0.shop.pods.test.", dns.TypeA))
	eq(t, "names after DEL", srv.Names(t, zone))
	eq(t, "reverse names after DEL", srv.Names(t, rev4))
	must(t, "second DEL", inNode(func() error { return cni.DelNetworkList(ctx, list, rt) }))
}
