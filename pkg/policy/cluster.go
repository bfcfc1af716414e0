package policy

import (
	"fmt"
	"path/filepath"
	"time"
)

// Values of cluster.api and cluster.leases.whenHeld.
const (
	// ClusterAPIAuto uses the pod's in-cluster credentials when diktyo-nri
	// runs in a pod that has them (the DaemonSet), else none: node-local.
	ClusterAPIAuto = "auto"
	// ClusterAPIOff never talks to an API server: node-local.
	ClusterAPIOff = "off"
	// ClusterAPIKubeconfig uses cluster.kubeconfig's file (a
	// pre-installed diktyo-nri outside any pod).
	ClusterAPIKubeconfig = "kubeconfig"

	// WhenHeldRefuse refuses a pod whose managed address another node's
	// Lease holds, naming that node.
	WhenHeldRefuse = "refuse"
	// WhenHeldWait waits, within the pod's handler budget, for that Lease
	// to be released or to expire, then refuses as refuse does.
	WhenHeldWait = "wait"

	// DefaultLeaseNamespace is where the Leases of managed egress
	// addresses live when diktyo-nri cannot tell its own namespace.
	DefaultLeaseNamespace = "diktyo-system"
)

// ClusterConfig is what diktyo-nri does with the Kubernetes API
// (docs/cluster.md): Events, Leases of managed egress addresses, the
// node's labels for per-node egress entries. Read at start only: a
// change takes a restart, like api.socket.
type ClusterConfig struct {
	// API is auto (default), off or kubeconfig.
	API string `json:"api,omitempty"`
	// Kubeconfig is the kubeconfig file of API: kubeconfig.
	Kubeconfig string `json:"kubeconfig,omitempty"`
	// NodeName is this node's name in the API; empty: the NODE_NAME
	// environment variable (the DaemonSet sets it from spec.nodeName),
	// else the host name.
	NodeName string `json:"nodeName,omitempty"`
	// Events turns the Events on pods and on the node off when false.
	Events *bool       `json:"events,omitempty"`
	Leases LeaseConfig `json:"leases"`
}

// LeaseConfig is the coordination of managed egress addresses across
// nodes (docs/cluster.md, "Leases").
type LeaseConfig struct {
	// Namespace of the Leases; empty: the POD_NAMESPACE environment
	// variable (the DaemonSet's own namespace), else diktyo-system.
	Namespace string `json:"namespace,omitempty"`
	// Duration is how long a Lease stays held without renewal: how long
	// a dead node's address stays out of reach of the others.
	Duration Duration `json:"duration"`
	// RenewInterval is how often the holder renews it; at most a third
	// of Duration, so that two renewals may fail before it expires.
	RenewInterval Duration `json:"renewInterval"`
	// WhenHeld is refuse (default) or wait.
	WhenHeld string `json:"whenHeld,omitempty"`
}

// EventsOn reports whether Events are wanted (the default).
func (c *ClusterConfig) EventsOn() bool { return c.Events == nil || *c.Events }

func defaultCluster() ClusterConfig {
	return ClusterConfig{
		API: ClusterAPIAuto,
		Leases: LeaseConfig{
			Duration:      Duration{15 * time.Second},
			RenewInterval: Duration{5 * time.Second},
			WhenHeld:      WhenHeldRefuse,
		},
	}
}

func (c *ClusterConfig) validate() error {
	switch c.API {
	case ClusterAPIAuto, ClusterAPIOff:
		if c.Kubeconfig != "" {
			return fmt.Errorf("cluster.kubeconfig: %q is only read with api: kubeconfig (api is %q)", c.Kubeconfig, c.API)
		}
	case ClusterAPIKubeconfig:
		if !filepath.IsAbs(c.Kubeconfig) {
			return fmt.Errorf("cluster.kubeconfig: %q is not an absolute path (api: kubeconfig needs one)", c.Kubeconfig)
		}
	default:
		return fmt.Errorf("cluster.api: %q is not auto, off or kubeconfig", c.API)
	}
	l := &c.Leases
	if l.Duration.Duration < 3*time.Second {
		return fmt.Errorf("cluster.leases.duration: %s is below the minimum 3s", l.Duration.Duration)
	}
	if l.RenewInterval.Duration < 100*time.Millisecond || 3*l.RenewInterval.Duration > l.Duration.Duration {
		return fmt.Errorf("cluster.leases.renewInterval: %s is not between 100ms and a third of cluster.leases.duration (%s)",
			l.RenewInterval.Duration, l.Duration.Duration)
	}
	switch l.WhenHeld {
	case WhenHeldRefuse, WhenHeldWait:
	default:
		return fmt.Errorf("cluster.leases.whenHeld: %q is not refuse or wait", l.WhenHeld)
	}
	return nil
}
