package plugin_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/plugin"
)

// foreignEnv is an env with ipmasq's nftables backend (as deploy/
// ships), the periodic reconcile hours away and the foreign-change
// listener on: only the listener can repair anything within a test.
func foreignEnv(t *testing.T, inProcess bool) (*env, *plugin.Plugin) {
	t.Helper()
	return foreignEnvBackend(t, inProcess, "nftables")
}

func foreignEnvBackend(t *testing.T, inProcess bool, backend string) (*env, *plugin.Plugin) {
	t.Helper()
	e := newEnvBackend(t, "fail", inProcess, testutil.NewNS(t), backend)
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		t.Fatal(err)
	}
	e.write(e.config, strings.Replace(string(cfg), "interval: 0s", "interval: 6h", 1))
	p := e.newPlugin(func(o *plugin.Options) { o.WatchForeign = true })
	e.runPlugin(p)
	waitFor(t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock()
	return e, p
}

const ipmasqTable = "diktyo-ipmasq"

func (e *env) nftTable() string {
	e.t.Helper()
	out, err := testutil.Output(e.host, "nft", "list", "table", "inet", ipmasqTable)
	if err != nil {
		return "" // deleted
	}
	return out
}

// snatApplied: addr's SNAT is in force (ipmasq's flat layout: the base
// chain's goto, addr's gate element, an element of addr translating to
// 203.0.113.10, and a probe of the maps in the family chain).
func (e *env) snatApplied(addr string) bool {
	s := e.nftTable()
	gate := regexp.MustCompile(regexp.QuoteMeta(addr) + ` comment "owner=[0-9a-f]{16} net=`)
	elem := regexp.MustCompile(regexp.QuoteMeta(addr) + ` [^,}]* : 203\.0\.113\.10`)
	return strings.Contains(s, "goto flat-snat4") && strings.Contains(s, "!= @src4 return") && strings.Contains(s, " map @snat") &&
		gate.MatchString(s) && elem.MatchString(s)
}

// foreignWrite runs a command as another writer on the node: not a
// child of this process (diktyo's own children are the chain's binaries,
// whose writes are its own), but a grandchild through a shell that does
// not exec it.
func (e *env) foreignWrite(args ...string) {
	e.t.Helper()
	testutil.Run(e.t, e.host, "sh", "-c", strings.Join(args, " ")+"; true")
}

// bound: addr's link binding is in the guard table.
func (e *env) bound(addr string) bool {
	out, err := testutil.Output(e.host, "nft", "list", "table", "inet", "diktyo-guard")
	return err == nil && strings.Contains(out, addr+` comment "owner=`) && strings.Contains(out, "ip saddr @pods4 meta mark set")
}

func (e *env) ruleApplied(addr string) bool {
	return strings.Contains(testutil.Run(e.t, e.host, "ip", "rule", "show"), "from "+addr+" lookup 100")
}

// TestForeignWritesRepairedAtOnce: another writer on the node deletes
// the pod's gate element, deletes the base chain's gotos,
// deletes the whole table, deletes the pod's ip rule; each is back
// through the listener (the periodic reconcile is 6 h away), counted by
// object.
func TestForeignWritesRepairedAtOnce(t *testing.T) {
	e, p := foreignEnv(t, true)
	const addr = "198.51.100.61"
	if err := e.run(e.pod("web", "team-a", addr, policyAnnotations("web"))); err != nil {
		t.Fatal(err)
	}
	if !e.snatApplied(addr) || !e.ruleApplied(addr) {
		t.Fatalf("policy not applied:\n%s\n%s", e.nftTable(), testutil.Run(t, e.host, "ip", "rule", "show"))
	}
	if !e.bound(addr) {
		t.Fatalf("the pod is not bound to its link:\n%s", testutil.Run(t, e.host, "nft", "list", "ruleset"))
	}
	// pass: the write hit what every pod shares, so a reconcile pass
	// repairs it; otherwise the pod alone is repaired, with no pass.
	for _, c := range []struct {
		name     string
		object   string
		write    []string
		restored func() bool
		pass     bool
	}{
		{"delete the pod's gate element", "nft_element", []string{"nft", "delete", "element", "inet", ipmasqTable, "src4", "{", addr, "}"}, func() bool { return e.snatApplied(addr) }, false},
		{"delete the base chain's gotos", "nft_rule", []string{"nft", "flush", "chain", "inet", ipmasqTable, "flat-snat"}, func() bool { return e.snatApplied(addr) }, true},
		{"delete the table", "nft_table", []string{"nft", "delete", "table", "inet", ipmasqTable}, func() bool { return e.snatApplied(addr) }, true},
		{"delete the guard table (the pod's link binding)", "nft_table", []string{"nft", "delete", "table", "inet", "diktyo-guard"}, func() bool { return e.bound(addr) }, true},
		{"delete the pod's ip rule", "ip_rule", []string{"ip", "rule", "del", "from", addr, "lookup", "100"}, func() bool { return e.ruleApplied(addr) }, false},
	} {
		before := counterWith(t, p, "diktyo_foreign_changes_total", "object", c.object)
		passes := counterWith(t, p, "diktyo_reconciles_total", "trigger", "foreign")
		e.foreignWrite(c.write...)
		wrote := time.Now()
		// No check here that the write took: the repair may beat it. The
		// count says it did: it needs a pass that found drift.
		waitFor(t, c.name+": restored", c.restored)
		took := time.Since(wrote)
		waitFor(t, c.name+": counted", func() bool {
			return counterWith(t, p, "diktyo_foreign_changes_total", "object", c.object) > before
		})
		if got := counterWith(t, p, "diktyo_reconciles_total", "trigger", "foreign"); (got > passes) != c.pass {
			t.Errorf("%s: %v passes the listener triggered, want a pass: %v", c.name, got-passes, c.pass)
		}
		t.Logf("%s: restored %v after the write (at most one poll of the node late)", c.name, took.Round(time.Millisecond))
	}
}

// TestForeignOwnWritesNotCounted: diktyo's own ADDs and DELs (pods
// started and ended) are no foreign change; a foreign deletion after
// them counts once. Out of process, the chain's writes come from child
// processes the listener cannot always name: their hints are re-checked
// and found to need no repair.
func TestForeignOwnWritesNotCounted(t *testing.T) { inBothModes(t, testForeignOwnWritesNotCounted) }

func testForeignOwnWritesNotCounted(t *testing.T, inProcess bool) {
	e, p := foreignEnv(t, inProcess)
	const a, b, c = "198.51.100.71", "198.51.100.72", "198.51.100.73"
	podA := e.pod("a", "team-a", a, policyAnnotations("a"))
	podB := e.pod("b", "team-a", b, policyAnnotations("b"))
	if err := e.run(podA); err != nil {
		t.Fatal(err)
	}
	if err := e.run(podB); err != nil {
		t.Fatal(err)
	}
	e.stop(podB)
	e.remove(podB)
	if err := e.run(e.pod("c", "team-a", c, policyAnnotations("c"))); err != nil {
		t.Fatal(err)
	}
	if e.snatApplied(b) || e.ruleApplied(b) || !e.ruleApplied(a) || !e.ruleApplied(c) {
		t.Fatalf("pods not as expected:\n%s\n%s", e.nftTable(), testutil.Run(t, e.host, "ip", "rule", "show"))
	}
	// The sentinel: one foreign deletion, noticed after every own write
	// above was announced.
	e.foreignWrite("ip", "rule", "del", "from", a, "lookup", "100")
	waitFor(t, "the foreign deletion counted", func() bool {
		return counterWith(t, p, "diktyo_foreign_changes_total", "object", "ip_rule") > 0
	})
	waitFor(t, "the rule restored", func() bool { return e.ruleApplied(a) })
	for _, object := range []string{"nft_table", "nft_chain", "nft_rule", "nft_set", "nft_element", "route"} {
		if n := counterWith(t, p, "diktyo_foreign_changes_total", "object", object); n != 0 {
			t.Errorf("diktyo's own writes counted as foreign: %s = %v", object, n)
		}
	}
	if n := counterWith(t, p, "diktyo_foreign_changes_total", "object", "ip_rule"); n != 1 {
		t.Errorf("one foreign rule deletion counted %v times", n)
	}
	if n := counterWith(t, p, "diktyo_reconciles_total", "trigger", "foreign"); inProcess && n != 0 {
		// In process, every own nftables write names a thread of ours and
		// an ended pod's rule no live pod: none is even a hint; the
		// sentinel is one pod's, repaired alone.
		t.Errorf("%v passes: diktyo's own writes triggered some", n)
	}
}

// TestForeignWritesRepairedIptablesNft: with ipmasq's iptables backend
// on iptables-nft (the nat table is nftables underneath), a flushed tag
// chain and a deleted POSTROUTING jump are back through the listener.
func TestForeignWritesRepairedIptablesNft(t *testing.T) {
	if v := testutil.Run(t, nil, "iptables", "-V"); !strings.Contains(v, "nf_tables") {
		t.Skipf("iptables is not iptables-nft: %s", v)
	}
	e, p := foreignEnvBackend(t, true, "iptables")
	const addr = "198.51.100.62"
	if err := e.run(e.pod("web", "team-a", addr, policyAnnotations("web"))); err != nil {
		t.Fatal(err)
	}
	e.requireApplied(addr, "web.team-a."+testZone)
	jump := regexp.MustCompile(`(?m)^-A POSTROUTING (.* -j (DKT[A-Z0-9]+))$`).FindStringSubmatch(testutil.Run(t, e.host, "iptables-save", "-t", "nat"))
	if jump == nil {
		t.Fatalf("no jump to the tag chain:\n%s", e.hostState())
	}
	snat := func() bool { s, _, _ := e.has(addr, "web"); return s }
	for _, c := range []struct {
		name  string
		write string
	}{
		{"flush the tag chain", "iptables -t nat -F " + jump[2]},
		{"delete POSTROUTING's jump", "iptables -t nat -D POSTROUTING " + jump[1]},
	} {
		before := counterWith(t, p, "diktyo_foreign_changes_total", "object", "nft_rule")
		e.foreignWrite(c.write)
		waitFor(t, c.name+": counted", func() bool {
			return counterWith(t, p, "diktyo_foreign_changes_total", "object", "nft_rule") > before
		})
		waitFor(t, c.name+": restored", func() bool {
			return snat() && strings.Contains(testutil.Run(t, e.host, "iptables-save", "-t", "nat"), "-A POSTROUTING "+jump[1])
		})
	}
}

// hostEgressGuard is diktyo-nri's egress guard (cmd/diktyo-nri) on the
// env's "host": the egress table only, the reserved ports untouched.
type hostEgressGuard struct{ netns string }

func (g hostEgressGuard) Apply(ctx context.Context, spec plugin.EgressSpec, _ string) error {
	s := linkguard.EgressSpec{Whole: spec.Whole}
	for _, r := range spec.Ports {
		s.Ports = append(s.Ports, linkguard.PortRange{Addr: r.Addr, Lo: r.Lo, Hi: r.Hi})
	}
	return (&linkguard.Egress{Table: linkguard.DefaultEgressTable, NetNS: g.netns}).Apply(ctx, s)
}

// TestForeignEgressGuardRewritten: the egress guard is written at each
// config load, never by a pass; deleted by another writer, it is
// written again at once, and counted.
func TestForeignEgressGuardRewritten(t *testing.T) {
	e := newEnvBackend(t, "fail", true, testutil.NewNS(t), "nftables")
	e.withPool("20000-20999", 100)
	p := e.newPlugin(func(o *plugin.Options) {
		o.WatchForeign = true
		o.EgressGuard = hostEgressGuard{netns: e.host.Path()}
	})
	e.runPlugin(p)
	waitFor(t, "plugin connected and reconciled", func() bool { return p.Reconciled() > 0 })
	e.runtime.BlockPluginSync().Unblock()
	guarded := func() bool {
		out, err := testutil.Output(e.host, "nft", "list", "table", "inet", linkguard.DefaultEgressTable)
		return err == nil && strings.Contains(out, "203.0.113.10")
	}
	if !guarded() {
		t.Fatalf("no egress guard:\n%s", testutil.Run(t, e.host, "nft", "list", "ruleset"))
	}
	e.foreignWrite("nft", "delete", "table", "inet", linkguard.DefaultEgressTable)
	waitFor(t, "the egress guard's deletion counted", func() bool {
		return counterWith(t, p, "diktyo_foreign_changes_total", "object", "nft_table") > 0
	})
	waitFor(t, "the egress guard written again", guarded)
	if n := counterWith(t, p, "diktyo_reconciles_total", "trigger", "foreign"); n != 0 {
		t.Errorf("%v passes for the egress guard, which no pass writes", n)
	}
}

// TestFixedObjectsAtLoad: diktyo-nri makes ipmasq's nftables table,
// chains and gate sets and its guard's tables when it loads its config,
// before any pod: a pod's ADD then writes its own elements only. A
// foreign flush of a family chain, which no pod's element names, is
// repaired by the pass it triggers and counted as ipmasq's drift.
func TestFixedObjectsAtLoad(t *testing.T) {
	e, p := foreignEnv(t, true)
	table := e.nftTable()
	for _, want := range []string{"set src4", "set src6", "chain flat-snat {", "chain flat-snat4", "chain flat-snat6"} {
		if !strings.Contains(table, want) {
			t.Fatalf("no %q in ipmasq's table after the config load, before any pod:\n%s", want, table)
		}
	}
	for _, fam := range []string{"inet", "bridge"} {
		if out, err := testutil.Output(e.host, "nft", "list", "table", fam, "diktyo-guard"); err != nil || !strings.Contains(out, "hook prerouting") {
			t.Fatalf("no %s guard table after the config load: %v\n%s", fam, err, out)
		}
	}
	drift := counterWith(t, p, "diktyo_drift_total", "plugin", "ipmasq")
	e.foreignWrite("nft", "flush", "chain", "inet", ipmasqTable, "flat-snat4")
	waitFor(t, "the flushed chain repaired and counted", func() bool {
		return strings.Contains(e.nftTable(), "!= @src4 return") && counterWith(t, p, "diktyo_drift_total", "plugin", "ipmasq") > drift
	})
}
