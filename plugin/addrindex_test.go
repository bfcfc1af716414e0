package plugin

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
)

// fakeAddrs is an AddressManager over a set of addresses diktyo
// assigned, recording withdrawals.
type fakeAddrs struct {
	mu        sync.Mutex
	owned     []hostaddr.Address
	withdrawn []netip.Addr
}

func (f *fakeAddrs) Ensure(_ context.Context, _ *hostaddr.Ledger, a hostaddr.Address) (hostaddr.Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !slices.ContainsFunc(f.owned, func(o hostaddr.Address) bool { return o.Addr == a.Addr }) {
		f.owned = append(f.owned, a)
	}
	return hostaddr.Assigned, nil
}

func (f *fakeAddrs) Withdraw(_ *hostaddr.Ledger, a netip.Addr) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := len(f.owned)
	f.owned = slices.DeleteFunc(f.owned, func(o hostaddr.Address) bool { return o.Addr == a })
	if len(f.owned) < n {
		f.withdrawn = append(f.withdrawn, a)
	}
	return len(f.owned) < n, nil
}

// Inventory: every address of the fake is this instance's.
func (f *fakeAddrs) Inventory(*hostaddr.Ledger) (hostaddr.Inventory, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var inv hostaddr.Inventory
	for _, o := range f.owned {
		inv.Own = append(inv.Own, hostaddr.Assignment{Address: o})
	}
	return inv, nil
}

func (f *fakeAddrs) Present(netip.Addr) (bool, error) { return true, nil }

// managedAddr is the managed address of the address-index tests.
var managedAddr = netip.MustParseAddr("203.0.113.10")

// managedPlugin is statusPlugin with a fake address manager that owns
// managedAddr.
func managedPlugin(tb testing.TB) (*statusEnv, *fakeAddrs) {
	tb.Helper()
	env := statusPluginWith(tb, statusConflist)
	fa := &fakeAddrs{owned: []hostaddr.Address{{Addr: managedAddr, Interface: "eth0"}}}
	env.p.admission.SetManager(fa)
	return env, fa
}

// managedPod is a pod applied with managedAddr, cached as libcni would
// have it.
func managedPod(i int) podEntry {
	e := webPod()
	e.Pod.ID = fmt.Sprintf("sb-%06d", i)
	e.Pod.Name = fmt.Sprintf("web-%d", i)
	e.EgressAddrs = []netip.Addr{managedAddr}
	return e
}

const managedArgs = `{"masqEntries":[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"}]}`

// del is what a pod's successful DEL does to the table, the cache and
// the addresses (handlers.go teardown, then releaseEgress).
func (env *statusEnv) del(tb testing.TB, id string) {
	tb.Helper()
	env.p.pods.MarkRemoved(id)
	f := filepath.Join(env.p.Config().Chain.CacheDir, "results", "diktyo-"+id+"-eth0")
	if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
		tb.Fatal(err)
	}
	e, _ := env.p.pods.Get(id)
	env.p.work.ReleaseEgress(env.p.conf.Load(), &e)
}

// BenchmarkAddressUsers: a pod's DEL on a node where n pods use one
// managed address (steady: the pod comes back untimed, so each DEL sees
// n-1 others), and a whole drain of n pods (ns/op is the drain's; ns/del
// each DEL's).
func BenchmarkAddressUsers(b *testing.B) {
	const n = 1000
	setup := func(b *testing.B, n int) (*statusEnv, *fakeAddrs) {
		env, fa := managedPlugin(b)
		for i := range n {
			env.add(b, managedPod(i), managedArgs)
		}
		return env, fa
	}
	b.Run(fmt.Sprintf("steady=%d", n), func(b *testing.B) {
		env, fa := setup(b, n)
		b.ResetTimer()
		for k := range b.N {
			i := k % n
			env.del(b, managedPod(i).Pod.ID)
			b.StopTimer()
			env.p.pods.Remove(managedPod(i).Pod.ID)
			env.add(b, managedPod(i), managedArgs)
			b.StartTimer()
		}
		if len(fa.withdrawn) != 0 {
			b.Fatalf("withdrawn while in use: %v", fa.withdrawn)
		}
	})
	// Two sizes: a DEL that is O(1) costs the same in both drains.
	for _, n := range []int{100, n} {
		benchDrain(b, n, setup)
	}
}

func benchDrain(b *testing.B, n int, setup func(*testing.B, int) (*statusEnv, *fakeAddrs)) {
	b.Run(fmt.Sprintf("drain=%d", n), func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			env, fa := setup(b, n)
			b.StartTimer()
			for i := range n {
				env.del(b, managedPod(i).Pod.ID)
			}
			if !slices.Equal(fa.withdrawn, []netip.Addr{managedAddr}) {
				b.Fatalf("withdrawn after the drain: %v", fa.withdrawn)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/del")
	})
}

// refUsers is addressUsers as it was before the index: every pod entry
// live or holding chain state, and every cached attachment, read in
// full; it changes nothing.
func refUsers(t *testing.T, p *Plugin) map[netip.Addr]int {
	t.Helper()
	users := map[netip.Addr]map[string]bool{}
	add := func(a netip.Addr, id string) {
		if users[a] == nil {
			users[a] = map[string]bool{}
		}
		users[a][id] = true
	}
	for _, e := range p.pods.Snapshot() {
		if e.Live() || e.HoldsChain() {
			for _, a := range e.EgressAddrs {
				add(a, e.Pod.ID)
			}
		}
	}
	cached, err := p.conf.Load().CachedExternals()
	if err != nil {
		t.Fatal(err)
	}
	for id, addrs := range cached {
		for _, a := range addrs {
			add(a, id)
		}
	}
	out := map[netip.Addr]int{}
	for a, u := range users {
		out[a] = len(u)
	}
	return out
}

// TestAddressIndexRandomized: random pod lives (admitted, added with or
// without success, deleted, stopped, ended, rejected, removed with or
// without their DEL, a restart that forgets the table but not the cache,
// attachments of an earlier process, GCs): after every step, the index
// counts what the full read counts, except after a step that makes it
// miss a user the cache still has (a restart, a removal without DEL),
// until the next full read; and a DEL's withdrawal takes exactly the
// owned addresses the full read finds unused, never one it finds in use.
func TestAddressIndexRandomized(t *testing.T) {
	addrs := []netip.Addr{netip.MustParseAddr("203.0.113.10"), netip.MustParseAddr("203.0.113.11"), netip.MustParseAddr("2001:db8::10")}
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 22))
			env, fa := managedPlugin(t)
			p := env.p
			cacheFile := func(id string) string {
				return filepath.Join(p.Config().Chain.CacheDir, "results", "diktyo-"+id+"-eth0")
			}
			const pods = 12
			mine := make([][]netip.Addr, pods) // each pod's managed addresses, fixed
			for i := range mine {
				for _, a := range addrs {
					if r.IntN(2) == 0 {
						mine[i] = append(mine[i], a)
					}
				}
			}
			entry := func(i int) podEntry {
				e := managedPod(i)
				e.Chain, e.EgressAddrs = chainNone, nil
				return e
			}
			args := func(i int) (map[string]any, string) {
				var masq []string
				for _, a := range mine[i] {
					masq = append(masq, fmt.Sprintf(`{"external":%q,"destination":"198.51.100.7/32","protocol":"tcp"}`, netip.AddrPortFrom(a, 5000).String()))
				}
				masq = append(masq, `{"external":"192.0.2.99","destination":"198.51.100.8/32"}`) // not managed
				js := `{"masqEntries":[` + strings.Join(masq, ",") + `]}`
				var m map[string]any
				if err := json.Unmarshal([]byte(js), &m); err != nil {
					t.Fatal(err)
				}
				return m, js
			}
			missed := false // the index may miss a user until the next full read
			// failed: pods whose ADD failed and no DEL followed yet (as one
			// does at once): the index may count them for what the ADD
			// might have cached.
			failed := map[string]bool{}
			for step := range 400 {
				i := r.IntN(pods)
				id := managedPod(i).Pod.ID
				e, known := p.pods.Get(id)
				st := p.conf.Load()
				op := r.IntN(13)
				switch op {
				case 0, 1: // RunPodSandbox: admitted (its addresses recorded)
					ne := entry(i)
					p.pods.Upsert(&ne)
					p.pods.Update(id, func(pe *podEntry) { pe.EgressAddrs = slices.Clone(mine[i]) })
				case 2, 3: // ADD that succeeds
					m, js := args(i)
					if p.pods.Claim(id, e.Pod.IPs, m, false) {
						ce := e
						ce.Chain = chainApplied
						env.add(t, ce, js)
						p.pods.Upsert(&ce)
						p.pods.MarkApplied(id)
					}
				case 4: // ADD that fails: nothing cached
					m, _ := args(i)
					if p.pods.Claim(id, e.Pod.IPs, m, false) {
						failed[id] = true
					}
				case 5, 6: // DEL that succeeds, then the release
					if known {
						env.del(t, id)
						delete(failed, id)
					}
				case 7:
					p.pods.Stop(id)
				case 8:
					p.pods.End(id)
				case 9:
					p.pods.Reject(id)
				case 10: // Remove (its DEL may have failed: the cache may stay)
					if _, err := os.Stat(cacheFile(id)); err == nil {
						missed = true
					}
					p.pods.Remove(id)
					delete(failed, id)
				case 11: // a restart: a new table, the cache as it was; then Synchronize
					p.pods = newPodTable()
					var entries []*podEntry
					for k := range pods {
						if r.IntN(2) == 0 {
							ne := entry(k)
							entries = append(entries, &ne)
						}
					}
					p.pods.Replace(entries)
					missed, failed = true, map[string]bool{}
				case 12: // GC: a full read
					p.admission.GC(st.Admit())
					missed, failed = false, map[string]bool{}
				}
				ref := refUsers(t, p)
				got := p.pods.AddrCounts(addrs)
				exact := !missed && len(failed) == 0
				for _, a := range addrs {
					if !missed && got[a] < ref[a] || exact && got[a] != ref[a] {
						t.Fatalf("step %d (op %d, pod %d): index counts %d users of %s, the full read %d", step, op, i, got[a], a, ref[a])
					}
				}
				// A DEL's withdrawal, with every address owned.
				fa.mu.Lock()
				fa.owned, fa.withdrawn = nil, nil
				for _, a := range addrs {
					fa.owned = append(fa.owned, hostaddr.Address{Addr: a, Interface: "eth0"})
				}
				fa.mu.Unlock()
				scans := slices.ContainsFunc(addrs, func(a netip.Addr) bool { return got[a] == 0 })
				p.admission.WithdrawUnused(st.Admit(), false)
				var unused []netip.Addr
				for _, a := range addrs {
					if ref[a] == 0 {
						unused = append(unused, a)
					}
				}
				for _, a := range fa.withdrawn {
					if ref[a] > 0 {
						t.Fatalf("step %d: %s withdrawn with %d users", step, a, ref[a])
					}
				}
				if exact && !slices.Equal(fa.withdrawn, unused) {
					t.Fatalf("step %d: withdrawn %v, unused by the full read %v", step, fa.withdrawn, unused)
				}
				if scans {
					missed, failed = false, map[string]bool{}
				}
			}
		})
	}
}
