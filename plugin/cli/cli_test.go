package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExplainCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, []byte("namespaces: [{namespaces: [team-a], allow: {routeTable: {tables: [100]}}}]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	code := runExplain([]string{"--config", cfg, "--namespace", "team-a", "--annotation", "diktyo.io/v1.route-table=100"}, &out, &errOut)
	if code != 0 || !strings.Contains(out.String(), "ALLOWED") {
		t.Errorf("allowed: exit %d\n%s\n%s", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	code = runExplain([]string{"--config", cfg, "--namespace", "team-a", "--annotation", "diktyo.io/v1.route-table=101"}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), `annotation diktyo.io/v1.route-table="101"`) {
		t.Errorf("denied: exit %d, stderr %q", code, errOut.String())
	}
	errOut.Reset()
	if code := runExplain([]string{"--config", filepath.Join(dir, "missing.yaml")}, &out, &errOut); code != 1 {
		t.Errorf("missing config: exit %d", code)
	}
	if code := runExplain([]string{"--config", cfg, "--annotation", "novalue"}, &out, &errOut); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
}
