package plugin_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// benchPool is a few pod netns reused by successive pods (each with a
// fresh sandbox ID), so a long benchmark does not create a netns and a
// veth per pod. A slot is reused only after its pod was stopped and
// removed, when nothing of it is left.
type benchPool struct {
	e     *env
	slots []benchSlot
	n     int
}

type benchSlot struct {
	netns ns.NetNS
	addr  string
}

func newBenchPool(e *env, size, firstOctet int) *benchPool {
	bp := &benchPool{e: e}
	for i := range size {
		podNS := testutil.NewNS(e.t)
		testutil.Veth(e.t, podNS, "eth0", e.host, "vb"+testutil.RandSuffix(8))
		addr := fmt.Sprintf("198.51.100.%d", firstOctet+i)
		testutil.Addr(e.t, podNS, "eth0", addr+"/24")
		bp.slots = append(bp.slots, benchSlot{netns: podNS, addr: addr})
	}
	return bp
}

// pod returns the next annotated pod, in slot i.
func (bp *benchPool) pod(i int) *nriapi.PodSandbox {
	s := bp.slots[i]
	bp.n++
	id := testutil.RandSuffix(32)
	name := fmt.Sprintf("bench-%d", bp.n)
	return &nriapi.PodSandbox{
		Id: id, Name: name, Namespace: "team-a", Uid: "uid-" + id[:8],
		Annotations: policyAnnotations(name),
		Linux: &nriapi.LinuxPodSandbox{Namespaces: []*nriapi.LinuxNamespace{
			{Type: "network", Path: s.netns.Path()},
		}},
		Ips: []string{s.addr},
	}
}

// runTimed runs the pod's RunPodSandbox, timed, then stops and removes
// it with the benchmark timer stopped when untimed is set.
func (bp *benchPool) runTimed(b *testing.B, slot int, untimed bool) time.Duration {
	pod := bp.pod(slot)
	t0 := time.Now()
	err := bp.e.run(pod)
	d := time.Since(t0)
	if err != nil {
		b.Fatalf("RunPodSandbox: %v", err)
	}
	if untimed {
		b.StopTimer()
		defer b.StartTimer()
	}
	bp.e.stop(pod)
	bp.e.remove(pod)
	return d
}

// BenchmarkRunPodSandbox measures the RunPodSandbox handler, as the NRI
// runtime side sees it, with the full chain (ipmasq iptables backend,
// iproute with a host table, registerDNS hosts backend) with the plugin
// binaries exec'd and with the plugins in-process:
//
//   - exec, inprocess: one mode each; ns/op is RunPodSandbox alone (the
//     stop and remove after it are not timed).
//   - interleaved: both modes alive at once, alternating pod by pod
//     (ABBA), so both see the same machine load; reports each mode's
//     median, p90 and p99 in ms.
//   - interleaved-parallel4: as interleaved, with 4 pods of each mode
//     starting at once, as on a node starting many pods.
//
// Run with a fixed count, e.g. -bench RunPodSandbox -benchtime 60x.
func BenchmarkRunPodSandbox(b *testing.B) {
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) { benchOne(b, newEnvMode(b, "fail", m.inProcess)) })
	}
	// The chain deploy/ ships: ipmasq's nftables backend.
	b.Run("inprocess-nftables", func(b *testing.B) {
		benchOne(b, newEnvBackend(b, "fail", true, testutil.NewNS(b), "nftables"))
	})
	b.Run("interleaved", func(b *testing.B) { benchInterleaved(b, 1) })
	b.Run("interleaved-parallel4", func(b *testing.B) { benchInterleaved(b, 4) })
}

// benchOne times RunPodSandbox of b.N pods in env e, one at a time.
func benchOne(b *testing.B, e *env) {
	e.startPlugin()
	bp := newBenchPool(e, 4, 10)
	var samples []time.Duration
	b.ResetTimer()
	for i := range b.N {
		samples = append(samples, bp.runTimed(b, i%len(bp.slots), true))
	}
	b.StopTimer()
	b.ReportMetric(ms(quantile(samples, 0.5)), "p50-ms")
	b.ReportMetric(ms(quantile(samples, 0.99)), "p99-ms")
}

// benchInterleaved alternates the two modes; each round runs `parallel`
// pods of one mode at once, then of the other.
func benchInterleaved(b *testing.B, parallel int) {
	pools := make([]*benchPool, len(modes))
	for i, m := range modes {
		e := newEnvMode(b, "fail", m.inProcess)
		e.startPlugin()
		pools[i] = newBenchPool(e, parallel, 10+50*i)
	}
	samples := make([][]time.Duration, len(modes))
	b.ResetTimer()
	for i := range b.N {
		order := []int{0, 1}
		if i%2 == 1 {
			order = []int{1, 0}
		}
		for _, m := range order {
			samples[m] = append(samples[m], runRound(b, pools[m], parallel)...)
		}
	}
	b.StopTimer()
	for i, m := range modes {
		b.ReportMetric(ms(quantile(samples[i], 0.5)), m.name+"-p50-ms")
		b.ReportMetric(ms(quantile(samples[i], 0.9)), m.name+"-p90-ms")
		b.ReportMetric(ms(quantile(samples[i], 0.99)), m.name+"-p99-ms")
	}
	if in := quantile(samples[1], 0.5); in > 0 {
		b.ReportMetric(float64(quantile(samples[0], 0.5))/float64(in), "p50-speedup-x")
	}
}

// runRound starts one pod per pool slot at once and returns their
// RunPodSandbox latencies.
func runRound(b *testing.B, bp *benchPool, parallel int) []time.Duration {
	if parallel == 1 {
		return []time.Duration{bp.runTimed(b, 0, false)}
	}
	pods := make([]*nriapi.PodSandbox, parallel)
	for i := range pods {
		pods[i] = bp.pod(i)
	}
	out := make([]time.Duration, parallel)
	errs := make([]error, parallel)
	var wg sync.WaitGroup
	for i, pod := range pods {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			errs[i] = bp.e.run(pod)
			out[i] = time.Since(t0)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			b.Fatalf("RunPodSandbox: %v", err)
		}
	}
	for _, pod := range pods {
		bp.e.stop(pod)
		bp.e.remove(pod)
	}
	return out
}

// quantile returns the q-quantile (nearest rank) of ds.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
