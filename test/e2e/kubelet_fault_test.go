package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Faults under the kubelet (TestKubelet's subtests "containerd restart",
// "kill", "nri unreachable"): diktyo-nri is the static pod rendered from
// deploy/, so what they check holds for the manifests we ship (hostPID
// included), not only for a diktyo-nri run on the host.

// nriContainer returns the running diktyo-nri container of the static pod
// and the host pid of its process (diktyo-nri itself: the image's
// entrypoint).
func (k *kubeletNode) nriContainer(t *testing.T) (string, int) {
	t.Helper()
	ids := strings.Fields(k.vm.mustCrictl(t, "ps", "-q", "--name", "^diktyo-nri$", "--state", "running"))
	if len(ids) != 1 {
		t.Fatalf("want one running diktyo-nri container, got %v", ids)
	}
	return ids[0], k.vm.inspectPid(t, "inspect", ids[0])
}

// inspectPid is the info.pid of crictl inspect (a container) or inspectp
// (a sandbox: its pause process).
func (v *testVM) inspectPid(t *testing.T, verb, id string) int {
	t.Helper()
	var st struct {
		Info struct {
			Pid int `json:"pid"`
		} `json:"info"`
	}
	out := v.mustCrictl(t, verb, "-o", "json", id)
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Info.Pid == 0 {
		t.Fatalf("crictl %s %s: no pid (%v)", verb, id, err)
	}
	return st.Info.Pid
}

// nriLog is what container id (a diktyo-nri) logged so far.
func (k *kubeletNode) nriLog(t *testing.T, id string) string {
	t.Helper()
	cmd := exec.Command(k.vm.bin("crictl"), "logs", id)
	cmd.Env = append(os.Environ(), "CONTAINER_RUNTIME_ENDPOINT=unix://"+k.vm.env["DIKTYO_TESTVM_SOCKET"],
		"CRI_CONFIG_FILE="+k.vm.bin("crictl.yaml"))
	out, _ := cmd.CombinedOutput() // a container just gone has no log: empty
	return string(out)
}

func (k *kubeletNode) nriLogCount(t *testing.T, id, re string) int {
	t.Helper()
	return len(regexp.MustCompile(re).FindAllStringIndex(k.nriLog(t, id), -1))
}

// dumpNRILog logs the last lines of container id's log.
func (k *kubeletNode) dumpNRILog(t *testing.T, id string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(k.nriLog(t, id)), "\n")
	if len(lines) > 40 {
		lines = lines[len(lines)-40:]
	}
	t.Logf("diktyo-nri container %s log (last %d lines):\n%s", id, len(lines), strings.Join(lines, "\n"))
}

const logSynced = `msg=reconciled trigger=Synchronize`

// waitNRISynced waits until diktyo-nri container id has logged more than
// before Synchronize reconciles.
func (k *kubeletNode) waitNRISynced(t *testing.T, id string, before int, timeout time.Duration) {
	t.Helper()
	if !eventually(timeout, func() bool { return k.nriLogCount(t, id, logSynced) > before }) {
		k.dumpNRILog(t, id)
		t.Fatalf("diktyo-nri container %s did not synchronize with containerd within %s", id, timeout)
	}
}

// killNRI ends the static pod's diktyo-nri with SIGKILL, as a crash or the
// OOM killer would, and returns the container it was.
func (k *kubeletNode) killNRI(t *testing.T) string {
	t.Helper()
	id, pid := k.nriContainer(t)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill -9 diktyo-nri (pid %d): %v", pid, err)
	}
	waitFor(t, 10*time.Second, "diktyo-nri to die", func() bool { return !alive(pid) })
	return id
}

// waitNRIRestarted waits for the kubelet to run a diktyo-nri container
// other than old (crash-loop backoff: 0 s, then 10 s, 20 s, ...) and
// returns it.
func (k *kubeletNode) waitNRIRestarted(t *testing.T, old string) string {
	t.Helper()
	var id string
	waitFor(t, 90*time.Second, "the kubelet to restart diktyo-nri", func() bool {
		ids := strings.Fields(k.vm.mustCrictl(t, "ps", "-q", "--name", "^diktyo-nri$", "--state", "running"))
		if len(ids) == 1 && ids[0] != old {
			id = ids[0]
			return true
		}
		return false
	})
	return id
}

// waitStopped waits for the kubelet to have stopped every sandbox of the
// static pod name (after its manifest went).
func (k *kubeletNode) waitStopped(t *testing.T, p *pod) {
	t.Helper()
	waitFor(t, 90*time.Second, "the kubelet to stop pod "+p.Name, func() bool {
		for _, ps := range k.vm.podStates(t, p.Name, p.Namespace) {
			if ps.State == "SANDBOX_READY" {
				return false
			}
		}
		return true
	})
}

// podStatus asks the static pod's diktyo-nri for one pod through its local
// API (the socket is on the run-state hostPath).
func (k *kubeletNode) podStatus(t *testing.T, p *pod) localapi.PodStatus {
	t.Helper()
	sock := filepath.Join(k.vm.dir("run"), "diktyo", "diktyo-nri.sock")
	var out bytes.Buffer
	cmd := exec.Command(k.vm.bin("diktyo-nri"), "status", p.Namespace+"/"+p.Name, "--api-socket", sock, "-o", "json")
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("diktyo-nri status %s/%s: %v", p.Namespace, p.Name, err)
	}
	var s localapi.PodStatus
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatalf("diktyo-nri status: %v\n%s", err, out.String())
	}
	return s
}

// leftovers lists what diktyo made for p that is still on the node: nat
// rules, policy rules, host routes, DNS records (forward and reverse),
// libcni cache entries. Empty: nothing.
func leftovers(t *testing.T, p *pod) []string {
	t.Helper()
	var out []string
	for _, r := range p.natRules(t) {
		out = append(out, "nat: "+r)
	}
	for _, r := range p.ipRules(t) {
		out = append(out, "rule: "+r)
	}
	for _, r := range p.hostRoutes(t) {
		out = append(out, "route: "+r)
	}
	if got := p.vm.lookup(t, p.dnsName(), dns.TypeA); len(got) > 0 {
		out = append(out, fmt.Sprintf("dns: %s A %v", p.dnsName(), got))
	}
	if got := p.vm.lookup(t, reverseName(p.IP), dns.TypePTR); len(got) > 0 {
		out = append(out, fmt.Sprintf("dns: PTR %s %v", p.IP, got))
	}
	for _, c := range p.cacheEntries(t) {
		out = append(out, "cache: "+c)
	}
	return out
}

// policyMissing says what of its policy p lacks (nat rule to ext, policy
// rule, DNS records, cache entry); empty: all there.
func policyMissing(t *testing.T, p *pod, ext string) []string {
	t.Helper()
	var out []string
	rules := p.natRules(t)
	if !strings.Contains(strings.Join(rules, "\n"), "to-source "+ext) && !strings.Contains(strings.Join(rules, "\n"), " to "+ext) {
		out = append(out, "nat rule to "+ext)
	}
	if len(p.ipRules(t)) == 0 {
		out = append(out, "policy rule")
	}
	if got := p.vm.lookup(t, p.dnsName(), dns.TypeA); len(got) != 1 || got[0] != p.IP {
		out = append(out, fmt.Sprintf("DNS A %s (has %v)", p.dnsName(), got))
	}
	if got := p.vm.lookup(t, reverseName(p.IP), dns.TypePTR); len(got) == 0 {
		out = append(out, "DNS PTR "+p.IP)
	}
	if len(p.cacheEntries(t)) == 0 {
		out = append(out, "cache entry")
	}
	return out
}

// annotated is the policy of the fault tests' pods: SNAT to ext for the
// remote's SNAT destination, host table 100, and the template's DNS name.
func annotated(ext string) map[string]string {
	return map[string]string{
		policy.KeyMasq:       masq(api.MasqEntry{External: ext, Destination: prefix24(dstSNAT), Protocol: "tcp"}),
		policy.KeyRouteTable: testTable,
	}
}

// nextFromIPAM makes the node's IPAM (host-local, hack/testvm.sh) hand out
// addr to the next pod: host-local allocates the address after the last
// one it reserved, so it is told it last reserved the one before addr.
func (k *kubeletNode) nextFromIPAM(t *testing.T, addr string) {
	t.Helper()
	a := netip.MustParseAddr(addr)
	dir := k.vm.dir("cni", "ipam", "diktyo-"+k.vm.env["DIKTYO_TESTVM_BRIDGE"])
	waitFor(t, 30*time.Second, "IPAM to release "+addr, func() bool {
		_, err := os.Stat(filepath.Join(dir, addr))
		return os.IsNotExist(err)
	})
	if err := os.WriteFile(filepath.Join(dir, "last_reserved_ip.0"), []byte(a.Prev().String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// kubeletContainerdRestart: an annotated pod runs with its policy;
// containerd restarts (it then sends no StopPodSandbox or
// RemovePodSandbox for the sandboxes it recovered, containerd#8426); the
// pod's manifest goes. Within 2 s of its sandbox's end (its pause process
// exits) its nat rules, policy rule, DNS records and cache entry are gone:
// diktyo-nri's pidfd watch of the pause process noticed, which needs the
// host PID namespace (hostPID: true; with it missing, the removal waited
// for the periodic reconcile, 30 s here). Then an unannotated pod gets the
// same address: it has no SNAT and its traffic leaves with its own address.
func kubeletContainerdRestart(t *testing.T, k *kubeletNode, ns string) {
	v := k.vm
	nriID, _ := k.nriContainer(t)
	manifest := k.addPod(t, "ctrd", ns, annotated(extA))
	old := k.waitPod(t, "ctrd", ns)
	if miss := policyMissing(t, old, extA); len(miss) > 0 {
		t.Fatalf("pod %s lacks %v before the restart", old.Name, miss)
	}
	if s := k.podStatus(t, old); s.Watch != "pidfd" {
		t.Errorf("diktyo-nri status of pod %s: watch %q, want pidfd (hostPID: true in deploy/?)", old.Name, s.Watch)
	}
	// The static pod's --metrics-addr (hack/kubelet.sh: the node's).
	addr := os.Getenv("DIKTYO_TESTVM_METRICS")
	if addr == "" {
		addr = "127.0.0.1:9797"
	}
	metrics := &nri{metrics: addr}
	if n := metrics.metric(t, "diktyo_sandbox_watch_failures_total", ""); n != 0 {
		t.Errorf("diktyo_sandbox_watch_failures_total = %v, want 0", n)
	}

	synced := k.nriLogCount(t, nriID, logSynced)
	start := time.Now()
	v.restartContainerd(t)
	k.waitNRISynced(t, nriID, synced, 60*time.Second)
	t.Logf("containerd restarted; diktyo-nri (same container) synchronized again after %s", time.Since(start).Round(time.Millisecond))
	if miss := policyMissing(t, old, extA); len(miss) > 0 {
		t.Errorf("pod %s lacks %v after containerd's restart", old.Name, miss)
	}

	// The sandbox is containerd's recovered one now: no NRI event will
	// come for it.
	pause := v.inspectPid(t, "inspectp", old.ID)
	if err := os.Remove(manifest); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 90*time.Second, "pod "+old.Name+"'s pause process to exit", func() bool { return !alive(pause) })
	ended := time.Now()
	var left []string
	gone := eventually(2*time.Second, func() bool { left = leftovers(t, old); return len(left) == 0 })
	took := time.Since(ended)
	if !gone {
		// How long it really took: the periodic reconcile's doing?
		late := eventually(40*time.Second, func() bool { return len(leftovers(t, old)) == 0 })
		k.dumpNRILog(t, nriID)
		t.Fatalf("pod %s (recovered by containerd, then removed): state still there 2 s after its sandbox ended:\n%s\n(gone within 40 s: %v, after %s)",
			old.Name, strings.Join(left, "\n"), late, time.Since(ended).Round(time.Millisecond))
	}
	t.Logf("pod %s's state gone %s after its sandbox ended", old.Name, took.Round(time.Millisecond))
	k.waitStopped(t, old)

	// Its address, to a pod without annotations.
	k.nextFromIPAM(t, old.IP)
	k.addPod(t, "ctrd-next", ns, nil)
	next := k.waitPod(t, "ctrd-next", ns)
	if next.IP != old.IP {
		t.Errorf("pod %s got %s, want the removed pod's %s (IPAM)", next.Name, next.IP, old.IP)
	}
	if r := next.natRules(t); len(r) > 0 {
		t.Errorf("pod %s (%s, no annotations) has nat rules:\n%s", next.Name, next.IP, strings.Join(r, "\n"))
	}
	if r := next.ipRules(t); len(r) > 0 {
		t.Errorf("pod %s (%s, no annotations) has policy rules:\n%s", next.Name, next.IP, strings.Join(r, "\n"))
	}
	if got := v.lookup(t, reverseName(next.IP), dns.TypePTR); len(got) > 0 {
		t.Errorf("PTR of %s (now pod %s) still names %v", next.IP, next.Name, got)
	}
	expectSource(t, next, dstSNAT, next.IP, 0, 0)
}

// kubeletKill: diktyo-nri is killed (SIGKILL) twice while annotated pods
// come and go; the kubelet restarts it. Afterwards every running annotated
// pod has its whole policy and every removed one has nothing left.
func kubeletKill(t *testing.T, k *kubeletNode, ns string) {
	type churnPod struct {
		name, manifest, ext string
		lo, hi              uint16
		p                   *pod
	}
	var pods []*churnPod
	add := func(i int) *churnPod {
		// Ports of their own on one external: an external without
		// ports is one pod's alone (egress claims).
		lo := uint16(23000 + 10*i)
		c := &churnPod{name: fmt.Sprintf("churn-%d", i), lo: lo, hi: lo + 9, ext: fmt.Sprintf("%s:%d-%d", extPorts, lo, lo+9)}
		c.manifest = k.addPod(t, c.name, ns, annotated(c.ext))
		pods = append(pods, c)
		return c
	}
	for i := range 3 {
		add(i)
	}
	for _, c := range pods {
		c.p = k.waitPod(t, c.name, ns)
	}
	removed := map[string]bool{}
	remove := func(c *churnPod) {
		if err := os.Remove(c.manifest); err != nil {
			t.Fatal(err)
		}
		removed[c.name] = true
	}

	// Churn, the kubelet working through it (manifests are read every
	// 2 s) while diktyo-nri dies, twice.
	remove(pods[0])
	add(3)
	time.Sleep(1500 * time.Millisecond)
	old := k.killNRI(t)
	add(4)
	remove(pods[1])
	nriID := k.waitNRIRestarted(t, old)
	t.Logf("diktyo-nri restarted as %s", nriID)
	remove(pods[3]) // maybe not even started yet
	add(5)
	time.Sleep(1500 * time.Millisecond)
	old = k.killNRI(t)
	nriID = k.waitNRIRestarted(t, old)
	k.waitNRISynced(t, nriID, 0, 60*time.Second)
	t.Logf("diktyo-nri restarted as %s and synchronized", nriID)

	for _, c := range pods {
		if removed[c.name] {
			continue
		}
		c.p = k.waitPod(t, c.name, ns)
	}
	for _, c := range pods {
		if removed[c.name] && c.p != nil {
			k.waitStopped(t, c.p)
		}
	}
	// Converges: what containerd sends after the restart, and the
	// reconcile after Synchronize.
	for _, c := range pods {
		if c.p == nil {
			// Removed before the test saw it run: its sandbox, if the
			// kubelet made one.
			if c.p = k.lastSandbox(t, c.name, ns); c.p == nil {
				t.Logf("pod %s: removed before the kubelet ran it", c.name)
				continue
			}
		}
		var what []string
		ok := eventually(10*time.Second, func() bool {
			switch {
			case removed[c.name] && c.p.IP == "":
				what = leftoversByID(t, c.p)
			case removed[c.name]:
				what = leftovers(t, c.p)
			default:
				what = policyMissing(t, c.p, c.ext)
			}
			return len(what) == 0
		})
		switch {
		case !ok && removed[c.name]:
			t.Errorf("removed pod %s: state left 10 s after diktyo-nri synchronized:\n%s", c.p.Name, strings.Join(what, "\n"))
		case !ok:
			t.Errorf("running pod %s lacks %v 10 s after diktyo-nri synchronized", c.p.Name, what)
		case !removed[c.name]:
			expectSource(t, c.p, dstSNAT, extPorts, c.lo, c.hi)
		}
	}
	if t.Failed() {
		k.dumpNRILog(t, nriID)
	}
}

// lastSandbox is the static pod name's last sandbox, in whatever state,
// with its address if it still has one; nil if there is none.
func (k *kubeletNode) lastSandbox(t *testing.T, name, namespace string) *pod {
	t.Helper()
	states := k.vm.podStates(t, k.sandboxName(name), namespace)
	if len(states) == 0 {
		return nil
	}
	p := &pod{vm: k.vm, ID: states[0].ID, Name: k.sandboxName(name), Namespace: namespace} // newest first
	// A stopped sandbox has no address any more (its netns is gone).
	p.IP, p.IP6, _ = p.inspectIPs()
	return p
}

// leftoversByID is leftovers for a pod whose address is unknown: what
// names its sandbox (nat rules and chains by owner ID, cache entries) and
// its DNS name.
func leftoversByID(t *testing.T, p *pod) []string {
	t.Helper()
	var out []string
	nft, _ := exec.Command("nft", "list", "table", "inet", p.vm.env["DIKTYO_TESTVM_NFT_TABLE"]).CombinedOutput()
	ipt := output(t, "iptables-save", "-t", "nat")
	for _, l := range strings.Split(string(nft)+"\n"+ipt, "\n") {
		if strings.Contains(l, p.owner()) {
			out = append(out, "nat: "+strings.TrimSpace(l))
		}
	}
	if got := p.vm.lookup(t, p.dnsName(), dns.TypeA); len(got) > 0 {
		out = append(out, fmt.Sprintf("dns: %s A %v", p.dnsName(), got))
	}
	for _, c := range p.cacheEntries(t) {
		out = append(out, "cache: "+c)
	}
	return out
}

// kubeletNRIUnreachable: with annotated pods running, diktyo-nri starts
// while containerd's NRI socket cannot be reached (it is moved aside:
// containerd keeps listening on it, and the CRI socket the kubelet uses is
// another one, so the kubelet restarts the killed diktyo-nri as usual);
// meanwhile the admin config changes (the file the static pod mounts for
// the ConfigMap: the reconcile interval goes down to 5 s). For two
// reconcile intervals the running pods keep their nat rules, policy rules,
// DNS records and cache entries: diktyo-nri knows no pod before its first
// Synchronize, so it has no proof that any is gone. Then the socket comes
// back and the pods still have their policy.
func kubeletNRIUnreachable(t *testing.T, k *kubeletNode, ns string) {
	const interval = 5 * time.Second
	exts := []string{extA, extB}
	for i, ext := range exts {
		k.addPod(t, fmt.Sprintf("keep-%d", i), ns, annotated(ext))
	}
	pods := make([]*pod, len(exts))
	for i := range pods {
		pods[i] = k.waitPod(t, fmt.Sprintf("keep-%d", i), ns)
	}
	for i, p := range pods {
		if miss := policyMissing(t, p, exts[i]); len(miss) > 0 {
			t.Fatalf("pod %s lacks %v before the test", p.Name, miss)
		}
	}

	// NRI out of reach: the socket moved aside (put back at the end
	// whatever happens).
	sock := k.vm.env["DIKTYO_TESTVM_NRI_SOCKET"]
	aside := filepath.Join(filepath.Dir(sock), ".nri.sock.aside")
	if err := os.Rename(sock, aside); err != nil {
		t.Fatal(err)
	}
	restoreSock := func() {
		if _, err := os.Stat(aside); err == nil {
			if err := os.Rename(aside, sock); err != nil {
				t.Errorf("putting the NRI socket back: %v", err)
			}
		}
	}
	t.Cleanup(restoreSock)

	// The admin config as the static pod mounts it; put back at the end.
	cfgFile := filepath.Join(k.dir, "diktyo-config", "config.yaml")
	orig, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^reconcile:\n  interval: \S+$`)
	if !re.Match(orig) {
		t.Fatalf("%s: no reconcile interval to change:\n%s", cfgFile, orig)
	}
	changed := re.ReplaceAll(orig, []byte("reconcile:\n  interval: "+interval.String()))
	writeConfig := func(b []byte) {
		tmp := filepath.Join(filepath.Dir(cfgFile), ".config.yaml.e2e")
		if err := os.WriteFile(tmp, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, cfgFile); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { writeConfig(orig) })

	old := k.killNRI(t)
	nriID := k.waitNRIRestarted(t, old)
	waitFor(t, 30*time.Second, "diktyo-nri to fail to reach NRI", func() bool {
		return k.nriLogCount(t, nriID, `msg="NRI connection ended; reconnecting"`) > 0
	})
	lost := func(when string) {
		t.Helper()
		for i, p := range pods {
			if miss := policyMissing(t, p, exts[i]); len(miss) > 0 {
				// The reconcile that removed it logs when done.
				eventually(5*time.Second, func() bool { return k.nriLogCount(t, nriID, `msg=reconciled`) > 0 })
				k.dumpNRILog(t, nriID)
				t.Fatalf("running pod %s lost %v %s (diktyo-nri had no Synchronize yet: no proof that the pod was gone)", p.Name, miss, when)
			}
		}
	}
	lost("when diktyo-nri started without NRI")
	loaded := k.nriLogCount(t, nriID, `msg="config loaded"`)
	writeConfig(changed)
	if !eventually(20*time.Second, func() bool { return k.nriLogCount(t, nriID, `msg="config loaded"`) > loaded }) {
		k.dumpNRILog(t, nriID)
		t.Fatalf("diktyo-nri did not load the changed config")
	}
	t.Logf("diktyo-nri %s: NRI unreachable, config changed (reconcile interval %s); watching the pods for %s", nriID, interval, 2*interval+2*time.Second)

	deadline := time.Now().Add(2*interval + 2*time.Second)
	for time.Now().Before(deadline) {
		lost("after the config changed, while diktyo-nri could not reach NRI")
		time.Sleep(500 * time.Millisecond)
	}

	restoreSock()
	k.waitNRISynced(t, nriID, 0, 90*time.Second)
	for i, p := range pods {
		if miss := policyMissing(t, p, exts[i]); len(miss) > 0 {
			t.Errorf("pod %s lacks %v after diktyo-nri synchronized", p.Name, miss)
		}
	}
}
