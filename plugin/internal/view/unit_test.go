package view

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
)

// TestDumpsBounded: a pod's dump directory keeps its newest dumps, old
// pods' directories go, and nothing diktyo did not write is removed.
func TestDumpsBounded(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "oldpod")
	if err := os.MkdirAll(old, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"ADD_1.json", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(old, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for i := range maxDumpsPerPod + 10 {
		d := debugDump{Time: start.Add(time.Duration(i) * time.Millisecond), Verb: "ADD", Pod: chainrun.Pod{ID: "pod1"}}
		if err := writeDump(dir, d); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "pod1", "*.json"))
	if len(files) != maxDumpsPerPod {
		t.Fatalf("%d dumps kept, want %d", len(files), maxDumpsPerPod)
	}
	newest := fmt.Sprintf("ADD_%d.json", start.Add(time.Duration(maxDumpsPerPod+9)*time.Millisecond).UnixNano())
	if _, err := os.Stat(filepath.Join(dir, "pod1", newest)); err != nil {
		t.Errorf("newest dump removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(old, "ADD_1.json")); !os.IsNotExist(err) {
		t.Errorf("an old pod's dump was kept: %v", err)
	}
	if _, err := os.Stat(filepath.Join(old, "notes.txt")); err != nil {
		t.Errorf("a file diktyo did not write was removed: %v", err)
	}
}

// TestConntrackCounter sums a column of the kernel's per-CPU conntrack
// statistics (hex), and refuses a file without it.
func TestConntrackCounter(t *testing.T) {
	f := filepath.Join(t.TempDir(), "nf_conntrack")
	stat := "entries  clashres found new invalid ignore delete chainlength insert insert_failed drop\n" +
		"00000001  00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 0000000a 00000002\n" +
		"00000001  00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000006 00000000\n"
	if err := os.WriteFile(f, []byte(stat), 0o600); err != nil {
		t.Fatal(err)
	}
	if v, err := conntrackCounter(f, "insert_failed"); err != nil || v != 16 {
		t.Errorf("insert_failed = %v, %v; want 16", v, err)
	}
	if _, err := conntrackCounter(f, "nosuch"); err == nil {
		t.Error("a missing column gave no error")
	}
	// The real file, where the kernel has one.
	if _, err := os.Stat(conntrackStatPath); err == nil {
		if _, err := conntrackCounter(conntrackStatPath, "insert_failed"); err != nil {
			t.Errorf("the kernel's own statistics: %v", err)
		}
	}
}
