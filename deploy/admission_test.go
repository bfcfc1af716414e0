package deploy_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

const vapNamespace = "diktyo-vap-test"

// admissionWorld is deploy/admission.yaml in force on a real
// kube-apiserver, and a client to try pods and workloads against it
// (server-side dry run: nothing is stored).
type admissionWorld struct {
	t  *testing.T
	cs *kubernetes.Clientset
}

func newAdmissionWorld(t *testing.T) *admissionWorld {
	s := kubeapi.Shared(t, kubeapi.Admin)
	cs, err := kubernetes.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	s.Namespaces(t, vapNamespace)
	w := &admissionWorld{t: t, cs: cs}
	w.install()
	return w
}

// install creates the policy and its binding as shipped, removed at the
// end, and waits until the API server enforces them (it loads policies
// from a watch).
func (w *admissionWorld) install() {
	t := w.t
	vap, binding := admissionObjects(t, string(readFile(t, "admission.yaml")))
	ctx := context.Background()
	ar := w.cs.AdmissionregistrationV1()
	if _, err := ar.ValidatingAdmissionPolicies().Create(ctx, &vap, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.ValidatingAdmissionPolicies().Delete(ctx, vap.Name, metav1.DeleteOptions{}) })
	if _, err := ar.ValidatingAdmissionPolicyBindings().Create(ctx, &binding, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.ValidatingAdmissionPolicyBindings().Delete(ctx, binding.Name, metav1.DeleteOptions{}) })
	deadline := time.Now().Add(time.Minute)
	for err := w.tryPod(map[string]string{"diktyo.io/v1.bogus": "x"}); !refusedByPolicy(err); err = w.tryPod(map[string]string{"diktyo.io/v1.bogus": "x"}) {
		if time.Now().After(deadline) {
			t.Fatalf("the policy was not enforced within a minute: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Its expressions type-check against the kinds it matches.
	got, err := ar.ValidatingAdmissionPolicies().Get(ctx, vap.Name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tc := got.Status.TypeChecking; tc != nil && len(tc.ExpressionWarnings) > 0 {
		t.Errorf("type-checking warnings: %+v", tc.ExpressionWarnings)
	}
}

func podWith(annotations map[string]string) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{GenerateName: "vap-", Namespace: vapNamespace, Annotations: annotations},
		Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: "app"}}},
	}
}

// tryPod creates, dry run, a pod with the annotations.
func (w *admissionWorld) tryPod(annotations map[string]string) error {
	_, err := w.cs.CoreV1().Pods(vapNamespace).Create(context.Background(), podWith(annotations), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	return err
}

// refusedByPolicy says whether err is the policy's refusal.
func refusedByPolicy(err error) bool {
	return err != nil && apierrors.IsInvalid(err) && strings.Contains(err.Error(), "diktyo-annotations")
}

// annotationCases are valid and malformed annotations; bad ones must be
// refused naming the key.
var annotationCases = []struct {
	key, value string
	bad        bool
}{
	{policy.KeyMasq, `[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp","description":"partner, \"API\": x"}]`, false},
	{policy.KeyMasq, ` [ {"external": "pool:web", "destination": "2001:db8::/32", "protocol": "udp"} ] `, false},
	{policy.KeyMasq, `[{"External":"203.0.113.10","destination":"0.0.0.0/0"}]`, true},
	{policy.KeyMasq, `[{"external":"203.0.113.10","destination":"0.0.0.0/0","via":"x"}]`, true},
	{policy.KeyMasq, `{"external":"203.0.113.10","destination":"0.0.0.0/0"}`, true},
	{policy.KeyMasq, `yes`, true},
	{policy.KeyRoutes, `[{"destination":"198.51.100.0/24","gateway":"10.0.0.1","metric":5,"table":7,"mtu":1400}]`, false},
	{policy.KeyRoutes, `[{"destination":"203.0.113.0/24","type":"blackhole"}]`, false},
	{policy.KeyRoutes, `[{"destination":"203.0.113.0/24","Gateway":"drop"}]`, true},
	{policy.KeyRoutes, `drop`, true},
	{policy.KeySNATExclude, "10.0.0.0/8, 192.168.0.0/16,2001:db8::/32, 198.51.100.7", false},
	{policy.KeySNATExclude, "10.0.0.1/8", true},
	{policy.KeySNATExclude, "10.0.0.0/8,,192.168.0.0/16", true},
	{policy.KeySNATExclude, "", true},
	{policy.KeySNATExclude, "::ffff:10.0.0.0/104", true},
	{policy.KeySNATExclude, "fe80::1%eth0", true},
	{policy.KeySNATExclude, "10.0.0/8", true},
	{policy.KeySNATInclude, "198.51.100.0/24", false},
	{policy.KeySNATInclude, "198.51.100.0/33", true},
	{policy.KeyRouteTable, "100", false},
	{policy.KeyRouteTable, " 4294967295 ", false},
	{policy.KeyRouteTable, "254", true},
	{policy.KeyRouteTable, "0", true},
	{policy.KeyRouteTable, "4294967296", true},
	{policy.KeyRouteTable, "+7", true},
	{policy.KeyRouteTable, "main", true},
	{policy.KeyRoutePrio, "2000", false},
	{policy.KeyRoutePrio, "32766", true},
	{policy.KeyRoutePrio, "0", true},
	{policy.KeyDNSNames, "web-1.team-a.pods.example.test, Api.Example.Test.", false},
	{policy.KeyDNSNames, "web_1.example.test", true},
	{policy.KeyDNSNames, "-web.example.test", true},
	{policy.KeyDNSNames, "a.example.test,A.example.test.", true},
	{policy.KeyDNSNames, strings.Repeat("a", 64) + ".example.test", true},
	{policy.KeyDebug, "true", false},
	{policy.KeyDebug, " false", false},
	{policy.KeyDebug, "yes", true},
	{"diktyo.io/v1.masquerade", "yes", true},
	{"diktyo.io/v2.masq", "[]", true},
	{"example.com/other", "anything", false},
}

// TestAdmissionPolicyAgreesWithTheNode: through a real kube-apiserver,
// deploy/admission.yaml refuses every malformed diktyo annotation of the
// cases at apply time, naming it, admits every valid one, and never
// refuses what diktyo-nri's own parser accepts; and so for generated
// variants of the valid values (the policy may let a malformed value
// through, for the node to refuse, but never the other way round).
func TestAdmissionPolicyAgreesWithTheNode(t *testing.T) {
	w := newAdmissionWorld(t)
	for _, c := range annotationCases {
		ann := map[string]string{c.key: c.value}
		_, goErr := policy.ParseAnnotations(ann)
		if (goErr != nil) != c.bad {
			t.Fatalf("case %s=%q: diktyo's parser says %v, the case says bad=%v", c.key, c.value, goErr, c.bad)
		}
		err := w.tryPod(ann)
		switch {
		case c.bad && !refusedByPolicy(err):
			t.Errorf("%s=%q: admitted (%v), want refused", c.key, c.value, err)
		case c.bad && !strings.Contains(err.Error(), c.key):
			t.Errorf("%s=%q: the refusal does not name the key: %v", c.key, c.value, err)
		case !c.bad && err != nil:
			t.Errorf("%s=%q: %v, want admitted", c.key, c.value, err)
		}
	}
	// Variants: one character of a valid value dropped, doubled or
	// replaced. Bounded and seeded, so a failure replays.
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`[]{}":,./ -_0123456789abcdefxA%`)
	n, refused := 0, 0
	for _, c := range annotationCases {
		if c.bad || !strings.HasPrefix(c.key, policy.Prefix) {
			continue
		}
		for range 8 {
			v := []byte(c.value)
			i := r.IntN(len(v))
			switch r.IntN(3) {
			case 0:
				v = append(v[:i:i], v[i+1:]...)
			case 1:
				v = append(v[:i+1:i+1], v[i:]...)
			default:
				v[i] = alphabet[r.IntN(len(alphabet))]
			}
			ann := map[string]string{c.key: string(v)}
			_, goErr := policy.ParseAnnotations(ann)
			err := w.tryPod(ann)
			n++
			if refusedByPolicy(err) {
				refused++
				if goErr == nil {
					t.Errorf("%s=%q: refused by the policy (%v), accepted by diktyo-nri", c.key, v, err)
				}
			} else if err != nil {
				t.Errorf("%s=%q: %v", c.key, v, err)
			}
		}
	}
	t.Logf("%d variants, %d refused at apply time", n, refused)
}

// TestAdmissionPolicyWorkloads: a Deployment or CronJob whose pod
// template carries a malformed annotation is refused when applied; a
// valid one, and one without diktyo annotations, are admitted.
func TestAdmissionPolicyWorkloads(t *testing.T) {
	w := newAdmissionWorld(t)
	ctx := context.Background()
	dry := metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}
	labels := map[string]string{"app": "vap"}
	deployment := func(ann map[string]string) error {
		d := &appsv1.Deployment{
			ObjectMeta: metav1.ObjectMeta{GenerateName: "vap-", Namespace: vapNamespace},
			Spec: appsv1.DeploymentSpec{
				Selector: &metav1.LabelSelector{MatchLabels: labels},
				Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels, Annotations: ann}, Spec: podWith(nil).Spec},
			},
		}
		_, err := w.cs.AppsV1().Deployments(vapNamespace).Create(ctx, d, dry)
		return err
	}
	cronJob := func(ann map[string]string) error {
		spec := podWith(nil).Spec
		spec.RestartPolicy = corev1.RestartPolicyNever
		c := &batchv1.CronJob{
			ObjectMeta: metav1.ObjectMeta{GenerateName: "vap-", Namespace: vapNamespace},
			Spec: batchv1.CronJobSpec{Schedule: "*/5 * * * *", JobTemplate: batchv1.JobTemplateSpec{Spec: batchv1.JobSpec{
				Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Annotations: ann}, Spec: spec},
			}}},
		}
		_, err := w.cs.BatchV1().CronJobs(vapNamespace).Create(ctx, c, dry)
		return err
	}
	for name, create := range map[string]func(map[string]string) error{"Deployment": deployment, "CronJob": cronJob} {
		if err := create(map[string]string{policy.KeyRouteTable: "main"}); !refusedByPolicy(err) || !strings.Contains(err.Error(), policy.KeyRouteTable) {
			t.Errorf("%s with route-table=main: %v, want refused naming the key", name, err)
		}
		if err := create(map[string]string{policy.KeyRouteTable: "100", policy.KeyDNSNames: "web.example.test"}); err != nil {
			t.Errorf("%s with valid annotations: %v", name, err)
		}
		if err := create(nil); err != nil {
			t.Errorf("%s without annotations: %v", name, err)
		}
	}
}

// TestAdmissionPolicyInBase: the kustomize base and the chart ship the
// same policy and binding (the chart's can be switched off).
func TestAdmissionPolicyInBase(t *testing.T) {
	if !strings.Contains(string(readFile(t, "kustomization.yaml")), "- admission.yaml") {
		t.Error("kustomization.yaml does not list admission.yaml")
	}
	wantVAP, wantBinding := admissionObjects(t, string(readFile(t, "admission.yaml")))
	r := render(t, "diktyo", "diktyo-system")
	gotVAP, gotBinding := admissionObjects(t, r.out["diktyo/templates/admission.yaml"])
	if !reflect.DeepEqual(gotVAP.Spec, wantVAP.Spec) || gotVAP.Name != wantVAP.Name {
		t.Errorf("the chart's policy differs from deploy/admission.yaml:\n%s", r.out["diktyo/templates/admission.yaml"])
	}
	if !reflect.DeepEqual(gotBinding.Spec, wantBinding.Spec) || gotBinding.Name != wantBinding.Name {
		t.Errorf("the chart's binding differs from deploy/admission.yaml: %+v", gotBinding)
	}
	off := render(t, "diktyo", "diktyo-system", valuesYAML(t, "admissionPolicy:\n  enabled: false"))
	if strings.TrimSpace(off.out["diktyo/templates/admission.yaml"]) != "" {
		t.Errorf("admissionPolicy.enabled=false still renders:\n%s", off.out["diktyo/templates/admission.yaml"])
	}
}

// admissionObjects decodes the policy and its binding, strictly.
func admissionObjects(t *testing.T, stream string) (vap admissionv1.ValidatingAdmissionPolicy, binding admissionv1.ValidatingAdmissionPolicyBinding) {
	t.Helper()
	var docs []string
	for _, d := range strings.Split(stream, "\n---") {
		if strings.Contains(d, "kind:") {
			docs = append(docs, d)
		}
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents, want the policy and its binding:\n%s", len(docs), stream)
	}
	if err := yaml.UnmarshalStrict([]byte(docs[0]), &vap); err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict([]byte(docs[1]), &binding); err != nil {
		t.Fatal(err)
	}
	return vap, binding
}
