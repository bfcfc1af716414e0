package chainrun_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestInProcessWritesBehind: with Options.Behind, registerDNS's hosts
// ADD and DEL answer while another process holds the file's lock (the
// write waits, the pod does not), and chainrun.Flush writes them; without
// it, ADD waits for the lock as a binary does.
func TestInProcessWritesBehind(t *testing.T) {
	testutil.RequireRoot(t)
	for _, behind := range []bool{true, false} {
		t.Run(fmt.Sprint("behind=", behind), func(t *testing.T) {
			dir := t.TempDir()
			hosts := filepath.Join(dir, "dns", "hosts")
			chain := fmt.Sprintf(`{"cniVersion":"1.1.0","name":"testnet","plugins":[{"type":"registerDNS","backend":"hosts",
				"zones":["pods.test"],"nameTemplate":"{name}.{namespace}.{zone}","timeout":"1s","hosts":{"file":%q},
				"capabilities":{"ips":true,"dnsNames":true}}]}`, hosts)
			host := testutil.NewNS(t)
			r, err := chainrun.New(chainrun.Options{Conflist: writeConflist(t, dir, chain), BinDirs: []string{filepath.Join(dir, "no-binaries")},
				CacheDir: filepath.Join(dir, "cache"), IfName: "eth0", Exec: &chainrun.NetnsExec{NetNS: host.Path(), Stderr: io.Discard},
				InProcess: true, Behind: behind})
			if err != nil {
				t.Fatal(err)
			}
			release := holdHostsLock(t, hosts)
			pod := chainrun.Pod{ID: "pod1" + testutil.RandSuffix(8), Namespace: "ns", Name: "web", NetNS: testutil.NewNS(t).Path(), IPs: []string{"198.51.100.7/24"}}
			_, err = r.Add(context.Background(), pod, nil)
			if !behind {
				if err == nil || !strings.Contains(err.Error(), "still held") {
					t.Fatalf("Add without Behind while the lock is held = %v, want a lock timeout", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Add: %v", err)
			}
			release()
			if err := chainrun.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(hosts); err != nil || !strings.Contains(string(b), "198.51.100.7\tweb.ns.pods.test") {
				t.Fatalf("hosts after Flush (%v):\n%s", err, b)
			}
			if _, err := r.Del(context.Background(), pod, nil); err != nil {
				t.Fatal(err)
			}
			if err := chainrun.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(hosts); err != nil || strings.Contains(string(b), "198.51.100.7") {
				t.Fatalf("hosts after DEL and Flush (%v):\n%s", err, b)
			}
		})
	}
}

// holdHostsLock takes the hosts file's writers' lock (FILE.lock.d/lock,
// pkg/registerdns/hosts) as another process would.
func holdHostsLock(t *testing.T, hosts string) (release func()) {
	t.Helper()
	lock := hosts + ".lock.d/lock"
	if err := os.MkdirAll(filepath.Dir(lock), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return func() { _ = f.Close() }
}
