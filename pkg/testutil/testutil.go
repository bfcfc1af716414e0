// Package testutil holds helpers for diktyo's tests against the real
// kernel: root checks, throwaway network namespaces and veth links, and
// the plugin binaries built once per test process.
//
// Every helper registers its own cleanup with t.Cleanup, so host state is
// removed even when the test fails.
package testutil

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/containernetworking/plugins/pkg/testutils"
)

// RequireRoot skips the test unless it runs as root, which tests touching
// the kernel's networking need. -short skips them too, so that `make unit`
// never touches host networking, even as root.
func RequireRoot(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("touches the kernel's networking: skipped with -short")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root: run with sudo or as root (make test does)")
	}
}

// NewNS creates a network namespace, brings its loopback up and removes it
// when the test ends.
func NewNS(t testing.TB) ns.NetNS {
	t.Helper()
	RequireRoot(t)
	n, err := testutils.NewNS()
	if err != nil {
		t.Fatalf("creating netns: %v", err)
	}
	t.Cleanup(func() {
		_ = n.Close()
		_ = testutils.UnmountNS(n)
	})
	Run(t, n, "ip", "link", "set", "lo", "up")
	return n
}

// Run runs a command inside n (nil: the host namespace) and fails the test
// if it fails. It returns the combined output.
func Run(t testing.TB, n ns.NetNS, name string, args ...string) string {
	t.Helper()
	out, err := Output(n, name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// Output runs a command inside n (nil: the host namespace) and returns its
// combined output and error.
func Output(n ns.NetNS, name string, args ...string) (string, error) {
	var out []byte
	run := func(ns.NetNS) error {
		var err error
		out, err = exec.Command(name, args...).CombinedOutput()
		return err
	}
	if n == nil {
		err := run(nil)
		return string(out), err
	}
	err := n.Do(run)
	return string(out), err
}

// Veth creates a veth pair with one end (nameA) in a and the other (nameB)
// in b, both up. A nil namespace means the host. Deleting the namespaces
// deletes the links; a host end is deleted at cleanup.
func Veth(t testing.TB, a ns.NetNS, nameA string, b ns.NetNS, nameB string) {
	t.Helper()
	tmp := "dkt" + RandSuffix(8)
	Run(t, nil, "ip", "link", "add", tmp, "type", "veth", "peer", "name", tmp+"p")
	t.Cleanup(func() {
		_, _ = Output(nil, "ip", "link", "del", nameA)
		_, _ = Output(nil, "ip", "link", "del", nameB)
		_, _ = Output(nil, "ip", "link", "del", tmp)
	})
	move := func(link string, n ns.NetNS, name string) {
		args := []string{"link", "set", link}
		if n != nil {
			args = append(args, "netns", n.Path())
		}
		Run(t, nil, "ip", append(args, "name", name)...)
		Run(t, n, "ip", "link", "set", name, "up")
	}
	move(tmp, a, nameA)
	move(tmp+"p", b, nameB)
}

// Addr adds an address (CIDR) to ifname inside n (nil: host); IPv6
// addresses skip duplicate address detection so they are usable at once.
func Addr(t testing.TB, n ns.NetNS, ifname, cidr string) {
	t.Helper()
	args := []string{"addr", "add", cidr, "dev", ifname}
	if strings.Contains(cidr, ":") {
		args = append(args, "nodad")
	}
	Run(t, n, "ip", args...)
}

// RandSuffix returns n random lowercase hex characters, for names that
// must not collide with parallel tests.
func RandSuffix(n int) string {
	const hex = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = hex[rand.IntN(len(hex))]
	}
	return string(b)
}

// PluginDir builds every binary under cmd/ once per test process and
// returns the directory holding them. The directory belongs to the test
// process: Main removes it when the tests end, and a process killed
// before (a -timeout panic, a signal) leaves it unlocked, so the next
// PluginDir of any package removes it (sweepBuildDirs). A test binary
// whose TestMain does not go through Main fails here, so no package can
// leave its copy behind (about 74 MB per package and run).
func PluginDir(t testing.TB) string {
	t.Helper()
	if !inMain.Load() {
		t.Fatal("testutil.PluginDir needs the package's TestMain to call testutil.Main(m), which removes the binaries when the tests end")
	}
	buildOnce.Do(func() { buildDir, buildErr = buildBinaries() })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildDir
}

// ReferencePluginDir returns the directory of the reference CNI plugins
// (bridge, host-local, portmap, ...), skipping the test when absent.
func ReferencePluginDir(t testing.TB) string {
	t.Helper()
	for _, d := range []string{os.Getenv("CNI_REFERENCE_DIR"), "/usr/lib/cni", "/opt/cni/bin"} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "bridge")); err == nil {
			return d
		}
	}
	t.Skip("reference CNI plugins not found (apt-get install containernetworking-plugins)")
	return ""
}

// CNIPath is PluginDir followed by ReferencePluginDir, for libcni.
func CNIPath(t testing.TB) []string {
	return []string{PluginDir(t), ReferencePluginDir(t)}
}

// ModuleRoot finds the directory holding go.mod, from the working
// directory upwards.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.mod not found above the working directory")
		}
		dir = parent
	}
}
