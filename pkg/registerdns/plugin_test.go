package registerdns_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

const netName = "dnsnet"

// harness runs the built registerDNS binary through libcni, alone in a
// conflist (as diktyo-nri runs the chain: no prevResult, pod addresses in
// runtimeConfig.ips).
type harness struct {
	t     testing.TB
	cni   *libcni.CNIConfig
	list  *libcni.NetworkConfigList
	netns string
}

// newHarness builds a conflist holding plugin (a JSON object, without
// type and capabilities) at cniVersion.
func newHarness(t testing.TB, cniVersion string, plugin map[string]any) *harness {
	t.Helper()
	testutil.RequireRoot(t)
	plugin["type"] = "registerDNS"
	plugin["nodeName"] = testNode
	plugin["capabilities"] = map[string]bool{"dnsNames": true, "ips": true, "metadata": true}
	raw, err := json.Marshal(map[string]any{"cniVersion": cniVersion, "name": netName, "plugins": []any{plugin}})
	if err != nil {
		t.Fatal(err)
	}
	list, err := libcni.ConfListFromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{
		t:     t,
		cni:   libcni.NewCNIConfigWithCacheDir([]string{testutil.PluginDir(t)}, t.TempDir(), nil),
		list:  list,
		netns: testutil.NewNS(t).Path(),
	}
}

// testNode is the nodeName every harness runs as.
const testNode = "node-test"

// pod describes one attachment's runtime inputs.
type pod struct {
	id, name, namespace string
	ips, dnsNames       []string
	metadata            map[string]string
}

func (h *harness) rt(p pod) *libcni.RuntimeConf {
	caps := map[string]any{}
	if p.ips != nil {
		caps["ips"] = p.ips
	}
	if p.dnsNames != nil {
		caps["dnsNames"] = p.dnsNames
	}
	if p.metadata != nil {
		caps["metadata"] = p.metadata
	}
	rt := &libcni.RuntimeConf{ContainerID: p.id, NetNS: h.netns, IfName: "eth0", CapabilityArgs: caps}
	if p.name != "" {
		rt.Args = [][2]string{{"IgnoreUnknown", "1"}, {"K8S_POD_NAME", p.name}, {"K8S_POD_NAMESPACE", p.namespace}, {"K8S_POD_INFRA_CONTAINER_ID", p.id}}
	}
	return rt
}

func (h *harness) ctx() context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	h.t.Cleanup(cancel)
	return c
}

func (h *harness) add(p pod) (types.Result, error) {
	return h.cni.AddNetworkList(h.ctx(), h.list, h.rt(p))
}
func (h *harness) del(p pod) error   { return h.cni.DelNetworkList(h.ctx(), h.list, h.rt(p)) }
func (h *harness) check(p pod) error { return h.cni.CheckNetworkList(h.ctx(), h.list, h.rt(p)) }
func (h *harness) status() error     { return h.cni.GetStatusNetworkList(h.ctx(), h.list) }

func (h *harness) gc(live ...pod) error {
	var valid []types.GCAttachment
	for _, p := range live {
		valid = append(valid, types.GCAttachment{ContainerID: p.id, IfName: "eth0"})
	}
	return h.cni.GCNetworkList(h.ctx(), h.list, &libcni.GCArgs{ValidAttachments: valid})
}

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func mustFail(t *testing.T, what string, err error, contains ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: succeeded, want an error containing %q", what, contains)
	}
	for _, c := range contains {
		if !strings.Contains(err.Error(), c) {
			t.Fatalf("%s: got %v, want an error containing %q", what, err, c)
		}
	}
	t.Logf("%s: %v", what, err)
}

func eq(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

// ---- rfc2136 against a real BIND ----

const (
	zone = "pods.test."
	rev4 = "100.51.198.in-addr.arpa."
	rev6 = "8.b.d.0.1.0.0.2.ip6.arpa."
)

func rfc2136Plugin(srv *dnstest.Server, keyFile string) map[string]any {
	return map[string]any{
		"backend":      "rfc2136",
		"zones":        []string{"pods.test"},
		"reverseZones": []string{rev4, rev6},
		"nameTemplate": "{name}.{namespace}.{zone}",
		"ttl":          15,
		"timeout":      "5s",
		"rfc2136":      map[string]any{"server": srv.Addr, "tsigSecretFile": keyFile},
	}
}

func TestRFC2136Verbs(t *testing.T) {
	for _, v := range []string{"0.3.0", "0.3.1", "0.4.0", "1.0.0", "1.1.0"} {
		t.Run(v, func(t *testing.T) {
			testutil.RequireRoot(t)
			srv := dnstest.StartBind(t, zone, rev4, rev6)
			h := newHarness(t, v, rfc2136Plugin(srv, srv.KeyFile))
			web := pod{id: "c-web", name: "web-0", namespace: "shop", ips: []string{"198.51.100.7/24", "2001:db8::7/64"}, dnsNames: []string{"www"}}

			res, err := h.add(web)
			must(t, "ADD", err)
			eq(t, "A", srv.Values(t, "web-0.shop.pods.test.", dns.TypeA), "198.51.100.7")
			eq(t, "AAAA", srv.Values(t, "web-0.shop.pods.test.", dns.TypeAAAA), "2001:db8::7")
			eq(t, "A www", srv.Values(t, "www.pods.test.", dns.TypeA), "198.51.100.7")
			eq(t, "PTR", srv.Values(t, "7.100.51.198.in-addr.arpa.", dns.TypePTR), "web-0.shop.pods.test.")
			owner := cniutil.OwnerID(netName, "c-web", "eth0")
			eq(t, "owner TXT", srv.Values(t, "www.pods.test.", dns.TypeTXT), "diktyo-owner="+owner+" diktyo-net="+netName+" diktyo-node="+testNode+" diktyo-pod=shop/web-0")
			// The result carries the pod addresses to the next plugin, as
			// hosts (runtimeConfig.ips are taken as hosts).
			cur, err := current.NewResultFromResult(res)
			must(t, "result", err)
			if len(cur.IPs) != 2 || cur.IPs[0].Address.String() != "198.51.100.7/32" {
				t.Fatalf("result IPs: %v", cur.IPs)
			}

			must(t, "second ADD", func() error { _, err := h.add(web); return err }())
			if v != "0.3.0" && v != "0.3.1" {
				must(t, "CHECK", h.check(web))
			}
			if v == "1.1.0" {
				must(t, "STATUS", h.status())
			}

			must(t, "DEL", h.del(web))
			for _, z := range []string{zone, rev4, rev6} {
				eq(t, "names left in "+z, srv.Names(t, z))
			}
			must(t, "second DEL", h.del(web))
			if v != "0.3.0" && v != "0.3.1" {
				mustFail(t, "CHECK after DEL", h.check(web), "missing")
			}
		})
	}
}

// TestRFC2136DelWithoutState: DEL from a runtime that lost everything
// (no cached prevResult, no netns, no ips) still removes the names and,
// through the server's A/AAAA records, the PTRs.
func TestRFC2136DelWithoutState(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	conf := rfc2136Plugin(srv, srv.KeyFile)
	h := newHarness(t, "1.1.0", conf)
	web := pod{id: "c-web", name: "web-0", namespace: "shop", ips: []string{"198.51.100.7", "2001:db8::7"}}
	_, err := h.add(web)
	must(t, "ADD", err)

	fresh := newHarness(t, "1.1.0", rfc2136Plugin(srv, srv.KeyFile)) // empty libcni cache
	fresh.netns = ""
	must(t, "DEL without state", fresh.del(pod{id: "c-web", name: "web-0", namespace: "shop"}))
	for _, z := range []string{zone, rev4, rev6} {
		eq(t, "names left in "+z, srv.Names(t, z))
	}
}

func TestRFC2136OwnerProtection(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	h := newHarness(t, "1.1.0", rfc2136Plugin(srv, srv.KeyFile))
	first := pod{id: "c-1", ips: []string{"198.51.100.1"}, dnsNames: []string{"db"}}
	second := pod{id: "c-2", ips: []string{"198.51.100.2"}, dnsNames: []string{"other", "db"}}
	_, err := h.add(first)
	must(t, "ADD first", err)
	_, err = h.add(second)
	mustFail(t, "ADD second", err, "db.pods.test is already taken", "(attachment "+cniutil.OwnerID(netName, "c-1", "eth0"), "on node "+testNode)
	must(t, "DEL second", h.del(second))
	eq(t, "A", srv.Values(t, "db.pods.test.", dns.TypeA), "198.51.100.1")
	eq(t, "names", srv.Names(t, zone), "db.pods.test.")
	eq(t, "reverse names", srv.Names(t, rev4), "1.100.51.198.in-addr.arpa.")
}

func TestRFC2136GC(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	h := newHarness(t, "1.1.0", rfc2136Plugin(srv, srv.KeyFile))
	var pods []pod
	for i := range 4 {
		p := pod{id: fmt.Sprintf("c-%d", i), name: fmt.Sprintf("p%d", i), namespace: "ns", ips: []string{fmt.Sprintf("198.51.100.%d", 10+i), fmt.Sprintf("2001:db8::%d", 10+i)}}
		_, err := h.add(p)
		must(t, "ADD "+p.id, err)
		pods = append(pods, p)
	}
	must(t, "GC", h.gc(pods[1], pods[3]))
	eq(t, "names", srv.Names(t, zone), "p1.ns.pods.test.", "p3.ns.pods.test.")
	eq(t, "reverse names", srv.Names(t, rev4), "11.100.51.198.in-addr.arpa.", "13.100.51.198.in-addr.arpa.")
	must(t, "CHECK live", h.check(pods[1]))
	must(t, "GC with none valid", h.gc())
	for _, z := range []string{zone, rev4, rev6} {
		eq(t, "names left in "+z, srv.Names(t, z))
	}
}

func TestRFC2136ServerDown(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	h := newHarness(t, "1.1.0", rfc2136Plugin(srv, srv.KeyFile))
	p := pod{id: "c-1", ips: []string{"198.51.100.1"}, dnsNames: []string{"db"}}
	_, err := h.add(p)
	must(t, "ADD", err)
	srv.Stop()
	// DEL never fails the chain because the server is unreachable.
	must(t, "DEL with the server down", h.del(p))
	_, err = h.add(pod{id: "c-2", ips: []string{"198.51.100.2"}, dnsNames: []string{"other"}})
	mustFail(t, "ADD with the server down", err, srv.Addr, "unreachable")
	mustFail(t, "STATUS with the server down", h.status(), "not available")
}

func TestRFC2136BadInput(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	wrong := filepath.Join(t.TempDir(), "wrong.key")
	must(t, "write key", os.WriteFile(wrong, []byte("key \"diktyo-test\" { algorithm hmac-sha256; secret \"d3Jvbmcgc2VjcmV0IHdyb25nIHNlY3JldCB3cm9uZyE=\"; };\n"), 0o600))
	p := pod{id: "c-1", ips: []string{"198.51.100.1"}, dnsNames: []string{"db"}}

	h := newHarness(t, "1.1.0", rfc2136Plugin(srv, wrong))
	_, err := h.add(p)
	mustFail(t, "ADD with a wrong TSIG secret", err, "rejected TSIG key diktyo-test.", "BADSIG")
	if strings.Contains(err.Error(), "d3Jvbmcg") {
		t.Fatalf("error leaks the secret: %v", err)
	}
	must(t, "DEL after the failed ADD", h.del(p))

	h = newHarness(t, "1.1.0", rfc2136Plugin(srv, "/nonexistent/tsig.key"))
	_, err = h.add(p)
	mustFail(t, "ADD with a missing secret file", err, "rfc2136.tsigSecretFile", "/nonexistent/tsig.key")
	must(t, "DEL with a missing secret file", h.del(p))

	h = newHarness(t, "1.1.0", rfc2136Plugin(srv, srv.KeyFile))
	_, err = h.add(pod{id: "c-1", ips: []string{"198.51.100.1"}, dnsNames: []string{"db.example.com."}})
	mustFail(t, "ADD of a name outside the zones", err, `runtimeConfig.dnsNames[0]: name "db.example.com." is outside the configured zones`)
	_, err = h.add(pod{id: "c-1", ips: []string{"198.51.100.1"}, dnsNames: []string{"ok", "in_valid"}})
	mustFail(t, "ADD of an invalid label", err, `runtimeConfig.dnsNames[1]`, `"in_valid"`)
	_, err = h.add(pod{id: "c-1", name: "Web", namespace: "shop", ips: []string{"198.51.100.1"}})
	mustFail(t, "ADD of an invalid pod name", err, "nameTemplate", "pod shop/Web", `label "Web"`)
	for _, z := range []string{zone, rev4} {
		eq(t, "names left in "+z, srv.Names(t, z))
	}
}

// ---- hosts backend ----

func hostsPlugin(file string) map[string]any {
	return map[string]any{"zones": []string{"pods.test"}, "nameTemplate": "{name}.{namespace}.{zone}", "timeout": "10s", "hosts": map[string]any{"file": file}}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

func TestHostsVerbs(t *testing.T) {
	for _, v := range []string{"0.3.0", "0.4.0", "1.0.0", "1.1.0"} {
		t.Run(v, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "dns", "hosts")
			h := newHarness(t, v, hostsPlugin(file))
			web := pod{id: "c-web", name: "web-0", namespace: "shop", ips: []string{"198.51.100.7/24", "2001:db8::7/64"}, dnsNames: []string{"www"}}
			_, err := h.add(web)
			must(t, "ADD", err)
			own := "# diktyo-owner=" + cniutil.OwnerID(netName, "c-web", "eth0") + " diktyo-net=" + netName + " diktyo-node=" + testNode + " diktyo-pod=shop/web-0"
			want := []string{
				"198.51.100.7\tweb-0.shop.pods.test www.pods.test " + own,
				"2001:db8::7\tweb-0.shop.pods.test www.pods.test " + own,
			}
			eq(t, "hosts", readLines(t, file), want...)
			_, err = h.add(web)
			must(t, "second ADD", err)
			eq(t, "hosts after second ADD", readLines(t, file), want...)
			if v != "0.3.0" {
				must(t, "CHECK", h.check(web))
			}
			must(t, "DEL", h.del(web))
			eq(t, "hosts after DEL", readLines(t, file))
			must(t, "second DEL", h.del(web))
			if v != "0.3.0" {
				mustFail(t, "CHECK after DEL", h.check(web), "missing line")
			}
		})
	}
}

func TestHostsOwnerAndGC(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	// A line written by someone else stays, and its names are taken.
	must(t, "seed", os.WriteFile(file, []byte("# static\n192.0.2.1 gw.pods.test\n"), 0o644))
	h := newHarness(t, "1.1.0", hostsPlugin(file))
	_, err := h.add(pod{id: "c-0", ips: []string{"198.51.100.9"}, dnsNames: []string{"gw"}})
	mustFail(t, "ADD over a foreign line", err, "gw.pods.test is already taken", "not written by diktyo")

	a := pod{id: "c-a", ips: []string{"198.51.100.1"}, dnsNames: []string{"a"}}
	b := pod{id: "c-b", ips: []string{"198.51.100.2"}, dnsNames: []string{"b"}}
	for _, p := range []pod{a, b} {
		_, err := h.add(p)
		must(t, "ADD "+p.id, err)
	}
	_, err = h.add(pod{id: "c-c", ips: []string{"198.51.100.3"}, dnsNames: []string{"a"}})
	mustFail(t, "ADD of a taken name", err, "a.pods.test is already taken", "(attachment "+cniutil.OwnerID(netName, "c-a", "eth0"))
	must(t, "DEL of another pod", h.del(pod{id: "c-c", dnsNames: []string{"a"}}))
	must(t, "GC", h.gc(b))
	got := readLines(t, file)
	if len(got) != 3 || !slices.Contains(got, "# static") || !slices.Contains(got, "192.0.2.1 gw.pods.test") || !strings.HasPrefix(got[2], "198.51.100.2\tb.pods.test #") {
		t.Fatalf("after GC: %q", got)
	}
	must(t, "STATUS", h.status())
}

// TestHostsConcurrentProcesses runs 20 plugin processes at once, half
// of them removing what they added, and checks the file holds exactly the
// live pods' lines.
func TestHostsConcurrentProcesses(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	h := newHarness(t, "1.1.0", hostsPlugin(file))
	const n = 20
	errs := make(chan error, n)
	for i := range n {
		go func() {
			p := pod{id: fmt.Sprintf("c-%02d", i), name: fmt.Sprintf("p%02d", i), namespace: "ns", ips: []string{fmt.Sprintf("198.51.100.%d", i+1)}}
			if _, err := h.add(p); err != nil {
				errs <- fmt.Errorf("ADD %s: %w", p.id, err)
				return
			}
			if i%2 == 1 {
				if err := h.del(p); err != nil {
					errs <- fmt.Errorf("DEL %s: %w", p.id, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for range n {
		must(t, "concurrent plugin run", <-errs)
	}
	var want []string
	for i := 0; i < n; i += 2 {
		want = append(want, fmt.Sprintf("198.51.100.%d\tp%02d.ns.pods.test # diktyo-owner=%s diktyo-net=%s diktyo-node=%s diktyo-pod=ns/p%02d", i+1, i, cniutil.OwnerID(netName, fmt.Sprintf("c-%02d", i), "eth0"), netName, testNode, i))
	}
	eq(t, "hosts", readLines(t, file), want...)
	if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".hosts.tmp-*")); len(tmps) > 0 {
		t.Fatalf("temp files left: %v", tmps)
	}
}

// ---- exec backend ----

// TestExecBackend runs a script standing in for consul-cli and checks the
// exact argv of each call.
func TestExecBackend(t *testing.T) {
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	script := filepath.Join(dir, "fake-consul-cli")
	must(t, "script", os.WriteFile(script, []byte("#!/bin/sh\n{ for a in \"$@\"; do printf '%s|' \"$a\"; done; echo; } >> "+calls+"\n"), 0o755))
	// The original Diktyo config, unchanged.
	h := newHarness(t, "0.3.1", map[string]any{"plugin": script, "app_id_key": "app_id"})
	p := pod{id: "c-exec", ips: []string{"2001:db8::5", "198.51.100.5"}, metadata: map[string]string{"app_id": "shop-web"}}
	_, err := h.add(p)
	must(t, "ADD", err)
	must(t, "DEL", h.del(p))
	// A pod without an app ID registers nothing.
	_, err = h.add(pod{id: "c-none", ips: []string{"198.51.100.6"}})
	must(t, "ADD without app id", err)
	got := readLines(t, calls)
	want := []string{"service|deregister|c-exec|", "service|register|shop-web|--id=c-exec|--address=198.51.100.5|"}
	if !slices.Equal(got, want) {
		t.Fatalf("calls:\n%q\nwant:\n%q", got, want)
	}
}

func TestExecBackendFailures(t *testing.T) {
	dir := t.TempDir()
	failing := filepath.Join(dir, "failing")
	must(t, "script", os.WriteFile(failing, []byte("#!/bin/sh\necho 'consul: connection refused' >&2\nexit 3\n"), 0o755))
	slow := filepath.Join(dir, "slow")
	must(t, "script", os.WriteFile(slow, []byte("#!/bin/sh\nsleep 30\n"), 0o755))
	p := pod{id: "c-1", ips: []string{"198.51.100.5"}, metadata: map[string]string{"app": "a"}}

	h := newHarness(t, "1.1.0", map[string]any{"backend": "exec", "plugin": failing, "app_id_key": "app"})
	_, err := h.add(p)
	mustFail(t, "ADD with a failing registry", err, "service register a --id=c-1 --address=198.51.100.5", "exit status 3", "connection refused")
	must(t, "DEL with a failing registry", h.del(p))

	h = newHarness(t, "1.1.0", map[string]any{"backend": "exec", "plugin": slow, "app_id_key": "app", "timeout": "200ms"})
	_, err = h.add(p)
	mustFail(t, "ADD with a hanging registry", err, "timed out after 200ms")

	h = newHarness(t, "1.1.0", map[string]any{"backend": "exec", "plugin": filepath.Join(dir, "absent"), "app_id_key": "app"})
	mustFail(t, "STATUS with no binary", h.status(), "not available")
}
