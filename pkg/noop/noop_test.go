package noop_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/noop"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func TestParseConf(t *testing.T) {
	for _, tc := range []struct {
		name, conf, wantErr string
	}{
		{"debug off needs no dir", `{"cniVersion":"1.0.0","name":"n","type":"noop"}`, ""},
		{"debug on with dir", `{"name":"n","type":"noop","debug":true,"debugDir":"/tmp/x"}`, ""},
		{"debug on without dir", `{"name":"n","type":"noop","debug":true}`, "debugDir: required"},
		{"relative dir", `{"name":"n","type":"noop","debug":true,"debugDir":"x"}`, `debugDir: "x" is not an absolute path`},
		{"debug not a bool", `{"name":"n","type":"noop","debug":"yes"}`, "parsing noop config"},
		{"bounds", `{"name":"n","type":"noop","maxDumps":3,"maxAge":"90m"}`, ""},
		{"negative maxDumps", `{"name":"n","type":"noop","maxDumps":-1}`, "maxDumps: -1 is negative"},
		{"bad maxAge", `{"name":"n","type":"noop","maxAge":"soon"}`, `maxAge: invalid duration "soon"`},
		{"zero maxAge", `{"name":"n","type":"noop","maxAge":"0s"}`, `maxAge: invalid duration "0s"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := noop.ParseConf([]byte(tc.conf))
			if tc.wantErr == "" && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

func TestDumpPathRejectsTraversal(t *testing.T) {
	at := time.Unix(1, 2)
	for _, id := range []string{"..", "../x", "a/b", ".hidden"} {
		if p, err := noop.DumpPath("/d", id, "eth0", "add", at); err == nil {
			t.Errorf("containerID %q: got path %s, want error", id, p)
		}
	}
	p, err := noop.DumpPath("/d", "", "", "gc", at)
	if err != nil || p != "/d/_/_/gc_1000000002.json" {
		t.Fatalf("DumpPath for GC = %q, %v", p, err)
	}
}

const prevResult040 = `{"cniVersion":"0.4.0","interfaces":[{"name":"eth0","sandbox":"/var/run/netns/x"}],
 "ips":[{"version":"4","address":"198.51.100.7/24","gateway":"198.51.100.1","interface":0}],
 "dns":{"nameservers":["192.0.2.53"]}}`

// runNoop execs the built plugin binary the way a runtime does.
func runNoop(t *testing.T, command, conf string) ([]byte, error) {
	t.Helper()
	cmd := exec.Command(filepath.Join(testutil.PluginDir(t), "noop"))
	cmd.Env = []string{
		"CNI_COMMAND=" + command, "CNI_CONTAINERID=ctr1", "CNI_NETNS=/var/run/netns/x",
		"CNI_IFNAME=eth0", "CNI_PATH=/opt/cni/bin", "CNI_ARGS=K8S_POD_NAME=p",
	}
	cmd.Stdin = strings.NewReader(conf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%w: %s %s", err, out, stderr.String())
	}
	return out, nil
}

func TestBinaryDumpsEveryVerbAndPassesPrevResult(t *testing.T) {
	for _, ver := range []string{"0.3.0", "0.3.1", "0.4.0", "1.0.0", "1.1.0"} {
		t.Run(ver, func(t *testing.T) {
			dir := t.TempDir()
			prev := prevResult040
			conf := fmt.Sprintf(`{"cniVersion":%q,"name":"chain","type":"noop","debug":true,"debugDir":%q,
			  "runtimeConfig":{"masqEntries":[{"external":"192.0.2.1","destination":"203.0.113.0/24"}]},
			  "prevResult":%s}`, ver, dir, strings.Replace(prev, `"0.4.0"`, fmt.Sprintf("%q", ver), 1))
			out, err := runNoop(t, "ADD", conf)
			if err != nil {
				t.Fatalf("ADD: %v", err)
			}
			var res map[string]any
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatalf("ADD output %q: %v", out, err)
			}
			if res["cniVersion"] != ver {
				t.Errorf("result cniVersion = %v, want %s", res["cniVersion"], ver)
			}
			if !strings.Contains(string(out), "198.51.100.7/24") || !strings.Contains(string(out), "192.0.2.53") {
				t.Errorf("prevResult not passed through: %s", out)
			}
			verbs := []string{"ADD", "DEL"}
			if ver != "0.3.0" && ver != "0.3.1" {
				verbs = append(verbs, "CHECK")
			}
			for _, v := range verbs[1:] {
				if _, err := runNoop(t, v, conf); err != nil {
					t.Fatalf("%s: %v", v, err)
				}
			}
			files, err := noop.ListDumps(dir, "ctr1", "eth0")
			if err != nil || len(files) != len(verbs) {
				t.Fatalf("dumps = %v (%v), want %d files", files, err, len(verbs))
			}
			for i, f := range files {
				d := readDump(t, f)
				if d.Command != verbs[i] || d.Netns != "/var/run/netns/x" || d.Env["CNI_ARGS"] != "K8S_POD_NAME=p" {
					t.Errorf("%s: dump %+v", f, d)
				}
				var stdin map[string]any
				if err := json.Unmarshal(d.Stdin, &stdin); err != nil || stdin["runtimeConfig"] == nil || stdin["prevResult"] == nil {
					t.Errorf("%s: stdin not kept whole: %s", f, d.Stdin)
				}
			}
		})
	}
}

func TestBinaryWithoutPrevResultPrintsEmptyResult(t *testing.T) {
	out, err := runNoop(t, "ADD", `{"cniVersion":"1.0.0","name":"n","type":"noop"}`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(out)) != `{"cniVersion":"1.0.0"}` && !strings.Contains(string(out), `"cniVersion": "1.0.0"`) {
		t.Fatalf("output %q", out)
	}
}

func TestBinaryBadConfigFailsAndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	_, err := runNoop(t, "ADD", `{"cniVersion":"1.0.0","name":"n","type":"noop","debug":true}`)
	if err == nil || !strings.Contains(err.Error(), "debugDir") {
		t.Fatalf("error %v, want one naming debugDir", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("dir not empty: %v", entries)
	}
}

func TestBinaryGCAndStatus(t *testing.T) {
	dir := t.TempDir()
	conf := fmt.Sprintf(`{"cniVersion":"1.1.0","name":"n","type":"noop","debug":true,"debugDir":%q,
	  "cni.dev/valid-attachments":[{"containerID":"a","ifname":"eth0"}]}`, dir)
	for _, v := range []string{"GC", "STATUS"} {
		if _, err := runNoop(t, v, conf); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "ctr1", "eth0", "*.json"))
	if len(files) != 2 {
		t.Fatalf("got %v, want a gc and a status dump", files)
	}
}

func readDump(t *testing.T, path string) noop.Dump {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d noop.Dump
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return d
}
