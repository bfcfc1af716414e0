// Package cniutil is the plumbing every diktyo CNI plugin shares: supported
// spec versions, prevResult handling, pod address discovery, owner naming,
// Kubernetes CNI_ARGS and GC attachment sets. Plugins parse their own
// config; this package only does what would otherwise be written four times.
package cniutil

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/containernetworking/cni/pkg/version"
)

// Versions are the CNI spec versions every diktyo plugin supports.
var Versions = version.PluginSupports("0.3.0", "0.3.1", "0.4.0", "1.0.0", "1.1.0")

// OwnerID names the objects one attachment owns (chains, rules, records).
// It is derived only from what every verb, DEL and GC included, is given:
// the network name, the container ID and the interface name. Its 16 hex
// characters keep iptables chain names under their 28-byte limit.
func OwnerID(network, containerID, ifname string) string {
	h := sha256.Sum256([]byte(network + "\x00" + containerID + "\x00" + ifname))
	return hex.EncodeToString(h[:8])
}

// ValidOwners returns the OwnerIDs of the attachments a GC call says are
// still in use.
func ValidOwners(network string, valid []types.GCAttachment) map[string]bool {
	owners := make(map[string]bool, len(valid))
	for _, a := range valid {
		owners[OwnerID(network, a.ContainerID, a.IfName)] = true
	}
	return owners
}

// PrevResult parses conf.RawPrevResult (any supported version) and returns
// it as a current (1.x) result, or nil when the plugin runs standalone.
func PrevResult(conf *types.PluginConf) (*current.Result, error) {
	if conf.RawPrevResult == nil {
		return nil, nil
	}
	if err := version.ParsePrevResult(conf); err != nil {
		return nil, fmt.Errorf("prevResult: %w", err)
	}
	res, err := current.NewResultFromResult(conf.PrevResult)
	if err != nil {
		return nil, fmt.Errorf("prevResult: converting to %s: %w", current.ImplementedSpecVersion, err)
	}
	return res, nil
}

// K8sArgs are the CNI_ARGS Kubernetes runtimes (and diktyo-nri) pass.
type K8sArgs struct {
	types.CommonArgs
	K8S_POD_NAME               types.UnmarshallableString //nolint:revive,stylecheck // CNI_ARGS key
	K8S_POD_NAMESPACE          types.UnmarshallableString //nolint:revive,stylecheck // CNI_ARGS key
	K8S_POD_INFRA_CONTAINER_ID types.UnmarshallableString //nolint:revive,stylecheck // CNI_ARGS key
	K8S_POD_UID                types.UnmarshallableString //nolint:revive,stylecheck // CNI_ARGS key
}

// ParseK8sArgs parses CNI_ARGS, ignoring keys it does not know.
func ParseK8sArgs(args string) (K8sArgs, error) {
	var k K8sArgs
	k.IgnoreUnknown = true
	if err := types.LoadArgs(args, &k); err != nil {
		return k, fmt.Errorf("CNI_ARGS %q: %w", args, err)
	}
	return k, nil
}
