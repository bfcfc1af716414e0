package iproute

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// env is a throwaway "host" namespace with the plugin pointed at it and a
// private state directory, so tests never touch the real host.
type env struct {
	t        testing.TB
	host     ns.NetNS
	stateDir string
	plugin   *verbs
}

func newEnv(t testing.TB) *env {
	t.Helper()
	testutil.RequireRoot(t)
	host := testutil.NewNS(t)
	return &env{
		t:        t,
		host:     host,
		stateDir: t.TempDir(),
		plugin:   &verbs{hostNetns: host.Path(), log: slog.New(slog.NewTextHandler(io.Discard, nil))},
	}
}

// testPod is a pod netns with eth0 linked to a veth in the host namespace.
type testPod struct {
	ns     ns.NetNS
	id     string
	hostIf string
	v4, v6 string // CIDRs on eth0
}

// newPod creates pod i with 192.0.2.(10+i)/24 and 2001:db8::(10+i)/64.
func (e *env) newPod(i int) *testPod {
	e.t.Helper()
	p := &testPod{
		ns:     testutil.NewNS(e.t),
		id:     fmt.Sprintf("ctr%d-%s", i, testutil.RandSuffix(6)),
		hostIf: "vh" + testutil.RandSuffix(8),
		v4:     fmt.Sprintf("192.0.2.%d/24", 10+i),
		v6:     fmt.Sprintf("2001:db8::%x/64", 0x10+i),
	}
	testutil.Veth(e.t, e.host, p.hostIf, p.ns, "eth0")
	testutil.Addr(e.t, p.ns, "eth0", p.v4)
	testutil.Addr(e.t, p.ns, "eth0", p.v6)
	return p
}

func (p *testPod) ip4() string { return strings.Split(p.v4, "/")[0] }

// prevResult is what a main plugin (bridge, ptp) would have reported.
func (p *testPod) prevResult() *current.Result {
	idx := 1
	res := &current.Result{
		CNIVersion: current.ImplementedSpecVersion,
		Interfaces: []*current.Interface{{Name: p.hostIf}, {Name: "eth0", Sandbox: p.ns.Path()}},
	}
	for _, c := range []string{p.v4, p.v6} {
		ip, n, _ := net.ParseCIDR(c)
		n.IP = ip
		res.IPs = append(res.IPs, &current.IPConfig{Interface: &idx, Address: *n})
	}
	return res
}

// conf renders a plugin config: the node fields given plus the test's
// state dir, runtimeConfig and (when prev is set) prevResult.
func (e *env) conf(version string, node map[string]any, rc map[string]any, prev *current.Result) []byte {
	e.t.Helper()
	c := map[string]any{"cniVersion": version, "name": "test-net", "type": "iproute", "stateDir": e.stateDir}
	for k, v := range node {
		c[k] = v
	}
	if rc != nil {
		c["runtimeConfig"] = rc
	}
	if prev != nil {
		r, err := prev.GetAsVersion(version)
		if err != nil {
			e.t.Fatal(err)
		}
		c["prevResult"] = r
	}
	data, err := json.Marshal(c)
	if err != nil {
		e.t.Fatal(err)
	}
	return data
}

func (p *testPod) args(stdin []byte) *skel.CmdArgs {
	return &skel.CmdArgs{ContainerID: p.id, Netns: p.ns.Path(), IfName: "eth0", StdinData: stdin}
}

func (e *env) add(p *testPod, stdin []byte) *current.Result {
	e.t.Helper()
	res, _, err := e.plugin.add(context.Background(), p.args(stdin))
	if err != nil {
		e.t.Fatalf("ADD %s: %v", p.id, err)
	}
	return res
}

func (e *env) del(p *testPod, stdin []byte) {
	e.t.Helper()
	if err := e.plugin.del(context.Background(), p.args(stdin)); err != nil {
		e.t.Fatalf("DEL %s: %v", p.id, err)
	}
}

// ours lists the lines of an ip command that carry our protocol.
func ours(t testing.TB, n ns.NetNS, args ...string) []string {
	t.Helper()
	out := testutil.Run(t, n, "ip", args...)
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "proto 209") {
			lines = append(lines, strings.Join(strings.Fields(l), " "))
		}
	}
	return lines
}

// hostRules lists our host rules of both families.
func (e *env) hostRules() []string {
	return append(ours(e.t, e.host, "-4", "rule"), ours(e.t, e.host, "-6", "rule")...)
}

// hostRoutes lists our host routes of both families.
func (e *env) hostRoutes() []string {
	return append(ours(e.t, e.host, "-4", "route", "show", "table", "all"), ours(e.t, e.host, "-6", "route", "show", "table", "all")...)
}

func podRoutes(t *testing.T, p *testPod) []string {
	return append(ours(t, p.ns, "-4", "route", "show", "table", "all"), ours(t, p.ns, "-6", "route", "show", "table", "all")...)
}

// requireLines fails unless got has exactly len(want) lines and each want
// is contained in one of them.
func requireLines(t testing.TB, what string, got []string, want ...string) {
	t.Helper()
	ok := len(got) == len(want)
	for _, w := range want {
		if !slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, w) }) {
			ok = false
		}
	}
	if !ok {
		t.Fatalf("%s:\n  %s\nwant (%d lines):\n  %s", what, strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
	}
}

// requireNoState fails if any attachment record is left.
func (e *env) requireNoState() {
	e.t.Helper()
	left, _ := filepath.Glob(filepath.Join(e.stateDir, recordsDir, "*.json"))
	if len(left) > 0 {
		e.t.Fatalf("state records left: %v", left)
	}
	for _, d := range []string{addrsDir, sharedDir} {
		left, _ := os.ReadDir(filepath.Join(e.stateDir, d))
		if len(left) > 0 {
			e.t.Fatalf("index %s not empty: %v", d, left)
		}
	}
}

// requireClean fails if the host namespace has any of our rules or routes.
func (e *env) requireClean() {
	e.t.Helper()
	requireLines(e.t, "host rules", e.hostRules())
	requireLines(e.t, "host routes", e.hostRoutes())
	e.requireNoState()
}
