package api

import (
	"fmt"
	"strings"
)

// NameTemplate is diktyo's one language of DNS name templates, shared by
// registerDNS's nameTemplate (the name it gives every pod) and the admin
// config's allow.dns.templates (the names a pod may ask for with the
// dns-names annotation), e.g. "{name}.{namespace}.{zone}".
//
// Placeholders: {name}, {namespace}, {uid} (the pod's), {zone} (a zone,
// without its trailing dot) and, in a pattern only (ParseNamePattern),
// {label}: any one DNS label the pod picks.
//
// A template maps different pods to different names: each label holds at
// most one placeholder other than {zone}, checked by the parser, and each
// pod value must be a single label (no '.'), checked when rendering or
// matching. The labels of a name then line up one to one with the
// template's, and each value is its label minus fixed text, so the name
// determines the values. Without the rules, pod "api.web-1" in
// {name}.{namespace}.{zone} would get the name of a
// {label}.{name}.{namespace}.{zone} of pod "web-1", and
// {name}-{namespace} would give "a-b" in "c" and "a" in "b-c" the same
// name. Which namespaces a template serves is its user's to check
// (SharedBy).
//
// A NameTemplate is parsed once, when the config is loaded.
type NameTemplate struct {
	text  string
	parts []templatePart
}

type templatePart struct {
	literal string
	field   string // "" for a literal
}

// TemplateVars are the values a NameTemplate is rendered with.
type TemplateVars struct {
	Name, Namespace, UID, Zone string
}

// The placeholders, by name.
const (
	FieldName      = "name"
	FieldNamespace = "namespace"
	FieldUID       = "uid"
	FieldZone      = "zone"
	FieldLabel     = "label"
)

func (v TemplateVars) value(field string) string {
	switch field {
	case FieldName:
		return v.Name
	case FieldNamespace:
		return v.Namespace
	case FieldUID:
		return v.UID
	case FieldZone:
		return strings.TrimSuffix(v.Zone, ".")
	}
	return ""
}

// ParseNameTemplate parses a template a name is rendered from ({name},
// {namespace}, {uid}, {zone}); an empty text gives the zero NameTemplate,
// which renders nothing.
func ParseNameTemplate(text string) (NameTemplate, error) {
	return parseNameTemplate(text, false)
}

// ParseNamePattern parses a template names are matched against: a
// NameTemplate that may also hold {label}.
func ParseNamePattern(text string) (NameTemplate, error) {
	return parseNameTemplate(text, true)
}

func parseNameTemplate(text string, pattern bool) (NameTemplate, error) {
	known := []string{FieldName, FieldNamespace, FieldUID, FieldZone}
	if pattern {
		known = append(known, FieldLabel)
	}
	t := NameTemplate{text: text}
	rest := text
	for rest != "" {
		open := strings.IndexByte(rest, '{')
		if end := strings.IndexByte(rest, '}'); end >= 0 && (open < 0 || end < open) {
			return NameTemplate{}, Invalidf("template %q: unmatched '}'", text)
		}
		if open < 0 {
			t.parts = append(t.parts, templatePart{literal: rest})
			break
		}
		if open > 0 {
			t.parts = append(t.parts, templatePart{literal: rest[:open]})
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return NameTemplate{}, Invalidf("template %q: unterminated '{'", text)
		}
		field := rest[open+1 : open+end]
		if !contains(known, field) {
			return NameTemplate{}, Invalidf("template %q: unknown placeholder {%s} (known: {%s})", text, field, strings.Join(known, "}, {"))
		}
		t.parts = append(t.parts, templatePart{field: field})
		rest = rest[open+end+1:]
	}
	if err := t.checkLabels(); err != nil {
		return NameTemplate{}, err
	}
	return t, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkLabels enforces one placeholder per label. {zone} is fixed text
// for this purpose (one value per name), but its dots are not counted as
// label ends: the zone may be a single label.
func (t NameTemplate) checkLabels() error {
	var inLabel string
	for _, p := range t.parts {
		switch {
		case p.field == "":
			if strings.Contains(p.literal, ".") {
				inLabel = ""
			}
		case p.field == FieldZone:
		case inLabel != "":
			return Invalidf("template %q: {%s} and {%s} are in one label: put each in a label of its own (e.g. {name}.{namespace}), or two pods could get the same name", t.text, inLabel, p.field)
		default:
			inLabel = p.field
		}
	}
	return nil
}

// IsZero reports whether the template is empty.
func (t NameTemplate) IsZero() bool { return len(t.parts) == 0 }

// String returns the template text.
func (t NameTemplate) String() string { return t.text }

// Needs reports whether the template uses placeholder field.
func (t NameTemplate) Needs(field string) bool {
	for _, p := range t.parts {
		if p.field == field {
			return true
		}
	}
	return false
}

// Count is how many times the template uses placeholder field.
func (t NameTemplate) Count(field string) int {
	n := 0
	for _, p := range t.parts {
		if p.field == field {
			n++
		}
	}
	return n
}

// EndsInZone reports whether the template's last label is {zone}.
func (t NameTemplate) EndsInZone() bool {
	n := len(t.parts)
	return n >= 2 && t.parts[n-1].field == FieldZone && t.parts[n-2].field == "" && strings.HasSuffix(t.parts[n-2].literal, ".")
}

// SharedBy refuses a template that serves the pods of more than one
// namespace (what names them, e.g. "namespaces team-a, team-b") but
// cannot tell them apart: without {namespace} or {uid}, pod "web" of one
// namespace and pod "web" of another would race for one name.
func (t NameTemplate) SharedBy(what string) error {
	if t.IsZero() || t.Needs(FieldNamespace) || t.Needs(FieldUID) {
		return nil
	}
	return Invalidf("%q serves %s: it must contain {namespace} or {uid}", t.text, what)
}

// Render fills the placeholders. A placeholder with an empty value is an
// error: it would silently produce a different name. So is a pod value
// with a '.': it would add labels, and could produce another pod's name.
// A pattern's {label} has no value: Render refuses it.
func (t NameTemplate) Render(v TemplateVars) (string, error) {
	var b strings.Builder
	for _, p := range t.parts {
		if p.field == "" {
			b.WriteString(p.literal)
			continue
		}
		val, err := t.value(p.field, v)
		if err != nil {
			return "", err
		}
		b.WriteString(val)
	}
	return b.String(), nil
}

func (t NameTemplate) value(field string, v TemplateVars) (string, error) {
	val := v.value(field)
	if val == "" {
		return "", fmt.Errorf("template %q: {%s} has no value", t.text, field)
	}
	if field != FieldZone && strings.Contains(val, ".") {
		return "", fmt.Errorf("template %q: {%s} value %q contains '.': a value must stay one label, or the name could be another pod's", t.text, field, val)
	}
	return val, nil
}

// Match reports whether name (lower case, no trailing dot) is a name the
// template gives the pod of v, each {label} standing for any one DNS
// label. The error says why the template gives the pod no name at all (a
// value missing, or not one label); then it matches nothing.
func (t NameTemplate) Match(v TemplateVars, name string) (bool, error) {
	// The template rendered label by label: fixed text around at most
	// one {label} hole (checkLabels).
	type label struct {
		pre, post string
		hole      bool
	}
	labels := []label{{}}
	appendText := func(s string) {
		for i, piece := range strings.Split(s, ".") {
			if i > 0 {
				labels = append(labels, label{})
			}
			l := &labels[len(labels)-1]
			if l.hole {
				l.post += piece
			} else {
				l.pre += piece
			}
		}
	}
	for _, p := range t.parts {
		switch p.field {
		case "":
			appendText(p.literal)
		case FieldLabel:
			labels[len(labels)-1].hole = true
		default:
			val, err := t.value(p.field, v)
			if err != nil {
				return false, err
			}
			appendText(val)
		}
	}
	got := strings.Split(name, ".")
	if len(got) != len(labels) {
		return false, nil
	}
	for i, l := range labels {
		if !l.hole {
			if got[i] != l.pre {
				return false, nil
			}
			continue
		}
		s := got[i]
		if len(s) <= len(l.pre)+len(l.post) || !strings.HasPrefix(s, l.pre) || !strings.HasSuffix(s, l.post) ||
			!ValidLabel(s[len(l.pre):len(s)-len(l.post)]) {
			return false, nil
		}
	}
	return true, nil
}
