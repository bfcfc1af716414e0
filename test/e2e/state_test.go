package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// chainNetwork and chainIf are the network name of the VM's diktyo chain
// (hack/testvm.sh writes it) and the pod interface, which name every
// object the chain makes for a pod (cniutil.OwnerID).
const (
	chainNetwork = "diktyo"
	chainIf      = "eth0"
)

func (p *pod) owner() string { return cniutil.OwnerID(chainNetwork, p.ID, chainIf) }

func output(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// natRules returns the host's nat rules (iptables-save syntax) that
// belong to p: those naming its address or its owner ID.
func (p *pod) natRules(t *testing.T) []string {
	t.Helper()
	// Both backends, whichever the node runs: state left in the other one
	// (a backend switch) must count as left too.
	out := p.nftRules(t)
	for _, l := range strings.Split(output(t, "iptables-save", "-t", "nat"), "\n") {
		if strings.Contains(l, " "+p.IP+"/32") || strings.Contains(l, p.owner()) {
			out = append(out, l)
		}
	}
	return out
}

// nftRules is natRules' part for ipmasq's nftables backend: the lines of
// the node's ipmasq table that name p's address or owner (the flat
// layout's elements, whose comments name it) and the rules of p's own
// chain (the per-pod chain layout, before an upgrade's GC). No table (nothing applied yet, or all gone) is
// none; any other failure to list fails the test.
func (p *pod) nftRules(t *testing.T) []string {
	t.Helper()
	listing, err := exec.Command("nft", "list", "table", "inet", p.vm.env["DIKTYO_TESTVM_NFT_TABLE"]).CombinedOutput()
	if err != nil {
		if strings.Contains(string(listing), "No such file or directory") {
			return nil // no table: nothing of anyone's
		}
		t.Fatalf("nft list table: %v\n%s", err, listing)
	}
	var out []string
	inChain, inMap := false, ""
	for _, l := range strings.Split(string(listing), "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(trimmed, "chain "):
			inChain = strings.Contains(trimmed, p.owner())
		case strings.HasPrefix(trimmed, "map "):
			inMap = strings.Fields(trimmed)[1]
		case trimmed == "}":
			inChain = false
		case inChain && trimmed != "" || strings.Contains(l, p.IP+" ") || strings.Contains(l, "owner="+p.owner()):
			out = append(out, trimmed+snatTarget(inMap, trimmed))
		}
	}
	return out
}

// snatTarget says, in the words of a pod chain's rule (" snat to
// ADDR[:PORTS]"), what a flat layout's element line of SNAT map m
// translates to: its data, "ADDR" or "ADDR . LO . HI" (docs/ipmasq.md).
// Other lines say nothing more.
func snatTarget(m, line string) string {
	i := strings.LastIndex(line, " : ")
	if !strings.HasPrefix(m, "snat") || i < 0 {
		return ""
	}
	data := strings.Fields(strings.NewReplacer("}", " ", ",", " ").Replace(line[i+3:]))
	switch {
	case len(data) == 5 && data[1] == "." && data[3] == "." && data[2] == data[4]:
		return " # snat to " + data[0] + ":" + data[2]
	case len(data) == 5 && data[1] == "." && data[3] == ".":
		return " # snat to " + data[0] + ":" + data[2] + "-" + data[4]
	case len(data) >= 1:
		return " # snat to " + data[0]
	}
	return ""
}

// ipRules returns the host's policy routing of p's address: the ip rules
// naming it and, on a node whose iproute runs the fwmark layout, its mark
// element, as "from ADDR fwmark VALUE/MASK lookup T" when a rule routes
// that mark (without "lookup" when none does). Whatever the layout, a pod
// routed by its table has a line with "lookup T", and a pod with nothing
// left has none.
func (p *pod) ipRules(t *testing.T) []string {
	t.Helper()
	var out []string
	rules := strings.Split(output(t, "ip", "-4", "rule", "show"), "\n")
	for _, l := range rules {
		if strings.Contains(l, " "+p.IP+" ") || strings.HasSuffix(l, " "+p.IP) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	if table := p.vm.env["DIKTYO_TESTVM_ROUTE_TABLE"]; p.vm.env["DIKTYO_TESTVM_IPROUTE_LAYOUT"] == "fwmark" {
		out = append(out, p.fwmarkRoutes(t, table, rules)...)
	}
	return out
}

// fwmarkRoutes is ipRules' part for the fwmark layout: p's element in the
// table's pod4 map (its goto names the mark chain, mark-VALUE-MASK), and
// the shared "fwmark VALUE/MASK lookup T" rule that routes the mark. No
// table or map (nothing applied yet, or all gone) is none; any other
// failure to list fails the test.
func (p *pod) fwmarkRoutes(t *testing.T, table string, rules []string) []string {
	t.Helper()
	listing, err := exec.Command("nft", "-j", "list", "map", "inet", table, "pod4").CombinedOutput()
	if err != nil {
		if strings.Contains(string(listing), "No such file or directory") {
			return nil
		}
		t.Fatalf("nft list map inet %s pod4: %v\n%s", table, err, listing)
	}
	var doc struct {
		Nftables []struct {
			Map *struct {
				Elem [][]json.RawMessage `json:"elem"`
			} `json:"map"`
		} `json:"nftables"`
	}
	if err := json.Unmarshal(listing, &doc); err != nil {
		t.Fatalf("nft -j list map inet %s pod4: %v\n%s", table, err, listing)
	}
	var out []string
	for _, o := range doc.Nftables {
		if o.Map == nil {
			continue
		}
		for _, e := range o.Map.Elem {
			if route, ok := p.fwmarkRoute(t, e, rules); ok {
				out = append(out, route)
			}
		}
	}
	return out
}

// fwmarkRoute reads one map element, [ADDR, {"goto": {"target":
// "mark-VALUE-MASK"}}], and, when ADDR is p's, says how it is routed.
func (p *pod) fwmarkRoute(t *testing.T, elem []json.RawMessage, rules []string) (string, bool) {
	t.Helper()
	var addr string
	var verdict struct {
		Goto struct{ Target string } `json:"goto"`
	}
	if len(elem) != 2 || json.Unmarshal(elem[0], &addr) != nil || addr != p.IP {
		return "", false
	}
	if err := json.Unmarshal(elem[1], &verdict); err != nil {
		t.Fatalf("map element of %s: %v: %s", addr, err, elem[1])
	}
	var value, mask uint32
	if _, err := fmt.Sscanf(verdict.Goto.Target, "mark-%08x-%08x", &value, &mask); err != nil {
		t.Fatalf("map element of %s goes to %q, not a mark chain: %v", addr, verdict.Goto.Target, err)
	}
	mark := fmt.Sprintf("fwmark %#x/%#x", value, mask)
	for _, l := range rules {
		if _, lookup, ok := strings.Cut(l, mark+" lookup "); ok {
			return "from " + addr + " " + mark + " lookup " + strings.Fields(lookup)[0], true
		}
	}
	return "from " + addr + " " + mark + " (no rule routes the mark)", true
}

// hostRoutes returns host routes, in any table, to p's address, made by
// diktyo (protocol 209, iproute's marker).
func (p *pod) hostRoutes(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(output(t, "ip", "-4", "route", "show", "table", "all", "proto", "209"), "\n") {
		if strings.HasPrefix(l, p.IP+" ") {
			out = append(out, l)
		}
	}
	return out
}

// cacheEntries returns diktyo's libcni cache files for p.
func (p *pod) cacheEntries(t *testing.T) []string {
	t.Helper()
	var out []string
	root := p.vm.dir("diktyo", "cni-cache")
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(filepath.Base(path), p.ID) {
			out = append(out, path)
		}
		return nil
	})
	return out
}

// dnsName is the name the VM's chain template gives p.
func (p *pod) dnsName() string {
	return p.Name + "." + p.Namespace + "." + p.vm.env["DIKTYO_TESTVM_DNS_ZONE"]
}

// lookup asks the VM's DNS server for name's records of type qtype.
func (v *testVM) lookup(t *testing.T, name string, qtype uint16) []string {
	t.Helper()
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), qtype)
	c := &dns.Client{Timeout: 2 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, _, err := c.ExchangeContext(ctx, m, v.env["DIKTYO_TESTVM_DNS_SERVER"])
	if err != nil {
		t.Fatalf("DNS query %s: %v", name, err)
	}
	var out []string
	for _, rr := range r.Answer {
		switch rr := rr.(type) {
		case *dns.A:
			out = append(out, rr.A.String())
		case *dns.AAAA:
			out = append(out, rr.AAAA.String())
		case *dns.PTR:
			out = append(out, rr.Ptr)
		}
	}
	return out
}

func reverseName(ip string) string {
	name, err := dns.ReverseAddr(ip)
	if err != nil {
		panic(err)
	}
	return name
}

// expectNothingLeft checks that nothing diktyo made for p remains on the
// node: nat rules, policy rules, host routes, DNS records (forward and
// reverse, including extra names), libcni cache entries.
func expectNothingLeft(t *testing.T, p *pod, extraNames ...string) {
	t.Helper()
	expectNoNodeState(t, p, extraNames...)
	if c := p.cacheEntries(t); len(c) > 0 {
		t.Errorf("pod %s: diktyo cache entries left: %v", p.Name, c)
	}
}

// expectNoNodeState checks that none of the kernel and DNS state diktyo
// makes for p is there (its own cache aside).
func expectNoNodeState(t *testing.T, p *pod, extraNames ...string) {
	t.Helper()
	if r := p.natRules(t); len(r) > 0 {
		t.Errorf("pod %s: nat rules left:\n%s", p.Name, strings.Join(r, "\n"))
	}
	if r := p.ipRules(t); len(r) > 0 {
		t.Errorf("pod %s: ip rules left:\n%s", p.Name, strings.Join(r, "\n"))
	}
	if r := p.hostRoutes(t); len(r) > 0 {
		t.Errorf("pod %s: host routes left:\n%s", p.Name, strings.Join(r, "\n"))
	}
	// diktyo-nri sends the DNS updates behind the answer: the records go
	// within milliseconds of the DEL, or after a writer's retry pause
	// (at most 5 s) when the server was down; 10 s bounds both.
	deadline := time.Now().Add(10 * time.Second)
	for _, n := range append([]string{p.dnsName()}, extraNames...) {
		if got := until(t, p, n, dns.TypeA, deadline, func(got []string) bool { return len(got) == 0 }); len(got) > 0 {
			t.Errorf("pod %s: DNS %s still resolves to %v", p.Name, n, got)
		}
	}
	if got := until(t, p, reverseName(p.IP), dns.TypePTR, deadline, func(got []string) bool { return len(got) == 0 }); len(got) > 0 {
		t.Errorf("pod %s: PTR for %s still there: %v", p.Name, p.IP, got)
	}
}

// until looks name up until what it finds of type qtype satisfies ok or
// deadline passes, and returns what it last found.
func until(t *testing.T, p *pod, name string, qtype uint16, deadline time.Time, ok func([]string) bool) []string {
	t.Helper()
	for {
		got := p.vm.lookup(t, name, qtype)
		if ok(got) || time.Now().After(deadline) {
			return got
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// expectNoPolicy checks that p got nothing from diktyo (it started
// without policy).
func expectNoPolicy(t *testing.T, p *pod) {
	t.Helper()
	expectNothingLeft(t, p)
}

// TestSnatTarget: the flat layout's element lines read as the SNAT they
// make (no root, no VM).
func TestSnatTarget(t *testing.T) {
	for _, c := range []struct{ m, line, want string }{
		{"snat4-24", `elements = { 198.18.2.230 . tcp . 198.19.1.0 counter packets 0 bytes 0 comment "owner=x masqEntries[0]" : 198.19.255.10 }`, " # snat to 198.19.255.10"},
		{"snatp4-32-l4", `elements = { 198.51.100.7 . tcp . 8.8.8.8 counter packets 0 bytes 0 comment "owner=x" : 203.0.113.15 . 5000 . 5010 }`, " # snat to 203.0.113.15:5000-5010"},
		{"snatp4-0", `198.51.100.7 counter packets 0 bytes 0 comment "owner=x" : 203.0.113.15 . 5000 . 5000,`, " # snat to 203.0.113.15:5000"},
		{"ret4-8", `elements = { 198.51.100.7 . 10.0.0.0 counter packets 0 bytes 0 comment "owner=x exclude 10.0.0.0/8" }`, ""},
		{"snat4-24", `type ipv4_addr . ipv4_addr : ipv4_addr`, " # snat to ipv4_addr"},
	} {
		if got := snatTarget(c.m, c.line); got != c.want {
			t.Errorf("snatTarget(%s, %q) = %q, want %q", c.m, c.line, got, c.want)
		}
	}
}
