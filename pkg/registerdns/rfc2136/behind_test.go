package rfc2136_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
)

// behind returns a backend of e's server that updates behind the
// answer, as diktyo-nri's.
func (e env) behind() *rfc2136.Backend {
	b := rfc2136.New(options(e.srv, e.srv.Secret))
	b.WriteBehind()
	return b
}

func flush(t *testing.T) {
	t.Helper()
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := rfc2136.Flush(c); err != nil {
		t.Fatalf("Flush: %v", err)
	}
}

// until waits for cond, checked again as the writer works (each check is
// a call into the backend, no fixed sleep decides the result).
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 20 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBehindServerDown: the server is down when the update is due. ADD
// answers at once; the send fails and is retried; CHECK and STATUS
// report the failure meanwhile; when the server is back the update is
// applied, and CHECK and STATUS are clean again.
func TestBehindServerDown(t *testing.T) {
	e := newEnv(t)
	b := e.behind()
	e.srv.Stop()
	s := set(t, "c1", []string{"web"}, "198.51.100.7")
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatalf("ADD behind the answer, server down: %v", err)
	}
	// Not only the server's absence: the updates waiting behind.
	until(t, "STATUS reports the failing updates", func() bool {
		err := b.Status(ctx(t))
		return err != nil && strings.Contains(err.Error(), "behind the answers failing (1 changes waiting)")
	})
	if err := b.Check(ctx(t), s); err == nil || !strings.Contains(err.Error(), "behind the answers failing") {
		t.Fatalf("CHECK of a pod whose update fails = %v, want the failing updates", err)
	}
	e.srv.Restart(t)
	flush(t)
	eq(t, "A after the server came back", e.srv.Values(t, "web.pods.test.", dns.TypeA), "198.51.100.7")
	eq(t, "PTR", e.srv.Values(t, "7.100.51.198.in-addr.arpa.", dns.TypePTR), "web.pods.test.")
	if err := b.Check(ctx(t), s); err != nil {
		t.Fatalf("CHECK after the update: %v", err)
	}
	if err := b.Status(ctx(t)); err != nil {
		t.Fatalf("STATUS after the update: %v", err)
	}
}

// TestBehindDelAfterAdd: a DEL that follows an ADD still queued or being
// sent leaves nothing on the server, whether the ADD was sent or not
// (the server down, then back), and an ADD after that DEL registers the
// pod again.
func TestBehindDelAfterAdd(t *testing.T) {
	e := newEnv(t)
	b := e.behind()
	for i, down := range []bool{false, true} {
		t.Run(fmt.Sprintf("server down %t", down), func(t *testing.T) {
			s := set(t, fmt.Sprint("c", i), []string{fmt.Sprint("web", i)}, fmt.Sprintf("198.51.100.%d", 10+i))
			if down {
				e.srv.Stop()
			}
			if err := b.Add(ctx(t), s); err != nil {
				t.Fatal(err)
			}
			if err := b.Del(ctx(t), s); err != nil {
				t.Fatal(err)
			}
			if down {
				e.srv.Restart(t)
			}
			flush(t)
			for _, z := range []string{zone, rev4} {
				eq(t, "names left in "+z, e.srv.Names(t, z))
			}
			if err := b.Add(ctx(t), s); err != nil {
				t.Fatal(err)
			}
			flush(t)
			eq(t, "A after ADD again", e.srv.Values(t, s.Names[0].FQDN, dns.TypeA), s.Addrs[0].String())
			if err := b.Del(ctx(t), s); err != nil {
				t.Fatal(err)
			}
			flush(t)
		})
	}
}

// TestBehindTakenNames: a name another pod of this process holds is
// refused on the answer path, without a round trip (the server is down);
// one another node holds on the server is refused by the server when the
// update is sent, and the pod's CHECK reports it.
func TestBehindTakenNames(t *testing.T) {
	e := newEnv(t)
	b := e.behind()
	if err := e.onNode("node-b").Add(ctx(t), setOn(t, "node-b", "c9", []string{"db"}, "198.51.100.9")); err != nil {
		t.Fatal(err)
	}
	e.srv.Stop()
	a := set(t, "c1", []string{"web"}, "198.51.100.7")
	if err := b.Add(ctx(t), a); err != nil {
		t.Fatal(err)
	}
	err := b.Add(ctx(t), set(t, "c2", []string{"web"}, "198.51.100.8"))
	if !errors.Is(err, rfc2136.ErrTaken) {
		t.Fatalf("ADD of a name another pod holds = %v, want it refused as taken", err)
	}
	e.srv.Restart(t)
	c := set(t, "c3", []string{"db"}, "198.51.100.3")
	if err := b.Add(ctx(t), c); err != nil {
		t.Fatalf("ADD of a name only the server knows taken: %v (accepted, found when sent)", err)
	}
	flush(t)
	if err := b.Check(ctx(t), c); !errors.Is(err, rfc2136.ErrTaken) {
		t.Fatalf("CHECK of the pod whose name the server refused = %v, want it taken", err)
	}
	eq(t, "db's A, still node-b's pod's", e.srv.Values(t, "db.pods.test.", dns.TypeA), "198.51.100.9")
	if err := b.Check(ctx(t), a); err != nil {
		t.Fatalf("CHECK of pod c1: %v", err)
	}
}

// BenchmarkAddDelBehind: one pod's ADD and DEL answered after the
// server's updates (a binary) and before them (diktyo-nri, WriteBehind;
// the last Flush is inside the timing).
func BenchmarkAddDelBehind(b *testing.B) {
	srv := dnstest.StartBind(b, zone, rev4, rev6)
	for _, wb := range []bool{false, true} {
		b.Run(fmt.Sprintf("behind=%v", wb), func(b *testing.B) {
			be := rfc2136.New(options(srv, srv.Secret))
			if wb {
				be.WriteBehind()
			}
			c := context.Background()
			i := 0
			for b.Loop() {
				s := set(b, fmt.Sprintf("bench%d-%v", i, wb), []string{fmt.Sprintf("bench%d-%v", i, wb)}, "198.51.100.7")
				i++
				if err := be.Add(c, s); err != nil {
					b.Fatal(err)
				}
				if err := be.Del(c, s); err != nil {
					b.Fatal(err)
				}
			}
			if err := rfc2136.Flush(c); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// TestBehindBatch: ADDs queued while the server is down go in one
// UPDATE per zone when it is back; one name in the batch held on the
// server by another node's pod fails the batch's prerequisite, so each
// is sent on its own: the others are applied, that one is refused and
// reported by its CHECK, and the holder's record is untouched.
func TestBehindBatch(t *testing.T) {
	e := newEnv(t)
	b := e.behind()
	if err := e.onNode("node-b").Add(ctx(t), setOn(t, "node-b", "c9", []string{"db"}, "198.51.100.9")); err != nil {
		t.Fatal(err)
	}
	for _, withTaken := range []bool{false, true} {
		e.srv.Stop()
		var sets = []recordSet{}
		for i := range 5 {
			name := fmt.Sprintf("b%d-%t", i, withTaken)
			sets = append(sets, recordSet{name, set(t, name, []string{name}, fmt.Sprintf("198.51.100.%d", 20+i))})
		}
		if withTaken {
			sets = append(sets, recordSet{"db", set(t, "c3", []string{"db"}, "198.51.100.3")})
		}
		for _, s := range sets {
			if err := b.Add(ctx(t), s.set); err != nil {
				t.Fatal(err)
			}
		}
		e.srv.Restart(t)
		flush(t)
		for _, s := range sets {
			if s.name == "db" {
				if err := b.Check(ctx(t), s.set); !errors.Is(err, rfc2136.ErrTaken) {
					t.Fatalf("CHECK of the pod whose name the server refused = %v, want it taken", err)
				}
				continue
			}
			eq(t, s.name+" A", e.srv.Values(t, s.name+".pods.test.", dns.TypeA), s.set.Addrs[0].String())
			if err := b.Check(ctx(t), s.set); err != nil {
				t.Fatalf("CHECK of %s: %v", s.name, err)
			}
		}
		eq(t, "db's A, still node-b's pod's", e.srv.Values(t, "db.pods.test.", dns.TypeA), "198.51.100.9")
	}
}

type recordSet struct {
	name string
	set  record.Set
}
