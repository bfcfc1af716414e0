package api

import (
	"fmt"
	"net/netip"
	"slices"
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
	return s, nil
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
