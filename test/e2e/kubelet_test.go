package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// kubeletNode is the test node with a standalone kubelet on it
// (hack/kubelet.sh): diktyo-nri runs as the static pod rendered from
// deploy/'s DaemonSet, and the tests' pods are static pod manifests.
type kubeletNode struct {
	vm        *testVM
	dir       string // hack/kubelet.sh's state (DIKTYO_KUBELET_DIR)
	manifests string
	node      string
	log       string
	logFrom   int64 // where this test's part of log starts
}

// requireKubelet skips unless DIKTYO_E2E_KUBELET=1 (on top of the suite's
// DIKTYO_E2E=1); it starts the kubelet (building it on first use) and
// stops it, with everything it made, when the test ends.
func requireKubelet(t *testing.T) *kubeletNode {
	t.Helper()
	v := requireVM(t)
	if os.Getenv("DIKTYO_E2E_KUBELET") != "1" {
		t.Skip("kubelet test: set DIKTYO_E2E_KUBELET=1 (make e2e-kubelet); it builds a kubelet (minutes, once) and runs it on the test node")
	}
	script := filepath.Join(v.repo, "hack/kubelet.sh")
	t.Cleanup(func() {
		if os.Getenv("DIKTYO_E2E_KEEP") == "1" {
			t.Log("DIKTYO_E2E_KEEP=1: the kubelet keeps running; `hack/kubelet.sh down` stops it")
			return
		}
		cmd := exec.Command(script, "down")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("hack/kubelet.sh down: %v", err)
		}
	})
	var out bytes.Buffer
	cmd := exec.Command(script, "env")
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hack/kubelet.sh env: %v", err)
	}
	env := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^export (\w+)=(.*)$`).FindAllStringSubmatch(out.String(), -1) {
		env[m[1]] = m[2]
	}
	k := &kubeletNode{vm: v, dir: env["DIKTYO_KUBELET_DIR"], manifests: env["DIKTYO_KUBELET_MANIFESTS"], node: env["DIKTYO_KUBELET_NODE"], log: env["DIKTYO_KUBELET_LOG"]}
	if k.dir == "" || k.manifests == "" || k.node == "" || k.log == "" {
		t.Fatalf("hack/kubelet.sh env: incomplete:\n%s", out.String())
	}
	// The log outlives the kubelet (and a static pod's UID is a hash of
	// its manifest): only what is written from now on counts.
	if st, err := os.Stat(k.log); err == nil {
		k.logFrom = st.Size()
	}
	start := time.Now()
	cmd = exec.Command(script, "up")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hack/kubelet.sh up: %v", err)
	}
	t.Logf("kubelet up in %s", time.Since(start).Round(time.Millisecond))
	return k
}

// addPod writes a static pod manifest: one busybox container, sleeping,
// from the node's app image (never pulled). It is removed at the end of
// the test if still there.
func (k *kubeletNode) addPod(t *testing.T, name, namespace string, annotations map[string]string) string {
	t.Helper()
	grace := int64(1)
	p := corev1.Pod{
		Spec: corev1.PodSpec{
			TerminationGracePeriodSeconds: &grace,
			Containers: []corev1.Container{{
				Name:            "app",
				Image:           k.vm.env["DIKTYO_TESTVM_APP_IMAGE"],
				ImagePullPolicy: corev1.PullNever,
				Command:         []string{"/bin/sleep", "infinity"},
			}},
		},
	}
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Name, p.Namespace, p.Annotations = name, namespace, annotations
	b, err := yaml.Marshal(&p)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(k.manifests, namespace+"_"+name+".yaml")
	// Write beside, then rename: the kubelet never reads half a file
	// (it skips dot files).
	tmp := filepath.Join(k.manifests, "."+filepath.Base(f))
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, f); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Remove(f) })
	return f
}

// sandboxName is the name the kubelet gives a static pod: NAME-NODE.
func (k *kubeletNode) sandboxName(name string) string { return name + "-" + k.node }

// waitPod waits until the kubelet has the static pod's sandbox ready and
// its app container running, and returns it as a pod the suite's
// helpers (exec, nat rules, DNS) work with.
func (k *kubeletNode) waitPod(t *testing.T, name, namespace string) *pod {
	t.Helper()
	p := &pod{vm: k.vm, Name: k.sandboxName(name), Namespace: namespace}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		for _, ps := range k.vm.podStates(t, p.Name, namespace) {
			if ps.State == "SANDBOX_READY" {
				p.ID = ps.ID
			}
		}
		if p.ID != "" {
			out := k.vm.mustCrictl(t, "ps", "-q", "--pod", p.ID, "--name", "^app$", "--state", "running")
			if id := strings.TrimSpace(out); id != "" {
				p.ctr = strings.Fields(id)[0]
				break
			}
		}
		if time.Now().After(deadline) {
			k.dumpLog(t, p.Name)
			t.Fatalf("the kubelet did not start pod %s/%s within 2m", namespace, p.Name)
		}
		time.Sleep(200 * time.Millisecond)
	}
	var err error
	if p.IP, p.IP6, err = p.inspectIPs(); err != nil {
		t.Fatal(err)
	}
	var st struct {
		Status struct {
			Metadata struct {
				UID string `json:"uid"`
			} `json:"metadata"`
		} `json:"status"`
	}
	if err := json.Unmarshal([]byte(k.vm.mustCrictl(t, "inspectp", "-o", "json", p.ID)), &st); err == nil {
		p.UID = st.Status.Metadata.UID
	}
	return p
}

// sandboxErrors returns the kubelet's log lines reporting that it could
// not create the sandbox of the static pod name.
func (k *kubeletNode) sandboxErrors(t *testing.T, name, namespace string) []string {
	t.Helper()
	b := k.readLog(t)
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "CreatePodSandbox") && strings.Contains(l, namespace+"/"+k.sandboxName(name)) {
			out = append(out, l)
		}
	}
	return out
}

// readLog returns what the kubelet logged since the test started it.
func (k *kubeletNode) readLog(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(k.log)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(b)) < k.logFrom {
		return nil
	}
	return b[k.logFrom:]
}

func (k *kubeletNode) dumpLog(t *testing.T, match string) {
	t.Helper()
	b := k.readLog(t)
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, match) {
			if len(l) > 800 {
				l = l[:800] + "..."
			}
			lines = append(lines, l)
		}
	}
	if len(lines) > 12 {
		lines = lines[len(lines)-12:]
	}
	t.Logf("kubelet log (%s, lines naming %q, last %d):\n%s", k.log, match, len(lines), strings.Join(lines, "\n"))
	if out, err := k.vm.crictl(context.Background(), "ps", "-a"); err == nil {
		t.Logf("crictl ps -a:\n%s", out)
	}
}

// TestKubelet: diktyo under a real kubelet, which creates the sandboxes
// and hands containerd the pod annotations: diktyo-nri runs as the static
// pod made from deploy/'s DaemonSet (its image built locally); an
// annotated static pod starts with its SNAT (the remote sees the
// external), its routes and DNS records; a refused annotation is the
// kubelet's sandbox error, naming the annotation; deleting a manifest
// removes every rule, route and record.
func TestKubelet(t *testing.T) {
	k := requireKubelet(t)
	v := k.vm
	newRemote(t)
	const ns = "e2e-kubelet"

	t.Run("static pod", func(t *testing.T) {
		// The diktyo-nri that serves the node is deploy/'s DaemonSet
		// template, run by the kubelet.
		var ds appsv1.DaemonSet
		if err := yaml.Unmarshal(readFileT(t, filepath.Join(v.repo, "deploy/daemonset.yaml")), &ds); err != nil {
			t.Fatal(err)
		}
		var sp corev1.Pod
		if err := yaml.Unmarshal(readFileT(t, filepath.Join(k.manifests, "diktyo-nri.yaml")), &sp); err != nil {
			t.Fatal(err)
		}
		// Its chain runs the ipmasq backend and the iproute layout
		// deploy/ ships.
		type plugins struct {
			Plugins []struct{ Type, Backend, Layout string } `json:"plugins"`
		}
		var shipped plugins
		if err := json.Unmarshal(readFileT(t, filepath.Join(v.repo, "deploy/chain.conflist")), &shipped); err != nil {
			t.Fatal(err)
		}
		var running plugins
		// The chain the static pod mounts (hack/kubelet.sh node_config).
		if err := json.Unmarshal(readFileT(t, filepath.Join(k.dir, "node-config", "chain.conflist")), &running); err != nil {
			t.Fatal(err)
		}
		if len(shipped.Plugins) < 2 || len(running.Plugins) < 2 || !slices.Equal(shipped.Plugins[:2], running.Plugins[:2]) {
			t.Errorf("the node runs ipmasq and iproute as %+v, deploy/chain.conflist ships %+v (Makefile KUBELET_TESTVM)", running.Plugins, shipped.Plugins)
		}
		want, got := ds.Spec.Template.Spec.Containers[0], sp.Spec.Containers[0]
		if repo(got.Image) != repo(want.Image) || got.Command[0] != want.Command[0] ||
			!reflect.DeepEqual(got.SecurityContext, want.SecurityContext) || len(got.VolumeMounts) != len(want.VolumeMounts) ||
			len(sp.Spec.InitContainers) != len(ds.Spec.Template.Spec.InitContainers) || !sp.Spec.HostNetwork {
			t.Errorf("static pod's container differs from the DaemonSet's:\n got %+v\nwant %+v", got, want)
		}
		if !sp.Spec.HostPID || !ds.Spec.Template.Spec.HostPID {
			t.Errorf("hostPID: static pod %v, DaemonSet %v; want true (the sandbox watch's pidfd_open takes host pids)", sp.Spec.HostPID, ds.Spec.Template.Spec.HostPID)
		}
		id := strings.Fields(v.mustCrictl(t, "ps", "-q", "--name", "^diktyo-nri$", "--state", "running"))
		if len(id) != 1 {
			t.Fatalf("want one running diktyo-nri container, got %v", id)
		}
		var st struct {
			Status struct {
				Image struct {
					Image string `json:"image"`
				} `json:"image"`
				Labels map[string]string `json:"labels"`
			} `json:"status"`
		}
		if err := json.Unmarshal([]byte(v.mustCrictl(t, "inspect", id[0])), &st); err != nil {
			t.Fatal(err)
		}
		if st.Status.Image.Image != got.Image || st.Status.Labels["io.kubernetes.pod.namespace"] != ds.Namespace {
			t.Errorf("diktyo-nri container: image %q, labels %v; want image %q in namespace %s",
				st.Status.Image.Image, st.Status.Labels, got.Image, ds.Namespace)
		}
		// It runs in the host's PID namespace (this test's).
		_, pid := k.nriContainer(t)
		if self, their := nsLink(t, "self"), nsLink(t, strconv.Itoa(pid)); self != their {
			t.Errorf("diktyo-nri (pid %d) in PID namespace %s, the host's is %s", pid, their, self)
		}
	})

	// What the kubelet and containerd really gave it
	// (kubelet_privilege_test.go).
	t.Run("least privilege", func(t *testing.T) { kubeletLeastPrivilege(t, k) })

	t.Run("policy", func(t *testing.T) {
		// The kubelet names a static pod NAME-NODE: that is the {name}
		// of the admin config's DNS templates.
		extra := "api." + k.sandboxName("web") + "." + ns + "." + v.env["DIKTYO_TESTVM_DNS_ZONE"]
		manifest := k.addPod(t, "web", ns, map[string]string{
			policy.KeyMasq:        masq(api.MasqEntry{External: extA, Destination: prefix24(dstSNAT), Protocol: "tcp"}),
			policy.KeySNATExclude: prefix24(dstExclude),
			policy.KeyRoutes:      routes(api.RouteEntry{Destination: prefix24(dstRoute), Type: "blackhole"}),
			policy.KeyRouteTable:  testTable,
			policy.KeyDNSNames:    strings.TrimSuffix(extra, "."),
		})
		web := k.waitPod(t, "web", ns)
		t.Logf("kubelet pod %s/%s: sandbox %s, IP %s", ns, web.Name, web.ID, web.IP)

		expectSNATState(t, web, extA)
		if rules := web.ipRules(t); len(rules) == 0 {
			t.Errorf("no policy rule for %s (route-table %s)", web.IP, testTable)
		}
		expectDNS(t, web, extra)
		if r := web.mustExec(t, "ip", "-4", "route", "show"); !strings.Contains(r, "blackhole "+prefix24(dstRoute)) {
			t.Errorf("pod routes lack the blackhole to %s:\n%s", prefix24(dstRoute), r)
		}
		expectSource(t, web, dstSNAT, extA, 0, 0)
		expectSource(t, web, dstExclude, web.IP, 0, 0)
		expectNoConnection(t, web, dstRoute)
		if t.Failed() {
			k.dumpLog(t, web.Name)
		}

		// Deleting the manifest: the kubelet stops the pod, diktyo
		// removes what it made.
		if err := os.Remove(manifest); err != nil {
			t.Fatal(err)
		}
		waitFor(t, 90*time.Second, "the kubelet to stop pod "+web.Name, func() bool {
			for _, ps := range v.podStates(t, web.Name, ns) {
				if ps.State == "SANDBOX_READY" {
					return false
				}
			}
			return true
		})
		// The cache entry goes last (libcni drops it after the chain's
		// DEL, whose last plugin is ipmasq): wait for both.
		waitFor(t, 30*time.Second, "diktyo to remove pod "+web.Name+"'s nat rules and cache entry", func() bool {
			return len(web.natRules(t)) == 0 && len(web.cacheEntries(t)) == 0
		})
		expectNothingLeft(t, web, extra)
	})

	t.Run("refused", func(t *testing.T) {
		before := v.snapshot(t)
		k.addPod(t, "bad", ns, map[string]string{
			policy.KeyMasq: masq(api.MasqEntry{External: extA, Destination: "198.19.1.0/33"}),
		})
		var errs []string
		waitFor(t, 90*time.Second, "the kubelet's sandbox error for pod bad", func() bool {
			errs = k.sandboxErrors(t, "bad", ns)
			return len(errs) > 0
		})
		for _, w := range []string{policy.KeyMasq, "198.19.1.0/33"} {
			if !strings.Contains(errs[0], w) {
				t.Errorf("the kubelet's sandbox error does not name %q:\n%s", w, errs[0])
			}
		}
		t.Logf("kubelet: %s", errs[0])
		for _, ps := range v.podStates(t, k.sandboxName("bad"), ns) {
			if ps.State == "SANDBOX_READY" {
				t.Errorf("refused pod %s is ready", ps.ID)
			}
		}
		if after := v.snapshot(t); !after.equal(before) {
			t.Errorf("refused pod left state: before %+v, after %+v", before, after)
		}
	})

	// Faults (kubelet_fault_test.go).
	t.Run("containerd restart", func(t *testing.T) { kubeletContainerdRestart(t, k, ns) })
	t.Run("kill", func(t *testing.T) { kubeletKill(t, k, ns) })
	// Last: it moves containerd's NRI socket aside and changes the config
	// (both put back when it ends).
	t.Run("nri unreachable", func(t *testing.T) { kubeletNRIUnreachable(t, k, ns) })
}

// nsLink is the PID namespace of /proc/PID (or "self").
func nsLink(t *testing.T, pid string) string {
	t.Helper()
	l, err := os.Readlink("/proc/" + pid + "/ns/pid")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func readFileT(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// repo is an image reference without its tag.
func repo(image string) string {
	if i := strings.LastIndex(image, ":"); i > strings.LastIndex(image, "/") {
		return image[:i]
	}
	return image
}
