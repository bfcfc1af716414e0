// Package explain implements `diktyo-nri explain`: given pod annotations
// and the admin config, it prints the pod's policy, the runtime config and
// CNI_ARGS the chain would get, and what the chain would make of them, or
// the exact validation error. It needs no root and touches nothing.
package explain

import (
	"encoding/json"
	"fmt"
	"io"
	"net/netip"
	"os"
	"sort"
	"strings"

	"github.com/containernetworking/cni/libcni"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// Input is what explain works on.
type Input struct {
	Config      *policy.Config
	Pod         policy.Pod
	Annotations map[string]string
	// HostNetwork explains the pod as a host-network pod.
	HostNetwork bool
	// IPs are example pod addresses for the plugins' builders; empty:
	// 192.0.2.10 (TEST-NET-1), or an address of the first podCIDR.
	IPs []string
}

// Explain writes the explanation to w. It returns the validation error,
// if any, after writing what led to it.
func Explain(w io.Writer, in Input) error {
	cfg := in.Config
	ips := in.IPs
	if len(ips) == 0 {
		ips = []string{exampleIP(cfg)}
	}
	// The example addresses are checked as diktyo-nri checks a pod's,
	// whether or not the chain can be read here.
	if err := checkIPs(cfg, ips); err != nil {
		return err
	}
	fmt.Fprintf(w, "pod: %s/%s\n", in.Pod.Namespace, in.Pod.Name)
	if rule := cfg.RuleFor(in.Pod.Namespace); rule != nil {
		fmt.Fprintf(w, "namespace rule: %s\n", strings.Join(rule.Namespaces, ", "))
	} else {
		fmt.Fprintf(w, "namespace rule: none matches %q: no feature is allowed, node defaults apply\n", in.Pod.Namespace)
	}
	writeAnnotations(w, in.Annotations)
	if in.HostNetwork && policy.HasDiktyoAnnotations(in.Annotations) {
		if cfg.HostNetwork == policy.HostNetworkIgnore {
			fmt.Fprintln(w, "host-network pod: diktyo annotations are ignored (hostNetwork: ignore); nothing is done")
			return nil
		}
		err := fmt.Errorf("host-network pods cannot use diktyo annotations (hostNetwork: reject)")
		fmt.Fprintf(w, "result: REJECTED (failurePolicy %s): %v\n", cfg.FailurePolicy, err)
		return err
	}
	pol, err := policy.Decide(cfg, in.Pod, in.Annotations)
	if err != nil {
		fmt.Fprintf(w, "result: REJECTED (failurePolicy %s): %v\n", cfg.FailurePolicy, err)
		if cfg.FailurePolicy == policy.FailurePolicyIgnore {
			fmt.Fprintln(w, "  under failurePolicy ignore the pod would start without any diktyo policy")
		}
		return err
	}
	if pol.Empty() {
		fmt.Fprintln(w, "result: no policy; the chain is not run for this pod")
		return nil
	}
	fmt.Fprintln(w, "result: ALLOWED")
	if err := examplePoolBlocks(w, cfg, pol); err != nil {
		return err
	}
	pod := chainrun.Pod{ID: "<sandbox-id>", Namespace: in.Pod.Namespace, Name: in.Pod.Name, UID: in.Pod.UID, IPs: []string{"<pod IPs>"}}
	writeJSON(w, "runtimeConfig (capability args)", chainrun.CapabilityArgs(pod, pol.CapabilityArgs()))
	args := make([]string, 0, 5)
	for _, kv := range chainrun.CNIArgs(pod) {
		args = append(args, kv[0]+"="+kv[1])
	}
	fmt.Fprintf(w, "CNI_ARGS: %s\n", strings.Join(args, ";"))
	list := writeChain(w, cfg)
	if pol.Debug {
		fmt.Fprintf(w, "debug: each chain run is dumped to %s/<sandbox-id>/\n", cfg.Debug.Dir)
	}
	if list == nil {
		fmt.Fprintln(w, "what the chain does: not known here (its plugins make the plans, and the chain is not readable)")
		return nil
	}
	pod.ID = "" // the plans name objects after an example sandbox ID
	pod.IPs = ips
	return writePlans(w, list, cfg.Chain.IfName, pod, pol.CapabilityArgs())
}

// exampleIP is the pod address explain shows plans for when none is
// given: 192.0.2.10, or the tenth address of the node's first podCIDR
// (its first when it is smaller), which the daemon would accept.
func exampleIP(cfg *policy.Config) string {
	if len(cfg.PodCIDRs) == 0 {
		return "192.0.2.10"
	}
	p, err := netip.ParsePrefix(cfg.PodCIDRs[0])
	if err != nil { // validated at load
		return "192.0.2.10"
	}
	a := p.Masked().Addr()
	for range 10 {
		a = a.Next()
	}
	if !p.Contains(a) {
		a = p.Masked().Addr().Next()
	}
	return a.String()
}

// checkIPs refuses example pod addresses (--ip) that diktyo-nri would
// refuse as a pod's: not one host, or outside the node's podCIDRs.
func checkIPs(cfg *policy.Config, ips []string) error {
	hosts, err := cniutil.ParseHostAddrs("--ip", ips)
	if err != nil {
		return err
	}
	for _, a := range hosts {
		if err := cfg.CheckPodAddr(a); err != nil {
			return fmt.Errorf("--ip: %w", err)
		}
	}
	return nil
}

func writeAnnotations(w io.Writer, ann map[string]string) {
	keys := make([]string, 0, len(ann))
	for k := range ann {
		if strings.HasPrefix(k, policy.Prefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		fmt.Fprintln(w, "annotations: none under "+policy.Prefix)
		return
	}
	fmt.Fprintln(w, "annotations:")
	for _, k := range keys {
		fmt.Fprintf(w, "  %s: %s\n", k, ann[k])
	}
}

func writeJSON(w io.Writer, title string, v any) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(w, "%s: <%v>\n", title, err)
		return
	}
	fmt.Fprintf(w, "%s:\n  %s", title, b.String())
}

// writeChain describes the chain; it returns nil when the conflist cannot
// be read here (explain then stops at the policy).
func writeChain(w io.Writer, cfg *policy.Config) *libcni.NetworkConfigList {
	list, err := chainrun.LoadConflist(cfg.Chain.Conflist)
	if err != nil {
		fmt.Fprintf(w, "chain: not readable here (%v)\n", err)
		return nil
	}
	types := make([]string, 0, len(list.Plugins))
	for _, p := range list.Plugins {
		types = append(types, p.Network.Type)
	}
	fmt.Fprintf(w, "chain: network %q (CNI %s) from %s: %s, interface %s, cache %s\n",
		list.Name, list.CNIVersion, cfg.Chain.Conflist, strings.Join(types, " -> "), cfg.Chain.IfName, cfg.Chain.CacheDir)
	return list
}

// ReadAnnotationsFile reads annotations from a YAML or JSON file holding
// either a plain map of annotations or a pod manifest (its
// metadata.annotations, and metadata.name/namespace/uid when present).
func ReadAnnotationsFile(file string) (map[string]string, *policy.Pod, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	var manifest struct {
		Metadata *struct {
			Name        string            `json:"name"`
			Namespace   string            `json:"namespace"`
			UID         string            `json:"uid"`
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal(data, &manifest); err == nil && manifest.Metadata != nil {
		m := manifest.Metadata
		return m.Annotations, &policy.Pod{Namespace: m.Namespace, Name: m.Name, UID: m.UID}, nil
	}
	var ann map[string]string
	if err := yaml.Unmarshal(data, &ann); err != nil {
		return nil, nil, fmt.Errorf("%s: want a map of annotations (string values) or a pod manifest: %w", file, err)
	}
	return ann, nil, nil
}

// ParseAnnotationFlag splits a KEY=VALUE flag value.
func ParseAnnotationFlag(s string) (string, string, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return "", "", fmt.Errorf("--annotation %q: want KEY=VALUE", s)
	}
	return k, v, nil
}

// examplePoolBlocks stands a pool's first block in for each pool:NAME the
// pod asks for: the real block is the allocator's choice at admission, on
// the node (diktyo-nri status shows it), and explain reads no node state.
func examplePoolBlocks(w io.Writer, cfg *policy.Config, pol *policy.Policy) error {
	return pol.ResolvePools(func(name string) (api.External, error) {
		p := cfg.Egress.Pool(name)
		if p == nil {
			return api.External{}, fmt.Errorf("pool %q is not in egress.pools", name)
		}
		lo, _ := p.PortRange()
		ext := api.External{Addr: p.Addr(), PortLo: lo, PortHi: lo + uint16(p.BlockSize) - 1} //nolint:gosec // blockSize fits the port range (validated)
		fmt.Fprintf(w, "pool:%s: a block of %d ports of %s, granted at admission; shown as its first block %s\n",
			name, p.BlockSize, p.Addr(), ext)
		return ext, nil
	})
}
