// Package masqtest holds helpers shared by the ipmasq backend tests:
// a representative plan, golden files and a recording runner.
package masqtest

import (
	"context"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil/golden"
)

// GoldenConf exercises every rule shape: exclusions, entries of both
// families in mixed order, ports, masquerade, a default with includes and
// randomisation.
const GoldenConf = `{"cniVersion":"1.0.0","name":"net1","type":"ipmasq","tag":"CNI-SNAT-X",
  "excludeCIDRs":["10.0.0.0/8","fd00::/8"],"includeCIDRs":["203.0.113.0/24","2001:db8:2::/48"],
  "defaultAction":"masquerade","randomize":"fully",
  "runtimeConfig":{"masqEntries":[
    {"external":"192.0.2.15:4000-4010","destination":"0.0.0.0/0","protocol":"tcp","description":"allow production traffic"},
    {"external":"192.0.2.15:5000-5010","destination":"8.8.8.8/32","protocol":"tcp","description":"allow production traffic"},
    {"external":"192.0.2.16:53","destination":"198.51.100.0/24","protocol":"udp","description":"dns"},
    {"external":"masquerade","destination":"192.0.2.128/25","description":"masq (a_b.c:d/e=f,g+h@i[k]-l) \"quoted\" 'x' #1;"},
    {"external":"[2001:db8:1::1]:6000-6010","destination":"2001:db8::/32","protocol":"sctp","description":"v6 ports"},
    {"external":"2001:db8:1::2","destination":"::/0","description":"v6 all"}]}}`

// Owner is the owner of golden plans.
var Owner = snat.Owner{Network: "net1", ID: "0123456789abcdef"}

// Plan parses conf and builds the plan for addrs.
func Plan(t testing.TB, conf string, owner snat.Owner, addrs ...string) *snat.Plan {
	t.Helper()
	cfg, err := snat.ParseConfig([]byte(conf))
	if err != nil {
		t.Fatal(err)
	}
	return snat.BuildPlan(cfg, owner, Prefixes(addrs...))
}

// Prefixes parses addresses with or without a prefix length.
func Prefixes(addrs ...string) []netip.Prefix {
	var ps []netip.Prefix
	for _, a := range addrs {
		if !strings.Contains(a, "/") {
			ip := netip.MustParseAddr(a)
			ps = append(ps, netip.PrefixFrom(ip, ip.BitLen()))
			continue
		}
		ps = append(ps, netip.MustParsePrefix(a))
	}
	return ps
}

// Golden compares got with testdata/<name>.golden (rewritten with -update).
func Golden(t *testing.T, name, got string) { t.Helper(); golden.Check(t, name, got) }

// Recorder is a cniutil.Runner that records the commands it runs (name and
// arguments) and delegates to Next.
type Recorder struct {
	Next cniutil.Runner
	// Fail, when set, makes a command fail without running it.
	Fail func(name string, args []string) error

	mu   sync.Mutex
	cmds []string
}

// Run implements cniutil.Runner.
func (r *Recorder) Run(ctx context.Context, stdin, name string, args ...string) (string, error) {
	r.mu.Lock()
	r.cmds = append(r.cmds, strings.Join(append([]string{name}, args...), " "))
	r.mu.Unlock()
	if r.Fail != nil {
		if err := r.Fail(name, args); err != nil {
			return "", err
		}
	}
	return r.Next.Run(ctx, stdin, name, args...)
}

// Commands returns and forgets the recorded commands.
func (r *Recorder) Commands() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.cmds
	r.cmds = nil
	return c
}
