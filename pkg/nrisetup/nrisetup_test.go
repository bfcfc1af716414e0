package nrisetup

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const defaultImports = "version = 3\nimports = ['/etc/containerd/conf.d/*.toml']\n"

// TestDropInIsShipped: the drop-in written is deploy/'s, byte for byte.
func TestDropInIsShipped(t *testing.T) {
	b, err := os.ReadFile("../../deploy/containerd/10-diktyo-nri.toml")
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != DropInContent {
		t.Fatal("pkg/nrisetup/dropin.toml differs from deploy/containerd/10-diktyo-nri.toml: copy it over")
	}
}

// node is a host root with files (host path -> content).
func node(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// snapshot is every file under root with its content and mode.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		st, _ := d.Info()
		out[strings.TrimPrefix(p, root)] = st.Mode().String() + " " + string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEnableContainerd(t *testing.T) {
	cases := []struct {
		name    string
		files   map[string]string
		changed []string // substrings, one per change
		config  string   // config.toml after, when it changes
	}{
		{"no config.toml", nil, []string{DropIn}, ""},
		{"default imports", map[string]string{mainConfig: defaultImports}, []string{DropIn}, ""},
		{"no imports", map[string]string{mainConfig: "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n"},
			[]string{mainConfig + ": imports", DropIn},
			"# Added by diktyo-nri enable-nri: containerd reads diktyo's NRI settings from there.\nimports = ['" + DropIn + "']\nversion = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n"},
		{"drop-in already there", map[string]string{mainConfig: defaultImports, DropIn: DropInContent}, nil, ""},
		{"edited drop-in that keeps NRI on", map[string]string{DropIn: DropInContent + "# longer timeout\n"}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := node(t, c.files)
			r, err := Enable(Options{Root: root, Flavour: Containerd})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Changed) != len(c.changed) || r.RestartNeeded != (len(c.changed) > 0) {
				t.Fatalf("changed %q (restart %v), want %d changes %q", r.Changed, r.RestartNeeded, len(c.changed), c.changed)
			}
			for i, want := range c.changed {
				if !strings.Contains(r.Changed[i], want) {
					t.Errorf("change %d %q, want it to name %q", i, r.Changed[i], want)
				}
			}
			if got := read(t, root, DropIn); c.files[DropIn] == "" && got != DropInContent {
				t.Errorf("drop-in:\n%s", got)
			}
			if c.config != "" {
				if got := read(t, root, mainConfig); got != c.config {
					t.Errorf("config.toml:\n%s\nwant:\n%s", got, c.config)
				}
			}
			before := snapshot(t, root)
			again, err := Enable(Options{Root: root})
			if err != nil || len(again.Changed) != 0 || again.RestartNeeded {
				t.Errorf("second run: %v, %+v; want nothing changed", err, again)
			}
			if after := snapshot(t, root); !mapsEqual(before, after) {
				t.Errorf("second run changed files")
			}
		})
	}
}

// TestEnableRefusesAndChangesNothing: each config Enable cannot switch NRI
// on by a drop-in fails naming the file and what to do, and writes
// nothing.
func TestEnableRefusesAndChangesNothing(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"imports elsewhere", map[string]string{mainConfig: "version = 3\nimports = ['/etc/other/*.toml']\n"}, "does not include " + DropIn},
		{"disabled_plugins", map[string]string{mainConfig: defaultImports + "disabled_plugins = ['io.containerd.nri.v1.nri']\n"}, "disabled_plugins lists"},
		{"not TOML", map[string]string{mainConfig: "version = [3\n"}, mainConfig},
		{"containerd 1.x", map[string]string{mainConfig: "[plugins.cri]\n"}, "containerd 1.x"},
		{"drop-in edited to turn NRI off", map[string]string{mainConfig: defaultImports, DropIn: "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n"}, "turns NRI off"},
		{"drop-in without connections", map[string]string{DropIn: "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable_connections = true\n"}, "disable_connections"},
		{"unknown flavour", nil, "runtime flavour"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := node(t, c.files)
			before := snapshot(t, root)
			flavour := Containerd
			if c.name == "unknown flavour" {
				flavour = "docker"
			}
			r, err := Enable(Options{Root: root, Flavour: flavour})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Enable = %+v, %v; want an error naming %q", r, err, c.want)
			}
			if after := snapshot(t, root); !mapsEqual(before, after) {
				t.Errorf("a refused Enable changed files: %v -> %v", keys(before), keys(after))
			}
		})
	}
}

// TestRancher: k3s and RKE2 regenerate containerd's config at each start;
// Enable reads the generated one, changes nothing, and says whether NRI
// is on.
func TestRancher(t *testing.T) {
	gen := rancherDir(K3s) + "/config.toml"
	root := node(t, map[string]string{gen: "version = 3\n[plugins.'io.containerd.cri.v1.runtime']\n"})
	if Detect(root) != K3s {
		t.Fatalf("Detect = %q, want k3s", Detect(root))
	}
	before := snapshot(t, root)
	r, err := Enable(Options{Root: root})
	if err != nil || r.RestartNeeded || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "nothing to change") {
		t.Fatalf("k3s with NRI on by default: %+v, %v", r, err)
	}
	if !mapsEqual(before, snapshot(t, root)) {
		t.Error("k3s: files changed")
	}
	rootless := node(t, map[string]string{gen: "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n"})
	if _, err := Enable(Options{Root: rootless}); err == nil || !strings.Contains(err.Error(), "config-v3.toml.tmpl") {
		t.Errorf("k3s with NRI off: %v, want an error naming the template to write", err)
	}
	if _, err := Enable(Options{Root: node(t, map[string]string{rancherDir(RKE2) + "/.keep": ""})}); err == nil || !strings.Contains(err.Error(), "start rke2 once") {
		t.Errorf("rke2 before its first start: %v", err)
	}
}

// TestContainerdMergesTheDropIn: the real containerd (the test node's,
// config dump) reads NRI as on, with diktyo's socket, from a config that
// turned it off once Enable added the drop-in and its import: the drop-in
// replaces the whole NRI section. The config's host paths are rewritten
// to the temporary root for containerd only.
func TestContainerdMergesTheDropIn(t *testing.T) {
	bin := containerdBinary(t)
	root := node(t, map[string]string{mainConfig: "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n  socket_path = '/tmp/elsewhere.sock'\n"})
	if _, err := Enable(Options{Root: root, Flavour: Containerd}); err != nil {
		t.Fatal(err)
	}
	cfg := strings.ReplaceAll(read(t, root, mainConfig), "'/etc/containerd/", "'"+root+"/etc/containerd/")
	f := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(f, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--config", f, "config", "dump").CombinedOutput()
	if err != nil {
		t.Fatalf("containerd config dump: %v\n%s", err, out)
	}
	sec := regexp.MustCompile(`(?s)\[plugins\.'io\.containerd\.nri\.v1\.nri'\]\n(.*?)\n\n`).FindSubmatch(out)
	if sec == nil {
		t.Fatalf("no NRI section in the dump:\n%s", out)
	}
	for _, want := range []string{"disable = false", "socket_path = '/var/run/nri/nri.sock'", "disable_connections = false", "plugin_request_timeout = '2s'"} {
		if !strings.Contains(string(sec[1]), want) {
			t.Errorf("merged NRI section lacks %q:\n%s", want, sec[1])
		}
	}
}

// containerdBinary is the test node's containerd (hack/testvm.sh
// provision), or $DIKTYO_CONTAINERD; skipped without one unless the
// end-to-end suite runs.
func containerdBinary(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("DIKTYO_CONTAINERD"), "/var/lib/diktyo-testvm/bin/containerd", "/var/lib/diktyo-testvm-kubelet/bin/containerd"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("DIKTYO_E2E") == "1" {
		t.Fatal("no containerd: run hack/testvm.sh provision, or set $DIKTYO_CONTAINERD")
	}
	t.Skip("needs containerd: hack/testvm.sh provision, or $DIKTYO_CONTAINERD")
	return ""
}

func read(t *testing.T, root, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, p))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestRemoveUndoesEnable: Remove takes back exactly what Enable wrote, and
// leaves an edited drop-in.
func TestRemoveUndoesEnable(t *testing.T) {
	orig := "version = 3\n[plugins.'io.containerd.nri.v1.nri']\n  disable = true\n"
	root := node(t, map[string]string{mainConfig: orig})
	if _, err := Enable(Options{Root: root, Flavour: Containerd}); err != nil {
		t.Fatal(err)
	}
	r, err := Remove(root)
	if err != nil || len(r.Changed) != 2 || !r.RestartNeeded {
		t.Fatalf("Remove = %+v, %v; want the drop-in and the import line removed", r, err)
	}
	if got := read(t, root, mainConfig); got != orig {
		t.Errorf("config.toml after Remove:\n%s\nwant:\n%s", got, orig)
	}
	if _, err := os.Stat(filepath.Join(root, DropIn)); !os.IsNotExist(err) {
		t.Errorf("drop-in after Remove: %v", err)
	}
	edited := node(t, map[string]string{DropIn: DropInContent + "# mine\n"})
	if r, err := Remove(edited); err != nil || len(r.Changed) != 0 || read(t, edited, DropIn) != DropInContent+"# mine\n" {
		t.Errorf("Remove of an edited drop-in: %+v, %v; want it left", r, err)
	}
}
