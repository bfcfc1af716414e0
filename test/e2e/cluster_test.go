package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// clusterNode is the kubelet test node with a real control plane
// (hack/cluster.sh): etcd, kube-apiserver with Node and RBAC authorization,
// controller-manager, scheduler, and the node's kubelet registered with
// them. diktyo is installed through the API, as on any cluster.
type clusterNode struct {
	vm         *testVM
	kubectlBin string
	kubeconfig string
	node       string
	logs       string
	serviceIP  string
}

// requireCluster skips unless DIKTYO_E2E_CLUSTER=1 (on top of the suite's
// DIKTYO_E2E=1); it brings the control plane and the kubelet up (building
// them on first use) and takes all of it down when the test ends.
func requireCluster(t *testing.T) *clusterNode {
	t.Helper()
	v := requireVM(t)
	if os.Getenv("DIKTYO_E2E_CLUSTER") != "1" {
		t.Skip("cluster test: set DIKTYO_E2E_CLUSTER=1 (make e2e-cluster); it builds a control plane (minutes, once) and runs it with the node's kubelet")
	}
	script := filepath.Join(v.repo, "hack/cluster.sh")
	t.Cleanup(func() {
		if os.Getenv("DIKTYO_E2E_KEEP") == "1" {
			t.Log("DIKTYO_E2E_KEEP=1: the cluster keeps running; `hack/cluster.sh down` stops it")
			return
		}
		cmd := exec.Command(script, "down")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("hack/cluster.sh down: %v", err)
		}
	})
	var out bytes.Buffer
	cmd := exec.Command(script, "env")
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hack/cluster.sh env: %v", err)
	}
	env := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^export (\w+)=(.*)$`).FindAllStringSubmatch(out.String(), -1) {
		env[m[1]] = m[2]
	}
	c := &clusterNode{vm: v, kubectlBin: env["DIKTYO_CLUSTER_KUBECTL"], kubeconfig: env["KUBECONFIG"],
		node: env["DIKTYO_CLUSTER_NODE"], logs: env["DIKTYO_CLUSTER_LOGS"], serviceIP: env["DIKTYO_CLUSTER_SERVICE_IP"]}
	if c.kubectlBin == "" || c.kubeconfig == "" || c.node == "" || c.serviceIP == "" {
		t.Fatalf("hack/cluster.sh env: incomplete:\n%s", out.String())
	}
	start := time.Now()
	cmd = exec.Command(script, "up")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hack/cluster.sh up: %v", err)
	}
	t.Logf("cluster up in %s", time.Since(start).Round(time.Millisecond))
	return c
}

// kubectl runs kubectl as the cluster's admin with stdin, bounded in time;
// the error carries its stderr.
func (c *clusterNode) kubectl(stdin string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.kubectlBin, append([]string{"--kubeconfig", c.kubeconfig}, args...)...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("kubectl %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

func (c *clusterNode) mustKubectl(t *testing.T, args ...string) string {
	t.Helper()
	out, err := c.kubectl("", args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// dump logs what the API says about the cluster's pods, for a failure.
func (c *clusterNode) dump(t *testing.T) {
	t.Helper()
	for _, args := range [][]string{
		{"get", "nodes,pods,daemonsets,deployments", "-A", "-o", "wide"},
		{"get", "events", "-A", "--sort-by=.lastTimestamp"},
		{"-n", diktyoNamespace, "logs", "ds/diktyo-nri", "-c", "diktyo-nri", "--tail=40"},
	} {
		out, err := c.kubectl("", args...)
		t.Logf("kubectl %s:\n%s%v", strings.Join(args, " "), out, err)
	}
}

const diktyoNamespace = "diktyo-system"

// hostPathMoves are the host paths deploy/'s DaemonSet mounts (a real
// node's, which tests must never write on this machine) and where this
// test node has them, under its state dir.
func (c *clusterNode) hostPathMoves() map[string]string {
	v := c.vm
	return map[string]string{
		"/var/run/nri":            filepath.Dir(v.env["DIKTYO_TESTVM_NRI_SOCKET"]),
		"/opt/cni/bin":            v.dir("cni", "bin"),
		"/var/lib/diktyo":         v.dir("diktyo"),
		"/run/diktyo":             v.dir("run", "diktyo"),
		"/var/run/netns":          c.netnsDir(),
		"/run/xtables.lock":       v.dir("run", "xtables.lock"),
		"/run/diktyo-ipmasq.lock": v.dir("run", "diktyo-ipmasq.lock"),
	}
}

// netnsDir is where the node's containerd mounts pod netns
// (netns_mounts_under_state_dir).
func (c *clusterNode) netnsDir() string {
	return c.vm.dir("containerd", "state", "io.containerd.grpc.v1.cri", "netns")
}

// nodePaths is a kustomize overlay over base (a directory, relative to
// the overlay, or a rendered file inside it) putting the DaemonSet's host
// paths where this node has them: each hostPath volume's path, and the
// netns volume's mountPath with it. That one is not a host path but has
// to follow it: NRI hands diktyo-nri the netns path on the host (here
// under the state dir, on a real node under /var/run/netns), which must
// resolve inside its container. Every change is a JSON patch that first
// tests the value it replaces. The same overlay merges the node's admin
// config, chain and TSIG key into the ConfigMap cm (configMapGenerator,
// behavior merge: what docs/install.md's overlay does), so that
// diktyo-nri never starts on the shipped config (whose chain names the
// host's own nft table).
func (c *clusterNode) nodePaths(t *testing.T, dir, base string, cms []string, dss ...*appsv1.DaemonSet) {
	t.Helper()
	d := c.nodeConfig(t)
	for _, f := range []string{"config.yaml", "chain.conflist", "tsig.key"} {
		if err := os.WriteFile(filepath.Join(dir, f), readFileT(t, filepath.Join(d, f)), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var patches, gens []map[string]any
	for _, ds := range dss {
		patches = append(patches, map[string]any{
			"target": map[string]string{"kind": "DaemonSet", "name": ds.Name},
			"patch":  c.hostPathPatch(t, ds),
		})
	}
	for _, cm := range cms {
		gens = append(gens, map[string]any{
			"name": cm, "namespace": diktyoNamespace, "behavior": "merge",
			"files":   []string{"config.yaml", "chain.conflist", "tsig.key"},
			"options": map[string]any{"disableNameSuffixHash": true},
		})
	}
	k := map[string]any{
		"apiVersion":         "kustomize.config.k8s.io/v1beta1",
		"kind":               "Kustomization",
		"resources":          []string{base},
		"patches":            patches,
		"configMapGenerator": gens,
	}
	b, err := yaml.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// hostPathPatch is the JSON patch moving ds's host paths, and the netns
// mount of its containers and init containers, to this node's.
func (c *clusterNode) hostPathPatch(t *testing.T, ds *appsv1.DaemonSet) string {
	t.Helper()
	moves := c.hostPathMoves()
	type op struct {
		Op    string `json:"op"`
		Path  string `json:"path"`
		Value string `json:"value"`
	}
	var ops []op
	netnsMount := ""
	for i, vol := range ds.Spec.Template.Spec.Volumes {
		if vol.HostPath == nil {
			continue
		}
		to, ok := moves[vol.HostPath.Path]
		if !ok {
			t.Fatalf("DaemonSet %s volume %s: hostPath %s has no place on the test node (a new host path? add it to hostPathMoves)", ds.Name, vol.Name, vol.HostPath.Path)
		}
		p := fmt.Sprintf("/spec/template/spec/volumes/%d/hostPath/path", i)
		ops = append(ops, op{"test", p, vol.HostPath.Path}, op{"replace", p, to})
		if vol.HostPath.Path == "/var/run/netns" {
			netnsMount = vol.Name
		}
	}
	if netnsMount == "" {
		t.Fatalf("DaemonSet %s: no hostPath volume of /var/run/netns", ds.Name)
	}
	spec := ds.Spec.Template.Spec
	for _, kc := range []struct {
		kind string
		ctrs []corev1.Container
	}{{"containers", spec.Containers}, {"initContainers", spec.InitContainers}} {
		kind := kc.kind
		for j, ctr := range kc.ctrs {
			for k, m := range ctr.VolumeMounts {
				if m.Name == netnsMount {
					p := fmt.Sprintf("/spec/template/spec/%s/%d/volumeMounts/%d/mountPath", kind, j, k)
					ops = append(ops, op{"test", p, m.MountPath}, op{"replace", p, c.netnsDir()})
				}
			}
		}
	}
	patch, err := json.Marshal(ops)
	if err != nil {
		t.Fatal(err)
	}
	return string(patch)
}

// objects splits a multi-document YAML stream into objects, keyed
// KIND/NAMESPACE/NAME.
func objects(t *testing.T, stream string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(stream, -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		var o map[string]any
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			t.Fatalf("%v in:\n%s", err, doc)
		}
		if o == nil {
			continue
		}
		md, _ := o["metadata"].(map[string]any)
		out[fmt.Sprintf("%v/%v/%v", o["kind"], md["namespace"], md["name"])] = o
	}
	return out
}

// diffPaths lists the JSON pointer paths of every leaf where a and b
// differ.
func diffPaths(prefix string, a, b any) []string {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return []string{prefix}
		}
		var out []string
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		for k := range keys {
			out = append(out, diffPaths(prefix+"/"+k, av[k], bv[k])...)
		}
		return out
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return []string{prefix}
		}
		var out []string
		for i := range av {
			out = append(out, diffPaths(prefix+"/"+strconv.Itoa(i), av[i], bv[i])...)
		}
		return out
	}
	if !reflect.DeepEqual(a, b) {
		return []string{prefix}
	}
	return nil
}

// expectOnlyNodePaths checks that the overlay's rendering is the base's
// but for the DaemonSet's hostPath paths (each moved under the state dir)
// and the netns mountPath beside its volume: the same objects, every
// other field equal.
func (c *clusterNode) expectOnlyNodePaths(t *testing.T, base, overlay string) {
	t.Helper()
	b, o := objects(t, base), objects(t, overlay)
	if len(b) == 0 || !slices.Equal(sortedKeys(b), sortedKeys(o)) {
		t.Fatalf("overlay renders objects %v, the base %v", sortedKeys(o), sortedKeys(b))
	}
	allowed := regexp.MustCompile(`^/spec/template/spec/(volumes/\d+/hostPath/path|containers/\d+/volumeMounts/\d+/mountPath)$`)
	config := regexp.MustCompile(`^/data/(config\.yaml|chain\.conflist|tsig\.key)$`)
	moved, configured := 0, 0
	for key, bo := range b {
		for _, p := range diffPaths("", bo, o[key]) {
			if strings.HasPrefix(key, "ConfigMap/") && config.MatchString(p) {
				configured++
				continue
			}
			if !strings.HasPrefix(key, "DaemonSet/") || !allowed.MatchString(p) {
				t.Errorf("overlay changes %s %s (only the DaemonSet's hostPath paths and the ConfigMap's files may differ)", key, p)
				continue
			}
			got := lookupPath(o[key], p)
			if s, ok := got.(string); !ok || !strings.HasPrefix(s, c.vm.dir()+"/") {
				t.Errorf("overlay sets %s %s to %v, want a path under %s", key, p, got, c.vm.dir())
			}
			if strings.Contains(p, "mountPath") && got != c.netnsDir() {
				t.Errorf("overlay moves the mount %s %s (only the netns mount follows its volume)", key, p)
			}
			moved++
		}
	}
	if want := len(c.hostPathMoves()) + 1; moved != want {
		t.Errorf("overlay changes %d fields, want %d (every hostPath and the netns mountPath)", moved, want)
	}
	if configured != 3 {
		t.Errorf("overlay changes %d files of the ConfigMap, want 3 (the node's config.yaml, chain.conflist, tsig.key)", configured)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// lookupPath follows a JSON pointer path (as diffPaths writes them).
func lookupPath(o any, p string) any {
	for _, part := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		switch v := o.(type) {
		case map[string]any:
			o = v[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i >= len(v) {
				return nil
			}
			o = v[i]
		default:
			return nil
		}
	}
	return o
}

// daemonSetOf returns the DaemonSet in a rendering.
func daemonSetOf(t *testing.T, stream string) *appsv1.DaemonSet {
	t.Helper()
	for key, o := range objects(t, stream) {
		if !strings.HasPrefix(key, "DaemonSet/") {
			continue
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var ds appsv1.DaemonSet
		if err := json.Unmarshal(b, &ds); err != nil {
			t.Fatal(err)
		}
		return &ds
	}
	t.Fatal("no DaemonSet in the rendering")
	return nil
}

// nodeConfig writes the test node's admin config, chain and TSIG key on
// the DaemonSet's paths (hack/kubelet.sh node-config) and returns the
// directory.
func (c *clusterNode) nodeConfig(t *testing.T) string {
	t.Helper()
	out, err := exec.Command(filepath.Join(c.vm.repo, "hack/kubelet.sh"), "node-config").Output()
	if err != nil {
		t.Fatalf("hack/kubelet.sh node-config: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// waitNRI waits for the DaemonSet's pod to be Ready with the node's admin
// config in force (the ConfigMap's update reaches the volume at the
// kubelet's next sync; diktyo-nri reloads it) and synchronized with
// containerd, as its log, read through the API, says.
func (c *clusterNode) waitNRI(t *testing.T, ds string) {
	t.Helper()
	if _, err := c.kubectl("", "-n", diktyoNamespace, "rollout", "status", "daemonset/"+ds, "--timeout=3m"); err != nil {
		c.dump(t)
		t.Fatal(err)
	}
	var cfg struct {
		Namespaces []any `json:"namespaces"`
	}
	if err := yaml.Unmarshal(readFileT(t, filepath.Join(c.nodeConfig(t), "config.yaml")), &cfg); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("namespaceRules=%d ", len(cfg.Namespaces))
	var last string
	deadline := time.Now().Add(2 * time.Minute)
	for {
		log, err := c.kubectl("", "-n", diktyoNamespace, "logs", "daemonset/"+ds, "-c", "diktyo-nri")
		if err == nil && strings.Contains(log, "msg=reconciled trigger=Synchronize") {
			last = ""
			for _, l := range strings.Split(log, "\n") {
				if strings.Contains(l, `msg="config loaded"`) {
					last = l
				}
			}
			if strings.Contains(last, want) {
				t.Logf("diktyo-nri (DaemonSet %s): %s", ds, last)
				return
			}
		}
		if time.Now().After(deadline) {
			c.dump(t)
			t.Fatalf("diktyo-nri of DaemonSet %s: not synchronized with the node's config (%s) within 2m; last config loaded: %q", ds, want, last)
		}
		time.Sleep(time.Second)
	}
}

// criPod is the pod the kubelet made for the API's pod name in namespace,
// as the suite's helpers (exec, nat rules, DNS) work with.
func (c *clusterNode) criPod(t *testing.T, name, namespace string) *pod {
	t.Helper()
	p := &pod{vm: c.vm, Name: name, Namespace: namespace}
	waitFor(t, 2*time.Minute, "the sandbox and app container of pod "+namespace+"/"+name, func() bool {
		for _, ps := range c.vm.podStates(t, name, namespace) {
			if ps.State == "SANDBOX_READY" {
				p.ID = ps.ID
			}
		}
		if p.ID == "" {
			return false
		}
		id := strings.Fields(c.vm.mustCrictl(t, "ps", "-q", "--pod", p.ID, "--name", "^app$", "--state", "running"))
		if len(id) == 0 {
			return false
		}
		p.ctr = id[0]
		return true
	})
	var err error
	if p.IP, p.IP6, err = p.inspectIPs(); err != nil {
		t.Fatal(err)
	}
	return p
}

// deployment is a Deployment of replicas annotated pods, one busybox
// container each from the node's app image (never pulled).
func (c *clusterNode) deployment(name, namespace string, replicas int32, annotations map[string]string) []byte {
	grace := int64(1)
	labels := map[string]string{"app": name}
	d := appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: namespace},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels, Annotations: annotations},
				Spec: corev1.PodSpec{
					TerminationGracePeriodSeconds: &grace,
					Containers: []corev1.Container{{
						Name:            "app",
						Image:           c.vm.env["DIKTYO_TESTVM_APP_IMAGE"],
						ImagePullPolicy: corev1.PullNever,
						Command:         []string{"/bin/sleep", "infinity"},
					}},
				},
			},
		},
	}
	b, err := json.Marshal(&d)
	if err != nil {
		panic(err)
	}
	return b
}

// The node's egress pool (hack/testvm.sh's admin config): replicas share
// one pod template, so they share an external through a pool, each pod
// on a block of ports of its own (an explicit external with every port is
// one pod's: the others are refused, "egress port range conflict").
const (
	nodePool        = "demo"
	nodePoolAddr    = "198.19.255.13"
	nodePoolFirst   = 30000
	nodePoolLast    = 30255
	nodePoolBlockSz = 64
)

// policyDeployment: a Deployment of three annotated pods in a namespace
// the node's config grants: each pod gets its SNAT rule (a block of the
// node's pool), policy rule, pod route and DNS records, the remote sees
// the pool's address with a port of the pod's own block (and the pod
// itself for the excluded destination); deleting the Deployment removes
// all of it.
func (c *clusterNode) policyDeployment(t *testing.T, ns string) {
	t.Helper()
	const name = "web"
	manifest := c.deployment(name, ns, 3, map[string]string{
		policy.KeyMasq:        masq(api.MasqEntry{External: "pool:" + nodePool, Destination: prefix24(dstSNAT), Protocol: "tcp"}),
		policy.KeySNATExclude: prefix24(dstExclude),
		policy.KeyRoutes:      routes(api.RouteEntry{Destination: prefix24(dstRoute), Type: "blackhole"}),
		policy.KeyRouteTable:  testTable,
	})
	if _, err := c.kubectl(string(manifest), "apply", "-f", "-"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = c.kubectl("", "-n", ns, "delete", "deployment", name, "--ignore-not-found", "--wait=false")
	})
	if _, err := c.kubectl("", "-n", ns, "rollout", "status", "deployment/"+name, "--timeout=3m"); err != nil {
		c.dump(t)
		t.Fatal(err)
	}
	var list corev1.PodList
	if err := json.Unmarshal([]byte(c.mustKubectl(t, "-n", ns, "get", "pods", "-l", "app="+name, "-o", "json")), &list); err != nil {
		t.Fatal(err)
	}
	var pods []*pod
	for _, ap := range list.Items {
		if ap.DeletionTimestamp != nil {
			continue
		}
		p := c.criPod(t, ap.Name, ns)
		if ap.Status.PodIP != p.IP || ap.Spec.NodeName != c.node {
			t.Errorf("pod %s: the API says IP %s on node %s, the node's containerd %s on %s", ap.Name, ap.Status.PodIP, ap.Spec.NodeName, p.IP, c.node)
		}
		pods = append(pods, p)
	}
	if len(pods) != 3 {
		t.Fatalf("Deployment %s: %d running pods, want 3", name, len(pods))
	}
	blocks := map[int]string{}
	for _, p := range pods {
		t.Logf("pod %s/%s: sandbox %s, IP %s", ns, p.Name, p.ID, p.IP)
		expectSNATState(t, p, nodePoolAddr)
		if rules := p.ipRules(t); !slices.ContainsFunc(rules, func(r string) bool { return strings.Contains(r, "lookup "+testTable) }) {
			t.Errorf("pod %s: no 'from %s lookup %s' rule: %v", p.Name, p.IP, testTable, rules)
		}
		expectDNS(t, p)
		// Through the API server and the kubelet's server, as a user
		// would look.
		if r := c.mustKubectl(t, "-n", ns, "exec", p.Name, "-c", "app", "--", "ip", "-4", "route", "show"); !strings.Contains(r, "blackhole "+prefix24(dstRoute)) {
			t.Errorf("pod %s: routes lack the blackhole to %s:\n%s", p.Name, prefix24(dstRoute), r)
		}
		out, err := p.connect(t, net.JoinHostPort(dstSNAT, strconv.Itoa(listenPort)))
		seen, perr := parseSeen(out)
		switch {
		case err != nil || perr != nil:
			t.Errorf("pod %s to %s: %v %v\n%s", p.Name, dstSNAT, err, perr, out)
		case seen.Addr().String() != nodePoolAddr || seen.Port() < nodePoolFirst || seen.Port() > nodePoolLast:
			t.Errorf("pod %s to %s: remote saw %s, want %s with a port of pool %s", p.Name, dstSNAT, seen, nodePoolAddr, nodePool)
		default:
			b := (int(seen.Port()) - nodePoolFirst) / nodePoolBlockSz
			if other, ok := blocks[b]; ok {
				t.Errorf("pods %s and %s share block %d of pool %s", other, p.Name, b, nodePool)
			}
			blocks[b] = p.Name
			t.Logf("pod %s: the remote saw %s", p.Name, seen)
		}
		expectSource(t, p, dstExclude, p.IP, 0, 0)
		expectNoConnection(t, p, dstRoute)
	}
	if t.Failed() {
		c.dump(t)
	}

	// Deleted through the API: the controllers delete the pods, the
	// kubelet stops them, diktyo removes what it made.
	if _, err := c.kubectl("", "-n", ns, "delete", "deployment", name, "--wait=true"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.kubectl("", "-n", ns, "wait", "--for=delete", "pod", "-l", "app="+name, "--timeout=2m"); err != nil {
		c.dump(t)
		t.Fatal(err)
	}
	for _, p := range pods {
		waitFor(t, time.Minute, "the kubelet to remove pod "+p.Name, func() bool {
			return len(c.vm.podStates(t, p.Name, ns)) == 0
		})
		waitFor(t, 30*time.Second, "diktyo to remove pod "+p.Name+"'s nat rules and cache entry", func() bool {
			return len(p.natRules(t)) == 0 && len(p.cacheEntries(t)) == 0
		})
		expectNothingLeft(t, p)
	}
}

// renderChart renders deploy/helm/diktyo as `helm template RELEASE
// --namespace NS` does, through Helm's library (the main module's
// helm.sh/helm/v3), as one YAML stream.
func renderChart(t *testing.T, dir, release, ns string, values map[string]any) string {
	t.Helper()
	ch, err := loader.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	rv, err := chartutil.ToRenderValues(ch, values, chartutil.ReleaseOptions{Name: release, Namespace: ns, Revision: 1, IsInstall: true}, chartutil.DefaultCapabilities)
	if err != nil {
		t.Fatal(err)
	}
	files, err := engine.Engine{Strict: true}.Render(ch, rv)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, name := range sortedKeys(files) {
		if !strings.HasSuffix(name, ".yaml") || strings.TrimSpace(files[name]) == "" {
			continue
		}
		fmt.Fprintf(&b, "---\n# Source: %s\n%s\n", name, strings.TrimSpace(files[name]))
	}
	return b.String()
}

// TestCluster: diktyo installed through a real API server (Node and RBAC
// authorization, NodeRestriction, the controllers and the scheduler of
// hack/cluster.sh) on the kubelet test node, as shipped: deploy/'s
// kustomize base (through an overlay that only moves its host paths to
// the node's, checked), then the Helm chart. Each time the node's admin
// config goes into the ConfigMap as an admin puts it there, the
// DaemonSet's pod becomes Ready and synchronizes with containerd, and a
// Deployment of three annotated pods gets its SNAT, routes and DNS names
// (the remote sees the external), all removed when it is deleted.
func TestCluster(t *testing.T) {
	c := requireCluster(t)
	v := c.vm
	newRemote(t)
	const ns = "e2e-cluster"
	c.mustKubectl(t, "create", "namespace", ns)
	t.Cleanup(func() { _, _ = c.kubectl("", "delete", "namespace", ns, "--ignore-not-found", "--wait=false") })

	// uninstall deletes what an install applied and waits for its
	// namespace to be gone, so the next install starts from nothing.
	uninstall := func(t *testing.T, args ...string) {
		t.Helper()
		if _, err := c.kubectl("", append([]string{"delete", "--ignore-not-found", "--wait=true"}, args...)...); err != nil {
			t.Error(err)
		}
		if _, err := c.kubectl("", "wait", "--for=delete", "namespace/"+diktyoNamespace, "--timeout=2m"); err != nil && !strings.Contains(err.Error(), "not found") {
			t.Error(err)
		}
	}

	t.Run("kustomize", func(t *testing.T) {
		base := c.mustKubectl(t, "kustomize", filepath.Join(v.repo, "deploy"))
		dir := t.TempDir()
		rel, err := filepath.Rel(dir, filepath.Join(v.repo, "deploy"))
		if err != nil {
			t.Fatal(err)
		}
		c.nodePaths(t, dir, rel, []string{"diktyo-config"}, daemonSetOf(t, base))
		c.expectOnlyNodePaths(t, base, c.mustKubectl(t, "kustomize", dir))
		if t.Failed() {
			return
		}
		t.Cleanup(func() { uninstall(t, "-k", dir) })
		c.withoutNRI(t, dir, "diktyo-nri")
		c.mustKubectl(t, "apply", "-k", dir)
		c.waitNRI(t, "diktyo-nri")
		c.apiInUse(t, "diktyo-nri")
		c.refusedPod(t, ns)
		c.policyDeployment(t, ns)
		uninstall(t, "-k", dir)
	})

	t.Run("helm", func(t *testing.T) { c.helmLifecycle(t, ns) })
}

// withoutNRI installs overlay (a kustomize dir) on a node whose NRI is
// off (the nri-socket volume an empty directory: what a containerd with
// NRI disabled leaves): diktyo-nri's pod runs and answers its liveness
// probe but never becomes Ready, and says why in an Event on the Node.
// The caller then applies the overlay itself, with NRI, and waits for
// Ready (waitNRI): the same DaemonSet, readiness the only difference.
func (c *clusterNode) withoutNRI(t *testing.T, overlay, ds string) {
	t.Helper()
	dir := t.TempDir()
	rel, err := filepath.Rel(dir, overlay)
	if err != nil {
		t.Fatal(err)
	}
	k := fmt.Sprintf(`apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources: [%s]
patches:
  - target: {kind: DaemonSet, name: %s}
    patch: |
      - {op: test, path: /spec/template/spec/volumes/0/name, value: nri-socket}
      - {op: replace, path: /spec/template/spec/volumes/0/hostPath/path, value: %s}
`, rel, ds, dir)
	if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte(k), 0o644); err != nil {
		t.Fatal(err)
	}
	since := time.Now().Add(-time.Second).UTC().Format(time.RFC3339)
	c.mustKubectl(t, "apply", "-k", dir)
	var note string
	waitFor(t, 2*time.Minute, "diktyo's DiktyoNRIUnavailable Event on the node", func() bool {
		var list corev1.EventList
		out, err := c.kubectl("", "get", "events", "-A", "--field-selector", "reason=DiktyoNRIUnavailable,involvedObject.kind=Node", "-o", "json")
		if err != nil || json.Unmarshal([]byte(out), &list) != nil {
			return false
		}
		for _, e := range list.Items {
			if e.EventTime.UTC().Format(time.RFC3339) >= since || e.LastTimestamp.UTC().Format(time.RFC3339) >= since {
				note = e.Message
				return true
			}
		}
		return false
	})
	t.Logf("without NRI: the Node's DiktyoNRIUnavailable Event: %s", note)
	if !strings.Contains(note, "no NRI socket at /var/run/nri/nri.sock") {
		t.Errorf("Event note %q does not say the NRI socket is missing", note)
	}
	// Started (the startup probe passed: alive) yet not Ready, over
	// several readiness periods after the Event.
	sel := "-l=app.kubernetes.io/component=nri-plugin"
	waitFor(t, time.Minute, "diktyo-nri started", func() bool {
		out, err := c.kubectl("", "-n", diktyoNamespace, "get", "pods", sel, "-o", "jsonpath={.items[*].status.containerStatuses[0].started}")
		return err == nil && out == "true"
	})
	for i := 0; i < 3; i++ {
		c.mustKubectl(t, "-n", diktyoNamespace, "wait", "pods", sel, "--for=condition=Ready=false", "--timeout=30s")
		time.Sleep(5 * time.Second) // one readiness period: a Ready pod would show by the next look
	}
	if ready := c.mustKubectl(t, "-n", diktyoNamespace, "get", "pods", sel, "-o", "jsonpath={.items[*].status.conditions[?(@.type==\"Ready\")].status}"); ready != "False" {
		t.Errorf("diktyo-nri without NRI: Ready %q, want False", ready)
	}
}

// apiInUse checks that the DaemonSet's diktyo-nri reached the API server
// with its service account (in-cluster, not node-local), as its log says.
func (c *clusterNode) apiInUse(t *testing.T, ds string) {
	t.Helper()
	log := c.mustKubectl(t, "-n", diktyoNamespace, "logs", "daemonset/"+ds, "-c", "diktyo-nri")
	if !strings.Contains(log, `msg="kubernetes API"`) || !strings.Contains(log, "node="+c.node) || strings.Contains(log, "node-local") {
		c.dump(t)
		t.Fatalf("diktyo-nri of %s is not using the API server as node %s:\n%s", ds, c.node, log)
	}
}

// refusedPod: a pod whose annotation the admin config does not allow is
// refused, and `kubectl describe pod` shows diktyo's Event on it naming
// the annotation, the value and the reason.
func (c *clusterNode) refusedPod(t *testing.T, ns string) {
	t.Helper()
	const name, external = "refused", "192.0.2.99"
	grace := int64(1)
	pod := corev1.Pod{
		TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Annotations: map[string]string{
			policy.KeyMasq: masq(api.MasqEntry{External: external, Destination: prefix24(dstSNAT), Protocol: "tcp"}),
		}},
		Spec: corev1.PodSpec{
			TerminationGracePeriodSeconds: &grace,
			Containers: []corev1.Container{{Name: "app", Image: c.vm.env["DIKTYO_TESTVM_APP_IMAGE"], ImagePullPolicy: corev1.PullNever,
				Command: []string{"/bin/sleep", "infinity"}}},
		},
	}
	b, err := json.Marshal(&pod)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.kubectl(string(b), "apply", "-f", "-"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_, _ = c.kubectl("", "-n", ns, "delete", "pod", name, "--ignore-not-found", "--wait=true", "--timeout=1m")
	}()
	// This pod's Events only (an earlier pod of the name may have left
	// its own).
	uid := c.mustKubectl(t, "-n", ns, "get", "pod", name, "-o", "jsonpath={.metadata.uid}")
	var note string
	waitFor(t, 2*time.Minute, "diktyo's Event on the refused pod", func() bool {
		var list corev1.EventList
		out, err := c.kubectl("", "-n", ns, "get", "events", "--field-selector", "involvedObject.uid="+uid+",reason=DiktyoPolicyRefused", "-o", "json")
		if err != nil || json.Unmarshal([]byte(out), &list) != nil || len(list.Items) == 0 {
			return false
		}
		e := list.Items[0]
		note = e.Message
		return e.Type == corev1.EventTypeWarning && e.InvolvedObject.Kind == "Pod" && e.ReportingController == "diktyo.io/diktyo-nri"
	})
	for _, want := range []string{policy.KeyMasq, external, "allowed"} {
		if !strings.Contains(note, want) {
			t.Errorf("Event note %q does not name %q", note, want)
		}
	}
	var desc string
	waitFor(t, 30*time.Second, "kubectl describe pod to show diktyo's Event", func() bool {
		desc = c.mustKubectl(t, "-n", ns, "describe", "pod", name)
		return strings.Contains(desc, "DiktyoPolicyRefused") && strings.Contains(desc, external)
	})
	if _, events, ok := strings.Cut(desc, "Events:"); ok {
		t.Logf("kubectl describe pod %s, its Events:%s", name, events)
	}
	// Refused sandboxes never run: the pod stays pending.
	if phase := c.mustKubectl(t, "-n", ns, "get", "pod", name, "-o", "jsonpath={.status.phase}"); phase != "Pending" {
		t.Errorf("refused pod's phase %q, want Pending", phase)
	}
}
