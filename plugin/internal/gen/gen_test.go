package gen

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// fileLoader is a Loader of the admin config file cfg (a temp file;
// required: its absence is an error), loaded, with an admission that
// manages no address.
func fileLoader(t *testing.T, cfg string, required bool) *Loader {
	t.Helper()
	f := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(f, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	l := New(testOptions(f, required))
	if _, err := l.Reload(true); err != nil {
		t.Fatal(err)
	}
	return l
}

// testOptions are a Loader's options for the config file path, with an
// admission that manages no address.
func testOptions(path string, required bool) Options {
	return Options{ConfigPath: path, ConfigRequired: required, Log: slog.New(slog.DiscardHandler),
		Metrics: health.NewMetrics(prometheus.NewRegistry()), Admission: admit.New(admit.Face{}),
		NodeName: func(policy.ClusterConfig) string { return "node-a" },
		Labels:   func() policy.NodeLabels { return policy.NodeLabels{Known: true} }}
}

// TestPluginConfigFromRuntime: containerd's plugin config names the admin
// config file, or is the admin config itself; empty keeps the config in
// force, invalid is an error that changes nothing.
func TestPluginConfigFromRuntime(t *testing.T) {
	l := fileLoader(t, "failurePolicy: fail\n", true)
	other := filepath.Join(t.TempDir(), "other.yaml")
	if err := os.WriteFile(other, []byte("failurePolicy: ignore\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// "configFile: PATH" names the admin config file.
	if err := l.SetPluginConfig("configFile: " + other); err != nil {
		t.Fatal(err)
	}
	if l.Load().Cfg.FailurePolicy != "ignore" || l.Path() != other {
		t.Errorf("configFile not followed: %+v", l.Load().Cfg)
	}
	// Anything else is the admin config itself.
	if err := l.SetPluginConfig("failurePolicy: fail\nhostNetwork: ignore\n"); err != nil {
		t.Fatal(err)
	}
	if l.Load().Cfg.HostNetwork != "ignore" {
		t.Error("inline config not used")
	}
	// Empty keeps what is in force; invalid is an error and changes nothing.
	if err := l.SetPluginConfig(""); err != nil || l.Load().Cfg.HostNetwork != "ignore" {
		t.Errorf("empty config: %v", err)
	}
	if err := l.SetPluginConfig("failurePolicy: maybe\n"); err == nil || !strings.Contains(err.Error(), "failurePolicy") {
		t.Errorf("invalid inline config: %v", err)
	}
	if l.Load().Cfg.HostNetwork != "ignore" {
		t.Error("invalid config replaced the one in force")
	}
}

// TestConfigFileGoneKeepsConfig: once a config was read from the file,
// its absence is an error and the config read from it stays in force (a
// config removes pods' policy only by saying so); a file that was never
// there gives the built-in defaults, provisional.
func TestConfigFileGoneKeepsConfig(t *testing.T) {
	l := fileLoader(t, "failurePolicy: ignore\n", false)
	if err := os.Remove(l.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Reload(false); err == nil || !strings.Contains(err.Error(), "stays in force") {
		t.Fatalf("reload with the file gone: %v, want the config in force kept", err)
	}
	if st := l.Load(); st.Cfg.FailurePolicy != "ignore" || st.Provisional {
		t.Errorf("config in force after the file went: %s, provisional %v", st.Cfg.FailurePolicy, st.Provisional)
	}
	absent := New(testOptions(filepath.Join(t.TempDir(), "absent.yaml"), false))
	if _, err := absent.Reload(true); err != nil {
		t.Fatal(err)
	}
	if st := absent.Load(); !st.Provisional {
		t.Errorf("a file never there: %q, want the built-in defaults, provisional", st.Source)
	}
}
