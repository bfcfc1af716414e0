package deploy_test

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// TestChartCleanupHook: `helm uninstall` runs diktyo-nri cleanup on every
// node diktyo-nri ran on, with the release's config (a hook copy: the
// release's ConfigMap is gone by then) and the node paths diktyo-nri
// uses, and a Job waits until every node is done. Its pods are never
// diktyo-nri's (apart selectors), and its account may only read
// DaemonSets and pods.
func TestChartCleanupHook(t *testing.T) {
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, `
cniBinDir: /usr/libexec/cni
tsig: {existingSecret: diktyo-tsig}
extraVolumes: [{name: ca, configMap: {name: ca-bundle}}]
extraVolumeMounts: [{name: ca, mountPath: /etc/ssl/extra, readOnly: true}]
nodeSelector: {diktyo: "on"}
cleanup: {timeout: 7m, extraArgs: [--purge-logs]}
`))
	h := r.hooks
	nri := r.daemonSets[0]
	if len(h.daemonSets) != 1 || len(h.jobs) != 1 {
		t.Fatalf("hooks: %d DaemonSets, %d Jobs; want one each", len(h.daemonSets), len(h.jobs))
	}
	ds, job := h.daemonSets[0], h.jobs[0]
	for _, o := range []map[string]string{ds.Annotations, job.Annotations, h.configMaps["diktyo-cleanup"].Annotations} {
		if o["helm.sh/hook"] != "post-delete" || !strings.Contains(o["helm.sh/hook-delete-policy"], "hook-succeeded") {
			t.Errorf("cleanup hook annotations %v", o)
		}
	}
	if w := [3]string{h.configMaps["diktyo-cleanup"].Annotations["helm.sh/hook-weight"], ds.Annotations["helm.sh/hook-weight"], job.Annotations["helm.sh/hook-weight"]}; w != [3]string{"-10", "0", "10"} {
		t.Errorf("hook weights (config, DaemonSet, Job) %v: the config must come first, the waiting Job last", w)
	}
	if !maps.Equal(h.configMaps["diktyo-cleanup"].Data, r.configMaps["diktyo-config"].Data) {
		t.Errorf("the cleanup's config differs from the release's:\n%v\n%v", h.configMaps["diktyo-cleanup"].Data, r.configMaps["diktyo-config"].Data)
	}
	spec, nspec := ds.Spec.Template.Spec, nri.Spec.Template.Spec
	if !reflect.DeepEqual(spec.NodeSelector, nspec.NodeSelector) || !reflect.DeepEqual(spec.Tolerations, nspec.Tolerations) || !spec.HostNetwork {
		t.Errorf("cleanup runs on nodeSelector %v tolerations %v hostNetwork %v; want diktyo-nri's %v %v on the host network",
			spec.NodeSelector, spec.Tolerations, spec.HostNetwork, nspec.NodeSelector, nspec.Tolerations)
	}
	sel := labels.SelectorFromSet(nri.Spec.Selector.MatchLabels)
	if sel.Matches(labels.Set(ds.Spec.Template.Labels)) {
		t.Errorf("diktyo-nri's selector %v matches the cleanup pods' labels %v", sel, ds.Spec.Template.Labels)
	}
	expectSameHostPaths(t, nspec, spec)
	c := container(t, spec.InitContainers, "cleanup")
	for _, want := range []string{"cleanup", "--config=/etc/diktyo/config.yaml", "--cni-bin-dir=/host/opt/cni/bin", "--iptables=auto", "--purge-logs"} {
		if !slices.Contains(c.Command, want) {
			t.Errorf("cleanup command %v lacks %q", c.Command, want)
		}
	}
	mounts := map[string]corev1.VolumeMount{}
	for _, m := range c.VolumeMounts {
		mounts[m.Name] = m
	}
	if m := mounts["cni-bin"]; m.MountPath != "/host/opt/cni/bin" || m.ReadOnly {
		t.Errorf("cni-bin mount %+v: cleanup removes diktyo's binaries there", m)
	}
	for _, name := range []string{"config", "state", "run-state", "netns", "xtables-lock", "ipmasq-lock", "tsig", "ca"} {
		if _, ok := mounts[name]; !ok {
			t.Errorf("cleanup container does not mount %s", name)
		}
	}
	if c.TerminationMessagePolicy != corev1.TerminationMessageFallbackToLogsOnError {
		t.Errorf("cleanup terminationMessagePolicy %q: its kept: lines should be the pod's termination message", c.TerminationMessagePolicy)
	}
	w := container(t, job.Spec.Template.Spec.Containers, "wait")
	if want := []string{"wait-ready", "diktyo-cleanup", "--namespace=diktyo-system", "--allow-empty", "--timeout=7m"}; !containsAll(w.Command, want) {
		t.Errorf("Job command %v, want %v", w.Command, want)
	}
	expectCheckerAccount(t, h, job.Spec.Template.Spec.ServiceAccountName)
}

// TestChartTestHook: `helm test` waits until diktyo-nri's DaemonSet is
// available on every node, as the checker account.
func TestChartTestHook(t *testing.T) {
	h := render(t, "diktyo", "diktyo-system").hooks
	if len(h.pods) != 1 {
		t.Fatalf("test hooks: %d pods, want 1", len(h.pods))
	}
	p := h.pods[0]
	if p.Annotations["helm.sh/hook"] != "test" || p.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("test pod annotations %v, restartPolicy %q", p.Annotations, p.Spec.RestartPolicy)
	}
	c := container(t, p.Spec.Containers, "ready")
	if want := []string{"wait-ready", "diktyo-nri", "--namespace=diktyo-system"}; !containsAll(c.Command, want) {
		t.Errorf("test command %v, want %v", c.Command, want)
	}
	expectCheckerAccount(t, h, p.Spec.ServiceAccountName)
}

// TestChartHooksOff: with cleanup and test off, the chart renders no hook.
func TestChartHooksOff(t *testing.T) {
	h := render(t, "diktyo", "diktyo-system", valuesYAML(t, "{cleanup: {enabled: false}, test: {enabled: false}}")).hooks
	if o := h.objects(); len(o) != 0 || len(h.jobs)+len(h.pods) != 0 {
		t.Errorf("hooks off rendered %v, %d jobs, %d pods", o, len(h.jobs), len(h.pods))
	}
}

// expectSameHostPaths checks that every hostPath the cleanup pod mounts
// is diktyo-nri's volume of the same name and path, and that it has all
// of diktyo-nri's but the NRI socket's.
func expectSameHostPaths(t *testing.T, nri, cleanup corev1.PodSpec) {
	t.Helper()
	want := map[string]string{}
	for _, v := range nri.Volumes {
		if v.HostPath != nil && v.Name != "nri-socket" {
			want[v.Name] = v.HostPath.Path
		}
	}
	got := map[string]string{}
	for _, v := range cleanup.Volumes {
		if v.HostPath != nil {
			got[v.Name] = v.HostPath.Path
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("cleanup host paths %v, want diktyo-nri's %v", got, want)
	}
}

func expectCheckerAccount(t *testing.T, h *manifests, sa string) {
	t.Helper()
	if !slices.ContainsFunc(h.accounts, func(a *corev1.ServiceAccount) bool { return a.Name == sa }) {
		t.Errorf("service account %q is not a hook of the chart", sa)
	}
	if len(h.roles) != 1 || len(h.roleBindings) != 1 || h.roleBindings[0].Subjects[0].Name != sa {
		t.Fatalf("checker RBAC: %d roles, %d bindings", len(h.roles), len(h.roleBindings))
	}
	for _, rule := range h.roles[0].Rules {
		for _, v := range rule.Verbs {
			if v != "get" && v != "list" {
				t.Errorf("checker role may %s %v: it only reads", v, rule.Resources)
			}
		}
	}
	if hk := h.roles[0].Annotations["helm.sh/hook"]; hk != "test,post-delete" {
		t.Errorf("checker role hooks %q", hk)
	}
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// TestChartNRISetup: off by default; on, an init container before
// install-cni runs enable-nri on the runtime's config directory, mounted
// writable only for containerd, privileged only when it may restart.
func TestChartNRISetup(t *testing.T) {
	if spec := render(t, "diktyo", "diktyo-system").daemonSets[0].Spec.Template.Spec; spec.InitContainers[0].Name != "install-cni" {
		t.Errorf("default: first init container %q, want install-cni (nriSetup is opt-in)", spec.InitContainers[0].Name)
	}
	for _, tc := range []struct {
		values, dir string
		readOnly    bool
		privileged  bool
		args        []string
	}{
		{"nriSetup: {enabled: true}", "/etc/containerd", false, false, []string{"enable-nri", "--root=/host", "--runtime=containerd"}},
		{"nriSetup: {enabled: true, restart: true}", "/etc/containerd", false, true, []string{"--restart"}},
		{"nriSetup: {enabled: true, runtime: k3s}", "/var/lib/rancher/k3s/agent/etc/containerd", true, false, []string{"--runtime=k3s"}},
	} {
		spec := render(t, "diktyo", "diktyo-system", valuesYAML(t, tc.values)).daemonSets[0].Spec.Template.Spec
		c := spec.InitContainers[0]
		if c.Name != "enable-nri" || !containsAll(c.Command, tc.args) {
			t.Errorf("%s: first init container %s %v, want enable-nri with %v", tc.values, c.Name, c.Command, tc.args)
			continue
		}
		var hostPath string
		for _, v := range spec.Volumes {
			if v.Name == "runtime-config" && v.HostPath != nil {
				hostPath = v.HostPath.Path
			}
		}
		if hostPath != tc.dir || len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != "/host"+tc.dir || c.VolumeMounts[0].ReadOnly != tc.readOnly {
			t.Errorf("%s: runtime-config volume %q, mounts %+v; want %s at /host%s, readOnly %v", tc.values, hostPath, c.VolumeMounts, tc.dir, tc.dir, tc.readOnly)
		}
		if priv := c.SecurityContext != nil && c.SecurityContext.Privileged != nil && *c.SecurityContext.Privileged; priv != tc.privileged {
			t.Errorf("%s: privileged %v, want %v", tc.values, priv, tc.privileged)
		}
	}
	if _, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "nriSetup: {enabled: true, runtime: docker}")); err == nil {
		t.Error("nriSetup.runtime docker: rendered, want the schema to refuse it")
	}
}
