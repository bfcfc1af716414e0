package kubeapi

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	rbacclient "k8s.io/client-go/kubernetes/typed/rbac/v1"
	"sigs.k8s.io/yaml"
)

var (
	appliedMu sync.Mutex
	applied   = map[string]error{} // server URL + path -> result
)

// ApplyRBAC creates, as Admin, the RBAC objects of a manifest file (such
// as deploy/rbac.yaml: ClusterRoles, Roles and their bindings, decoded
// strictly) and the namespaces they name, once per server.
func ApplyRBAC(t testing.TB, s *Server, path string) {
	t.Helper()
	appliedMu.Lock()
	defer appliedMu.Unlock()
	key := s.URL + " " + path
	err, done := applied[key]
	if !done {
		err = applyRBAC(s, path)
		applied[key] = err
	}
	if err != nil {
		t.Fatalf("applying %s: %v", path, err)
	}
}

func applyRBAC(s *Server, path string) error {
	ctx := context.Background()
	admin := s.Config(Admin)
	core, err := typedcorev1.NewForConfig(admin)
	if err != nil {
		return err
	}
	rc, err := rbacclient.NewForConfig(admin)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ensureNS := func(ns string) error {
		if ns == "" {
			return nil
		}
		_, err := core.Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
		if apierrors.IsAlreadyExists(err) {
			return nil
		}
		return err
	}
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		var meta struct {
			metav1.TypeMeta `json:",inline"`
			Metadata        metav1.ObjectMeta `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &meta); err != nil {
			return fmt.Errorf("document %d: %w", i, err)
		}
		if meta.Kind == "" {
			continue // comments only
		}
		if err := ensureNS(meta.Metadata.Namespace); err != nil {
			return err
		}
		switch meta.Kind {
		case "ClusterRole":
			var o rbacv1.ClusterRole
			if err = yaml.UnmarshalStrict([]byte(doc), &o); err == nil {
				_, err = rc.ClusterRoles().Create(ctx, &o, metav1.CreateOptions{})
			}
		case "ClusterRoleBinding":
			var o rbacv1.ClusterRoleBinding
			if err = yaml.UnmarshalStrict([]byte(doc), &o); err == nil {
				for _, sub := range o.Subjects {
					if err = ensureNS(sub.Namespace); err != nil {
						return err
					}
				}
				_, err = rc.ClusterRoleBindings().Create(ctx, &o, metav1.CreateOptions{})
			}
		case "Role":
			var o rbacv1.Role
			if err = yaml.UnmarshalStrict([]byte(doc), &o); err == nil {
				_, err = rc.Roles(o.Namespace).Create(ctx, &o, metav1.CreateOptions{})
			}
		case "RoleBinding":
			var o rbacv1.RoleBinding
			if err = yaml.UnmarshalStrict([]byte(doc), &o); err == nil {
				_, err = rc.RoleBindings(o.Namespace).Create(ctx, &o, metav1.CreateOptions{})
			}
		default:
			return fmt.Errorf("document %d: %s is not an RBAC kind", i, meta.Kind)
		}
		if err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("document %d (%s %s): %w", i, meta.Kind, meta.Metadata.Name, err)
		}
	}
	return nil
}

// Namespace makes sure namespace ns exists on s (kept: the server is
// shared, and namespaces are cheap).
func Namespace(t testing.TB, s *Server, ns string) {
	t.Helper()
	core, err := typedcorev1.NewForConfig(s.Config(Admin))
	if err != nil {
		t.Fatal(err)
	}
	_, err = core.Namespaces().Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
}
