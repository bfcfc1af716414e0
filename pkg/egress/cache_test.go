package egress

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/internal/fsutil"
	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// helperEnv names the state directory TestHelperProcessGrant grants in
// when the test binary runs as that helper.
const helperEnv = "DIKTYO_EGRESS_HELPER_DIR"

// TestHelperProcessGrant is not a test: run by TestCacheSeesOtherProcess
// as another process, it grants one block to the pod named in the
// environment on the state directory named there, and prints it.
func TestHelperProcessGrant(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("helper process only")
	}
	a := mustNew(t, testOptions(dir, webPool(8, 10)))
	b := mustGrant(t, a, "web", pod(os.Getenv(helperEnv+"_POD")))
	fmt.Println("GRANTED", b)
}

func grantInOtherProcess(t *testing.T, dir, name string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcessGrant$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir, helperEnv+"_POD="+name)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "GRANTED") {
		t.Fatalf("helper process: %v\n%s", err, out)
	}
	return string(out)
}

// TestCacheSeesOtherProcess: an allocator that has the state in memory
// sees what another process wrote since, at its next call: it never
// grants the block the other process granted, it lists that grant, and
// it releases it.
func TestCacheSeesOtherProcess(t *testing.T) {
	dir := t.TempDir()
	a := mustNew(t, testOptions(dir, webPool(8, 10)))
	mine := mustGrant(t, a, "web", pod("mine"))
	if err := a.Check(); err != nil { // the state is in memory now
		t.Fatal(err)
	}
	out := grantInOtherProcess(t, dir, "theirs")
	got, err := a.Blocks()
	if err != nil || len(got) != 2 {
		t.Fatalf("Blocks after another process's grant = %v, %v; want both grants", got, err)
	}
	var theirs Block
	for _, g := range got {
		if g.Pod == pod("theirs") {
			theirs = g.Block
		}
	}
	if !strings.Contains(out, theirs.String()) || theirs == mine {
		t.Fatalf("the other process printed %q; the allocator lists %s (and %s as its own)", out, theirs, mine)
	}
	// Every other pod now gets neither block.
	var blocks []Block
	for i := range 6 {
		blocks = append(blocks, mustGrant(t, a, "web", pod(fmt.Sprint("p", i))))
	}
	checkDisjoint(t, append(blocks, mine, theirs))
	if rel, err := a.Release(pod("theirs")); err != nil || len(rel) != 1 || rel[0].Block != theirs {
		t.Errorf("Release of the other process's pod = %v, %v", rel, err)
	}
}

// TestCacheSeesReplacedFile: a state file replaced by any writer (a
// rename, as every writer does, or a rewrite in place), even with the
// same size, is read again; a corrupt one fails every call that needs it,
// naming the file, until it is fixed, and is never reset.
func TestCacheSeesReplacedFile(t *testing.T) {
	o := testOptions(t.TempDir(), webPool(8, 10))
	a := mustNew(t, o)
	path := filepath.Join(o.StateDir, StateFile)
	mustGrant(t, a, "web", pod("a"))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Pod a's grant becomes pod b's: the same size, another file.
	swapped := strings.NewReplacer(`"uid-a"`, `"uid-b"`, `"sb-a"`, `"sb-b"`, `"name":"a"`, `"name":"b"`).Replace(string(data))
	if len(swapped) != len(data) || swapped == string(data) {
		t.Fatalf("test setup: %q", swapped)
	}
	if err := fsutil.WriteFile(path, []byte(swapped), fsutil.Options{}); err != nil {
		t.Fatal(err)
	}
	if g, err := a.Blocks(); err != nil || len(g) != 1 || g[0].Pod != pod("b") {
		t.Fatalf("Blocks after the file was replaced = %v, %v; want pod b's grant", g, err)
	}
	// Rewritten in place (another size), corrupt: reported, kept.
	if err := os.WriteFile(path, []byte(`{"version":1,"grants":[`), 0o600); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := a.Grant("web", pod("c")); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
			t.Fatalf("Grant on a corrupt state = %v, want ErrCorrupt naming %s", err, path)
		}
	}
	if err := a.Check(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Check = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != `{"version":1,"grants":[` {
		t.Errorf("corrupt state file changed to %q", got)
	}
	// Fixed: used again, as the file says.
	if err := os.WriteFile(path, []byte(swapped), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := a.Check(); err != nil {
		t.Fatal(err)
	}
	if b, held, err := a.Preview("web", pod("b")); err != nil || !held {
		t.Errorf("Preview of pod b after the fix = %s, %v, %v", b, held, err)
	}
	// Removed: an empty state.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if g, err := a.Blocks(); err != nil || len(g) != 0 {
		t.Errorf("Blocks with no state file = %v, %v", g, err)
	}
}

// TestFailedAdmitTakesNothing: an Admit refused part-way (its explicit
// range claimable, its pool exhausted) leaves the state as it was, in
// memory and on disk.
func TestFailedAdmitTakesNothing(t *testing.T) {
	o := testOptions(t.TempDir(), webPool(1, 10))
	a := mustNew(t, o)
	mustGrant(t, a, "web", pod("a"))
	pol := &policy.Policy{MasqEntries: []api.MasqEntry{
		{External: "203.0.113.11:5000-5009", Destination: "192.0.2.0/24", Protocol: "udp"},
		{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "tcp"},
	}}
	before := slices.Clone(pol.MasqEntries)
	if err := a.Admit(pod("b"), pol); !errors.Is(err, ErrExhausted) {
		t.Fatalf("Admit = %v, want ErrExhausted", err)
	}
	if !reflect.DeepEqual(pol.MasqEntries, before) {
		t.Errorf("policy changed by a failed Admit: %+v", pol.MasqEntries)
	}
	fresh := mustNew(t, o)
	for name, al := range map[string]*Allocator{"in memory": a, "on disk": fresh} {
		if g, err := al.Blocks(); err != nil || len(g) != 1 || g[0].Pod != pod("a") {
			t.Errorf("%s after the failed Admit: %v, %v; want pod a's block only", name, g, err)
		}
	}
	// The range is free for another pod.
	if err := a.ClaimExplicit(pod("c"), addr4.Next(), 5000, 5009); err != nil {
		t.Errorf("the range a failed Admit asked: %v", err)
	}
}

// TestCacheRandomized: random grants, claims, releases and reconciles,
// each through one of two allocators on one directory (two processes, as
// far as the file goes), and now and then the file replaced under them by
// a third: after every step both list what a fresh allocator reads from
// the file, and no two grants on an address overlap.
func TestCacheRandomized(t *testing.T) {
	for seed := range uint64(5) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 22))
			pools := []Pool{webPool(12, 10), {Name: "v6", Address: addr6, Lo: 1000, Hi: 1099, BlockSize: 25}}
			o := testOptions(t.TempDir(), pools...)
			allocs := []*Allocator{mustNew(t, o), mustNew(t, o)}
			third := mustNew(t, o)
			pods := make([]Pod, 16)
			for i := range pods {
				pods[i] = pod(fmt.Sprint("r", i))
			}
			for step := range 300 {
				a := allocs[r.IntN(2)]
				p := pods[r.IntN(len(pods))]
				var err error
				switch op := r.IntN(10); {
				case op < 4:
					_, err = a.Grant([]string{"web", "v6"}[r.IntN(2)], p)
				case op < 6:
					lo := uint16(5000 + 10*r.IntN(20))
					err = a.ClaimExplicit(p, addr4, lo, lo+uint16(r.IntN(15)))
				case op < 8:
					_, err = a.Release(p)
				case op < 9:
					_, err = a.Reconcile(pods[:r.IntN(len(pods))])
				default:
					// Another process's write.
					_, err = third.Release(p)
				}
				if err != nil && !errors.Is(err, ErrExhausted) && !errors.Is(err, ErrConflict) {
					t.Fatalf("step %d: %v", step, err)
				}
				want, err := mustNew(t, o).Blocks()
				if err != nil {
					t.Fatal(err)
				}
				for i, al := range allocs {
					got, err := al.Blocks()
					if err != nil || !reflect.DeepEqual(got, want) {
						t.Fatalf("step %d: allocator %d lists %v (%v), the file %v", step, i, got, err, want)
					}
				}
				for i, x := range want {
					for _, y := range want[:i] {
						if x.overlaps(y.Address, y.Lo, y.Hi) && x.Pod != y.Pod {
							t.Fatalf("step %d: %s overlaps %s", step, x, y)
						}
					}
				}
			}
		})
	}
}
