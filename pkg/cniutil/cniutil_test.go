package cniutil_test

import (
	"encoding/json"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/cni/pkg/types"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

func TestOwnerIDStableAndDistinct(t *testing.T) {
	a := cniutil.OwnerID("net", "ctr", "eth0")
	if a != cniutil.OwnerID("net", "ctr", "eth0") || len(a) != 16 {
		t.Fatalf("OwnerID not stable or wrong length: %q", a)
	}
	for _, other := range [][3]string{{"net2", "ctr", "eth0"}, {"net", "ctr2", "eth0"}, {"net", "ctr", "eth1"}, {"netc", "tr", "eth0"}} {
		if cniutil.OwnerID(other[0], other[1], other[2]) == a {
			t.Errorf("OwnerID%v collides with (net, ctr, eth0)", other)
		}
	}
	valid := cniutil.ValidOwners("net", []types.GCAttachment{{ContainerID: "ctr", IfName: "eth0"}})
	if !valid[a] || len(valid) != 1 {
		t.Fatalf("ValidOwners = %v", valid)
	}
}

func parseConf(t *testing.T, s string) *types.PluginConf {
	t.Helper()
	var c types.PluginConf
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

func TestPodAddrsFromPrevResultPicksSandboxInterface(t *testing.T) {
	conf := parseConf(t, `{"cniVersion":"1.0.0","name":"n","type":"x","prevResult":{"cniVersion":"1.0.0",
	  "interfaces":[{"name":"veth1"},{"name":"eth0","sandbox":"/ns"},{"name":"eth1","sandbox":"/ns"}],
	  "ips":[{"address":"192.0.2.9/32","interface":0},{"address":"198.51.100.5/24","interface":1},
	         {"address":"2001:db8::5/64","interface":1},{"address":"203.0.113.5/24","interface":2}]}}`)
	prev, err := cniutil.PrevResult(conf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := cniutil.PodAddrs(prev, []string{"192.0.2.1"}, "eth0")
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("198.51.100.5/24"), netip.MustParsePrefix("2001:db8::5/64")}
	if !slices.Equal(got, want) {
		t.Fatalf("PodAddrs = %v, want %v", got, want)
	}
}

func TestPodAddrsOldVersionPrevResult(t *testing.T) {
	conf := parseConf(t, `{"cniVersion":"0.3.1","name":"n","type":"x","prevResult":{"cniVersion":"0.3.1",
	  "interfaces":[{"name":"eth0","sandbox":"/ns"}],"ips":[{"version":"4","address":"198.51.100.5/24","interface":0}]}}`)
	prev, err := cniutil.PrevResult(conf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := cniutil.PodAddrs(prev, nil, "eth0")
	if err != nil || len(got) != 1 || got[0].String() != "198.51.100.5/24" {
		t.Fatalf("PodAddrs = %v, %v", got, err)
	}
}

func TestPodAddrsFallsBackToRuntimeIPs(t *testing.T) {
	got, err := cniutil.PodAddrs(nil, []string{"198.51.100.5", "2001:db8::5/64"}, "eth0")
	want := []netip.Prefix{netip.MustParsePrefix("198.51.100.5/32"), netip.MustParsePrefix("2001:db8::5/128")}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("PodAddrs = %v, %v; want %v", got, err, want)
	}
	_, err = cniutil.PodAddrs(nil, []string{"198.51.100.500"}, "eth0")
	if err == nil || !strings.Contains(err.Error(), `runtimeConfig.ips: invalid address "198.51.100.500"`) {
		t.Fatalf("error %v, want one naming the field and value", err)
	}
	if _, err := cniutil.PodAddrs(nil, nil, "eth0"); err == nil {
		t.Fatal("no source: want an error")
	}
}

// TestPodAddrsNeverFromTheNetns: with no prevResult and no runtime IPs
// there is no address, whatever the pod put on its interface (a pod with
// NET_ADMIN could claim another pod's address there).
func TestPodAddrsNeverFromTheNetns(t *testing.T) {
	if _, err := cniutil.PodAddrs(nil, nil, "eth0"); err == nil || !strings.Contains(err.Error(), "no runtimeConfig.ips") {
		t.Fatalf("no source: error %v", err)
	}
	// runtimeConfig.ips are hosts, whatever prefix length they carry.
	got, err := cniutil.PodAddrs(nil, []string{"198.51.100.5/24"}, "eth0")
	if err != nil || !slices.Equal(got, []netip.Prefix{netip.MustParsePrefix("198.51.100.5/32")}) {
		t.Fatalf("PodAddrs = %v, %v", got, err)
	}
	for _, bad := range []string{"1.2.3.4/0", "::/0", "0.0.0.0", "127.0.0.1", "ff02::1", "169.254.1.1"} {
		if _, err := cniutil.PodAddrs(nil, []string{bad}, "eth0"); err == nil {
			t.Errorf("%s accepted as a pod address", bad)
		}
	}
}

func TestResultSynthesizedForStandaloneChain(t *testing.T) {
	addrs := []netip.Prefix{netip.MustParsePrefix("198.51.100.5/24")}
	res := cniutil.Result(nil, addrs, "eth0", "/ns")
	got, err := cniutil.PodAddrs(res, nil, "eth0")
	if err != nil || !slices.Equal(got, addrs) {
		t.Fatalf("round trip through synthesized result = %v, %v", got, err)
	}
}

func TestParseK8sArgs(t *testing.T) {
	k, err := cniutil.ParseK8sArgs("IgnoreUnknown=1;K8S_POD_NAME=web;K8S_POD_NAMESPACE=prod;FOO=bar")
	if err != nil || string(k.K8S_POD_NAME) != "web" || string(k.K8S_POD_NAMESPACE) != "prod" {
		t.Fatalf("ParseK8sArgs = %+v, %v", k, err)
	}
}

func TestPodContinues(t *testing.T) {
	for args, want := range map[string]bool{
		"":                               false,
		"IgnoreUnknown=1;K8S_POD_NAME=a": false,
		"IgnoreUnknown=1;DIKTYO_POD_CONTINUES=true": true,
		"DIKTYO_POD_CONTINUES=false":                false,
		"XDIKTYO_POD_CONTINUES=true":                false,
	} {
		if got := cniutil.PodContinues(args); got != want {
			t.Errorf("PodContinues(%q) = %v, want %v", args, got, want)
		}
	}
}
