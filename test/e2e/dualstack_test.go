package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// The test node's IPv6 externals (its egress addresses, in REMOTE_NET6).
const (
	extA6 = "2001:2:0:ffff::10"
	extB6 = "2001:2:0:ffff::11"
)

// TestDualStack: on the dual-stack test node (host-local with an IPv4 and
// an IPv6 range), one pod's policy covers both families under the real
// containerd: SNAT to an IPv6 external for one destination and another
// for the rest of the remote's range, an excluded IPv6 destination left
// untranslated, an IPv6 pod route, DNS AAAA and ip6.arpa PTR records
// beside the A and in-addr.arpa ones, IPv4 SNAT still as asked; and stop
// removes the IPv6 state as well.
func TestDualStack(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	v.startNRI(t, v.env["DIKTYO_TESTVM_CONFIG"])

	const ns = "e2e-dual"
	web := v.mustRunPod(t, "web", ns, map[string]string{
		policy.KeyMasq: masq(
			api.MasqEntry{External: extA, Destination: prefix24(dstSNAT), Protocol: "tcp"},
			api.MasqEntry{External: extA6, Destination: prefix64(dstSNAT6).String(), Protocol: "tcp"},
			api.MasqEntry{External: extB6, Destination: "2001:2:0:f000::/52"},
		),
		policy.KeySNATExclude: prefix64(dstExclude6).String(),
		policy.KeyRoutes:      routes(api.RouteEntry{Destination: prefix64(dstRoute6).String(), Type: "blackhole"}),
	})
	if web.IP6 == "" {
		t.Fatalf("pod %s has no IPv6 address: is the test node dual-stack (hack/testvm.sh SUBNET6)?", web.Name)
	}

	// Node state: ip6tables rules, AAAA and ip6.arpa PTR, the pod route.
	rules6 := web.natRules6(t)
	for _, ext := range []string{extA6, extB6} {
		if !slices.ContainsFunc(rules6, func(r string) bool { return strings.Contains(r, "--to-source "+ext) }) {
			t.Errorf("no ip6tables rule SNATing to %s; the pod's rules:\n%s", ext, strings.Join(rules6, "\n"))
		}
	}
	expectSNATState(t, web, extA)
	// The updates go behind the answer: each is looked up until it
	// answers, for at most 10 s.
	deadline := time.Now().Add(10 * time.Second)
	if got := until(t, web, web.dnsName(), dns.TypeAAAA, deadline, func(got []string) bool { return slices.Equal(got, []string{web.IP6}) }); !slices.Equal(got, []string{web.IP6}) {
		t.Errorf("AAAA %s = %v, want [%s]", web.dnsName(), got, web.IP6)
	}
	if got := until(t, web, web.dnsName(), dns.TypeA, deadline, func(got []string) bool { return slices.Equal(got, []string{web.IP}) }); !slices.Equal(got, []string{web.IP}) {
		t.Errorf("A %s = %v, want [%s]", web.dnsName(), got, web.IP)
	}
	if got := until(t, web, reverseName(web.IP6), dns.TypePTR, deadline, func(got []string) bool { return slices.Contains(got, dns.Fqdn(web.dnsName())) }); !slices.Contains(got, dns.Fqdn(web.dnsName())) {
		t.Errorf("PTR %s = %v, want %s", reverseName(web.IP6), got, web.dnsName())
	}
	if r := web.mustExec(t, "ip", "-6", "route", "show"); !strings.Contains(r, "blackhole "+prefix64(dstRoute6).String()) {
		t.Errorf("pod's IPv6 routes lack the blackhole to %s:\n%s", prefix64(dstRoute6), r)
	}

	// Data plane, both families.
	waitIPv6(t, web)
	expectSource(t, web, dstSNAT6, extA6, 0, 0)
	expectSource(t, web, remoteAddr6, extB6, 0, 0) // the /52 entry
	expectSource(t, web, dstExclude6, web.IP6, 0, 0)
	expectSource(t, web, dstSNAT, extA, 0, 0)

	web.stop(t)
	if r := web.natRules6(t); len(r) > 0 {
		t.Errorf("ip6tables rules left after stop:\n%s", strings.Join(r, "\n"))
	}
	deadline = time.Now().Add(10 * time.Second)
	none := func(got []string) bool { return len(got) == 0 }
	if got := until(t, web, web.dnsName(), dns.TypeAAAA, deadline, none); len(got) > 0 {
		t.Errorf("AAAA still there after stop: %v", got)
	}
	if got := until(t, web, reverseName(web.IP6), dns.TypePTR, deadline, none); len(got) > 0 {
		t.Errorf("ip6.arpa PTR still there after stop: %v", got)
	}
	expectNothingLeft(t, web)
}

// natRules6 returns the host's ip6tables nat rules that belong to p.
func (p *pod) natRules6(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(output(t, "ip6tables-save", "-t", "nat"), "\n") {
		if strings.Contains(l, " "+p.IP6+"/128") || strings.Contains(l, p.owner()) {
			out = append(out, l)
		}
	}
	return out
}

// waitIPv6 waits (at most 5 s) until the pod reaches the remote over
// IPv6: the pod's address and the bridge's may still be finishing
// duplicate address detection when the pod starts.
func waitIPv6(t *testing.T, p *pod) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		out, err := p.connect(t, "["+remoteAddr6+"]:8080")
		if err == nil && strings.Contains(out, "seen ") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pod %s does not reach the remote over IPv6: %v %s", p.Name, err, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
