package registerdns

import (
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

const secret = "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I="

func keyFiles(t testing.TB) (bindKey, bare string) {
	dir := t.TempDir()
	bindKey = filepath.Join(dir, "bind.key")
	bare = filepath.Join(dir, "bare.key")
	if err := os.WriteFile(bindKey, []byte("key \"ddns-key\" {\n\talgorithm hmac-sha512;\n\tsecret \""+secret+"\";\n};\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bare, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return bindKey, bare
}

func TestParse(t *testing.T) {
	bindKey, bare := keyFiles(t)
	base := `"cniVersion":"1.1.0","name":"net","type":"registerDNS"`
	tests := []struct {
		name, conf, err string
		check           func(t *testing.T, p *Config)
	}{
		{name: "hosts default", conf: `{` + base + `,"zones":["pods.test"]}`, check: func(t *testing.T, p *Config) {
			if p.BackendName != BackendHosts || p.TTL != DefaultTTL || p.Timeout != DefaultTimeout || !slices.Equal(p.Zones, []string{"pods.test."}) {
				t.Errorf("defaults: %+v", p)
			}
		}},
		{name: "original diktyo exec conf", conf: `{` + base + `,"plugin":"consul-cli","app_id_key":"app_id","capabilities":{"metadata":true}}`, check: func(t *testing.T, p *Config) {
			if p.BackendName != BackendExec {
				t.Errorf("backend %q", p.BackendName)
			}
		}},
		{name: "rfc2136 BIND key file", conf: `{` + base + `,"backend":"rfc2136","zones":["pods.test"],"reverseZones":["100.51.198.in-addr.arpa"],"ttl":5,"timeout":"300ms",
			"rfc2136":{"server":"127.0.0.1","tsigSecretFile":"` + bindKey + `"}}`, check: func(t *testing.T, p *Config) {
			if p.TTL != 5 || p.Timeout.Milliseconds() != 300 {
				t.Errorf("ttl/timeout: %+v", p)
			}
			o, _ := rfc2136Options(p.Conf.RFC2136)
			if o.Server != "127.0.0.1:53" || o.Transport != "tcp" || o.Key.Name != "ddns-key." || o.Key.Algorithm != dns.HmacSHA512 || o.Key.Secret != secret {
				t.Errorf("options: %+v", o)
			}
		}},
		{name: "rfc2136 bare secret", conf: `{` + base + `,"backend":"rfc2136","zones":["pods.test"],
			"rfc2136":{"server":"[::1]:5353","transport":"udp","keyName":"k1","tsigSecretFile":"` + bare + `"}}`, check: func(t *testing.T, p *Config) {
			o, _ := rfc2136Options(p.Conf.RFC2136)
			if o.Server != "[::1]:5353" || o.Transport != "udp" || o.Key.Name != "k1." || o.Key.Algorithm != dns.HmacSHA256 {
				t.Errorf("options: %+v", o)
			}
		}},
		{name: "template", conf: `{` + base + `,"zones":["pods.test"],"nameTemplate":"{name}.{namespace}.{zone}"}`},

		{name: "bad json", conf: `{`, err: "parsing registerDNS config"},
		{name: "bad network name", conf: `{"name":"my net","zones":["a.test"]}`, err: `name: invalid network name "my net"`},
		{name: "no network name", conf: `{"zones":["a.test"]}`, err: `name: invalid network name ""`},
		{name: "no zones", conf: `{` + base + `}`, err: "zones: at least one zone is required by the hosts backend"},
		{name: "bad zone", conf: `{` + base + `,"zones":["Pods.test"]}`, err: `zones[0]: name "Pods.test": label "Pods" has uppercase`},
		{name: "reverse in zones", conf: `{` + base + `,"zones":["1.10.in-addr.arpa"]}`, err: "zones[0]: \"1.10.in-addr.arpa\" is a reverse zone"},
		{name: "forward in reverseZones", conf: `{` + base + `,"zones":["a.test"],"reverseZones":["b.test"]}`, err: `reverseZones[0]: "b.test" is not under`},
		{name: "bad template", conf: `{` + base + `,"zones":["a.test"],"nameTemplate":"{pod}"}`, err: "nameTemplate: template \"{pod}\": unknown placeholder {pod}"},
		{name: "bad timeout", conf: `{` + base + `,"zones":["a.test"],"timeout":"soon"}`, err: `timeout: invalid duration "soon"`},
		{name: "negative timeout", conf: `{` + base + `,"zones":["a.test"],"gcTimeout":"-1s"}`, err: `gcTimeout: invalid duration "-1s"`},
		{name: "huge ttl", conf: `{` + base + `,"zones":["a.test"],"ttl":4294967295}`, err: "ttl: 4294967295"},
		{name: "unknown backend", conf: `{` + base + `,"zones":["a.test"],"backend":"route53"}`, err: `backend: unknown backend "route53"`},
		{name: "relative hosts file", conf: `{` + base + `,"zones":["a.test"],"hosts":{"file":"hosts"}}`, err: `hosts.file: "hosts" is not an absolute path`},
		{name: "exec without app_id_key", conf: `{` + base + `,"backend":"exec","plugin":"consul-cli"}`, err: "app_id_key: required"},
		{name: "exec without plugin", conf: `{` + base + `,"backend":"exec","app_id_key":"a"}`, err: "plugin: required"},
		{name: "rfc2136 no server", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"]}`, err: "rfc2136.server: required"},
		{name: "rfc2136 bad transport", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","transport":"quic","tsigSecretFile":"` + bare + `"}}`, err: `rfc2136.transport: "quic"`},
		{name: "rfc2136 no secret file", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"k"}}`, err: "rfc2136.tsigSecretFile: required"},
		{name: "rfc2136 missing secret file", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"k","tsigSecretFile":"/nonexistent/key"}}`, err: "rfc2136.tsigSecretFile: open /nonexistent/key"},
		{name: "rfc2136 secret file is a device", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"k","tsigSecretFile":"/dev/zero"}}`, err: "rfc2136.tsigSecretFile: /dev/zero is not a regular file"},
		{name: "rfc2136 bare secret without key name", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","tsigSecretFile":"` + bare + `"}}`, err: "rfc2136.keyName: required"},
		{name: "rfc2136 key name mismatch", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"other","tsigSecretFile":"` + bindKey + `"}}`, err: `rfc2136.keyName: "other" differs from the key "ddns-key"`},
		{name: "rfc2136 algorithm mismatch", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","algorithm":"hmac-sha256","tsigSecretFile":"` + bindKey + `"}}`, err: `rfc2136.algorithm: "hmac-sha256" differs from "hmac-sha512"`},
		{name: "rfc2136 md5", conf: `{` + base + `,"backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"k","algorithm":"hmac-md5","tsigSecretFile":"` + bare + `"}}`, err: `rfc2136.algorithm: unsupported "hmac-md5"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse([]byte(tc.conf))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want error containing %q", err, tc.err)
				}
				if strings.Contains(err.Error(), secret) {
					t.Fatalf("error leaks the secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.check != nil {
				tc.check(t, p)
			}
		})
	}
}

func TestSecretNotBase64(t *testing.T) {
	f := filepath.Join(t.TempDir(), "k")
	if err := os.WriteFile(f, []byte("not base64 !!! s3cr3t"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Parse([]byte(`{"name":"n","backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h","keyName":"k","tsigSecretFile":"` + f + `"}}`))
	if err == nil || !strings.Contains(err.Error(), "not valid base64") || strings.Contains(err.Error(), "s3cr3t") {
		t.Fatalf("got %v", err)
	}
}

func TestNames(t *testing.T) {
	conf := func(extra string) *Config {
		p, err := Parse([]byte(`{"name":"net","type":"registerDNS","zones":["pods.test","svc.test"],"nameTemplate":"{name}.{namespace}.{zone}"` + extra + `}`))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	k8s := "IgnoreUnknown=1;K8S_POD_NAME=web-0;K8S_POD_NAMESPACE=shop;K8S_POD_INFRA_CONTAINER_ID=abc"
	tests := []struct {
		name, extra, args, err string
		lenient                bool
		want                   []string
	}{
		{name: "template only", args: k8s, want: []string{"web-0.shop.pods.test."}},
		{name: "template and dnsNames, deduplicated", args: k8s,
			extra: `,"runtimeConfig":{"dnsNames":["api","web-0.shop","x.svc.test."]}`,
			want:  []string{"web-0.shop.pods.test.", "api.pods.test.", "x.svc.test."}},
		{name: "no k8s args: no template name", args: "", extra: `,"runtimeConfig":{"dnsNames":["api"]}`, want: []string{"api.pods.test."}},
		{name: "nothing", args: "", want: nil},
		{name: "invalid dnsName", args: k8s, extra: `,"runtimeConfig":{"dnsNames":["ok","Bad"]}`, err: `runtimeConfig.dnsNames[1]: name "Bad": label "Bad" has uppercase`},
		{name: "dnsName outside zones", args: k8s, extra: `,"runtimeConfig":{"dnsNames":["x.example.com."]}`, err: `runtimeConfig.dnsNames[0]: name "x.example.com." is outside the configured zones`},
		{name: "invalid pod name", args: "K8S_POD_NAME=Web_0;K8S_POD_NAMESPACE=shop", err: `nameTemplate "{name}.{namespace}.{zone}" for pod shop/Web_0`},
		{name: "lenient skips invalid", lenient: true, args: "K8S_POD_NAME=Web_0;K8S_POD_NAMESPACE=shop",
			extra: `,"runtimeConfig":{"dnsNames":["ok","Bad"]}`, want: []string{"ok.pods.test."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			names, err := conf(tc.extra).names(tc.args, tc.lenient, slog.New(slog.DiscardHandler))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want error containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range names {
				got = append(got, n.FQDN)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzParse: Parse never panics, and whatever it accepts has a backend,
// zones where the backend needs them, and names that all lie inside them.
func FuzzParse(f *testing.F) {
	f.Add(`{"name":"n","zones":["pods.test"],"nameTemplate":"{name}.{namespace}.{zone}","runtimeConfig":{"dnsNames":["a","b.pods.test."]}}`, "K8S_POD_NAME=web;K8S_POD_NAMESPACE=ns")
	f.Add(`{"name":"n","plugin":"consul-cli","app_id_key":"app","runtimeConfig":{"metadata":{"app":"x"}}}`, "")
	f.Add(`{"name":"n","backend":"rfc2136","zones":["a.test"],"rfc2136":{"server":"h"}}`, "")
	f.Add(`{"name":"n","zones":["a.test","b.test"],"reverseZones":["1.10.in-addr.arpa"],"ttl":0,"timeout":"1s"}`, "K8S_POD_NAME=x")
	f.Fuzz(func(t *testing.T, conf, args string) {
		p, err := Parse([]byte(conf))
		if err != nil {
			return
		}
		if p.Backend == nil {
			t.Fatal("accepted config without a backend")
		}
		if p.BackendName != BackendExec && len(p.Zones) == 0 {
			t.Fatal("accepted config without zones")
		}
		names, err := p.names(args, false, nil)
		if err != nil {
			return
		}
		for _, n := range names {
			if z, ok := p.Zones.Match(n.FQDN); !ok || z != n.Zone {
				t.Fatalf("name %q outside zones %v", n.FQDN, p.Zones)
			}
		}
	})
}

// TestNodeName: the field wins, then $NODE_NAME, then the hostname; a
// value that cannot go into an owner tag is an error naming its source.
func TestNodeName(t *testing.T) {
	parse := func(extra string) (*Config, error) {
		return Parse([]byte(`{"name":"net","type":"registerDNS","zones":["pods.test"]` + extra + `}`))
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(NodeNameEnv, "")
	if p, err := parse(""); err != nil || p.Node != host {
		t.Fatalf("default: %v, %v; want the hostname %q", p, err, host)
	}
	t.Setenv(NodeNameEnv, "node-env")
	if p, err := parse(""); err != nil || p.Node != "node-env" {
		t.Fatalf("from $NODE_NAME: %+v, %v", p, err)
	}
	if p, err := parse(`,"nodeName":"node-conf"`); err != nil || p.Node != "node-conf" {
		t.Fatalf("from the field: %+v, %v", p, err)
	}
	if _, err := parse(`,"nodeName":"node a"`); err == nil || !strings.Contains(err.Error(), `nodeName: node name "node a" has invalid character ' '`) {
		t.Fatalf("invalid field: %v", err)
	}
	t.Setenv(NodeNameEnv, "node/x")
	if _, err := parse(""); err == nil || !strings.Contains(err.Error(), "nodeName (from $NODE_NAME)") {
		t.Fatalf("invalid $NODE_NAME: %v", err)
	}
}

// TestOwnerOfAdd: the owner the verbs write names this node and the pod
// from CNI_ARGS.
func TestOwnerOfAdd(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	conf := `{"cniVersion":"1.0.0","name":"net","type":"registerDNS","zones":["pods.test"],"nodeName":"node-a",
		"nameTemplate":"{name}.{namespace}.{zone}","hosts":{"file":"` + file + `"},"runtimeConfig":{"ips":["198.51.100.7/24"]}}`
	_, pd, err := newVerbs(cniutil.Env{}).load(&skel.CmdArgs{ContainerID: "c1", IfName: "eth0", Args: "K8S_POD_NAME=web-0;K8S_POD_NAMESPACE=shop", StdinData: []byte(conf)}, false)
	if err != nil {
		t.Fatal(err)
	}
	if o := pd.set.Owner; o.Node != "node-a" || o.Pod != "shop/web-0" || o.Network != "net" {
		t.Fatalf("owner %+v", o)
	}
}

// TestStrictCapabilities: registerDNS's capabilities decode as strictly as
// ipmasq's and iproute's (exact names, no duplicate keys); ADD refuses a
// malformed one naming the field, while other plugins' keys pass.
func TestStrictCapabilities(t *testing.T) {
	base := `"cniVersion":"1.1.0","name":"net","type":"registerDNS","zones":["pods.test"]`
	for rc, want := range map[string]string{
		`{"DNSNames":["a.pods.test"]}`:                            "DNSNames",
		`{"dnsNames":["a.pods.test"],"dnsNames":["b.pods.test"]}`: "dnsNames",
		`{"dnsNames":"a.pods.test"}`:                              "invalid",
		`{"dnsNames":["a.pods.test"],"masqEntries":[{"x":1}]}`:    "",
	} {
		p, err := Parse([]byte(`{` + base + `,"runtimeConfig":` + rc + `}`))
		if err != nil {
			t.Fatalf("%s: Parse (node config) failed: %v", rc, err)
		}
		got := p.Conf.RuntimeConfig.err
		switch {
		case want == "" && got != nil:
			t.Errorf("%s: refused: %v", rc, got)
		case want != "" && (got == nil || !strings.Contains(got.Error(), want)):
			t.Errorf("%s: error %v, want one naming %q", rc, got, want)
		}
	}
}
