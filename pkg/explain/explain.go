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
	// 192.0.2.10 (TEST-NET-1).
	IPs []string
}

// Explain writes the explanation to w. It returns the validation error,
// if any, after writing what led to it.
func Explain(w io.Writer, in Input) error {
	cfg := in.Config
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
	fmt.Fprintln(w, "what the chain does:")
	writeSNAT(w, pol)
	writeRoutes(w, pol)
	writeDNS(w, pol)
	if pol.Debug {
		fmt.Fprintf(w, "  debug: each chain run is dumped to %s/<sandbox-id>/\n", cfg.Debug.Dir)
	}
	if list == nil {
		return nil
	}
	pod.ID = "" // the plans name objects after an example sandbox ID
	pod.IPs = in.IPs
	if len(pod.IPs) == 0 {
		pod.IPs = []string{"192.0.2.10"}
	}
	return writePlans(w, list, cfg.Chain.IfName, pod, pol.CapabilityArgs())
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

// writeSNAT describes the SNAT decisions in ipmasq's order: exclusions
// first, then the most specific destination first, then the default.
func writeSNAT(w io.Writer, pol *policy.Policy) {
	snat := pol.SNATPolicy
	if len(pol.MasqEntries) == 0 && snat == nil {
		return
	}
	fmt.Fprintln(w, "  SNAT of the pod's traffic (ipmasq), first match wins:")
	if snat != nil {
		for _, c := range snat.ExcludeCIDRs {
			fmt.Fprintf(w, "    to %s: not SNATed (excluded)\n", c)
		}
	}
	entries := append([]api.MasqEntry(nil), pol.MasqEntries...)
	sort.SliceStable(entries, func(i, j int) bool { return prefixBits(entries[i].Destination) > prefixBits(entries[j].Destination) })
	for _, e := range entries {
		proto := e.Protocol
		if proto == "" {
			proto = "all"
		}
		desc := ""
		if e.Description != "" {
			desc = fmt.Sprintf(" (%s)", e.Description)
		}
		fmt.Fprintf(w, "    %s to %s: SNAT to %s%s\n", proto, e.Destination, e.External, desc)
	}
	if snat == nil {
		return
	}
	action := snat.DefaultAction
	switch action {
	case "", "none":
		action = "no SNAT"
	case "snat":
		action = "SNAT to " + snat.DefaultExternal
	}
	if snat.Randomize != "" && snat.Randomize != "none" {
		action += ", ports randomized (" + snat.Randomize + ")"
	}
	writeDefaultSNAT(w, snat, action)
}

// writeDefaultSNAT describes where the default action applies, per family
// (include lists only restrict the families they have entries of).
func writeDefaultSNAT(w io.Writer, snat *api.SNATPolicy, action string) {
	s, err := api.ParseSNATPolicy(*snat, api.Lenient)
	if err != nil {
		fmt.Fprintf(w, "    default: %v\n", err)
		return
	}
	if len(s.Include) == 0 && len(s.PodInclude) == 0 {
		fmt.Fprintf(w, "    anything else: %s (default)\n", action)
		return
	}
	for _, fam := range []string{"IPv4", "IPv6"} {
		if pod := ofFamily(s.PodInclude, fam); len(pod) > 0 {
			fmt.Fprintf(w, "    to %s: %s (default, the pod's snat-include)\n", joinPrefixes(pod), action)
			fmt.Fprintf(w, "    to the rest of %s: no SNAT (the pod's snat-include narrows the default there)\n", joinPrefixes(ofFamily(s.PodScope, fam)))
		}
		if inc := ofFamily(s.Include, fam); len(inc) > 0 {
			fmt.Fprintf(w, "    to %s: %s (default, include list)\n", joinPrefixes(inc), action)
			fmt.Fprintf(w, "    anything else (%s): no SNAT\n", fam)
		} else {
			fmt.Fprintf(w, "    anything else (%s): %s (default)\n", fam, action)
		}
	}
}

func ofFamily(ps []netip.Prefix, fam string) []netip.Prefix {
	var out []netip.Prefix
	for _, p := range ps {
		if p.Addr().Is4() == (fam == "IPv4") {
			out = append(out, p)
		}
	}
	return out
}

func joinPrefixes(ps []netip.Prefix) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, ", ")
}

func prefixBits(s string) int {
	p, err := api.ParsePrefix(s)
	if err != nil {
		return -1
	}
	return p.Bits()
}

func writeRoutes(w io.Writer, pol *policy.Policy) {
	if len(pol.RouteEntries) > 0 {
		fmt.Fprintln(w, "  routes inside the pod (iproute):")
		for _, r := range pol.RouteEntries {
			fmt.Fprintf(w, "    %s\n", describeRoute(r))
		}
	}
	if pr := pol.PolicyRouting; pr != nil {
		fmt.Fprintln(w, "  host policy routing (iproute):")
		for _, c := range pr.ExcludeCIDRs {
			fmt.Fprintf(w, "    from <pod IP> to %s lookup main (bypass)\n", c)
		}
		fmt.Fprintf(w, "    from <pod IP> lookup %d\n", pr.Table)
		fmt.Fprintln(w, "    to <pod IP> lookup main")
	}
}

func describeRoute(e api.RouteEntry) string {
	r, err := api.ParseRouteEntry(e, api.Strict)
	if err != nil { // the policy holds only parsed entries
		return fmt.Sprintf("%+v (%v)", e, err)
	}
	if r.Description != "" {
		return r.String() + " (" + r.Description + ")"
	}
	return r.String()
}

func writeDNS(w io.Writer, pol *policy.Policy) {
	if len(pol.DNSNames) == 0 {
		return
	}
	fmt.Fprintln(w, "  DNS records (registerDNS), for each pod address:")
	for _, n := range pol.DNSNames {
		fmt.Fprintf(w, "    %s A/AAAA <pod IP>\n", n)
	}
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
