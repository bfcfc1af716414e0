package plugin_test

// Hostile pods and faults against the real chain (kernel, hosts file,
// BIND9), driven through NRI over a real socket: each test here failed
// before the fix it names (issue "Hostile pods and faults").

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestPodCannotClaimAddresses: the addresses diktyo acts on are the
// runtime's, fixed at the first ADD; what a pod with NET_ADMIN puts on its
// own eth0 is never read, and no pod gets another live pod's address or a
// network ("/0") as its own.
func TestPodCannotClaimAddresses(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	victim := e.pod("victim", "team-a", "198.51.100.60", policyAnnotations("victim"))
	if err := e.run(victim); err != nil {
		t.Fatal(err)
	}
	e.requireApplied("198.51.100.60", "victim.team-a."+testZone)
	before := e.hostState()

	// A runtime that sends no IPs: the attacker's eth0 holds the victim's
	// address, and diktyo refuses rather than read it.
	thief := e.pod("thief", "team-a", "198.51.100.61", policyAnnotations("thief"))
	podNS := thief.Linux.Namespaces[0].Path
	testutil.Run(t, nil, "nsenter", "--net="+podNS, "ip", "addr", "add", "198.51.100.60/32", "dev", "eth0")
	thief.Ips = nil
	if err := e.run(thief); err == nil || !strings.Contains(err.Error(), "sent no pod IPs") {
		t.Fatalf("pod without runtime IPs: %v", err)
	}
	e.stop(thief)
	e.remove(thief)
	// A runtime (or CNI) that hands out a live pod's address, or a network.
	for ips, want := range map[string]string{
		"198.51.100.60": "held by live pod team-a/victim",
		"1.2.3.4/0":     "prefix length 0",
	} {
		other := e.pod("other", "team-a", "198.51.100.62", policyAnnotations("other"))
		other.Ips = []string{ips}
		if err := e.run(other); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("pod with IPs %s: error %v, want %q", ips, err, want)
		}
		e.stop(other)
		e.remove(other)
	}
	if after := e.hostState(); stripComments(after) != stripComments(before) {
		t.Fatalf("refused pods changed the host:\nbefore:\n%s\nafter:\n%s", before, after)
	}

	// After a restart the runtime's description lacks IPs (as before
	// containerd 2.1) and the victim put another address on its eth0:
	// reconcile keeps the first ADD's address and adds nothing else.
	stop()
	testutil.Run(t, nil, "nsenter", "--net="+victim.Linux.Namespaces[0].Path, "ip", "addr", "add", "198.51.100.63/32", "dev", "eth0")
	e.mu.Lock()
	e.pods[victim.Id].Ips = nil
	e.mu.Unlock()
	e.startPlugin()
	e.requireApplied("198.51.100.60", "victim.team-a."+testZone)
	if s := e.hostState(); strings.Contains(s, "198.51.100.63") || strings.Contains(s, "0.0.0.0/0 lookup main") {
		t.Fatalf("reconcile acted on an address the pod put on itself:\n%s", s)
	}
	e.stop(victim)
	e.remove(victim)
	e.requireGone("198.51.100.6")
}

// TestBrokenConflistReloadKeepsChain: a reload whose conflist is broken is
// refused as a whole and counted; the chain in force stays, so Stop still
// runs DEL.
func TestBrokenConflistReloadKeepsChain(t *testing.T) {
	e := newEnv(t, "fail")
	p, _ := e.startPlugin()
	pod := e.pod("web", "team-a", "198.51.100.70", policyAnnotations("web"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	e.write(e.conflist, `{"cniVersion":"1.1.0","name":"diktyo","plugins":[`)
	waitFor(t, "broken conflist refused", func() bool {
		return counterWith(t, p, "diktyo_config_reloads_total", "result", "error") > 0
	})
	e.requireApplied("198.51.100.70", "web.team-a."+testZone)
	e.stop(pod)
	e.remove(pod)
	e.requireGone("198.51.100.70")
}

// TestSandboxEndNoticed: a sandbox whose pause process exits loses its
// state within moments although containerd sends no Stop or Remove (as
// after its own restart, containerd#8426).
func TestSandboxEndNoticed(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	pod := e.pod("web", "team-a", "198.51.100.75", policyAnnotations("web"))
	pause, waited := inPodNetns(t, pod)
	pod.Pid = uint32(pause.Process.Pid)
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	e.requireApplied("198.51.100.75", "web.team-a."+testZone)
	_ = pause.Process.Kill()
	<-waited
	start := time.Now()
	waitFor(t, "state of the ended sandbox removed", func() bool {
		return !strings.Contains(e.hostState(), "198.51.100.75")
	})
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("state removed %v after the sandbox ended, want about a second", d)
	}
}

// TestDNSOutageKeepsPolicy: with the DNS server down, reconcile's CHECK
// of a running pod finds its record missing at registerDNS, and the
// repair keeps the pod's SNAT and routes (it used to DEL the whole
// chain); it is counted per plugin, the update waits behind the answer
// (diktyo-nri sends rfc2136 updates behind it) and is retried, and the
// record comes back with the server.
func TestDNSOutageKeepsPolicy(t *testing.T) {
	e := newEnv(t, "fail")
	srv := dnstest.StartBindIn(t, e.host.Path(), testZone)
	e.write(e.conflist, fmt.Sprintf(`{
  "cniVersion": "1.1.0", "name": "diktyo",
  "plugins": [
    {"type": "ipmasq", "backend": "iptables", "tag": "DKTDNS%s",
     "capabilities": {"ips": true, "masqEntries": true, "snatPolicy": true}},
    {"type": "iproute", "stateDir": %q,
     "capabilities": {"ips": true, "routeEntries": true, "policyRouting": true}},
    {"type": "registerDNS", "backend": "rfc2136", "zones": [%q], "timeout": "300ms",
     "rfc2136": {"server": %q, "tsigSecretFile": %q},
     "capabilities": {"ips": true, "dnsNames": true}}
  ]
}`, strings.ToUpper(testutil.RandSuffix(4)), e.dir+"/iproute", testZone, srv.Addr, srv.KeyFile))
	p, _ := e.startPlugin()
	pod := e.pod("web", "team-a", "198.51.100.80", policyAnnotations("web"))
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	name := "web.team-a." + testZone + "."
	waitFor(t, "the A record sent behind the answer", func() bool {
		got := srv.Values(t, name, dns.TypeA)
		return len(got) == 1 && got[0] == "198.51.100.80"
	})
	// The record is lost, then the server goes down.
	deleteName(t, srv, name)
	srv.Stop()
	p.Reconcile(context.Background(), "test")
	s := e.hostState()
	if !strings.Contains(s, "-s 198.51.100.80/32") || !strings.Contains(s, "from 198.51.100.80 lookup 100") {
		t.Fatalf("a DNS outage removed the pod's SNAT or routes:\n%s", s)
	}
	if got := counterWith(t, p, "diktyo_drift_total", "plugin", "registerDNS"); got < 1 {
		t.Errorf("drift by registerDNS = %v, want >= 1", got)
	}
	srv.Restart(t)
	waitFor(t, "the record back after the server returned", func() bool {
		got := srv.Values(t, name, dns.TypeA)
		return len(got) == 1 && got[0] == "198.51.100.80"
	})
	e.stop(pod)
	e.remove(pod)
	e.requireGone("198.51.100.80")
}

// deleteName removes every record of name with a signed update, as an
// operator's mistake or a lost zone would.
func deleteName(t *testing.T, srv *dnstest.Server, name string) {
	t.Helper()
	m := new(dns.Msg)
	m.SetUpdate(dns.Fqdn(testZone))
	m.RemoveName([]dns.RR{&dns.ANY{Hdr: dns.RR_Header{Name: name, Rrtype: dns.TypeANY, Class: dns.ClassANY}}})
	r, err := srv.ExchangeSigned(m)
	if err != nil || r.Rcode != dns.RcodeSuccess {
		t.Fatalf("deleting %s: %v %v", name, r, err)
	}
}

// TestRenamedNetworkMigrates: renaming the conflist's network neither
// orphans attachments made under the old name nor leaves a running pod
// without policy: reconcile migrates it, and a pod removed meanwhile is
// torn down by GC.
func TestRenamedNetworkMigrates(t *testing.T) {
	e := newEnv(t, "fail")
	_, stop := e.startPlugin()
	keep := e.pod("keep", "team-a", "198.51.100.85", policyAnnotations("keep"))
	gone := e.pod("gone", "team-a", "198.51.100.86", policyAnnotations("gone"))
	for _, pod := range []*nriapi.PodSandbox{keep, gone} {
		if err := e.run(pod); err != nil {
			t.Fatal(err)
		}
	}
	stop()
	e.mu.Lock()
	delete(e.pods, gone.Id)
	e.mu.Unlock()
	conflist, err := os.ReadFile(e.conflist)
	if err != nil {
		t.Fatal(err)
	}
	e.write(e.conflist, strings.Replace(string(conflist), `"name": "diktyo"`, `"name": "diktyo-renamed"`, 1))
	e.startPlugin()
	e.requireApplied("198.51.100.85", "keep.team-a."+testZone)
	e.requireGone("198.51.100.86")
	if e.cached(keep.Id) {
		t.Error("keep's attachment under the old name is still cached")
	}
	e.stop(keep)
	e.remove(keep)
	e.requireGone("198.51.100.8")
}

// TestFailClosedCreateContainer: with failClosed, a container of a pod
// whose RunPodSandbox never reached diktyo-nri gets its pod's policy
// applied before it is created, and a container whose pod's policy cannot
// be applied is refused with an error naming diktyo.
func TestFailClosedCreateContainer(t *testing.T) {
	e := newEnv(t, "fail")
	e.appendConfig("failClosed: true\n")
	p, _ := e.startPlugin()
	create := func(pod *nriapi.PodSandbox) error {
		_, err := e.runtime.CreateContainer(context.Background(), &adaptation.CreateContainerRequest{
			Pod: pod, Container: &nriapi.Container{Id: "ctr-" + pod.Id, PodSandboxId: pod.Id, Name: "app"}})
		return err
	}
	// RunPodSandbox was missed (diktyo-nri was down): applied now.
	missed := e.pod("missed", "team-a", "198.51.100.90", policyAnnotations("missed"))
	if err := create(missed); err != nil {
		t.Fatalf("CreateContainer of a pod with a valid policy: %v", err)
	}
	e.requireApplied("198.51.100.90", "missed.team-a."+testZone)
	// A policy that cannot be applied (the DNS name is another pod's):
	// the container is refused.
	clash := e.pod("clash", "team-a", "198.51.100.91", policyAnnotations("missed"))
	err := create(clash)
	if err == nil || !strings.Contains(err.Error(), "diktyo") || !strings.Contains(err.Error(), "not applied") {
		t.Fatalf("CreateContainer of a pod whose policy fails: %v", err)
	}
	if got := counterWith(t, p, "diktyo_failures_total", "reason", "policy_not_applied"); got != 1 {
		t.Errorf("refused containers counted %v, want 1", got)
	}
	// Pods without policy are never held up.
	plain := e.pod("plain", "team-a", "198.51.100.92", nil)
	if err := create(plain); err != nil {
		t.Fatalf("CreateContainer of a pod without policy: %v", err)
	}
	for _, pod := range []*nriapi.PodSandbox{missed, clash, plain} {
		e.stop(pod)
		e.remove(pod)
	}
	e.requireGone("198.51.100.9")
}

// stripComments drops iptables-save's timestamped comment lines.
func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "# ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestPauseDeathKeepsRunningPod: the pause process dies while another
// process (an app container) still lives in the pod's netns: the pod keeps
// its policy until StopPodSandbox; its traffic still needs it.
func TestPauseDeathKeepsRunningPod(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	pod := e.pod("web", "team-a", "198.51.100.76", policyAnnotations("web"))
	pause, pauseDone := inPodNetns(t, pod)
	inPodNetns(t, pod) // the app
	pod.Pid = uint32(pause.Process.Pid)
	if err := e.run(pod); err != nil {
		t.Fatal(err)
	}
	_ = pause.Process.Kill()
	<-pauseDone
	time.Sleep(500 * time.Millisecond) // the watch has seen the exit by now
	e.requireApplied("198.51.100.76", "web.team-a."+testZone)
	e.stop(pod)
	e.remove(pod)
	e.requireGone("198.51.100.76")
}

// inPodNetns starts a long sleep inside the pod's netns (a stand-in for its
// pause process or an app) and returns it with a channel closed when it
// has exited; it is killed at cleanup.
func inPodNetns(t *testing.T, pod *nriapi.PodSandbox) (*exec.Cmd, <-chan struct{}) {
	t.Helper()
	c := exec.Command("nsenter", "--net="+pod.Linux.Namespaces[0].Path, "sleep", "300")
	done, err := testutil.StartTied(c, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Process.Kill(); <-done })
	// nsenter execs sleep in place: the pid is the process in the netns.
	waitFor(t, "process in the pod's netns", func() bool {
		link, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", c.Process.Pid))
		return strings.HasSuffix(link, "sleep")
	})
	return c, done
}

// TestInjectedPodIdentityRefused: a pod whose name, namespace or UID
// would add keys to CNI_ARGS (a pod named
// "web;DIKTYO_POD_CONTINUES=true;K8S_POD_NAMESPACE=kube-system") is
// refused before anything is built, with an error naming the field, and
// the node is unchanged.
func TestInjectedPodIdentityRefused(t *testing.T) {
	e := newEnv(t, "fail")
	e.startPlugin()
	before := e.hostState()
	for i, tc := range []struct{ field, name, ns, uid string }{
		{"pod name", "web;DIKTYO_POD_CONTINUES=true;K8S_POD_NAMESPACE=kube-system", "team-a", "u1"},
		{"pod UID", "web", "team-a", "u1;K8S_POD_NAME=other"},
	} {
		pod := e.pod("x", tc.ns, fmt.Sprintf("198.51.100.%d", 180+i), policyAnnotations("web"))
		pod.Name, pod.Uid = tc.name, tc.uid
		err := e.run(pod)
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s %q: RunPodSandbox = %v, want refused naming the %s", tc.field, tc.name+tc.uid, err, tc.field)
		}
		e.stop(pod)
		e.remove(pod)
	}
	if after := e.hostState(); stripComments(after) != stripComments(before) {
		t.Errorf("refused pods changed the host:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}
