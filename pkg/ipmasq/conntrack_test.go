package ipmasq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// fakeIPTables stands in for iptables: "-S" of the tag chain prints
// listing (IPv4; IPv6 is empty) and every iptables-restore succeeds and
// is recorded. Nothing runs, so these tests need no root.
type fakeIPTables struct {
	listing  string
	mu       sync.Mutex
	restores []string
}

func (f *fakeIPTables) Run(_ context.Context, stdin, name string, args ...string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case strings.HasSuffix(name, "-restore"):
		f.restores = append(f.restores, stdin)
	case name == "iptables" && slices.Contains(args, "-S"):
		return f.listing, nil
	}
	return "", nil
}

// removed tells whether a restore deleted owner id's chain.
func (f *fakeIPTables) removed(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.ContainsFunc(f.restores, func(doc string) bool { return strings.Contains(doc, "-X "+iptables.ChainName(id)) })
}

// flowLog is a verbs.podFlows that records its calls and returns err.
type flowLog struct {
	err   error
	calls [][]netip.Addr
}

func (l *flowLog) podFlows(addrs []netip.Addr) (uint, error) {
	l.calls = append(l.calls, addrs)
	return 0, l.err
}

func fakeVerbs(f *fakeIPTables, l *flowLog) *verbs {
	v := newVerbs(cniutil.Env{Log: slog.New(slog.DiscardHandler)}, f)
	v.podFlows = l.podFlows
	return v
}

const testTag = "SNAT-TEST"

// unitConf is an iptables config (the fake's) with extra fields.
func unitConf(t *testing.T, extra map[string]any) []byte {
	t.Helper()
	c := map[string]any{"cniVersion": "1.1.0", "name": "net1", "type": "ipmasq", "tag": testTag,
		"lockFile": filepath.Join(t.TempDir(), "lock")}
	for k, v := range extra {
		c[k] = v
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var podAddrs = []string{"198.51.100.7/24", "2001:db8:ff::7/64"}

func delArgs(t *testing.T, cniArgs string) *skel.CmdArgs {
	t.Helper()
	conf := unitConf(t, map[string]any{"prevResult": prevResult(t, "1.1.0", "/var/run/netns/gone", podAddrs...)})
	return &skel.CmdArgs{ContainerID: "c1", IfName: "eth0", StdinData: conf, Args: cniArgs}
}

// TestDelFlowFlushFailureFails: a DEL whose conntrack flush fails removes
// the rules and then fails, naming the pod's addresses and the cause, so
// that diktyo-nri keeps the pod's port block and retries the DEL; the
// retried DEL (the rules already gone) flushes again and succeeds.
func TestDelFlowFlushFailureFails(t *testing.T) {
	f, l := &fakeIPTables{}, &flowLog{err: errors.New("netlink: no buffer space")}
	v := fakeVerbs(f, l)
	args := delArgs(t, "")
	err := v.del(context.Background(), args)
	if !errors.Is(err, l.err) {
		t.Fatalf("DEL with a failing flush = %v, want an error wrapping %q", err, l.err)
	}
	for _, a := range []string{"198.51.100.7", "2001:db8:ff::7"} {
		if !strings.Contains(err.Error(), a) {
			t.Errorf("DEL error %q does not name %s", err, a)
		}
	}
	if !f.removed(cniutil.OwnerID("net1", "c1", "eth0")) {
		t.Fatalf("DEL did not remove the rules before failing:\n%s", strings.Join(f.restores, "\n"))
	}
	l.err = nil
	if err := v.del(context.Background(), args); err != nil {
		t.Fatalf("repeated DEL with a working flush: %v", err)
	}
	want := [][]netip.Addr{{netip.MustParseAddr("198.51.100.7"), netip.MustParseAddr("2001:db8:ff::7")}}
	if len(l.calls) != 2 || !slices.Equal(l.calls[1], want[0]) {
		t.Fatalf("flushes %v, want %v twice", l.calls, want[0])
	}
	// Nothing known of the pod: nothing to flush, success.
	bare := &skel.CmdArgs{ContainerID: "c1", IfName: "eth0", StdinData: unitConf(t, nil)}
	if err := v.del(context.Background(), bare); err != nil {
		t.Fatalf("DEL without addresses: %v", err)
	}
}

// TestDelContinuingKeepsFlows: the DEL of an attachment the pod continues
// under (a backend switch) flushes nothing, so a flush that would fail
// does not fail it.
func TestDelContinuingKeepsFlows(t *testing.T) {
	f, l := &fakeIPTables{}, &flowLog{err: errors.New("must not be called")}
	v := fakeVerbs(f, l)
	if err := v.del(context.Background(), delArgs(t, cniutil.ArgPodContinues+"=true")); err != nil {
		t.Fatalf("DEL of a continuing pod: %v", err)
	}
	if len(l.calls) > 0 {
		t.Fatalf("DEL of a continuing pod flushed %v", l.calls)
	}
	if !f.removed(cniutil.OwnerID("net1", "c1", "eth0")) {
		t.Fatal("DEL of a continuing pod did not remove its rules")
	}
}

// TestGCFlowFlushFailureKeepsRules: GC of a gone pod whose conntrack
// flush fails fails (so diktyo-nri's GC counts as failed and keeps the
// pod's blocks) and leaves the pod's rules, so the next GC finds its
// address again; with a working flush it removes them.
func TestGCFlowFlushFailureKeepsRules(t *testing.T) {
	gone := snat.Owner{Network: "net1", ID: cniutil.OwnerID("net1", "gone", "eth0")}
	jump := iptables.JumpSpec(gone, netip.MustParseAddr("198.51.100.9"))
	for i, tok := range jump {
		if strings.Contains(tok, " ") {
			jump[i] = fmt.Sprintf("%q", tok)
		}
	}
	f := &fakeIPTables{listing: "-N " + testTag + "\n-A " + testTag + " " + strings.Join(jump, " ") + "\n"}
	l := &flowLog{err: errors.New("netlink: no buffer space")}
	v := fakeVerbs(f, l)
	args := &skel.CmdArgs{StdinData: unitConf(t, map[string]any{"cni.dev/valid-attachments": []any{}})}
	err := v.gc(context.Background(), args)
	if !errors.Is(err, l.err) || !strings.Contains(err.Error(), "198.51.100.9") {
		t.Fatalf("GC with a failing flush = %v, want an error naming 198.51.100.9 and wrapping %q", err, l.err)
	}
	if f.removed(gone.ID) {
		t.Fatal("GC removed the rules of a pod whose flows it could not remove")
	}
	l.err = nil
	if err := v.gc(context.Background(), args); err != nil {
		t.Fatalf("GC with a working flush: %v", err)
	}
	if !f.removed(gone.ID) {
		t.Fatal("GC did not remove the gone pod's rules")
	}
	want := []netip.Addr{netip.MustParseAddr("198.51.100.9")}
	for _, c := range l.calls {
		if !slices.Equal(c, want) {
			t.Fatalf("GC flushed %v, want only %v", l.calls, want)
		}
	}
	if len(l.calls) != 3 { // failed; then before and after removing
		t.Fatalf("GC flushed %d times, want 3: %v", len(l.calls), l.calls)
	}
}
