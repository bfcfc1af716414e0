package nft

import (
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/google/nftables/expr"
	"golang.org/x/sys/unix"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestScriptInNftWords: the batch renders its rules and elements in the
// words of the nft script that declares the same objects.
func TestScriptInNftWords(t *testing.T) {
	b, script := sample()
	pick := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "add rule ") || strings.HasPrefix(l, "add element ") {
				out = append(out, l)
			}
		}
		return out
	}
	// nft lists a mask with the bits the value sets (the same bitwise).
	script = strings.Replace(script, "& 0xff00ffff | 0x00010000", "& 0xff01ffff | 0x00010000", 1)
	if got, want := strings.Join(pick(b.Script()), "\n"), strings.Join(pick(script), "\n"); got != want {
		t.Fatalf("batch in nft's words:\n%s\nwant:\n%s", got, want)
	}
}

// TestRuleTextUnknown: what the printer cannot read shows, with its
// registers, instead of vanishing.
func TestRuleTextUnknown(t *testing.T) {
	for _, c := range []struct {
		exprs []expr.Any
		want  string
	}{
		{[]expr.Any{&opaque{name: "quota"}, &expr.Verdict{Kind: expr.VerdictAccept}}, "<unknown expr quota (not decoded)> accept"},
		{[]expr.Any{&expr.Fib{}, &expr.Verdict{Kind: expr.VerdictDrop}}, "<unknown expr *expr.Fib> drop"},
		{[]expr.Any{&expr.Meta{Key: expr.MetaKeyMARK, Register: Reg1}, &expr.Counter{}}, "counter <unknown expr meta load mark => reg 1 (not read)>"},
		{[]expr.Any{&expr.Cmp{Op: expr.CmpOpEq, Register: Reg1, Data: []byte{1}}}, "<unknown expr cmp eq reg 1 01>"},
		{[]expr.Any{LoadAddr(unix.NFPROTO_IPV4, true, Reg1), &expr.Cmp{Register: Reg1, Data: []byte{10, 0, 0, 1}}}, "@nh,128,32 0x0a000001"},
		{append(MatchL4Proto(unix.IPPROTO_TCP), &expr.Payload{Base: expr.PayloadBaseTransportHeader, Offset: 2, Len: 2, DestRegister: Reg1},
			&expr.Cmp{Op: expr.CmpOpNeq, Register: Reg1, Data: []byte{0, 80}}), "tcp dport != 80"},
		{[]expr.Any{&expr.Ct{Key: expr.CtKeySTATE, Register: Reg1},
			&expr.Bitwise{SourceRegister: Reg1, DestRegister: Reg1, Len: 4, Mask: []byte{6, 0, 0, 0}, Xor: make([]byte, 4)},
			&expr.Cmp{Op: expr.CmpOpNeq, Register: Reg1, Data: make([]byte, 4)}, &expr.Verdict{Kind: expr.VerdictAccept}}, "ct state established,related accept"},
		{[]expr.Any{&expr.Immediate{Register: Reg1, Data: []byte{0x10, 0, 0, 0}}, &expr.Meta{Key: expr.MetaKeyMARK, SourceRegister: true, Register: Reg1}},
			"meta mark set 0x00000010"},
		{[]expr.Any{&expr.Verdict{Kind: expr.VerdictJump, Chain: "x"}}, "jump x"},
	} {
		if got := RuleText(&Rule{Exprs: c.exprs}, nil); got != c.want {
			t.Errorf("RuleText = %q, want %q", got, c.want)
		}
	}
}

var (
	v4 = []byte{unix.NFPROTO_IPV4}
	a  = netip.MustParseAddr
)

func goTo(chain string) *Verdict { return &Verdict{Code: unix.NFT_GOTO, Chain: chain} }

// steps are batches applied in turn after sample(): some refused, with
// the errno of each refused operation.
func steps() []struct {
	name string
	b    *Batch
	want []syscall.Errno
} {
	type step = struct {
		name string
		b    *Batch
		want []syscall.Errno
	}
	var out []step
	add := func(name string, want []syscall.Errno, f func(b *Batch)) {
		b := NewBatch("t")
		f(b)
		out = append(out, step{name, b, want})
	}
	none := []syscall.Errno(nil)
	add("create an existing chain", []syscall.Errno{unix.EEXIST}, func(b *Batch) {
		b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.9")}, Verdict: goTo("pod-x")})
		b.CreateChain(&Chain{Name: "pod-x"})
	})
	add("a key held with another value", []syscall.Errno{unix.EEXIST}, func(b *Batch) {
		b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.5")}, Verdict: goTo("mark-00010000-00ff0000")})
	})
	add("a key added again with its value", none, func(b *Batch) {
		b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.5")}, Verdict: goTo("pod-x")})
	})
	add("a missing element deleted", []syscall.Errno{unix.ENOENT}, func(b *Batch) {
		b.DelElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.77")}})
	})
	add("a chain still referred to", []syscall.Errno{unix.EBUSY}, func(b *Batch) {
		b.FlushChain("pod-x")
		b.DelChain("pod-x")
	})
	add("an overlapping interval", []syscall.Errno{unix.EEXIST}, func(b *Batch) {
		b.AddElement(&Element{Set: "bypass4", Key: []netip.Addr{a("198.51.100.5"), a("203.0.113.128")},
			KeyEnd: []netip.Addr{a("198.51.100.5"), a("203.0.114.0")}})
	})
	add("missing chain, set and jump target", []syscall.Errno{unix.ENOENT, unix.ENOENT, unix.ENOENT, unix.ENOENT}, func(b *Batch) {
		b.AddRule(&Rule{Chain: "nope", Exprs: []expr.Any{&expr.Counter{}}})
		b.AddRule(&Rule{Chain: "pod-x", Exprs: append(MatchFamily(unix.NFPROTO_IPV4), LoadAddr(unix.NFPROTO_IPV4, false, Reg1), Lookup("nope"))})
		b.AddRule(&Rule{Chain: "pod-x", Exprs: []expr.Any{&expr.Verdict{Kind: expr.VerdictJump, Chain: "nope"}}})
		b.FlushChain("nope")
	})
	add("a regular chain given a hook", []syscall.Errno{unix.EEXIST}, func(b *Batch) {
		b.AddChain(&Chain{Name: "mark-00010000-00ff0000", Hook: &Hook{Type: "filter", Num: unix.NF_INET_FORWARD}})
	})
	add("a goto to a base chain", []syscall.Errno{unix.EOPNOTSUPP}, func(b *Batch) {
		b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.8")}, Verdict: goTo("postrouting")})
	})
	add("a second pod, its chain jumped to from the first", none, func(b *Batch) {
		b.CreateChain(&Chain{Name: "pod-y", Comment: "owner=y net=n"})
		b.AddRule(&Rule{Chain: "pod-y", Exprs: append(MatchFamily(unix.NFPROTO_IPV6), &expr.Counter{}, &expr.Masq{FullyRandom: true}), Comment: "y"})
		b.AddRule(&Rule{Chain: "pod-x", Exprs: []expr.Any{&expr.Verdict{Kind: expr.VerdictJump, Chain: "pod-y"}}})
		b.AddElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.6")}, Verdict: goTo("pod-y")})
		b.AddElement(&Element{Set: "bypass4", Key: []netip.Addr{a("198.51.100.6"), a("10.1.0.0")},
			KeyEnd: []netip.Addr{a("198.51.100.6"), a("10.1.255.255")}})
	})
	add("pod-y's element and chain, a rule still jumping to it", []syscall.Errno{unix.EBUSY}, func(b *Batch) {
		b.DelElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.6")}})
		b.DelChain("pod-y")
	})
	add("pod-x's elements and chain, its rules with it", none, func(b *Batch) {
		b.DelElement(&Element{Set: "pods4", Key: []netip.Addr{a("198.51.100.5")}})
		b.DelElement(&Element{Set: "pods6", Key: []netip.Addr{a("2001:db8:ff::5")}})
		b.DelChain("pod-x")
		b.DelElement(&Element{Set: "bypass4", Key: []netip.Addr{a("198.51.100.5"), a("203.0.113.0")},
			KeyEnd: []netip.Addr{a("198.51.100.5"), a("203.0.113.255")}})
	})
	add("a table deleted, then used", []syscall.Errno{unix.ENOENT}, func(b *Batch) {
		b.DelTable()
		b.AddSet(&Set{Name: "s", Fields: v4, ID: 9})
	})
	add("the table deleted and made again", none, func(b *Batch) {
		b.DelTable()
		b.AddTable()
		b.AddSet(&Set{Name: "s", Fields: v4, ID: 9})
		b.AddElement(&Element{Set: "s", Key: []netip.Addr{a("192.0.2.1")}})
	})
	return out
}

func errnos(err error) []syscall.Errno {
	var out []syscall.Errno
	var walk func(error)
	walk = func(err error) {
		var oe *OpError
		switch {
		case err == nil:
		case errors.As(err, &oe) && !isJoin(err):
			out = append(out, oe.Errno)
		case isJoin(err):
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				walk(e)
			}
		default:
			out = append(out, syscall.Errno(0xffff))
		}
	}
	walk(err)
	return out
}

func isJoin(err error) bool {
	_, ok := err.(interface{ Unwrap() []error })
	return ok
}

// TestFakeSemantics: the fake refuses what the kernel refuses (the
// errnos TestFakeAgreesWithKernel checks against the kernel), and a
// refused batch changes nothing.
func TestFakeSemantics(t *testing.T) {
	f := NewFake()
	b, _ := sample()
	if err := f.Apply(b); err != nil {
		t.Fatal(err)
	}
	for _, s := range steps() {
		before := f.Dump()
		err := f.Apply(s.b)
		if got := fmt.Sprint(errnos(err)); got != fmt.Sprint(s.want) {
			t.Errorf("%s: %v, want errnos %v", s.name, err, s.want)
		}
		if err != nil && f.Dump() != before {
			t.Errorf("%s: refused batch changed the ruleset:\n%s", s.name, f.Dump())
		}
	}
	if _, err := f.GetChain("t", "pod-x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("GetChain of a deleted chain = %v", err)
	}
	if _, err := f.ListElements("gone", &Set{Name: "s", Fields: v4}); !errors.Is(err, ErrNotFound) {
		t.Errorf("ListElements of a missing table = %v", err)
	}
	if err := f.Apply(&Batch{Table: "t", Ops: []Op{{Kind: OpAddRule, Rule: &Rule{Chain: "c", Exprs: []expr.Any{&opaque{name: "x"}}}}}}); err == nil ||
		!strings.Contains(err.Error(), "not decoded") {
		t.Errorf("a rule Conn cannot encode = %v", err)
	}
}

var nftCounters = regexp.MustCompile(`counter packets \d+ bytes \d+`)

// TestFakeAgreesWithKernel applies the same batches to a Fake and to the
// kernel in a throwaway namespace: after each, the same operations are
// refused with the same errnos, and the kernel's state listed by Conn
// dumps as the Fake's. After the sample, the Dump is also nft's own
// listing (counters without their values).
func TestFakeAgreesWithKernel(t *testing.T) {
	n := testutil.NewNS(t)
	c, err := Open(n.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	f := NewFake()
	b, _ := sample()
	all := append([]struct {
		name string
		b    *Batch
		want []syscall.Errno
	}{{"sample", b, nil}}, steps()...)
	for i, s := range all {
		kerr, ferr := c.Apply(s.b), f.Apply(s.b)
		if k, fk := fmt.Sprint(errnos(kerr)), fmt.Sprint(errnos(ferr)); k != fk {
			t.Errorf("%s: kernel %v, fake %v", s.name, kerr, ferr)
		}
		kd, err := Dump(c, "t")
		if err != nil {
			t.Fatal(err)
		}
		if fd := f.Dump(); kd != fd {
			t.Fatalf("%s: kernel and fake differ:\n--- kernel\n%s\n--- fake\n%s", s.name, kd, fd)
		}
		if i == 0 {
			listed := nftCounters.ReplaceAllString(testutil.Run(t, n, "nft", "list", "ruleset"), "counter")
			if strings.TrimSpace(listed) != strings.TrimSpace(kd) {
				t.Errorf("Dump and nft list ruleset differ:\n--- Dump\n%s\n--- nft\n%s", kd, listed)
			}
		}
	}
}

// TestTeardownKeepsWhatIsLeft: a removal batch of "if empty" deletions
// removes a table that holds only what it names, keeps one that holds
// anything more (the caller's error, naming the table), and finds an
// absent table nothing to do.
func TestTeardownKeepsWhatIsLeft(t *testing.T) {
	inUse := errors.New("in use")
	removal := func() *Batch {
		b := NewBatch("t")
		b.DelChain("base")
		b.DelTableIfEmpty()
		return b
	}
	f := NewFake()
	setup := NewBatch("t")
	setup.AddTable()
	setup.AddChain(&Chain{Name: "base"})
	setup.AddChain(&Chain{Name: "pod-1"})
	if err := f.Apply(setup); err != nil {
		t.Fatal(err)
	}
	if removed, err := Teardown(f, removal(), inUse); removed || !errors.Is(err, inUse) || !strings.Contains(err.Error(), "table inet t") {
		t.Fatalf("Teardown with a chain left = %v, %v; want false and an error naming table t wrapping %v", removed, err, inUse)
	}
	if !strings.Contains(f.Dump(), "base") {
		t.Fatalf("a refused Teardown changed the ruleset:\n%s", f.Dump())
	}
	del := NewBatch("t")
	del.DelChain("pod-1")
	if err := f.Apply(del); err != nil {
		t.Fatal(err)
	}
	if removed, err := Teardown(f, removal(), inUse); !removed || err != nil {
		t.Fatalf("Teardown of a table holding only its own objects = %v, %v; want true, nil", removed, err)
	}
	if removed, err := Teardown(f, removal(), inUse); removed || err != nil {
		t.Fatalf("Teardown of an absent table = %v, %v; want false, nil", removed, err)
	}
}
