package kubeapi

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	authzv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	authzclient "k8s.io/client-go/kubernetes/typed/authorization/v1"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	rbacclient "k8s.io/client-go/kubernetes/typed/rbac/v1"
	"sigs.k8s.io/yaml"
)

// ApplyFile creates, as Admin, the objects of a multi-document YAML file
// (deploy/rbac.yaml, deploy/namespace.yaml, deploy/serviceaccount.yaml),
// as an operator's kubectl apply would: Namespaces, ServiceAccounts and
// the RBAC kinds; any other kind fails the test. The namespace of a
// namespaced object is created first if missing. Objects that exist
// already are left as they are, and a path is applied once per server
// (the server is shared by the test binary's tests): later calls return
// the first one's result.
func (s *Server) ApplyFile(t testing.TB, path string) {
	t.Helper()
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	if s.applied == nil {
		s.applied = map[string]error{}
	}
	err, done := s.applied[path]
	if !done {
		err = s.applyFile(path)
		s.applied[path] = err
	}
	if err != nil {
		t.Fatalf("applying %s: %v", path, err)
	}
}

// Namespaces creates the namespaces that do not exist yet, each with its
// "default" service account, which the ServiceAccount admission plugin
// looks up for every pod (no controller-manager here makes it).
func (s *Server) Namespaces(t testing.TB, names ...string) {
	t.Helper()
	core, err := typedcorev1.NewForConfig(s.Config(Admin))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := ensureNamespace(core, n); err != nil {
			t.Fatalf("namespace %s: %v", n, err)
		}
	}
}

func ensureNamespace(core typedcorev1.CoreV1Interface, name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := core.Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default", Namespace: name}}
	if _, err := core.ServiceAccounts(name).Create(ctx, sa, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("service account default: %w", err)
	}
	return nil
}

var docSep = regexp.MustCompile(`(?m)^---\s*$`)

func (s *Server) applyFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	admin := s.Config(Admin)
	core, err := typedcorev1.NewForConfig(admin)
	if err != nil {
		return err
	}
	rc, err := rbacclient.NewForConfig(admin)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i, doc := range docSep.Split(string(data), -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		var head struct {
			metav1.TypeMeta `json:",inline"`
			Metadata        struct {
				Namespace string `json:"namespace"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			return fmt.Errorf("document %d: %w", i+1, err)
		}
		if ns := head.Metadata.Namespace; ns != "" {
			if err := ensureNamespace(core, ns); err != nil {
				return fmt.Errorf("document %d: namespace %s: %w", i+1, ns, err)
			}
		}
		if head.Kind == "" {
			continue // comments only
		}
		if err := create(ctx, core, rc, head.Kind, []byte(doc)); err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("document %d (%s): %w", i+1, head.Kind, err)
		}
	}
	return s.waitRBAC(ctx, rc)
}

// waitRBAC waits until the API server's authorizer grants every bound
// service account the first rule of its role: it reads RBAC objects
// through an informer, so a binding just created may not authorize yet,
// and a test that uses it at once would be refused now and then.
func (s *Server) waitRBAC(ctx context.Context, rc rbacclient.RbacV1Interface) error {
	az, err := authzclient.NewForConfig(s.Config(Admin))
	if err != nil {
		return err
	}
	var checks []authzv1.SubjectAccessReviewSpec
	rbs, err := rc.RoleBindings("").List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	for _, b := range rbs.Items {
		role, err := rc.Roles(b.Namespace).Get(ctx, b.RoleRef.Name, metav1.GetOptions{})
		if err != nil || b.RoleRef.Kind != "Role" {
			continue
		}
		checks = append(checks, reviews(b.Subjects, role.Rules, b.Namespace)...)
	}
	crbs, err := rc.ClusterRoleBindings().List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	for _, b := range crbs.Items {
		role, err := rc.ClusterRoles().Get(ctx, b.RoleRef.Name, metav1.GetOptions{})
		if err != nil || strings.HasPrefix(b.Name, "system:") {
			continue
		}
		checks = append(checks, reviews(b.Subjects, role.Rules, "")...)
	}
	for _, spec := range checks {
		for {
			r, err := az.SubjectAccessReviews().Create(ctx, &authzv1.SubjectAccessReview{Spec: spec}, metav1.CreateOptions{})
			if err == nil && r.Status.Allowed {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("RBAC of %s not in force: %w", spec.User, ctx.Err())
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	return nil
}

// reviews are the access reviews of the first resource rule of rules for
// each service account among subjects.
func reviews(subjects []rbacv1.Subject, rules []rbacv1.PolicyRule, namespace string) []authzv1.SubjectAccessReviewSpec {
	var out []authzv1.SubjectAccessReviewSpec
	for _, r := range rules {
		if len(r.Verbs) == 0 || len(r.Resources) == 0 || len(r.APIGroups) == 0 {
			continue
		}
		for _, sub := range subjects {
			if sub.Kind != "ServiceAccount" {
				continue
			}
			out = append(out, authzv1.SubjectAccessReviewSpec{
				User:   "system:serviceaccount:" + sub.Namespace + ":" + sub.Name,
				Groups: []string{"system:serviceaccounts", "system:serviceaccounts:" + sub.Namespace, "system:authenticated"},
				ResourceAttributes: &authzv1.ResourceAttributes{Namespace: namespace, Verb: r.Verbs[0],
					Group: r.APIGroups[0], Resource: r.Resources[0]},
			})
		}
		break
	}
	return out
}

// create creates the object of doc, of kind.
func create(ctx context.Context, core typedcorev1.CoreV1Interface, rc rbacclient.RbacV1Interface, kind string, doc []byte) error {
	var err error
	switch kind {
	case "Namespace":
		var o corev1.Namespace
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = core.Namespaces().Create(ctx, &o, metav1.CreateOptions{})
		}
	case "ServiceAccount":
		var o corev1.ServiceAccount
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = core.ServiceAccounts(o.Namespace).Create(ctx, &o, metav1.CreateOptions{})
		}
	case "ClusterRole":
		var o rbacv1.ClusterRole
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = rc.ClusterRoles().Create(ctx, &o, metav1.CreateOptions{})
		}
	case "ClusterRoleBinding":
		var o rbacv1.ClusterRoleBinding
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = rc.ClusterRoleBindings().Create(ctx, &o, metav1.CreateOptions{})
		}
	case "Role":
		var o rbacv1.Role
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = rc.Roles(o.Namespace).Create(ctx, &o, metav1.CreateOptions{})
		}
	case "RoleBinding":
		var o rbacv1.RoleBinding
		if err = yaml.UnmarshalStrict(doc, &o); err == nil {
			_, err = rc.RoleBindings(o.Namespace).Create(ctx, &o, metav1.CreateOptions{})
		}
	default:
		return fmt.Errorf("kind %q is not one ApplyFile creates", kind)
	}
	return err
}
