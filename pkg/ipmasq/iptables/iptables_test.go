package iptables

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/internal/masqtest"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// node is a throwaway network namespace standing in for the node.
type node struct {
	ns     ns.NetNS
	tag    string
	runner cniutil.Runner
	lock   string
}

func newNode(t *testing.T) *node {
	t.Helper()
	n := testutil.NewNS(t)
	return &node{
		ns:     n,
		tag:    "SNAT-" + testutil.RandSuffix(8),
		runner: masqtest.NSRunner{NS: n, Next: cniutil.ExecRunner{}},
		lock:   filepath.Join(t.TempDir(), "lock"),
	}
}

func (n *node) backend(r cniutil.Runner) *Backend {
	b := New(n.tag, r)
	b.LockFile = n.lock
	return b
}

var counters = regexp.MustCompile(`\[\d+:\d+\]`)

// dump is the node's nat tables, both families, without timestamps and
// counters.
func (n *node) dump(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, tool := range []string{"iptables-save", "ip6tables-save"} {
		out := testutil.Run(t, n.ns, tool, "-t", "nat")
		for _, l := range strings.Split(out, "\n") {
			if !strings.HasPrefix(l, "#") {
				b.WriteString(counters.ReplaceAllString(l, "") + "\n")
			}
		}
	}
	return b.String()
}

func TestConformance(t *testing.T) {
	n := newNode(t)
	run := func(t *testing.T, args ...string) { testutil.Run(t, n.ns, args[0], args[1:]...) }
	masqtest.Run(t, masqtest.Harness{
		New:     func(r cniutil.Runner) snat.Backend { return n.backend(r) },
		Runner:  n.runner,
		Dump:    n.dump,
		Shared:  []string{":" + n.tag + " ", "-j " + n.tag},
		FastAdd: []string{"iptables-restore -w 10 --noflush", "ip6tables-restore -w 10 --noflush"},
		FastDel: []string{"iptables-restore -w 10 --noflush", "ip6tables-restore -w 10 --noflush"},
		Breakers: []masqtest.Breaker{
			{Name: "DeletedRule", Want: "rule 2 is", Break: func(t *testing.T, o snat.Owner) {
				run(t, "iptables", "-t", "nat", "-D", ChainName(o.ID), "2")
			}},
			{Name: "AlteredRule", Want: "rule 1 is", Break: func(t *testing.T, o snat.Owner) {
				run(t, "ip6tables", "-t", "nat", "-R", ChainName(o.ID), "1", "-d", "fd00::/8", "-j", "ACCEPT")
			}},
			{Name: "AddedRule", Want: "unexpected", Break: func(t *testing.T, o snat.Owner) {
				run(t, "iptables", "-t", "nat", "-A", ChainName(o.ID), "-j", "MASQUERADE")
			}},
			{Name: "DeletedJump", Want: "jump for 198.51.100.18 missing", Break: func(t *testing.T, o snat.Owner) {
				run(t, "iptables", "-t", "nat", "-D", n.tag, "-s", "198.51.100.18/32", "-m", "comment", "--comment",
					JumpComment(o), "-g", ChainName(o.ID))
			}},
			{Name: "ShadowedJump", Want: "goes to RETURN before", Break: func(t *testing.T, o snat.Owner) {
				run(t, "ip6tables", "-t", "nat", "-I", n.tag, "-s", "2001:db8:ff::18", "-j", "RETURN")
				t.Cleanup(func() { run(t, "ip6tables", "-t", "nat", "-D", n.tag, "-s", "2001:db8:ff::18", "-j", "RETURN") })
			}},
			{Name: "DeletedChain", Want: "chain " + ChainName(masqtest.NewOwner("net1", 8).ID) + " missing", Break: func(t *testing.T, o snat.Owner) {
				run(t, "ip6tables", "-t", "nat", "-F", n.tag)
				run(t, "ip6tables", "-t", "nat", "-F", ChainName(o.ID))
				run(t, "ip6tables", "-t", "nat", "-X", ChainName(o.ID))
			}},
			{Name: "DeletedPostroutingJump", Want: "POSTROUTING jump to " + n.tag + " missing", Break: func(t *testing.T, _ snat.Owner) {
				run(t, "iptables", "-t", "nat", "-D", "POSTROUTING", "-m", "comment", "--comment", "diktyo-ipmasq", "-j", n.tag)
			}},
		},
	})
	// GC of every network removed the last pods: the tag chains went too.
	if d := n.dump(t); strings.Contains(d, n.tag) || strings.Contains(d, snat.PodChainPrefix) {
		t.Errorf("left after the suite's final GC:\n%s", d)
	}
}

// TestSecondFamilyFailureUndoesFirst makes the kernel reject the IPv6
// transaction (an IPv4 SNAT target in an IPv6 rule, which validation
// never lets through) and checks that the IPv4 rules already applied are
// gone again.
func TestSecondFamilyFailureUndoesFirst(t *testing.T) {
	n := newNode(t)
	b := n.backend(n.runner)
	o := masqtest.NewOwner("net1", 1)
	plan := masqtest.Plan(t, masqtest.GoldenConf, o, masqtest.PodAddrs(1)...)
	bad := plan.Families[0].Rules[1] // an IPv4 SNAT rule
	plan.Families[1].Rules = append(plan.Families[1].Rules, bad)
	before := n.dump(t)
	err := b.Add(context.Background(), plan)
	if err == nil || !strings.Contains(err.Error(), "IPv6") {
		t.Fatalf("Add = %v, want an IPv6 failure", err)
	}
	after := n.dump(t)
	if strings.Contains(after, o.ID) {
		t.Fatalf("rules of %s left after a failed ADD:\n%s", o.ID, after)
	}
	_ = before
}

// TestTagChainRace creates the shared chain from many ADDs at once, on a
// node that has none: exactly one POSTROUTING jump per family results.
func TestTagChainRace(t *testing.T) {
	n := newNode(t)
	b := n.backend(n.runner)
	ctx := context.Background()
	const pods = 8
	errs := make(chan error, pods)
	for i := range pods {
		go func() {
			o := masqtest.NewOwner("net1", i)
			errs <- b.Add(ctx, masqtest.Plan(t, masqtest.GoldenConf, o, masqtest.PodAddrs(i)...))
		}()
	}
	for range pods {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	d := n.dump(t)
	if got := strings.Count(d, "-A POSTROUTING -m comment --comment diktyo-ipmasq -j "+n.tag); got != 2 {
		t.Fatalf("%d POSTROUTING jumps to %s, want one per family:\n%s", got, n.tag, d)
	}
	if got := strings.Count(d, "-A "+n.tag+" "); got != pods*2 {
		t.Fatalf("%d pod jumps, want %d:\n%s", got, pods*2, d)
	}
}

// TestDelWithoutIPv6Tools: on a node without ip6tables, DEL and GC without
// addresses still remove the IPv4 objects and succeed.
func TestDelWithoutIPv6Tools(t *testing.T) {
	n := newNode(t)
	noIP6 := &masqtest.Recorder{Next: n.runner, Fail: func(name string, _ []string) error {
		if strings.HasPrefix(name, "ip6tables") {
			return &cniutil.ExecError{Cmd: name, Err: exec.ErrNotFound}
		}
		return nil
	}}
	b := n.backend(noIP6)
	o := masqtest.NewOwner("net1", 1)
	ctx := context.Background()
	if err := b.Add(ctx, masqtest.Plan(t, masqtest.GoldenConf, o, "198.51.100.5/24")); err != nil {
		t.Fatal(err)
	}
	if err := b.Del(ctx, o, nil); err != nil {
		t.Fatalf("DEL without addresses: %v", err)
	}
	if err := b.GC(ctx, "net1", nil, nil); err != nil {
		t.Fatalf("GC: %v", err)
	}
	if d := n.dump(t); strings.Contains(d, o.ID) {
		t.Fatalf("left:\n%s", d)
	}
}
