package micro

import (
	"net/netip"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// masqEntries is the per-pod request of the harness's cases.
const masqEntries = `[
  {"external": "198.19.0.1", "destination": "198.19.0.0/24", "protocol": "udp", "description": "bench udp"},
  {"external": "198.19.0.1:20000-29999", "destination": "198.19.0.0/24", "protocol": "tcp", "description": "bench tcp"},
  {"external": "198.19.0.1", "destination": "203.0.113.0/24", "description": "bench doc net"},
  {"external": "masquerade", "destination": "0.0.0.0/0", "description": "bench default"}]`

// ipmasqStdin is what ipmasq reads for one pod of the harness's per-pod
// section.
func ipmasqStdin(backend string) []byte {
	return []byte(`{"cniVersion": "1.0.0", "name": "bench", "type": "ipmasq", "backend": "` + backend + `",
  "tag": "DKTB-SNAT", "excludeCIDRs": ["10.0.0.0/8"],
  "runtimeConfig": {"masqEntries": ` + masqEntries + `}}`)
}

func BenchmarkIPMasqParseAndPlan(b *testing.B) {
	stdin := ipmasqStdin("iptables")
	addrs := []netip.Prefix{netip.MustParsePrefix("198.18.0.2/16")}
	b.ReportAllocs()
	for b.Loop() {
		cfg, err := snat.ParseConfig(stdin)
		if err != nil {
			b.Fatal(err)
		}
		owner := snat.Owner{Network: "bench", ID: cniutil.OwnerID("bench", "ctr", "eth0")}
		if plan := snat.BuildPlan(cfg, owner, addrs); len(plan.Families) != 1 {
			b.Fatalf("plan %+v", plan)
		}
	}
}

func BenchmarkIPMasqRenderIPTables(b *testing.B) {
	cfg, err := snat.ParseConfig(ipmasqStdin("iptables"))
	if err != nil {
		b.Fatal(err)
	}
	owner := snat.Owner{Network: "bench", ID: cniutil.OwnerID("bench", "ctr", "eth0")}
	plan := snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("198.18.0.2/16")})
	b.ReportAllocs()
	for b.Loop() {
		if s := iptables.RenderCreate(cfg.Tag, owner, plan.Families[0]); s == "" {
			b.Fatal("empty restore script")
		}
	}
}

func BenchmarkIPMasqRenderNFTables(b *testing.B) {
	cfg, err := snat.ParseConfig(ipmasqStdin("nftables"))
	if err != nil {
		b.Fatal(err)
	}
	owner := snat.Owner{Network: "bench", ID: cniutil.OwnerID("bench", "ctr", "eth0")}
	plan := snat.BuildPlan(cfg, owner, []netip.Prefix{netip.MustParsePrefix("198.18.0.2/16")})
	b.ReportAllocs()
	for b.Loop() {
		if tx := nftables.RenderCreate(cfg.Table, plan); tx == nil {
			b.Fatal("no transaction")
		}
	}
}

// BenchmarkPolicyDecide is diktyo-nri's per-pod decision: annotations
// parsed and checked against the admin config.
func BenchmarkPolicyDecide(b *testing.B) {
	cfg, err := policy.ParseConfig([]byte(`chain:
  conflist: /dev/null
namespaces:
  - namespaces: ["bench"]
    allow:
      masq:
        externals: ["198.19.0.1", "198.19.0.1:20000-29999", "masquerade"]
        destinations: ["198.19.0.0/24", "203.0.113.0/24", "0.0.0.0/0"]
      snatExclude:
        cidrs: ["10.0.0.0/8"]
      routeTable:
        tables: ["100-199"]
      dns:
        zones: [bench.test]
        templates: ["{name}.{namespace}.{zone}"]
`))
	if err != nil {
		b.Fatal(err)
	}
	ann := map[string]string{
		"diktyo.io/v1.masq":         masqEntries,
		"diktyo.io/v1.snat-exclude": "10.0.0.0/8",
		"diktyo.io/v1.route-table":  "100",
		"diktyo.io/v1.dns-names":    "pod.bench.bench.test",
	}
	pod := policy.Pod{Namespace: "bench", Name: "pod", UID: "uid"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := policy.Decide(cfg, pod, ann); err != nil {
			b.Fatal(err)
		}
	}
}
