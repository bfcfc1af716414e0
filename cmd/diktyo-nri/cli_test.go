package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// daemonCall is one start of the daemon, as a fake daemonMain saw it.
type daemonCall struct {
	opts      daemonOptions
	configSet bool
	apiSet    bool
	cmd       string
}

// fakeDaemon replaces daemonMain for the test and returns the calls.
func fakeDaemon(t *testing.T) *[]daemonCall {
	t.Helper()
	var calls []daemonCall
	orig := daemonMain
	daemonMain = func(cmd *cobra.Command, o *daemonOptions) error {
		calls = append(calls, daemonCall{opts: *o, configSet: cmd.Flags().Changed("config"),
			apiSet: cmd.Flags().Changed("api-socket"), cmd: cmd.Name()})
		return nil
	}
	t.Cleanup(func() { daemonMain = orig })
	return &calls
}

type result struct {
	code           int
	stdout, stderr string
}

func run(args ...string) result {
	var out, errOut strings.Builder
	code := execute(args, &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

func TestHelpExitsZeroAndNeverStartsTheDaemon(t *testing.T) {
	calls := fakeDaemon(t)
	for _, c := range []struct {
		args []string
		want string // in stdout
	}{
		{[]string{"--help"}, "diktyo-nri [command]"},
		{[]string{"-h"}, "Available Commands:"},
		{[]string{"-help"}, "Available Commands:"}, // Go flag's spelling
		{[]string{"help"}, "Available Commands:"},
		{[]string{"help", "explain"}, "diktyo-nri explain [flags]"},
		{[]string{"explain", "--help"}, "--annotation stringArray"},
		{[]string{"run", "--help"}, "--api-socket string"},
		{[]string{"help", "status"}, "diktyo-nri status [NAMESPACE/POD]"},
		{[]string{"trace", "-h"}, "--protocol string"},
		{[]string{"help", "completion"}, "completion bash|zsh|fish"},
		{[]string{"version", "--help"}, "-o, --output string"},
	} {
		r := run(c.args...)
		if r.code != 0 || !strings.Contains(r.stdout, c.want) || r.stderr != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout lacks %q:\n%s", c.args, r.code, r.stderr, c.want, r.stdout)
		}
	}
	if len(*calls) != 0 {
		t.Errorf("help started the daemon: %+v", *calls)
	}
}

func TestCommandLineErrorsNeverStartTheDaemon(t *testing.T) {
	calls := fakeDaemon(t)
	for _, c := range []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"foo"}, `unknown command "foo" for "diktyo-nri"`},
		{[]string{"stauts"}, "Did you mean this?\n\tstatus"},
		{[]string{"--config", "x.yaml", "extra"}, `unknown command "extra"`},
		{[]string{"help", "nosuch"}, `unknown help topic "nosuch"`},
		{[]string{"help", "explain", "more"}, `unknown help topic "explain more"`},
		{[]string{"run", "extra"}, `"diktyo-nri run" takes no arguments, got "extra"`},
		{[]string{"explain", "stray"}, `"diktyo-nri explain" takes no arguments, got "stray"`},
		{[]string{"version", "x"}, `takes no arguments, got "x"`},
		{[]string{"--bogus"}, "unknown flag: --bogus"},
		{[]string{"run", "--socket"}, "flag needs an argument: --socket"},
		{[]string{"status", "a/b", "c"}, `takes at most one NAMESPACE/POD, got "c" as well`},
		{[]string{"status", "nopod"}, `pod "nopod": want NAMESPACE/POD`},
		{[]string{"status", "-o", "xml"}, `--output "xml": want text, json or yaml`},
		{[]string{"trace", "a/b"}, "needs NAMESPACE/POD and DESTINATION[:PORT]"},
		{[]string{"trace", "a/b", "192.0.2.1", "x"}, `got "x" as well`},
		{[]string{"trace", "a/b", "example.com:80"}, `destination "example.com:80"`},
		{[]string{"trace", "a/b", "192.0.2.1", "--protocol", "icmp"}, `--protocol "icmp"`},
		{[]string{"trace", "a/b/c", "192.0.2.1"}, `pod "a/b/c": want NAMESPACE/POD`},
		{[]string{"completion"}, "needs one shell"},
		{[]string{"completion", "powershell"}, `shell "powershell"`},
		{[]string{"explain", "--annotation", "novalue"}, "novalue"},
	} {
		r := run(c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || !strings.Contains(r.stderr, "--help' for usage") {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if len(*calls) != 0 {
		t.Errorf("a command line error started the daemon: %+v", *calls)
	}
}

// A bare diktyo-nri, with or without flags, is the daemon, as before
// subcommands existed; run is the same with its own name.
func TestRootRunsTheDaemon(t *testing.T) {
	calls := fakeDaemon(t)
	for _, args := range [][]string{
		{},
		{"--config", "/etc/x.yaml", "--socket", "/run/nri.sock", "--name", "d", "--idx", "20", "--api-socket", ""},
		{"-config=/etc/x.yaml", "-socket", "/run/nri.sock", "-name", "d", "-idx=20", "-api-socket="},
		{"run", "--config=/etc/x.yaml", "--socket=/run/nri.sock", "--name=d", "--idx=20", "--api-socket="},
	} {
		if r := run(args...); r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
	}
	if len(*calls) != 4 {
		t.Fatalf("daemon started %d times, want 4", len(*calls))
	}
	def := (*calls)[0]
	if def.opts.config != policy.DefaultConfigPath || def.opts.socket != defaultSocket || def.opts.name != "diktyo" ||
		def.opts.idx != "10" || def.configSet || def.apiSet {
		t.Errorf("defaults: %+v", def)
	}
	want := daemonOptions{config: "/etc/x.yaml", socket: "/run/nri.sock", name: "d", idx: "20", logLevel: "info", logFormat: "text",
		iptables: "system", iptablesDir: "/run/diktyo-iptables"}
	for i, c := range (*calls)[1:] {
		if c.opts != want || !c.configSet || !c.apiSet {
			t.Errorf("call %d (%s): %+v, want %+v with config and api-socket set", i+1, c.cmd, c, want)
		}
	}
	if (*calls)[3].cmd != "run" {
		t.Errorf("run started as %q", (*calls)[3].cmd)
	}
}

func TestBadLogLevel(t *testing.T) {
	r := run("run", "--log-level", "loud", "--config", filepath.Join(t.TempDir(), "none.yaml"))
	if r.code != exitUsage || !strings.Contains(r.stderr, `--log-level "loud"`) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestLegacyFlags(t *testing.T) {
	root := newRootCmd(io.Discard, io.Discard)
	for _, c := range []struct{ in, want []string }{
		{[]string{"-config=/x", "-socket", "/s", "-help"}, []string{"--config=/x", "--socket", "/s", "--help"}},
		// The value of a flag is never rewritten, even if it looks like one.
		{[]string{"explain", "--annotation", "-name=x", "-name", "-config"}, []string{"explain", "--annotation", "-name=x", "--name", "-config"}},
		// Shorthands, unknown words and everything after "--" stay.
		{[]string{"status", "-ojson", "-h", "-nosuch", "--", "-config"}, []string{"status", "-ojson", "-h", "-nosuch", "--", "-config"}},
		{[]string{"---config", "x"}, []string{"---config", "x"}},
	} {
		if got := legacyFlags(root, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("legacyFlags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestExplainCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, []byte(`namespaces: [{namespaces: [team-a], allow: {routeTable: {tables: [100]},
  masq: {externals: ["203.0.113.10:5000-5999"], destinations: ["198.51.100.0/24"]}}}]
`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := run("explain", "--config", cfg, "--namespace", "team-a", "--annotation", "diktyo.io/v1.route-table=100")
	if r.code != 0 || !strings.Contains(r.stdout, "ALLOWED") {
		t.Errorf("allowed: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	// A JSON value is full of commas: it must arrive whole.
	masq := `diktyo.io/v1.masq=[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"},{"external":"203.0.113.10:5100-5200","destination":"198.51.100.0/24","protocol":"udp"}]`
	r = run("explain", "--config", cfg, "--namespace", "team-a", "--annotation", masq)
	if r.code != 0 || !strings.Contains(r.stdout, "203.0.113.10:5000-5010") {
		t.Errorf("JSON value: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run("explain", "--config", cfg, "--namespace", "team-a", "--annotation", "diktyo.io/v1.route-table=101")
	if r.code != exitFailure || !strings.Contains(r.stderr, `annotation diktyo.io/v1.route-table="101"`) {
		t.Errorf("denied: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := run("explain", "--config", filepath.Join(dir, "missing.yaml")); r.code != exitFailure || !strings.Contains(r.stderr, "missing.yaml") {
		t.Errorf("missing config: exit %d %q", r.code, r.stderr)
	}
}

func TestVersion(t *testing.T) {
	r := run("version")
	for _, want := range []string{"diktyo-nri " + version, runtime.Version(), "github.com/containerd/nri v0.", "1.1.0"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("version: exit %d, lacks %q:\n%s", r.code, want, r.stdout)
		}
	}
	var v localapi.Version
	r = run("version", "-o", "json")
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v.Version != version || v.NRI == "unknown" || !strings.HasPrefix(v.NRI, "v") ||
		!reflect.DeepEqual(v.CNISpecs, []string{"0.3.0", "0.3.1", "0.4.0", "1.0.0", "1.1.0"}) {
		t.Errorf("version -o json: %+v %v\n%s", v, err, r.stdout)
	}
	r = run("version", "-o", "yaml")
	if err := yaml.Unmarshal([]byte(r.stdout), &v); err != nil || v.GoVersion != runtime.Version() {
		t.Errorf("version -o yaml: %+v %v", v, err)
	}
}

func TestBuildInfoMetric(t *testing.T) {
	reg := prometheus.NewRegistry()
	registerBuildInfo(reg)
	mfs, err := reg.Gather()
	if err != nil || len(mfs) != 1 || mfs[0].GetName() != "diktyo_build_info" {
		t.Fatalf("gathered %v %v", mfs, err)
	}
	m := mfs[0].GetMetric()[0]
	labels := map[string]string{}
	for _, l := range m.GetLabel() {
		labels[l.GetName()] = l.GetValue()
	}
	if m.GetGauge().GetValue() != 1 || labels["version"] != version || labels["goversion"] != runtime.Version() {
		t.Errorf("diktyo_build_info %v = %v", labels, m.GetGauge().GetValue())
	}
}

func TestCompletion(t *testing.T) {
	for shell, want := range map[string]string{"bash": "__start_diktyo-nri", "zsh": "#compdef diktyo-nri", "fish": "complete -c diktyo-nri"} {
		r := run("completion", shell)
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("completion %s: exit %d, lacks %q (%s)", shell, r.code, want, r.stderr)
		}
	}
	// The scripts call back "__complete": commands and -o values complete.
	r := run("__complete", "sta")
	if r.code != 0 || !strings.Contains(r.stdout, "status") {
		t.Errorf("__complete sta: %d %q", r.code, r.stdout)
	}
	r = run("__complete", "status", "-o", "")
	if !strings.Contains(r.stdout, "json") || !strings.Contains(r.stdout, "yaml") {
		t.Errorf("__complete status -o: %q", r.stdout)
	}
}

// fakeDaemonAPI serves a fixed pod on a socket, as the daemon would.
type fakeDaemonAPI struct{}

var one, many = uint64(7), uint64(4200)

var webStatus = localapi.PodStatus{ID: "sb-web", Namespace: "team-a", Name: "web-1", IPs: []string{"100.64.0.5"}, State: localapi.StateApplied, Applied: true,
	Watch:  "pidfd",
	Policy: map[string]any{"policyRouting": map[string]any{"table": 100}},
	Attachment: &localapi.Attachment{Network: "diktyo", Owner: "0123456789abcdef", Plugins: []string{"ipmasq", "iproute"}, IPs: []string{"100.64.0.5"},
		SNAT: &localapi.SNAT{Backend: "iptables", Rules: []localapi.SNATRule{{Family: "IPv4", Index: 0, Chain: "DKT-0123456789abcdef",
			Destination: "198.51.100.7/32", Protocol: "tcp", Action: "snat", To: "203.0.113.10:5000-5010", Comment: "owner=0123456789abcdef masqEntries[0]",
			Packets: &one, Bytes: &many}}},
		Routes: &localapi.Routes{HostRules: []string{"pref 1536 from 100.64.0.5 to all lookup 100"}},
		Parts:  map[string]json.RawMessage{"throwaway": json.RawMessage(`{ "greeting": "hello" }`)}}}

func (fakeDaemonAPI) Pods(context.Context, bool) []localapi.PodStatus {
	return []localapi.PodStatus{webStatus, {ID: "sb-x", Namespace: "team-b", Name: "broken", State: localapi.StateFailed, LastError: "chain ADD:\nboom"}}
}

func (fakeDaemonAPI) Daemon() localapi.Daemon {
	return localapi.Daemon{State: "degraded", Synchronized: true, Faults: []string{"config: /etc/diktyo/config.yaml is gone"}, Repairing: 1,
		Cluster: &localapi.Cluster{Server: "https://198.18.3.1:443", Node: "node-a", Events: true, LeaseNamespace: "diktyo-system",
			Leases: []localapi.Lease{{Address: "203.0.113.10", Name: "diktyo-egress-203-0-113-10", Held: true},
				{Address: "203.0.113.11", Name: "diktyo-egress-203-0-113-11", Holder: "node-b", Error: "managed egress address 203.0.113.11 is held by node \"node-b\""}}}}
}

func (fakeDaemonAPI) Pod(_ context.Context, ns, name string) (localapi.PodStatus, error) {
	if ns+"/"+name == "team-a/web-1" {
		return webStatus, nil
	}
	return localapi.PodStatus{}, fmt.Errorf("%w: diktyo-nri knows no pod %s/%s", localapi.ErrNotFound, ns, name)
}

func (fakeDaemonAPI) Trace(_ context.Context, req localapi.TraceRequest) (*localapi.Trace, error) {
	r := webStatus.Attachment.SNAT.Rules[0]
	return &localapi.Trace{Pod: req.Pod, PodID: "sb-web", Source: "100.64.0.5", Destination: "198.51.100.7", Port: 443, Protocol: req.Protocol,
		SNAT:  localapi.TraceSNAT{Verdict: "snat to 203.0.113.10:5000-5010", Rule: &r},
		Route: localapi.TraceRoute{Mark: 0x10000, Table: 100, TableName: "100", Type: "unicast", Dev: "uplink", Gateway: "192.0.2.254", Iif: "vethpod"}}, nil
}

func serveFake(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "api.sock")
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	l, err := localapi.Listen(path, quiet)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: localapi.NewServer(fakeDaemonAPI{}, versionInfo(), quiet).Handler()}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return path
}

func TestStatusCommand(t *testing.T) {
	sock := serveFake(t)
	r := run("status", "--api-socket", sock)
	if r.code != 0 {
		t.Fatalf("status: exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 9 || lines[0] != "Daemon: degraded (1 pods repairing)" || !strings.Contains(lines[1], "fault: config: /etc/diktyo/config.yaml is gone") ||
		lines[2] != "Cluster: node node-a, API server https://198.18.3.1:443, events on, leases in diktyo-system" ||
		lines[3] != "  lease diktyo-egress-203-0-113-10 (203.0.113.10): held by this node" ||
		lines[4] != `  lease diktyo-egress-203-0-113-11 (203.0.113.11): held by node node-b; managed egress address 203.0.113.11 is held by node "node-b"` ||
		!strings.HasPrefix(lines[6], "NAMESPACE") || !strings.Contains(lines[7], "applied") ||
		!strings.Contains(lines[8], "chain ADD: boom") {
		t.Errorf("daemon state, then the table (an error on two lines stays on one):\n%s", r.stdout)
	}
	var pods []localapi.PodStatus
	r = run("status", "--api-socket", sock, "-o", "json")
	if err := json.Unmarshal([]byte(r.stdout), &pods); err != nil || len(pods) != 2 || pods[0].Attachment.SNAT.Rules[0].To != "203.0.113.10:5000-5010" {
		t.Errorf("-o json: %v\n%s", err, r.stdout)
	}
	var pod localapi.PodStatus
	r = run("status", "team-a/web-1", "--api-socket", sock, "-o", "yaml")
	if err := yaml.Unmarshal([]byte(r.stdout), &pod); err != nil || pod.ID != "sb-web" || *pod.Attachment.SNAT.Rules[0].Packets != 7 {
		t.Errorf("-o yaml: %v\n%s", err, r.stdout)
	}
	r = run("status", "team-a/web-1", "--api-socket", sock)
	for _, want := range []string{"Pod:", "team-a/web-1", "State:", "applied", "DKT-0123456789abcdef", "203.0.113.10:5000-5010", "4200",
		"host rule: pref 1536 from 100.64.0.5 to all lookup 100", `"policyRouting":{"table":100}`, "Watch:       pidfd",
		// A plugin the command line has no section for: its part as JSON.
		`  throwaway: {"greeting":"hello"}`} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("status POD lacks %q:\n%s", want, r.stdout)
		}
	}
	r = run("status", "team-a/nope", "--api-socket", sock)
	if r.code != exitFailure || !strings.Contains(r.stderr, "no pod team-a/nope") {
		t.Errorf("unknown pod: exit %d %q", r.code, r.stderr)
	}
}

func TestTraceCommand(t *testing.T) {
	sock := serveFake(t)
	r := run("trace", "team-a/web-1", "198.51.100.7:443", "--api-socket", sock)
	for _, want := range []string{"100.64.0.5 -> 198.51.100.7:443/tcp", "SNAT:  snat to 203.0.113.10:5000-5010", "rule 0 of DKT-0123456789abcdef",
		"mark 0x10000", "table 100: unicast via 192.0.2.254 dev uplink (arriving on vethpod)"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("trace lacks %q (exit %d, %s):\n%s", want, r.code, r.stderr, r.stdout)
		}
	}
	var tr localapi.Trace
	r = run("trace", "team-a/web-1", "198.51.100.7", "--protocol", "udp", "-o", "json", "--api-socket", sock)
	if err := json.Unmarshal([]byte(r.stdout), &tr); err != nil || tr.Protocol != "udp" || tr.Route.Table != 100 {
		t.Errorf("-o json: %+v %v\n%s", tr, err, r.stdout)
	}
}

func TestClientConnectionErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "api.sock")
	for _, args := range [][]string{{"status"}, {"trace", "a/b", "192.0.2.1"}} {
		r := run(append(args, "--api-socket", missing)...)
		if r.code != exitFailure || !strings.Contains(r.stderr, missing) || !strings.Contains(r.stderr, "diktyo-nri run") {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	var ce *localapi.ConnError
	_, err := localapi.NewClient(missing).Pods(context.Background(), false)
	if !errors.As(err, &ce) {
		t.Errorf("not a ConnError: %v", err)
	}
}

// TestStatusNodeLocal: without an API server status says so, and why.
func TestStatusNodeLocal(t *testing.T) {
	var b strings.Builder
	writeCluster(&b, &localapi.Cluster{NodeLocal: "no API server: cluster.api is auto and diktyo-nri does not run in a pod"})
	if got := b.String(); got != "Cluster: node-local (no API server: cluster.api is auto and diktyo-nri does not run in a pod)\n" {
		t.Errorf("node-local: %q", got)
	}
	b.Reset()
	writeCluster(&b, nil)
	if b.Len() != 0 {
		t.Errorf("unknown: %q, want nothing", b.String())
	}
}
