package record

import (
	"fmt"
	"strings"
)

// Template renders a pod's DNS name from its Kubernetes identity, e.g.
// "{name}.{namespace}.{zone}". Placeholders: {name}, {namespace}, {uid}
// (K8S_POD_NAME, K8S_POD_NAMESPACE, K8S_POD_UID) and {zone} (the default
// zone, without its trailing dot). The rendered name then goes through
// Zones.Resolve like any requested name.
//
// A template maps different pods to different names: each label holds at
// most one pod placeholder ({name}, {namespace}, {uid}), checked by
// ParseTemplate, and each substituted value must be a single label (no
// '.'), checked by Render. The labels of a rendered name then line up one
// to one with the template's, and each value is the label minus fixed
// text, so the name determines the values. Without the rules, pod
// "api.web-1" in {name}.{namespace}.{zone} would get the name of a
// "{label}.{name}.{namespace}" of pod "web-1", and {name}-{namespace}
// would give "a-b" in "c" and "a" in "b-c" the same name.
type Template struct {
	text  string
	parts []tmplPart
}

type tmplPart struct {
	literal string
	field   string // "" for a literal
}

// TemplateVars are the values a Template is rendered with.
type TemplateVars struct {
	Name, Namespace, UID, Zone string
}

var tmplFields = map[string]func(TemplateVars) string{
	"name":      func(v TemplateVars) string { return v.Name },
	"namespace": func(v TemplateVars) string { return v.Namespace },
	"uid":       func(v TemplateVars) string { return v.UID },
	"zone":      func(v TemplateVars) string { return strings.TrimSuffix(v.Zone, ".") },
}

// ParseTemplate parses a name template; an empty text gives the zero
// Template, which renders nothing.
func ParseTemplate(text string) (Template, error) {
	t := Template{text: text}
	rest := text
	for rest != "" {
		open := strings.IndexByte(rest, '{')
		if close := strings.IndexByte(rest, '}'); close >= 0 && (open < 0 || close < open) {
			return Template{}, fmt.Errorf("template %q: unmatched '}'", text)
		}
		if open < 0 {
			t.parts = append(t.parts, tmplPart{literal: rest})
			break
		}
		if open > 0 {
			t.parts = append(t.parts, tmplPart{literal: rest[:open]})
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return Template{}, fmt.Errorf("template %q: unterminated '{'", text)
		}
		field := rest[open+1 : open+end]
		if _, ok := tmplFields[field]; !ok {
			return Template{}, fmt.Errorf("template %q: unknown placeholder {%s} (known: {name}, {namespace}, {uid}, {zone})", text, field)
		}
		t.parts = append(t.parts, tmplPart{field: field})
		rest = rest[open+end+1:]
	}
	if err := t.checkLabels(); err != nil {
		return Template{}, err
	}
	return t, nil
}

// checkLabels enforces one pod placeholder per label. {zone} is fixed
// text for this purpose (one value per config), but its dots are not
// counted as label ends: the zone may be a single label.
func (t Template) checkLabels() error {
	var inLabel string
	for _, p := range t.parts {
		switch {
		case p.field == "":
			if strings.Contains(p.literal, ".") {
				inLabel = ""
			}
		case p.field == "zone":
		case inLabel != "":
			return fmt.Errorf("template %q: {%s} and {%s} are in one label: put each in a label of its own (e.g. {name}.{namespace}), or two pods could get the same name", t.text, inLabel, p.field)
		default:
			inLabel = p.field
		}
	}
	return nil
}

// IsZero reports whether the template is empty.
func (t Template) IsZero() bool { return len(t.parts) == 0 }

// String returns the template text.
func (t Template) String() string { return t.text }

// Needs reports whether the template uses placeholder field.
func (t Template) Needs(field string) bool {
	for _, p := range t.parts {
		if p.field == field {
			return true
		}
	}
	return false
}

// Render fills the placeholders. A placeholder with an empty value is an
// error: it would silently produce a different name. So is a pod value
// with a '.': it would add labels, and could produce another pod's name.
func (t Template) Render(v TemplateVars) (string, error) {
	var b strings.Builder
	for _, p := range t.parts {
		if p.field == "" {
			b.WriteString(p.literal)
			continue
		}
		val := tmplFields[p.field](v)
		if val == "" {
			return "", fmt.Errorf("template %q: {%s} has no value", t.text, p.field)
		}
		if p.field != "zone" && strings.Contains(val, ".") {
			return "", fmt.Errorf("template %q: {%s} value %q contains '.': a value must stay one label, or the name could be another pod's", t.text, p.field, val)
		}
		b.WriteString(val)
	}
	return b.String(), nil
}
