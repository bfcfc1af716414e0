package rfc2136_test

import (
	"context"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
)

const (
	zone    = "pods.test."
	rev4    = "100.51.198.in-addr.arpa."
	rev6    = "8.b.d.0.1.0.0.2.ip6.arpa."
	network = "testnet"
)

// env is a BIND server and a backend talking to it.
type env struct {
	srv *dnstest.Server
	b   *rfc2136.Backend
}

func newEnv(t *testing.T) env {
	// Not testutil.RequireRoot: a BIND on 127.0.0.1 touches no host
	// networking, so these run under -short too.
	srv := dnstest.StartBind(t, zone, rev4, rev6)
	return env{srv: srv, b: rfc2136.New(options(srv, srv.Secret))}
}

// onNode returns a backend of the same server for node.
func (e env) onNode(node string) *rfc2136.Backend {
	o := options(e.srv, e.srv.Secret)
	o.Node = node
	return rfc2136.New(o)
}

func options(srv *dnstest.Server, secret string) rfc2136.Options {
	return rfc2136.Options{
		Server:       srv.Addr,
		Transport:    "tcp",
		Key:          rfc2136.Key{Name: srv.KeyName, Algorithm: dns.HmacSHA256, Secret: secret},
		Zones:        record.Zones{zone},
		ReverseZones: record.Zones{rev4, rev6},
		Timeout:      5 * time.Second,
		Node:         "node-a",
	}
}

// set builds the record set of container cid with names (relative to the
// zone) and addresses.
func set(t testing.TB, cid string, names []string, addrs ...string) record.Set {
	t.Helper()
	return setOn(t, "node-a", cid, names, addrs...)
}

// setOn is set for a pod on node; the pod is "default/<cid>".
func setOn(t testing.TB, node, cid string, names []string, addrs ...string) record.Set {
	t.Helper()
	s := record.Set{
		Owner:       record.Owner{ID: cniutil.OwnerID(network, cid, "eth0"), Network: network, Node: node, Pod: "default/" + cid},
		ContainerID: cid,
	}
	for _, n := range names {
		name, err := record.Zones{zone}.Resolve(n)
		if err != nil {
			t.Fatal(err)
		}
		s.Names = append(s.Names, name)
	}
	for _, a := range addrs {
		s.Addrs = append(s.Addrs, netip.MustParseAddr(a))
	}
	s.Records = record.Build(s.Owner, s.Names, s.Addrs, record.Zones{rev4, rev6}, 30)
	return s
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func eq(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

func TestAddResolvesDelRemoves(t *testing.T) {
	e := newEnv(t)
	s := set(t, "c1", []string{"web", "api"}, "198.51.100.7", "2001:db8::7")
	if err := e.b.Add(ctx(t), s); err != nil {
		t.Fatalf("ADD: %v", err)
	}
	for _, n := range []string{"web.pods.test.", "api.pods.test."} {
		eq(t, n+" A", e.srv.Values(t, n, dns.TypeA), "198.51.100.7")
		eq(t, n+" AAAA", e.srv.Values(t, n, dns.TypeAAAA), "2001:db8::7")
		eq(t, n+" TXT", e.srv.Values(t, n, dns.TypeTXT), s.Owner.String())
	}
	eq(t, "PTR v4", e.srv.Values(t, "7.100.51.198.in-addr.arpa.", dns.TypePTR), "web.pods.test.")
	rev := record.ReverseName(netip.MustParseAddr("2001:db8::7"))
	eq(t, "PTR v6", e.srv.Values(t, rev, dns.TypePTR), "web.pods.test.")
	if err := e.b.Check(ctx(t), s); err != nil {
		t.Fatalf("CHECK after ADD: %v", err)
	}

	// ADD again converges without duplicates.
	if err := e.b.Add(ctx(t), s); err != nil {
		t.Fatalf("second ADD: %v", err)
	}
	eq(t, "A after 2nd ADD", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.7")

	// DEL without addresses (no prevResult, no netns) still finds the PTRs.
	del := set(t, "c1", []string{"web", "api"})
	if err := e.b.Del(ctx(t), del); err != nil {
		t.Fatalf("DEL: %v", err)
	}
	for _, z := range []string{zone, rev4, rev6} {
		eq(t, "names left in "+z, e.srv.Names(t, z))
	}
	if err := e.b.Del(ctx(t), del); err != nil {
		t.Fatalf("second DEL: %v", err)
	}
	if err := e.b.Check(ctx(t), s); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("CHECK after DEL: got %v, want missing records", err)
	}
}

func TestAddConvergesOnNewAddress(t *testing.T) {
	e := newEnv(t)
	if err := e.b.Add(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	if err := e.b.Add(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.8")); err != nil {
		t.Fatal(err)
	}
	eq(t, "A", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.8")
}

func TestOwnerProtection(t *testing.T) {
	e := newEnv(t)
	first := set(t, "c1", []string{"web"}, "198.51.100.7")
	if err := e.b.Add(ctx(t), first); err != nil {
		t.Fatal(err)
	}
	// A second attachment cannot take the name; its failed ADD leaves
	// nothing of its own (not even its other name, or its PTR).
	second := set(t, "c2", []string{"other", "web"}, "198.51.100.9")
	err := e.b.Add(ctx(t), second)
	if err == nil || !strings.Contains(err.Error(), "web.pods.test is already taken") {
		t.Fatalf("second ADD: got %v, want name taken", err)
	}
	t.Logf("second ADD: %v", err)
	eq(t, "A", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.7")
	eq(t, "names", e.srv.Names(t, zone), "web.pods.test.")
	eq(t, "reverse names", e.srv.Names(t, rev4), "7.100.51.198.in-addr.arpa.")

	// Nor can it delete it.
	if err := e.b.Del(ctx(t), second); err != nil {
		t.Fatal(err)
	}
	eq(t, "A after foreign DEL", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.7")
	if err := e.b.Check(ctx(t), first); err != nil {
		t.Fatalf("CHECK of the first owner: %v", err)
	}
}

func TestForeignRecordsAreNotTaken(t *testing.T) {
	e := newEnv(t)
	// A record somebody else made, without an owner TXT.
	m := new(dns.Msg)
	m.SetUpdate(zone)
	rr, _ := dns.NewRR("db.pods.test. 60 IN A 198.51.100.50")
	m.Insert([]dns.RR{rr})
	m.SetTsig(e.srv.KeyName, dns.HmacSHA256, 300, time.Now().Unix())
	c := &dns.Client{Net: "tcp", TsigSecret: map[string]string{e.srv.KeyName: e.srv.Secret}}
	if r, _, err := c.Exchange(m, e.srv.Addr); err != nil || r.Rcode != dns.RcodeSuccess {
		t.Fatalf("seeding: %v %v", r, err)
	}
	err := e.b.Add(ctx(t), set(t, "c1", []string{"db"}, "198.51.100.7"))
	if err == nil || !strings.Contains(err.Error(), "not create") {
		t.Fatalf("ADD over a foreign name: got %v", err)
	}
	eq(t, "A", e.srv.Values(t, "db.pods.test.", dns.TypeA), "198.51.100.50")
}

func TestStalePTRIsTakenOver(t *testing.T) {
	e := newEnv(t)
	// c1's DEL never ran; c2 got the same address from IPAM.
	if err := e.b.Add(ctx(t), set(t, "c1", []string{"old"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	if err := e.b.Add(ctx(t), set(t, "c2", []string{"new"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	ptr := "7.100.51.198.in-addr.arpa."
	eq(t, "PTR", e.srv.Values(t, ptr, dns.TypePTR), "new.pods.test.")
	// c1's late DEL removes its name but not c2's PTR.
	if err := e.b.Del(ctx(t), set(t, "c1", []string{"old"})); err != nil {
		t.Fatal(err)
	}
	eq(t, "PTR after stale DEL", e.srv.Values(t, ptr, dns.TypePTR), "new.pods.test.")
	eq(t, "names", e.srv.Names(t, zone), "new.pods.test.")
}

func TestGC(t *testing.T) {
	e := newEnv(t)
	live := set(t, "live", []string{"live"}, "198.51.100.1", "2001:db8::1")
	dead := set(t, "dead", []string{"dead", "dead2"}, "198.51.100.2", "2001:db8::2")
	for _, s := range []record.Set{live, dead} {
		if err := e.b.Add(ctx(t), s); err != nil {
			t.Fatal(err)
		}
	}
	// Another network's records in the same zone are not this GC's.
	other := set(t, "dead", []string{"othernet"}, "198.51.100.3")
	other.Owner.Network = "othernet"
	other.Records = record.Build(other.Owner, other.Names, other.Addrs, nil, 30)
	if err := e.b.Add(ctx(t), other); err != nil {
		t.Fatal(err)
	}
	if err := e.b.GC(ctx(t), network, map[string]bool{live.Owner.ID: true}); err != nil {
		t.Fatalf("GC: %v", err)
	}
	eq(t, "names", e.srv.Names(t, zone), "live.pods.test.", "othernet.pods.test.")
	eq(t, "reverse v4", e.srv.Names(t, rev4), "1.100.51.198.in-addr.arpa.")
	eq(t, "reverse v6", e.srv.Names(t, rev6), record.ReverseName(netip.MustParseAddr("2001:db8::1")))
	if err := e.b.Check(ctx(t), live); err != nil {
		t.Fatalf("CHECK of live after GC: %v", err)
	}
}

func TestCheckDetectsWrongRecord(t *testing.T) {
	e := newEnv(t)
	if err := e.b.Add(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	err := e.b.Check(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.8"))
	if err == nil || !strings.Contains(err.Error(), `"198.51.100.7" unexpected`) || !strings.Contains(err.Error(), `"198.51.100.8" missing`) {
		t.Fatalf("CHECK: got %v", err)
	}
}

func TestServerDown(t *testing.T) {
	e := newEnv(t)
	s := set(t, "c1", []string{"web"}, "198.51.100.7")
	if err := e.b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	e.srv.Stop()
	if err := e.b.Del(ctx(t), s); err == nil || !strings.Contains(err.Error(), "unreachable") {
		t.Fatalf("DEL with the server down: got %v, want unreachable (the plugin logs it and succeeds)", err)
	}
	if err := e.b.Add(ctx(t), s); err == nil || !strings.Contains(err.Error(), e.srv.Addr) {
		t.Fatalf("ADD with the server down: got %v, want an error naming the server", err)
	}
	if err := e.b.Status(ctx(t)); err == nil {
		t.Fatal("STATUS with the server down: no error")
	}
}

func TestWrongSecret(t *testing.T) {
	e := newEnv(t)
	b := rfc2136.New(options(e.srv, "d3Jvbmcgc2VjcmV0IHdyb25nIHNlY3JldCB3cm9uZyE="))
	err := b.Add(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.7"))
	if err == nil || !strings.Contains(err.Error(), "TSIG") || !strings.Contains(err.Error(), "diktyo-test.") {
		t.Fatalf("ADD with a wrong secret: got %v", err)
	}
	t.Logf("ADD: %v", err)
	if strings.Contains(err.Error(), e.srv.Secret) || strings.Contains(err.Error(), "d3Jvbmcg") {
		t.Fatalf("error leaks a secret: %v", err)
	}
	eq(t, "names", e.srv.Names(t, zone))
}

// TestRollbackAcrossZones: the forward zone succeeds, the reverse zone
// does not exist on the server, so the forward records are rolled back.
func TestRollbackAcrossZones(t *testing.T) {
	e := newEnv(t)
	opts := options(e.srv, e.srv.Secret)
	opts.ReverseZones = record.Zones{"0.10.in-addr.arpa."}
	b := rfc2136.New(opts)
	s := set(t, "c1", []string{"web"}, "10.0.0.7")
	s.Records = record.Build(s.Owner, s.Names, s.Addrs, opts.ReverseZones, 30)
	err := b.Add(ctx(t), s)
	if err == nil {
		t.Fatal("ADD into a zone the server does not serve succeeded")
	}
	t.Logf("ADD: %v", err)
	eq(t, "names after failed ADD", e.srv.Names(t, zone))
}

func TestStatus(t *testing.T) {
	e := newEnv(t)
	if err := e.b.Status(ctx(t)); err != nil {
		t.Fatalf("STATUS: %v", err)
	}
	opts := options(e.srv, e.srv.Secret)
	opts.Zones = record.Zones{"elsewhere.test."}
	if err := rfc2136.New(opts).Status(ctx(t)); err == nil {
		t.Fatal("STATUS for a zone the server does not serve: no error")
	}
}

// TestUDP runs ADD and DEL over UDP.
func TestUDP(t *testing.T) {
	e := newEnv(t)
	opts := options(e.srv, e.srv.Secret)
	opts.Transport = "udp"
	b := rfc2136.New(opts)
	s := set(t, "c1", []string{"web"}, "198.51.100.7")
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	eq(t, "A", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.7")
	if err := b.Del(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	eq(t, "names", e.srv.Names(t, zone))
}

// TestConcurrentClaims: 10 attachments race for one name while each also
// adds a name of its own. The prerequisites let exactly one take the
// shared name; every own name succeeds; the losers leave nothing.
func TestConcurrentClaims(t *testing.T) {
	e := newEnv(t)
	const n = 10
	type outcome struct {
		i   int
		err error
	}
	results := make(chan outcome, n)
	for i := range n {
		go func() {
			s := set(t, fmt.Sprintf("c%d", i), []string{"shared"}, fmt.Sprintf("198.51.100.%d", i+1))
			if err := e.b.Add(ctx(t), s); err != nil {
				results <- outcome{i, err}
				return
			}
			results <- outcome{i, nil}
		}()
	}
	winner := -1
	for range n {
		o := <-results
		if o.err == nil {
			if winner >= 0 {
				t.Fatalf("both %d and %d hold the shared name", winner, o.i)
			}
			winner = o.i
		} else if !strings.Contains(o.err.Error(), "already taken") && !strings.Contains(o.err.Error(), "changed while being updated") {
			t.Fatalf("attachment %d: unexpected error %v", o.i, o.err)
		}
	}
	if winner < 0 {
		t.Fatal("nobody got the shared name")
	}
	eq(t, "A", e.srv.Values(t, "shared.pods.test.", dns.TypeA), fmt.Sprintf("198.51.100.%d", winner+1))
	eq(t, "names", e.srv.Names(t, zone), "shared.pods.test.")
	eq(t, "reverse names", e.srv.Names(t, rev4), fmt.Sprintf("%d.100.51.198.in-addr.arpa.", winner+1))
}

// TestGCKeepsOtherNodesRecords: two nodes run the same conflist against
// one server. Each node's GC is told only its own live attachments, and
// must leave the other node's records alone, live or not.
func TestGCKeepsOtherNodesRecords(t *testing.T) {
	e := newEnv(t)
	a, b := e.onNode("node-a"), e.onNode("node-b")
	aLive := setOn(t, "node-a", "a-live", []string{"a-live"}, "198.51.100.1")
	aDead := setOn(t, "node-a", "a-dead", []string{"a-dead"}, "198.51.100.2")
	bLive := setOn(t, "node-b", "b-live", []string{"b-live"}, "198.51.100.3", "2001:db8::3")
	bDead := setOn(t, "node-b", "b-dead", []string{"b-dead"}, "198.51.100.4")
	for _, tc := range []struct {
		b *rfc2136.Backend
		s record.Set
	}{{a, aLive}, {a, aDead}, {b, bLive}, {b, bDead}} {
		if err := tc.b.Add(ctx(t), tc.s); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.GC(ctx(t), network, map[string]bool{aLive.Owner.ID: true}); err != nil {
		t.Fatalf("GC on node-a: %v", err)
	}
	eq(t, "names after node-a's GC", e.srv.Names(t, zone), "a-live.pods.test.", "b-live.pods.test.", "b-dead.pods.test.")
	if err := b.Check(ctx(t), bLive); err != nil {
		t.Fatalf("node-b's live pod after node-a's GC: %v", err)
	}
	if err := b.GC(ctx(t), network, map[string]bool{bLive.Owner.ID: true}); err != nil {
		t.Fatalf("GC on node-b: %v", err)
	}
	eq(t, "names after both GCs", e.srv.Names(t, zone), "a-live.pods.test.", "b-live.pods.test.")
	eq(t, "reverse v4", e.srv.Names(t, rev4), "1.100.51.198.in-addr.arpa.", "3.100.51.198.in-addr.arpa.")
	eq(t, "reverse v6", e.srv.Names(t, rev6), record.ReverseName(netip.MustParseAddr("2001:db8::3")))
	if err := a.Check(ctx(t), aLive); err != nil {
		t.Fatalf("node-a's live pod after node-b's GC: %v", err)
	}
}

// legacyOwner is how versions before owner nodes wrote a set's owner.
func legacy(s record.Set) record.Set {
	s.Owner = record.Owner{ID: s.Owner.ID, Network: s.Owner.Network}
	s.Records = record.Build(s.Owner, s.Names, s.Addrs, record.Zones{rev4, rev6}, 30)
	return s
}

// TestLegacyOwners: records written before owner tags named a node are
// not provably this node's, so no GC removes them; but the attachment
// that wrote them still converges over them (ADD) and removes them (DEL,
// which need not know the pod).
func TestLegacyOwners(t *testing.T) {
	e := newEnv(t)
	old := legacy(set(t, "old", []string{"old"}, "198.51.100.5"))
	other := legacy(set(t, "other", []string{"other"}, "198.51.100.6"))
	for _, s := range []record.Set{old, other} {
		if err := e.b.Add(ctx(t), s); err != nil {
			t.Fatal(err)
		}
	}
	eq(t, "legacy TXT", e.srv.Values(t, "old.pods.test.", dns.TypeTXT), "diktyo-owner="+old.Owner.ID+" diktyo-net="+network)
	if err := e.b.GC(ctx(t), network, nil); err != nil {
		t.Fatal(err)
	}
	eq(t, "names after GC", e.srv.Names(t, zone), "old.pods.test.", "other.pods.test.")

	// The same attachment, now tagged with node and pod, takes its name
	// over; CHECK accepts a legacy owner of the same attachment.
	if err := e.b.Check(ctx(t), set(t, "other", []string{"other"}, "198.51.100.6")); err != nil {
		t.Fatalf("CHECK over a legacy owner: %v", err)
	}
	now := set(t, "old", []string{"old"}, "198.51.100.5")
	if err := e.b.Add(ctx(t), now); err != nil {
		t.Fatalf("ADD over its own legacy records: %v", err)
	}
	eq(t, "re-tagged TXT", e.srv.Values(t, "old.pods.test.", dns.TypeTXT), now.Owner.String())
	// DEL without CNI_ARGS: the owner has no pod, the server's TXT has.
	del := set(t, "old", []string{"old"})
	del.Owner.Pod = ""
	if err := e.b.Del(ctx(t), del); err != nil {
		t.Fatal(err)
	}
	// DEL of the legacy attachment, by the new version.
	if err := e.b.Del(ctx(t), set(t, "other", []string{"other"})); err != nil {
		t.Fatal(err)
	}
	eq(t, "names after DELs", e.srv.Names(t, zone))
	eq(t, "reverse after DELs", e.srv.Names(t, rev4))
}

// TestTakenNameNamesThePod: a name another pod holds (here on another
// node) is refused, and the error says which pod holds it.
func TestTakenNameNamesThePod(t *testing.T) {
	e := newEnv(t)
	if err := e.onNode("node-b").Add(ctx(t), setOn(t, "node-b", "web-1", []string{"api.web-1.shop"}, "198.51.100.1")); err != nil {
		t.Fatal(err)
	}
	err := e.b.Add(ctx(t), set(t, "squatter", []string{"api.web-1.shop"}, "198.51.100.2"))
	if err == nil || !strings.Contains(err.Error(), "api.web-1.shop.pods.test is already taken") || !strings.Contains(err.Error(), "pod default/web-1") || !strings.Contains(err.Error(), "node node-b") {
		t.Fatalf("ADD of a name another pod holds: got %v, want an error naming pod default/web-1 on node-b", err)
	}
	t.Logf("ADD: %v", err)
	eq(t, "A", e.srv.Values(t, "api.web-1.shop.pods.test.", dns.TypeA), "198.51.100.1")
}
