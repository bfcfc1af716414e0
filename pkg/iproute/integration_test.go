package iproute

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/plugins/pkg/testutils"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// Every route type, both families, ADD twice and DEL twice.
func TestPodRoutesAllTypes(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"routeEntries": []map[string]any{
		{"destination": "198.51.100.0/24", "gateway": "192.0.2.1", "metric": 10, "mtu": 1400, "description": "unicast"},
		{"destination": "203.0.113.0/25", "gateway": "drop", "description": "original blackhole"},
		{"destination": "203.0.113.128/26", "type": "unreachable"},
		{"destination": "203.0.113.192/26", "type": "prohibit"},
		{"destination": "198.51.100.0/24", "dev": "eth0", "table": 100, "src": p.ip4()},
		{"destination": "2001:db8:1::/48", "gateway": "2001:db8::1", "metric": 5},
		{"destination": "2001:db8:2::/48", "type": "blackhole"},
		{"destination": "2001:db8:3::/48", "type": "unreachable"},
		{"destination": "2001:db8:4::/48", "type": "prohibit"},
		{"destination": "2001:db8:5::/48", "mtu": 1300},
	}}
	stdin := e.conf("1.1.0", nil, rc, p.prevResult())
	want := []string{
		"198.51.100.0/24 via 192.0.2.1 dev eth0 proto 209 metric 10 mtu 1400",
		"blackhole 203.0.113.0/25 proto 209",
		"unreachable 203.0.113.128/26 proto 209",
		"prohibit 203.0.113.192/26 proto 209",
		"198.51.100.0/24 dev eth0 table 100 proto 209 scope link src " + p.ip4(),
		"2001:db8:1::/48 via 2001:db8::1 dev eth0 proto 209 metric 5",
		"blackhole 2001:db8:2::/48 dev lo proto 209",
		"unreachable 2001:db8:3::/48 dev lo proto 209",
		"prohibit 2001:db8:4::/48 dev lo proto 209",
		"2001:db8:5::/48 dev eth0 proto 209 metric 1024 mtu 1300",
	}
	res := e.add(p, stdin)
	requireLines(t, "pod routes after ADD", podRoutes(t, p), want...)
	if n := len(res.Routes); n != 4 {
		t.Fatalf("result has %d routes, want the 4 unicast ones: %v", n, res.Routes)
	}
	for _, r := range res.Routes {
		if r.Dst.String() == "198.51.100.0/24" && r.GW == nil && (r.Table == nil || *r.Table != 100 || r.Scope == nil || *r.Scope != 253) {
			t.Errorf("device route in table 100 reported as %s", r)
		}
		if r.Dst.String() == "198.51.100.0/24" && r.GW != nil && (r.MTU != 1400 || r.Priority != 10) {
			t.Errorf("unicast route reported as %s", r)
		}
	}

	res2 := e.add(p, stdin)
	requireLines(t, "pod routes after second ADD", podRoutes(t, p), want...)
	if len(res2.Routes) != len(res.Routes) {
		t.Fatalf("second ADD reported %d routes, first %d", len(res2.Routes), len(res.Routes))
	}

	e.del(p, stdin)
	requireLines(t, "pod routes after DEL", podRoutes(t, p))
	e.del(p, stdin)
	e.requireClean()
}

// Host side: host route, from/bypass/to rules for both families, and the
// AWS layout; ADD twice, DEL twice.
func TestHostPolicyRouting(t *testing.T) {
	for _, tc := range []struct {
		layout string
		rules  []string
	}{
		{"shared", []string{
			"512: from all to 192.0.2.0/24 lookup main proto 209",
			"1024: from all to 198.51.100.0/24 lookup main proto 209",
			"1024: from 192.0.2.10 to 203.0.113.0/24 lookup main proto 209",
			"1536: from 192.0.2.10 lookup 100 proto 209",
			"512: from all to 2001:db8::/64 lookup main proto 209",
			"1024: from all to 2001:db8:1::/48 lookup main proto 209",
			"1536: from 2001:db8::10 lookup 100 proto 209",
		}},
		{"shared+othersToMain", []string{
			"512: from all to 192.0.2.0/24 lookup main proto 209",
			"1000: not from 192.0.2.0/24 lookup main proto 209",
			"1024: from all to 198.51.100.0/24 lookup main proto 209",
			"1024: from 192.0.2.10 to 203.0.113.0/24 lookup main proto 209",
			"1536: from 192.0.2.10 lookup 100 proto 209",
			"512: from all to 2001:db8::/64 lookup main proto 209",
			"1000: not from 2001:db8::/64 lookup main proto 209",
			"1024: from all to 2001:db8:1::/48 lookup main proto 209",
			"1536: from 2001:db8::10 lookup 100 proto 209",
		}},
		{"aws", []string{
			"512: from all to 192.0.2.10 lookup main proto 209",
			"1024: from 192.0.2.10 to 198.51.100.0/24 lookup main proto 209",
			"1024: from 192.0.2.10 to 203.0.113.0/24 lookup main proto 209",
			"1536: from 192.0.2.10 lookup 100 proto 209",
			"512: from all to 2001:db8::10 lookup main proto 209",
			"1024: from 2001:db8::10 to 2001:db8:1::/48 lookup main proto 209",
			"1536: from 2001:db8::10 lookup 100 proto 209",
		}},
	} {
		t.Run(tc.layout, func(t *testing.T) {
			e := newEnv(t)
			p := e.newPod(0)
			node := map[string]any{"layout": tc.layout, "excludeCIDRs": []string{"198.51.100.0/24", "2001:db8:1::/48"}}
			if layout, ok := strings.CutSuffix(tc.layout, "+othersToMain"); ok {
				node["layout"], node["othersToMain"] = layout, true
				node["podCIDRs"] = []string{"192.0.2.0/24", "2001:db8::/64"}
			}
			rc := map[string]any{"policyRouting": map[string]any{"table": 100, "hostRoute": true, "excludeCIDRs": []string{"203.0.113.0/24"}}}
			stdin := e.conf("1.1.0", node, rc, p.prevResult())
			for range 2 {
				e.add(p, stdin)
				requireLines(t, "host rules", e.hostRules(), tc.rules...)
				requireLines(t, "host routes", e.hostRoutes(),
					"192.0.2.10 dev "+p.hostIf+" proto 209 scope link",
					"2001:db8::10 dev "+p.hostIf+" proto 209")
			}
			e.del(p, stdin)
			e.requireClean()
			e.del(p, stdin)
			e.requireClean()
		})
	}
}

// DEL when the netns is gone, without prevResult or runtimeConfig ips: the
// record is enough. And DEL when the record is gone: the request is enough.
func TestDelWithoutNetnsOrState(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	node := map[string]any{"hostRoute": true}
	rc := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"}},
		"policyRouting": map[string]any{"table": 100},
	}
	e.add(p, e.conf("1.1.0", node, rc, p.prevResult()))
	if len(e.hostRules()) == 0 || len(e.hostRoutes()) == 0 {
		t.Fatal("ADD made no host objects")
	}
	path := p.ns.Path()
	_ = p.ns.Close()
	if err := testutils.UnmountNS(p.ns); err != nil {
		t.Fatal(err)
	}
	args := &skel.CmdArgs{ContainerID: p.id, Netns: path, IfName: "eth0", StdinData: e.conf("1.1.0", node, rc, nil)}
	for range 2 {
		if err := e.plugin.del(context.Background(), args); err != nil {
			t.Fatalf("DEL without netns: %v", err)
		}
		e.requireClean()
	}

	// Lost state directory: DEL rebuilds the objects from prevResult.
	p2 := e.newPod(1)
	stdin := e.conf("1.0.0", node, rc, p2.prevResult())
	e.add(p2, stdin)
	if err := os.RemoveAll(e.stateDir); err != nil {
		t.Fatal(err)
	}
	e.del(p2, stdin)
	// Shared rules of unknown users are kept: with the records lost,
	// nothing proves no other attachment uses them, and GC leaves them too.
	shared := []string{"512: from all to 192.0.2.0/24 lookup main proto 209", "512: from all to 2001:db8::/64 lookup main proto 209"}
	requireLines(t, "host rules", e.hostRules(), shared...)
	requireLines(t, "host routes", e.hostRoutes())
	requireLines(t, "pod routes", podRoutes(t, p2))
	gc(t, e, nil)
	requireLines(t, "host rules after GC", e.hostRules(), shared...)
	testutil.Run(t, e.host, "ip", "-4", "rule", "del", "pref", "512", "to", "192.0.2.0/24", "lookup", "main")
	testutil.Run(t, e.host, "ip", "-6", "rule", "del", "pref", "512", "to", "2001:db8::/64", "lookup", "main")
	e.requireClean()
}

func gc(t *testing.T, e *env, valid []types.GCAttachment) {
	t.Helper()
	stdin := e.conf("1.1.0", map[string]any{"cni.dev/valid-attachments": valid}, nil, nil)
	if err := e.plugin.gc(context.Background(), &skel.CmdArgs{StdinData: stdin}); err != nil {
		t.Fatalf("GC: %v", err)
	}
}

// 10 pods ADD and DEL in parallel: every pod gets its rules, the shared
// rule exists once, and nothing is left.
func TestParallelPods(t *testing.T) {
	e := newEnv(t)
	const n = 10
	pods := make([]*testPod, n)
	confs := make([][]byte, n)
	for i := range n {
		pods[i] = e.newPod(i)
		rc := map[string]any{
			"routeEntries":  []map[string]any{{"destination": "203.0.113.0/24", "gateway": "drop"}},
			"policyRouting": map[string]any{"table": 100 + i, "hostRoute": true},
		}
		confs[i] = e.conf("1.1.0", nil, rc, pods[i].prevResult())
	}
	parallel := func(f func(i int) error) {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { errs[i] = f(i) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("pod %d: %v", i, err)
			}
		}
	}
	parallel(func(i int) error { _, _, err := e.plugin.add(context.Background(), pods[i].args(confs[i])); return err })
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("1536: from 192.0.2.%d lookup %d proto 209", 10+i, 100+i),
			fmt.Sprintf("1536: from 2001:db8::%x lookup %d proto 209", 0x10+i, 100+i))
		requireLines(t, "pod routes", podRoutes(t, pods[i]), "blackhole 203.0.113.0/24 proto 209")
	}
	want = append(want, "512: from all to 192.0.2.0/24 lookup main proto 209", "512: from all to 2001:db8::/64 lookup main proto 209")
	requireLines(t, "host rules", e.hostRules(), want...)
	if got := len(e.hostRoutes()); got != 2*n {
		t.Fatalf("%d host routes, want %d", got, 2*n)
	}
	// DEL twice each, all at once.
	parallel(func(i int) error { return e.plugin.del(context.Background(), pods[i].args(confs[i])) })
	parallel(func(i int) error { return e.plugin.del(context.Background(), pods[i].args(confs[i])) })
	e.requireClean()
	for i := range n {
		requireLines(t, "pod routes", podRoutes(t, pods[i]))
	}
}

// CHECK finds a deleted pod route, a deleted host route, a deleted rule and
// a changed rule; a repeated ADD repairs them.
func TestCheckDetectsDrift(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"}},
		"policyRouting": map[string]any{"table": 100, "hostRoute": true},
	}
	stdin := e.conf("1.1.0", nil, rc, p.prevResult())
	e.add(p, stdin)
	check := func() error { return e.plugin.check(context.Background(), p.args(stdin)) }
	if err := check(); err != nil {
		t.Fatalf("CHECK right after ADD: %v", err)
	}
	for _, tc := range []struct {
		name  string
		drift func()
		want  string
	}{
		{"pod route deleted", func() { testutil.Run(t, p.ns, "ip", "route", "del", "198.51.100.0/24") },
			"pod route 198.51.100.0/24 via 192.0.2.1 is missing"},
		{"pod route changed", func() {
			testutil.Run(t, p.ns, "ip", "route", "replace", "198.51.100.0/24", "via", "192.0.2.2", "proto", "209")
		}, "pod route 198.51.100.0/24 via 192.0.2.1 changed: found 198.51.100.0/24 via 192.0.2.2"},
		{"rule deleted", func() { testutil.Run(t, e.host, "ip", "rule", "del", "pref", "1536", "from", "192.0.2.10") },
			`rule "pref 1536 from 192.0.2.10 to all lookup 100" is missing`},
		{"rule changed", func() {
			testutil.Run(t, e.host, "ip", "rule", "del", "pref", "1536", "from", "192.0.2.10")
			testutil.Run(t, e.host, "ip", "rule", "add", "pref", "1536", "from", "192.0.2.10", "lookup", "101", "proto", "209")
		}, `rule "pref 1536 from 192.0.2.10 to all lookup 100" changed: found "pref 1536 from 192.0.2.10 to all lookup 101"`},
		{"shared rule deleted", func() { testutil.Run(t, e.host, "ip", "rule", "del", "pref", "512", "to", "192.0.2.0/24") },
			`rule "pref 512 from all to 192.0.2.0/24 lookup main" is missing`},
		{"host route deleted", func() { testutil.Run(t, e.host, "ip", "route", "del", "192.0.2.10/32") },
			"host route 192.0.2.10/32 dev " + p.hostIf + " is missing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.drift()
			err := check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CHECK = %v, want it to report %q", err, tc.want)
			}
			// Within a reconcile pass (shared listings) the same drift.
			err = e.plugin.check(cniutil.WithReadCache(context.Background(), cniutil.NewReadCache()), p.args(stdin))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CHECK within a pass = %v, want it to report %q", err, tc.want)
			}
			if strings.Contains(tc.name, "changed") {
				// ADD refuses to overwrite a different object it did not
				// expect; restore by hand, as an operator would.
				cleanupDrift(t, e, p)
			}
			e.add(p, stdin)
			if err := check(); err != nil {
				t.Fatalf("CHECK after repairing ADD: %v", err)
			}
			if err := e.plugin.check(cniutil.WithReadCache(context.Background(), cniutil.NewReadCache()), p.args(stdin)); err != nil {
				t.Fatalf("CHECK within a pass after repairing ADD: %v", err)
			}
		})
	}
	e.del(p, stdin)
	e.requireClean()
}

func cleanupDrift(t *testing.T, e *env, p *testPod) {
	_, _ = testutil.Output(p.ns, "ip", "route", "del", "198.51.100.0/24")
	_, _ = testutil.Output(e.host, "ip", "rule", "del", "pref", "1536", "from", "192.0.2.10", "lookup", "101")
}

// GC removes attachments not in valid-attachments, and nothing that no
// record of its own proves is its: not a rule or route with our protocol
// number that some other chain (or a lost record) made, not a foreign one.
func TestGC(t *testing.T) {
	e := newEnv(t)
	pods := []*testPod{e.newPod(0), e.newPod(1), e.newPod(2)}
	for _, p := range pods {
		rc := map[string]any{"policyRouting": map[string]any{"table": 100, "hostRoute": true}}
		e.add(p, e.conf("1.1.0", nil, rc, p.prevResult()))
	}
	// Objects with our protocol but no record of ours, and foreign ones.
	unproven := []string{"1536: from 192.0.2.99 lookup 100 proto 209"}
	testutil.Run(t, e.host, "ip", "rule", "add", "pref", "1536", "from", "192.0.2.99", "lookup", "100", "proto", "209")
	testutil.Run(t, e.host, "ip", "route", "add", "192.0.2.99/32", "dev", pods[0].hostIf, "proto", "209")
	testutil.Run(t, e.host, "ip", "rule", "add", "pref", "1536", "from", "192.0.2.98", "lookup", "100", "proto", "210")
	testutil.Run(t, e.host, "ip", "route", "add", "192.0.2.98/32", "dev", pods[0].hostIf, "proto", "static")

	gc(t, e, []types.GCAttachment{{ContainerID: pods[0].id, IfName: "eth0"}})
	requireLines(t, "host rules after GC", e.hostRules(), append([]string{
		"512: from all to 192.0.2.0/24 lookup main proto 209",
		"1536: from 192.0.2.10 lookup 100 proto 209",
		"512: from all to 2001:db8::/64 lookup main proto 209",
		"1536: from 2001:db8::10 lookup 100 proto 209"}, unproven...)...)
	requireLines(t, "host routes after GC", e.hostRoutes(), "192.0.2.10 dev", "2001:db8::10 dev", "192.0.2.99 dev")
	if out := testutil.Run(t, e.host, "ip", "rule"); !strings.Contains(out, "from 192.0.2.98 lookup 100 proto 210") {
		t.Fatalf("GC removed a foreign rule:\n%s", out)
	}
	if out := testutil.Run(t, e.host, "ip", "route"); !strings.Contains(out, "192.0.2.98 dev") {
		t.Fatalf("GC removed a foreign route:\n%s", out)
	}
	if err := e.plugin.check(context.Background(), pods[0].args(e.conf("1.1.0", nil,
		map[string]any{"policyRouting": map[string]any{"table": 100, "hostRoute": true}}, pods[0].prevResult()))); err != nil {
		t.Fatalf("CHECK of the valid attachment after GC: %v", err)
	}
	testutil.Run(t, e.host, "ip", "rule", "del", "pref", "1536", "from", "192.0.2.99", "lookup", "100")
	testutil.Run(t, e.host, "ip", "route", "del", "192.0.2.99/32")

	// A corrupt record does not stop GC; its objects cannot be identified
	// and stay, with the record.
	e.add(pods[1], e.conf("1.1.0", nil, map[string]any{"policyRouting": map[string]any{"table": 100}}, pods[1].prevResult()))
	recs, _ := filepath.Glob(filepath.Join(e.stateDir, recordsDir, "*.json"))
	for _, r := range recs {
		if err := os.WriteFile(r, []byte("{not json"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	gc(t, e, nil)
	if out := testutil.Run(t, e.host, "ip", "rule"); !strings.Contains(out, "from 192.0.2.11 lookup 100 proto 209") {
		t.Fatalf("GC removed the objects of an unreadable record:\n%s", out)
	}
}

// TestGCTwoChainsSideBySide: two diktyo chains on one node (two networks,
// two state directories, the same protocol number) each GC only their own
// attachments; a reconcile of one never removes the other's pod rules.
func TestGCTwoChainsSideBySide(t *testing.T) {
	a := newEnv(t)
	b := &env{t: t, host: a.host, stateDir: t.TempDir(), plugin: a.plugin}
	confB := func(rc map[string]any, prev *current.Result) []byte {
		var c map[string]any
		if err := json.Unmarshal(b.conf("1.1.0", nil, rc, prev), &c); err != nil {
			t.Fatal(err)
		}
		c["name"] = "other-net"
		data, _ := json.Marshal(c)
		return data
	}
	pa, pb := a.newPod(0), a.newPod(1)
	rc := map[string]any{"policyRouting": map[string]any{"table": 100, "hostRoute": true}}
	a.add(pa, a.conf("1.1.0", nil, rc, pa.prevResult()))
	b.add(pb, confB(rc, pb.prevResult()))
	// Each chain's GC with only its own pod valid, several times.
	for range 2 {
		gc(t, a, []types.GCAttachment{{ContainerID: pa.id, IfName: "eth0"}})
		stdin := confB(nil, nil)
		var c map[string]any
		_ = json.Unmarshal(stdin, &c)
		c["cni.dev/valid-attachments"] = []types.GCAttachment{{ContainerID: pb.id, IfName: "eth0"}}
		stdin, _ = json.Marshal(c)
		if err := b.plugin.gc(context.Background(), &skel.CmdArgs{StdinData: stdin}); err != nil {
			t.Fatalf("GC of the second chain: %v", err)
		}
	}
	out := testutil.Run(t, a.host, "ip", "rule")
	for _, want := range []string{"from 192.0.2.10 lookup 100", "from 192.0.2.11 lookup 100"} {
		if !strings.Contains(out, want) {
			t.Fatalf("a chain's GC removed the other's rule %q:\n%s", want, out)
		}
	}
	routes := testutil.Run(t, a.host, "ip", "route")
	for _, want := range []string{"192.0.2.10 dev", "192.0.2.11 dev"} {
		if !strings.Contains(routes, want) {
			t.Fatalf("a chain's GC removed the other's host route %q:\n%s", want, routes)
		}
	}
	a.del(pa, a.conf("1.1.0", nil, rc, pa.prevResult()))
	if err := b.plugin.del(context.Background(), pb.args(confB(rc, pb.prevResult()))); err != nil {
		t.Fatal(err)
	}
}

// A different route already in the pod: ADD fails naming it, and undoes
// every step it had made. An identical route of another owner is fine and
// survives DEL.
func TestConflictRollsBack(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	testutil.Run(t, p.ns, "ip", "route", "add", "198.51.100.0/24", "via", "192.0.2.2")
	rc := map[string]any{
		"routeEntries": []map[string]any{
			{"destination": "203.0.113.0/24", "gateway": "drop"},
			{"destination": "198.51.100.0/24", "gateway": "192.0.2.1"},
		},
		"policyRouting": map[string]any{"table": 100},
	}
	_, _, err := e.plugin.add(context.Background(), p.args(e.conf("1.1.0", nil, rc, p.prevResult())))
	if err == nil || !strings.Contains(err.Error(), "a different route exists: 198.51.100.0/24 via 192.0.2.2") {
		t.Fatalf("ADD over a different route: %v", err)
	}
	requireLines(t, "pod routes after failed ADD", podRoutes(t, p))
	e.requireClean()

	testutil.Run(t, p.ns, "ip", "-6", "route", "add", "2001:db8:1::/48", "via", "2001:db8::2")
	rc6 := map[string]any{"routeEntries": []map[string]any{
		{"destination": "2001:db8:2::/48", "type": "unreachable"},
		{"destination": "2001:db8:1::/48", "gateway": "2001:db8::1"},
	}}
	_, _, err = e.plugin.add(context.Background(), p.args(e.conf("1.1.0", nil, rc6, p.prevResult())))
	if err == nil || !strings.Contains(err.Error(), "a different route exists: 2001:db8:1::/48 via 2001:db8::2") {
		t.Fatalf("ADD over a different IPv6 route: %v", err)
	}
	requireLines(t, "pod routes after failed ADD", podRoutes(t, p))
	e.requireClean()

	// Same route, made by someone else: success, and DEL leaves it.
	testutil.Run(t, p.ns, "ip", "route", "replace", "198.51.100.0/24", "via", "192.0.2.1", "proto", "static")
	stdin := e.conf("1.1.0", nil, rc, p.prevResult())
	e.add(p, stdin)
	e.del(p, stdin)
	if out := testutil.Run(t, p.ns, "ip", "route"); !strings.Contains(out, "198.51.100.0/24 via 192.0.2.1 dev eth0 proto static") {
		t.Fatalf("DEL removed a route it did not make:\n%s", out)
	}
	e.requireClean()
}

// A failure at a later step (the host route's interface does not exist)
// removes the pod routes already made; bad input changes nothing.
func TestFailedAddLeavesNothing(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "203.0.113.0/24", "gateway": "drop"}},
		"policyRouting": map[string]any{"table": 100, "hostRoute": true, "hostInterface": "nosuchif0"},
	}
	_, _, err := e.plugin.add(context.Background(), p.args(e.conf("1.1.0", nil, rc, p.prevResult())))
	if err == nil || !strings.Contains(err.Error(), `dev "nosuchif0"`) {
		t.Fatalf("ADD with a missing host interface: %v", err)
	}
	requireLines(t, "pod routes", podRoutes(t, p))
	e.requireClean()

	for _, bad := range []map[string]any{
		{"routeEntries": []map[string]any{{"destination": "203.0.113.0/24", "gateway": "drop"}, {"destination": "10.0.0/8"}}},
		{"routeEntries": []map[string]any{{"destination": "203.0.113.0/24"}}, "policyRouting": map[string]any{"table": 255}},
		{"routeEntries": []map[string]any{{"destination": "198.51.100.0/24", "gateway": "192.0.2.1", "dev": "nosuchif0"}}},
	} {
		if _, _, err := e.plugin.add(context.Background(), p.args(e.conf("1.1.0", nil, bad, p.prevResult()))); err == nil {
			t.Fatalf("ADD of %v succeeded", bad)
		}
		requireLines(t, "pod routes", podRoutes(t, p))
		e.requireClean()
	}
}

// A repeated ADD with a changed request converges: what is no longer
// asked for goes, the rest stays.
func TestReAddConverges(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	first := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "203.0.113.0/24", "gateway": "drop"}},
		"policyRouting": map[string]any{"table": 100, "excludeCIDRs": []string{"198.51.100.0/24"}},
	}
	second := map[string]any{
		"routeEntries":  []map[string]any{{"destination": "198.51.100.0/24", "type": "prohibit"}},
		"policyRouting": map[string]any{"table": 70000}, // past the 8-bit rtm_table field
	}
	e.add(p, e.conf("1.1.0", nil, first, p.prevResult()))
	stdin := e.conf("1.1.0", nil, second, p.prevResult())
	e.add(p, stdin)
	requireLines(t, "pod routes", podRoutes(t, p), "prohibit 198.51.100.0/24 proto 209")
	requireLines(t, "host rules", e.hostRules(),
		"512: from all to 192.0.2.0/24 lookup main proto 209", "1536: from 192.0.2.10 lookup 70000 proto 209",
		"512: from all to 2001:db8::/64 lookup main proto 209", "1536: from 2001:db8::10 lookup 70000 proto 209")
	if err := e.plugin.check(context.Background(), p.args(stdin)); err != nil {
		t.Fatalf("CHECK: %v", err)
	}
	e.del(p, stdin)
	e.requireClean()
}

// An address still held by an attachment whose DEL was lost passes to the
// new attachment IPAM gave it to.
func TestStaleAttachmentTakenOver(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	old := &testPod{ns: p.ns, id: "stale-" + testutil.RandSuffix(6), hostIf: p.hostIf, v4: p.v4, v6: p.v6}
	e.add(old, e.conf("1.1.0", nil, map[string]any{"policyRouting": map[string]any{"table": 100}}, p.prevResult()))
	stdin := e.conf("1.1.0", nil, map[string]any{"policyRouting": map[string]any{"table": 200}}, p.prevResult())
	e.add(p, stdin)
	requireLines(t, "host rules", e.hostRules(),
		"512: from all to 192.0.2.0/24 lookup main proto 209", "1536: from 192.0.2.10 lookup 200 proto 209",
		"512: from all to 2001:db8::/64 lookup main proto 209", "1536: from 2001:db8::10 lookup 200 proto 209")
	// The stale attachment's late DEL must not touch the new one's objects.
	if err := e.plugin.del(context.Background(), old.args(e.conf("1.1.0", nil, map[string]any{"policyRouting": map[string]any{"table": 200}}, p.prevResult()))); err != nil {
		t.Fatal(err)
	}
	if len(e.hostRules()) != 4 {
		t.Fatalf("late DEL of the stale attachment removed the new one's rules: %v", e.hostRules())
	}
	e.del(p, stdin)
	e.requireClean()
}

// Standalone (as diktyo-nri runs it): no prevResult, addresses from
// runtimeConfig ips, then from the netns.
func TestStandaloneAddresses(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	rc := map[string]any{"ips": []string{"192.0.2.10", "2001:db8::10"}, "policyRouting": map[string]any{"table": 100}}
	stdin := e.conf("1.1.0", nil, rc, nil)
	res := e.add(p, stdin)
	if len(res.IPs) != 2 {
		t.Fatalf("standalone result has IPs %v, want both pod addresses", res.IPs)
	}
	rules := e.hostRules()
	if !strings.Contains(strings.Join(rules, "\n"), "1536: from 192.0.2.10 lookup 100") {
		t.Fatalf("rules: %v", rules)
	}
	e.del(p, stdin)
	e.requireClean()
	// Without ips the pod's own interface is not read (a pod with
	// NET_ADMIN controls it): no address, no ADD.
	delete(rc, "ips")
	_, _, err := e.plugin.add(context.Background(), p.args(e.conf("1.1.0", nil, rc, nil)))
	if err == nil || !strings.Contains(err.Error(), "no pod address") {
		t.Fatalf("ADD with addresses only on the pod's interface: %v", err)
	}
	e.requireClean()
}

func TestStatus(t *testing.T) {
	e := newEnv(t)
	if err := e.plugin.status(context.Background(), &skel.CmdArgs{StdinData: e.conf("1.1.0", nil, nil, nil)}); err != nil {
		t.Fatalf("STATUS: %v", err)
	}
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	bad := e.conf("1.1.0", map[string]any{"stateDir": filepath.Join(blocker, "state")}, nil, nil)
	if err := e.plugin.status(context.Background(), &skel.CmdArgs{StdinData: bad}); err == nil {
		t.Fatal("STATUS with an unusable state directory succeeded")
	}
}

// A pod that asks for nothing gets nothing, not even a record; a pod that
// stops asking loses what it had.
func TestNothingAsked(t *testing.T) {
	e := newEnv(t)
	p := e.newPod(0)
	empty := e.conf("1.1.0", nil, nil, p.prevResult())
	res := e.add(p, empty)
	if len(res.IPs) != 2 {
		t.Fatalf("prevResult not passed through: %v", res)
	}
	e.requireClean()
	e.add(p, e.conf("1.1.0", nil, map[string]any{
		"routeEntries":  []map[string]any{{"destination": "203.0.113.0/24", "gateway": "drop"}},
		"policyRouting": map[string]any{"table": 100},
	}, p.prevResult()))
	if len(e.hostRules()) == 0 {
		t.Fatal("no rules")
	}
	e.add(p, empty)
	requireLines(t, "pod routes", podRoutes(t, p))
	e.requireClean()
	e.del(p, empty)
	e.requireClean()
}

// TestStaleRecordKeepsLivePodsObjects: two records claim one address (a
// pod whose DEL was lost, and the later pod IPAM gave its address to),
// with identical per-pod objects. Neither GC of the stale one nor its
// late DEL may remove the live pod's rules and host route: they are
// keyed by the address alone. (Found by plugin TestFaultProperty's soak.)
func TestStaleRecordKeepsLivePodsObjects(t *testing.T) {
	for _, how := range []string{"gc", "del"} {
		t.Run(how, func(t *testing.T) {
			e := newEnv(t)
			p := e.newPod(0)
			rc := map[string]any{"policyRouting": map[string]any{"table": 100, "hostRoute": true}}
			stdin := e.conf("1.1.0", nil, rc, p.prevResult())
			e.add(p, stdin)
			before := e.hostRules()
			routes := e.hostRoutes()
			// The stale attachment's record: the live one's, under another
			// owner, as a lost DEL of the address's earlier pod leaves it.
			st := &store{dir: e.stateDir}
			live, err := st.load(cniutil.OwnerID("test-net", p.id, "eth0"))
			if err != nil || live == nil {
				t.Fatalf("live record: %v %v", live, err)
			}
			old := &testPod{ns: p.ns, id: "stale-" + testutil.RandSuffix(6), hostIf: p.hostIf, v4: p.v4, v6: p.v6}
			stale := *live
			stale.Owner, stale.ContainerID = cniutil.OwnerID("test-net", old.id, "eth0"), old.id
			if err := st.save(&stale); err != nil {
				t.Fatal(err)
			}
			if how == "gc" {
				gc(t, e, []types.GCAttachment{{ContainerID: p.id, IfName: "eth0"}})
			} else if err := e.plugin.del(context.Background(), old.args(stdin)); err != nil {
				t.Fatal(err)
			}
			if got := e.hostRules(); strings.Join(got, "\n") != strings.Join(before, "\n") {
				t.Fatalf("%s of the stale record removed the live pod's rules:\nbefore %v\nafter  %v", how, before, got)
			}
			if got := e.hostRoutes(); strings.Join(got, "\n") != strings.Join(routes, "\n") {
				t.Fatalf("%s of the stale record removed the live pod's host routes:\nbefore %v\nafter  %v", how, routes, got)
			}
			if err := e.plugin.check(context.Background(), p.args(stdin)); err != nil {
				t.Fatalf("CHECK of the live pod: %v", err)
			}
			e.del(p, stdin)
			e.requireClean()
		})
	}
}
