package policy

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// ErrDenied marks a request the admin config does not allow.
var ErrDenied = errors.New("not allowed by the admin config")

// ErrUnknown marks a decision that could not be made because a fact it
// needs could not be read (the node's addresses): no verdict on the
// request. diktyo-nri refuses a starting pod on it, but never removes a
// running pod's policy for it (docs/nri.md, "Removal needs proof").
var ErrUnknown = errors.New("cannot decide now")

// Pod identifies the pod a decision is for.
type Pod struct {
	Namespace string
	Name      string
	UID       string
}

// Policy is what the chain is asked to do for one pod: the capability
// arguments (runtimeConfig) of the diktyo chain, plus diktyo-nri's own
// per-pod switches.
type Policy struct {
	MasqEntries   []api.MasqEntry    `json:"masqEntries,omitempty"`
	SNATPolicy    *api.SNATPolicy    `json:"snatPolicy,omitempty"`
	RouteEntries  []api.RouteEntry   `json:"routeEntries,omitempty"`
	PolicyRouting *api.PolicyRouting `json:"policyRouting,omitempty"`
	DNSNames      []string           `json:"dnsNames,omitempty"`
	// Debug asks diktyo-nri to dump each chain run of this pod.
	Debug bool `json:"debug,omitempty"`
	// Quota is what the pod's namespace may hold of the egress
	// allocator's ports at once (its rule's allow.masq.quota); not passed
	// to the chain.
	Quota MasqQuota `json:"-"`
}

// Empty reports whether the chain has nothing to do for the pod.
func (p *Policy) Empty() bool {
	return p == nil || (len(p.MasqEntries) == 0 && p.SNATPolicy == nil && len(p.RouteEntries) == 0 &&
		p.PolicyRouting == nil && len(p.DNSNames) == 0)
}

// CapabilityArgs returns the policy as libcni capability arguments; only
// non-empty capabilities are present. The pod's addresses ("ips") are
// added by the caller, who knows them.
func (p *Policy) CapabilityArgs() map[string]any {
	args := map[string]any{}
	if p == nil {
		return args
	}
	if len(p.MasqEntries) > 0 {
		args[api.CapMasqEntries] = p.MasqEntries
	}
	if p.SNATPolicy != nil {
		args[api.CapSNATPolicy] = p.SNATPolicy
	}
	if len(p.RouteEntries) > 0 {
		args[api.CapRouteEntries] = p.RouteEntries
	}
	if p.PolicyRouting != nil {
		args[api.CapPolicyRouting] = p.PolicyRouting
	}
	if len(p.DNSNames) > 0 {
		args[api.CapDNSNames] = p.DNSNames
	}
	return args
}

// Decide parses the pod's diktyo annotations and checks them against the
// admin config, returning the pod's policy (node defaults included). An
// error is an *AnnotationError (or, with an egress section, an error
// wrapping ErrDenied when the node no longer owns defaults.snat's
// address); errors.Is(err, ErrDenied) tells a request the admin does not
// allow from a malformed one, and errors.Is(err, ErrUnknown) a decision
// that could not be made now (the node's addresses unreadable). A masq entry may name a pool ("pool:NAME"):
// Policy.ResolvePools turns it into the pod's block before the chain runs.
func Decide(cfg *Config, pod Pod, annotations map[string]string) (*Policy, error) {
	req, err := ParseAnnotations(annotations)
	if err != nil {
		return nil, err
	}
	return Authorize(cfg, pod, req, annotations)
}

// Authorize checks a parsed request against the admin config and builds
// the policy. annotations are only used to quote values in errors.
func Authorize(cfg *Config, pod Pod, req *Request, annotations map[string]string) (*Policy, error) {
	a := &authorizer{cfg: cfg, pod: pod, req: req, annotations: annotations}
	if rule := cfg.RuleFor(pod.Namespace); rule != nil {
		a.allow = rule.Allow
	}
	pol := &Policy{}
	// One step per annotation family, in the order the errors have always
	// been reported in: the first refused annotation is the one named.
	for _, step := range []func(*Policy) error{a.masq, a.snatLists, a.routes, a.routeTable, a.dns, a.debug} {
		if err := step(pol); err != nil {
			return nil, err
		}
	}
	pol.SNATPolicy = snatPolicy(cfg.Defaults.SNAT, req, a.allow.SNATInclude)
	if err := cfg.Egress.checkSNATDefault(pol.SNATPolicy); err != nil {
		return nil, err
	}
	if req.RouteTable != 0 {
		pol.PolicyRouting = &api.PolicyRouting{Table: req.RouteTable, Priority: req.RoutePriority}
		// As the AWS CNI's EXCLUDE_SNAT_CIDRS: destinations excluded from
		// SNAT also bypass the pod's table and leave through main.
		if pol.SNATPolicy != nil {
			pol.PolicyRouting.ExcludeCIDRs = pol.SNATPolicy.ExcludeCIDRs
		}
	}
	return pol, nil
}

// authorizer is one Authorize call: the request, the namespace's
// allowlists, and the annotations to quote in errors.
type authorizer struct {
	cfg         *Config
	pod         Pod
	req         *Request
	annotations map[string]string
	allow       Allow
}

// deny is a refusal of annotation key by the admin config.
func (a *authorizer) deny(key string, format string, args ...any) error {
	return &AnnotationError{Key: key, Value: a.annotations[key],
		Err: fmt.Errorf("%w: %s", ErrDenied, fmt.Sprintf(format, args...))}
}

// noFeature refuses annotation key: the namespace's rule lacks its section.
func (a *authorizer) noFeature(key string) error {
	return a.deny(key, "namespace %q may not use %s", a.pod.Namespace, key)
}

// masq checks annotation masq: the allowlist, then the egress pools.
func (a *authorizer) masq(pol *Policy) error {
	if len(a.req.Masq) == 0 {
		return nil
	}
	if a.allow.Masq == nil {
		return a.noFeature(KeyMasq)
	}
	for i, e := range a.req.Masq {
		if why := a.allow.Masq.check(e); why != "" {
			return a.deny(KeyMasq, "[%d]: %s", i, why)
		}
		why, err := a.cfg.Egress.checkMasq(e)
		if err != nil {
			return &AnnotationError{Key: KeyMasq, Value: a.annotations[KeyMasq], Err: fmt.Errorf("[%d]: %w", i, err)}
		}
		if why != "" {
			return a.deny(KeyMasq, "[%d]: %s", i, why)
		}
	}
	for _, m := range a.req.Masq {
		pol.MasqEntries = append(pol.MasqEntries, m.Entry())
	}
	if q := a.allow.Masq.Quota; q != nil {
		pol.Quota = *q
	}
	return nil
}

// snatLists checks annotations snat-exclude and snat-include; snatPolicy
// adds them to the policy.
func (a *authorizer) snatLists(*Policy) error {
	if err := a.cidrList(KeySNATExclude, a.req.SNATExclude, a.allow.SNATExclude); err != nil {
		return err
	}
	return a.cidrList(KeySNATInclude, a.req.SNATInclude, a.allow.SNATInclude)
}

func (a *authorizer) cidrList(key string, cidrs []netip.Prefix, allow *CIDRAllow) error {
	if len(cidrs) == 0 {
		return nil
	}
	if allow == nil {
		return a.noFeature(key)
	}
	if p, ok := firstOutside(cidrs, allow.cidrs); !ok {
		return a.deny(key, "%s is not inside any allowed CIDR (%s)", p, strings.Join(allow.CIDRs, ", "))
	}
	return nil
}

// routes checks annotation routes.
func (a *authorizer) routes(pol *Policy) error {
	if len(a.req.Routes) == 0 {
		return nil
	}
	if a.allow.Routes == nil {
		return a.noFeature(KeyRoutes)
	}
	for i, e := range a.req.Routes {
		if why := a.allow.Routes.check(e); why != "" {
			return a.deny(KeyRoutes, "[%d]: %s", i, why)
		}
	}
	for _, r := range a.req.Routes {
		pol.RouteEntries = append(pol.RouteEntries, r.Entry())
	}
	return nil
}

// routeTable checks annotations route-table and route-priority; Authorize
// builds the policy routing from them once the SNAT policy is known.
func (a *authorizer) routeTable(*Policy) error {
	req := a.req
	if req.RouteTable != 0 {
		if a.allow.RouteTable == nil {
			return a.noFeature(KeyRouteTable)
		}
		if !inRanges(a.allow.RouteTable.Tables, int64(req.RouteTable)) {
			return a.deny(KeyRouteTable, "table %d is not in the allowed tables", req.RouteTable)
		}
	}
	if req.RoutePriority != 0 {
		if req.RouteTable == 0 {
			return &AnnotationError{Key: KeyRoutePrio, Value: a.annotations[KeyRoutePrio],
				Err: api.Invalidf("needs %s (the priority is that of the pod's table rule)", KeyRouteTable)}
		}
		if !inRanges(a.allow.RouteTable.Priorities, int64(req.RoutePriority)) {
			return a.deny(KeyRoutePrio, "priority %d is not in the allowed priorities", req.RoutePriority)
		}
	}
	return nil
}

// dns checks annotation dns-names against the zones and templates.
func (a *authorizer) dns(pol *Policy) error {
	if len(a.req.DNSNames) == 0 {
		return nil
	}
	if a.allow.DNS == nil {
		return a.noFeature(KeyDNSNames)
	}
	for _, n := range a.req.DNSNames {
		if why := a.allow.DNS.check(a.pod, n); why != "" {
			return a.deny(KeyDNSNames, "%s", why)
		}
	}
	// Fully qualified (trailing dot): registerDNS takes a name without
	// one as relative to its first zone.
	for _, n := range a.req.DNSNames {
		pol.DNSNames = append(pol.DNSNames, n+".")
	}
	return nil
}

// debug checks annotation debug.
func (a *authorizer) debug(pol *Policy) error {
	if !a.req.Debug {
		return nil
	}
	if !a.allow.Debug {
		return a.noFeature(KeyDebug)
	}
	pol.Debug = true
	return nil
}

// snatPolicy is the node defaults plus the pod's lists; nil when nothing
// is set. The pod's exclusions are added to the node's. Its inclusions
// are not: added to includeCIDRs they would replace the default of every
// other destination of the family, SNAT the admin requires. They go as
// podInclude, scoped to the admin's allow.snatInclude.cidrs: they narrow
// the default only there (api.PodInclude).
func snatPolicy(d SNATDefaults, req *Request, include *CIDRAllow) *api.SNATPolicy {
	p := &api.SNATPolicy{
		DefaultAction:   d.DefaultAction,
		DefaultExternal: d.DefaultExternal,
		Randomize:       d.Randomize,
		ExcludeCIDRs:    append([]string(nil), d.ExcludeCIDRs...),
		IncludeCIDRs:    append([]string(nil), d.IncludeCIDRs...),
	}
	for _, c := range req.SNATExclude {
		p.ExcludeCIDRs = append(p.ExcludeCIDRs, c.String())
	}
	if len(req.SNATInclude) > 0 {
		p.PodInclude = &api.PodInclude{CIDRs: prefixStrings(req.SNATInclude), Scope: prefixStrings(include.cidrs)}
	}
	if p.DefaultAction == "" && p.DefaultExternal == "" && p.Randomize == "" &&
		len(p.ExcludeCIDRs) == 0 && len(p.IncludeCIDRs) == 0 && p.PodInclude == nil {
		return nil
	}
	return p
}

func prefixStrings(ps []netip.Prefix) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func withinAny(p netip.Prefix, allowed []netip.Prefix) bool { return api.WithinAny(p, allowed) }

func firstOutside(ps, allowed []netip.Prefix) (netip.Prefix, bool) {
	for _, p := range ps {
		if !withinAny(p, allowed) {
			return p, false
		}
	}
	return netip.Prefix{}, true
}

// check returns why a masq entry is not allowed, or "".
func (m *MasqAllow) check(e api.Masq) string {
	if e.External.Pool != "" {
		if why := m.checkPool(e.External.Pool); why != "" {
			return why
		}
	} else if !m.externalAllowed(e.External) {
		return fmt.Sprintf("external %q is not in the allowed externals (%s)", e.External, strings.Join(m.Externals, ", "))
	}
	if !withinAny(e.Dst, m.destinations) {
		return fmt.Sprintf("destination %s is not inside any allowed destination (%s)", e.Dst, strings.Join(m.Destinations, ", "))
	}
	return ""
}

func (m *MasqAllow) externalAllowed(ext api.External) bool {
	for _, a := range m.externals {
		switch {
		case a.Masquerade || ext.Masquerade:
			if a.Masquerade && ext.Masquerade {
				return true
			}
		case a.Addr != ext.Addr:
		case !a.HasPorts():
			return true
		case ext.HasPorts() && ext.PortLo >= a.PortLo && ext.PortHi <= a.PortHi:
			return true
		}
	}
	return false
}

// check returns why a route entry is not allowed, or "".
func (r *RoutesAllow) check(e api.Route) string {
	if !withinAny(e.Dst, r.destinations) {
		return fmt.Sprintf("destination %s is not inside any allowed destination (%s)", e.Dst, strings.Join(r.Destinations, ", "))
	}
	types := r.Types
	if len(types) == 0 {
		types = []string{string(api.RouteUnicast)}
	}
	if !contains(types, string(e.Type)) {
		return fmt.Sprintf("route type %s is not allowed (allowed: %s)", e.Type, strings.Join(types, ", "))
	}
	if e.Gateway.IsValid() && !withinAny(netip.PrefixFrom(e.Gateway, e.Gateway.BitLen()), r.gateways) {
		return fmt.Sprintf("gateway %s is not in the allowed gateways (%s)", e.Gateway, strings.Join(r.Gateways, ", "))
	}
	if e.Table != 0 && !inRanges(r.Tables, int64(e.Table)) {
		return fmt.Sprintf("table %d is not in the allowed tables", e.Table)
	}
	if e.Metric != 0 && !inRanges(r.Metrics, int64(e.Metric)) {
		return fmt.Sprintf("metric %d is not in the allowed metrics", e.Metric)
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// check returns why a DNS name is not allowed for pod, or "". The
// templates were compiled when the config was loaded (DNSAllow.validate).
func (d *DNSAllow) check(pod Pod, name string) string {
	v := api.TemplateVars{Name: strings.ToLower(pod.Name), Namespace: strings.ToLower(pod.Namespace), UID: strings.ToLower(pod.UID)}
	for _, zone := range d.zones {
		if !strings.HasSuffix(name, "."+zone) {
			continue
		}
		v.Zone = zone
		var unusable error // why a template gives this pod no name at all
		for _, t := range d.templates {
			ok, err := t.Match(v, name)
			if ok {
				return ""
			}
			if unusable == nil {
				unusable = err
			}
		}
		why := fmt.Sprintf("name %q does not match any allowed template for pod %s/%s (%s)",
			name, pod.Namespace, pod.Name, strings.Join(d.Templates, ", "))
		if unusable != nil {
			why += ": " + unusable.Error()
		}
		return why
	}
	return fmt.Sprintf("name %q is not in an allowed zone (%s)", name, strings.Join(d.Zones, ", "))
}
