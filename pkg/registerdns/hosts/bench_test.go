package hosts

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkAddDel: one pod's Add and Del with n other pods' lines in the
// file, answered after the write (a binary) and before it (diktyo-nri,
// WriteBehind: the pod waits for the name check, the writer writes
// batches meanwhile; the last Flush is inside the timing).
func BenchmarkAddDel(b *testing.B) {
	for _, n := range []int{0, 1000, 10000} {
		for _, wb := range []bool{false, true} {
			b.Run(fmt.Sprintf("pods=%d/behind=%v", n, wb), func(b *testing.B) {
				path := filepath.Join(b.TempDir(), "hosts")
				be := New(path, "n1")
				ctx := context.Background()
				var others []entry
				for i := range n {
					others = append(others, wanted(setOn("n1", fmt.Sprintf("o%d", i), []string{fmt.Sprintf("p%d", i)}, fmt.Sprintf("192.0.%d.%d", i>>8&255, i&255)))...)
				}
				data, _ := render(others)
				if err := os.WriteFile(path, data, 0o644); err != nil {
					b.Fatal(err)
				}
				if wb {
					be.WriteBehind()
				}
				i := 0
				for b.Loop() {
					s := setOn("n1", fmt.Sprintf("bench%d", i), []string{fmt.Sprintf("bench%d", i)}, "198.51.100.7")
					i++
					if err := be.Add(ctx, s); err != nil {
						b.Fatal(err)
					}
					if err := be.Del(ctx, s); err != nil {
						b.Fatal(err)
					}
				}
				if err := Flush(ctx); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}
