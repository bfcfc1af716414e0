package health

import (
	"strings"
	"testing"
)

// TestRuntimeLimits: containerd before 2.1 refuses every pod with a
// policy (no pod IPs over NRI): fatal; 2.1 lacks fail-closed: a limit;
// 2.2 and later: none; an unknown runtime or version is said, not fatal.
func TestRuntimeLimits(t *testing.T) {
	for _, c := range []struct {
		runtime, version string
		fatal            bool
		limit            string
	}{
		{"containerd", "v1.7.27", true, "sends no pod IPs"},
		{"containerd", "v2.0.5", true, "sends no pod IPs"},
		{"containerd", "2.1.4", false, "no NRI required plugins"},
		{"containerd", "v2.2.0-rc.1", false, ""},
		{"containerd", "v2.4.2", false, ""},
		{"containerd", "v3.0.0", false, ""},
		{"containerd", "main", false, "not understood"},
		{"cri-o", "1.31.0", false, "untested"},
	} {
		limits, fatal := RuntimeLimits(c.runtime, c.version)
		got := strings.Join(limits, "; ")
		if fatal != c.fatal || (c.limit == "") != (got == "") || !strings.Contains(got, c.limit) {
			t.Errorf("%s %s: %q fatal=%v; want %q fatal=%v", c.runtime, c.version, got, fatal, c.limit, c.fatal)
		}
	}
}
