package dnstest_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/registerdns/dnstest"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestStartBind starts a server with a forward and a reverse zone, checks
// both answer, that the key file is BIND's format, and that Stop leaves no
// named process behind.
func TestStartBind(t *testing.T) {
	testutil.RequireRoot(t)
	srv := dnstest.StartBind(t, "pods.test", "100.51.198.in-addr.arpa.")
	for _, z := range []string{"pods.test.", "100.51.198.in-addr.arpa."} {
		if got := srv.Query(t, z, dns.TypeSOA); len(got) != 1 {
			t.Fatalf("SOA %s: got %v", z, got)
		}
	}
	if got := srv.Names(t, "pods.test."); len(got) != 0 {
		t.Fatalf("fresh zone has names %v", got)
	}
	key, err := os.ReadFile(srv.KeyFile)
	if err != nil || len(key) == 0 {
		t.Fatalf("key file: %v", err)
	}
	pid := srv.Pid()
	if !srv.Running() || !alive(pid) {
		t.Fatal("named not running")
	}
	srv.Stop()
	if srv.Running() || alive(pid) {
		t.Fatalf("named (pid %d) still running after Stop", pid)
	}
}

// TestStartBindInNetns runs the server inside a throwaway netns.
func TestStartBindInNetns(t *testing.T) {
	n := testutil.NewNS(t)
	srv := dnstest.StartBindIn(t, n.Path(), "pods.test.")
	if got := srv.Query(t, "pods.test.", dns.TypeSOA); len(got) != 1 {
		t.Fatalf("SOA: got %v", got)
	}
}

// alive reads /proc rather than signalling: a zombie is not alive.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	for i := len(b) - 1; i > 0; i-- {
		if b[i] == ')' && i+2 < len(b) {
			return b[i+2] != 'Z' && b[i+2] != 'X'
		}
	}
	return true
}
