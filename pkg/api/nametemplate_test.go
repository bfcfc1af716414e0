package api

import (
	"strings"
	"testing"
)

func TestNameTemplate(t *testing.T) {
	v := TemplateVars{Name: "web-0", Namespace: "shop", UID: "1f9e-22", Zone: "pods.test."}
	tests := []struct {
		tmpl, want, err string
	}{
		{tmpl: "{name}.{namespace}.{zone}", want: "web-0.shop.pods.test"},
		{tmpl: "{name}-x.{namespace}", want: "web-0-x.shop"},
		{tmpl: "{name}.{namespace}-{zone}", want: "web-0.shop-pods.test"},
		// Two pod values in one label would let two pods share a name:
		// "a-b" in "c" and "a" in "b-c".
		{tmpl: "{name}-{namespace}", err: "{name} and {namespace} are in one label"},
		{tmpl: "{uid}{name}.{zone}", err: "{uid} and {name} are in one label"},
		{tmpl: "{name}{zone}{namespace}", err: "{name} and {namespace} are in one label"},
		{tmpl: "pod-{uid}.{zone}.", want: "pod-1f9e-22.pods.test."},
		{tmpl: "static", want: "static"},
		{tmpl: "", want: ""},
		{tmpl: "{nam}.{zone}", err: "unknown placeholder {nam}"},
		{tmpl: "{name", err: "unterminated"},
		{tmpl: "name}", err: "unmatched"},
		{tmpl: "{}", err: "unknown placeholder {}"},
	}
	for _, tc := range tests {
		tp, err := ParseNameTemplate(tc.tmpl)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseNameTemplate(%q) = %v, want %q", tc.tmpl, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseNameTemplate(%q): %v", tc.tmpl, err)
		}
		got, err := tp.Render(v)
		if err != nil || got != tc.want {
			t.Errorf("Render(%q) = %q, %v; want %q", tc.tmpl, got, err, tc.want)
		}
	}
	tp, _ := ParseNameTemplate("{name}.{namespace}")
	if _, err := tp.Render(TemplateVars{Name: "web"}); err == nil || !strings.Contains(err.Error(), "{namespace} has no value") {
		t.Errorf("Render with an empty value: %v", err)
	}
	// A pod name with a dot would add a label: pod "api.web-1" would get
	// what another template or a dnsNames entry of pod "web-1" gives
	// "api" under web-1's name.
	tp3, _ := ParseNameTemplate("{name}.{namespace}.{zone}")
	_, err := tp3.Render(TemplateVars{Name: "api.web-1", Namespace: "shop", Zone: "pods.test."})
	if err == nil || !strings.Contains(err.Error(), `template "{name}.{namespace}.{zone}": {name} value "api.web-1" contains '.'`) {
		t.Errorf("Render of a dotted pod name: %v", err)
	}
	if !tp.Needs("namespace") || tp.Needs("uid") {
		t.Error("Needs")
	}
}

// FuzzTemplateInjective: an accepted template never gives two different
// pods the same name (the rule of one pod value per label, each value one
// label). The seeds are the collisions the rule exists for.
func FuzzTemplateInjective(f *testing.F) {
	f.Add("{name}{namespace}.{zone}", "ab", "c", "u", "a", "bc", "u")
	f.Add("{name}-{namespace}", "a-b", "c", "u", "a", "b-c", "u")
	f.Add("{name}.{zone}", "api.web-1", "shop", "u", "api", "shop", "u")
	f.Add("{name}.{namespace}.{zone}", "web.x", "y", "u", "web", "x", "u")
	f.Add("pod-{uid}.{zone}", "a", "b", "1-2", "c", "d", "1-2")
	f.Fuzz(func(t *testing.T, tmpl, n1, ns1, u1, n2, ns2, u2 string) {
		tp, err := ParseNameTemplate(tmpl)
		if err != nil {
			return
		}
		v1 := TemplateVars{Name: n1, Namespace: ns1, UID: u1, Zone: "pods.test."}
		v2 := TemplateVars{Name: n2, Namespace: ns2, UID: u2, Zone: "pods.test."}
		o1, err1 := tp.Render(v1)
		o2, err2 := tp.Render(v2)
		if err1 != nil || err2 != nil || o1 != o2 {
			return
		}
		for _, f := range []string{"name", "namespace", "uid"} {
			if tp.Needs(f) && v1.value(f) != v2.value(f) {
				t.Fatalf("template %q renders %+v and %+v both as %q", tmpl, v1, v2, o1)
			}
		}
	})
}

// TestNamePatternMatch: a pattern matches the names its pod values and
// {label} give, one label each; a pod value with a dot matches nothing.
func TestNamePatternMatch(t *testing.T) {
	v := TemplateVars{Name: "web-1", Namespace: "team-a", UID: "u-1", Zone: "pods.test"}
	for _, tc := range []struct {
		tmpl, name string
		ok         bool
	}{
		{"{name}.{namespace}.{zone}", "web-1.team-a.pods.test", true},
		{"{name}.{namespace}.{zone}", "web-1.team-b.pods.test", false},
		{"{label}.{name}.{namespace}.{zone}", "api.web-1.team-a.pods.test", true},
		{"{label}.{name}.{namespace}.{zone}", "a.b.web-1.team-a.pods.test", false},
		{"{label}.{name}.{namespace}.{zone}", "-x.web-1.team-a.pods.test", false},
		{"x-{label}-y.{name}.{zone}", "x-api-y.web-1.pods.test", true},
		{"x-{label}-y.{name}.{zone}", "x--y.web-1.pods.test", false},
		{"{uid}.{zone}", "u-1.pods.test", true},
		{"pod-{uid}.{zone}", "pod-u-1.pods.test", true},
		{"{name}.{zone}", "web-1.pods.test.x", false},
	} {
		tp, err := ParseNamePattern(tc.tmpl)
		if err != nil {
			t.Fatalf("ParseNamePattern(%q): %v", tc.tmpl, err)
		}
		if ok, err := tp.Match(v, tc.name); ok != tc.ok || err != nil {
			t.Errorf("%q.Match(%q) = %v, %v; want %v", tc.tmpl, tc.name, ok, err, tc.ok)
		}
	}
	tp, _ := ParseNamePattern("{name}.{namespace}.{zone}")
	squat := v
	squat.Name = "api.web-1"
	if ok, err := tp.Match(squat, "api.web-1.team-a.pods.test"); ok || err == nil || !strings.Contains(err.Error(), `{name} value "api.web-1" contains '.'`) {
		t.Errorf("dotted pod name: %v, %v", ok, err)
	}
	if _, err := ParseNameTemplate("{label}.{name}.{zone}"); err == nil || !strings.Contains(err.Error(), "unknown placeholder {label}") {
		t.Errorf("{label} outside a pattern: %v", err)
	}
	if _, err := ParseNamePattern("{label}-{name}.{zone}"); err == nil || !strings.Contains(err.Error(), "{label} and {name} are in one label") {
		t.Errorf("{label} beside {name}: %v", err)
	}
	for text, shared := range map[string]bool{"{name}.{zone}": true, "{name}.{namespace}.{zone}": false, "{uid}.{zone}": false, "": false} {
		tp, _ := ParseNamePattern(text)
		if err := tp.SharedBy("namespaces a, b"); (err != nil) != shared {
			t.Errorf("%q.SharedBy = %v", text, err)
		}
	}
}

// FuzzNamePatternInjective: a name an accepted pattern matches for two
// pods (values that are labels) is the same pod's, and a pattern without
// {label} matches exactly what it renders.
func FuzzNamePatternInjective(f *testing.F) {
	f.Add("{label}.{name}.{namespace}.{zone}", "web", "x", "api", "api", "web", "x")
	f.Add("{name}.{namespace}.{zone}", "a", "b", "c", "a", "b", "c")
	f.Fuzz(func(t *testing.T, tmpl, n1, ns1, l1, n2, ns2, l2 string) {
		tp, err := ParseNamePattern(tmpl)
		if err != nil || tp.Count(FieldLabel) > 0 && !ValidLabel(l1) {
			return
		}
		v1 := TemplateVars{Name: n1, Namespace: ns1, UID: "u", Zone: "pods.test"}
		v2 := TemplateVars{Name: n2, Namespace: ns2, UID: "u", Zone: "pods.test"}
		name := strings.ReplaceAll(tmpl, "{label}", l1)
		for _, f := range []string{FieldName, FieldNamespace, FieldUID, FieldZone} {
			name = strings.ReplaceAll(name, "{"+f+"}", v1.value(f))
		}
		ok1, err1 := tp.Match(v1, name)
		if err1 != nil {
			return
		}
		if !ok1 && !strings.Contains(name, "..") && !strings.HasPrefix(name, ".") {
			if rendered, err := tp.Render(v1); err == nil && rendered == name {
				t.Fatalf("%q does not match %q, its own rendering for %+v", tmpl, name, v1)
			}
		}
		if ok2, _ := tp.Match(v2, name); ok1 && ok2 {
			for _, f := range []string{FieldName, FieldNamespace} {
				if tp.Needs(f) && v1.value(f) != v2.value(f) {
					t.Fatalf("%q matches %q for both %+v and %+v", tmpl, name, v1, v2)
				}
			}
		}
	})
}
