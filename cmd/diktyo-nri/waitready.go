package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

type waitReadyOptions struct {
	namespace, kubeconfig string
	timeout               time.Duration
	allowEmpty            bool
}

func newWaitReadyCmd() *cobra.Command {
	o := &waitReadyOptions{}
	cmd := &cobra.Command{
		Use:   "wait-ready DAEMONSET",
		Short: "Wait until a DaemonSet's pod is updated and available on every node it targets (helm test, hooks)",
		Long: `Wait until the DaemonSet has its current pod available on every node it
targets: its status observed, every pod updated and available (Ready for
minReadySeconds). For diktyo-nri's DaemonSet that means every node is
connected to NRI and synchronized with its runtime (the readiness probe is
/readyz), what "helm test" checks; the chart's post-delete hook uses it to
wait for the cleanup on every node.

On timeout it names each node whose pod is not there yet and why (the
waiting reason and message of its containers, the last termination
message, e.g. cleanup's "kept:" lines) and exits 1. It reads the API with
the pod's own credentials, or --kubeconfig.`,
		Example:           `  diktyo-nri wait-ready diktyo-nri --namespace diktyo-system --timeout 5m`,
		Args:              exactArgs(1, "DAEMONSET"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, args []string) error { return runWaitReady(cmd, o, args[0]) },
	}
	f := cmd.Flags()
	f.StringVarP(&o.namespace, "namespace", "n", os.Getenv("POD_NAMESPACE"), "the DaemonSet's namespace (default $POD_NAMESPACE)")
	f.StringVar(&o.kubeconfig, "kubeconfig", "", "kubeconfig file (default: the pod's service account)")
	f.DurationVar(&o.timeout, "timeout", 5*time.Minute, "give up after this long")
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "a DaemonSet that targets no node is ready (else it is an error)")
	return cmd
}

func runWaitReady(cmd *cobra.Command, o *waitReadyOptions, name string) error {
	if o.namespace == "" {
		return usagef("--namespace: empty (and no $POD_NAMESPACE)")
	}
	cs, err := clientFor(o.kubeconfig)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(cmd.Context(), o.timeout)
	defer cancel()
	why := ""
	for {
		ds, err := cs.AppsV1().DaemonSets(o.namespace).Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			var ok bool
			if ok, why = daemonSetReady(ds, o.allowEmpty); ok {
				fmt.Fprintf(cmd.OutOrStdout(), "daemonset %s/%s: %s\n", o.namespace, name, why)
				return nil
			}
		} else if !errors.Is(err, context.DeadlineExceeded) {
			why = err.Error()
		}
		select {
		case <-ctx.Done():
			return notReady(cmd.OutOrStdout(), cs, o.namespace, name, why, o.allowEmpty)
		case <-time.After(time.Second):
		}
	}
}

func clientFor(kubeconfig string) (*kubernetes.Clientset, error) {
	var rc *rest.Config
	var err error
	if kubeconfig != "" {
		rc, err = clientcmd.BuildConfigFromFlags("", kubeconfig)
	} else {
		rc, err = rest.InClusterConfig()
	}
	if err != nil {
		return nil, fmt.Errorf("kubernetes API credentials: %w", err)
	}
	return kubernetes.NewForConfig(rc)
}

// daemonSetReady says whether ds's current pod is available on every node
// it targets, and if not, what is missing.
func daemonSetReady(ds *appsv1.DaemonSet, allowEmpty bool) (bool, string) {
	st := ds.Status
	switch {
	case st.ObservedGeneration < ds.Generation:
		return false, fmt.Sprintf("generation %d not observed yet (status is of %d)", ds.Generation, st.ObservedGeneration)
	case st.DesiredNumberScheduled == 0 && !allowEmpty:
		return false, "targets no node"
	case st.UpdatedNumberScheduled < st.DesiredNumberScheduled:
		return false, fmt.Sprintf("%d of %d nodes run the current pod", st.UpdatedNumberScheduled, st.DesiredNumberScheduled)
	case st.NumberAvailable < st.DesiredNumberScheduled:
		return false, fmt.Sprintf("%d of %d nodes available", st.NumberAvailable, st.DesiredNumberScheduled)
	}
	return true, fmt.Sprintf("available on all %d nodes", st.DesiredNumberScheduled)
}

// notReady prints why the DaemonSet is not ready, pod by pod, and returns
// the error that exits 1.
func notReady(w io.Writer, cs kubernetes.Interface, ns, name, why string, allowEmpty bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ds, err := cs.AppsV1().DaemonSets(ns).Get(ctx, name, metav1.GetOptions{})
	if err == nil {
		// Said as of now: the last answer in time may be none at all
		// (an API server slower than the timeout).
		_, why = daemonSetReady(ds, allowEmpty)
	} else if why == "" {
		why = err.Error()
	}
	fmt.Fprintf(w, "daemonset %s/%s not ready: %s\n", ns, name, why)
	if err == nil {
		sel := metav1.FormatLabelSelector(ds.Spec.Selector)
		if pods, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: sel}); err == nil {
			for _, line := range podProblems(pods.Items) {
				fmt.Fprintln(w, "  "+line)
			}
		}
	}
	return fmt.Errorf("daemonset %s/%s not ready: %s", ns, name, why)
}

// podProblems names each pod that is not Ready, with its node and what
// its containers say, sorted by node.
func podProblems(pods []corev1.Pod) []string {
	var out []string
	for _, p := range pods {
		if podReady(p) {
			continue
		}
		node := p.Spec.NodeName
		if node == "" {
			node = "(unscheduled)"
		}
		why := containerProblems(append(slices.Clone(p.Status.InitContainerStatuses), p.Status.ContainerStatuses...))
		if why == "" {
			why = string(p.Status.Phase)
		}
		out = append(out, fmt.Sprintf("node %s: pod %s: %s", node, p.Name, why))
	}
	slices.Sort(out)
	return out
}

func podReady(p corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

func containerProblems(sts []corev1.ContainerStatus) string {
	var parts []string
	for _, s := range sts {
		switch {
		case s.State.Waiting != nil:
			parts = append(parts, fmt.Sprintf("%s waiting: %s %s", s.Name, s.State.Waiting.Reason, s.State.Waiting.Message))
		case s.State.Terminated != nil && s.State.Terminated.ExitCode != 0:
			parts = append(parts, fmt.Sprintf("%s exited %d: %s", s.Name, s.State.Terminated.ExitCode, s.State.Terminated.Message))
		case s.State.Running != nil && !s.Ready:
			parts = append(parts, s.Name+" running, not ready")
		}
		if t := s.LastTerminationState.Terminated; t != nil && t.ExitCode != 0 && t.Message != "" {
			parts = append(parts, fmt.Sprintf("%s last exit %d: %s", s.Name, t.ExitCode, strings.TrimSpace(t.Message)))
		}
	}
	return strings.Join(parts, "; ")
}
