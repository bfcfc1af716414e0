// Package cluster is diktyo-nri's use of the Kubernetes API
// (docs/cluster.md): Events on the pods it refuses and on the node, one
// coordination.k8s.io Lease per managed egress address so that two nodes
// never assign the same one, and the node's labels, which select the
// egress addresses and pools that are this node's.
//
// Everything here is optional: without an API server (cluster.api: off,
// or auto outside a pod) diktyo-nri is node-local as before. And nothing
// here removes what a running pod has: an API server that cannot be
// reached stops new assignments of addresses that need a Lease, and
// nothing else (docs/nri.md, "Removal needs proof").
package cluster

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	coordinationv1 "k8s.io/client-go/kubernetes/typed/coordination/v1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	eventsv1 "k8s.io/client-go/kubernetes/typed/events/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Names diktyo puts in the API.
const (
	// ReportingController is the Events' reportingController.
	ReportingController = "diktyo.io/diktyo-nri"
	// UserAgent is diktyo-nri's user agent.
	UserAgent = "diktyo-nri"
	// LeasePrefix starts the name of every Lease of a managed egress
	// address (LeaseName).
	LeasePrefix = "diktyo-egress-"
	// AddressAnnotation on a Lease is the address it coordinates, as
	// written in the config.
	AddressAnnotation = "egress.diktyo.io/address"
	// ComponentLabel marks diktyo's Leases, for listing them.
	ComponentLabel = "app.kubernetes.io/component"
	// ComponentLease is ComponentLabel's value on them.
	ComponentLease = "egress-address-lease"

	// Environment the DaemonSet sets (downward API).
	envNodeName     = "NODE_NAME"
	envPodNamespace = "POD_NAMESPACE"
)

// ErrNodeLocal says no API server is configured: diktyo-nri is
// node-local. Its message says why.
var ErrNodeLocal = errors.New("no API server")

// ErrNoCredentials (which also wraps ErrNodeLocal) says diktyo-nri runs
// in a pod of a cluster but could not read its credentials: node-local
// for now, but a cluster there is, so what only the API server can tell
// (the node's labels) is unknown, not known to be nothing.
var ErrNoCredentials = fmt.Errorf("%w: no usable credentials", ErrNodeLocal)

// Client is the connection to the API server: the typed clients
// diktyo-nri uses, and who it is.
type Client struct {
	Core         corev1.CoreV1Interface
	Coordination coordinationv1.CoordinationV1Interface
	Events       eventsv1.EventsV1Interface
	// Node is this node's name; Namespace the Leases'.
	Node, Namespace string
	// Host is the API server's address, for logs and status.
	Host string
}

// Connect makes the client cfg asks for, without contacting the server
// (the first request does): an error wrapping ErrNodeLocal means there is
// none to make, and says why; any other error is a config or credentials
// file that cannot be used.
func Connect(cfg policy.ClusterConfig, log *slog.Logger) (*Client, error) {
	rc, err := restConfig(cfg)
	if err != nil {
		return nil, err
	}
	rc.UserAgent = UserAgent
	// The API server is never on the hot path: a pod's handler never
	// waits for it beyond its budget. The rate limit is above client-go's
	// default (5/s): a renewal round of many Leases must fit in its
	// interval.
	rc.QPS, rc.Burst = 50, 100
	c := &Client{Node: NodeName(cfg), Namespace: leaseNamespace(cfg), Host: rc.Host}
	if c.Core, err = corev1.NewForConfig(rc); err != nil {
		return nil, fmt.Errorf("kubernetes client: %w", err)
	}
	if c.Coordination, err = coordinationv1.NewForConfig(rc); err != nil {
		return nil, fmt.Errorf("kubernetes client: %w", err)
	}
	if c.Events, err = eventsv1.NewForConfig(rc); err != nil {
		return nil, fmt.Errorf("kubernetes client: %w", err)
	}
	if c.Node == "" {
		return nil, fmt.Errorf("cluster.nodeName: empty, and neither $%s nor the host name gives one", envNodeName)
	}
	log.Info("kubernetes API", "server", c.Host, "node", c.Node, "leaseNamespace", c.Namespace)
	return c, nil
}

func restConfig(cfg policy.ClusterConfig) (*rest.Config, error) {
	switch cfg.API {
	case policy.ClusterAPIOff:
		return nil, fmt.Errorf("%w: cluster.api is off", ErrNodeLocal)
	case policy.ClusterAPIKubeconfig:
		rc, err := clientcmd.BuildConfigFromFlags("", cfg.Kubeconfig)
		if err != nil {
			return nil, fmt.Errorf("cluster.kubeconfig %s: %w", cfg.Kubeconfig, err)
		}
		return rc, nil
	}
	// auto: a pod's own credentials, or none.
	if os.Getenv("KUBERNETES_SERVICE_HOST") == "" {
		return nil, fmt.Errorf("%w: cluster.api is auto and diktyo-nri does not run in a pod (no $KUBERNETES_SERVICE_HOST)", ErrNodeLocal)
	}
	rc, err := rest.InClusterConfig()
	if err != nil {
		// In a pod without a token (automountServiceAccountToken: false):
		// node-local, said so, not a failure to start.
		return nil, fmt.Errorf("%w: cluster.api is auto and the pod has none: %w", ErrNoCredentials, err)
	}
	return rc, nil
}

// NodeName is this node's name: cluster.nodeName, else $NODE_NAME (the
// DaemonSet's spec.nodeName), else the host name, lowercased as the
// kubelet does.
func NodeName(cfg policy.ClusterConfig) string {
	if cfg.NodeName != "" {
		return cfg.NodeName
	}
	if n := os.Getenv(envNodeName); n != "" {
		return n
	}
	h, _ := os.Hostname()
	// Kubernetes lowercases host names into node names.
	return strings.ToLower(h)
}

func leaseNamespace(cfg policy.ClusterConfig) string {
	if cfg.Leases.Namespace != "" {
		return cfg.Leases.Namespace
	}
	if ns := os.Getenv(envPodNamespace); ns != "" {
		return ns
	}
	return policy.DefaultLeaseNamespace
}
