package iproute

import (
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestConfigStrict: a misspelt or wrong-case setting is refused, naming
// the plugin and the field; encoding/json would ignore the first and take
// the second.
func TestConfigStrict(t *testing.T) {
	for _, tc := range []struct{ name, conf, err string }{
		{"misspelt", `"hostRoutes":true`, `parsing iproute config: hostRoutes: unknown field "hostRoutes"`},
		{"wrong case", `"HostRoute":true`,
			`parsing iproute config: HostRoute: unknown field "HostRoute" (field names are case-sensitive: did you mean "hostRoute"?)`},
		{"nested wrong case", `"priorities":{"From":2000}`,
			`parsing iproute config: priorities.From: unknown field "From" (field names are case-sensitive: did you mean "from"?)`},
		{"nested misspelt", `"tableRange":{"min":1,"maximum":9}`, `parsing iproute config: tableRange.maximum: unknown field "maximum"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := `{"cniVersion":"1.1.0","name":"n","type":"iproute",` + tc.conf + `}`
			if _, err := Parse([]byte(conf)); err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error = %v, want containing %q", err, tc.err)
			}
		})
	}
}

// TestConfigRuntimeKeys: every key the runtime adds to the plugin's own
// settings is taken, whatever is inside it.
func TestConfigRuntimeKeys(t *testing.T) {
	conf := `{` + testutil.RuntimeKeys + `,"type":"iproute","table":100,"runtimeConfig":{"ips":["10.0.0.5"],"portMappings":[]}}`
	if _, _, _, err := Load([]byte(conf)); err != nil {
		t.Fatal(err)
	}
}

// TestShippedConflists: every iproute entry the repository ships or
// documents parses.
func TestShippedConflists(t *testing.T) {
	for _, c := range testutil.ShippedConfs(t, "iproute") {
		t.Logf("%s: %s", c.Where, c.Conf)
		if _, _, _, err := Load(c.Conf); err != nil {
			t.Errorf("%s: %s: %v", c.Where, c.Conf, err)
		}
	}
}
