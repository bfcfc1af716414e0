package egress

import (
	"fmt"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// benchPool has room for 16,128 blocks of 4 ports.
var benchPool = Pool{Name: "web", Address: addr4, Lo: 1024, Hi: 65535, BlockSize: 4}

func benchPod(i int) Pod {
	return Pod{Namespace: "team-a", Name: fmt.Sprintf("web-%d", i), UID: fmt.Sprintf("uid-%08d", i), Sandbox: fmt.Sprintf("sb-%08d", i)}
}

// benchAllocator is an allocator whose state holds n grants of
// benchPool, written at once (as n grants over time would leave it).
func benchAllocator(b *testing.B, n int) *Allocator {
	b.Helper()
	a, err := New(testOptions(b.TempDir(), benchPool))
	if err != nil {
		b.Fatal(err)
	}
	st := &state{Version: stateVersion}
	since := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		st.Grants = append(st.Grants, Grant{Pod: benchPod(i), Block: benchPool.block(i), Since: since})
	}
	if _, err := saveState(a.o.StateDir, st); err != nil {
		b.Fatal(err)
	}
	return a
}

func poolPolicy() *policy.Policy {
	return &policy.Policy{MasqEntries: []api.MasqEntry{{External: "pool:web", Destination: "198.51.100.0/24", Protocol: "tcp"}}}
}

// BenchmarkAdmitHeld: Admit of a pod that holds its block already (what
// reconcile does for every running pod on every pass).
func BenchmarkAdmitHeld(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("grants=%d", n), func(b *testing.B) {
			a := benchAllocator(b, n)
			p := benchPod(n / 2)
			if err := a.Admit(p, poolPolicy()); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				pol := poolPolicy()
				if err := a.Admit(p, pol); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAdmitNew: Admit of a new pod (a grant, logged and written),
// then its Release (logged and written), with n grants held by others.
func BenchmarkAdmitNew(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("grants=%d", n), func(b *testing.B) {
			a := benchAllocator(b, n)
			p := benchPod(n + 1)
			b.ResetTimer()
			for range b.N {
				if err := a.Admit(p, poolPolicy()); err != nil {
					b.Fatal(err)
				}
				if g, err := a.Release(p); err != nil || len(g) != 1 {
					b.Fatal(g, err)
				}
			}
		})
	}
}

// BenchmarkReconcilePass: what one reconcile pass asks of the allocator
// with n pods holding blocks: Admit of every one (all held), then
// Reconcile with all of them live.
func BenchmarkReconcilePass(b *testing.B) {
	const n = 10000
	a := benchAllocator(b, n)
	live := make([]Pod, n)
	for i := range live {
		live[i] = benchPod(i)
	}
	b.ResetTimer()
	for range b.N {
		for _, p := range live {
			if err := a.Admit(p, poolPolicy()); err != nil {
				b.Fatal(err)
			}
		}
		if rel, err := a.Reconcile(live); err != nil || len(rel) != 0 {
			b.Fatal(rel, err)
		}
	}
}
