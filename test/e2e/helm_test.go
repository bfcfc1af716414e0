package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// helmValues go beyond the chart's defaults: the install must work with
// them through the real API server and kubelet.
var helmValues = map[string]any{
	"serviceAccount":    map[string]any{"name": "diktyo-ops"},
	"extraVolumes":      []any{map[string]any{"name": "extra", "emptyDir": map[string]any{}}},
	"extraVolumeMounts": []any{map[string]any{"name": "extra", "mountPath": "/etc/diktyo-extra", "readOnly": true}},
	"minReadySeconds":   5,
	"monitoring":        map[string]any{"grafanaDashboard": map[string]any{"enabled": true}},
	"cleanup":           map[string]any{"timeout": "3m"},
	"test":              map[string]any{"timeout": "3m"},
}

// helmLifecycle is what helm install, helm test and helm uninstall do with
// the chart, step by step through the API (helm's library renders; the
// CLI is not part of the module): the release's objects applied, in a
// namespace made first (helm install --create-namespace); the test hooks
// applied and their pod's success awaited; the release's objects deleted,
// then the post-delete hooks applied and their Job's completion awaited.
// In between, the same checks as the kustomize install. After the
// uninstall the node holds none of diktyo's shared objects or state.
func (c *clusterNode) helmLifecycle(t *testing.T, podNS string) {
	v := c.vm
	chart := renderChart(t, filepath.Join(v.repo, "deploy/helm/diktyo"), "diktyo", diktyoNamespace, helmValues)
	release, test, postDelete := splitHooks(t, chart)
	c.mustKubectl(t, "create", "namespace", diktyoNamespace)
	t.Cleanup(func() {
		if _, err := c.kubectl("", "delete", "namespace", diktyoNamespace, "--ignore-not-found", "--wait=true", "--timeout=2m"); err != nil {
			t.Error(err)
		}
	})

	rel := t.TempDir()
	writeFile(t, filepath.Join(rel, "release.yaml"), release)
	ds := daemonSetOf(t, release)
	c.nodePaths(t, rel, "release.yaml", []string{configMapOf(t, release)}, ds)
	c.expectOnlyNodePaths(t, release, c.mustKubectl(t, "kustomize", rel))
	if t.Failed() {
		return
	}
	t.Cleanup(func() { _, _ = c.kubectl("", "delete", "-k", rel, "--ignore-not-found", "--wait=true") })
	c.mustKubectl(t, "apply", "-k", rel)
	c.waitNRI(t, ds.Name)
	if sa := ds.Spec.Template.Spec.ServiceAccountName; sa != "diktyo-ops" {
		t.Errorf("serviceAccount.name diktyo-ops: the DaemonSet runs as %q", sa)
	}
	c.apiInUse(t, ds.Name)
	c.refusedPod(t, podNS)
	c.policyDeployment(t, podNS)

	// helm test
	c.runHooks(t, "test", test, "", "pod/diktyo-test-ready", "jsonpath={.status.phase}=Succeeded")

	// helm uninstall
	c.mustKubectl(t, "delete", "-k", rel, "--wait=true")
	hooks := t.TempDir()
	writeFile(t, filepath.Join(hooks, "post-delete.yaml"), postDelete)
	c.nodePaths(t, hooks, "post-delete.yaml", []string{configMapOf(t, postDelete)}, daemonSetOf(t, postDelete))
	c.runHooks(t, "post-delete", "", hooks, "job/diktyo-cleanup", "condition=complete")
	expectNoSharedState(t, v)
	if _, err := os.Stat(v.dir("diktyo", "cni-cache")); !os.IsNotExist(err) {
		t.Errorf("chain cache after the post-delete hook: stat = %v, want removed", err)
	}
	// The test VM's own chain runs the plugins that cleanup removed from
	// the node's CNI bin dir: put them back for the tests after this one.
	if err := v.script(os.Stderr, "up", "--nri", "none"); err != nil {
		t.Fatal(err)
	}
}

// runHooks applies hook objects (a file's content, or a kustomize dir),
// waits for what (kubectl wait --for=cond), and deletes them, as helm
// does with hook-delete-policy hook-succeeded. On failure it logs the
// hooks' pods' output.
func (c *clusterNode) runHooks(t *testing.T, name, stream, dir, what, cond string) {
	t.Helper()
	args := []string{"-k", dir}
	if dir == "" {
		f := filepath.Join(t.TempDir(), name+".yaml")
		writeFile(t, f, stream)
		args = []string{"-f", f}
	}
	c.mustKubectl(t, append([]string{"apply"}, args...)...)
	_, err := c.kubectl("", "-n", diktyoNamespace, "wait", "--for="+cond, what, "--timeout=4m")
	if err != nil {
		c.dump(t)
	}
	logs := [][]string{{"logs", what, "--all-containers"}}
	if name == "post-delete" {
		logs = append(logs, []string{"logs", "ds/diktyo-cleanup", "-c", "cleanup"})
	}
	for _, l := range logs {
		out, lerr := c.kubectl("", append([]string{"-n", diktyoNamespace}, l...)...)
		t.Logf("%s hooks: kubectl %s:\n%s%v", name, strings.Join(l, " "), out, lerr)
	}
	if err != nil {
		t.Fatalf("%s hooks: %v", name, err)
	}
	c.mustKubectl(t, append([]string{"delete", "--wait=true"}, args...)...)
}

// splitHooks splits a rendered chart into the release's objects and the
// hooks of helm test and of helm uninstall (an object of both hooks goes
// to both).
func splitHooks(t *testing.T, stream string) (release, test, postDelete string) {
	t.Helper()
	var r, te, pd strings.Builder
	for _, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(stream, -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		var o struct {
			Metadata struct {
				Annotations map[string]string `json:"annotations"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			t.Fatal(err)
		}
		hooks, ok := o.Metadata.Annotations["helm.sh/hook"]
		if !ok {
			r.WriteString("---\n" + doc + "\n")
			continue
		}
		for _, h := range strings.Split(hooks, ",") {
			switch h {
			case "test":
				te.WriteString("---\n" + doc + "\n")
			case "post-delete":
				pd.WriteString("---\n" + doc + "\n")
			default:
				t.Fatalf("hook %q: not one this test runs", h)
			}
		}
	}
	return r.String(), te.String(), pd.String()
}

// configMapOf is the name of the one diktyo config ConfigMap in stream
// (the one with a config.yaml).
func configMapOf(t *testing.T, stream string) string {
	t.Helper()
	for key, o := range objects(t, stream) {
		if data, _ := o["data"].(map[string]any); strings.HasPrefix(key, "ConfigMap/") && data["config.yaml"] != nil {
			return key[strings.LastIndex(key, "/")+1:]
		}
	}
	t.Fatal("no ConfigMap with a config.yaml")
	return ""
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
