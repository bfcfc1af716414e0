package foreign

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// recorder collects what a listener reports.
type recorder struct {
	mu       sync.Mutex
	kinds    []Kind
	failed   []string
	resubbed []string
	ready    map[string]bool
}

func (r *recorder) has(k Kind) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.kinds, k)
}

func (r *recorder) reset() {
	r.mu.Lock()
	r.kinds = nil
	r.mu.Unlock()
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// listenIn runs a listener in a new netns owning table "mine" and rules
// at priorities 512-2047 of tables 100-199; changed, if not nil, runs
// (blocking the source) on each report.
func listenIn(t *testing.T, changed func()) (*recorder, func(...string)) {
	t.Helper()
	n := testutil.NewNS(t)
	r := &recorder{ready: map[string]bool{}}
	owned, err := FromConflist([]byte(testConflist))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, Options{
			NetNS: n.Path(), Owned: func() Owned { return owned },
			Ours: func(uint32) bool { return false },
			Changed: func(c Change) {
				r.mu.Lock()
				r.kinds = append(r.kinds, c.Kinds...)
				r.mu.Unlock()
				if changed != nil {
					changed()
				}
			},
			Failed: func(src string, err error, established bool) {
				r.mu.Lock()
				r.failed = append(r.failed, fmt.Sprintf("%s established=%v: %v", src, established, err))
				r.mu.Unlock()
			},
			Resubscribed: func(src string) {
				r.mu.Lock()
				r.resubbed = append(r.resubbed, src)
				r.mu.Unlock()
			},
			RcvBuf: 4096,
		})
	}()
	t.Cleanup(func() { cancel(); <-done })
	run := func(args ...string) { testutil.Run(t, n, args[0], args[1:]...) }
	return r, run
}

// TestListenerSeesForeignDeletions: real notifications, in a netns of
// the test's, of an owned table's objects, an owned rule and an owned
// table's route; another table's deletion is none.
func TestListenerSeesForeignDeletions(t *testing.T) {
	r, run := listenIn(t, nil)
	run("ip", "link", "set", "lo", "up")
	run("nft", "add table inet other; add chain inet other c; add rule inet other c counter")
	run("nft", "add table inet mine; add chain inet mine c; add rule inet mine c counter")
	// A subscription is made when the listener started; changes before
	// it are not seen, so repeat the probe until the first is.
	waitUntil(t, "the listener sees an owned rule's flush", func() bool {
		run("nft", "add rule inet mine c counter; flush chain inet mine c")
		return r.has(KindRule)
	})
	r.reset()
	run("nft", "flush chain inet other c; delete table inet other")
	run("nft", "delete table inet mine")
	waitUntil(t, "the owned table's deletion", func() bool { return r.has(KindTable) && r.has(KindChain) })
	if r.has(KindRule) {
		// The other table's flush came first and is not owned; the
		// owned table had no rule left.
		t.Error("a deletion in another table was reported")
	}
	run("ip", "rule", "add", "pref", "1536", "from", "192.0.2.9", "lookup", "150")
	run("ip", "rule", "del", "pref", "1536", "from", "192.0.2.9", "lookup", "150")
	waitUntil(t, "the owned rule's deletion", func() bool { return r.has(KindIPRule) })
	run("ip", "route", "add", "blackhole", "198.51.100.0/24", "table", "150")
	run("ip", "route", "del", "blackhole", "198.51.100.0/24", "table", "150")
	waitUntil(t, "the owned route's deletion", func() bool { return r.has(KindRoute) })
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.failed) != 0 {
		t.Errorf("failures: %v", r.failed)
	}
}

// TestListenerOverrun: a source that falls behind (ENOBUFS) says so and
// listens again, and what happens after is seen.
func TestListenerOverrun(t *testing.T) {
	release := make(chan struct{})
	var once sync.Once
	blocked := make(chan struct{})
	r, run := listenIn(t, func() {
		once.Do(func() { close(blocked); <-release })
	})
	waitUntil(t, "the rule source blocked on its first report", func() bool {
		select {
		case <-blocked:
			return true
		default:
		}
		run("ip", "rule", "add", "pref", "1536", "from", "192.0.2.9", "lookup", "150")
		run("ip", "rule", "del", "pref", "1536", "from", "192.0.2.9", "lookup", "150")
		return false
	})
	// The source reads nothing now: flood its small buffer.
	var batch strings.Builder
	for i := range 500 {
		fmt.Fprintf(&batch, "rule add pref 1536 from 192.0.%d.%d lookup 150\n", i/250, i%250)
	}
	run("sh", "-c", "printf '"+batch.String()+"' | ip -batch -")
	close(release)
	waitUntil(t, "the overrun reported and the source listening again", func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return slices.Contains(r.resubbed, SourceRules)
	})
	r.mu.Lock()
	failed := strings.Join(r.failed, "\n")
	r.mu.Unlock()
	if !strings.Contains(failed, "rules established=true") || !strings.Contains(failed, "no buffer space") {
		t.Errorf("failures: %q, want the rule source's overrun", failed)
	}
	r.reset()
	run("ip", "rule", "del", "pref", "1536", "from", "192.0.0.7", "lookup", "150")
	waitUntil(t, "a deletion after the overrun", func() bool { return r.has(KindIPRule) })
}
