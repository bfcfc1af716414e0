package bench

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	nriapi "github.com/containerd/nri/pkg/api"
	"github.com/vishvananda/netlink"
	"golang.org/x/sys/unix"
)

// The busy-conntrack comparison (section 5): a pod's ADD and DEL on a
// node whose conntrack table holds ctBusyEntries unrelated entries, and
// on the same node with none. ipmasq removes a pod's stale flows on ADD
// and its flows on DEL; a node in production has hundreds of thousands
// of entries, the harness's nodes almost none.
//
// The kernel's conntrack hash table is shared by every namespace (each
// walk visits every bucket, whoever's entries are in it), so the two
// conditions cannot run side by side: blocks alternate, the entries
// loaded before a busy block and flushed after it.

// ctBusyEntries is the busy node's entry count (full and quick modes).
const ctBusyEntries = 200_000

// ConntrackResult compares a pod's round trips on a node with Entries
// unrelated conntrack entries (Busy) and with none (Empty).
type ConntrackResult struct {
	Entries int           `json:"entries"`
	Empty   ConntrackCond `json:"empty"`
	Busy    ConntrackCond `json:"busy"`
	// Load is how long loading the entries took, per block.
	Load Summary `json:"load"`
	// StopStages: where the empty condition's StopPodSandbox went
	// (diktyo-nri's "policy removed" stages).
	StopStages []StageSummary `json:"stopStages,omitempty"`
	Notes      []string       `json:"notes,omitempty"`
}

// ConntrackCond is one condition's round trips: RunPodSandbox, the
// pod's first CreateContainer after it (which waits for the ADD's
// deferred conntrack cleanup: until then the pod's applications cannot
// start), and StopPodSandbox (the DEL, its conntrack cleanup included).
type ConntrackCond struct {
	Run          Summary         `json:"run"`
	Create       Summary         `json:"create"`
	Stop         Summary         `json:"stop"`
	RunSamples   []time.Duration `json:"runSamples,omitempty"`
	StopSamples  []time.Duration `json:"stopSamples,omitempty"`
	ReadySamples []time.Duration `json:"readySamples,omitempty"`
	// Ready is Run + Create per pod: until the pod's first container.
	Ready Summary `json:"ready"`
}

type ctSamples struct {
	run, create, stop, ready []time.Duration
	stages                   stageTimes
}

func (s *ctSamples) cond() ConntrackCond {
	return ConntrackCond{
		Run: Summarize(s.run), Create: Summarize(s.create), Stop: Summarize(s.stop), Ready: Summarize(s.ready),
		RunSamples: s.run, StopSamples: s.stop, ReadySamples: s.ready,
	}
}

// runConntrack measures both conditions with the chain deploy/ ships,
// in-process, blocks of PerRound pods alternating for Rounds rounds.
func (h *Harness) runConntrack(ctx context.Context) error {
	entries := ctBusyEntries
	if h.Opts.Mode == "tiny" {
		entries = 20_000
	}
	w, err := h.newNRIWorld("nftables", true)
	if err != nil {
		return err
	}
	d, err := w.startReady(ctx)
	if err != nil {
		return fmt.Errorf("conntrack: %w", err)
	}
	defer h.Env.Stop(d.cmd)
	defer func() { _ = w.node.flushConntrack() }()
	var empty, busy ctSamples
	var loads []time.Duration
	perBlock := max(2, h.Opts.PerRound)
	for r := range max(2, h.Opts.Rounds) {
		for j := range 2 {
			loaded := (r+j)%2 == 1
			into := &empty
			if loaded {
				into = &busy
				t := time.Now()
				if err := w.node.loadConntrack(entries); err != nil {
					return fmt.Errorf("conntrack: loading %d entries: %w", entries, err)
				}
				loads = append(loads, time.Since(t))
			}
			for range perBlock {
				if err := w.ctPod(ctx, d, into); err != nil {
					return fmt.Errorf("conntrack (%d entries loaded: %t): %w", entries, loaded, err)
				}
			}
			if loaded {
				if err := w.node.flushConntrack(); err != nil {
					return fmt.Errorf("conntrack: flushing: %w", err)
				}
			}
		}
	}
	h.Res.Conntrack = &ConntrackResult{Entries: entries, Empty: empty.cond(), Busy: busy.cond(), Load: Summarize(loads), StopStages: empty.stages.summaries()}
	return nil
}

// ctPod runs one annotated pod through RunPodSandbox, its first
// CreateContainer and StopPodSandbox, timing each; RemovePodSandbox is
// untimed.
func (w *nriWorld) ctPod(ctx context.Context, d *daemon, s *ctSamples) error {
	p, err := w.pod(true)
	if err != nil {
		return err
	}
	run, err := w.run(ctx, p)
	if err != nil {
		return fmt.Errorf("RunPodSandbox %s: %w", p.Name, err)
	}
	t := time.Now()
	_, err = w.runtime.CreateContainer(ctx, &adaptation.CreateContainerRequest{
		Pod: p, Container: &nriapi.Container{Id: "ctr-" + p.Id, PodSandboxId: p.Id, Name: "app"}})
	create := time.Since(t)
	if err != nil {
		return fmt.Errorf("CreateContainer in %s: %w", p.Name, err)
	}
	from := d.count()
	t = time.Now()
	err = w.runtime.StopPodSandbox(ctx, &adaptation.StopPodSandboxRequest{Pod: p})
	stop := time.Since(t)
	if err != nil {
		return fmt.Errorf("StopPodSandbox %s: %w", p.Name, err)
	}
	l, _, err := d.waitLog(ctx, from, 10*time.Second, func(l logLine) bool {
		return l.msg == "policy removed" && l.attr["pod.id"] == p.Id
	})
	if err != nil {
		return fmt.Errorf("StopPodSandbox %s: %w", p.Name, err)
	}
	s.stages.record(l, stop)
	if err := w.runtime.RemovePodSandbox(ctx, &adaptation.RemovePodSandboxRequest{Pod: p}); err != nil {
		return fmt.Errorf("RemovePodSandbox %s: %w", p.Name, err)
	}
	w.mu.Lock()
	delete(w.pods, p.Id)
	w.mu.Unlock()
	s.run, s.create, s.stop = append(s.run, run), append(s.create, create), append(s.stop, stop)
	s.ready = append(s.ready, run+create)
	return nil
}

// loadConntrack creates n UDP entries in the node's namespace, none of a
// pod's: sources in 198.19.128.0/17 to 198.19.255.1:53 (nothing is sent;
// the entries are made over ctnetlink), each with a 10-minute timeout.
func (n *Node) loadConntrack(count int) error {
	return n.Do(func() error {
		h, err := netlink.NewHandle(unix.NETLINK_NETFILTER)
		if err != nil {
			return err
		}
		defer h.Close()
		dst := net.IPv4(198, 19, 255, 1).To4()
		for i := range count {
			a := 128<<8 | i%(1<<15)
			f := &netlink.ConntrackFlow{FamilyType: unix.AF_INET, TimeOut: 600}
			f.Forward = netlink.IPTuple{
				Protocol: unix.IPPROTO_UDP, SrcIP: net.IPv4(198, 19, byte(a>>8), byte(a)).To4(), DstIP: dst,
				SrcPort: uint16(10000 + i>>15), DstPort: 53,
			}
			f.Reverse = netlink.IPTuple{
				Protocol: unix.IPPROTO_UDP, SrcIP: dst, DstIP: f.Forward.SrcIP,
				SrcPort: 53, DstPort: f.Forward.SrcPort,
			}
			if err := h.ConntrackCreate(netlink.ConntrackTable, unix.AF_INET, f); err != nil {
				return fmt.Errorf("entry %d: %w", i, err)
			}
		}
		return nil
	})
}

// flushConntrack removes every conntrack entry of the node's namespace
// (only the harness's own: the namespace is the run's).
func (n *Node) flushConntrack() error {
	return n.Do(func() error {
		return netlink.ConntrackTableFlush(netlink.ConntrackTable)
	})
}
