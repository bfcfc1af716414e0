package iproute

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/cni/pkg/version"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// execPlugin runs the iproute binary inside the env's host namespace, as
// a runtime would.
func (e *env) execPlugin(command string, p *testPod, stdin []byte) (string, error) {
	e.t.Helper()
	bin := filepath.Join(testutil.PluginDir(e.t), "iproute")
	var stdout, stderr bytes.Buffer
	err := e.host.Do(func(ns.NetNS) error {
		cmd := exec.Command(bin)
		cmd.Stdin = bytes.NewReader(stdin)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Env = []string{"CNI_COMMAND=" + command, "CNI_PATH=" + filepath.Dir(bin)}
		if p != nil {
			cmd.Env = append(cmd.Env, "CNI_CONTAINERID="+p.id, "CNI_NETNS="+p.ns.Path(), "CNI_IFNAME=eth0")
		}
		return cmd.Run()
	})
	if err != nil {
		return stdout.String(), fmt.Errorf("%s: %w\nstdout: %s\nstderr: %s", command, err, stdout.String(), stderr.String())
	}
	return stdout.String(), nil
}

// The binary across every supported CNI version: ADD (with prevResult in
// that version), CHECK from 0.4.0, DEL twice; GC and STATUS at 1.1.0.
func TestBinaryAcrossVersions(t *testing.T) {
	for _, v := range []string{"0.3.0", "0.3.1", "0.4.0", "1.0.0", "1.1.0"} {
		t.Run(v, func(t *testing.T) {
			e := newEnv(t)
			p := e.newPod(0)
			rc := map[string]any{
				"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"}, {"destination": "203.0.113.0/24", "gateway": "drop"}},
				"policyRouting": map[string]any{"table": 100, "hostRoute": true},
			}
			stdin := e.conf(v, nil, rc, p.prevResult())
			out, err := e.execPlugin("ADD", p, stdin)
			if err != nil {
				t.Fatal(err)
			}
			res, err := version.NewResult(v, []byte(out))
			if err != nil {
				t.Fatalf("parsing ADD output as %s: %v\n%s", v, err, out)
			}
			if res.Version() != v {
				t.Fatalf("ADD printed version %s, want %s", res.Version(), v)
			}
			cur, err := current.NewResultFromResult(res)
			if err != nil {
				t.Fatal(err)
			}
			if len(cur.Routes) != 1 || cur.Routes[0].Dst.String() != "198.51.100.0/24" {
				t.Fatalf("result routes %v", cur.Routes)
			}
			if _, err := e.execPlugin("ADD", p, stdin); err != nil {
				t.Fatalf("second ADD: %v", err)
			}
			requireLines(t, "pod routes", podRoutes(t, p), "198.51.100.0/24 via 192.0.2.1", "blackhole 203.0.113.0/24")
			if len(e.hostRules()) != 4 || len(e.hostRoutes()) != 2 {
				t.Fatalf("host objects: %v %v", e.hostRules(), e.hostRoutes())
			}
			if v != "0.3.0" && v != "0.3.1" {
				checkIn := e.conf(v, nil, rc, cur)
				if _, err := e.execPlugin("CHECK", p, checkIn); err != nil {
					t.Fatalf("CHECK: %v", err)
				}
				testutil.Run(t, e.host, "ip", "rule", "del", "pref", "1536", "from", "192.0.2.10")
				if _, err := e.execPlugin("CHECK", p, checkIn); err == nil || !strings.Contains(err.Error(), "is missing") {
					t.Fatalf("CHECK after deleting a rule: %v", err)
				}
			}
			if v == "1.1.0" {
				if _, err := e.execPlugin("STATUS", nil, e.conf(v, nil, nil, nil)); err != nil {
					t.Fatalf("STATUS: %v", err)
				}
				gcIn := e.conf(v, map[string]any{"cni.dev/valid-attachments": []types.GCAttachment{}}, nil, nil)
				if _, err := e.execPlugin("GC", nil, gcIn); err != nil {
					t.Fatalf("GC: %v", err)
				}
				e.requireClean()
			}
			for range 2 {
				if _, err := e.execPlugin("DEL", p, stdin); err != nil {
					t.Fatalf("DEL: %v", err)
				}
			}
			e.requireClean()
			requireLines(t, "pod routes", podRoutes(t, p))
		})
	}
}

// Bad input through the binary: a CNI error naming the field and value,
// and nothing changed.
func TestBinaryBadInput(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"routeEntries": []map[string]any{{"destination": "10.0.0/8", "gateway": "drop"}}}
	out, err := e.execPlugin("ADD", p, e.conf("1.0.0", nil, rc, p.prevResult()))
	if err == nil {
		t.Fatal("ADD with a bad CIDR succeeded")
	}
	var cniErr types.Error
	if jerr := json.Unmarshal([]byte(out), &cniErr); jerr != nil || !strings.Contains(cniErr.Msg, `routeEntries[0].destination: invalid CIDR "10.0.0/8"`) {
		t.Fatalf("error output %q", out)
	}
	requireLines(t, "pod routes", podRoutes(t, p))
	e.requireClean()
}

// The original Diktyo README-style chain, bridge + host-local then iproute
// with routeEntries, through libcni inside a throwaway node namespace.
func TestOriginalDiktyoChain(t *testing.T) {
	testutil.RequireRoot(t)
	for _, v := range []string{"0.3.1", "1.0.0"} {
		t.Run(v, func(t *testing.T) { runDiktyoChain(t, v) })
	}
}

func runDiktyoChain(t *testing.T, cniVersion string) {
	node := testutil.NewNS(t)
	pod := testutil.NewNS(t)
	br := "dkbr" + testutil.RandSuffix(8)
	stateDir, ipamDir, cacheDir := t.TempDir(), t.TempDir(), t.TempDir()
	name := "mycoolcnichain-" + testutil.RandSuffix(6)
	conflist := fmt.Sprintf(`{
	  "cniVersion": %q, "name": %q,
	  "plugins": [
	    {"type": "bridge", "isGateway": true, "ipMasq": false, "bridge": %q,
	     "ipam": {"type": "host-local", "subnet": "198.51.100.0/24", "routes": [{"dst": "0.0.0.0/0"}], "dataDir": %q}},
	    {"type": "iproute", "capabilities": {"routeEntries": true, "policyRouting": true},
	     "stateDir": %q, "hostRoute": true}
	  ]}`, cniVersion, name, br, ipamDir, stateDir)
	list, err := libcni.ConfListFromBytes([]byte(conflist))
	if err != nil {
		t.Fatal(err)
	}
	cni := libcni.NewCNIConfigWithCacheDir(testutil.CNIPath(t), cacheDir, nil)
	rt := &libcni.RuntimeConf{
		ContainerID: "diktyo-" + testutil.RandSuffix(8),
		NetNS:       pod.Path(),
		IfName:      "eth0",
		CapabilityArgs: map[string]any{
			api.CapRouteEntries: []api.RouteEntry{
				{Destination: "203.0.113.0/24", Gateway: "198.51.100.1", Description: "via the bridge"},
				{Destination: "192.0.2.0/24", Gateway: "drop", Description: "never"},
				{Destination: "0.0.0.0/0", Gateway: "198.51.100.1", Description: "same as IPAM's"},
			},
			api.CapPolicyRouting: api.PolicyRouting{Table: 100},
		},
	}
	ctx := context.Background()
	inNode := func(f func() error) error { return node.Do(func(ns.NetNS) error { return f() }) }

	var res types.Result
	if err := inNode(func() error { res, err = cni.AddNetworkList(ctx, list, rt); return err }); err != nil {
		t.Fatalf("ADD: %v", err)
	}
	cur, err := current.NewResultFromResult(res)
	if err != nil {
		t.Fatal(err)
	}
	podIP := cur.IPs[0].Address.IP.String()
	dsts := map[string]bool{}
	for _, r := range cur.Routes {
		dsts[r.Dst.String()] = true
	}
	if !dsts["203.0.113.0/24"] || !dsts["0.0.0.0/0"] || dsts["192.0.2.0/24"] {
		t.Fatalf("result routes %v", cur.Routes)
	}
	requireLines(t, "pod routes", append(ours(t, pod, "route"), ours(t, pod, "-6", "route")...),
		"203.0.113.0/24 via 198.51.100.1 dev eth0 proto 209", "blackhole 192.0.2.0/24 proto 209")
	if out := testutil.Run(t, pod, "ip", "route"); !strings.Contains(out, "default via 198.51.100.1 dev eth0") {
		t.Fatalf("IPAM's default route is gone:\n%s", out)
	}
	requireLines(t, "host routes", ours(t, node, "route"), podIP+" dev "+br+" proto 209 scope link")
	requireLines(t, "host rules", ours(t, node, "rule"),
		"512: from all to 198.51.100.0/24 lookup main proto 209", "1536: from "+podIP+" lookup 100 proto 209")

	if cniVersion != "0.3.1" {
		if err := inNode(func() error { return cni.CheckNetworkList(ctx, list, rt) }); err != nil {
			t.Fatalf("CHECK: %v", err)
		}
	}
	for range 2 {
		if err := inNode(func() error { return cni.DelNetworkList(ctx, list, rt) }); err != nil {
			t.Fatalf("DEL: %v", err)
		}
	}
	requireLines(t, "host rules after DEL", ours(t, node, "rule"))
	requireLines(t, "host routes after DEL", ours(t, node, "route"))
	requireLines(t, "pod routes after DEL", ours(t, pod, "route"))
}

// GC through libcni (CNI 1.1): an iproute-only conflist whose attachment
// is not in the valid list loses its host objects.
func TestLibcniGC(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	name := "gcnet-" + testutil.RandSuffix(6)
	conflist := fmt.Sprintf(`{"cniVersion":"1.1.0","name":%q,"plugins":[
	  {"type":"iproute","capabilities":{"policyRouting":true,"ips":true},"stateDir":%q}]}`, name, e.stateDir)
	list, err := libcni.ConfListFromBytes([]byte(conflist))
	if err != nil {
		t.Fatal(err)
	}
	cni := libcni.NewCNIConfigWithCacheDir(testutil.CNIPath(t), t.TempDir(), nil)
	ctx := context.Background()
	rt := func(p *testPod) *libcni.RuntimeConf {
		return &libcni.RuntimeConf{ContainerID: p.id, NetNS: p.ns.Path(), IfName: "eth0",
			CapabilityArgs: map[string]any{api.CapPolicyRouting: api.PolicyRouting{Table: 100}, api.CapIPs: []string{p.ip4()}}}
	}
	p2 := e.newPod(1)
	err = e.host.Do(func(ns.NetNS) error {
		for _, x := range []*testPod{p, p2} {
			if _, err := cni.AddNetworkList(ctx, list, rt(x)); err != nil {
				return err
			}
		}
		return cni.GCNetworkList(ctx, list, &libcni.GCArgs{ValidAttachments: []types.GCAttachment{{ContainerID: p.id, IfName: "eth0"}}})
	})
	if err != nil {
		t.Fatal(err)
	}
	requireLines(t, "host rules after GC", e.hostRules(),
		"512: from all to 192.0.2.10 lookup main proto 209", "1536: from 192.0.2.10 lookup 100 proto 209")
	if err := e.host.Do(func(ns.NetNS) error {
		return cni.GCNetworkList(ctx, list, &libcni.GCArgs{})
	}); err != nil {
		t.Fatal(err)
	}
	e.requireClean()
}
