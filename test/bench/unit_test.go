package bench

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	_ "gonum.org/v1/plot/vg/vgimg" // registers png, for TestPlots

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

func TestSummarize(t *testing.T) {
	var s []time.Duration
	for i := 10; i >= 1; i-- { // unsorted on purpose
		s = append(s, ms(float64(i)))
	}
	got := Summarize(s)
	want := Summary{N: 10, Median: ms(5.5), P10: ms(1.9), P90: ms(9.1), P99: ms(9.91)}
	if got != want {
		t.Fatalf("Summarize = %+v, want %+v", got, want)
	}
	if s[0] != ms(10) {
		t.Fatalf("Summarize sorted its input in place")
	}
	if one := Summarize([]time.Duration{ms(3)}); one.Median != ms(3) || one.P10 != ms(3) || one.P90 != ms(3) {
		t.Fatalf("single sample: %+v", one)
	}
	if (Summarize(nil) != Summary{}) {
		t.Fatalf("empty input must give a zero Summary")
	}
}

func TestRatioAndFormat(t *testing.T) {
	if r := Ratio(Summary{N: 1, Median: ms(3)}, Summary{N: 1, Median: ms(2)}); r != 1.5 {
		t.Fatalf("Ratio = %v", r)
	}
	if r := Ratio(Summary{N: 1, Median: ms(3)}, Summary{}); !math.IsNaN(r) {
		t.Fatalf("Ratio against nothing = %v, want NaN", r)
	}
	for d, want := range map[time.Duration]string{
		0: "0", 1500 * time.Nanosecond: "1.5 µs", ms(12.345): "12.35 ms", 2 * time.Second: "2.00 s", -ms(1.5): "−1.50 ms",
	} {
		if got := fmtDur(d); got != want {
			t.Errorf("fmtDur(%v) = %q, want %q", d, got, want)
		}
	}
	if got := fmtSummary(Summary{N: 3, Median: ms(2), P10: ms(1), P90: ms(3)}); got != "2.00 ms (1.00 ms–3.00 ms)" {
		t.Errorf("fmtSummary = %q", got)
	}
	if fmtCount(10000) != "10,000" || fmtCount(100) != "100" {
		t.Errorf("fmtCount: %q %q", fmtCount(10000), fmtCount(100))
	}
}

// TestPlots renders the figures of a synthetic full run, as SVG (the docs)
// and PNG (a raster check of the same drawing).
func TestPlots(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{"svg", "png"} {
		paths, err := writePlots(synthetic(), dir, "img", ext)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"unrelated", "pods", "packet"} {
			if want := "img/bench-" + name + "." + ext; paths[name] != want {
				t.Errorf("%s: path %q, want %q", name, paths[name], want)
			}
		}
	}
	for _, name := range []string{"unrelated", "pods", "packet"} {
		f, err := os.Open(filepath.Join(dir, "bench-"+name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		_ = f.Close()
		if err != nil || cfg.Width < 600 {
			t.Errorf("bench-%s.png: %+v, %v", name, cfg, err)
		}
		b := ReadWellFormedXML(t, filepath.Join(dir, "bench-"+name+".svg"))
		for _, want := range []string{">ipmasq-nft<", ">chain-nft-fwmark<", "font-family:Liberation Sans,Arial"} {
			if !bytes.Contains(b, []byte(want)) {
				t.Errorf("bench-%s.svg lacks %q", name, want)
			}
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "bench-unrelated.svg"))
	for _, tick := range []string{">0<", ">1k<", ">10k<"} {
		if !bytes.Contains(svg, []byte(tick)) {
			t.Errorf("bench-unrelated.svg lacks x tick %q", tick)
		}
	}

	var md bytes.Buffer
	if err := Report(&md, synthetic(), dir, "img"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"![per-packet cost](img/bench-packet.svg)", "(img/bench-unrelated.svg)", "| | in-process | exec |\n|---|---|---|\n",
		"| | median (p10–p90) | p99 | N |\n", "| case | ADD at 10 | ADD at 100 | ADD at 1,000 | largest vs smallest |\n",
		"| diktyo-nri, nftables chain | 32 | 2.88 s (2.45 s–3.46 s) | 4.03 s | 30 | 2.5 | 25.00 ms (21.25 ms–30.00 ms) | 35.00 ms |\n",
		"| without diktyo-nri | 8 | 160.00 ms (136.00 ms–192.00 ms) | 224.00 ms | 30 |\n",
		"| while 32 annotated pods start at once (diktyo-nri, iptables chain) | 400.00 ms (340.00 ms–480.00 ms) | 560.00 ms | 30 | 10.00x |\n",
		"- Under containerd with 32 `crictl runp` at once: without diktyo-nri 2.5 pods/s (p99 4.03 s); diktyo-nri, nftables chain 2.5 pods/s"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}

	// A section without rows gets no figure; a summary without samples
	// is left out of its curve (a log axis cannot show 0).
	r := &Results{Pods: []ScaleRow{{Key: "a", Size: 10, Add: Summary{}}, {Key: "a", Size: 100, Add: Summary{N: 1, Median: ms(2), P10: ms(1), P90: ms(3)}}}}
	paths, err := writePlots(r, t.TempDir(), "img", "svg")
	if err != nil || len(paths) != 1 || paths["pods"] == "" {
		t.Fatalf("writePlots = %v, %v; want the pods figure only", paths, err)
	}
}

func TestAxes(t *testing.T) {
	var labels []string
	for _, tk := range (decadeTicks{}).Ticks(math.Log10(3), math.Log10(60)) {
		labels = append(labels, tk.Label)
	}
	if got := strings.Join(labels, " "); got != "2 5 10 20 50 100" {
		t.Errorf("decadeTicks(3, 60) = %q", got)
	}
	for v, want := range map[float64]string{0: "0", 100: "100", 1000: "1k", 10000: "10k", 1500: "1500"} {
		if got := fmtTick(v); got != want {
			t.Errorf("fmtTick(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestUnrelatedRules(t *testing.T) {
	s := UnrelatedRules(250)
	if got := strings.Count(s, "-A DKTB-FILL-"); got != 250 {
		t.Fatalf("%d filler rules, want 250", got)
	}
	if got := strings.Count(s, "-A PREROUTING -j DKTB-FILL-"); got != 3 {
		t.Fatalf("%d jumps, want 3 (chains of %d)", got, fillerRulesPerChain)
	}
	if !strings.HasPrefix(s, "*nat\n") || !strings.HasSuffix(s, "COMMIT\n") {
		t.Fatalf("not a restore script:\n%s", s)
	}
	if UnrelatedRules(0) != "*nat\nCOMMIT\n" {
		t.Fatalf("0 rules: %q", UnrelatedRules(0))
	}
}

func TestCountNFTSkipsXtablesTables(t *testing.T) {
	raw := `{"nftables":[{"metainfo":{}},
	 {"table":{"family":"ip","name":"nat"}},
	 {"rule":{"family":"ip","table":"nat","chain":"POSTROUTING"}},
	 {"rule":{"family":"inet","table":"diktyo-ipmasq","chain":"postrouting"}},
	 {"rule":{"family":"inet","table":"diktyo-ipmasq","chain":"pod"}},
	 {"map":{"family":"inet","table":"diktyo-ipmasq","name":"pods","elem":[["a","b"],["c","d"]]}},
	 {"set":{"family":"ip","table":"filter","name":"x","elem":["1.2.3.4"]}},
	 {"rule":{"family":"ip","table":"cni_hostport","chain":"hostports"}},
	 {"rule":{"family":"inet","table":"cni_plugins_masquerade","chain":"masq_checks"}}]}`
	// The last two are upstream portmap's and bridge's nftables tables.
	rules, elems, err := countNFT([]byte(raw))
	if err != nil || rules != 4 || elems != 2 {
		t.Fatalf("countNFT = %d rules, %d elems, %v; want 4, 2", rules, elems, err)
	}
	if _, _, err := countNFT([]byte("not json")); err == nil {
		t.Fatal("bad JSON must be an error")
	}
	d := State{IPTRules: 5, IPRules: 2}.Sub(State{IPTRules: 1})
	if d.String() != "iptables rules +4, ip rules +2" || (State{}).String() != "none" {
		t.Fatalf("State strings: %q %q", d.String(), State{}.String())
	}
}

// TestUpstreamCases checks the upstream peers ask for their backend with
// upstream's config keys, and the Debian cases (which predate them) do not.
func TestUpstreamCases(t *testing.T) {
	cases := map[string]Case{}
	for _, c := range Cases() {
		cases[c.Key] = c
	}
	n := &Node{Dir: t.TempDir()}
	pod := &Pod{Netns: &Netns{Path: "/run/netns/x"}, IfName: "eth0", HostIf: "dkv1"}
	a := Attachment{ContainerID: "c1", Pod: pod, Addr: netip.PrefixFrom(slotAddr, 16), Index: 1}
	for key, want := range map[string]string{
		"portmap":            "",
		"bridge-masq":        "",
		"portmap-up-ipt":     `"backend":"iptables"`,
		"portmap-up-nft":     `"backend":"nftables"`,
		"bridge-masq-up-ipt": `"ipMasqBackend":"iptables"`,
		"bridge-masq-up-nft": `"ipMasqBackend":"nftables"`,
	} {
		c, ok := cases[key]
		if !ok {
			t.Fatalf("no case %s", key)
		}
		if c.Upstream != (want != "") || !c.Ref || !c.NAT {
			t.Errorf("%s: Upstream %v, Ref %v, NAT %v", key, c.Upstream, c.Ref, c.NAT)
		}
		op, err := c.build(n, a)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		conf := string(op.List.Plugins[0].Bytes)
		if want == "" && strings.Contains(strings.ToLower(conf), "backend") {
			t.Errorf("%s: Debian's plugin got a backend key: %s", key, conf)
		}
		if want != "" && !strings.Contains(conf, want) {
			t.Errorf("%s: config lacks %s: %s", key, want, conf)
		}
		if c.Upstream && !strings.Contains(c.Name, "(upstream), "+strings.Trim(want[strings.LastIndex(want, ":")+1:], `"`)) {
			t.Errorf("%s: label %q does not name upstream and the backend", key, c.Name)
		}
	}
}

func TestIPMasqAgentRules(t *testing.T) {
	s := ipMasqAgentRules()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if lines[0] != "*nat" || lines[1] != ":IP-MASQ-AGENT - [0:0]" || lines[len(lines)-1] != "COMMIT" {
		t.Fatalf("not a restore script:\n%s", s)
	}
	if got := strings.Count(s, "-A POSTROUTING "); got != 1 || !strings.Contains(lines[2], "-j IP-MASQ-AGENT") {
		t.Errorf("want one POSTROUTING jump first, got %d:\n%s", got, s)
	}
	if got := strings.Count(s, "-j RETURN"); got != len(ipMasqAgentNonMasq) {
		t.Errorf("%d RETURN rules, want %d", got, len(ipMasqAgentNonMasq))
	}
	if !strings.HasSuffix(lines[len(lines)-2], "-j MASQUERADE") {
		t.Errorf("MASQUERADE is not last: %s", lines[len(lines)-2])
	}
	remote := netip.MustParsePrefix("198.18.0.0/15")
	for _, c := range ipMasqAgentNonMasq {
		if netip.MustParsePrefix(c).Overlaps(remote) {
			t.Errorf("%s would exempt the run's remote network from the masquerade", c)
		}
	}
}

func TestWantsVariant(t *testing.T) {
	vs := map[string]PacketVariant{}
	for _, v := range PacketVariants() {
		vs[v.Key] = v
	}
	o := Options{Cases: []string{"ipmasq-nft"}}
	for key, want := range map[string]bool{"none": true, "ipmasq-nft": true, "ip-masq-agent": false, "chain-nft": false} {
		if got := o.wantsVariant(vs[key]); got != want {
			t.Errorf("-cases ipmasq-nft: %s wanted %v, want %v", key, got, want)
		}
	}
	if o := (Options{Cases: []string{"ip-masq-agent"}}); !o.wantsVariant(vs["ip-masq-agent"]) || o.wantsVariant(vs["ipmasq-ipt"]) {
		t.Error("-cases ip-masq-agent must select that variant only")
	}
	if !(&Options{}).wantsVariant(vs["ip-masq-agent"]) {
		t.Error("no -cases must select every variant")
	}
}

func TestUntagScript(t *testing.T) {
	save := `*nat
:PREROUTING ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:DKBENCH-VM - [0:0]
:DIKTYO-MASQ-0123456789abcdef - [0:0]
:OTHER - [0:0]
-A POSTROUTING -m comment --comment diktyo-ipmasq -j DKBENCH-VM
-A POSTROUTING -j OTHER
-A DKBENCH-VM -s 198.18.210.5/32 -m comment --comment "x y" -g DIKTYO-MASQ-0123456789abcdef
-A DIKTYO-MASQ-0123456789abcdef -d 198.19.0.0/16 -p udp -j SNAT --to-source 198.19.255.10
-A OTHER -j RETURN
COMMIT
`
	got := untagScript(save, benchVMTag)
	want := `*nat
-D POSTROUTING -m comment --comment diktyo-ipmasq -j DKBENCH-VM
-F DKBENCH-VM
-F DIKTYO-MASQ-0123456789abcdef
-X DKBENCH-VM
-X DIKTYO-MASQ-0123456789abcdef
COMMIT
`
	if got != want {
		t.Fatalf("untagScript:\n%s\nwant:\n%s", got, want)
	}
	if untagScript("*nat\n:OTHER - [0:0]\n-A OTHER -j RETURN\nCOMMIT\n", benchVMTag) != "" {
		t.Fatal("no tag chain must give an empty script")
	}
}

// TestTargets checks pass, FAIL, indicative and skipped from synthetic
// results.
func TestTargets(t *testing.T) {
	sum := func(m float64) Summary { return Summary{N: 30, Median: ms(m), P10: ms(m), P90: ms(m), P99: ms(m)} }
	r := &Results{
		PerPod: []PerPodRow{{Key: "portmap", AddDel: sum(100)}, {Key: "ipmasq-ipt", AddDel: sum(20)}, {Key: "ipmasq-nft", AddDel: sum(120)}},
		Unrelated: []ScaleRow{
			{Key: "ipmasq-ipt", Size: 0, Add: sum(10)}, {Key: "ipmasq-ipt", Size: 10000, Add: sum(12)},
			{Key: "ipmasq-nft", Size: 0, Add: sum(10)}, {Key: "ipmasq-nft", Size: 10000, Add: sum(14)},
		},
		Pods: []ScaleRow{{Key: "iproute", Size: 10, Add: sum(10)}, {Key: "iproute", Size: 100, Add: sum(11)}},
		Packet: []PacketRow{
			{Key: "ipmasq-nft", Pods: 1, NewFlowBurst: sum(0.010)}, {Key: "ipmasq-nft", Pods: 1000, NewFlowBurst: sum(0.0105)},
			{Key: "chain-nft", Pods: 1, NewFlowBurst: sum(0.010)}, {Key: "chain-nft", Pods: 1000, NewFlowBurst: sum(0.030)},
		},
		Daemon: []DaemonResult{{Mode: "in-process", HandlerWith: Summary{N: 200, Median: ms(10), P99: ms(30)}}},
	}
	got := map[string]string{}
	for _, tg := range Targets(r) {
		got[tg.Goal] = tg.Result
	}
	want := map[string]string{
		"ipmasq-ipt ADD+DEL below Debian's portmap":                               "pass",
		"ipmasq-nft ADD+DEL below Debian's portmap":                               "FAIL",
		"ipmasq-ipt: ADD with 10,000 unrelated nat rules within 1.3x of 0":        "pass",
		"ipmasq-nft: ADD with 10,000 unrelated nat rules within 1.3x of 0":        "FAIL",
		"chain-ipt: ADD with 10,000 unrelated nat rules within 1.3x of 0":         "skipped: not measured",
		"iproute: ADD at 1,000 pods within 1.3x of at 10":                         "indicative",
		"ipmasq-nft: new-flow per-packet cost at 1,000 pods within 1.1x of 1 pod": "pass",
		"chain-nft: new-flow per-packet cost at 1,000 pods within 1.1x of 1 pod":  "FAIL",
		"NRI handler p99 < 25 ms (full chain)":                                    "FAIL",
		"median `crictl runp` overhead < 15 ms":                                   "skipped: section 4 did not run",
	}
	for goal, res := range want {
		if got[goal] != res {
			t.Errorf("%s: %q, want %q", goal, got[goal], res)
		}
	}
	var md bytes.Buffer
	if err := Report(&md, r, t.TempDir(), "img"); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"## At a glance", "| ipmasq-nft ADD+DEL below Debian's portmap | 120.00 ms vs 100.00 ms (1.20x) | FAIL |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("report lacks %q", s)
		}
	}
}

// TestUntagScriptAgainstIPTables applies the script to a real nat table
// in a throwaway namespace.
func TestUntagScriptAgainstIPTables(t *testing.T) {
	n := testutil.NewNS(t)
	setup := `*nat
:DKBENCH-VM - [0:0]
:DKT-0123456789abcdef - [0:0]
:OTHER - [0:0]
-A POSTROUTING -m comment --comment diktyo-ipmasq -j DKBENCH-VM
-A POSTROUTING -j OTHER
-A DKBENCH-VM -s 198.18.210.5/32 -m comment --comment "x y" -g DKT-0123456789abcdef
-A DKT-0123456789abcdef -d 198.19.0.0/16 -p udp -j SNAT --to-source 198.19.255.10
COMMIT
`
	restore := func(script string) {
		t.Helper()
		err := n.Do(func(ns.NetNS) error {
			cmd := exec.Command("iptables-restore", "--noflush")
			cmd.Stdin = strings.NewReader(script)
			out, err := cmd.CombinedOutput()
			if err != nil {
				return fmt.Errorf("%w: %s", err, out)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("iptables-restore:\n%s\n%v", script, err)
		}
	}
	restore(setup)
	script := untagScript(testutil.Run(t, n, "iptables-save", "-t", "nat"), benchVMTag)
	restore(script)
	after := testutil.Run(t, n, "iptables-save", "-t", "nat")
	if strings.Contains(after, "DKBENCH-VM") || strings.Contains(after, "DKT-") || !strings.Contains(after, "-A POSTROUTING -j OTHER") {
		t.Fatalf("after the script:\n%s", after)
	}
}

// synthetic is a run with every section filled, shaped like a full run
// (three node sizes, a case missing at the largest one, µs-scale packet
// figures), for the report and plot tests.
func synthetic() *Results {
	spread := func(m float64) Summary {
		return Summary{N: 30, Median: ms(m), P10: ms(m * 0.85), P90: ms(m * 1.2), P99: ms(m * 1.4)}
	}
	r := &Results{
		Mode: "full", Elapsed: 6 * time.Minute,
		Meta: Meta{Date: "2026-01-01 00:00 UTC", CPUs: 2, CPUModel: "Test CPU", MemTotal: "1 kB", LoadAvg: "0.10 0.20 0.30 1/2 3",
			Versions: map[string]string{"kernel": "6.0", "iptables": "iptables v1.8.9 (nf_tables)"}},
		Durations:     []SectionTime{{SecPerPod, 20 * time.Second}, {SecPacket, 90 * time.Second}},
		PacketSamples: 100,
		Skipped:       []Skip{{SecPods, "portmap (Debian, reference) at 1000 pods: capped at 100"}},
	}
	for i, k := range []string{"noop", "noop-chain3", "portmap", "bridge", "bridge-masq", "ipmasq-ipt", "ipmasq-nft", "chain-nft"} {
		m := float64(5 + 20*i)
		r.PerPod = append(r.PerPod, PerPodRow{Key: k, Name: k + " (name)", Note: "note", Add: spread(m / 2), Del: spread(m / 2), AddDel: spread(m),
			PerPod: State{IPTRules: i}, Left: State{NFTRules: 1}})
	}
	for i, k := range []string{"portmap", "bridge-masq", "ipmasq-ipt", "ipmasq-nft", "chain-ipt", "chain-nft", "chain-nft-fwmark", "iproute", "dns-hosts"} {
		base := float64(4 + 9*i)
		for j, size := range []int{0, 1000, 10000} {
			r.Unrelated = append(r.Unrelated, ScaleRow{Key: k, Name: k + " (name)", Size: size, Add: spread(base * (1 + float64(j*j)/(1+float64(i)))), Fill: time.Second})
		}
		for j, size := range []int{10, 100, 1000} {
			if k == "portmap" && size == 1000 {
				continue
			}
			r.Pods = append(r.Pods, ScaleRow{Key: k, Name: k + " (name)", Size: size, Add: spread(base * (1 + 0.2*float64(j))), Fill: time.Second})
		}
	}
	us := func(v float64) Summary { return spread(v / 1000) }
	r.Packet = append(r.Packet, PacketRow{Key: "none", Variant: "no policy", Pods: 1, NewFlow: us(60), Established: us(55), NewFlowBurst: us(9), EstablishedBurst: us(8.5)})
	for i, k := range []string{"ipmasq-ipt", "ipmasq-nft", "chain-nft", "chain-nft-fwmark"} {
		for j, pods := range []int{1, 100, 1000} {
			grow := 1 + float64(i*j*j)/3
			r.Packet = append(r.Packet, PacketRow{Key: k, Variant: k + " (variant)", Pods: pods,
				NewFlow: us(66 * grow), Established: us(57 * grow), NewFlowBurst: us(12 * grow), EstablishedBurst: us(10 * grow),
				NewFlowBurstSamples: samplesAround(int64(300+j), 12*grow/1000)})
		}
	}
	for i, k := range []string{FloorExec, FloorIPT, FloorNFT, FloorRuleAdd, FloorRuleDel, FloorTSIG, FloorFile} {
		m := []float64{2, 5, 0.15, 0.01, 0.01, 2.5, 2}[i]
		r.Floor = append(r.Floor, FloorRow{Key: k, Name: k + " (name)", How: "how | piped", Time: spread(m), Samples: samplesAround(int64(i), m)})
	}
	// Samples behind the per-pod rows the headline ratios use.
	for i := range r.PerPod {
		row := &r.PerPod[i]
		row.AddSamples = samplesAround(int64(100+i), float64(row.Add.Median)/float64(time.Millisecond))
		row.AddDelSamples = samplesAround(int64(200+i), float64(row.AddDel.Median)/float64(time.Millisecond))
	}
	r.Containerd = &ContainerdResult{RunpWithout: spread(93), RunpWith: spread(103), RunpPlain: spread(91),
		HandlerP50: ms(6.3), HandlerP99: ms(8), HandlerN: 30, Notes: []string{"a note"},
		Create: &CreateLoad{Concurrency: 32, Backend: ArmIPTables, Idle: spread(40), Diktyo: spread(400), Plain: spread(120)}}
	for _, c := range []int{1, 8, 32} {
		for i, arm := range []string{ArmNone, ArmNFTables, ArmIPTables} {
			row := LoadRow{Arm: arm, Concurrency: c, Runp: spread(float64(90 * c)), Stopp: spread(float64(20 * c)), Wall: 12 * time.Second}
			if i > 0 {
				row.Handler = spread(25)
			}
			r.Containerd.Load = append(r.Containerd.Load, row)
		}
	}
	for _, mode := range []string{"in-process", "exec"} {
		r.Daemon = append(r.Daemon, DaemonResult{Mode: mode, Backend: "iptables", HandlerWith: spread(5), HandlerWithout: spread(0.3),
			ReconcilePods: 200, Reconcile: spread(1200), ReconcileWall: spread(1210),
			RSS: []RSSPoint{{0, 15 << 20}, {1000, 23 << 20}}})
	}
	return r
}

// samplesAround is 30 samples spread ±20% around m ms, with median m.
func samplesAround(seed int64, m float64) []time.Duration {
	out := make([]time.Duration, 30)
	for i := range out {
		// A fixed permutation of an even grid: no randomness needed.
		j := (i*7 + int(seed)) % 30
		out[i] = ms(m * (0.8 + 0.4*float64(j)/29))
	}
	return out
}

// TestFloorReport renders section 0 and the floor ratios from synthetic
// results, and a run without section 0 (no floor column, no line).
func TestFloorReport(t *testing.T) {
	var md bytes.Buffer
	if err := Report(&md, synthetic(), t.TempDir(), "img"); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, want := range []string{
		"## 0. Floors\n",
		"| primitive | how | median (p10–p90) | N | floor of |\n",
		"| exec (name) | how \\| piped | 2.00 ms (1.70 ms–2.40 ms) | 30 | every exec'd plugin",
		"| NRI RunPodSandbox round trip, pod without policy | measured in section 5 (in-process)",
		"| ADD+DEL vs Debian's portmap | ADD vs its floor |\n",
		"- ADD against its floor, the primitives it cannot do without (section 0).",
		"\n  - ipmasq-ipt (name): ADD 52.50 ms, 7.50x [",
		"its floor (exec + iptables-restore: 7.00 ms).\n",
		"noop, exec'd through libcni, is already ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if i, j := strings.Index(out, "## 0. Floors"), strings.Index(out, "## 1. Per-pod"); i < 0 || j < i {
		t.Errorf("section 0 must come before section 1")
	}
	// Intervals on the Targets table's ratios: portmap's, and the
	// per-packet target's p10 and median ratios.
	for _, want := range []string{"| ipmasq-ipt ADD+DEL below Debian's portmap | 105.00 ms vs 45.00 ms (2.33x [",
		"| ipmasq-nft: new-flow per-packet cost at 1,000 pods within 1.1x of 1 pod | p10 23.8 µs at 1,000 vs 10.2 µs at 1 (2.33x [", "; median 28.0 µs vs 12.0 µs (2.33x ["} {
		if !strings.Contains(out, want) {
			t.Errorf("Targets lack %q", want)
		}
	}

	r := synthetic()
	r.Floor, r.Daemon = nil, nil
	md.Reset()
	if err := Report(&md, r, t.TempDir(), "img"); err != nil {
		t.Fatal(err)
	}
	out = md.String()
	if !strings.Contains(out, "## 0. Floors\n\nNot measured in this run.") {
		t.Errorf("without section 0: no \"not measured\"")
	}
	for _, not := range []string{"ADD vs its floor", "ADD against its floor"} {
		if strings.Contains(out, not) {
			t.Errorf("without section 0 the report still says %q", not)
		}
	}
}

// ReadWellFormedXML returns the file at path, failing the test unless it
// is well-formed XML. Exported for the external tests of this package.
func ReadWellFormedXML(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return b
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
	}
}

// TestQuietEnough: figures are published only from a machine that was
// quiet at the start and stayed quiet (the 15-minute load at the end).
func TestQuietEnough(t *testing.T) {
	for _, c := range []struct {
		start, end string
		quiet      bool
	}{
		{"0.19 0.30 0.40 1/200 9", "0.50 0.60 0.70 1/200 9", true},
		{"1.64 0.30 0.40 1/200 9", "0.50 0.60 0.70 1/200 9", false}, // busy at the start
		{"0.19 0.30 0.40 1/200 9", "0.50 0.60 1.70 1/200 9", false}, // busy during the run
		{"0.19 0.30 0.40 1/200 9", "", true},                        // an older result: no end figure
	} {
		quiet, why := QuietEnough(Meta{CPUs: 2, LoadAvg: c.start, LoadAvgEnd: c.end})
		if quiet != c.quiet || (!quiet && why == "") {
			t.Errorf("start %q end %q: quiet %v (%s), want %v", c.start, c.end, quiet, why, c.quiet)
		}
	}
	// With others' CPU sampled, the run's own load at the end (a 15-minute
	// average of 1.7 on 2 CPUs) does not count; others' use does.
	for _, c := range []struct {
		foreign time.Duration
		quiet   bool
	}{{30 * time.Second, true}, {5 * time.Minute, false}} {
		m := Meta{CPUs: 2, LoadAvg: "0.19 0.30 0.40 1/200 9", LoadAvgEnd: "1.10 1.50 1.70 1/200 9",
			ForeignCPU: c.foreign, ForeignWall: 40 * time.Minute, ForeignTop: "go 9m"}
		if quiet, why := QuietEnough(m); quiet != c.quiet || (!quiet && !strings.Contains(why, "go 9m")) {
			t.Errorf("others used %v in 40m: quiet %v (%s), want %v", c.foreign, quiet, why, c.quiet)
		}
	}
	// A short job: little on average, a busy minute.
	m := Meta{CPUs: 2, LoadAvg: "0.19 0.30 0.40 1/200 9", ForeignCPU: 90 * time.Second, ForeignWall: 40 * time.Minute, ForeignPeak: 1.4, ForeignTop: "go 1m"}
	if quiet, why := QuietEnough(m); quiet || !strings.Contains(why, "one minute") {
		t.Errorf("a busy minute of others: quiet %v (%s), want busy", quiet, why)
	}
}

func TestParseGoBench(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkAdmitHeld/grants=1000-2         	   20000	     11712 ns/op
BenchmarkAdmitHeld/grants=1000-2         	   20000	     12010 ns/op
BenchmarkAddressUsers/drain=1000-2       	       1	  16700000 ns/op	     16700 ns/del
PASS
`)
	got := parseGoBench(out, "ns/op")
	if s := got["BenchmarkAdmitHeld/grants=1000"]; len(s) != 2 || s[0] != 11712 || s[1] != 12010 {
		t.Fatalf("ns/op of AdmitHeld = %v", s)
	}
	del := parseGoBench(out, "ns/del")
	if s := del["BenchmarkAddressUsers/drain=1000"]; len(s) != 1 || s[0] != 16700 {
		t.Fatalf("ns/del of the drain = %v", del)
	}
	if len(del) != 1 {
		t.Fatalf("lines without the metric were kept: %v", del)
	}
}

// TestForeignSampler: CPU that a process outside the run's tree burns
// is counted (here a busy loop reparented away from the test by a double
// fork), and not when its command line names the run; the test's own
// children never count. The loop runs as a shell under a name of its
// own, so that other processes of the machine (a parallel test's API
// server) do not blur what is checked.
func TestForeignSampler(t *testing.T) {
	dir := t.TempDir()
	comm := "dkspin" + testutil.RandSuffix(6)
	shell, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shell, filepath.Join(dir, comm)); err != nil {
		t.Fatal(err)
	}
	loop := filepath.Join(dir, comm) + " -c 'while :; do :; done' "
	measure := func(cmdline, runMark string, own bool) time.Duration {
		s := startForeignSamplerEvery([]string{runMark}, 200*time.Millisecond)
		if own {
			_ = exec.Command("timeout", "1.5", "sh", "-c", loop).Run()
		} else {
			// The outer sh exits at once: the loop's parent becomes init
			// (or a subreaper), outside the test's tree.
			if err := exec.Command("sh", "-c", "(timeout 1.5 "+cmdline+" >/dev/null 2>&1 &)").Run(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1800 * time.Millisecond)
		}
		cpu, _, top, _ := s.Stop()
		s.mu.Lock()
		defer s.mu.Unlock()
		t.Logf("foreign CPU %v (%s)", cpu, top)
		return ticksDur(s.top[comm])
	}
	// What the loop gets of a core depends on the machine's load (460 ms
	// of its 1.5 s beside make stress's busy loops and a build); the
	// check is that it is counted at all, well above a sample's noise.
	if cpu := measure(loop, "dktb-not-this", false); cpu < 100*time.Millisecond {
		t.Errorf("a foreign busy loop of 1.5 s counted %v", cpu)
	}
	mark := "dktb-run-" + testutil.RandSuffix(6)
	if cpu := measure(loop+mark, mark, false); cpu > 0 {
		t.Errorf("a loop naming the run counted %v, want 0", cpu)
	}
	// Killed at the end, the loop may outlive its timeout parent for a
	// moment: at most one sample's worth may show.
	if cpu := measure(loop, "dktb-not-this", true); cpu > 300*time.Millisecond {
		t.Errorf("the test's own busy child counted %v, want ~0", cpu)
	}
}
