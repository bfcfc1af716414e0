package ipmasq

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// node is a throwaway namespace where the plugin runs as if on a node.
type node struct {
	ns      ns.NetNS
	backend string
	tag     string
	table   string
	lock    string
	bin     string
}

func newNode(t *testing.T, backend string) *node {
	t.Helper()
	return &node{
		ns:      testutil.NewNS(t),
		backend: backend,
		tag:     "SNAT-" + testutil.RandSuffix(8),
		table:   "dkt-" + testutil.RandSuffix(8),
		lock:    filepath.Join(t.TempDir(), "ipmasq.lock"),
		bin:     filepath.Join(testutil.PluginDir(t), "ipmasq"),
	}
}

// conf returns a plugin config for this node's backend with extra fields
// merged in.
func (n *node) conf(t *testing.T, version string, extra map[string]any) []byte {
	t.Helper()
	c := map[string]any{
		"cniVersion": version, "name": "net1", "type": "ipmasq",
		"backend": n.backend, "tag": n.tag, "table": n.table, "lockFile": n.lock,
	}
	for k, v := range extra {
		c[k] = v
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// call runs the plugin binary inside the node namespace.
func (n *node) call(cmd string, conf []byte, containerID, netns string) (string, error) {
	if netns == "" { // ADD, CHECK and DEL need one; the plugin needs it only without addresses
		netns = "/var/run/netns/none-" + testutil.RandSuffix(8)
	}
	var stdout, stderr bytes.Buffer
	err := n.ns.Do(func(ns.NetNS) error {
		c := exec.Command(n.bin)
		c.Env = []string{
			"CNI_COMMAND=" + cmd, "CNI_CONTAINERID=" + containerID, "CNI_NETNS=" + netns,
			"CNI_IFNAME=eth0", "CNI_PATH=" + filepath.Dir(n.bin), "PATH=" + os.Getenv("PATH"),
		}
		c.Stdin, c.Stdout, c.Stderr = bytes.NewReader(conf), &stdout, &stderr
		return c.Run()
	})
	if err != nil {
		var cniErr struct {
			Code int    `json:"code"`
			Msg  string `json:"msg"`
		}
		if json.Unmarshal(stdout.Bytes(), &cniErr) == nil && cniErr.Msg != "" {
			return "", fmt.Errorf("%s: CNI error %d: %s\n%s", cmd, cniErr.Code, cniErr.Msg, stderr.String())
		}
		return stdout.String(), fmt.Errorf("%s: %w: %s%s", cmd, err, stdout.String(), stderr.String())
	}
	return stdout.String(), nil
}

func (n *node) mustCall(t *testing.T, cmd string, conf []byte, containerID, netns string) string {
	t.Helper()
	out, err := n.call(cmd, conf, containerID, netns)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var counters = regexp.MustCompile(`\[\d+:\d+\]`)

// dump is the node's NAT state for this backend.
func (n *node) dump(t *testing.T) string {
	t.Helper()
	if n.backend == snat.BackendNFTables {
		return testutil.Run(t, n.ns, "nft", "list", "ruleset")
	}
	var b strings.Builder
	for _, tool := range []string{"iptables-save", "ip6tables-save"} {
		for _, l := range strings.Split(testutil.Run(t, n.ns, tool, "-t", "nat"), "\n") {
			if !strings.HasPrefix(l, "#") {
				b.WriteString(counters.ReplaceAllString(l, "") + "\n")
			}
		}
	}
	return b.String()
}

// podObjects counts the lines of the node's state that belong to a pod
// (its chain or map elements).
func (n *node) podObjects(t *testing.T) int {
	t.Helper()
	d := n.dump(t)
	return strings.Count(d, snat.PodChainPrefix) + strings.Count(d, "goto pod-") + strings.Count(d, `comment "owner=`)
}

// prevResult returns a prevResult for eth0 in netns with addrs, in the
// given CNI version's format, as a JSON object.
func prevResult(t *testing.T, version, netns string, addrs ...string) map[string]any {
	t.Helper()
	idx := 0
	res := &current.Result{
		CNIVersion: current.ImplementedSpecVersion,
		Interfaces: []*current.Interface{{Name: "br0"}, {Name: "veth0"}, {Name: "eth0", Sandbox: netns}},
	}
	idx = 2
	for _, a := range addrs {
		ip, ipn, err := net.ParseCIDR(a)
		if err != nil {
			t.Fatal(err)
		}
		ipn.IP = ip
		res.IPs = append(res.IPs, &current.IPConfig{Interface: &idx, Address: *ipn})
	}
	conv, err := res.GetAsVersion(version)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(conv)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// entries is a runtimeConfig with the original README's masqEntries
// (documentation addresses) plus an IPv6 entry.
func entries(extra ...map[string]any) map[string]any {
	rc := map[string]any{"masqEntries": []map[string]any{
		{"external": "203.0.113.15:5000-5010", "destination": "8.8.8.8/32", "protocol": "tcp", "description": "allow production traffic"},
		{"external": "203.0.113.15:4000-4010", "destination": "0.0.0.0/0", "protocol": "tcp", "description": "allow production traffic"},
		{"external": "[2001:db8:1::15]:4000-4010", "destination": "2001:db8:2::/48", "protocol": "udp", "description": "v6"},
	}}
	for _, e := range extra {
		for k, v := range e {
			rc[k] = v
		}
	}
	return rc
}
