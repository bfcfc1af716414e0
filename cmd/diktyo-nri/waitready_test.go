package main

import (
	"context"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// TestDaemonSetReady: every way a DaemonSet is short of "current pod
// available on every node" is named, and only the full one is ready.
func TestDaemonSetReady(t *testing.T) {
	full := appsv1.DaemonSetStatus{ObservedGeneration: 2, DesiredNumberScheduled: 3, UpdatedNumberScheduled: 3, NumberAvailable: 3, NumberReady: 3}
	cases := []struct {
		name       string
		mod        func(*appsv1.DaemonSetStatus)
		allowEmpty bool
		ok         bool
		want       string
	}{
		{"full", func(*appsv1.DaemonSetStatus) {}, false, true, "available on all 3 nodes"},
		{"unobserved", func(s *appsv1.DaemonSetStatus) { s.ObservedGeneration = 1 }, false, false, "generation 2 not observed"},
		{"old pod on a node", func(s *appsv1.DaemonSetStatus) { s.UpdatedNumberScheduled = 2 }, false, false, "2 of 3 nodes run the current pod"},
		{"not available", func(s *appsv1.DaemonSetStatus) { s.NumberAvailable = 1 }, false, false, "1 of 3 nodes available"},
		{"no node", func(s *appsv1.DaemonSetStatus) { *s = appsv1.DaemonSetStatus{ObservedGeneration: 2} }, false, false, "targets no node"},
		{"no node allowed", func(s *appsv1.DaemonSetStatus) { *s = appsv1.DaemonSetStatus{ObservedGeneration: 2} }, true, true, "all 0 nodes"},
	}
	for _, c := range cases {
		ds := &appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Generation: 2}, Status: full}
		c.mod(&ds.Status)
		ok, why := daemonSetReady(ds, c.allowEmpty)
		if ok != c.ok || !strings.Contains(why, c.want) {
			t.Errorf("%s: daemonSetReady = %v, %q; want %v, %q", c.name, ok, why, c.ok, c.want)
		}
	}
}

// TestWaitReadyRealAPI: wait-ready against a real kube-apiserver (no
// controllers: the test writes the status the DaemonSet controller and
// the kubelet would). Short of ready it times out naming each node's pod
// and what its containers say; once available on every node it succeeds.
func TestWaitReadyRealAPI(t *testing.T) {
	s := kubeapi.Shared(t, kubeapi.Admin)
	cs, err := kubernetes.NewForConfig(s.Config(kubeapi.Admin))
	if err != nil {
		t.Fatal(err)
	}
	ns := "wait-ready-" + testutil.RandSuffix(6)
	s.Namespaces(t, ns)
	kc := s.Kubeconfig(t, t.TempDir(), kubeapi.Admin)
	ctx := context.Background()
	labels := map[string]string{"app": "nri"}
	ds := &appsv1.DaemonSet{
		ObjectMeta: metav1.ObjectMeta{Name: "nri", Namespace: ns},
		Spec: appsv1.DaemonSetSpec{
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "diktyo"}}},
			},
		},
	}
	if ds, err = cs.AppsV1().DaemonSets(ns).Create(ctx, ds, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "nri-x1", Namespace: ns, Labels: labels},
		Spec:       corev1.PodSpec{NodeName: "node-1", Containers: []corev1.Container{{Name: "c", Image: "diktyo"}}},
	}
	if pod, err = cs.CoreV1().Pods(ns).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	pod.Status = corev1.PodStatus{Phase: corev1.PodRunning,
		Conditions:            []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionFalse}},
		InitContainerStatuses: []corev1.ContainerStatus{{Name: "cleanup", State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}}, LastTerminationState: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 1, Message: "kept: table inet x: still holds objects"}}}},
	}
	if _, err := cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	ds.Status = appsv1.DaemonSetStatus{ObservedGeneration: ds.Generation, DesiredNumberScheduled: 1, UpdatedNumberScheduled: 1}
	if ds, err = cs.AppsV1().DaemonSets(ns).UpdateStatus(ctx, ds, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}

	r := run("wait-ready", "nri", "-n", ns, "--kubeconfig", kc, "--timeout", "2s")
	for _, want := range []string{"0 of 1 nodes available", "node node-1: pod nri-x1", "CrashLoopBackOff", "kept: table inet x"} {
		if r.code != 1 || !strings.Contains(r.stdout, want) {
			t.Errorf("wait-ready short of ready: exit %d, want 1 and %q in\n%s%s", r.code, want, r.stdout, r.stderr)
		}
	}
	ds.Status.NumberAvailable, ds.Status.NumberReady = 1, 1
	if _, err := cs.AppsV1().DaemonSets(ns).UpdateStatus(ctx, ds, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if r := run("wait-ready", "nri", "-n", ns, "--kubeconfig", kc, "--timeout", "30s"); r.code != 0 || !strings.Contains(r.stdout, "available on all 1 nodes") {
		t.Errorf("wait-ready when available: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
