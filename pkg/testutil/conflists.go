package testutil

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// RuntimeKeys is a JSON object's members (no braces) holding every key a
// CNI runtime puts beside a plugin's own settings on its stdin: the
// spec's, and what libcni injects (prevResult, runtimeConfig's siblings,
// GC's attachments under both spellings). A plugin's strict config parser
// must take them all.
const RuntimeKeys = `"cniVersion":"1.1.0","name":"net","capabilities":{"ips":true},` +
	`"ipam":{"type":"host-local","subnet":"10.0.0.0/24","routes":[{"dst":"0.0.0.0/0"}]},` +
	`"dns":{"nameservers":["10.0.0.10"],"search":["svc.cluster.local"]},` +
	`"args":{"cni":{"ips":["10.0.0.5"]},"org.example":{"X":1}},` +
	`"prevResult":{"cniVersion":"1.1.0","interfaces":[{"name":"eth0","sandbox":"/var/run/netns/x"}],"ips":[{"address":"10.0.0.5/24","interface":0}]},` +
	`"cni.dev/valid-attachments":[{"containerID":"c1","ifname":"eth0"}],"cni.dev/attachments":[{"containerID":"c1","ifname":"eth0"}]`

// ShippedConf is one plugin entry of a conflist the repository ships or
// documents.
type ShippedConf struct {
	Where string // file, and the block or heredoc's first line
	Conf  []byte // the plugin's entry, with the list's name and cniVersion
}

// ShippedConfs returns every entry of plugin type typ in the conflists
// the repository ships or documents: deploy's conflist and Helm values,
// hack's heredocs, and the JSON and YAML examples of README.md and
// docs/*.md. An example that mentions typ but does not parse fails the
// test, so that a broken example is never silently skipped.
func ShippedConfs(t testing.TB, typ string) []ShippedConf {
	t.Helper()
	root := repoRoot(t)
	var out []ShippedConf
	add := func(where string, text string, shell bool) {
		if !mentions(text, typ) {
			return
		}
		if shell {
			text = substituteShell(t, where, text)
		}
		var v any
		if err := yaml.Unmarshal([]byte(text), &v); err != nil { // YAML is a superset of JSON
			t.Fatalf("%s: example with a %s entry does not parse: %v", where, typ, err)
		}
		for _, c := range pluginEntries(v, typ) {
			out = append(out, ShippedConf{Where: where, Conf: c})
		}
	}
	for _, f := range []string{"deploy/chain.conflist", "deploy/helm/diktyo/values.yaml", "deploy/testdata/helm/custom-values.yaml"} {
		add(f, readFile(t, filepath.Join(root, f)), false)
	}
	shells, _ := filepath.Glob(filepath.Join(root, "hack", "*.sh"))
	for _, f := range shells {
		for line, doc := range heredocs(readFile(t, f)) {
			add(fmt.Sprintf("%s:%d", rel(root, f), line), doc, true)
		}
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, f := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		for line, block := range markdownExamples(readFile(t, f)) {
			add(fmt.Sprintf("%s:%d", rel(root, f), line), block, false)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no shipped or documented conflist has a %s entry", typ)
	}
	return out
}

func repoRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

func readFile(t testing.TB, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return path
	}
	return r
}

func mentions(text, typ string) bool {
	return regexp.MustCompile(`"?type"?:\s*"?` + regexp.QuoteMeta(typ) + `\b`).MatchString(text)
}

// pluginEntries finds typ's entries in a decoded example: a conflist
// ("plugins"), Helm values or an admin config holding one ("chain"), or
// a lone plugin entry.
func pluginEntries(v any, typ string) [][]byte {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if chain, ok := m["chain"]; ok {
		return pluginEntries(chain, typ)
	}
	list := []any{m}
	if plugins, ok := m["plugins"].([]any); ok {
		list = plugins
	}
	var out [][]byte
	for _, p := range list {
		pm, ok := p.(map[string]any)
		if !ok || pm["type"] != typ {
			continue
		}
		// What libcni injects from the list.
		if _, ok := pm["name"]; !ok {
			pm["name"] = "diktyo"
			if n, ok := m["name"].(string); ok {
				pm["name"] = n
			}
		}
		if _, ok := pm["cniVersion"]; !ok {
			pm["cniVersion"] = "1.1.0"
			if n, ok := m["cniVersion"].(string); ok {
				pm["cniVersion"] = n
			}
		}
		data, err := json.Marshal(pm)
		if err != nil {
			panic(err) // decoded from JSON or YAML: always encodes
		}
		out = append(out, data)
	}
	return out
}

var heredocStart = regexp.MustCompile(`<<-?\s*'?([A-Z_]+)'?`)

// heredocs returns a shell script's here-documents by first line.
func heredocs(script string) map[int]string {
	out := map[int]string{}
	lines := strings.Split(script, "\n")
	for i := 0; i < len(lines); i++ {
		m := heredocStart.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != m[1]; i++ {
		}
		out[start+1] = strings.Join(lines[start:min(i, len(lines))], "\n")
	}
	return out
}

// shellValues are stand-ins for the variables hack's heredocs expand.
var shellValues = map[string]string{
	"IPMASQ_BACKEND": "nftables",
	"SNAT_CHAIN":     "DIKTYO-TESTBR0",
	"NFT_TABLE":      "diktyo-ipmasq-testvm",
	"GUARD_TABLE":    "diktyo-guard-testvm",
	// The fwmark form, the one with more fields to validate.
	"IPROUTE_LAYOUT_JSON": `"layout": "fwmark", "nftTable": "diktyo-route-testvm",`,
	"SUBNET":              "10.99.0.0/24",
	"SUBNET6":             "fd00:99::/64",
	"RUN":                 "/run/diktyo-testvm",
	"STATE":               "/var/lib/diktyo-testvm",
	"DNS_ZONE":            "pods.testvm.test",
	"DNS_PORT":            "5353",
	"$(reverse_zone)":     "0.99.10.in-addr.arpa",
	"$(reverse_zone6)":    "9.9.0.0.0.0.d.f.ip6.arpa",
}

var shellExpansion = regexp.MustCompile(`\$\([a-z_0-9]+\)|\$\{?[A-Za-z_][A-Za-z_0-9]*\}?`)

func substituteShell(t testing.TB, where, text string) string {
	return shellExpansion.ReplaceAllStringFunc(text, func(s string) string {
		key := s
		if !strings.HasPrefix(s, "$(") {
			key = strings.Trim(s, "${}")
		}
		v, ok := shellValues[key]
		if !ok {
			t.Fatalf("%s: the heredoc expands %s: give it a stand-in in testutil.shellValues", where, s)
		}
		return v
	})
}

var inlineConf = regexp.MustCompile("`(\\{\"type\"[^`]*)`")

// markdownExamples returns a page's fenced blocks and inline JSON plugin
// entries by line.
func markdownExamples(page string) map[int]string {
	out := map[int]string{}
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			for _, m := range inlineConf.FindAllStringSubmatch(lines[i], -1) {
				out[i+1] = m[1]
			}
			continue
		}
		start := i + 1
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
		}
		out[start] = strings.Join(lines[start:min(i, len(lines))], "\n")
	}
	return out
}
