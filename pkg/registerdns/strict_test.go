package registerdns

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
		{"misspelt", `"nameTemplat":"{name}.{zone}"`, `parsing registerDNS config: nameTemplat: unknown field "nameTemplat"`},
		{"wrong case", `"Backend":"rfc2136"`,
			`parsing registerDNS config: Backend: unknown field "Backend" (field names are case-sensitive: did you mean "backend"?)`},
		{"original field wrong case", `"plugin":"consul-cli","App_Id_Key":"app_id"`, `did you mean "app_id_key"?`},
		{"nested wrong case", `"hosts":{"File":"/tmp/hosts"}`,
			`parsing registerDNS config: hosts.File: unknown field "File" (field names are case-sensitive: did you mean "file"?)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := `{"cniVersion":"1.1.0","name":"n","type":"registerDNS","zones":["pods.test"],` + tc.conf + `}`
			if _, err := ParseConfig([]byte(conf)); err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error = %v, want containing %q", err, tc.err)
			}
		})
	}
}

// TestConfigRuntimeKeys: every key the runtime adds to the plugin's own
// settings is taken, whatever is inside it.
func TestConfigRuntimeKeys(t *testing.T) {
	conf := `{` + testutil.RuntimeKeys + `,"type":"registerDNS","zones":["pods.test"],"nodeName":"node-1","runtimeConfig":{"ips":["10.0.0.5"],"portMappings":[]}}`
	if _, err := ParseConfig([]byte(conf)); err != nil {
		t.Fatal(err)
	}
}

// TestShippedConflists: every registerDNS entry the repository ships or
// documents parses (the exec backend's original Diktyo entry included).
func TestShippedConflists(t *testing.T) {
	t.Setenv(NodeNameEnv, "node-1")
	for _, c := range testutil.ShippedConfs(t, "registerDNS") {
		t.Logf("%s: %s", c.Where, c.Conf)
		if _, err := ParseConfig(c.Conf); err != nil {
			t.Errorf("%s: %s: %v", c.Where, c.Conf, err)
		}
	}
}
