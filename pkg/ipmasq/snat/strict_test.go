package snat

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
		{"misspelt", `{"defaultAktion":"masquerade"}`, `parsing ipmasq config: defaultAktion: unknown field "defaultAktion"`},
		{"wrong case", `{"Backend":"nftables"}`,
			`parsing ipmasq config: Backend: unknown field "Backend" (field names are case-sensitive: did you mean "backend"?)`},
		{"standard key wrong case", `{"CNIVersion":"1.1.0"}`, `did you mean "cniVersion"?`},
		{"given twice", `{"tag":"A","tag":"B"}`, `parsing ipmasq config: tag: key "tag" given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := `{"cniVersion":"1.0.0","name":"n","type":"ipmasq",` + strings.TrimPrefix(tc.conf, "{")
			if _, err := ParseNodeConfig([]byte(conf)); err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error = %v, want containing %q", err, tc.err)
			}
		})
	}
}

// TestConfigRuntimeKeys: every key the runtime adds to the plugin's own
// settings is taken, whatever is inside it.
func TestConfigRuntimeKeys(t *testing.T) {
	conf := `{` + testutil.RuntimeKeys + `,"type":"ipmasq","tag":"CNI-SNAT-X","runtimeConfig":{"ips":["10.0.0.5"],"portMappings":[]}}`
	if _, err := ParseConfig([]byte(conf)); err != nil {
		t.Fatal(err)
	}
}

// TestShippedConflists: every ipmasq entry the repository ships or
// documents parses.
func TestShippedConflists(t *testing.T) {
	for _, c := range testutil.ShippedConfs(t, "ipmasq") {
		t.Logf("%s: %s", c.Where, c.Conf)
		if _, err := ParseConfig(c.Conf); err != nil {
			t.Errorf("%s: %s: %v", c.Where, c.Conf, err)
		}
	}
}
