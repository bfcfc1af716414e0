package health

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Preflight: what an operator needs to hear when diktyo-nri cannot do its
// job on this node at all, said in an operator's terms. The face records
// each finding as a fault (plugin/preflight.go); these say what it is.

// NRIProblem says, in an operator's terms, why connecting to NRI at
// socket failed: the socket's absence is the usual case (NRI disabled in
// containerd's config, or containerd down).
func NRIProblem(socket string, preinstalled bool, err error) error {
	if preinstalled {
		return fmt.Errorf("NRI connection (pre-installed plugin): %w", err)
	}
	st, serr := os.Stat(socket)
	switch {
	case errors.Is(serr, fs.ErrNotExist):
		return fmt.Errorf("no NRI socket at %s: NRI is disabled in containerd's config, or containerd is not running (docs/install.md, \"Enable NRI\")", socket)
	case serr != nil:
		return fmt.Errorf("NRI socket %s: %w", socket, serr)
	case st.Mode()&fs.ModeSocket == 0:
		return fmt.Errorf("NRI socket %s is not a socket (%s)", socket, st.Mode().Type())
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("nothing listens on the NRI socket %s: containerd is not running, or NRI was disabled after it made the socket: %w", socket, err)
	}
	return fmt.Errorf("NRI connection to %s: %w", socket, err)
}

// RuntimeLimits are what a runtime version lacks, from the NRI features
// diktyo uses: pod IPs in NRI events (containerd 2.1) and the required
// plugins that keep containers from starting before diktyo-nri is
// registered (containerd 2.2). fatal is set when no pod with a policy
// can start.
func RuntimeLimits(runtime, version string) (limits []string, fatal bool) {
	if runtime != "containerd" {
		return []string{fmt.Sprintf("runtime %q %s: untested; diktyo is tested with containerd 2.x (docs/compatibility.md)", runtime, version)}, false
	}
	major, minor, ok := majorMinor(version)
	switch {
	case !ok:
		return []string{fmt.Sprintf("containerd version %q not understood; features not checked", version)}, false
	case major < 2 || major == 2 && minor < 1:
		return []string{fmt.Sprintf("containerd %s sends no pod IPs over NRI: every pod with a policy is refused (containerd 2.1 or later needed)", version)}, true
	case major == 2 && minor < 2:
		return []string{fmt.Sprintf("containerd %s has no NRI required plugins: containers may start before diktyo-nri is registered, without their policy (containerd 2.2 or later for fail-closed)", version)}, false
	}
	return nil, false
}

// majorMinor reads "v2.1.4", "2.2.0-rc.1" or "1.7.27".
func majorMinor(v string) (int, int, bool) {
	parts := strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.SplitN(parts[1], "-", 2)[0])
	return major, minor, err1 == nil && err2 == nil
}
