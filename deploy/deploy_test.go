// Package deploy_test checks the manifests under deploy/: every one decodes
// strictly into the Kubernetes API types (an unknown or misspelt field is
// an error), and the paths, socket and config names they use agree with
// the defaults compiled into diktyo's binaries.
package deploy_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/cni/libcni"
	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// defaultSocket is containerd's default NRI socket; TestBinaryDefaults
// checks that diktyo-nri's --socket defaults to it too.
const defaultSocket = "/var/run/nri/nri.sock"

// chainPlugins are the chain's plugin types, in order (the contract).
var chainPlugins = []string{"ipmasq", "iproute", "registerDNS"}

// kustomization holds the fields of kustomization.yaml this base uses;
// decoding it strictly catches a field this test does not know about.
type kustomization struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace"`
	Labels     []struct {
		Pairs map[string]string `json:"pairs"`
	} `json:"labels"`
	Resources          []string `json:"resources"`
	ConfigMapGenerator []struct {
		Name    string   `json:"name"`
		Files   []string `json:"files"`
		Options struct {
			DisableNameSuffixHash bool `json:"disableNameSuffixHash"`
		} `json:"options"`
	} `json:"configMapGenerator"`
	Images []struct {
		Name    string `json:"name"`
		NewName string `json:"newName"`
		NewTag  string `json:"newTag"`
	} `json:"images"`
}

// manifests is what the kustomize base produces, decoded.
type manifests struct {
	kust       kustomization
	daemonSets []*appsv1.DaemonSet
	namespaces []*corev1.Namespace
	accounts   []*corev1.ServiceAccount
	configMaps map[string]*corev1.ConfigMap
	// RBAC (rbac.yaml): what diktyo-nri may do with the API.
	clusterRoles        []*rbacv1.ClusterRole
	clusterRoleBindings []*rbacv1.ClusterRoleBinding
	roles               []*rbacv1.Role
	roleBindings        []*rbacv1.RoleBinding
	// The chart's optional monitoring objects (Prometheus Operator CRDs:
	// no Go types here, kept as decoded YAML).
	services []*corev1.Service
	monitors []map[string]any
	// The admission policy of diktyo's annotations (admission.yaml).
	admissionPolicies []*admissionv1.ValidatingAdmissionPolicy
	admissionBindings []*admissionv1.ValidatingAdmissionPolicyBinding
	// The chart's hooks' Jobs and Pods.
	jobs []*batchv1.Job
	pods []*corev1.Pod
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("reading %s: %v", name, err)
	}
	return b
}

// splitDocs splits a multi-document YAML file, dropping empty documents.
func splitDocs(b []byte) [][]byte {
	var docs [][]byte
	for _, d := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(b), -1) {
		if strings.TrimSpace(stripComments(d)) != "" {
			docs = append(docs, []byte(d))
		}
	}
	return docs
}

func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// strict decodes YAML into v, failing on unknown or duplicate fields.
func strict(t *testing.T, where string, doc []byte, v any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(doc, v); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
}

// load decodes the kustomize base and every resource it names, and builds
// the ConfigMaps of its generator from their files.
func load(t *testing.T) *manifests {
	t.Helper()
	m := &manifests{configMaps: map[string]*corev1.ConfigMap{}}
	strict(t, "kustomization.yaml", readFile(t, "kustomization.yaml"), &m.kust)
	if m.kust.Kind != "Kustomization" || m.kust.APIVersion != "kustomize.config.k8s.io/v1beta1" {
		t.Fatalf("kustomization.yaml: apiVersion/kind %s/%s", m.kust.APIVersion, m.kust.Kind)
	}
	if len(m.kust.Resources) == 0 {
		t.Fatal("kustomization.yaml: no resources")
	}
	for _, res := range m.kust.Resources {
		for i, doc := range splitDocs(readFile(t, res)) {
			m.decode(t, res+" document "+string(rune('0'+i)), doc)
		}
	}
	for _, g := range m.kust.ConfigMapGenerator {
		if !g.Options.DisableNameSuffixHash {
			t.Errorf("configMapGenerator %s: a name hash would restart pods on every config change; diktyo-nri reloads in place", g.Name)
		}
		cm := &corev1.ConfigMap{Data: map[string]string{}}
		cm.Name = g.Name
		for _, f := range g.Files {
			cm.Data[filepath.Base(f)] = string(readFile(t, f))
		}
		m.configMaps[g.Name] = cm
	}
	return m
}

// decode decodes one manifest strictly into the Kubernetes type of its
// apiVersion and kind, and adds it to m.
func (m *manifests) decode(t *testing.T, where string, doc []byte) {
	t.Helper()
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := yaml.Unmarshal(doc, &meta); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	switch meta.APIVersion + "/" + meta.Kind {
	case "apps/v1/DaemonSet":
		var ds appsv1.DaemonSet
		strict(t, where, doc, &ds)
		m.daemonSets = append(m.daemonSets, &ds)
	case "v1/Namespace":
		var ns corev1.Namespace
		strict(t, where, doc, &ns)
		m.namespaces = append(m.namespaces, &ns)
	case "v1/ServiceAccount":
		var sa corev1.ServiceAccount
		strict(t, where, doc, &sa)
		m.accounts = append(m.accounts, &sa)
	case "rbac.authorization.k8s.io/v1/ClusterRole":
		var o rbacv1.ClusterRole
		strict(t, where, doc, &o)
		m.clusterRoles = append(m.clusterRoles, &o)
	case "rbac.authorization.k8s.io/v1/ClusterRoleBinding":
		var o rbacv1.ClusterRoleBinding
		strict(t, where, doc, &o)
		m.clusterRoleBindings = append(m.clusterRoleBindings, &o)
	case "rbac.authorization.k8s.io/v1/Role":
		var o rbacv1.Role
		strict(t, where, doc, &o)
		m.roles = append(m.roles, &o)
	case "rbac.authorization.k8s.io/v1/RoleBinding":
		var o rbacv1.RoleBinding
		strict(t, where, doc, &o)
		m.roleBindings = append(m.roleBindings, &o)
	case "v1/Service":
		var o corev1.Service
		strict(t, where, doc, &o)
		m.services = append(m.services, &o)
	case "monitoring.coreos.com/v1/ServiceMonitor", "monitoring.coreos.com/v1/PrometheusRule":
		var o map[string]any
		strict(t, where, doc, &o)
		m.monitors = append(m.monitors, o)
	case "admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy":
		var o admissionv1.ValidatingAdmissionPolicy
		strict(t, where, doc, &o)
		m.admissionPolicies = append(m.admissionPolicies, &o)
	case "admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding":
		var o admissionv1.ValidatingAdmissionPolicyBinding
		strict(t, where, doc, &o)
		m.admissionBindings = append(m.admissionBindings, &o)
	case "batch/v1/Job":
		var o batchv1.Job
		strict(t, where, doc, &o)
		m.jobs = append(m.jobs, &o)
	case "v1/Pod":
		var o corev1.Pod
		strict(t, where, doc, &o)
		m.pods = append(m.pods, &o)
	case "v1/ConfigMap":
		var cm corev1.ConfigMap
		strict(t, where, doc, &cm)
		if _, dup := m.configMaps[cm.Name]; dup {
			t.Fatalf("%s: ConfigMap %s defined twice", where, cm.Name)
		}
		m.configMaps[cm.Name] = &cm
	default:
		t.Fatalf("%s: %s %s is not a kind this test knows; add it", where, meta.APIVersion, meta.Kind)
	}
}

func TestManifestsDecodeStrictly(t *testing.T) {
	m := load(t)
	if len(m.daemonSets) != 1 {
		t.Fatalf("want one DaemonSet, got %d", len(m.daemonSets))
	}
	if len(m.namespaces) != 1 || m.namespaces[0].Name != m.kust.Namespace {
		t.Fatalf("want the Namespace %q of kustomization.yaml, got %d namespaces", m.kust.Namespace, len(m.namespaces))
	}
	ds := m.daemonSets[0]
	for _, sa := range m.accounts {
		if sa.Name == ds.Spec.Template.Spec.ServiceAccountName {
			return
		}
	}
	t.Errorf("DaemonSet serviceAccountName %q: no such ServiceAccount", ds.Spec.Template.Spec.ServiceAccountName)
}

// TestStrictDecodingRejectsUnknownFields makes sure the decoding above
// would catch a misspelt field (the test would otherwise prove nothing).
func TestStrictDecodingRejectsUnknownFields(t *testing.T) {
	doc := bytes.Replace(readFile(t, "daemonset.yaml"), []byte("hostNetwork: true"), []byte("hostNetwrok: true"), 1)
	var ds appsv1.DaemonSet
	if err := yaml.UnmarshalStrict(doc, &ds); err == nil || !strings.Contains(err.Error(), "hostNetwrok") {
		t.Fatalf("misspelt field accepted: %v", err)
	}
}

func TestDaemonSetAgreesWithBinaries(t *testing.T) {
	checkDaemonSet(t, load(t))
}

// checkDaemonSet checks m's only DaemonSet against the paths, socket and
// config names compiled into the binaries, and the ConfigMap it mounts
// against the binaries' parsers.
func checkDaemonSet(t *testing.T, m *manifests) {
	t.Helper()
	if len(m.daemonSets) != 1 {
		t.Fatalf("want one DaemonSet, got %d", len(m.daemonSets))
	}
	ds := m.daemonSets[0]
	spec := ds.Spec.Template.Spec
	if !spec.HostNetwork {
		t.Error("hostNetwork must be true: diktyo writes the node's rules and routes")
	}
	if !spec.HostPID {
		t.Error("hostPID must be true: diktyo-nri watches each sandbox's pause process by the host pid NRI reports (pidfd_open)")
	}
	sel := ds.Spec.Selector.MatchLabels
	for k, v := range sel {
		if ds.Spec.Template.Labels[k] != v {
			t.Errorf("selector %s=%s does not match the pod template labels", k, v)
		}
	}
	main := container(t, spec.Containers, "diktyo-nri")
	for _, p := range leastPrivilegeProblems(spec) {
		t.Error(p)
	}
	if len(main.Command) == 0 || path.Base(main.Command[0]) != "diktyo-nri" {
		t.Fatalf("diktyo-nri container command %v", main.Command)
	}
	flags := parseFlags(main.Command[1:])
	wantFlag(t, flags, "config", policy.DefaultConfigPath)
	wantFlag(t, flags, "socket", defaultSocket)

	// Where each path the binaries use comes from.
	mounts := volumeSources(t, spec, main)
	wantHostPath(t, mounts, path.Dir(defaultSocket), path.Dir(defaultSocket))
	wantHostPath(t, mounts, policy.DefaultBinDir, policy.DefaultBinDir)
	wantHostPath(t, mounts, policy.DefaultCacheDir, "/var/lib/diktyo")
	wantHostPath(t, mounts, policy.DefaultDebugDir, "/var/lib/diktyo")
	wantHostPath(t, mounts, "/run/xtables.lock", "/run/xtables.lock")
	wantHostPath(t, mounts, snat.DefaultLockFile, snat.DefaultLockFile)
	wantHostPath(t, mounts, iproute.DefaultStateDir, "/run/diktyo")
	wantHostPath(t, mounts, registerdns.DefaultHostsFile, "/var/lib/diktyo")
	netns := wantHostPath(t, mounts, "/var/run/netns/cni-x", "/var/run/netns")
	if netns.mount.MountPropagation == nil || *netns.mount.MountPropagation != corev1.MountPropagationHostToContainer {
		t.Error("/var/run/netns must be mounted with HostToContainer propagation: pod netns appear after diktyo-nri starts")
	}

	// The ConfigMap provides the admin config and the conflist under the
	// names the binaries look for.
	cfgMount := mountFor(t, mounts, policy.DefaultConfigPath)
	if cfgMount.volume.ConfigMap == nil {
		t.Fatalf("%s does not come from a ConfigMap", policy.DefaultConfigPath)
	}
	cm, ok := m.configMaps[cfgMount.volume.ConfigMap.Name]
	if !ok {
		t.Fatalf("ConfigMap %q: not defined by the manifests", cfgMount.volume.ConfigMap.Name)
	}
	for _, p := range []string{policy.DefaultConfigPath, policy.DefaultConflist} {
		if mountFor(t, mounts, p).volume.ConfigMap == nil {
			t.Errorf("%s is not in the config volume", p)
		}
		if _, ok := cm.Data[path.Base(p)]; !ok {
			t.Errorf("ConfigMap %s lacks key %s (for %s)", cm.Name, path.Base(p), p)
		}
	}
	checkAdminConfig(t, cm.Data[path.Base(policy.DefaultConfigPath)])
	checkConflist(t, cm.Data[path.Base(policy.DefaultConflist)])

	// The init container installs the plugins where the config says the
	// binaries are.
	initC := container(t, spec.InitContainers, "install-cni")
	imounts := volumeSources(t, spec, initC)
	var installsBinDir bool
	for _, mt := range imounts {
		if mt.volume.HostPath != nil && mt.volume.HostPath.Path == policy.DefaultBinDir {
			installsBinDir = strings.Contains(strings.Join(initC.Command, " "), mt.mount.MountPath) && !mt.mount.ReadOnly
		}
	}
	if !installsBinDir {
		t.Errorf("install-cni does not write into the host's %s", policy.DefaultBinDir)
	}
	if initC.Image != main.Image {
		t.Errorf("install-cni image %q differs from diktyo-nri image %q", initC.Image, main.Image)
	}
}

// nriCapabilities are the capabilities the diktyo-nri container adds after
// dropping ALL, and the only ones (docs/install.md, "Least privilege";
// test/e2e's TestKubelet checks the running process has exactly these):
// NET_ADMIN (netlink, nftables, iptables), NET_RAW (packet sockets of
// managed egress addresses; iptables-legacy's raw socket), SYS_ADMIN
// (setns into pod network namespaces), SYS_PTRACE (/proc/PID/ns/net of
// other containers' processes: the sandbox watch).
var nriCapabilities = []corev1.Capability{"NET_ADMIN", "NET_RAW", "SYS_ADMIN", "SYS_PTRACE"}

// writableMounts are the only paths diktyo-nri writes on the node: its
// state (libcni cache, debug dumps, hosts file, egress state), iproute's
// records and the local API socket, and ipmasq's iptables lock file (opened
// read-write); plus, in the pod only (an emptyDir), the links to the
// node's iptables flavour. Everything else is mounted read-only.
var writableMounts = []string{"/var/lib/diktyo", "/run/diktyo", snat.DefaultLockFile, "/run/diktyo-iptables"}

// leastPrivilegeProblems lists how spec's containers ask for more than
// diktyo needs: a privileged container, a capability beyond
// nriCapabilities (none at all for install-cni), a possible privilege
// escalation, a writable root filesystem, no RuntimeDefault seccomp
// profile, a writable mount diktyo-nri does not write to, a volume nothing
// mounts (/lib/modules was one).
func leastPrivilegeProblems(spec corev1.PodSpec) []string {
	var out []string
	check := func(c corev1.Container, wantAdd []corev1.Capability) {
		sc := c.SecurityContext
		if sc == nil {
			out = append(out, c.Name+": no securityContext")
			return
		}
		if sc.Privileged != nil && *sc.Privileged {
			out = append(out, c.Name+": privileged")
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			out = append(out, c.Name+": allowPrivilegeEscalation is not false")
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			out = append(out, c.Name+": readOnlyRootFilesystem is not true")
		}
		if sc.RunAsUser == nil || *sc.RunAsUser != 0 {
			out = append(out, c.Name+": runAsUser is not 0 (the node's files it writes are root's)")
		}
		seccomp := sc.SeccompProfile
		if seccomp == nil && spec.SecurityContext != nil {
			seccomp = spec.SecurityContext.SeccompProfile
		}
		if seccomp == nil || seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault {
			out = append(out, fmt.Sprintf("%s: seccompProfile %v, want RuntimeDefault", c.Name, seccomp))
		}
		var drop, add []corev1.Capability
		if sc.Capabilities != nil {
			drop, add = sc.Capabilities.Drop, slices.Sorted(slices.Values(sc.Capabilities.Add))
		}
		if !slices.Equal(drop, []corev1.Capability{"ALL"}) {
			out = append(out, fmt.Sprintf("%s: capabilities.drop %v, want [ALL]", c.Name, drop))
		}
		if !slices.Equal(add, wantAdd) {
			out = append(out, fmt.Sprintf("%s: capabilities.add %v, want exactly %v", c.Name, add, wantAdd))
		}
	}
	mounted := map[string]bool{}
	for _, c := range spec.InitContainers {
		check(c, nil)
		for _, m := range c.VolumeMounts {
			mounted[m.Name] = true
		}
	}
	for _, c := range spec.Containers {
		check(c, nriCapabilities)
		for _, m := range c.VolumeMounts {
			mounted[m.Name] = true
			if rw := slices.Contains(writableMounts, m.MountPath); m.ReadOnly == rw {
				out = append(out, fmt.Sprintf("%s: %s (volume %s) readOnly %v; writable are only %v", c.Name, m.MountPath, m.Name, m.ReadOnly, writableMounts))
			}
			if m.MountPropagation != nil && *m.MountPropagation == corev1.MountPropagationBidirectional {
				out = append(out, fmt.Sprintf("%s: %s: Bidirectional propagation (needs privileged)", c.Name, m.MountPath))
			}
		}
	}
	for _, v := range spec.Volumes {
		if !mounted[v.Name] {
			out = append(out, "volume "+v.Name+" is mounted by no container")
		}
	}
	return out
}

// TestLeastPrivilegeCheckCatches: each way of asking for more than diktyo
// needs is reported by leastPrivilegeProblems (the check above could
// otherwise prove nothing), and the base as shipped has none.
func TestLeastPrivilegeCheckCatches(t *testing.T) {
	ds := load(t).daemonSets[0]
	if p := leastPrivilegeProblems(ds.Spec.Template.Spec); len(p) > 0 {
		t.Fatalf("the base: %v", p)
	}
	yes, no, sysModule := true, false, corev1.Capability("SYS_MODULE")
	for name, c := range map[string]struct {
		mutate func(*corev1.PodSpec)
		want   string
	}{
		"privileged":    {func(s *corev1.PodSpec) { s.Containers[0].SecurityContext.Privileged = &yes }, "diktyo-nri: privileged"},
		"escalation":    {func(s *corev1.PodSpec) { s.Containers[0].SecurityContext.AllowPrivilegeEscalation = nil }, "allowPrivilegeEscalation"},
		"writable root": {func(s *corev1.PodSpec) { s.InitContainers[0].SecurityContext.ReadOnlyRootFilesystem = &no }, "install-cni: readOnlyRootFilesystem"},
		"unconfined": {func(s *corev1.PodSpec) {
			s.Containers[0].SecurityContext.SeccompProfile.Type = corev1.SeccompProfileTypeUnconfined
		}, "want RuntimeDefault"},
		"extra capability": {func(s *corev1.PodSpec) {
			c := s.Containers[0].SecurityContext.Capabilities
			c.Add = append(c.Add, sysModule)
		}, "SYS_MODULE"},
		"missing capability": {func(s *corev1.PodSpec) { c := s.Containers[0].SecurityContext.Capabilities; c.Add = c.Add[1:] }, "want exactly"},
		"init capability": {func(s *corev1.PodSpec) {
			s.InitContainers[0].SecurityContext.Capabilities.Add = []corev1.Capability{"DAC_OVERRIDE"}
		}, "install-cni: capabilities.add"},
		"no drop":           {func(s *corev1.PodSpec) { s.Containers[0].SecurityContext.Capabilities.Drop = nil }, "capabilities.drop"},
		"rw nri socket dir": {func(s *corev1.PodSpec) { setReadOnly(s, "/var/run/nri", false) }, "/var/run/nri"},
		"rw netns":          {func(s *corev1.PodSpec) { setReadOnly(s, "/var/run/netns", false) }, "/var/run/netns"},
		"ro state":          {func(s *corev1.PodSpec) { setReadOnly(s, "/var/lib/diktyo", true) }, "/var/lib/diktyo"},
		"lib-modules volume": {func(s *corev1.PodSpec) {
			s.Volumes = append(s.Volumes, corev1.Volume{Name: "lib-modules", VolumeSource: corev1.VolumeSource{HostPath: &corev1.HostPathVolumeSource{Path: "/lib/modules"}}})
		}, "volume lib-modules"},
	} {
		t.Run(name, func(t *testing.T) {
			spec := ds.Spec.Template.Spec.DeepCopy()
			c.mutate(spec)
			p := leastPrivilegeProblems(*spec)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
				t.Errorf("problems %q lack %q", p, c.want)
			}
		})
	}
}

// setReadOnly sets readOnly of diktyo-nri's mount at path.
func setReadOnly(s *corev1.PodSpec, path string, ro bool) {
	for i, m := range s.Containers[0].VolumeMounts {
		if m.MountPath == path {
			s.Containers[0].VolumeMounts[i].ReadOnly = ro
		}
	}
}

// checkAdminConfig parses the shipped admin config with the binary's own
// parser and checks it names the paths the DaemonSet provides.
func checkAdminConfig(t *testing.T, data string) {
	t.Helper()
	cfg, err := parseAdminConfig(data)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Chain.Conflist != policy.DefaultConflist {
		t.Errorf("config.yaml chain.conflist %q, want %q (where the ConfigMap puts it)", cfg.Chain.Conflist, policy.DefaultConflist)
	}
	if !slices.Contains(cfg.Chain.BinDirs, policy.DefaultBinDir) {
		t.Errorf("config.yaml chain.binDirs %v lack %s (where install-cni puts the plugins)", cfg.Chain.BinDirs, policy.DefaultBinDir)
	}
	if !strings.HasPrefix(cfg.Chain.CacheDir, "/var/lib/diktyo/") {
		t.Errorf("config.yaml chain.cacheDir %q is not on the DaemonSet's state volume /var/lib/diktyo", cfg.Chain.CacheDir)
	}
}

// parseAdminConfig parses an admin config as diktyo-nri does.
func parseAdminConfig(data string) (*policy.Config, error) {
	cfg, err := policy.ParseConfig([]byte(data))
	if err != nil {
		return nil, fmt.Errorf("config.yaml: %w", err)
	}
	return cfg, nil
}

// parseConflist parses a chain conflist as libcni does for diktyo-nri.
func parseConflist(data string) (*libcni.NetworkConfigList, error) {
	conf, err := libcni.ConfListFromBytes([]byte(data))
	if err != nil {
		return nil, fmt.Errorf("chain.conflist: %w", err)
	}
	return conf, nil
}

func checkConflist(t *testing.T, data string) {
	t.Helper()
	conf, err := parseConflist(data)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, p := range conf.Plugins {
		types = append(types, p.Network.Type)
	}
	if !slices.Equal(types, chainPlugins) {
		t.Errorf("chain.conflist plugins %v, want %v", types, chainPlugins)
	}
}

func TestDockerfileShipsWhatTheManifestsUse(t *testing.T) {
	df := string(readFile(t, "Dockerfile"))
	m := load(t)
	spec := m.daemonSets[0].Spec.Template.Spec
	main := container(t, spec.Containers, "diktyo-nri")
	if !strings.Contains(df, "COPY --from=build /out/diktyo-nri "+main.Command[0]) {
		t.Errorf("Dockerfile does not install diktyo-nri at %s", main.Command[0])
	}
	initC := container(t, spec.InitContainers, "install-cni")
	src := regexp.MustCompile(`for f in (\S+)/\*`).FindStringSubmatch(strings.Join(initC.Command, " "))
	if src == nil {
		t.Fatalf("install-cni: cannot find its source directory in %q", initC.Command)
	}
	if !strings.Contains(df, "COPY --from=build /out/cni/ "+src[1]+"/") {
		t.Errorf("Dockerfile does not put the plugins in %s, where install-cni reads them", src[1])
	}
	for _, p := range append(slices.Clone(chainPlugins), "noop") {
		if !regexp.MustCompile(`for p in [^;]*\b` + p + `\b`).MatchString(df) {
			t.Errorf("Dockerfile does not ship plugin %s", p)
		}
	}
	if !strings.Contains(df, "CGO_ENABLED=0") {
		t.Error("Dockerfile must build static binaries (CGO_ENABLED=0)")
	}
}

// TestContainerdDropIn checks the NRI drop-in enables NRI on the socket
// diktyo-nri dials, and the pre-installed mode's config file names the
// admin config.
func TestContainerdDropIn(t *testing.T) {
	toml := string(readFile(t, "containerd/10-diktyo-nri.toml"))
	section := regexp.MustCompile(`(?m)^\[plugins\.'io\.containerd\.nri\.v1\.nri'\]\s*$`).FindStringIndex(toml)
	if section == nil {
		t.Fatal("drop-in lacks [plugins.'io.containerd.nri.v1.nri']")
	}
	body := toml[section[1]:]
	if next := regexp.MustCompile(`(?m)^\[`).FindStringIndex(body); next != nil {
		body = body[:next[0]]
	}
	want := map[string]string{
		"disable":             "false",
		"disable_connections": "false",
		"socket_path":         "'" + defaultSocket + "'",
		"plugin_path":         "'/opt/nri/plugins'",
		"plugin_config_path":  "'/etc/nri/conf.d'",
	}
	got := map[string]string{}
	for _, kv := range regexp.MustCompile(`(?m)^\s*(\w+)\s*=\s*(.+?)\s*$`).FindAllStringSubmatch(body, -1) {
		got[kv[1]] = kv[2]
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("drop-in %s = %s, want %s", k, got[k], v)
		}
	}
	if !regexp.MustCompile(`(?m)^version = [23]$`).MatchString(toml) {
		t.Error("drop-in lacks `version = 3` (containerd 2.x) or 2")
	}

	var pre map[string]string
	strict(t, "nri/10-diktyo.conf", readFile(t, "nri/10-diktyo.conf"), &pre)
	if pre["configFile"] != policy.DefaultConfigPath || len(pre) != 1 {
		t.Errorf("nri/10-diktyo.conf = %v, want only configFile: %s", pre, policy.DefaultConfigPath)
	}
}

// TestBinaryDefaults checks the defaults diktyo-nri itself reports (its
// --help) against the paths the manifests and this test assume.
func TestBinaryDefaults(t *testing.T) {
	bin := filepath.Join(testutil.PluginDir(t), "diktyo-nri")
	out, err := exec.Command(bin, "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("diktyo-nri --help: %v\n%s", err, out)
	}
	defaults := map[string]string{}
	// pflag's usage: "      --socket string   NRI socket ... (default "/var/run/nri/nri.sock")".
	for _, m := range regexp.MustCompile(`(?m)^\s+(?:-\w, )?--(\S+) string\s.*\(default "([^"]*)"\)$`).FindAllStringSubmatch(string(out), -1) {
		defaults[m[1]] = m[2]
	}
	for flag, want := range map[string]string{"socket": defaultSocket, "config": policy.DefaultConfigPath, "name": "diktyo", "idx": "10"} {
		if defaults[flag] != want {
			t.Errorf("diktyo-nri --%s defaults to %q, want %q (usage:\n%s)", flag, defaults[flag], want, out)
		}
	}
}

// mount is a container's volume mount with the volume behind it.
type mount struct {
	mount  corev1.VolumeMount
	volume corev1.Volume
}

func container(t *testing.T, cs []corev1.Container, name string) corev1.Container {
	t.Helper()
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no container %q", name)
	return corev1.Container{}
}

func volumeSources(t *testing.T, spec corev1.PodSpec, c corev1.Container) []mount {
	t.Helper()
	var out []mount
	for _, vm := range c.VolumeMounts {
		i := slices.IndexFunc(spec.Volumes, func(v corev1.Volume) bool { return v.Name == vm.Name })
		if i < 0 {
			t.Fatalf("container %s mounts undefined volume %q", c.Name, vm.Name)
		}
		out = append(out, mount{vm, spec.Volumes[i]})
	}
	return out
}

// mountFor returns the mount that holds p inside the container (the
// longest mount path that is p or a parent of it).
func mountFor(t *testing.T, mounts []mount, p string) mount {
	t.Helper()
	var best mount
	for _, m := range mounts {
		mp := strings.TrimSuffix(m.mount.MountPath, "/")
		if (p == mp || strings.HasPrefix(p, mp+"/")) && len(mp) > len(best.mount.MountPath) {
			best = m
		}
	}
	if best.mount.Name == "" {
		t.Fatalf("nothing mounted at %s", p)
	}
	return best
}

// wantHostPath checks that p inside the container is the host's path at
// the same place under hostDir (the container sees the host's file).
func wantHostPath(t *testing.T, mounts []mount, p, hostDir string) mount {
	t.Helper()
	m := mountFor(t, mounts, p)
	hp := m.volume.HostPath
	if hp == nil {
		t.Errorf("%s: volume %s is not a hostPath", p, m.volume.Name)
		return m
	}
	if hp.Path != hostDir || m.mount.MountPath != hostDir {
		t.Errorf("%s: host %s mounted at %s, want host %s at the same path", p, hp.Path, m.mount.MountPath, hostDir)
	}
	return m
}

func parseFlags(args []string) map[string]string {
	out := map[string]string{}
	for _, a := range args {
		k, v, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		out[k] = v
	}
	return out
}

func wantFlag(t *testing.T, flags map[string]string, name, want string) {
	t.Helper()
	got, ok := flags[name]
	if ok && got != want {
		t.Errorf("--%s=%s, want the binary's default %s", name, got, want)
	}
}

// TestRequiredDropIn: the fail-closed drop-in requires the plugin by the
// name diktyo-nri registers, and offers pods no way to opt out.
func TestRequiredDropIn(t *testing.T) {
	toml := string(readFile(t, "containerd/20-diktyo-required.toml"))
	for _, want := range []string{
		"[plugins.'io.containerd.nri.v1.nri'.default_validator]",
		"enable = true",
		"required_plugins = ['diktyo']",
	} {
		if !strings.Contains(toml, want) {
			t.Errorf("20-diktyo-required.toml lacks %q", want)
		}
	}
	if regexp.MustCompile(`(?m)^\s*tolerate_missing_plugins_annotation\s*=`).MatchString(toml) {
		t.Error("20-diktyo-required.toml sets a toleration annotation: any pod could opt out")
	}
	// diktyo-nri registers as "diktyo" unless --name says otherwise.
	if m := regexp.MustCompile(`--name[= ]+(\S+)`).FindStringSubmatch(string(readFile(t, "daemonset.yaml"))); m != nil && m[1] != "diktyo" {
		t.Errorf("daemonset.yaml registers the plugin as %q; the required drop-in names diktyo", m[1])
	}
}
