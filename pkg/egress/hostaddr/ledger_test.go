package hostaddr

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// Ownership with a fake kernel: one network namespace (fakeKernel)
// shared by the managers of several instances, each with its ledger.

var (
	addrA = netip.MustParseAddr("203.0.113.10")
	addrB = netip.MustParseAddr("203.0.113.11")
)

// errCrash is what a fake add panics with to stand for the process dying.
var errCrash = errors.New("crash (injected)")

type fakeKernel struct {
	mu    sync.Mutex
	addrs []kernelAddr
	stamp uint32
	// crashBefore / crashAfter make the next add panic before or after
	// the address is added (the process dies there).
	crashBefore, crashAfter bool
}

func (f *fakeKernel) list() ([]kernelAddr, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.addrs), nil
}

func (f *fakeKernel) add(index int, a netip.Addr, tag uint32) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.crashBefore {
		f.crashBefore = false
		panic(errCrash)
	}
	for _, k := range f.addrs {
		if k.Addr == a && k.Index == index {
			return unix.EEXIST
		}
	}
	f.stamp++
	f.addrs = append(f.addrs, kernelAddr{Addr: a, Prefix: a.BitLen(), Index: index, Proto: Proto, Tag: tag, Created: f.stamp})
	if f.crashAfter {
		f.crashAfter = false
		panic(errCrash)
	}
	return nil
}

// put adds an address as someone else would: proto and tag as given.
func (f *fakeKernel) put(a netip.Addr, proto uint8, tag uint32) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stamp++
	f.addrs = append(f.addrs, kernelAddr{Addr: a, Prefix: a.BitLen(), Index: 2, Proto: proto, Tag: tag, Created: f.stamp})
}

func (f *fakeKernel) del(k kernelAddr) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := slices.IndexFunc(f.addrs, func(x kernelAddr) bool { return x.Addr == k.Addr && x.Index == k.Index })
	if i < 0 {
		return unix.EADDRNOTAVAIL
	}
	f.addrs = slices.Delete(f.addrs, i, i+1)
	return nil
}

func (f *fakeKernel) has(a netip.Addr) bool {
	l, _ := f.list()
	return len(find(l, a)) > 0
}

func (f *fakeKernel) link(a Address) (*net.Interface, error) {
	if a.Interface != "uplink" {
		return nil, ErrNoInterface
	}
	return &net.Interface{Index: 2, Name: "uplink", HardwareAddr: net.HardwareAddr{2, 0, 0, 0, 0, 1}}, nil
}
func (f *fakeKernel) linkName(int) string                                  { return "uplink" }
func (f *fakeKernel) probe(context.Context, *net.Interface, Address) error { return nil }
func (f *fakeKernel) announce(*net.Interface, netip.Addr) error            { return nil }

func fakeManager(k *fakeKernel) *Manager {
	m := New(Options{AnnounceNum: 1})
	m.k = k
	return m
}

func on(a netip.Addr) Address { return Address{Addr: a, Interface: "uplink"} }

func addrsOf(as []Assignment) []netip.Addr {
	var out []netip.Addr
	for _, a := range as {
		out = append(out, a.Addr)
	}
	return out
}

// ensure runs Ensure and recovers an injected crash (reported as errCrash).
func ensure(m *Manager, l *Ledger, a netip.Addr) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); !ok || !errors.Is(e, errCrash) {
				panic(r)
			}
			err = errCrash
		}
	}()
	return m.Ensure(context.Background(), l, on(a))
}

// TestSideBySide: two instances in one namespace each assign their own
// address; each one's inventory owns only its own, neither withdraws the
// other's, and a restart (the ledger read again) keeps its own.
func TestSideBySide(t *testing.T) {
	k := &fakeKernel{}
	m1, m2 := fakeManager(k), fakeManager(k)
	d1, d2 := t.TempDir(), t.TempDir()
	l1, l2 := OpenLedger(d1), OpenLedger(d2)
	if res, err := ensure(m1, l1, addrA); err != nil || res != Assigned {
		t.Fatalf("instance 1 Ensure(A): %v, %v", res, err)
	}
	if res, err := ensure(m2, l2, addrB); err != nil || res != Assigned {
		t.Fatalf("instance 2 Ensure(B): %v, %v", res, err)
	}
	for i, c := range []struct {
		m         *Manager
		l         *Ledger
		own, othr netip.Addr
	}{{m1, l1, addrA, addrB}, {m2, l2, addrB, addrA}} {
		inv, err := c.m.Inventory(c.l)
		if err != nil || !slices.Equal(addrsOf(inv.Own), []netip.Addr{c.own}) || !slices.Equal(addrsOf(inv.Unproven), []netip.Addr{c.othr}) {
			t.Errorf("instance %d Inventory: %+v, %v; want own %s, unproven %s", i+1, inv, err, c.own, c.othr)
		}
		if removed, err := c.m.Withdraw(c.l, c.othr); err != nil || removed || !k.has(c.othr) {
			t.Errorf("instance %d withdrew the other's %s: %v, %v", i+1, c.othr, removed, err)
		}
		// Present, marked, but the other's: used, never this one's.
		if res, err := ensure(c.m, c.l, c.othr); err != nil || res != Unproven {
			t.Errorf("instance %d Ensure(%s): %v, %v; want unproven", i+1, c.othr, res, err)
		}
	}
	// Restarts: the ledgers read again from their files.
	l1, l2 = OpenLedger(d1), OpenLedger(d2)
	if res, err := ensure(m1, l1, addrA); err != nil || res != Owned {
		t.Errorf("restarted instance 1 Ensure(A): %v, %v; want owned", res, err)
	}
	if removed, err := m1.Withdraw(l1, addrB); err != nil || removed {
		t.Errorf("restarted instance 1 withdrew B: %v, %v", removed, err)
	}
	if removed, err := m2.Withdraw(l2, addrB); err != nil || !removed || k.has(addrB) {
		t.Errorf("restarted instance 2 Withdraw(B): %v, %v", removed, err)
	}
	if len(OpenLedger(d2).Records()) != 0 {
		t.Errorf("instance 2's record of B after its withdrawal: %+v", OpenLedger(d2).Records())
	}
	if !k.has(addrA) {
		t.Error("instance 2's withdrawal took A")
	}
}

// TestCrashBetweenRecordAndAssignment: the record is written before the
// address; a crash before the add leaves a record without an address
// (dropped by the next inventory), a crash after it an address the
// record proves.
func TestCrashBetweenRecordAndAssignment(t *testing.T) {
	k := &fakeKernel{crashBefore: true}
	m, dir := fakeManager(k), t.TempDir()
	if _, err := ensure(m, OpenLedger(dir), addrA); !errors.Is(err, errCrash) {
		t.Fatalf("Ensure: %v, want the injected crash", err)
	}
	l := OpenLedger(dir)
	if recs := l.Records(); len(recs) != 1 || recs[0].Addr != addrA || k.has(addrA) {
		t.Fatalf("after a crash before the add: records %+v, assigned %v; want the intent only", recs, k.has(addrA))
	}
	if inv, err := m.Inventory(l); err != nil || len(inv.Own)+len(inv.Unproven) != 0 {
		t.Errorf("Inventory: %+v, %v", inv, err)
	}
	if recs := OpenLedger(dir).Records(); len(recs) != 0 {
		t.Errorf("the record without an address survived the inventory: %+v", recs)
	}

	k.crashAfter = true
	if _, err := ensure(m, OpenLedger(dir), addrA); !errors.Is(err, errCrash) {
		t.Fatalf("Ensure: %v, want the injected crash", err)
	}
	l = OpenLedger(dir)
	inv, err := m.Inventory(l)
	if err != nil || !slices.Equal(addrsOf(inv.Own), []netip.Addr{addrA}) {
		t.Fatalf("after a crash after the add: Inventory %+v, %v; want A owned", inv, err)
	}
	if removed, err := m.Withdraw(l, addrA); err != nil || !removed || k.has(addrA) {
		t.Errorf("Withdraw: %v, %v", removed, err)
	}
}

// TestLedgerWriteFails: a record that cannot be written assigns nothing;
// a removal whose write fails is retried, and proves nothing meanwhile.
func TestLedgerWriteFails(t *testing.T) {
	k := &fakeKernel{}
	m, l := fakeManager(k), OpenLedger(t.TempDir())
	real := l.write
	l.write = func(string, []byte) error { return errors.New("disk full (injected)") }
	if _, err := ensure(m, l, addrA); !errors.Is(err, ErrLedger) || !strings.Contains(err.Error(), "injected") || k.has(addrA) {
		t.Fatalf("Ensure with an unwritable ledger: %v, assigned %v; want ErrLedger and nothing assigned", err, k.has(addrA))
	}
	if len(l.Records()) != 0 || l.Err() != nil {
		t.Errorf("records %+v, Err %v after a refused intent", l.Records(), l.Err())
	}
	l.write = real
	if _, err := ensure(m, l, addrA); err != nil {
		t.Fatal(err)
	}
	l.write = func(string, []byte) error { return errors.New("disk full (injected)") }
	if removed, err := m.Withdraw(l, addrA); err != nil || !removed {
		t.Fatalf("Withdraw: %v, %v", removed, err)
	}
	if err := l.Err(); !errors.Is(err, ErrLedger) {
		t.Errorf("Err after a failed write: %v", err)
	}
	if recs := OpenLedger(l.Dir()).Records(); len(recs) != 1 {
		t.Errorf("file: %+v; want the stale record still there", recs)
	}
	l.write = real
	if err := l.Flush(); err != nil || l.Err() != nil || len(OpenLedger(l.Dir()).Records()) != 0 {
		t.Errorf("Flush: %v, Err %v, file %+v", err, l.Err(), OpenLedger(l.Dir()).Records())
	}
}

// TestUntaggedAndChanged: an address marked by a diktyo before ledgers
// (no tag) is nobody's until adopted; adopted, it is the instance's
// across restarts, but not once re-created; a tagged address cannot be
// adopted; an address whose tag someone changed is not provably ours.
func TestUntaggedAndChanged(t *testing.T) {
	k := &fakeKernel{}
	m, dir := fakeManager(k), t.TempDir()
	l := OpenLedger(dir)
	if !l.Fresh() {
		t.Fatal("a ledger without a file is not fresh")
	}
	k.put(addrA, Proto, 0)
	inv, err := m.Inventory(l)
	if err != nil || len(inv.Own) != 0 || len(inv.Unproven) != 1 {
		t.Fatalf("Inventory: %+v, %v; want A unproven", inv, err)
	}
	if removed, err := m.Withdraw(l, addrA); err != nil || removed || !k.has(addrA) {
		t.Fatalf("withdrew an address it cannot prove its own: %v, %v", removed, err)
	}
	if err := l.Adopt(inv.Unproven[0]); err != nil {
		t.Fatal(err)
	}
	if l.Fresh() {
		t.Error("still fresh after a record")
	}
	l = OpenLedger(dir)
	if inv, _ := m.Inventory(l); len(inv.Own) != 1 {
		t.Fatalf("after a restart, the adopted address: %+v", inv)
	}
	// Removed by hand and put back by an old diktyo: not the one adopted.
	_ = k.del(kernelAddr{Addr: addrA, Index: 2})
	k.put(addrA, Proto, 0)
	if inv, _ := m.Inventory(l); len(inv.Own) != 0 || len(l.Records()) != 0 {
		t.Errorf("a re-created untagged address: %+v, records %+v; want not owned, record dropped", inv, l.Records())
	}
	k.put(addrB, Proto, 77)
	inv, _ = m.Inventory(l)
	i := slices.IndexFunc(inv.Unproven, func(a Assignment) bool { return a.Addr == addrB })
	if err := l.Adopt(inv.Unproven[i]); err == nil {
		t.Error("adopted another instance's tagged address")
	}
	// Ours, then its tag changed (an `ip address replace` resets it).
	_ = k.del(kernelAddr{Addr: addrA, Index: 2})
	if _, err := ensure(m, l, addrA); err != nil {
		t.Fatal(err)
	}
	k.mu.Lock()
	k.addrs[slices.IndexFunc(k.addrs, func(x kernelAddr) bool { return x.Addr == addrA })].Tag = 0
	k.mu.Unlock()
	if removed, err := m.Withdraw(l, addrA); err != nil || removed {
		t.Errorf("withdrew an address whose tag changed: %v, %v", removed, err)
	}
}

// TestCorruptLedger: a ledger that cannot be read proves nothing and
// records nothing: no address assigned or withdrawn, the file named.
func TestCorruptLedger(t *testing.T) {
	k := &fakeKernel{}
	m, dir := fakeManager(k), t.TempDir()
	if _, err := ensure(m, OpenLedger(dir), addrA); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, LedgerFile)
	if err := os.WriteFile(path, []byte(`{"version":1,"records":[{"addr`), 0o600); err != nil {
		t.Fatal(err)
	}
	l := OpenLedger(dir)
	if l.Fresh() {
		t.Error("a corrupt ledger is fresh")
	}
	inv, err := m.Inventory(l)
	if !errors.Is(err, ErrLedger) || !strings.Contains(err.Error(), path) || len(inv.Own) != 0 || len(inv.Unproven) != 1 {
		t.Errorf("Inventory: %+v, %v; want A unproven and an error naming %s", inv, err, path)
	}
	if removed, err := m.Withdraw(l, addrA); err != nil || removed || !k.has(addrA) {
		t.Errorf("Withdraw through a corrupt ledger: %v, %v", removed, err)
	}
	if _, err := ensure(m, l, addrB); !errors.Is(err, ErrLedger) || k.has(addrB) {
		t.Errorf("Ensure through a corrupt ledger: %v, assigned %v", err, k.has(addrB))
	}
	if b, _ := os.ReadFile(path); !strings.HasSuffix(string(b), `"addr`) {
		t.Errorf("the corrupt file was overwritten: %q", b)
	}
}
