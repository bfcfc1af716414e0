package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// pod is a pod sandbox run with crictl, optionally with one app container
// (busybox) to run commands in.
type pod struct {
	vm        *testVM
	ID        string
	Name      string
	Namespace string
	UID       string
	IP        string
	IP6       string // its IPv6 address on the dual-stack test node
	cfgFile   string // crictl pod config, needed again to create containers
	ctr       string
}

// podConfig writes a crictl pod config and returns its path. Every pod's
// cgroups live under the VM's cgroup parent, so clean-up can find them.
func (v *testVM) podConfig(t *testing.T, name, namespace string, annotations map[string]string) (string, string, error) {
	uid := name + "-" + testutil.RandSuffix(8)
	cfg := map[string]any{
		"metadata":      map[string]any{"name": name, "namespace": namespace, "uid": uid, "attempt": 0},
		"annotations":   annotations,
		"log_directory": v.dir("pods", namespace+"_"+name+"_"+uid),
		"linux":         map[string]any{"cgroup_parent": v.env["DIKTYO_TESTVM_CGROUP_PARENT"]},
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return "", "", err
	}
	f := filepath.Join(t.TempDir(), "pod-"+uid+".json")
	return f, uid, os.WriteFile(f, b, 0o644)
}

// runHostPod runs a pod sandbox in the node's network namespace
// (hostNetwork: true) with its app container (default capabilities)
// started; removed at the end of the test.
func (v *testVM) runHostPod(t *testing.T, name, namespace string) *pod {
	t.Helper()
	f, uid, err := v.podConfig(t, name, namespace, nil)
	if err != nil {
		t.Fatal(err)
	}
	hostNet := map[string]any{"namespace_options": map[string]any{"network": 2}} // NODE
	var cfg map[string]any
	b, err := os.ReadFile(f)
	if err == nil {
		err = json.Unmarshal(b, &cfg)
	}
	if err != nil {
		t.Fatal(err)
	}
	cfg["linux"].(map[string]any)["security_context"] = hostNet
	if b, err = json.Marshal(cfg); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := v.crictl(ctx, "runp", f)
	if err != nil {
		t.Fatalf("host-network pod %s: %v", name, err)
	}
	p := &pod{vm: v, ID: strings.TrimSpace(out), Name: name, Namespace: namespace, UID: uid, cfgFile: f}
	t.Cleanup(func() { p.remove(t) })
	if p.ctr, err = p.startContainer(t, "app", map[string]any{"security_context": hostNet}); err != nil {
		t.Fatalf("host-network pod %s: %v", name, err)
	}
	return p
}

// runPod runs a pod sandbox; the error carries crictl's (containerd's)
// message. A started pod is removed at the end of the test. Safe to call
// from several goroutines (it never calls t.Fatal).
func (v *testVM) runPod(t *testing.T, name, namespace string, annotations map[string]string) (*pod, error) {
	cfg, uid, err := v.podConfig(t, name, namespace, annotations)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := v.crictl(ctx, "runp", cfg)
	if err != nil {
		return nil, err
	}
	p := &pod{vm: v, ID: strings.TrimSpace(out), Name: name, Namespace: namespace, UID: uid, cfgFile: cfg}
	t.Cleanup(func() { p.remove(t) })
	if p.IP, p.IP6, err = p.inspectIPs(); err != nil {
		return nil, err
	}
	return p, nil
}

func (v *testVM) mustRunPod(t *testing.T, name, namespace string, annotations map[string]string) *pod {
	t.Helper()
	p, err := v.runPod(t, name, namespace, annotations)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// inspectIPs returns the pod's primary (IPv4) address and its IPv6 one,
// if any.
func (p *pod) inspectIPs() (ip, ip6 string, err error) {
	var st struct {
		Status struct {
			Network struct {
				IP            string `json:"ip"`
				AdditionalIPs []struct {
					IP string `json:"ip"`
				} `json:"additionalIps"`
			} `json:"network"`
		} `json:"status"`
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := p.vm.crictl(ctx, "inspectp", "-o", "json", p.ID)
	if err != nil {
		return "", "", err
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		return "", "", fmt.Errorf("crictl inspectp: %w", err)
	}
	if st.Status.Network.IP == "" {
		return "", "", fmt.Errorf("pod %s has no IP", p.Name)
	}
	for _, a := range st.Status.Network.AdditionalIPs {
		if strings.Contains(a.IP, ":") {
			ip6 = a.IP
		}
	}
	return st.Status.Network.IP, ip6, nil
}

// startApp creates and starts the pod's busybox container (sleeping).
func (p *pod) startApp(t *testing.T) error {
	ctr, err := p.startContainer(t, "app", map[string]any{})
	p.ctr = ctr
	return err
}

// startContainer creates and starts a container of the app image
// (sleeping) named name in the pod, with the CRI LinuxContainerConfig
// linux (e.g. a security_context), and returns its ID.
func (p *pod) startContainer(t *testing.T, name string, linux map[string]any) (string, error) {
	ctr := map[string]any{
		"metadata": map[string]any{"name": name},
		"image":    map[string]any{"image": p.vm.env["DIKTYO_TESTVM_APP_IMAGE"]},
		"log_path": name + ".log",
		"linux":    linux,
	}
	cb, err := json.Marshal(ctr)
	if err != nil {
		return "", err
	}
	ctrFile := filepath.Join(t.TempDir(), "ctr-"+name+".json")
	if err := os.WriteFile(ctrFile, cb, 0o644); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := p.vm.crictl(ctx, "create", "--no-pull", p.ID, ctrFile, p.cfgFile)
	if err != nil {
		return "", err
	}
	id := strings.TrimSpace(out)
	_, err = p.vm.crictl(ctx, "start", id)
	return id, err
}

// exec runs a command in the pod's app container (started on first use),
// bounded in time. Safe from several goroutines for different pods.
func (p *pod) exec(t *testing.T, args ...string) (string, error) {
	if p.ctr == "" {
		if err := p.startApp(t); err != nil {
			return "", fmt.Errorf("starting the app container of pod %s: %w", p.Name, err)
		}
	}
	return p.execIn(p.ctr, args...)
}

// execIn runs a command in the pod's container ctr, bounded in time.
func (p *pod) execIn(ctr string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return p.vm.crictl(ctx, append([]string{"exec", "--timeout", "15", ctr}, args...)...)
}

func (p *pod) mustExec(t *testing.T, args ...string) string {
	t.Helper()
	out, err := p.exec(t, args...)
	if err != nil {
		t.Fatalf("pod %s: %v\n%s", p.Name, err, out)
	}
	return out
}

// connect opens a TCP connection from the pod to addr (IP:port) with
// busybox nc and returns what the remote answered (the source it saw).
func (p *pod) connect(t *testing.T, addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", err
	}
	out, err := p.exec(t, "sh", "-c", fmt.Sprintf("echo hello | nc -w 3 %s %s", host, port))
	return strings.TrimSpace(out), err
}

func (p *pod) stop(t *testing.T) {
	t.Helper()
	p.vm.mustCrictl(t, "stopp", p.ID)
}

// remove removes the pod; a pod already gone is fine.
func (p *pod) remove(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, err := p.vm.crictl(ctx, "rmp", "-f", p.ID); err != nil && !strings.Contains(err.Error(), "not found") {
		t.Errorf("removing pod %s: %v\n%s", p.Name, err, out)
	}
}

// podsNamed lists the IDs of the VM's pods with this name and namespace.
func (v *testVM) podsNamed(t *testing.T, name, namespace string) []string {
	t.Helper()
	var ids []string
	for _, ps := range v.podStates(t, name, namespace) {
		ids = append(ids, ps.ID)
	}
	return ids
}

// podState is a pod sandbox as `crictl pods` lists it.
type podState struct {
	ID    string `json:"id"`
	State string `json:"state"`
}

// podStates lists the VM's pods with this name and namespace.
func (v *testVM) podStates(t *testing.T, name, namespace string) []podState {
	t.Helper()
	var list struct {
		Items []podState `json:"items"`
	}
	out := v.mustCrictl(t, "pods", "-o", "json", "--name", "^"+name+"$", "--namespace", "^"+namespace+"$")
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("crictl pods -o json: %v\n%s", err, out)
	}
	return list.Items
}
