package plugin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/localapi"
)

const statusConflist = `{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","backend":"iptables","excludeCIDRs":["10.0.0.0/8"],"capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}},
 {"type":"iproute","layout":"fwmark","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}}]}`

// fakeRouter answers every lookup from table 100, recording the queries.
type fakeRouter struct{ queries []inspect.RouteQuery }

func (f *fakeRouter) RouteGet(q inspect.RouteQuery) (inspect.RouteAnswer, error) {
	f.queries = append(f.queries, q)
	if q.Dst.String() == "198.51.100.66" {
		return inspect.RouteAnswer{}, errors.New("permission denied (a prohibit route)")
	}
	return inspect.RouteAnswer{Table: 100, Type: "unicast", Dev: "uplink", Gateway: "192.0.2.254", Iif: "vethpod"}, nil
}

// fakeIPTables lists a pod chain with counters.
type fakeIPTables struct{ listing string }

func (f *fakeIPTables) Run(_ context.Context, _ string, name string, args ...string) (string, error) {
	if name != "iptables" {
		return "", fmt.Errorf("unexpected %s %v", name, args)
	}
	return f.listing, nil
}

type statusEnv struct {
	p        *Plugin
	router   *fakeRouter
	ipt      *fakeIPTables
	conflist string
	cfgPath  string
}

// statusPlugin is a plugin with a chain and a cache but no kernel: the
// pods are put in its table and the cache by hand, as RunPodSandbox and
// libcni would have.
func statusPlugin(t *testing.T) *statusEnv { t.Helper(); return statusPluginWith(t, statusConflist) }

// statusPluginWith is statusPlugin with another chain.
func statusPluginWith(t testing.TB, chain string) *statusEnv {
	t.Helper()
	dir := t.TempDir()
	conflist := filepath.Join(dir, "chain.conflist")
	if err := os.WriteFile(conflist, []byte(chain), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`chain: {conflist: %s, cacheDir: %s}
namespaces:
  - namespaces: [team-a]
    allow:
      masq: {externals: ["203.0.113.10:5000-5999"], destinations: ["198.51.100.0/24"]}
      routeTable: {tables: [100]}
`, conflist, filepath.Join(dir, "cache"))
	env := &statusEnv{router: &fakeRouter{}, ipt: &fakeIPTables{}, conflist: chain, cfgPath: filepath.Join(dir, "config.yaml")}
	if err := os.WriteFile(env.cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p := quietPlugin(t, cfg)
	p.opts.Router, p.opts.CommandRunner = env.router, env.ipt
	env.p = p
	if p.conf.Load().Runner == nil {
		t.Fatalf("chain not loaded: %v", p.conf.Load().RunnerErr)
	}
	return env
}

// add records a pod, and its cached attachment when args is not nil.
func (env *statusEnv) add(t testing.TB, e podEntry, args string) {
	t.Helper()
	env.p.pods.Upsert(&e)
	if args == "" {
		return
	}
	var capArgs map[string]any
	if err := json.Unmarshal([]byte(args), &capArgs); err != nil {
		t.Fatal(err)
	}
	cached, err := json.Marshal(map[string]any{
		"kind": "cniCacheV1", "containerId": e.Pod.ID, "config": []byte(env.conflist), "ifName": "eth0",
		"networkName": "diktyo", "netns": e.Pod.NetNS, "cniArgs": chainrun.CNIArgs(e.Pod), "capabilityArgs": capArgs,
	})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(env.p.Config().Chain.CacheDir, "results", "diktyo-"+e.Pod.ID+"-eth0")
	if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, cached, 0o600); err != nil {
		t.Fatal(err)
	}
}

const webMasq = `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp","description":"partner -c 999 999"}]`

func webPod() podEntry {
	return podEntry{
		Pod:         chainrun.Pod{ID: "sb-web", Namespace: "team-a", Name: "web-1", UID: "u1", NetNS: "/var/run/netns/x", IPs: []string{"100.64.0.5"}},
		Annotations: map[string]string{"diktyo.io/v1.masq": webMasq, "diktyo.io/v1.route-table": "100"},
		Chain:       chainApplied,
	}
}

const webArgs = `{"ips":["100.64.0.5"],"masqEntries":` + webMasq + `,"policyRouting":{"table":100}}`

func TestPodsStatus(t *testing.T) {
	env := statusPlugin(t)
	env.add(t, webPod(), webArgs)
	env.add(t, podEntry{Pod: chainrun.Pod{ID: "sb-plain", Namespace: "team-a", Name: "plain", NetNS: "/x", IPs: []string{"100.64.0.6"}}}, "")
	env.add(t, podEntry{Pod: chainrun.Pod{ID: "sb-denied", Namespace: "team-b", Name: "greedy", NetNS: "/x"},
		Annotations: map[string]string{"diktyo.io/v1.route-table": "100"}, Life: lifeRejected}, "")
	env.add(t, podEntry{Pod: chainrun.Pod{ID: "sb-later", Namespace: "team-b", Name: "later", NetNS: "/x"},
		Annotations: map[string]string{"diktyo.io/v1.route-table": "100"}}, "")
	env.add(t, podEntry{Pod: chainrun.Pod{ID: "sb-broken", Namespace: "team-a", Name: "broken", NetNS: "/x"},
		Annotations: map[string]string{"diktyo.io/v1.route-table": "100"}, LastErr: "chain ADD: boom"}, "")

	byName := map[string]localapi.PodStatus{}
	for _, s := range env.p.Pods(context.Background(), false) {
		byName[s.Namespace+"/"+s.Name] = s
	}
	for name, want := range map[string]string{"team-a/web-1": "applied", "team-a/plain": "none", "team-b/greedy": "rejected",
		"team-b/later": "invalid", "team-a/broken": "failed"} {
		if got := byName[name].State; got != want {
			t.Errorf("%s: state %q, want %q", name, got, want)
		}
	}
	if s := byName["team-b/later"]; !strings.Contains(s.PolicyError, "not allowed") {
		t.Errorf("denied pod's policy error: %q", s.PolicyError)
	}
	if s := byName["team-a/broken"]; s.LastError != "chain ADD: boom" {
		t.Errorf("last error %q", s.LastError)
	}
	web := byName["team-a/web-1"]
	if web.Policy["policyRouting"] == nil || web.Policy["masqEntries"] == nil {
		t.Errorf("policy %v", web.Policy)
	}
	a := web.Attachment
	if a == nil || a.SNAT == nil || a.Routes == nil {
		t.Fatalf("attachment %+v", a)
	}
	if want := cniutil.OwnerID("diktyo", "sb-web", "eth0"); a.Owner != want {
		t.Errorf("owner %q, want %q", a.Owner, want)
	}
	// ipmasq's order: the node exclusion, then the pod's entry.
	if len(a.SNAT.Rules) != 2 || a.SNAT.Rules[0].Action != "return" || a.SNAT.Rules[1].To != "203.0.113.10:5000-5010" ||
		a.SNAT.Rules[1].Chain != "DKT-"+a.Owner || a.SNAT.Rules[1].Packets != nil {
		t.Errorf("snat rules %+v", a.SNAT.Rules)
	}
	if len(a.Routes.Marks) != 1 || !strings.Contains(a.Routes.Marks[0], "table 100") {
		t.Errorf("routes %+v", a.Routes)
	}
	if byName["team-a/plain"].Attachment != nil {
		t.Error("a pod without cache has an attachment")
	}
}

func TestPodStatusCounters(t *testing.T) {
	env := statusPlugin(t)
	env.add(t, webPod(), webArgs)
	chain := "DKT-" + cniutil.OwnerID("diktyo", "sb-web", "eth0")
	// The pod's description pretends to be counters; the real ones follow.
	env.ipt.listing = "-N " + chain + "\n" +
		"-A " + chain + ` -d 10.0.0.0/8 -m comment --comment "owner=x exclude" -c 4 240 -j RETURN` + "\n" +
		"-A " + chain + ` -d 198.51.100.7/32 -p tcp -m comment --comment "owner=x masqEntries[0] partner -c 999 999" -c 12 3456 -j SNAT --to-source 203.0.113.10:5000-5010` + "\n"
	s, err := env.p.Pod(context.Background(), "team-a", "web-1")
	if err != nil {
		t.Fatal(err)
	}
	r := s.Attachment.SNAT.Rules
	if r[0].Packets == nil || *r[0].Packets != 4 || *r[1].Packets != 12 || *r[1].Bytes != 3456 {
		t.Errorf("counters: %+v %+v (%s)", r[0], r[1], s.Attachment.SNAT.Counters)
	}
	// A chain that differs from the plan: no counters, and why.
	env.ipt.listing = "-A " + chain + " -c 1 1 -j RETURN\n"
	s, _ = env.p.Pod(context.Background(), "team-a", "web-1")
	if s.Attachment.SNAT.Rules[0].Packets != nil || !strings.Contains(s.Attachment.SNAT.Counters, "drift") {
		t.Errorf("drifted chain: %+v %q", s.Attachment.SNAT.Rules[0], s.Attachment.SNAT.Counters)
	}
	if _, err := env.p.Pod(context.Background(), "team-a", "nope"); !errors.Is(err, localapi.ErrNotFound) {
		t.Errorf("unknown pod: %v", err)
	}
}

// A stopped sandbox and its live successor share the name: status and
// trace are about the live one.
func TestPodPrefersTheLiveSandbox(t *testing.T) {
	env := statusPlugin(t)
	old := webPod()
	old.Pod.ID, old.Life, old.Chain = "sb-old", lifeStopped, chainNone
	env.add(t, old, "")
	env.add(t, webPod(), webArgs)
	s, err := env.p.Pod(context.Background(), "team-a", "web-1")
	if err != nil || s.ID != "sb-web" {
		t.Errorf("got %s (%v), want the live sb-web", s.ID, err)
	}
}

func TestTrace(t *testing.T) {
	env := statusPlugin(t)
	env.add(t, webPod(), webArgs)
	ctx := context.Background()
	tr, err := env.p.Trace(ctx, localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7:443"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Protocol != "tcp" || tr.Port != 443 || tr.Source != "100.64.0.5" || tr.PodID != "sb-web" {
		t.Errorf("trace header %+v", tr)
	}
	if tr.SNAT.Rule == nil || tr.SNAT.Rule.Index != 1 || tr.SNAT.Verdict != "snat to 203.0.113.10:5000-5010" {
		t.Errorf("snat %+v", tr.SNAT)
	}
	if tr.Route.Table != 100 || tr.Route.Dev != "uplink" || tr.Route.Iif != "vethpod" {
		t.Errorf("route %+v", tr.Route)
	}
	// iproute's fwmark layout marks the pod: the lookup carries the mark.
	q := env.router.queries[0]
	if q.Src.String() != "100.64.0.5" || q.Dst.String() != "198.51.100.7" || q.Mark == 0 || tr.Route.Mark != q.Mark {
		t.Errorf("route query %+v, trace mark %#x", q, tr.Route.Mark)
	}

	// udp: the tcp entry does not match, nor does anything else.
	tr, err = env.p.Trace(ctx, localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7", Protocol: "udp"})
	if err != nil || tr.SNAT.Rule != nil || !strings.Contains(tr.SNAT.Verdict, "no ipmasq rule matches") {
		t.Errorf("udp: %+v %v", tr.SNAT, err)
	}
	tr, err = env.p.Trace(ctx, localapi.TraceRequest{Pod: "team-a/web-1", Destination: "10.1.2.3:53", Protocol: "UDP"})
	if err != nil || tr.SNAT.Rule == nil || !strings.HasPrefix(tr.SNAT.Verdict, "excluded (10.0.0.0/8)") {
		t.Errorf("excluded: %+v %v", tr.SNAT, err)
	}
	// The kernel's refusal is part of the answer, not a failure.
	tr, err = env.p.Trace(ctx, localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.66"})
	if err != nil || !strings.Contains(tr.Route.Error, "prohibit") {
		t.Errorf("prohibit: %+v %v", tr.Route, err)
	}

	for _, c := range []struct {
		req  localapi.TraceRequest
		is   error
		want string
	}{
		{localapi.TraceRequest{Pod: "web-1", Destination: "198.51.100.7"}, localapi.ErrBadRequest, `pod "web-1": want NAMESPACE/NAME`},
		{localapi.TraceRequest{Pod: "team-a/web-1/x", Destination: "198.51.100.7"}, localapi.ErrBadRequest, "want NAMESPACE/NAME"},
		{localapi.TraceRequest{Pod: "team-a/web-1", Destination: "example.com:443"}, localapi.ErrBadRequest, `destination "example.com:443"`},
		{localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7:0"}, localapi.ErrBadRequest, "port 0"},
		{localapi.TraceRequest{Pod: "team-a/web-1", Destination: "fe80::1%eth0"}, localapi.ErrBadRequest, "no zones"},
		{localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7", Protocol: "icmp"}, localapi.ErrBadRequest, `protocol "icmp"`},
		{localapi.TraceRequest{Pod: "team-a/web-1", Destination: "2001:db8::1"}, localapi.ErrBadRequest, "no IPv6 address"},
		{localapi.TraceRequest{Pod: "team-a/ghost", Destination: "198.51.100.7"}, localapi.ErrNotFound, "no pod team-a/ghost"},
	} {
		_, err := env.p.Trace(ctx, c.req)
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %v containing %q", c.req, err, c.is, c.want)
		}
	}
}
