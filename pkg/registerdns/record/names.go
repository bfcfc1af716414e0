package record

import (
	"fmt"
	"slices"
)

// NameConfig is the part of a registerDNS config a pod's names depend on.
type NameConfig struct {
	Zones    Zones
	Template Template // zero: no template name
}

// Pod is what a pod's names are computed from: its Kubernetes identity
// (CNI_ARGS K8S_POD_*) and the names it asks for (runtimeConfig.dnsNames,
// which diktyo-nri fills from the pod's annotation).
type Pod struct {
	Namespace, Name, UID string
	DNSNames             []string
}

// Names returns the pod's fully qualified names, as registerDNS's ADD
// computes them: the template's first (it is the PTR target), then
// DNSNames in order, without duplicates. The template gives no name when
// the pod lacks a value it uses (not a Kubernetes pod). Any invalid name
// is an error naming where it came from. It is pure: the NRI plugin calls
// it to find, at admission, the names a pod would take.
func Names(cfg NameConfig, pod Pod) ([]Name, error) {
	return names(cfg, pod, nil)
}

// NamesLenient is Names that skips invalid names, passing each error to
// skipped (DEL: a name that fails validation was never added).
func NamesLenient(cfg NameConfig, pod Pod, skipped func(error)) []Name {
	out, _ := names(cfg, pod, skipped)
	return out
}

func names(cfg NameConfig, pod Pod, skipped func(error)) ([]Name, error) {
	var out []Name
	add := func(n Name, err error) error {
		switch {
		case err != nil && skipped == nil:
			return err
		case err != nil:
			skipped(err)
		case !slices.Contains(out, n):
			out = append(out, n)
		}
		return nil
	}
	if n, ok, err := templateName(cfg, pod); ok || err != nil {
		if err := add(n, err); err != nil {
			return nil, err
		}
	}
	for i, s := range pod.DNSNames {
		n, err := cfg.Zones.Resolve(s)
		if err != nil {
			err = fmt.Errorf("runtimeConfig.dnsNames[%d]: %w", i, err)
		}
		if err := add(n, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// templateName renders the template; ok is false when there is none, or
// the pod lacks a value it needs.
func templateName(cfg NameConfig, pod Pod) (Name, bool, error) {
	t := cfg.Template
	if t.IsZero() || len(cfg.Zones) == 0 {
		return Name{}, false, nil
	}
	if (t.Needs("name") && pod.Name == "") || (t.Needs("namespace") && pod.Namespace == "") || (t.Needs("uid") && pod.UID == "") {
		return Name{}, false, nil
	}
	v := TemplateVars{Name: pod.Name, Namespace: pod.Namespace, UID: pod.UID, Zone: cfg.Zones[0]}
	s, err := t.Render(v)
	if err == nil {
		var n Name
		if n, err = cfg.Zones.Resolve(s); err == nil {
			return n, true, nil
		}
	}
	return Name{}, false, fmt.Errorf("nameTemplate %q for pod %s/%s: %w", t, pod.Namespace, pod.Name, err)
}
