package e2e

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// nriCapabilities are the only capabilities diktyo-nri may run with
// (docs/install.md, "Least privilege"; deploy/deploy_test.go holds the
// manifests to the same list): NET_ADMIN (netlink, nftables, iptables),
// NET_RAW (packet sockets of managed egress addresses, iptables-legacy),
// SYS_ADMIN (setns into pod network namespaces), SYS_PTRACE
// (/proc/PID/ns/net of other containers' processes: the sandbox watch).
var nriCapabilities = map[string]uint{"NET_ADMIN": 12, "NET_RAW": 13, "SYS_PTRACE": 19, "SYS_ADMIN": 21}

// kubeletLeastPrivilege: the static pod made from deploy/'s DaemonSet
// really runs with the securityContext it asks for, as the kubelet and
// containerd enforce it: diktyo-nri's process on the host has exactly
// nriCapabilities (effective, permitted, bounding; nothing inheritable or
// ambient), no_new_privs, seccomp in filter mode (RuntimeDefault), a
// read-only root filesystem, and each mount read-only or read-write as
// the manifest says (no /lib/modules); the install-cni init container ran
// with no capability at all.
func kubeletLeastPrivilege(t *testing.T, k *kubeletNode) {
	var sp corev1.Pod
	if err := yaml.Unmarshal(readFileT(t, filepath.Join(k.manifests, "diktyo-nri.yaml")), &sp); err != nil {
		t.Fatal(err)
	}
	main := sp.Spec.Containers[0]
	var want uint64
	for _, c := range nriCapabilities {
		want |= 1 << c
	}
	id, pid := k.nriContainer(t)
	status := procStatus(t, pid)
	t.Logf("diktyo-nri (pid %d): CapEff %s CapPrm %s CapBnd %s CapInh %s CapAmb %s NoNewPrivs %s Seccomp %s",
		pid, status["CapEff"], status["CapPrm"], status["CapBnd"], status["CapInh"], status["CapAmb"], status["NoNewPrivs"], status["Seccomp"])
	for field, w := range map[string]uint64{"CapEff": want, "CapPrm": want, "CapBnd": want, "CapInh": 0, "CapAmb": 0} {
		got, err := strconv.ParseUint(status[field], 16, 64)
		if err != nil {
			t.Errorf("/proc/%d/status %s: %q", pid, field, status[field])
			continue
		}
		if got != w {
			t.Errorf("diktyo-nri %s = %016x (%s), want %016x (%s)", field, got, capNames(got), w, capNames(w))
		}
	}
	if status["NoNewPrivs"] != "1" {
		t.Errorf("diktyo-nri NoNewPrivs = %q, want 1 (allowPrivilegeEscalation: false)", status["NoNewPrivs"])
	}
	if status["Seccomp"] != "2" {
		t.Errorf("diktyo-nri Seccomp = %q, want 2, a filter (seccompProfile RuntimeDefault)", status["Seccomp"])
	}
	if status["Uid"] == "" || strings.Fields(status["Uid"])[0] != "0" {
		t.Errorf("diktyo-nri Uid = %q, want 0 (runAsUser: 0: the node's root-owned files)", status["Uid"])
	}

	// The mounts, as the process sees them.
	mounts := procMounts(t, pid)
	if opts, ok := mounts["/"]; !ok || !slices.Contains(opts, "ro") {
		t.Errorf("diktyo-nri's root filesystem mounted %v, want ro (readOnlyRootFilesystem)", opts)
	}
	for _, m := range main.VolumeMounts {
		opts, ok := mounts[m.MountPath]
		if !ok {
			t.Errorf("diktyo-nri: nothing mounted at %s (volume %s)", m.MountPath, m.Name)
			continue
		}
		wantOpt := "rw"
		if m.ReadOnly {
			wantOpt = "ro"
		}
		if !slices.Contains(opts, wantOpt) {
			t.Errorf("diktyo-nri: %s (volume %s) mounted %v, want %s", m.MountPath, m.Name, opts, wantOpt)
		}
	}
	if _, ok := mounts["/lib/modules"]; ok {
		t.Error("diktyo-nri has /lib/modules mounted: nothing in it loads modules")
	}
	// And the kernel refuses a write to the root, from inside.
	if out, err := k.vm.crictl(t.Context(), "exec", id, "/bin/sh", "-c", "echo x >/.diktyo-probe"); err == nil ||
		!strings.Contains(err.Error()+out, "Read-only file system") {
		t.Errorf("writing / inside diktyo-nri: %v %s; want Read-only file system", err, out)
	}

	// iptables (the node's flavour, as the image ships it) works with
	// them: the xtables lock read-only, no CAP_SYS_MODULE, no /lib/modules.
	if out, err := k.vm.crictl(t.Context(), "exec", id, "iptables", "-w", "5", "-t", "nat", "-S", "POSTROUTING"); err != nil {
		t.Errorf("iptables inside diktyo-nri: %v\n%s", err, out)
	}

	// The init container has exited: what runc was told to run it with.
	ids := strings.Fields(k.vm.mustCrictl(t, "ps", "-a", "-q", "--name", "^install-cni$"))
	if len(ids) == 0 {
		t.Fatal("no install-cni container")
	}
	var st struct {
		Info struct {
			RuntimeSpec struct {
				Process struct {
					NoNewPrivileges bool                `json:"noNewPrivileges"`
					Capabilities    map[string][]string `json:"capabilities"`
				} `json:"process"`
				Root struct {
					Readonly bool `json:"readonly"`
				} `json:"root"`
				Linux struct {
					Seccomp *struct {
						DefaultAction string `json:"defaultAction"`
					} `json:"seccomp"`
				} `json:"linux"`
			} `json:"runtimeSpec"`
		} `json:"info"`
	}
	if err := json.Unmarshal([]byte(k.vm.mustCrictl(t, "inspect", "-o", "json", ids[0])), &st); err != nil {
		t.Fatal(err)
	}
	rs := st.Info.RuntimeSpec
	for set, caps := range rs.Process.Capabilities {
		if len(caps) > 0 {
			t.Errorf("install-cni ran with %s capabilities %v, want none", set, caps)
		}
	}
	if !rs.Process.NoNewPrivileges || !rs.Root.Readonly || rs.Linux.Seccomp == nil {
		t.Errorf("install-cni: noNewPrivileges %v, read-only root %v, seccomp %v; want true, true, a profile",
			rs.Process.NoNewPrivileges, rs.Root.Readonly, rs.Linux.Seccomp != nil)
	}
}

// procStatus is /proc/PID/status as key -> value.
func procStatus(t *testing.T, pid int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range strings.Split(string(readFileT(t, fmt.Sprintf("/proc/%d/status", pid))), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok {
			out[k] = strings.TrimSpace(v)
		}
	}
	return out
}

// procMounts maps each mount point of PID (relative to its root) to the
// per-mount options of the last mount there (the one it sees).
func procMounts(t *testing.T, pid int) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, l := range strings.Split(string(readFileT(t, fmt.Sprintf("/proc/%d/mountinfo", pid))), "\n") {
		f := strings.Fields(l)
		if len(f) < 6 {
			continue
		}
		out[unescapeMount(f[4])] = strings.Split(f[5], ",")
	}
	return out
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// capNames names the capabilities of mask diktyo-nri is allowed, and
// counts the others.
func capNames(mask uint64) string {
	var names []string
	for n, c := range nriCapabilities {
		if mask&(1<<c) != 0 {
			names = append(names, n)
			mask &^= 1 << c
		}
	}
	slices.Sort(names)
	if mask != 0 {
		names = append(names, fmt.Sprintf("and %d others", bits.OnesCount64(mask)))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}
