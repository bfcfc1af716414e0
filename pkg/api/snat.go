package api

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
)

// SNAT actions and randomize modes of SNATPolicy, as written.
const (
	ActionNone       = "none"
	ActionMasquerade = "masquerade"
	ActionSNAT       = "snat"

	RandomizeNone   = "none"
	RandomizeRandom = "random"
	RandomizeFully  = "fully"
)

// SNAT is a parsed, valid SNATPolicy. An empty scalar is unset: merged
// over another policy, it keeps the other's value.
type SNAT struct {
	DefaultAction   string   // "", ActionNone, ActionMasquerade or ActionSNAT
	DefaultExternal External // a plain address; invalid Addr: unset
	Exclude         []netip.Prefix
	Include         []netip.Prefix
	Randomize       string // "", RandomizeNone, RandomizeRandom or RandomizeFully
	// PodInclude and PodScope are SNATPolicy.PodInclude: inside PodScope,
	// the default applies only to PodInclude (per family).
	PodInclude, PodScope []netip.Prefix
}

// ParseSNATPolicy is the one parser of the snatPolicy capability and of the
// SNAT settings it extends (ipmasq's node policy, the admin's
// defaults.snat). Errors are ErrInvalid and name the field.
func ParseSNATPolicy(p SNATPolicy, form Form) (SNAT, error) {
	var s SNAT
	var err error
	switch p.DefaultAction {
	case "", ActionNone, ActionMasquerade, ActionSNAT:
		s.DefaultAction = p.DefaultAction
	default:
		return s, Invalidf("defaultAction: unknown action %q (want none, masquerade or snat)", p.DefaultAction)
	}
	if p.DefaultExternal != "" {
		if s.DefaultExternal, err = parseDefaultExternal(p.DefaultExternal, form); err != nil {
			return s, err
		}
	}
	switch p.Randomize {
	case "", RandomizeNone, RandomizeRandom, RandomizeFully:
		s.Randomize = p.Randomize
	default:
		return s, Invalidf("randomize: unknown mode %q (want none, random or fully)", p.Randomize)
	}
	if s.Exclude, err = parseMasqNetworks("excludeCIDRs", p.ExcludeCIDRs, form); err != nil {
		return s, err
	}
	if s.Include, err = parseMasqNetworks("includeCIDRs", p.IncludeCIDRs, form); err != nil {
		return s, err
	}
	if p.PodInclude != nil {
		if s.PodInclude, s.PodScope, err = parsePodInclude(*p.PodInclude, form); err != nil {
			return s, fmt.Errorf("podInclude.%w", err)
		}
	}
	return s, nil
}

// parsePodInclude checks that every CIDR lies inside the scope: a pod's
// include list only narrows the default where the admin lets it.
func parsePodInclude(p PodInclude, form Form) (cidrs, scope []netip.Prefix, err error) {
	if cidrs, err = parseMasqNetworks("cidrs", p.CIDRs, form); err != nil {
		return nil, nil, err
	}
	if scope, err = parseMasqNetworks("scope", p.Scope, form); err != nil {
		return nil, nil, err
	}
	if len(cidrs) == 0 {
		return nil, nil, Invalidf("cidrs: empty (leave podInclude out to keep the default)")
	}
	for i, c := range cidrs {
		if !WithinAny(c, scope) {
			return nil, nil, Invalidf("cidrs[%d]: %s is not inside the scope (%s)", i, c, joinPrefixes(scope))
		}
	}
	return cidrs, scope, nil
}

// Within reports whether inner lies entirely inside outer (same family).
func Within(inner, outer netip.Prefix) bool {
	return inner.Addr().Is4() == outer.Addr().Is4() && outer.Bits() <= inner.Bits() && outer.Contains(inner.Addr())
}

// WithinAny reports whether p lies inside one of outers.
func WithinAny(p netip.Prefix, outers []netip.Prefix) bool {
	return slices.ContainsFunc(outers, func(o netip.Prefix) bool { return Within(p, o) })
}

func joinPrefixes(ps []netip.Prefix) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, ", ")
}

func parseDefaultExternal(s string, form Form) (External, error) {
	ext, err := ParseSNATExternal(s, form)
	if err != nil {
		return ext, fmt.Errorf("defaultExternal: %w", err)
	}
	if ext.Masquerade || ext.HasPorts() {
		return External{}, Invalidf("defaultExternal: %q must be a plain address (the default covers every protocol, so no ports; use defaultAction \"masquerade\" to masquerade)", s)
	}
	return ext, nil
}

func parseMasqNetworks(field string, list []string, form Form) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for i, s := range list {
		p, err := form.parseMasqNetwork(s)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// Merge returns s extended by o: o's lists are added to s's, o's scalars,
// when set, replace s's. This is how a pod's snatPolicy extends the node
// policy.
func (s SNAT) Merge(o SNAT) SNAT {
	out := s
	out.Exclude = appendNew(slices.Clone(s.Exclude), o.Exclude)
	out.Include = appendNew(slices.Clone(s.Include), o.Include)
	out.PodInclude = appendNew(slices.Clone(s.PodInclude), o.PodInclude)
	out.PodScope = appendNew(slices.Clone(s.PodScope), o.PodScope)
	if o.DefaultAction != "" {
		out.DefaultAction = o.DefaultAction
	}
	if o.DefaultExternal.Addr.IsValid() {
		out.DefaultExternal = o.DefaultExternal
	}
	if o.Randomize != "" {
		out.Randomize = o.Randomize
	}
	return out
}

// Complete checks what a policy in force needs: the address of a
// default "snat".
func (s SNAT) Complete() error {
	if s.DefaultAction == ActionSNAT && !s.DefaultExternal.Addr.IsValid() {
		return Invalidf("defaultExternal: required when defaultAction is %q", ActionSNAT)
	}
	return nil
}

func appendNew(list, more []netip.Prefix) []netip.Prefix {
	for _, p := range more {
		if !slices.Contains(list, p) {
			list = append(list, p)
		}
	}
	return list
}
