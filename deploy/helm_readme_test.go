package deploy_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	yaml3 "go.yaml.in/yaml/v3"
)

var updateREADME = flag.Bool("update-chart-readme", false, "rewrite helm/diktyo/README.md from values.yaml")

const chartREADME = "helm/diktyo/README.md"

// TestChartREADME: the chart's README is generated from values.yaml (every
// value, its default and the comment above it), so the two cannot drift;
// go test ./deploy -run TestChartREADME -update-chart-readme rewrites it.
func TestChartREADME(t *testing.T) {
	want := renderChartREADME(t, readFile(t, chartDir+"/values.yaml"))
	if *updateREADME {
		if err := os.WriteFile(chartREADME, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(chartREADME)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not values.yaml's (%v): run go test ./deploy -run TestChartREADME -update-chart-readme", chartREADME, err)
	}
}

func renderChartREADME(t *testing.T, values []byte) []byte {
	t.Helper()
	var doc yaml3.Node
	if err := yaml3.Unmarshal(values, &doc); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString(`# diktyo Helm chart

diktyo-nri on every node (a DaemonSet in NRI's external mode), its RBAC,
its admin config and chain as a ConfigMap, and the admission policy of
diktyo's annotations. How to install, upgrade and remove it:
[docs/install.md](../../../docs/install.md#helm); what the nodes need:
[docs/compatibility.md](../../../docs/compatibility.md).

This page is generated from [values.yaml](values.yaml) by
` + "`go test ./deploy -run TestChartREADME -update-chart-readme`" + `:
edit the comments there.

## Values

| key | default | description |
|---|---|---|
`)
	if len(doc.Content) == 1 {
		writeValueRows(&b, "", doc.Content[0])
	}
	return b.Bytes()
}

// writeValueRows writes a row per value of the mapping m; a mapping that
// is not empty gets rows of its own keys instead (config and chain, the
// admin's files, stay one row each).
func writeValueRows(b *bytes.Buffer, prefix string, m *yaml3.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		key := prefix + k.Value
		desc := strings.Join(commentLines(k.HeadComment), " ")
		if v.Kind == yaml3.MappingNode && len(v.Content) > 0 && key != "config" && key != "chain" {
			if desc != "" {
				fmt.Fprintf(b, "| `%s` | | %s |\n", key, cell(desc))
			}
			writeValueRows(b, key+".", v)
			continue
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", key, defaultOf(key, v), cell(desc))
	}
}

func commentLines(c string) []string {
	var out []string
	for _, l := range strings.Split(c, "\n") {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "#")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func defaultOf(key string, v *yaml3.Node) string {
	if key == "config" || key == "chain" {
		return "deploy/" + map[string]string{"config": "config.yaml", "chain": "chain.conflist"}[key]
	}
	out, err := yaml3.Marshal(v)
	if err != nil {
		return "?"
	}
	s := strings.TrimSpace(string(out))
	if strings.Contains(s, "\n") {
		flow := *v
		flow.Style = yaml3.FlowStyle
		if o, err := yaml3.Marshal(&flow); err == nil {
			s = strings.TrimSpace(string(o))
		}
	}
	return "`" + cell(s) + "`"
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
