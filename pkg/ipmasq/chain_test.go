package ipmasq

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/noop"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// seedConflist is the original Diktyo README's chain (bridge + host-local,
// ipmasq, portmap, noop), with documentation addresses, a random bridge
// and tag name, and private directories (ipmasq's lockFile included, so
// the test leaves no lock file on the host).
const seedConflist = `{
  "cniVersion": %q,
  "name": "mycoolcnichain",
  "plugins": [
     {
        "type": "bridge",
        "isGateway": true,
        "ipMasq": false,
        "bridge": %q,
        "ipam": {
            "type": "host-local",
            "subnet": "198.51.100.0/24",
            "routes": [ { "dst": "0.0.0.0/0" } ],
            "dataDir": %q
        },
        "dns": { "nameservers": [ "8.8.8.8" ] }
    },
    {
      "type":"ipmasq",
      "tag": %q,
      "lockFile": %q,
      "capabilities": {"masqEntries": true}
    },
    {
      "type": "portmap",
      "capabilities": {"portMappings": true},
      "snat": false
    },
    {
      "type":"noop",
      "debug":true,
      "capabilities": { "portMappings": true, "masqEntries": true },
      "debugDir": %q
    }
  ]
}`

// seedCapArgs is the README's CAP_ARGS with a documentation address as
// the external one (8.8.8.8 only ever appears in a rule).
var seedCapArgs = map[string]any{
	"portMappings": []map[string]any{
		{"hostPort": 60001, "protocol": "tcp", "containerPort": 8080},
		{"hostPort": 60002, "protocol": "tcp", "containerPort": 2222},
	},
	"masqEntries": []map[string]any{
		{"external": "203.0.113.15:5000-5010", "destination": "8.8.8.8/32", "protocol": "tcp", "description": "allow production traffic"},
		{"external": "203.0.113.15:4000-4010", "destination": "0.0.0.0/0", "protocol": "tcp", "description": "allow production traffic"},
	},
}

// TestSeedChain runs the original README's chain through libcni, as the
// seed's cnitool demo did, inside a throwaway node namespace.
func TestSeedChain(t *testing.T) {
	testutil.RequireRoot(t)
	// The reference bridge plugin stops at CNI 1.0.0.
	for _, version := range []string{"0.3.1", "1.0.0"} {
		t.Run(version, func(t *testing.T) { runSeedChain(t, version) })
	}
}

func runSeedChain(t *testing.T, version string) {
	nodeNS, pod := testutil.NewNS(t), testutil.NewNS(t)
	tag, debugDir := "CNI-SNAT-"+testutil.RandSuffix(8), t.TempDir()
	lock := filepath.Join(t.TempDir(), "ipmasq.lock")
	conflist := fmt.Sprintf(seedConflist, version, "dkb"+testutil.RandSuffix(8), t.TempDir(), tag, lock, debugDir)
	list, err := libcni.ConfListFromBytes([]byte(conflist))
	if err != nil {
		t.Fatal(err)
	}
	cni := libcni.NewCNIConfigWithCacheDir(testutil.CNIPath(t), t.TempDir(), nil)
	containerID := "seed-" + testutil.RandSuffix(8)
	rt := &libcni.RuntimeConf{ContainerID: containerID, NetNS: pod.Path(), IfName: "eth0", CapabilityArgs: seedCapArgs}
	ctx := context.Background()
	inNode := func(f func() error) error { return nodeNS.Do(func(ns.NetNS) error { return f() }) }

	var res types.Result
	if err := inNode(func() (err error) { res, err = cni.AddNetworkList(ctx, list, rt); return err }); err != nil {
		t.Fatalf("ADD: %v", err)
	}
	t.Cleanup(func() { _ = inNode(func() error { return cni.DelNetworkList(ctx, list, rt) }) })
	podIP := podAddress(t, res)

	owner := cniutil.OwnerID("mycoolcnichain", containerID, "eth0")
	chain := iptables.ChainName(owner)
	nat := testutil.Run(t, nodeNS, "iptables-save", "-t", "nat")
	wantInOrder(t, nat,
		"-A POSTROUTING -m comment --comment diktyo-ipmasq -j "+tag,
		"-A "+tag+" -s "+podIP+"/32 -m comment --comment \"owner="+owner+" jump net=mycoolcnichain\" -g "+chain,
		"-A "+chain+" -d 8.8.8.8/32 -p tcp -m comment --comment \"owner="+owner+" masqEntries[0] allow production traffic\" -j SNAT --to-source 203.0.113.15:5000-5010",
		"-A "+chain+" -p tcp -m comment --comment \"owner="+owner+" masqEntries[1] allow production traffic\" -j SNAT --to-source 203.0.113.15:4000-4010",
	)
	if !strings.Contains(nat, "--dport 60001") {
		t.Errorf("portmap's rules missing after the chain ADD:\n%s", nat)
	}
	checkNoopDump(t, debugDir, containerID, "add", pod.Path(), podIP)

	if version == "1.0.0" {
		// CHECK of ipmasq with the chain's cached result as prevResult. (The
		// whole list's CHECK stops at portmap, whose CHECK looks for IPv6
		// chains it never made on an IPv4-only pod.)
		pc, err := libcni.NetworkPluginConfFromBytes([]byte(fmt.Sprintf(
			`{"cniVersion":"1.0.0","name":"mycoolcnichain","type":"ipmasq","tag":%q,"lockFile":%q,"capabilities":{"masqEntries":true}}`, tag, lock)))
		if err != nil {
			t.Fatal(err)
		}
		if err := inNode(func() error { return cni.CheckNetwork(ctx, pc, rt) }); err != nil {
			t.Fatalf("CHECK: %v", err)
		}
		testutil.Run(t, nodeNS, "iptables", "-t", "nat", "-D", chain, "1")
		if err := inNode(func() error { return cni.CheckNetwork(ctx, pc, rt) }); err == nil || !strings.Contains(err.Error(), "rule 1") {
			t.Fatalf("CHECK after deleting a rule = %v, want drift", err)
		}
	}
	if err := inNode(func() error { return cni.DelNetworkList(ctx, list, rt) }); err != nil {
		t.Fatalf("DEL: %v", err)
	}
	nat = testutil.Run(t, nodeNS, "iptables-save", "-t", "nat")
	for _, gone := range []string{podIP + "/32", chain, owner, "60001"} {
		if strings.Contains(nat, gone) {
			t.Errorf("%q left after DEL:\n%s", gone, nat)
		}
	}
	checkNoopDump(t, debugDir, containerID, "del", pod.Path(), "")
	// The chain's shared objects (the tag chain and its POSTROUTING jump)
	// go with a CNI 1.1 GC of the network, run on ipmasq alone since the
	// reference plugins stop at 1.0.0.
	gcList, err := libcni.ConfListFromBytes([]byte(fmt.Sprintf(
		`{"cniVersion":"1.1.0","name":"mycoolcnichain","plugins":[{"type":"ipmasq","tag":%q,"lockFile":%q}]}`, tag, lock)))
	if err != nil {
		t.Fatal(err)
	}
	if err := inNode(func() error { return cni.GCNetworkList(ctx, gcList, &libcni.GCArgs{}) }); err != nil {
		t.Fatalf("GC: %v", err)
	}
	if nat = testutil.Run(t, nodeNS, "iptables-save", "-t", "nat"); strings.Contains(nat, tag) {
		t.Errorf("GC with no attachments left the tag chain:\n%s", nat)
	}
}

func podAddress(t *testing.T, res types.Result) string {
	t.Helper()
	r, err := current.NewResultFromResult(res)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.IPs) != 1 {
		t.Fatalf("chain result has IPs %v", r.IPs)
	}
	return r.IPs[0].Address.IP.String()
}

func wantInOrder(t *testing.T, s string, lines ...string) {
	t.Helper()
	last := -1
	for _, l := range lines {
		i := strings.Index(s, l+"\n")
		if i < 0 {
			t.Fatalf("missing %q in:\n%s", l, s)
		}
		if i < last {
			t.Fatalf("%q out of order in:\n%s", l, s)
		}
		last = i
	}
}

// checkNoopDump reads noop's newest dump for verb and checks that it saw
// the runtimeConfig, the netns and (on ADD) a prevResult with the pod's
// address.
func checkNoopDump(t *testing.T, dir, containerID, verb, netns, podIP string) {
	t.Helper()
	files, err := noop.ListDumps(dir, containerID, "eth0")
	if err != nil {
		t.Fatal(err)
	}
	var path string
	for _, f := range files {
		if strings.Contains(f, "/"+verb+"_") {
			path = f
		}
	}
	if path == "" {
		t.Fatalf("no %s dump among %v", verb, files)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d noop.Dump
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	var stdin struct {
		RuntimeConfig struct {
			MasqEntries  []map[string]any `json:"masqEntries"`
			PortMappings []map[string]any `json:"portMappings"`
		} `json:"runtimeConfig"`
		PrevResult json.RawMessage `json:"prevResult"`
	}
	if err := json.Unmarshal(d.Stdin, &stdin); err != nil {
		t.Fatal(err)
	}
	if d.Netns != netns || len(stdin.RuntimeConfig.MasqEntries) != 2 || len(stdin.RuntimeConfig.PortMappings) != 2 {
		t.Errorf("%s dump: netns %q, runtimeConfig %+v", verb, d.Netns, stdin.RuntimeConfig)
	}
	if podIP != "" && !strings.Contains(string(stdin.PrevResult), podIP) {
		t.Errorf("%s dump prevResult %s lacks %s", verb, stdin.PrevResult, podIP)
	}
}
