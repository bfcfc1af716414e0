package chainrun_test

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/containernetworking/cni/pkg/invoke"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// timingExec records how long each ADD of each plugin type took.
type timingExec struct {
	invoke.Exec
	mu  sync.Mutex
	add map[string][]time.Duration
}

func (te *timingExec) ExecPlugin(ctx context.Context, path string, stdin []byte, environ []string) ([]byte, error) {
	t0 := time.Now()
	out, err := te.Exec.ExecPlugin(ctx, path, stdin, environ)
	d := time.Since(t0)
	if cniCommand(environ) == "ADD" {
		typ := filepath.Base(strings.TrimPrefix(path, "diktyo-inprocess:"))
		te.mu.Lock()
		te.add[typ] = append(te.add[typ], d)
		te.mu.Unlock()
	}
	return out, err
}

func cniCommand(environ []string) string {
	cmd := ""
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "CNI_COMMAND="); ok {
			cmd = v
		}
	}
	return cmd
}

// BenchmarkChainAdd times libcni ADD of the full chain (ipmasq iptables
// backend, iproute with a host table, registerDNS hosts backend) for one
// pod, with the binaries exec'd and in-process, alternating the two modes
// every iteration; DEL after each ADD is not timed. It reports each
// mode's median ADD of the chain and of each plugin, in ms.
func BenchmarkChainAdd(b *testing.B) {
	testutil.RequireRoot(b)
	bin := testutil.PluginDir(b)
	dir := b.TempDir()
	host, podNS := testutil.NewNS(b), testutil.NewNS(b)
	tag := "DKT" + strings.ToUpper(testutil.RandSuffix(6))
	chain := fmt.Sprintf(`{"cniVersion":"1.1.0","name":"bench","plugins":[
	  {"type":"ipmasq","backend":"iptables","tag":%q,"capabilities":{"ips":true,"masqEntries":true}},
	  {"type":"iproute","stateDir":%q,"capabilities":{"ips":true,"policyRouting":true}},
	  {"type":"registerDNS","backend":"hosts","zones":["bench.test"],"hosts":{"file":%q},"capabilities":{"ips":true,"dnsNames":true}}]}`,
		tag, filepath.Join(dir, "iproute"), filepath.Join(dir, "hosts"))
	conflist := writeConflist(b, dir, chain)
	netnsExec := &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard}
	type mode struct {
		name   string
		runner *chainrun.Runner
		timing *timingExec
		chain  []time.Duration
	}
	var modes []*mode
	for _, m := range []struct {
		name string
		exec invoke.Exec
	}{{"exec", netnsExec}, {"inprocess", chainrun.NewInProcess(netnsExec)}} {
		te := &timingExec{Exec: m.exec, add: map[string][]time.Duration{}}
		r, err := chainrun.New(chainrun.Options{Conflist: conflist, BinDirs: []string{bin},
			CacheDir: filepath.Join(dir, "cache-"+m.name), IfName: "eth0", Exec: te})
		if err != nil {
			b.Fatal(err)
		}
		modes = append(modes, &mode{name: m.name, runner: r, timing: te})
	}
	args := map[string]any{
		api.CapMasqEntries:   []api.MasqEntry{{External: "203.0.113.1", Destination: "0.0.0.0/0"}},
		api.CapPolicyRouting: map[string]any{"table": 100},
		api.CapDNSNames:      []string{"web.bench.test"},
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		for j := range modes {
			m := modes[(i+j)%len(modes)]
			pod := chainrun.Pod{ID: fmt.Sprintf("b%d%s", i, testutil.RandSuffix(8)), Namespace: "ns", Name: "web",
				NetNS: podNS.Path(), IPs: []string{"198.51.100.9/24"}}
			t0 := time.Now()
			if _, err := m.runner.Add(ctx, pod, args); err != nil {
				b.Fatalf("%s ADD: %v", m.name, err)
			}
			m.chain = append(m.chain, time.Since(t0))
			b.StopTimer()
			if _, err := m.runner.Del(ctx, pod, nil); err != nil {
				b.Fatalf("%s DEL: %v", m.name, err)
			}
			b.StartTimer()
		}
	}
	b.StopTimer()
	for _, m := range modes {
		b.ReportMetric(medianMS(m.chain), m.name+"-chain-ms")
		for _, typ := range []string{"ipmasq", "iproute", "registerDNS"} {
			b.ReportMetric(medianMS(m.timing.add[typ]), m.name+"-"+typ+"-ms")
		}
	}
}

func medianMS(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}
