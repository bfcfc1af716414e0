package policy

import (
	"errors"
	"strings"
	"testing"
)

// TestDNSTemplateNoSquatting: a pod's values fill one label each, so pod
// "api.web-1" cannot take the name {name}.{namespace}.{zone} gives pod
// "web-1" under {label}.{name}.{namespace}.{zone}, nor any name at all
// through {name}: its name is not one label.
func TestDNSTemplateNoSquatting(t *testing.T) {
	cfg := mustConfig(t, `
namespaces:
  - namespaces: [team-a]
    allow:
      dns:
        zones: [pods.test]
        templates: ["{name}.{namespace}.{zone}", "{label}.{name}.{namespace}.{zone}"]
`)
	squatter := Pod{Namespace: "team-a", Name: "api.web-1", UID: "u-1"}
	_, err := Decide(cfg, squatter, map[string]string{KeyDNSNames: "api.web-1.team-a.pods.test"})
	if !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), `{name} value "api.web-1" contains '.'`) {
		t.Fatalf("pod api.web-1 asking for api.web-1.team-a.pods.test: %v, want denied naming the dotted {name}", err)
	}
	owner := Pod{Namespace: "team-a", Name: "web-1", UID: "u-2"}
	pol, err := Decide(cfg, owner, map[string]string{KeyDNSNames: "api.web-1.team-a.pods.test,web-1.team-a.pods.test"})
	if err != nil || len(pol.DNSNames) != 2 {
		t.Fatalf("pod web-1: %+v, %v", pol, err)
	}
}

// TestDNSTemplateServesOneNamespace: a template that serves more than one
// namespace must tell their pods apart ({namespace} or {uid}), or two
// tenants race for one name; refused at load, naming the field.
func TestDNSTemplateServesOneNamespace(t *testing.T) {
	dns := func(namespaces, templates string) string {
		return "{namespaces: " + namespaces + ", allow: {dns: {zones: [pods.test], templates: " + templates + "}}}"
	}
	for _, tc := range []struct{ yaml, err string }{
		{"namespaces: [" + dns("[team-a]", "['{name}.{zone}']") + "]", ""},
		{"namespaces: [" + dns("[team-a, team-b]", "['{name}.{namespace}.{zone}', '{uid}.{zone}']") + "]", ""},
		{"namespaces: [" + dns("[team-a, team-b]", "['{name}.{namespace}.{zone}', '{name}.{zone}']") + "]",
			`namespaces[0].allow.dns.templates[1]: "{name}.{zone}" serves namespaces team-a, team-b: it must contain {namespace} or {uid}`},
		{"namespaces: [" + dns("[debug, 'team-*']", "['{label}.{name}.{zone}']") + "]",
			`namespaces[0].allow.dns.templates[0]: "{label}.{name}.{zone}" serves namespaces debug, team-*: it must contain {namespace} or {uid}`},
		{"namespaces: [" + dns("['team-?']", "['{name}.{zone}']") + "]", `serves namespaces team-?`},
		// Two rules of one namespace each granting it in one zone: the same race.
		{"namespaces: [" + dns("[team-a]", "['{name}.{zone}']") + ", " + dns("[team-b]", "['{name}.{zone}']") + "]",
			`namespaces[1].allow.dns.templates[0]: "{name}.{zone}" serves namespaces team-a (namespaces[0]), team-b in zone pods.test: it must contain {namespace} or {uid}`},
		{"namespaces: [" + dns("[team-a]", "['{name}.{zone}']") + ", " + dns("[team-a]", "['{name}.{zone}']") + "]", ""},
		// One placeholder per label, as registerDNS's nameTemplate.
		{"namespaces: [" + dns("[team-a]", "['{name}-{namespace}.{zone}']") + "]",
			`namespaces[0].allow.dns.templates[0]: template "{name}-{namespace}.{zone}": {name} and {namespace} are in one label`},
		{"namespaces: [" + dns("[team-a]", "['{label}{name}.{namespace}.{zone}']") + "]", `{label} and {name} are in one label`},
	} {
		_, err := ParseConfig([]byte(tc.yaml))
		if tc.err == "" {
			if err != nil {
				t.Errorf("ParseConfig(%s) = %v", tc.yaml, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseConfig(%s) = %v, want an error containing %q", tc.yaml, err, tc.err)
		}
	}
}
