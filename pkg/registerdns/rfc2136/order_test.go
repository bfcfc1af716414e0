package rfc2136

import (
	"errors"
	"log/slog"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// TestFailedDelGoesFirst: A's DEL fails while B's ADD of the name it
// frees, and then A's own new ADD, were queued behind it. The DEL goes
// back before B's ADD (else B's ADD met A's record, was refused as
// taken and dropped); A's ADD stays after its DEL.
func TestFailedDelGoesFirst(t *testing.T) {
	a := record.Set{Owner: record.Owner{ID: "a", Network: "n"}}
	b := record.Set{Owner: record.Owner{ID: "b", Network: "n"}}
	delA := change{seq: 1, del: true, set: a}
	c := &committer{log: slog.New(slog.DiscardHandler), names: map[string]record.Owner{},
		queue: map[ownerKey][]change{}, refused: map[ownerKey]error{}, sending: []change{delA}}
	c.queue[keyOf(b.Owner)] = []change{{seq: 2, set: b}}
	c.queue[keyOf(a.Owner)] = []change{{seq: 3, set: a}}
	c.order = []ownerKey{keyOf(b.Owner), keyOf(a.Owner)}
	if !c.done(delA, errors.New("connection refused")) {
		t.Fatal("a DEL that failed to send is not retried")
	}
	if len(c.order) != 2 || c.order[0] != keyOf(a.Owner) || c.order[1] != keyOf(b.Owner) {
		t.Fatalf("order after A's DEL failed: %v, want A (its DEL) before B", c.order)
	}
	if q := c.queue[keyOf(a.Owner)]; len(q) != 2 || !q[0].del || q[1].seq != 3 {
		t.Fatalf("A's queue: %+v, want its DEL then its ADD", q)
	}
	if got := c.take(); len(got) == 0 || got[0].seq != 1 {
		t.Fatalf("first sent after the failure: %+v, want A's DEL", got)
	}
}
