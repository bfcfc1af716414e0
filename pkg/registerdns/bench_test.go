package registerdns_test

import (
	"context"
	"fmt"
	"net/netip"
	"path/filepath"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// BenchmarkPluginAddDel measures one ADD and one DEL of the registerDNS
// binary through libcni (exec included), per backend, for a pod with one
// templated name and an IPv4 and an IPv6 address.
func BenchmarkPluginAddDel(b *testing.B) {
	testutil.RequireRoot(b)
	srv := dnstest.StartBind(b, zone, rev4, rev6)
	backends := map[string]map[string]any{
		"hosts":   hostsPlugin(filepath.Join(b.TempDir(), "hosts")),
		"rfc2136": rfc2136Plugin(srv, srv.KeyFile),
	}
	for _, name := range []string{"hosts", "rfc2136"} {
		b.Run(name, func(b *testing.B) {
			h := newHarness(b, "1.1.0", backends[name])
			i := 0
			for b.Loop() {
				p := pod{id: fmt.Sprintf("b-%d", i), name: fmt.Sprintf("p%d", i), namespace: "bench", ips: []string{"198.51.100.7/24", "2001:db8::7/64"}}
				i++
				if _, err := h.add(p); err != nil {
					b.Fatal(err)
				}
				if err := h.del(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRFC2136Backend measures the DNS work alone (no exec): ADD
// (one UPDATE when the name is new) and DEL (owner query, A/AAAA queries
// for the PTRs, one UPDATE per zone) against a local BIND.
func BenchmarkRFC2136Backend(b *testing.B) {
	testutil.RequireRoot(b)
	srv := dnstest.StartBind(b, zone, rev4)
	be := rfc2136.New(rfc2136.Options{
		Server: srv.Addr, Transport: "tcp", Timeout: time.Second,
		Key:   rfc2136.Key{Name: srv.KeyName, Algorithm: dns.HmacSHA256, Secret: srv.Secret},
		Zones: record.Zones{zone}, ReverseZones: record.Zones{rev4},
	})
	ctx := context.Background()
	i := 0
	for b.Loop() {
		owner := record.Owner{ID: fmt.Sprintf("%016x", i), Network: "bench"}
		names := []record.Name{{FQDN: fmt.Sprintf("p%d.pods.test.", i), Zone: zone}}
		i++
		addrs := []netip.Addr{netip.MustParseAddr("198.51.100.7")}
		s := record.Set{Owner: owner, Names: names, Addrs: addrs}
		s.Records = record.Build(owner, names, addrs, record.Zones{rev4}, 30)
		if err := be.Add(ctx, s); err != nil {
			b.Fatal(err)
		}
		if err := be.Del(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
}
