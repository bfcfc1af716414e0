package inspect

import (
	"context"
	"errors"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

func TestParseCounters(t *testing.T) {
	const chain = "DKT-0123456789abcdef"
	// iptables-nft 1.8.9 "-S CHAIN -v"; the second rule's description
	// pretends to be counters.
	listing := `-N DKT-0123456789abcdef
-A DKT-0123456789abcdef -d 10.0.0.0/8 -m comment --comment "owner=0123456789abcdef exclude 10.0.0.0/8" -c 7 420 -j RETURN
-A DKT-0123456789abcdef -d 198.51.100.7/32 -p tcp -m comment --comment "owner=0123456789abcdef masqEntries[0] -c 999 999" -c 12 3456 -j SNAT --to-source 203.0.113.10:5000-5010
-A DKT-0123456789abcdef-other -c 1 1 -j RETURN
`
	got, err := ParseCounters(listing, chain)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Counter{{7, 420}, {12, 3456}}; !reflect.DeepEqual(got, want) {
		t.Errorf("counters %v, want %v", got, want)
	}
	// iptables-save -c form.
	got, err = ParseCounters("[3:180] -A "+chain+` -m comment --comment "owner=x default masquerade" -j MASQUERADE`, chain)
	if err != nil || !reflect.DeepEqual(got, []Counter{{3, 180}}) {
		t.Errorf("save form: %v %v", got, err)
	}
	// A rule without counters (iptables without -v) is an error, not 0.
	if _, err := ParseCounters("-A "+chain+` -m comment --comment "owner=x y" -j RETURN`, chain); err == nil {
		t.Error("a rule without counters parsed")
	}
}

// fakeRunner answers one listing per tool.
type fakeRunner struct {
	out  map[string]string
	args [][]string
}

func (f *fakeRunner) Run(_ context.Context, _ string, name string, args ...string) (string, error) {
	f.args = append(f.args, append([]string{name}, args...))
	out, ok := f.out[name]
	if !ok {
		return "", errors.New("iptables: No chain/target/match by that name.")
	}
	return out, nil
}

func TestSNATCounters(t *testing.T) {
	cfg, err := snat.ParseConfig([]byte(`{"name":"n","excludeCIDRs":["10.0.0.0/8"],"defaultAction":"masquerade"}`))
	if err != nil {
		t.Fatal(err)
	}
	owner := snat.Owner{Network: "n", ID: "0123456789abcdef"}
	m := &Masq{Backend: snat.BackendIPTables, Plan: snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("100.64.0.5/32")})}
	r := &fakeRunner{out: map[string]string{"iptables": "-A DKT-0123456789abcdef -d 10.0.0.0/8 -c 1 2 -j RETURN\n-A DKT-0123456789abcdef -c 3 4 -j MASQUERADE\n"}}
	got, err := SNATCounters(context.Background(), r, m)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Counter{{1, 2}, {3, 4}}; !reflect.DeepEqual(got[snat.IPv4], want) {
		t.Errorf("counters %v", got)
	}
	// Only the pod's chain is listed, with the xtables lock wait.
	if want := []string{"iptables", "-w", "5", "-t", "nat", "-S", "DKT-0123456789abcdef", "-v"}; !reflect.DeepEqual(r.args[0], want) {
		t.Errorf("ran %v, want %v", r.args[0], want)
	}
	// A chain that differs from the plan gets no counters at all.
	r.out["iptables"] = "-A DKT-0123456789abcdef -c 3 4 -j MASQUERADE\n"
	if _, err := SNATCounters(context.Background(), r, m); err == nil || !strings.Contains(err.Error(), "drift") {
		t.Errorf("drifted chain: %v", err)
	}
	if _, err := SNATCounters(context.Background(), r, &Masq{Backend: snat.BackendNFTables, Plan: m.Plan}); !errors.Is(err, ErrNoCounters) {
		t.Errorf("nftables: %v", err)
	}
}
