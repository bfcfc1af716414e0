package ipmasq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/ctzone"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// zoneNode runs ipmasq's verbs in-process in the node's namespace, as
// diktyo-nri does, recording whether an ADD handed a conntrack walk over
// (the walk then runs at once, as diktyo-nri's hold would start it).
type zoneNode struct {
	*node
	tp *topology
}

func (z *zoneNode) call(t *testing.T, v *verbs, verb string, conf []byte, id, cniArgs string) (handed bool) {
	t.Helper()
	err := z.ns.Do(func(ns.NetNS) error {
		var werr error
		ctx := cniutil.WithDeferral(context.Background(), func(work func() error, release func()) {
			handed = true
			werr = work()
			release()
		})
		args := &skel.CmdArgs{ContainerID: id, Netns: z.tp.client.Path(), IfName: "eth0", StdinData: conf, Args: cniArgs}
		if verb == "DEL" {
			return v.del(context.Background(), args)
		}
		if _, _, err := v.add(ctx, args); err != nil {
			return err
		}
		return werr
	})
	if err != nil {
		t.Fatalf("%s %s: %v", verb, id, err)
	}
	return handed
}

func (z *zoneNode) conf(t *testing.T, ext string, zones bool) []byte {
	return z.confOf(t, "198.51.100.2", "203.0.113.10", ext, zones)
}

// confOf is the config of a pod at ip whose datagrams to dst leave as ext,
// bound to its link: a zone proves its flows clean only behind the
// binding (a pod bound by address alone walks as without zones).
func (z *zoneNode) confOf(t *testing.T, ip, dst, ext string, zones bool) []byte {
	return z.node.conf(t, "1.1.0", map[string]any{"conntrackZones": zones, "binding": "link", "runtimeConfig": map[string]any{
		"ips":         []string{ip},
		"masqEntries": []map[string]any{{"external": ext, "destination": dst + "/32", "protocol": "udp"}},
	}})
}

// staleEntry reports whether the node holds an untranslated entry of the
// pod address in the default zone: what a flow between two pods (or a
// spoofer) leaves.
func (z *zoneNode) staleEntry(t *testing.T) bool {
	t.Helper()
	var found bool
	if err := z.ns.Do(func(ns.NetNS) error {
		flows, err := dumpAll(famOf(netip.MustParseAddr("198.51.100.2")))
		for _, f := range flows {
			if !f.zoned && f.origSrc.String() == "198.51.100.2" && f.replyDst.String() == "198.51.100.2" {
				found = true
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return found
}

func inProcessVerbs() *verbs {
	return newVerbs(cniutil.Env{Log: slog.New(slog.DiscardHandler)}, cniutil.ExecRunner{})
}

// noWalk is an ADD walk skipped without proof.
func noWalk(*snat.Plan, *ctzone.Assignment) error { return nil }

// TestConntrackZonesStaleEntry is the hostile case of the ADD without a
// walk. A UDP flow from a fixed source port runs from the pod address
// throughout. Between pod A's DEL and pod B's ADD the address is nobody's
// and the flow leaves untranslated: an entry of the address in the
// default zone (what a spoofing neighbour or a host process could make
// too). With zones, B's ADD hands no walk over, the stale entry is still
// there, and B's datagrams leave as B's rules say from its first one.
// Without zones, the same ADD with its walk skipped lets the flow go on
// untranslated (nftables backend): the test catches the hole.
func TestConntrackZonesStaleEntry(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			z := &zoneNode{node: n, tp: newTopology(t, n)}
			v := inProcessVerbs()
			flow := z.tp.udpFlow(t, "203.0.113.10", 40000)
			if !z.call(t, v, "ADD", z.conf(t, "192.0.2.100", true), "podA", "") {
				t.Fatal("the first ADD of a new zone table handed no walk over: its epoch is not proven")
			}
			flow.expect(t, "192.0.2.100", "pod A")
			z.call(t, v, "DEL", z.conf(t, "192.0.2.100", true), "podA", "")
			flow.expect(t, "198.51.100.2", "nobody's address")
			if z.call(t, v, "ADD", z.conf(t, "192.0.2.101", true), "podB", "") {
				t.Fatal("pod B's ADD handed a walk over: its zone proves none is needed")
			}
			flow.expect(t, "192.0.2.101", "pod B, from its first datagram, without a walk")
			if !z.staleEntry(t) {
				t.Fatal("no stale entry left: the test did not show that the zone, not a walk, kept it off pod B's flow")
			}
			z.call(t, v, "DEL", z.conf(t, "192.0.2.101", true), "podB", "")
			// diktyo-nri cleanup's teardown of the table.
			if err := n.ns.Do(func(ns.NetNS) error {
				removed, err := (&ctzone.Zones{}).Teardown(context.Background())
				if err == nil && !removed {
					err = errors.New("the table was not removed")
				}
				return err
			}); err != nil {
				t.Fatalf("teardown: %v", err)
			}
		})
		if backend != snat.BackendNFTables {
			// With the iptables backend (iptables-nft here) this
			// sequence's flow was translated by pod B's rules without a
			// walk: the hole does not show there, so the test could not
			// fail by it.
			continue
		}
		t.Run(backend+"/skip forced without zones", func(t *testing.T) {
			n := newNode(t, backend)
			z := &zoneNode{node: n, tp: newTopology(t, n)}
			v := inProcessVerbs()
			flow := z.tp.udpFlow(t, "203.0.113.10", 40000)
			// As above, so that the stale entry is made while the nat
			// hooks are there: an entry conntrack made before any nat
			// hook was registered, and never answered, is still
			// translated by the first rule that appears.
			z.call(t, v, "ADD", z.conf(t, "192.0.2.100", false), "podA", "")
			flow.expect(t, "192.0.2.100", "pod A")
			z.call(t, v, "DEL", z.conf(t, "192.0.2.100", false), "podA", "")
			flow.expect(t, "198.51.100.2", "nobody's address")
			v.addFlows = noWalk
			z.call(t, v, "ADD", z.conf(t, "192.0.2.101", false), "podB", "")
			// The hole the walk closes: B's flow rides the stale entry.
			flow.expect(t, "198.51.100.2", "pod B on the stale entry (the walk skipped without proof)")
			z.call(t, v, "DEL", z.conf(t, "192.0.2.101", false), "podB", "")
		})
	}
}

// TestConntrackZonesTableMadeAgain: a zone table deleted (an uninstall,
// a foreign flush of the ruleset) and made again hands out zone 1 again;
// an entry an earlier table gave zone 1 (pod A's, whose DEL kept its
// flows) must not carry pod B's flow. B's ADD walks (the new table's
// epoch is not proven) and its flow leaves as B's rules say; with the
// walk skipped, B's datagrams ride A's entry and leave as A's.
func TestConntrackZonesTableMadeAgain(t *testing.T) {
	testutil.RequireRoot(t)
	for _, skip := range []bool{false, true} {
		name := "walk"
		if skip {
			name = "skip forced"
		}
		t.Run(name, func(t *testing.T) {
			n := newNode(t, snat.BackendNFTables)
			z := &zoneNode{node: n, tp: newTopology(t, n)}
			v := inProcessVerbs()
			flow := z.tp.udpFlow(t, "203.0.113.10", 40000)
			z.call(t, v, "ADD", z.conf(t, "192.0.2.100", true), "podA", "")
			flow.expect(t, "192.0.2.100", "pod A")
			// A goes, its flows kept (as a pod that continues elsewhere),
			// then the zone table with them.
			z.call(t, v, "DEL", z.conf(t, "192.0.2.100", true), "podA", cniutil.ArgPodContinues+"=true")
			testutil.Run(t, n.ns, "nft", "delete", "table", "inet", ctzone.Table)
			flow.expect(t, "198.51.100.2", "nobody's address, no zone table")
			if skip {
				v.addFlows = noWalk
			}
			if !z.call(t, v, "ADD", z.conf(t, "192.0.2.101", true), "podB", "") {
				t.Fatal("pod B's ADD in a table made again handed no walk over")
			}
			if skip {
				flow.expect(t, "192.0.2.100", "pod B on pod A's entry of an earlier table (the walk skipped)")
				return
			}
			flow.expect(t, "192.0.2.101", "pod B")
			z.call(t, v, "DEL", z.conf(t, "192.0.2.101", true), "podB", "")
		})
	}
}

// BenchmarkAddConntrack is a new pod's ADD with the walk its first
// container waits for (in-process, the nftables backend, a fresh address
// each time, bound by address), on a node holding 0 or 200,000 other
// conntrack entries, with and without conntrackZones: without, every ADD
// walks the kernel's table; with, an ADD in a proven epoch walks nothing.
func BenchmarkAddConntrack(b *testing.B) {
	testutil.RequireRoot(b)
	for _, others := range []int{0, 200000} {
		for _, zones := range []bool{false, true} {
			b.Run(fmt.Sprintf("entries=%d/zones=%t", others, zones), func(b *testing.B) {
				n := testutil.NewNS(b)
				table := "dkt-" + testutil.RandSuffix(8)
				v := inProcessVerbs()
				conf := func(i int) []byte {
					c, err := json.Marshal(map[string]any{"cniVersion": "1.1.0", "name": "net1", "type": "ipmasq",
						"backend": snat.BackendNFTables, "table": table, "conntrackZones": zones, "binding": "link",
						"runtimeConfig": map[string]any{
							"ips":         []string{fmt.Sprintf("10.%d.%d.%d", 1+i>>16&0xff, i>>8&0xff, 1+i&0x7f)},
							"masqEntries": []map[string]any{{"external": "192.0.2.100", "destination": "203.0.113.0/24", "protocol": "udp"}},
						}})
					if err != nil {
						b.Fatal(err)
					}
					return c
				}
				call := func(verb string, i int) error {
					args := &skel.CmdArgs{ContainerID: fmt.Sprint("pod", i), Netns: "/var/run/netns/none", IfName: "eth0", StdinData: conf(i)}
					if verb == "DEL" {
						return v.del(context.Background(), args)
					}
					var werr error
					ctx := cniutil.WithDeferral(context.Background(), func(work func() error, release func()) {
						werr = work()
						release()
					})
					if _, _, err := v.add(ctx, args); err != nil {
						return err
					}
					return werr
				}
				err := n.Do(func(ns.NetNS) error {
					addFlows(b, "198.51.100.1", "192.0.2.1", 1000, others)
					// The epoch's walk, once per table, before the clock.
					if err := call("ADD", 0); err != nil {
						return err
					}
					i := 0
					for b.Loop() {
						i++
						if err := call("ADD", i); err != nil {
							return err
						}
						b.StopTimer()
						if err := call("DEL", i); err != nil {
							return err
						}
						b.StartTimer()
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

// TestConntrackZonesEpochWalk: the epoch's walk is what lets an address
// the new table never gave a zone skip its walk. Pods A (198.51.100.2)
// and A2 (198.51.100.3) run with zones, both keep their flows past their
// DEL, and the table goes. Pod B's ADD on .2 is the new table's first:
// it walks .2 and every zoned entry the old table left, and proves the
// epoch. Pod C's ADD on .3 then walks nothing, and its datagrams leave as
// C's rules say. When B's walk removes only .2's entries and proves the
// epoch all the same, C's datagrams ride A2's entry of zone 1 and leave
// as A2's: the test catches it.
func TestConntrackZonesEpochWalk(t *testing.T) {
	testutil.RequireRoot(t)
	for _, skip := range []bool{false, true} {
		name := "epoch walk"
		if skip {
			name = "epoch walk skipped"
		}
		t.Run(name, func(t *testing.T) {
			n := newNode(t, snat.BackendNFTables)
			z := &zoneNode{node: n, tp: newTopology(t, n)}
			testutil.Addr(t, z.tp.client, "eth0", "198.51.100.3/24")
			v := inProcessVerbs()
			flowA := z.tp.udpFlow(t, "203.0.113.10", 40000)
			flowA2 := z.tp.udpFlowFrom(t, "198.51.100.3", "203.0.113.20", 40001)
			a := z.confOf(t, "198.51.100.2", "203.0.113.10", "192.0.2.100", true)
			a2 := z.confOf(t, "198.51.100.3", "203.0.113.20", "192.0.2.110", true)
			z.call(t, v, "ADD", a, "podA", "")
			z.call(t, v, "ADD", a2, "podA2", "")
			flowA.expect(t, "192.0.2.100", "pod A")
			flowA2.expect(t, "192.0.2.110", "pod A2")
			// Both go, keeping their flows; then the zone table.
			z.call(t, v, "DEL", a, "podA", cniutil.ArgPodContinues+"=true")
			z.call(t, v, "DEL", a2, "podA2", cniutil.ArgPodContinues+"=true")
			testutil.Run(t, n.ns, "nft", "delete", "table", "inet", ctzone.Table)
			flowA2.expect(t, "198.51.100.3", "nobody's address, no zone table")
			if skip {
				v.addFlows = func(_ *snat.Plan, zoned *ctzone.Assignment) error {
					if _, err := OrigFlows(zoned.Full); err != nil {
						return err
					}
					return v.zones.Confirm(context.Background(), zoned)
				}
			}
			if !z.call(t, v, "ADD", z.confOf(t, "198.51.100.2", "203.0.113.10", "192.0.2.101", true), "podB", "") {
				t.Fatal("the new table's first ADD handed no walk over")
			}
			if z.call(t, v, "ADD", z.confOf(t, "198.51.100.3", "203.0.113.20", "192.0.2.111", true), "podC", "") {
				t.Fatal("pod C's ADD in a proven epoch handed a walk over")
			}
			if skip {
				flowA2.expect(t, "192.0.2.110", "pod C on pod A2's entry of the earlier table (the epoch walk skipped)")
				return
			}
			flowA2.expect(t, "192.0.2.111", "pod C, without a walk of its own")
		})
	}
}
