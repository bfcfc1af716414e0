package work

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin/internal/admit"
	"github.com/diktyo-io/diktyo/plugin/internal/gen"
	"github.com/diktyo-io/diktyo/plugin/internal/health"
	"github.com/diktyo-io/diktyo/plugin/internal/hold"
	"github.com/diktyo-io/diktyo/plugin/internal/kube"
	"github.com/diktyo-io/diktyo/plugin/internal/pods"
)

// parse is the admin config cfg.
func parse(t *testing.T, cfg string) *policy.Config {
	t.Helper()
	c, err := policy.ParseConfig([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testWork is the work under the admin config cfg, with no chain loaded
// (its cache, and so the holds' markers, in a temp directory), an empty
// pod table, the holds and an admission that manages no address.
func testWork(t *testing.T, cfg string) (*Work, *gen.State) {
	t.Helper()
	c := parse(t, cfg)
	c.Chain.CacheDir = filepath.Join(t.TempDir(), "cache")
	st := &gen.State{Cfg: c, RunnerErr: errors.New("no chain in this test")}
	log := slog.New(slog.DiscardHandler)
	return New(Options{Log: log, Metrics: health.NewMetrics(prometheus.NewRegistry()), Health: &health.Health{},
		Conf: gen.Fixed(st), Pods: pods.New(admit.ArgsExternals), Admission: admit.New(admit.Face{Log: log}),
		Holds: hold.New(hold.Options{Log: log, Fault: func(error) {}, Failed: func() {}}),
		Kube:  func() *kube.Kube { return nil }}), st
}

func livePod(id, netns string, ips ...string) *pods.Entry {
	return &pods.Entry{Pod: chainrun.Pod{ID: id, Namespace: "team-a", Name: id, NetNS: netns, IPs: ips}}
}

func TestBudgetCappedByRequestTimeout(t *testing.T) {
	cfg := parse(t, "timeouts: {handler: 5s, cni: 10s}\n")
	w := New(Options{})
	if b := w.Budget(cfg); b.Seconds() != 5 {
		t.Errorf("budget %v before the runtime announced its timeout", b)
	}
	w.SetRequestTimeout(2e9)
	if b := w.Budget(cfg); b.Milliseconds() != 1500 {
		t.Errorf("budget %v, want 3/4 of the 2s request timeout", b)
	}
}

// TestPodAddrsNeverFromThePod: a pod's addresses are the runtime's (or
// those of its first ADD), one host each, inside podCIDRs, and never held
// by another live pod.
func TestPodAddrsNeverFromThePod(t *testing.T) {
	w, st := testWork(t, "podCIDRs: [198.51.100.0/24, 2001:db8::/64]\n")
	victim := &pods.Entry{Pod: chainrun.Pod{ID: "victim", Namespace: "a", Name: "victim", NetNS: "/proc/self/ns/net", IPs: []string{"198.51.100.9"}}}
	w.Pods.Upsert(victim)
	pod := func(ips ...string) *pods.Entry {
		return &pods.Entry{Pod: chainrun.Pod{ID: "me", Namespace: "b", Name: "me", NetNS: "/y", IPs: ips}}
	}
	got, err := w.PodAddrs(st, pod("198.51.100.7", "2001:db8::7/128"), nil)
	if err != nil || !reflect.DeepEqual(got, []string{"198.51.100.7", "2001:db8::7"}) {
		t.Errorf("runtime IPs: %v %v", got, err)
	}
	// The first ADD's addresses win over what the runtime says later.
	got, err = w.PodAddrs(st, pod("198.51.100.8"), []string{"198.51.100.7"})
	if err != nil || !reflect.DeepEqual(got, []string{"198.51.100.7"}) {
		t.Errorf("cached IPs: %v %v", got, err)
	}
	for _, c := range []struct {
		ips  []string
		want string
	}{
		{nil, "sent no pod IPs"},
		{[]string{"1.2.3.4/0"}, `"1.2.3.4/0" has prefix length 0`},
		{[]string{"0.0.0.0"}, "not a global unicast"},
		{[]string{"224.0.0.1"}, "not a global unicast"},
		{[]string{"203.0.113.5"}, "outside podCIDRs"},
		{[]string{"198.51.100.9"}, "held by live pod a/victim"},
		{[]string{"198.51.100.7", "198.51.100.7/32"}, "given twice"},
		{[]string{"not-an-ip"}, `invalid address "not-an-ip"`},
	} {
		_, err := w.PodAddrs(st, pod(c.ips...), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.ips, err, c.want)
		}
	}
	// A pod whose netns is gone no longer holds its address (no event may
	// ever say so: containerd#8426), nor does a stopped one.
	w.Pods.Upsert(&pods.Entry{Pod: chainrun.Pod{ID: "gone", Namespace: "a", Name: "gone", NetNS: "/nonexistent/netns", IPs: []string{"198.51.100.10"}}})
	if _, err := w.PodAddrs(st, pod("198.51.100.10"), nil); err != nil {
		t.Errorf("address of a pod whose netns is gone: %v", err)
	}
	w.Pods.Stop("victim")
	if _, err := w.PodAddrs(st, pod("198.51.100.9"), nil); err != nil {
		t.Errorf("address of a stopped pod: %v", err)
	}
}

// A live pod whose netns cannot be read still holds its addresses: a new
// pod is refused them rather than given them on a guess.
func TestHolderWithUnreadableNetnsStillHolds(t *testing.T) {
	w, st := testWork(t, "")
	w.Pods.Upsert(livePod("old", testutil.UnreadableNetns(t), "198.51.100.9"))
	if _, err := w.PodAddrs(st, livePod("new", "/proc/self/ns/net", "198.51.100.9"), nil); err == nil || !strings.Contains(err.Error(), "held by live pod") {
		t.Errorf("address of a pod whose netns cannot be read: %v, want held", err)
	}
}

// Hole d of issue 30: the address locks were keyed by the raw string and
// the walk holds by the parsed address, so two spellings of one address
// did not exclude each other. Every spelling of an address takes the one
// lock, and sees the one hold.
func TestAddressSpellingsExcludeEachOther(t *testing.T) {
	w, st := testWork(t, "")
	for _, pair := range [][2]string{
		{"2001:db8::1", "2001:0db8:0000::1/128"},
		{"198.51.100.1", "::ffff:198.51.100.1"},
		{"198.51.100.2/24", "198.51.100.2"},
	} {
		held := make(chan struct{})
		release := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- w.Locks().LockAddrs(context.Background(), []string{pair[0]}, func([]string) error {
				close(held)
				<-release
				return nil
			})
		}()
		<-held
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		err := w.Locks().LockAddrs(ctx, []string{pair[1]}, func([]string) error { return nil })
		cancel()
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s while %s is locked: %v, want to wait for it", pair[1], pair[0], err)
		}
		// A walk's hold on one spelling holds every other.
		h := w.TakeDelHold(st, &pods.Entry{Pod: chainrun.Pod{ID: "stopped", IPs: []string{pair[0]}}}, &pods.Entry{})
		if !w.Holds.Pending(hold.Want{Addrs: ParseAddrs([]string{pair[1]})}) {
			t.Errorf("%s while a walk holds %s: free, want held", pair[1], pair[0])
		}
		w.SettleDel(h, nil, nil)
	}
	if n := w.Locks().HeldAddrs(); n != 0 {
		t.Errorf("%d address locks left", n)
	}
}
