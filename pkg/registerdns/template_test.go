package registerdns

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// TestTemplateServesEveryNamespace: the node's one nameTemplate names
// the pods of every namespace, so without {namespace} or {uid} pod "web"
// of two tenants would race for one name: ADD (and explain's Plan)
// refuse it, DEL still removes what an older version registered.
func TestTemplateServesEveryNamespace(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	conf := `{"cniVersion":"1.1.0","name":"net","type":"registerDNS","zones":["pods.test"],"nodeName":"node-1",
		"nameTemplate":"{name}.{zone}","hosts":{"file":"` + file + `"},"runtimeConfig":{"ips":["198.51.100.7/24"]}}`
	args := &skel.CmdArgs{ContainerID: "c1", IfName: "eth0", Args: "K8S_POD_NAME=web;K8S_POD_NAMESPACE=shop", StdinData: []byte(conf)}
	want := `nameTemplate: "{name}.{zone}" serves every namespace of the node: it must contain {namespace} or {uid}`
	if _, err := Plan(args); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Plan = %v, want %q", err, want)
	}
	if _, _, err := newVerbs(cniutil.Env{}).load(args, false); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("ADD's load = %v, want %q", err, want)
	}
	if _, _, err := newVerbs(cniutil.Env{}).load(args, true); err != nil {
		t.Fatalf("DEL's load = %v", err)
	}
	for _, ok := range []string{"{name}.{namespace}.{zone}", "pod-{uid}.{zone}", ""} {
		c := strings.Replace(conf, `"{name}.{zone}"`, `"`+ok+`"`, 1)
		if _, err := Plan(&skel.CmdArgs{ContainerID: "c1", IfName: "eth0", Args: args.Args + ";K8S_POD_UID=u-1", StdinData: []byte(c)}); err != nil {
			t.Errorf("nameTemplate %q: %v", ok, err)
		}
	}
}
