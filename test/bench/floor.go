package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/miekg/dns"
	"github.com/vishvananda/netlink"
	"github.com/vishvananda/netns"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/internal/nft"
)

// Section 0 measures, interleaved like every comparison, the irreducible
// cost of each primitive diktyo's hot paths are made of: a plugin's
// figure means little until it is set against what no implementation of
// the same job can avoid paying.

// Floor keys, in the order of the report's table.
const (
	FloorExec    = "exec"
	FloorIPT     = "iptables-restore"
	FloorNFT     = "nft-batch"
	FloorRuleAdd = "rule-add"
	FloorRuleDel = "rule-del"
	FloorTSIG    = "tsig-update"
	FloorFile    = "write-fsync-rename"
)

// floorTable and floorSet hold the nft floor's element, in the floor
// node only.
const (
	floorTable = "dktb-floor"
	floorSet   = "floor"
)

// floorProbe is one primitive: once performs it and returns the timed
// part (undoing it, untimed, so every sample starts from the same state).
type floorProbe struct {
	row  FloorRow
	once func() (time.Duration, error)
}

// runFloor is section 0. A primitive whose tool is missing is skipped
// with its reason; the others still run.
func (h *Harness) runFloor(ctx context.Context) error {
	node, err := h.Env.NewNode("floor", h.paths(Case{}))
	if err != nil {
		return err
	}
	var probes []*floorProbe
	for _, setup := range []func(*Node) ([]*floorProbe, error){
		h.execFloor, iptFloor, nftFloor, ruleFloors, tsigFloor, fileFloor,
	} {
		ps, err := setup(node)
		if err != nil {
			h.Res.skip(SecFloor, err.Error())
			continue
		}
		probes = append(probes, ps...)
	}
	if len(probes) == 0 {
		h.Res.skip(SecFloor, "no primitive can run")
		return nil
	}
	// One untimed pass: binaries into the page cache, tables created.
	for _, p := range probes {
		if _, err := p.once(); err != nil {
			return fmt.Errorf("%s (warm-up): %w", p.row.Key, err)
		}
	}
	if err := h.interleaveFloors(ctx, probes); err != nil {
		return err
	}
	for _, p := range probes {
		p.row.Time = Summarize(p.row.Samples)
		h.Res.Floor = append(h.Res.Floor, p.row)
	}
	return nil
}

// interleaveFloors runs FloorRounds rounds of FloorPerRound samples per
// primitive, rotating the order each round.
func (h *Harness) interleaveFloors(ctx context.Context, probes []*floorProbe) error {
	for r := range h.Opts.FloorRounds {
		for j := range probes {
			p := probes[(j+r)%len(probes)]
			for range h.Opts.FloorPerRound {
				if err := ctx.Err(); err != nil {
					return err
				}
				d, err := p.once()
				if err != nil {
					return fmt.Errorf("%s: %w", p.row.Key, err)
				}
				p.row.Samples = append(p.row.Samples, d)
			}
		}
	}
	return nil
}

// timedIn runs timed, then after (untimed, may be nil), on a thread in
// n: the namespace switch is outside the figure.
func timedIn(n *Netns, timed, after func() error) (time.Duration, error) {
	var d time.Duration
	err := n.Do(func() error {
		t0 := time.Now()
		err := timed()
		d = time.Since(t0)
		if err != nil || after == nil {
			return err
		}
		return after()
	})
	return d, err
}

// execFloor builds a static Go program whose main returns at once and
// times its exec: what starting any of diktyo's (Go, static) plugin
// binaries costs before it does anything.
func (h *Harness) execFloor(n *Node) ([]*floorProbe, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("exec floor: go toolchain not found to build the empty program: %w", err)
	}
	dir := filepath.Join(h.Env.Dir, "floor-exec")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("exec floor: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return nil, fmt.Errorf("exec floor: %w", err)
	}
	bin := filepath.Join(dir, "nothing")
	build := exec.Command(goBin, "build", "-trimpath", "-o", bin, "main.go")
	build.Dir = dir
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=", "GO111MODULE=off")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("exec floor: building the empty program: %w: %s", err, out)
	}
	return []*floorProbe{{
		row: FloorRow{Key: FloorExec, Name: "exec of a static binary that does nothing",
			How: "a Go program with an empty main, built with CGO_ENABLED=0 at setup; os/exec Run, as libcni execs a plugin"},
		once: func() (time.Duration, error) {
			return timedIn(n.Netns, exec.Command(bin).Run, nil)
		},
	}}, nil
}

// lookTool finds a program in PATH or /usr/sbin (root's tools when the
// harness runs with a user's PATH).
func lookTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	p := filepath.Join("/usr/sbin", name)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s not installed", name)
	}
	return p, nil
}

// iptFloor is an empty nat commit, with the flags ipmasq's iptables
// backend passes: what one restore costs before any rule is in it.
func iptFloor(n *Node) ([]*floorProbe, error) {
	bin, err := lookTool("iptables-restore")
	if err != nil {
		return nil, fmt.Errorf("iptables-restore floor: %w", err)
	}
	return []*floorProbe{{
		row: FloorRow{Key: FloorIPT, Name: "empty `iptables-restore --noflush` commit (nat)",
			How: "exec of iptables-restore -w 5 --noflush with `*nat`/`COMMIT` on stdin"},
		once: func() (time.Duration, error) {
			return timedIn(n.Netns, func() error {
				cmd := exec.Command(bin, "-w", "5", "--noflush")
				cmd.Stdin = strings.NewReader("*nat\nCOMMIT\n")
				if out, err := cmd.CombinedOutput(); err != nil {
					return fmt.Errorf("%w: %s", err, out)
				}
				return nil
			}, nil)
		},
	}}, nil
}

// nftFloor is the smallest transaction the kernel commits with content:
// one element added to a set, through the same netlink layer ipmasq's
// nftables backend uses (socket opened and closed per transaction, as a
// plugin does).
func nftFloor(n *Node) ([]*floorProbe, error) {
	setup := nft.NewBatch(floorTable)
	setup.AddTable()
	setup.AddSet(&nft.Set{Name: floorSet, Fields: []byte{unix.NFPROTO_IPV4}, ID: 1})
	if err := n.Do(func() error { return applyNFT(setup) }); err != nil {
		return nil, fmt.Errorf("nft floor: creating its table: %w", err)
	}
	elem := &nft.Element{Set: floorSet, Key: []netip.Addr{slotAddr}}
	add, del := nft.NewBatch(floorTable), nft.NewBatch(floorTable)
	add.AddElement(elem)
	del.DelElement(elem)
	return []*floorProbe{{
		row: FloorRow{Key: FloorNFT, Name: "smallest nftables batch (one set element)",
			How: "internal/nft: open a netlink socket, one transaction adding one element to a set, close (the delete after it is untimed)"},
		once: func() (time.Duration, error) {
			return timedIn(n.Netns, func() error { return applyNFT(add) }, func() error { return applyNFT(del) })
		},
	}}, nil
}

// applyNFT applies b in the calling thread's namespace on a socket of
// its own.
func applyNFT(b *nft.Batch) error {
	c, err := nft.Open("")
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Apply(b); err != nil {
		return fmt.Errorf("nftables batch: %w", err)
	}
	return nil
}

// ruleFloors are one policy rule added, and one deleted, by netlink on a
// handle kept open (as iproute keeps one per invocation).
func ruleFloors(n *Node) ([]*floorProbe, error) {
	target, err := netns.GetFromPath(n.Path)
	if err != nil {
		return nil, fmt.Errorf("rule floor: %w", err)
	}
	defer target.Close()
	nh, err := netlink.NewHandleAt(target)
	if err != nil {
		return nil, fmt.Errorf("rule floor: netlink handle in %s: %w", n.Name, err)
	}
	n.env.OnClose(nh.Close)
	rule := netlink.NewRule()
	rule.Src = &net.IPNet{IP: slotAddr.AsSlice(), Mask: net.CIDRMask(32, 32)}
	rule.Table, rule.Priority = 100, 1000
	add := func() error { return wrap("ip rule add", nh.RuleAdd(rule)) }
	del := func() error { return wrap("ip rule del", nh.RuleDel(rule)) }
	timed := func(what func() error) (time.Duration, error) {
		t0 := time.Now()
		err := what()
		return time.Since(t0), err
	}
	return []*floorProbe{
		{
			row: FloorRow{Key: FloorRuleAdd, Name: "one `ip rule` add (netlink)",
				How: "vishvananda/netlink RuleAdd of from 198.18.0.2/32 lookup 100 (the delete after it is untimed)"},
			once: func() (time.Duration, error) {
				d, err := timed(add)
				if err != nil {
					return d, err
				}
				return d, del()
			},
		},
		{
			row: FloorRow{Key: FloorRuleDel, Name: "one `ip rule` delete (netlink)",
				How: "RuleDel of the same rule, added untimed before"},
			once: func() (time.Duration, error) {
				if err := add(); err != nil {
					return 0, err
				}
				return timed(del)
			},
		},
	}, nil
}

func wrap(what string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// tsigFloor is one TSIG-signed RFC 2136 update with one A record, over
// TCP (registerDNS's default transport) to the BIND9 the harness runs on
// the floor node: a new connection, the signed update, the signed reply.
func tsigFloor(n *Node) ([]*floorProbe, error) {
	srv, err := n.DNS()
	if err != nil {
		return nil, fmt.Errorf("TSIG update floor: %w", err)
	}
	c := &dns.Client{Net: "tcp", Timeout: 5 * time.Second, TsigSecret: map[string]string{tsigName: srv.secret}}
	seq := 0
	return []*floorProbe{{
		row: FloorRow{Key: FloorTSIG, Name: "one TSIG-signed RFC 2136 update (BIND9)",
			How: "miekg/dns over TCP: one A record, hmac-sha256 (removing it after is untimed)"},
		once: func() (time.Duration, error) {
			seq++
			rr := &dns.A{Hdr: dns.RR_Header{Name: fmt.Sprintf("floor-%d.%s.", seq, benchZone), Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 30},
				A: slotAddr.AsSlice()}
			return timedIn(n.Netns,
				func() error { return update(c, func(m *dns.Msg) { m.Insert([]dns.RR{rr}) }) },
				func() error { return update(c, func(m *dns.Msg) { m.RemoveRRset([]dns.RR{rr}) }) })
		},
	}}, nil
}

// update sends one signed update to the floor node's named.
func update(c *dns.Client, fill func(*dns.Msg)) error {
	m := new(dns.Msg)
	m.SetUpdate(benchZone + ".")
	fill(m)
	m.SetTsig(tsigName, dns.HmacSHA256, 300, time.Now().Unix())
	r, _, err := c.Exchange(m, namedAddr)
	if err != nil {
		return fmt.Errorf("dns update: %w", err)
	}
	if r.Rcode != dns.RcodeSuccess {
		return fmt.Errorf("dns update: %s", dns.RcodeToString[r.Rcode])
	}
	return nil
}

// fileFloor replaces a small file durably as the hosts backend does: a
// temporary file written and fsynced, renamed over the old one, the
// directory fsynced.
func fileFloor(n *Node) ([]*floorProbe, error) {
	dir := filepath.Join(n.Dir, "floor-file")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("file floor: %w", err)
	}
	// About what a hosts file with a handful of pods holds.
	data := []byte(strings.Repeat("198.18.1.1\tpod-00001.bench.bench.test\n", 8))
	path := filepath.Join(dir, "hosts")
	return []*floorProbe{{
		row: FloorRow{Key: FloorFile, Name: "write + fsync + rename of a small file",
			How: fmt.Sprintf("%d bytes to a temporary file, fsync, rename over the target, fsync of the directory, on the harness's scratch directory", len(data))},
		once: func() (time.Duration, error) {
			t0 := time.Now()
			err := replaceFile(path, data)
			return time.Since(t0), err
		},
	}}, nil
}

func replaceFile(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".floor-*")
	if err != nil {
		return fmt.Errorf("file floor: %w", err)
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		return fmt.Errorf("file floor: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("file floor: %w", err)
	}
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("file floor: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("file floor: fsync of the directory: %w", err)
	}
	return nil
}

// floorPart is count times one primitive of section 0.
type floorPart struct {
	key   string
	count int
}

// floorShort names a primitive in a floor's label.
var floorShort = map[string]string{
	FloorExec: "exec", FloorIPT: "iptables-restore", FloorNFT: "nft batch", FloorRuleAdd: "rule add",
	FloorRuleDel: "rule delete", FloorTSIG: "TSIG update", FloorFile: "file replace",
}

// caseFloors is, per case, what its ADD cannot do without: one exec per
// plugin and the smallest kernel or server operation each plugin's job
// takes. A plugin doing several such operations (iproute's routes and
// rules) is still set against one: the floor is a lower bound, not a
// model of the plugin.
var caseFloors = map[string][]floorPart{
	"noop":             {{FloorExec, 1}},
	"noop-chain3":      {{FloorExec, 3}},
	"ipmasq-ipt":       {{FloorExec, 1}, {FloorIPT, 1}},
	"ipmasq-nft":       {{FloorExec, 1}, {FloorNFT, 1}},
	"iproute":          {{FloorExec, 1}, {FloorRuleAdd, 1}},
	"iproute-aws":      {{FloorExec, 1}, {FloorRuleAdd, 1}},
	"dns-hosts":        {{FloorExec, 1}, {FloorFile, 1}},
	"dns-rfc2136":      {{FloorExec, 1}, {FloorTSIG, 1}},
	"chain-ipt":        {{FloorExec, 3}, {FloorIPT, 1}, {FloorRuleAdd, 1}, {FloorFile, 1}},
	"chain-nft":        {{FloorExec, 3}, {FloorNFT, 1}, {FloorRuleAdd, 1}, {FloorFile, 1}},
	"chain-nft-fwmark": {{FloorExec, 3}, {FloorNFT, 2}, {FloorFile, 1}},
}

// floorOf is a case's floor in r: its label ("exec + nft batch"), the
// sum of its parts' medians and the bootstrap terms; ok is false when the
// case has no floor or section 0 lacks one of its parts.
func floorOf(r *Results, key string) (label string, sum time.Duration, terms []Term, ok bool) {
	parts, ok := caseFloors[key]
	if !ok {
		return "", 0, nil, false
	}
	var names []string
	for _, p := range parts {
		f := findFloor(r, p.key)
		if f == nil || f.Time.N == 0 {
			return "", 0, nil, false
		}
		name := floorShort[p.key]
		if p.count > 1 {
			name = fmt.Sprintf("%d × %s", p.count, name)
		}
		names = append(names, name)
		sum += time.Duration(p.count) * f.Time.Median
		terms = append(terms, Term{f.Samples, p.count})
	}
	return strings.Join(names, " + "), sum, terms, true
}

// vsFloor is a case's ADD over its floor with the interval; ok as for
// floorOf.
func vsFloor(r *Results, row *PerPodRow) (c CI, label string, sum time.Duration, ok bool) {
	label, sum, terms, ok := floorOf(r, row.Key)
	if !ok || sum <= 0 || row.Add.N == 0 {
		return CI{}, "", 0, false
	}
	ratio := float64(row.Add.Median) / float64(sum)
	return sumRatioCI(row.Add, row.AddSamples, ratio, terms, 0.5), label, sum, true
}

func findFloor(r *Results, key string) *FloorRow {
	for i := range r.Floor {
		if r.Floor[i].Key == key {
			return &r.Floor[i]
		}
	}
	return nil
}
