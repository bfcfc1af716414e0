package hosts

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// set is a legacy-style set (owner without node or pod), as the format
// tests pin it; setOn is what the plugin builds today.
func set(id string, names []string, addrs ...string) record.Set {
	return build(record.Owner{ID: id, Network: "net"}, names, addrs...)
}

func setOn(node, id string, names []string, addrs ...string) record.Set {
	return build(record.Owner{ID: id, Network: "net", Node: node, Pod: "default/" + id}, names, addrs...)
}

func build(o record.Owner, names []string, addrs ...string) record.Set {
	s := record.Set{Owner: o}
	for _, n := range names {
		s.Names = append(s.Names, record.Name{FQDN: n + ".pods.test.", Zone: "pods.test."})
	}
	for _, a := range addrs {
		s.Addrs = append(s.Addrs, netip.MustParseAddr(a))
	}
	s.Records = record.Build(s.Owner, s.Names, s.Addrs, nil, 30)
	return s
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFileFormat pins the exact file content through ADD, re-ADD with a
// new address, and DEL, with a foreign line and a comment kept verbatim.
func TestFileFormat(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	seed := "# managed elsewhere\n192.0.2.1   gw.pods.test   # gateway\n\n"
	if err := os.WriteFile(file, []byte(seed), 0o644); err != nil {
		t.Fatal(err)
	}
	b := New(file, "node-a")
	if err := b.Add(ctx(t), set("aaaa", []string{"web", "www"}, "198.51.100.7", "2001:db8::7")); err != nil {
		t.Fatal(err)
	}
	want := seed +
		"198.51.100.7\tweb.pods.test www.pods.test # diktyo-owner=aaaa diktyo-net=net\n" +
		"2001:db8::7\tweb.pods.test www.pods.test # diktyo-owner=aaaa diktyo-net=net\n"
	if got := read(t, file); got != want {
		t.Fatalf("after ADD:\n%s\nwant:\n%s", got, want)
	}
	if err := b.Add(ctx(t), set("aaaa", []string{"web"}, "198.51.100.8")); err != nil {
		t.Fatal(err)
	}
	want = seed + "198.51.100.8\tweb.pods.test # diktyo-owner=aaaa diktyo-net=net\n"
	if got := read(t, file); got != want {
		t.Fatalf("after re-ADD:\n%s\nwant:\n%s", got, want)
	}
	st, _ := os.Stat(file)
	if st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", st.Mode())
	}
	if err := b.Del(ctx(t), set("aaaa", nil)); err != nil {
		t.Fatal(err)
	}
	if got := read(t, file); got != seed {
		t.Fatalf("after DEL:\n%q\nwant:\n%q", got, seed)
	}
}

func TestModeKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	if err := os.WriteFile(file, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := New(file, "node-a").Add(ctx(t), set("aaaa", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(file); st.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640", st.Mode())
	}
}

func TestNoWriteWhenUnchanged(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	s := set("aaaa", []string{"web"}, "198.51.100.7")
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(file)
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(file)
	if !os.SameFile(before, after) {
		t.Fatal("an unchanged ADD rewrote the file (new inode)")
	}
}

func TestCheck(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	s := set("aaaa", []string{"web"}, "198.51.100.7")
	if err := b.Check(ctx(t), s); err == nil || !strings.Contains(err.Error(), "missing line") {
		t.Fatalf("CHECK without a file: %v", err)
	}
	if err := b.Add(ctx(t), s); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(ctx(t), s); err != nil {
		t.Fatalf("CHECK: %v", err)
	}
	// Someone edits the address by hand.
	edited := strings.Replace(read(t, file), "198.51.100.7", "198.51.100.99", 1)
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	err := b.Check(ctx(t), s)
	if err == nil || !strings.Contains(err.Error(), "missing line") || !strings.Contains(err.Error(), "unexpected line") {
		t.Fatalf("CHECK after edit: %v", err)
	}
}

// TestCheckReadsOncePerPass: within a reconcile pass (a read cache in the
// context) every pod's CHECK is answered from one read of the file, so a
// pass over N pods parses it once, not N times; a new pass (or a cleared
// cache, after a write) sees the file as it is.
func TestCheckReadsOncePerPass(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	a := setOn("node-a", "aaaa", []string{"a"}, "198.51.100.7")
	c := setOn("node-a", "cccc", []string{"c"}, "198.51.100.8")
	for _, s := range []record.Set{a, c} {
		if err := b.Add(ctx(t), s); err != nil {
			t.Fatal(err)
		}
	}
	cache := cniutil.NewReadCache()
	pass := cniutil.WithReadCache(ctx(t), cache)
	if err := b.Check(pass, a); err != nil {
		t.Fatalf("CHECK a: %v", err)
	}
	// The file changes under the pass: the pass does not read it again.
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := b.Check(pass, c); err != nil {
		t.Fatalf("CHECK c in the same pass read the file again: %v", err)
	}
	cache.Clear()
	if err := b.Check(pass, c); err == nil || !strings.Contains(err.Error(), "missing line") {
		t.Fatalf("CHECK c after the cache was cleared: %v, want the missing line", err)
	}
	if err := b.Check(ctx(t), a); err == nil {
		t.Fatal("CHECK a outside a pass passed on an empty file")
	}
}

// TestLockBounded: a lock held elsewhere makes ADD wait, and give up at
// the deadline, with an error naming the lock file, without touching the
// file.
func TestLockBounded(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	if err := b.Status(ctx(t)); err != nil { // creates the lock
		t.Fatal(err)
	}
	f, err := os.Open(b.lockPath())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH); err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = b.Add(c, set("aaaa", []string{"web"}, "198.51.100.7"))
	if err == nil || !strings.Contains(err.Error(), "locking "+b.lockPath()+": still held by another process") || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("ADD under a held lock: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("ADD waited %s past its 100ms deadline", d)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("file written despite the lock: %v", err)
	}
}

// probeEnv makes the test binary, re-executed as another user, try to
// open the file it names and take a shared lock on it (see TestMain).
const probeEnv = "DIKTYO_HOSTS_TEST_PROBE"

func TestMain(m *testing.M) {
	if path := os.Getenv(probeEnv); path != "" {
		os.Exit(probe(path))
	}
	os.Exit(m.Run())
}

// probe exits 0 when it could open path and take a shared flock, 2 when
// open failed with EACCES, 1 otherwise.
func probe(path string) int {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrPermission) {
		return 2
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// asNobody runs probe on path as uid/gid 65534 and returns its exit code.
func asNobody(t *testing.T, path string) int {
	t.Helper()
	// The test binary sits in a 0700 build directory: nobody runs a copy.
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(publicDir(t), "probe")
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), probeEnv+"="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("running the probe as nobody: %v %s", err, out)
	}
	return 0
}

// publicDir is a directory every user can traverse, as /var/lib is (a
// t.TempDir is 0700, which would hide the lock from other users whatever
// its mode).
func publicDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "diktyo-hosts-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a probe as another user and to create files of another user")
	}
}

// TestLockPrivate: another user cannot open the lock file, so cannot take
// it (a read-only descriptor is enough for flock) and stall every ADD;
// the hosts file itself stays readable (the DNS server reads it). The
// lock directory and file are 0700 and 0600, narrowed if found wider.
func TestLockPrivate(t *testing.T) {
	requireRoot(t)
	file := filepath.Join(publicDir(t), "hosts")
	b := New(file, "node-a")
	lockDir := filepath.Dir(b.lockPath())
	if err := os.Mkdir(lockDir, 0o777); err != nil { // as left by a careless admin
		t.Fatal(err)
	}
	if err := os.WriteFile(b.lockPath(), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(lockDir, 0o777); err != nil { // past the umask
		t.Fatal(err)
	}
	if err := os.Chmod(b.lockPath(), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx(t), setOn("node-a", "aaaa", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{lockDir: 0o700, b.lockPath(): 0o600, file: 0o644} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", path, st.Mode().Perm(), err, want)
		}
	}
	if code := asNobody(t, file); code != 0 {
		t.Fatalf("nobody cannot read the hosts file (probe exit %d): the probe does not work, or the file is not served", code)
	}
	if code := asNobody(t, b.lockPath()); code != 2 {
		t.Fatalf("nobody opening the lock: probe exit %d, want 2 (permission denied)", code)
	}
}

// TestLockOfAnotherUser: a lock directory another user made (in a
// directory they can write to) or a symlink there is refused, naming it,
// rather than trusted.
func TestLockOfAnotherUser(t *testing.T) {
	requireRoot(t)
	file := filepath.Join(publicDir(t), "hosts")
	b := New(file, "node-a")
	lockDir := filepath.Dir(b.lockPath())
	if err := os.Mkdir(lockDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(lockDir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	err := b.Add(ctx(t), set("aaaa", []string{"web"}, "198.51.100.7"))
	if err == nil || !strings.Contains(err.Error(), lockDir+" belongs to uid 65534") {
		t.Fatalf("ADD with another user's lock directory: %v", err)
	}
	if err := os.Remove(lockDir); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), lockDir); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx(t), set("aaaa", []string{"web"}, "198.51.100.7")); err == nil || !strings.Contains(err.Error(), "is not a directory") {
		t.Fatalf("ADD with a symlinked lock directory: %v", err)
	}
}

// TestConcurrent: 20 goroutines ADD at once, half DEL again, with
// conflicting requests for a shared name mixed in. The file ends with
// exactly the live lines, all well formed, and no temp files.
func TestConcurrent(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	const n = 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	sharedOwners := 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := New(file, "node-a") // separate backends: separate lock descriptors
			id := fmt.Sprintf("%016x", i)
			s := set(id, []string{fmt.Sprintf("p%02d", i)}, fmt.Sprintf("198.51.100.%d", i+1), fmt.Sprintf("2001:db8::%x", i+1))
			if err := b.Add(ctx(t), s); err != nil {
				t.Errorf("ADD %d: %v", i, err)
				return
			}
			// Everybody tries to take "shared"; exactly one may hold it.
			if err := b.Add(ctx(t), set(id+"s", []string{"shared"}, "203.0.113.1")); err == nil {
				mu.Lock()
				sharedOwners++
				mu.Unlock()
			}
			if i%2 == 1 {
				if err := b.Del(ctx(t), s); err != nil {
					t.Errorf("DEL %d: %v", i, err)
				}
			}
		}()
	}
	wg.Wait()
	if sharedOwners != 1 {
		t.Fatalf("%d attachments hold the shared name, want 1", sharedOwners)
	}
	var want []string
	for i := 0; i < n; i += 2 {
		own := fmt.Sprintf("# diktyo-owner=%016x diktyo-net=net", i)
		want = append(want,
			fmt.Sprintf("198.51.100.%d\tp%02d.pods.test %s", i+1, i, own),
			fmt.Sprintf("2001:db8::%x\tp%02d.pods.test %s", i+1, i, own))
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(read(t, file), "\n"), "\n") {
		e := parseLine(l)
		if !e.ours {
			t.Fatalf("malformed line %q", l)
		}
		if !strings.Contains(l, "shared.pods.test") {
			got = append(got, l)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".hosts.tmp*")); len(tmps) > 0 {
		t.Fatalf("temp files left: %v", tmps)
	}
}

func TestGC(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	for _, s := range []record.Set{set("live", []string{"a"}, "198.51.100.1"), set("dead", []string{"b"}, "198.51.100.2")} {
		if err := b.Add(ctx(t), s); err != nil {
			t.Fatal(err)
		}
	}
	other := set("dead", []string{"c"}, "198.51.100.3")
	other.Owner.Network = "othernet"
	if err := b.Add(ctx(t), other); err != nil {
		t.Fatal(err)
	}
	if err := b.GC(ctx(t), "net", map[string]bool{"live": true}); err != nil {
		t.Fatal(err)
	}
	want := "198.51.100.1\ta.pods.test # diktyo-owner=live diktyo-net=net\n198.51.100.3\tc.pods.test # diktyo-owner=dead diktyo-net=othernet\n"
	if got := read(t, file); got != want {
		t.Fatalf("after GC:\n%s\nwant:\n%s", got, want)
	}
}

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"198.51.100.1\ta.pods.test # diktyo-owner=x diktyo-net=n", "# c", "", "::1 localhost", "1.2.3.4", "x y # z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		e := parseLine(line)
		// What diktyo writes, it reads back identically.
		if e.ours {
			again := parseLine(e.String())
			if !again.ours || again.owner != e.owner || again.addr != e.addr || !slices.Equal(again.names, e.names) {
				t.Fatalf("%q -> %q does not round-trip", line, e.String())
			}
		} else if e.String() != line {
			t.Fatalf("foreign line %q not kept verbatim: %q", line, e.String())
		}
	})
}

// TestGCKeepsOtherNodesLines: two nodes sharing one file (a file on shared
// storage, or two kubelets on one host): each node's GC, told only its
// own live attachments, keeps the other node's lines. Lines without a
// node (older versions) are this file's, and a file is one node's state,
// so GC treats them as its own.
func TestGCKeepsOtherNodesLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	a, b := New(file, "node-a"), New(file, "node-b")
	aLive, aDead := setOn("node-a", "alive", []string{"a1"}, "198.51.100.1"), setOn("node-a", "adead", []string{"a2"}, "198.51.100.2")
	bLive, bDead := setOn("node-b", "blive", []string{"b1"}, "198.51.100.3"), setOn("node-b", "bdead", []string{"b2"}, "198.51.100.4")
	old := set("old", []string{"old"}, "198.51.100.5")
	for _, tc := range []struct {
		b *Backend
		s record.Set
	}{{a, aLive}, {a, aDead}, {b, bLive}, {b, bDead}, {a, old}} {
		if err := tc.b.Add(ctx(t), tc.s); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.GC(ctx(t), "net", map[string]bool{"alive": true}); err != nil {
		t.Fatal(err)
	}
	if got := names(t, file); !slices.Equal(got, []string{"a1", "b1", "b2"}) {
		t.Fatalf("after node-a's GC: %q, want a1 b1 b2", got)
	}
	if err := b.GC(ctx(t), "net", map[string]bool{"blive": true}); err != nil {
		t.Fatal(err)
	}
	if got := names(t, file); !slices.Equal(got, []string{"a1", "b1"}) {
		t.Fatalf("after node-b's GC: %q, want a1 b1", got)
	}
}

// names lists the first name of every line, without the zone, sorted.
func names(t *testing.T, file string) []string {
	t.Helper()
	var out []string
	for _, e := range parse([]byte(read(t, file))) {
		out = append(out, strings.TrimSuffix(e.names[0], ".pods.test"))
	}
	slices.Sort(out)
	return out
}

// TestTakenNameNamesThePod: a name on another pod's line is refused, and
// the error names that pod; the file is unchanged.
func TestTakenNameNamesThePod(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	if err := b.Add(ctx(t), setOn("node-a", "web-1", []string{"api.web-1.shop"}, "198.51.100.1")); err != nil {
		t.Fatal(err)
	}
	before := read(t, file)
	err := b.Add(ctx(t), setOn("node-a", "squatter", []string{"mine", "api.web-1.shop"}, "198.51.100.2"))
	if err == nil || !strings.Contains(err.Error(), "api.web-1.shop.pods.test is already taken") || !strings.Contains(err.Error(), "pod default/web-1") {
		t.Fatalf("ADD of a name another pod holds: %v", err)
	}
	t.Logf("ADD: %v", err)
	if got := read(t, file); got != before {
		t.Fatalf("file changed by a refused ADD:\n%s", got)
	}
}

// TestLegacyLines: a line written before owners named node and pod is
// still its attachment's: CHECK accepts it, ADD converges over it (and
// re-tags it), DEL without the pod removes it.
func TestLegacyLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	b := New(file, "node-a")
	if err := b.Add(ctx(t), set("aaaa", []string{"web"}, "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	now := setOn("node-a", "aaaa", []string{"web"}, "198.51.100.7")
	if err := b.Check(ctx(t), now); err != nil {
		t.Fatalf("CHECK over a legacy line: %v", err)
	}
	if err := b.Add(ctx(t), now); err != nil {
		t.Fatalf("ADD over a legacy line: %v", err)
	}
	want := "198.51.100.7\tweb.pods.test # diktyo-owner=aaaa diktyo-net=net diktyo-node=node-a diktyo-pod=default/aaaa\n"
	if got := read(t, file); got != want {
		t.Fatalf("after ADD:\n%s\nwant:\n%s", got, want)
	}
	del := now
	del.Owner.Pod = ""
	if err := b.Del(ctx(t), del); err != nil {
		t.Fatal(err)
	}
	if got := read(t, file); got != "" {
		t.Fatalf("after DEL without the pod: %q", got)
	}
}

// TestRememberedLinesAreTheFile: what the backend keeps between ADDs to
// skip parsing its own file again is exactly what parsing the file gives,
// after ADDs, DELs, a foreign line and a line in an older owner format;
// and an edit by anyone else is seen at once.
func TestRememberedLinesAreTheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hosts")
	legacy := "198.51.100.30\told.pods.test # diktyo-owner=legacy diktyo-net=net\n"
	if err := os.WriteFile(file, []byte("127.0.0.1\tlocalhost\n"+legacy), 0o644); err != nil {
		t.Fatal(err)
	}
	b := New(file, "node-a")
	check := func(when string) {
		t.Helper()
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := recall(file, data)
		if !ok {
			t.Fatalf("%s: nothing remembered for the file as it is", when)
		}
		if want := parse(data); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: remembered lines differ from the file's:\n got %+v\nwant %+v", when, got, want)
		}
	}
	for i := range 5 {
		s := setOn("node-a", fmt.Sprintf("id%d", i), []string{fmt.Sprintf("Pod-%d", i)}, fmt.Sprintf("198.51.100.%d", 10+i), fmt.Sprintf("2001:db8::%d", 10+i))
		if err := b.Add(ctx(t), s); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("after ADD %d", i))
	}
	if err := b.Del(ctx(t), setOn("node-a", "id2", []string{"pod-2"}, "198.51.100.12")); err != nil {
		t.Fatal(err)
	}
	check("after DEL")
	// Someone else changes the file in place, keeping its size: the next
	// ADD works on the file as it is now.
	data := []byte(strings.Replace(read(t, file), "pod-1", "pod-x", 1))
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(ctx(t), setOn("node-a", "id9", []string{"pod-x"}, "198.51.100.99")); err == nil || !strings.Contains(err.Error(), "already taken") {
		t.Fatalf("ADD of a name another line took in an edit: %v", err)
	}
}
