package deploy_test

// The Helm chart (helm/diktyo) is rendered here in-process and checked
// against the kustomize base and the binaries, as the base itself is in
// deploy_test.go.
//
// The library is Helm v3's (helm.sh/helm/v3), on purpose: only its chart
// loader, chartutil and engine packages are used, and for this module they
// add about 250 packages to this test's build where Helm v4's equivalents
// add about 365; v4 would also raise golang.org/x/net, golang.org/x/text and
// wazero, which diktyo's binaries link (both raise grpc). The chart
// (apiVersion v2) is the same for either: the helm 3 and helm 4 CLIs both
// install it, and moving this file to v4 changes only the imports below.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/policy"
)

const (
	chartDir = "helm/diktyo"
	// customValues overrides what operators change (image, scheduling,
	// env, resources, the admin config, the chain).
	customValues = "testdata/helm/custom-values.yaml"
)

// renderChart renders the chart as `helm template RELEASE helm/diktyo
// --namespace NAMESPACE -f VALUES...` does: the values are merged in order
// over values.yaml and validated against values.schema.json. The engine is
// strict: a template reading a value that does not exist fails. The result
// maps each template's path to its output.
func renderChart(release, namespace string, values ...map[string]any) (map[string]string, error) {
	ch, err := loader.Load(chartDir)
	if err != nil {
		return nil, err
	}
	if err := ch.Validate(); err != nil {
		return nil, err
	}
	user := map[string]any{}
	for _, v := range values {
		user = mergeValues(user, v)
	}
	opts := chartutil.ReleaseOptions{Name: release, Namespace: namespace, Revision: 1, IsInstall: true}
	rv, err := chartutil.ToRenderValues(ch, user, opts, chartutil.DefaultCapabilities)
	if err != nil {
		return nil, err
	}
	return engine.Engine{Strict: true}.Render(ch, rv)
}

// mergeValues merges src into dst as the helm CLI merges its -f files and
// --set flags: maps key by key, anything else replaced.
func mergeValues(dst, src map[string]any) map[string]any {
	out := maps.Clone(dst)
	for k, v := range src {
		if vm, ok := v.(map[string]any); ok {
			if dm, ok := out[k].(map[string]any); ok {
				out[k] = mergeValues(dm, vm)
				continue
			}
		}
		out[k] = v
	}
	return out
}

// valuesFile reads a values file as `helm -f` does.
func valuesFile(t *testing.T, name string) map[string]any {
	t.Helper()
	v, err := chartutil.ReadValuesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// valuesYAML parses values given inline, as a values file.
func valuesYAML(t *testing.T, s string) map[string]any {
	t.Helper()
	v, err := chartutil.ReadValues([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// rendered is the chart's output, decoded strictly: the release's
// objects (what `helm template --no-hooks` prints, and the kustomize
// base's counterpart), and apart from them the hooks.
type rendered struct {
	*manifests
	hooks *manifests
	out   map[string]string
	notes string
}

// render renders the chart and decodes every object it produces strictly
// into the Kubernetes API types (the decoder of the kustomize base).
func render(t *testing.T, release, namespace string, values ...map[string]any) *rendered {
	t.Helper()
	out, err := renderChart(release, namespace, values...)
	if err != nil {
		t.Fatalf("rendering the chart: %v", err)
	}
	r := &rendered{manifests: &manifests{configMaps: map[string]*corev1.ConfigMap{}},
		hooks: &manifests{configMaps: map[string]*corev1.ConfigMap{}}, out: out}
	for _, name := range slices.Sorted(maps.Keys(out)) {
		switch {
		case strings.HasSuffix(name, "/NOTES.txt"):
			r.notes = out[name]
			continue
		case !strings.HasSuffix(name, ".yaml"):
			t.Fatalf("%s: unexpected template output", name)
		}
		for i, doc := range splitDocs([]byte(out[name])) {
			m := r.manifests
			if isHook(t, doc) {
				m = r.hooks
			}
			m.decode(t, fmt.Sprintf("%s document %d", name, i), doc)
		}
	}
	return r
}

// isHook reports whether doc is a Helm hook (helm.sh/hook annotation).
func isHook(t *testing.T, doc []byte) bool {
	t.Helper()
	var o struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal(doc, &o); err != nil {
		t.Fatal(err)
	}
	_, ok := o.Metadata.Annotations["helm.sh/hook"]
	return ok
}

// object is a kind and a name.
type object struct{ kind, name string }

func (m *manifests) objects() []object {
	var out []object
	for _, o := range m.namespaces {
		out = append(out, object{"Namespace", o.Name})
	}
	for _, o := range m.accounts {
		out = append(out, object{"ServiceAccount", o.Name})
	}
	for _, o := range m.configMaps {
		out = append(out, object{"ConfigMap", o.Name})
	}
	for _, o := range m.daemonSets {
		out = append(out, object{"DaemonSet", o.Name})
	}
	for _, o := range m.clusterRoles {
		out = append(out, object{"ClusterRole", o.Name})
	}
	for _, o := range m.clusterRoleBindings {
		out = append(out, object{"ClusterRoleBinding", o.Name})
	}
	for _, o := range m.roles {
		out = append(out, object{"Role", o.Name})
	}
	for _, o := range m.roleBindings {
		out = append(out, object{"RoleBinding", o.Name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].kind+"/"+out[i].name < out[j].kind+"/"+out[j].name })
	return out
}

// namespaced returns the namespaced objects' metadata with their kind.
func (m *manifests) namespaced() map[object]*objectMeta {
	out := map[object]*objectMeta{}
	for _, o := range m.accounts {
		out[object{"ServiceAccount", o.Name}] = &objectMeta{o.Namespace, o.Labels}
	}
	for _, o := range m.configMaps {
		out[object{"ConfigMap", o.Name}] = &objectMeta{o.Namespace, o.Labels}
	}
	for _, o := range m.daemonSets {
		out[object{"DaemonSet", o.Name}] = &objectMeta{o.Namespace, o.Labels}
	}
	for _, o := range m.roles {
		out[object{"Role", o.Name}] = &objectMeta{o.Namespace, o.Labels}
	}
	for _, o := range m.roleBindings {
		out[object{"RoleBinding", o.Name}] = &objectMeta{o.Namespace, o.Labels}
	}
	return out
}

type objectMeta struct {
	namespace string
	labels    map[string]string
}

// kustomized returns an image reference after the base's images
// transformer (kustomization.yaml's images), as kubectl apply -k sees it.
func kustomized(k kustomization, image string) string {
	name, tag, _ := strings.Cut(image, ":")
	for _, i := range k.Images {
		if i.Name != name {
			continue
		}
		if i.NewName != "" {
			name = i.NewName
		}
		if i.NewTag != "" {
			tag = i.NewTag
		}
	}
	return name + ":" + tag
}

// baseAsApplied is the base's DaemonSet as kustomize renders it: images
// and the common labels applied.
func baseAsApplied(t *testing.T, m *manifests) *appsv1.DaemonSet {
	t.Helper()
	if len(m.daemonSets) != 1 {
		t.Fatalf("kustomize base: want one DaemonSet, got %d", len(m.daemonSets))
	}
	ds := m.daemonSets[0].DeepCopy()
	for _, cs := range [][]corev1.Container{ds.Spec.Template.Spec.InitContainers, ds.Spec.Template.Spec.Containers} {
		for i := range cs {
			cs[i].Image = kustomized(m.kust, cs[i].Image)
		}
	}
	if ds.Labels == nil {
		ds.Labels = map[string]string{}
	}
	for _, l := range m.kust.Labels {
		maps.Copy(ds.Labels, l.Pairs)
	}
	ds.Namespace = m.kust.Namespace
	return ds
}

// daemonSetDiffs compares the chart's DaemonSet with the base's, field by
// field: every field of the pod spec and of each container (matched by
// name), the update strategy, and the base's selector and labels, which the
// chart's must include. It returns the differing fields, each with both
// values.
func daemonSetDiffs(base, chart *appsv1.DaemonSet) map[string]string {
	diffs := map[string]string{}
	differ := func(field string, b, c any) {
		if !equality.Semantic.DeepEqual(b, c) {
			bj, _ := json.Marshal(b)
			cj, _ := json.Marshal(c)
			diffs[field] = fmt.Sprintf("base %s, chart %s", bj, cj)
		}
	}
	subset := func(field string, b, c map[string]string) {
		for k, v := range b {
			if c[k] != v {
				diffs[field+"["+k+"]"] = fmt.Sprintf("base %q, chart %q", v, c[k])
			}
		}
	}
	subset("selector", base.Spec.Selector.MatchLabels, chart.Spec.Selector.MatchLabels)
	subset("labels", base.Labels, chart.Labels)
	subset("template.labels", base.Spec.Template.Labels, chart.Spec.Template.Labels)
	differ("updateStrategy", base.Spec.UpdateStrategy, chart.Spec.UpdateStrategy)

	b, c := reflect.ValueOf(base.Spec.Template.Spec), reflect.ValueOf(chart.Spec.Template.Spec)
	for i := range b.NumField() {
		f := b.Type().Field(i)
		name := jsonName(f)
		switch f.Name {
		case "Containers", "InitContainers":
			bcs, ccs := b.Field(i).Interface().([]corev1.Container), c.Field(i).Interface().([]corev1.Container)
			differ(name+" (names)", containerNames(bcs), containerNames(ccs))
			for _, bc := range bcs {
				j := slices.IndexFunc(ccs, func(cc corev1.Container) bool { return cc.Name == bc.Name })
				if j < 0 {
					continue
				}
				bv, cv := reflect.ValueOf(bc), reflect.ValueOf(ccs[j])
				for k := range bv.NumField() {
					differ(name+"["+bc.Name+"]."+jsonName(bv.Type().Field(k)), bv.Field(k).Interface(), cv.Field(k).Interface())
				}
			}
		default:
			differ(name, b.Field(i).Interface(), c.Field(i).Interface())
		}
	}
	return diffs
}

func jsonName(f reflect.StructField) string {
	n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return n
}

func containerNames(cs []corev1.Container) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// sameYAML reports whether two YAML (or JSON) documents hold the same data.
func sameYAML(t *testing.T, a, b string) bool {
	t.Helper()
	var av, bv any
	if err := yaml.Unmarshal([]byte(a), &av); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal([]byte(b), &bv); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(av, bv)
}

// checkChartObjects checks what any rendering must satisfy: every
// namespaced object in the release namespace, the DaemonSet's service
// account rendered, and the DaemonSet agreeing with the binaries (their
// paths, and the admin config and conflist it mounts parsed by diktyo-nri's
// own parsers).
func checkChartObjects(t *testing.T, r *rendered, namespace string) {
	t.Helper()
	for o, meta := range r.namespaced() {
		if meta.namespace != namespace {
			t.Errorf("%s %s: namespace %q, want the release namespace %q", o.kind, o.name, meta.namespace, namespace)
		}
	}
	checkDaemonSet(t, r.manifests)
	spec := r.daemonSets[0].Spec.Template.Spec
	i := slices.IndexFunc(r.accounts, func(sa *corev1.ServiceAccount) bool { return sa.Name == spec.ServiceAccountName })
	if i < 0 {
		t.Fatalf("DaemonSet serviceAccountName %q: no such ServiceAccount", spec.ServiceAccountName)
	}
	if sa := r.accounts[i]; sa.AutomountServiceAccountToken == nil || !*sa.AutomountServiceAccountToken {
		t.Error("ServiceAccount mounts no token: diktyo-nri's Events and Leases need one (docs/cluster.md)")
	}
}

// TestChartDefaultsMatchKustomize: with default values and the release
// named diktyo in diktyo-system, the chart renders the base's objects with
// the base's names, the same DaemonSet in every field, and a ConfigMap
// holding deploy/config.yaml and deploy/chain.conflist.
func TestChartDefaultsMatchKustomize(t *testing.T) {
	base := load(t)
	r := render(t, "diktyo", base.kust.Namespace)
	checkChartObjects(t, r, base.kust.Namespace)

	// The same objects, but the namespace (off by default: helm install
	// needs the release namespace to exist already).
	want := slices.DeleteFunc(base.objects(), func(o object) bool { return o.kind == "Namespace" })
	if got := r.objects(); !slices.Equal(got, want) {
		t.Errorf("chart objects %v, want the kustomize base's %v", got, want)
	}

	diffs := daemonSetDiffs(baseAsApplied(t, base), r.daemonSets[0])
	for _, f := range slices.Sorted(maps.Keys(diffs)) {
		t.Errorf("DaemonSet %s: %s", f, diffs[f])
	}

	// Labels: the base's (kustomize adds part-of to every object) are on
	// the chart's objects too.
	baseMeta := base.namespaced()
	for o, meta := range r.namespaced() {
		want := map[string]string{}
		if bm, ok := baseMeta[o]; ok {
			maps.Copy(want, bm.labels)
		}
		for _, l := range base.kust.Labels {
			maps.Copy(want, l.Pairs)
		}
		for k, v := range want {
			if meta.labels[k] != v {
				t.Errorf("%s %s: label %s=%q, want %q as in the kustomize base", o.kind, o.name, k, meta.labels[k], v)
			}
		}
	}

	// The ConfigMap holds the base's two files (as data: toYaml and JSON
	// re-encode them, comments and key order aside).
	cm := r.configMaps["diktyo-config"]
	bcm := base.configMaps["diktyo-config"]
	if cm == nil || bcm == nil {
		t.Fatalf("ConfigMap diktyo-config: chart %v, base %v", cm != nil, bcm != nil)
	}
	if got, want := slices.Sorted(maps.Keys(cm.Data)), slices.Sorted(maps.Keys(bcm.Data)); !slices.Equal(got, want) {
		t.Errorf("ConfigMap keys %v, want %v", got, want)
	}
	for k, v := range bcm.Data {
		if !sameYAML(t, cm.Data[k], v) {
			t.Errorf("ConfigMap %s differs from deploy/%s:\n%s", k, k, cm.Data[k])
		}
	}

	if !strings.Contains(r.notes, "ds/diktyo-nri") || !strings.Contains(r.notes, "grants nothing") {
		t.Errorf("NOTES.txt does not name the DaemonSet or warn that the default config grants nothing:\n%s", r.notes)
	}
}

// TestChartNamespaceOptional: namespace.create renders the base's
// Namespace (pod security "privileged") for the release namespace.
func TestChartNamespaceOptional(t *testing.T) {
	base := load(t)
	r := render(t, "diktyo", base.kust.Namespace, valuesYAML(t, "namespace: {create: true}"))
	if got, want := r.objects(), base.objects(); !slices.Equal(got, want) {
		t.Fatalf("chart objects %v, want the kustomize base's %v", got, want)
	}
	for k, v := range base.namespaces[0].Labels {
		if strings.HasPrefix(k, "pod-security.kubernetes.io/") && r.namespaces[0].Labels[k] != v {
			t.Errorf("Namespace label %s=%q, want %q", k, r.namespaces[0].Labels[k], v)
		}
	}
}

// TestChartCustomValues renders the chart with a values file changing what
// operators change, under another release name and namespace. The
// comparison with the base finds exactly the fields the file changes
// (proving it can fail), the binaries' checks still pass, and each value
// lands where it should.
func TestChartCustomValues(t *testing.T) {
	base := load(t)
	const release, namespace = "edge", "net-system"
	r := render(t, release, namespace, valuesFile(t, customValues))
	checkChartObjects(t, r, namespace)
	// rbac.create: false: no roles.
	want := []object{{"ConfigMap", "edge-diktyo-config"}, {"DaemonSet", "edge-diktyo-nri"}, {"ServiceAccount", "edge-diktyo-nri"}}
	if got := r.objects(); !slices.Equal(got, want) {
		t.Fatalf("objects %v, want %v", got, want)
	}
	ds := r.daemonSets[0]
	if ds.Spec.Selector.MatchLabels["app.kubernetes.io/instance"] != release {
		t.Errorf("selector %v does not select the release's pods only", ds.Spec.Selector.MatchLabels)
	}

	// Compare with the base, the object names put back.
	spec := &ds.Spec.Template.Spec
	bds := baseAsApplied(t, base)
	bspec := bds.Spec.Template.Spec
	spec.ServiceAccountName = bspec.ServiceAccountName
	for i := range spec.Volumes {
		if cm := spec.Volumes[i].ConfigMap; cm != nil && cm.Name == "edge-diktyo-config" {
			cm.Name = "diktyo-config"
		}
	}
	diffs := daemonSetDiffs(bds, ds)
	wantDiffs := []string{
		"affinity",
		"containers[diktyo-nri].command", // --metrics-addr, --log-level, --log-format, extraArgs
		"containers[diktyo-nri].env",
		"containers[diktyo-nri].image",
		"containers[diktyo-nri].imagePullPolicy",
		"containers[diktyo-nri].resources",
		"imagePullSecrets",
		"initContainers[install-cni].image",
		"initContainers[install-cni].imagePullPolicy",
		"initContainers[install-cni].resources",
		"nodeSelector",
		"priorityClassName",
		"tolerations",
		"updateStrategy",
	}
	if got := slices.Sorted(maps.Keys(diffs)); !slices.Equal(got, wantDiffs) {
		for _, f := range got {
			t.Logf("%s: %s", f, diffs[f])
		}
		t.Errorf("DaemonSet differs from the base in %v, want exactly %v", got, wantDiffs)
	}

	main := container(t, spec.Containers, "diktyo-nri")
	initC := container(t, spec.InitContainers, "install-cni")
	for _, c := range []corev1.Container{main, initC} {
		if c.Image != "registry.example.com/diktyo:v0.2.0-rc.1" || c.ImagePullPolicy != corev1.PullAlways {
			t.Errorf("%s: image %s (%s)", c.Name, c.Image, c.ImagePullPolicy)
		}
	}
	flags := parseFlags(main.Command[1:])
	for k, v := range map[string]string{"metrics-addr": ":9630", "log-level": "debug", "log-format": "json", "name": "diktyo"} {
		if flags[k] != v {
			t.Errorf("--%s=%q, want %q", k, flags[k], v)
		}
	}
	if flags["idx"] != "20" {
		t.Errorf("extraArgs not appended: %v", main.Command)
	}
	if len(main.Env) != 3 || main.Env[0].Name != "NODE_NAME" || main.Env[0].ValueFrom == nil ||
		main.Env[0].ValueFrom.FieldRef == nil || main.Env[0].ValueFrom.FieldRef.FieldPath != "spec.nodeName" ||
		main.Env[1].Name != "POD_NAMESPACE" || main.Env[2].Name != "GOMEMLIMIT" || main.Env[2].Value != "200MiB" {
		t.Errorf("env %+v, want NODE_NAME from spec.nodeName, POD_NAMESPACE, then extraEnv's GOMEMLIMIT=200MiB", main.Env)
	}
	if spec.PriorityClassName != "" || spec.NodeSelector["diktyo.io/enabled"] != "true" || len(spec.ImagePullSecrets) != 1 {
		t.Errorf("scheduling: priorityClassName %q nodeSelector %v imagePullSecrets %v", spec.PriorityClassName, spec.NodeSelector, spec.ImagePullSecrets)
	}
	if ds.Spec.Template.Annotations["prometheus.io/port"] != "9630" || ds.Spec.Template.Labels["team"] != "network" {
		t.Errorf("pod template annotations %v labels %v", ds.Spec.Template.Annotations, ds.Spec.Template.Labels)
	}

	// The admin config: the file's settings merged into the defaults.
	cm := r.configMaps["edge-diktyo-config"]
	cfg, err := parseAdminConfig(cm.Data["config.yaml"])
	if err != nil {
		t.Fatal(err)
	}
	if cfg.FailurePolicy != policy.FailurePolicyIgnore || len(cfg.Namespaces) != 1 ||
		!slices.Equal(cfg.Namespaces[0].Namespaces, []string{"team-a", "team-b-*"}) {
		t.Errorf("admin config: failurePolicy %q namespaces %+v", cfg.FailurePolicy, cfg.Namespaces)
	}
	if cfg.Chain.Conflist != policy.DefaultConflist || cfg.Reconcile.Parallelism != 4 {
		t.Errorf("admin config lost the defaults it did not override: %+v", cfg.Chain)
	}
	conf, err := parseConflist(cm.Data["chain.conflist"])
	if err != nil {
		t.Fatal(err)
	}
	var ipmasq struct{ Backend, Table string }
	if err := json.Unmarshal(conf.Plugins[0].Bytes, &ipmasq); err != nil || ipmasq.Backend != "nftables" {
		t.Errorf("chain's ipmasq: %+v %v, want the nftables backend", ipmasq, err)
	}
}

// TestChartConfigAsString: config and chain given as strings (`helm
// --set-file config=FILE --set-file chain=FILE`) land in the ConfigMap as
// they are.
func TestChartConfigAsString(t *testing.T) {
	files := map[string]any{
		"config": string(readFile(t, "config.yaml")),
		"chain":  string(readFile(t, "chain.conflist")),
	}
	r := render(t, "diktyo", "diktyo-system", files)
	checkChartObjects(t, r, "diktyo-system")
	cm := r.configMaps["diktyo-config"]
	for k, f := range map[string]string{"config.yaml": "config", "chain.conflist": "chain"} {
		if cm.Data[k] != files[f] {
			t.Errorf("ConfigMap %s is not the file as given:\n%s", k, cm.Data[k])
		}
	}
	if strings.Contains(r.notes, "grants nothing") {
		t.Error("NOTES.txt judges a config given as a string")
	}
}

// TestChartInvalidConfigFailsParse is the hostile case: the chart renders
// an invalid admin config or conflist from values as it is (only
// diktyo-nri's parsers know the format), and the test's parse of the
// rendered ConfigMap fails, naming the problem.
func TestChartInvalidConfigFailsParse(t *testing.T) {
	for _, tc := range []struct {
		name, values, key, want string
	}{
		{"failurePolicy", "config: {failurePolicy: sometimes}", "config.yaml", "failurePolicy"},
		{"misspelt field", "config: {namespaces: [{namespaces: [team-a], alow: {debug: true}}]}", "config.yaml", "alow"},
		{"relative conflist", "config: {chain: {conflist: chain.conflist}}", "config.yaml", "chain.conflist"},
		{"config not YAML", "config: 'failurePolicy: [fail'", "config.yaml", "yaml: line 1"},
		{"plugin without type", "chain: {plugins: [{backend: iptables}]}", "chain.conflist", "missing 'type'"},
		{"conflist without name", "chain: {name: null}", "chain.conflist", "no name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, tc.values))
			if err != nil {
				t.Fatalf("rendering: %v", err)
			}
			var cm corev1.ConfigMap
			strict(t, "configmap", []byte(out["diktyo/templates/configmap.yaml"]), &cm)
			data := cm.Data[tc.key]
			if tc.key == "config.yaml" {
				_, err = parseAdminConfig(data)
			} else {
				_, err = parseConflist(data)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parse of the rendered %s: %v, want an error naming %q\n%s", tc.key, err, tc.want, data)
			}
			if testing.Verbose() {
				t.Log(err)
			}
		})
	}
}

// TestChartRejectsBadValues: a misspelt values key fails the rendering
// (values.schema.json), and a misspelt Kubernetes field passed through
// values fails the strict decoding.
func TestChartRejectsBadValues(t *testing.T) {
	if _, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "nodeSelecter: {a: b}")); err == nil || !strings.Contains(err.Error(), "nodeSelecter") {
		t.Errorf("misspelt values key: %v", err)
	}
	if _, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "image: {pullPolicy: Sometimes}")); err == nil {
		t.Error("image.pullPolicy Sometimes accepted")
	}
	out, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "extraEnv: [{name: X, valu: y}]"))
	if err != nil {
		t.Fatal(err)
	}
	var ds appsv1.DaemonSet
	if err := yaml.UnmarshalStrict([]byte(out["diktyo/templates/daemonset.yaml"]), &ds); err == nil || !strings.Contains(err.Error(), "valu") {
		t.Errorf("misspelt EnvVar field accepted: %v", err)
	}
}

// TestChartSecurityContext: the default securityContexts are the base's
// least-privileged ones (checkChartObjects holds every rendering above to
// them); a values file merges into them key by key, a list (the added
// capabilities) replaced whole: a node without managed egress addresses
// and without iptables-legacy may drop NET_RAW, keeping everything else.
func TestChartSecurityContext(t *testing.T) {
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, `
securityContext:
  capabilities:
    add: [NET_ADMIN, SYS_ADMIN, SYS_PTRACE]
installCNI:
  securityContext:
    runAsUser: 1000
`))
	spec := r.daemonSets[0].Spec.Template.Spec
	problems := leastPrivilegeProblems(spec)
	want := []string{
		"install-cni: runAsUser is not 0 (the node's files it writes are root's)",
		"diktyo-nri: capabilities.add [NET_ADMIN SYS_ADMIN SYS_PTRACE], want exactly [NET_ADMIN NET_RAW SYS_ADMIN SYS_PTRACE]",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("overridden securityContexts: the checks report %q, want exactly %q", problems, want)
	}
	main := container(t, spec.Containers, "diktyo-nri")
	if sc := main.SecurityContext; sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) ||
		sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Errorf("diktyo-nri securityContext %+v lost the defaults the values did not override", sc)
	}
}

// TestChartCNIBinDir: cniBinDir moves the host side of the plugins' dir
// only; inside the containers it stays where the admin config looks.
func TestChartCNIBinDir(t *testing.T) {
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, "cniBinDir: /home/kubernetes/bin"))
	spec := r.daemonSets[0].Spec.Template.Spec
	main := container(t, spec.Containers, "diktyo-nri")
	m := mountFor(t, volumeSources(t, spec, main), policy.DefaultBinDir)
	if m.volume.HostPath == nil || m.volume.HostPath.Path != "/home/kubernetes/bin" || m.mount.MountPath != policy.DefaultBinDir {
		t.Errorf("%s: volume %+v mounted at %s", policy.DefaultBinDir, m.volume, m.mount.MountPath)
	}
	initC := container(t, spec.InitContainers, "install-cni")
	if im := volumeSources(t, spec, initC); len(im) != 1 || im[0].volume.Name != m.volume.Name {
		t.Errorf("install-cni does not write into the host's cniBinDir: %+v", im)
	}
}

// TestChartMetadata: the chart's appVersion is the base's image tag (the
// default image.tag), and values.yaml's config and chain are the base's
// files (the chart cannot drift from them).
func TestChartMetadata(t *testing.T) {
	base := load(t)
	ch, err := loader.Load(chartDir)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Metadata.APIVersion != "v2" || ch.Metadata.Version == "" {
		t.Errorf("Chart.yaml: apiVersion %q version %q", ch.Metadata.APIVersion, ch.Metadata.Version)
	}
	// The Kubernetes release of the API types this test decodes with
	// (k8s.io/api v0.X.Y is Kubernetes v1.X.Y).
	api := regexp.MustCompile(`(?m)^\s*k8s\.io/api v0\.(\d+\.\d+)`).FindStringSubmatch(string(readFile(t, "../go.mod")))
	if api == nil {
		t.Fatal("go.mod: no k8s.io/api")
	}
	kv := "v1." + api[1]
	if !chartutil.IsCompatibleRange(ch.Metadata.KubeVersion, kv) {
		t.Errorf("Chart.yaml kubeVersion %q excludes Kubernetes %s, whose API types this test decodes with", ch.Metadata.KubeVersion, kv)
	}
	main := container(t, baseAsApplied(t, base).Spec.Template.Spec.Containers, "diktyo-nri")
	if _, tag, _ := strings.Cut(main.Image, ":"); ch.Metadata.AppVersion != tag {
		t.Errorf("Chart.yaml appVersion %q, the kustomize base deploys %s", ch.Metadata.AppVersion, main.Image)
	}
	vals := valuesFile(t, path.Join(chartDir, "values.yaml"))
	for key, file := range map[string]string{"config": "config.yaml", "chain": "chain.conflist"} {
		j, err := json.Marshal(vals[key])
		if err != nil {
			t.Fatal(err)
		}
		if !sameYAML(t, string(j), string(readFile(t, file))) {
			t.Errorf("values.yaml %s differs from deploy/%s", key, file)
		}
	}
	if _, err := os.Stat(path.Join(chartDir, "values.schema.json")); err != nil {
		t.Error(err)
	}
}

// TestInstallDocHelmValues renders the chart with the example values file
// of docs/install.md, so that the example stays valid.
func TestInstallDocHelmValues(t *testing.T) {
	doc := string(readFile(t, "../docs/install.md"))
	_, rest, ok := strings.Cut(doc, "```yaml\n# my-values.yaml\n")
	if !ok {
		t.Fatal("docs/install.md: no ```yaml block starting with # my-values.yaml")
	}
	example, _, _ := strings.Cut(rest, "```")
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, example))
	checkChartObjects(t, r, "diktyo-system")
	cm := r.configMaps["diktyo-config"]
	cfg, err := parseAdminConfig(cm.Data["config.yaml"])
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Namespaces) != 1 || cfg.Namespaces[0].Allow.Masq == nil {
		t.Errorf("the example grants no masq to team-a: %+v", cfg.Namespaces)
	}
	if strings.Contains(r.notes, "grants nothing") {
		t.Error("NOTES.txt says a config with namespace rules grants nothing")
	}
}

// TestChartMonitoring: the ServiceMonitor (with its headless Service) and
// the PrometheusRule are off by default, render when enabled, and every
// alert names metrics diktyo-nri registers; a ServiceMonitor over
// loopback-only metrics is refused with a message naming the value.
func TestChartMonitoring(t *testing.T) {
	if r := render(t, "diktyo", "diktyo-system"); len(r.monitors) != 0 || len(r.services) != 0 {
		t.Fatalf("monitoring rendered by default: %d objects, %d services", len(r.monitors), len(r.services))
	}
	on := valuesYAML(t, "metricsAddr: \":9630\"\nmonitoring: {serviceMonitor: {enabled: true, labels: {release: prom}}, prometheusRule: {enabled: true}}")
	r := render(t, "diktyo", "diktyo-system", on)
	kinds := map[string]map[string]any{}
	for _, o := range r.monitors {
		kinds[o["kind"].(string)] = o
	}
	sm, pr := kinds["ServiceMonitor"], kinds["PrometheusRule"]
	if sm == nil || pr == nil || len(r.services) != 1 {
		t.Fatalf("rendered %v and %d services, want a ServiceMonitor, a PrometheusRule and one Service", slices.Collect(maps.Keys(kinds)), len(r.services))
	}
	svc := r.services[0]
	if svc.Spec.ClusterIP != "None" || len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Port != 9630 {
		t.Errorf("Service %+v: want headless, port 9630", svc.Spec)
	}
	ds := r.daemonSets[0]
	for k, v := range svc.Spec.Selector {
		if ds.Spec.Template.Labels[k] != v {
			t.Errorf("Service selector %s=%s does not select the DaemonSet's pods (%v)", k, v, ds.Spec.Template.Labels)
		}
	}
	// Decoded strictly into the Prometheus Operator's own types: a
	// misspelt or misplaced field is refused.
	smYAML, _ := yaml.Marshal(sm)
	var smTyped monitoringv1.ServiceMonitor
	if err := yaml.UnmarshalStrict(smYAML, &smTyped); err != nil || len(smTyped.Spec.Endpoints) != 1 || smTyped.Spec.Endpoints[0].Port != "metrics" {
		t.Errorf("ServiceMonitor as the operator's type: %v %+v", err, smTyped.Spec.Endpoints)
	}
	if !strings.Contains(string(smYAML), "release: prom") || !strings.Contains(string(smYAML), "port: metrics") {
		t.Errorf("ServiceMonitor lacks its extra label or the metrics port:\n%s", smYAML)
	}
	prYAML, _ := yaml.Marshal(pr)
	var prTyped monitoringv1.PrometheusRule
	if err := yaml.UnmarshalStrict(prYAML, &prTyped); err != nil || len(prTyped.Spec.Groups) != 1 || len(prTyped.Spec.Groups[0].Rules) < 5 {
		t.Errorf("PrometheusRule as the operator's type: %v", err)
	}
	registered := exportedMetrics(t)
	names := regexp.MustCompile(`diktyo_[a-z_]+`).FindAllString(string(prYAML), -1)
	if len(names) < 5 {
		t.Fatalf("PrometheusRule names %d metrics, want one per alert:\n%s", len(names), prYAML)
	}
	for _, n := range names {
		if !registered[n] {
			t.Errorf("PrometheusRule uses %s, which diktyo-nri does not register", n)
		}
	}
	for _, alert := range []string{"DiktyoPodFailures", "DiktyoDegraded", "DiktyoEgressPoolExhausted", "DiktyoSpoofedPackets", "DiktyoRepairFailing", "DiktyoForeignWrites"} {
		if !strings.Contains(string(prYAML), "alert: "+alert) {
			t.Errorf("PrometheusRule has no alert %s", alert)
		}
	}
	// The node's own address, as docs/cluster.md advises.
	nodeIP := render(t, "diktyo", "diktyo-system", valuesYAML(t, "metricsAddr: \"$(NODE_IP):9630\"\nmonitoring: {serviceMonitor: {enabled: true}}\n"+
		"extraEnv: [{name: NODE_IP, valueFrom: {fieldRef: {fieldPath: status.hostIP}}}]"))
	if len(nodeIP.services) != 1 || nodeIP.services[0].Spec.Ports[0].Port != 9630 {
		t.Errorf("metricsAddr $(NODE_IP):9630: services %+v", nodeIP.services)
	}
	_, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "monitoring: {serviceMonitor: {enabled: true}}"))
	if err == nil || !strings.Contains(err.Error(), `metricsAddr "127.0.0.1:9630" is loopback only`) {
		t.Errorf("ServiceMonitor over loopback metrics: %v, want a refusal naming metricsAddr", err)
	}
}

// TestChartProbes: the kubelet probes diktyo-nri where metricsAddr
// listens (a wildcard host on loopback), readiness on /readyz, and a
// chart without metricsAddr refuses to render rather than ship a
// DaemonSet whose probes can never pass.
func TestChartProbes(t *testing.T) {
	for _, c := range []struct {
		addr, host string
		port       int32
	}{
		{"127.0.0.1:9630", "127.0.0.1", 9630},
		{":9631", "127.0.0.1", 9631},
		{"0.0.0.0:9632", "127.0.0.1", 9632},
		{"[::1]:9633", "::1", 9633},
		{"192.0.2.5:9634", "192.0.2.5", 9634},
		// The node's address from the environment (docs/cluster.md): the
		// kubelet's default host, the pod's IP, is the node's.
		{"$(NODE_IP):9635", "", 9635},
	} {
		r := render(t, "diktyo", "diktyo-system", valuesYAML(t, "metricsAddr: \""+c.addr+"\""))
		ds := r.daemonSets[0]
		main := container(t, ds.Spec.Template.Spec.Containers, "diktyo-nri")
		for _, pr := range []struct {
			path  string
			probe *corev1.Probe
		}{{"/healthz", main.StartupProbe}, {"/readyz", main.ReadinessProbe}, {"/healthz", main.LivenessProbe}} {
			if p := pr.probe; p == nil || p.HTTPGet == nil || p.HTTPGet.Host != c.host || p.HTTPGet.Port.IntVal != c.port || p.HTTPGet.Path != pr.path {
				t.Errorf("metricsAddr %s: probe %s: %+v", c.addr, pr.path, p)
			}
		}
		if ds.Spec.MinReadySeconds <= 0 {
			t.Errorf("minReadySeconds %d", ds.Spec.MinReadySeconds)
		}
	}
	if _, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, `metricsAddr: ""`)); err == nil {
		t.Error("an empty metricsAddr rendered")
	}
}

// TestChartServiceAccountAndVolumes: serviceAccount.create=false uses the
// operator's account (named, or the chart refuses to render), and the RBAC
// binds to it; tsig.existingSecret mounts the Secret's key read-only for
// the rfc2136 backend; extraVolumes and extraVolumeMounts are added as
// given.
func TestChartServiceAccountAndVolumes(t *testing.T) {
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, `
serviceAccount: {create: false, name: ops-diktyo}
tsig: {existingSecret: diktyo-tsig}
extraVolumes: [{name: ca, configMap: {name: ca-bundle}}]
extraVolumeMounts: [{name: ca, mountPath: /etc/ssl/extra, readOnly: true}]
`))
	if len(r.accounts) != 0 {
		t.Errorf("serviceAccount.create=false rendered %d accounts", len(r.accounts))
	}
	spec := r.daemonSets[0].Spec.Template.Spec
	if spec.ServiceAccountName != "ops-diktyo" {
		t.Errorf("serviceAccountName %q", spec.ServiceAccountName)
	}
	for _, b := range r.clusterRoleBindings {
		if len(b.Subjects) != 1 || b.Subjects[0].Name != "ops-diktyo" {
			t.Errorf("ClusterRoleBinding %s binds %+v", b.Name, b.Subjects)
		}
	}
	for _, b := range r.roleBindings {
		if len(b.Subjects) != 1 || b.Subjects[0].Name != "ops-diktyo" {
			t.Errorf("RoleBinding %s binds %+v", b.Name, b.Subjects)
		}
	}
	main := container(t, spec.Containers, "diktyo-nri")
	vols := map[string]corev1.Volume{}
	for _, v := range spec.Volumes {
		vols[v.Name] = v
	}
	mounts := map[string]corev1.VolumeMount{}
	for _, m := range main.VolumeMounts {
		mounts[m.Name] = m
	}
	if v := vols["tsig"]; v.Secret == nil || v.Secret.SecretName != "diktyo-tsig" || *v.Secret.DefaultMode != 0o400 ||
		mounts["tsig"].MountPath != "/etc/diktyo-secrets" || !mounts["tsig"].ReadOnly {
		t.Errorf("tsig: volume %+v, mount %+v", v, mounts["tsig"])
	}
	if v := vols["ca"]; v.ConfigMap == nil || v.ConfigMap.Name != "ca-bundle" || mounts["ca"].MountPath != "/etc/ssl/extra" {
		t.Errorf("extra volume: %+v, mount %+v", v, mounts["ca"])
	}
	if _, err := renderChart("diktyo", "diktyo-system", valuesYAML(t, "serviceAccount: {create: false}")); err == nil ||
		!strings.Contains(err.Error(), "serviceAccount.name") {
		t.Errorf("create=false without a name: %v", err)
	}
	// The default: the chart's account, no tsig volume.
	d := render(t, "diktyo", "diktyo-system")
	if ds := d.daemonSets[0].Spec.Template.Spec; ds.ServiceAccountName != "diktyo-nri" || len(d.accounts) != 1 || slices.ContainsFunc(ds.Volumes, func(v corev1.Volume) bool { return v.Name == "tsig" }) {
		t.Errorf("defaults: account %q (%d rendered), volumes %+v", ds.ServiceAccountName, len(d.accounts), ds.Volumes)
	}
}

// TestChartGrafanaDashboard: the dashboard renders as a ConfigMap with the
// sidecar's label when asked, is valid JSON, and every metric its panels
// query is one diktyo-nri exports (named in its source), so a renamed
// metric cannot leave a panel silently empty.
func TestChartGrafanaDashboard(t *testing.T) {
	if _, ok := render(t, "diktyo", "diktyo-system").configMaps["diktyo-dashboard"]; ok {
		t.Error("the dashboard renders by default")
	}
	r := render(t, "diktyo", "diktyo-system", valuesYAML(t, "monitoring: {grafanaDashboard: {enabled: true}}"))
	cm, ok := r.configMaps["diktyo-dashboard"]
	if !ok || cm.Labels["grafana_dashboard"] != "1" {
		t.Fatalf("dashboard ConfigMap: %+v", cm)
	}
	var dash struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal([]byte(cm.Data["diktyo.json"]), &dash); err != nil || len(dash.Panels) == 0 {
		t.Fatalf("dashboard JSON: %v (%d panels)", err, len(dash.Panels))
	}
	exported := exportedMetrics(t)
	metric := regexp.MustCompile(`diktyo_[a-z_]+`)
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			for _, m := range metric.FindAllString(tg.Expr, -1) {
				base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m, "_bucket"), "_sum"), "_count")
				if !exported[base] {
					t.Errorf("panel %q queries %s, which diktyo-nri does not export", p.Title, m)
				}
			}
		}
	}
}

// exportedMetrics are the metric names in diktyo's non-test Go source
// (string literals "diktyo_..."; the conntrack statistics are built from
// their columns).
func exportedMetrics(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	lit := regexp.MustCompile(`"(diktyo_[a-z_]+)"`)
	for _, dir := range []string{"../plugin", "../cmd/diktyo-nri"} {
		err := filepath.WalkDir(dir, func(f string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(f, ".go") || strings.HasSuffix(f, "_test.go") {
				return err
			}
			for _, m := range lit.FindAllStringSubmatch(string(readFile(t, f)), -1) {
				names[m[1]] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	names["diktyo_kernel_conntrack_insert_failed_total"] = names["diktyo_kernel_conntrack_"] // ctstat.go: prefix + column + "_total"
	if len(names) < 10 {
		t.Fatalf("found only %v", names)
	}
	return names
}
