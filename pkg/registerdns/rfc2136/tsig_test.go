package rfc2136_test

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
)

const (
	fakeKey    = "diktyo-test."
	goodSecret = "Z29vZCBzZWNyZXQgZ29vZCBzZWNyZXQgZ29vZCBzZWNyZXQ="
	wrongKey   = "d3Jvbmcgc2VjcmV0IHdyb25nIHNlY3JldCB3cm9uZyE="
)

// fakeServer answers every message on 127.0.0.1 (TCP) with NOERROR (for
// AXFR: a one-SOA zone), signed according to sign: "" unsigned, or with the
// given key name and secret. It stands for an on-path attacker or a
// misconfigured server; the client must not believe it.
func fakeServer(t *testing.T, signName, signSecret string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: l, Net: "tcp", Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		r := new(dns.Msg)
		r.SetReply(q)
		r.Authoritative = true
		if q.Question[0].Qtype == dns.TypeAXFR || q.Question[0].Qtype == dns.TypeSOA {
			soa, _ := dns.NewRR(q.Question[0].Name + " 60 IN SOA ns.invalid. hostmaster.invalid. 1 3600 600 86400 60")
			r.Answer = []dns.RR{soa}
			if q.Question[0].Qtype == dns.TypeAXFR {
				r.Answer = append(r.Answer, soa)
			}
		}
		if signName != "" {
			r.SetTsig(signName, dns.HmacSHA256, 300, time.Now().Unix())
		}
		_ = w.WriteMsg(r)
	})}
	// The default accept function answers UPDATE with NOTIMP.
	srv.MsgAcceptFunc = func(dns.Header) dns.MsgAcceptAction { return dns.MsgAccept }
	if signName != "" {
		srv.TsigSecret = map[string]string{signName: signSecret}
	}
	started := make(chan struct{})
	srv.NotifyStartedFunc = func() { close(started) }
	go func() { _ = srv.ActivateAndServe() }()
	<-started
	t.Cleanup(func() { _ = srv.Shutdown() })
	return l.Addr().String()
}

func fakeBackend(addr string) *rfc2136.Backend {
	return rfc2136.New(rfc2136.Options{
		Server:       addr,
		Transport:    "tcp",
		Key:          rfc2136.Key{Name: fakeKey, Algorithm: dns.HmacSHA256, Secret: goodSecret},
		Zones:        record.Zones{zone},
		ReverseZones: record.Zones{rev4},
		Timeout:      2 * time.Second,
	})
}

// TestUnverifiedAnswersRejected: an answer that is unsigned, signed with
// the wrong secret, or signed with another key fails every verb that
// believes answers (ADD, DEL, CHECK, STATUS, GC) with an error that says
// the answer's signature is the problem.
func TestUnverifiedAnswersRejected(t *testing.T) {
	for _, tc := range []struct {
		name, signName, signSecret, want string
	}{
		{"unsigned", "", "", "unsigned answer"},
		{"wrong secret", fakeKey, wrongKey, "TSIG verification of the answer failed"},
		{"other key", "other-key.", goodSecret, "TSIG verification of the answer failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := fakeBackend(fakeServer(t, tc.signName, tc.signSecret))
			s := set(t, "c1", []string{"web"}, "198.51.100.7")
			verbs := map[string]error{
				"ADD":    b.Add(ctx(t), s),
				"DEL":    b.Del(ctx(t), s),
				"CHECK":  b.Check(ctx(t), s),
				"STATUS": b.Status(ctx(t)),
				"GC":     b.GC(ctx(t), network, nil),
			}
			for verb, err := range verbs {
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), fakeKey) {
					t.Errorf("%s against a server answering %s: got %v, want an error containing %q and the key name", verb, tc.name, err, tc.want)
				}
				if err != nil && (strings.Contains(err.Error(), goodSecret) || strings.Contains(err.Error(), wrongKey)) {
					t.Errorf("%s: error leaks a secret: %v", verb, err)
				}
			}
		})
	}
}

// TestSignedFakeAnswersAccepted is the control: the fake server signing
// with the right key is believed, so the failures above are about the
// signature and nothing else.
func TestSignedFakeAnswersAccepted(t *testing.T) {
	b := fakeBackend(fakeServer(t, fakeKey, goodSecret))
	if err := b.Add(ctx(t), set(t, "c1", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatalf("ADD against a correctly signing server: %v", err)
	}
	if err := b.Status(ctx(t)); err != nil {
		t.Fatalf("STATUS against a correctly signing server: %v", err)
	}
}
