// Package ipmasq is the ipmasq chained CNI plugin: its CNI verbs on top
// of the SNAT model (ipmasq/snat) and its backends (ipmasq/iptables,
// ipmasq/nftables), and the conntrack cleanup that makes existing flows
// follow the rules.
package ipmasq

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/skel"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/ctzone"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Timeout bounds one plugin invocation's kernel work.
const Timeout = 30 * time.Second

// Plugin is ipmasq in diktyo's plugin contract: the binary
// (cmd/ipmasq), the in-process executor and explain all start here.
var Plugin = cniutil.Plugin{
	Type:     pluginType,
	About:    "diktyo ipmasq: per-pod source NAT (iptables or nftables)",
	Verbs:    func(env cniutil.Env) cniutil.Verbs { return newVerbs(env, cniutil.ExecRunner{}).cni() },
	Explain:  explain,
	Describe: describe,
	Moved:    moved,
	// The link binding's drops, for diktyo-nri's metrics.
	NodeCounts: nodeCounts,
	Prepare:    prepare,
}

// nodeSources stand for any pod in the plan of the node's own rules
// (prepare): one address of each family, from the documentation ranges.
var nodeSources = []netip.Prefix{netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("2001:db8::1/128")}

// prepare makes the kernel hold the fixed objects the config's pods
// need: the nftables backend's table, chains, gate sets and the maps of
// the node's own rules (every pod has them), and the guard's chains and
// sets unless nothing is bound (binding "address"). The iptables
// backend's tag chain is left to the first ADD (its slow path, under
// its lock).
func prepare(ctx context.Context, stdin []byte) ([]string, error) {
	cfg, err := snat.ParseNodeConfig(stdin)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	var repaired []string
	if cfg.Backend == snat.BackendNFTables {
		plan := snat.BuildPlan(cfg, snat.Owner{Network: cfg.Network}, nodeSources)
		// The backend ADD uses, so that the fixed chains are the ones its
		// ADD expects (strict mode's marking ones).
		if repaired, err = newNFTables(cfg).Prepare(ctx, plan); err != nil {
			return nil, err
		}
	}
	if cfg.ConntrackZones {
		more, err := (&ctzone.Zones{}).Prepare(ctx)
		if err != nil {
			return nil, err
		}
		repaired = append(repaired, more...)
	}
	if cfg.Binding == snat.BindingAddress {
		return repaired, nil
	}
	more, err := linkguard.New(cfg.GuardTable).Prepare(ctx, cfg.LinkMark, cfg.StrictMark)
	return append(repaired, more...), err
}

const pluginType = "ipmasq"

// nodeCounts reads every binding of the config's guard table.
func nodeCounts(ctx context.Context, stdin []byte) (map[string]map[string]uint64, error) {
	cfg, err := snat.ParseNodeConfig(stdin)
	if err != nil {
		return nil, err
	}
	all, err := linkguard.New(cfg.GuardTable).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]map[string]uint64, len(all))
	for id, d := range all {
		out[id] = map[string]uint64{CountSpoofedFrom: d.From, CountSpoofedAs: d.As}
		if d.Strict {
			out[id][CountStrictDropped] = d.Untranslated
		}
	}
	return out, nil
}

// ipmasq's NodeCounts names.
const (
	CountSpoofedFrom = "spoofed_from"
	CountSpoofedAs   = "spoofed_as"
	// CountStrictDropped is a strict pod's new connections dropped
	// because no decision of ipmasq's marked them (present only for a
	// pod held to strict mode).
	CountStrictDropped = "strict_dropped"
)

// moved: a pod's rules live in the backend's own objects, so a change of
// backend, or of the nftables backend's table, leaves the old rules
// behind, and a DEL with the old config removes exactly those. A changed
// iptables tag is not moved that way: the pod's chain is named by its
// owner alone, so the new ADD takes it over and the old DEL could not
// remove it (docs/install.md says what to do). Configs that do not parse
// are not judged moved: nothing would DEL them.
func moved(old, new []byte) bool {
	a, err1 := snat.ParseNodeConfig(old)
	b, err2 := snat.ParseNodeConfig(new)
	if err1 != nil || err2 != nil {
		return false
	}
	if a.Backend != b.Backend {
		return true
	}
	return a.Backend == snat.BackendNFTables && a.Table != b.Table
}

// verbs are ipmasq's CNI verbs for one invocation's environment.
type verbs struct {
	log *slog.Logger
	run cniutil.Runner // how the iptables backend runs iptables-restore (nftables speaks netlink)
	// podFlows removes the conntrack entries of a pod's addresses at DEL
	// and GC (PodFlows); tests replace it with one that fails.
	podFlows func(addrs []netip.Addr) (uint, error)
	// zones hands out the pods' conntrack zones (conntrackZones).
	zones *ctzone.Zones
	// addFlows is the ADD's conntrack walk: zoned is nil without
	// conntrackZones. Tests replace it with none, to show what a walk
	// skipped without proof would let through.
	addFlows func(plan *snat.Plan, zoned *ctzone.Assignment) error
}

func newVerbs(env cniutil.Env, run cniutil.Runner) *verbs {
	log := env.Log
	if log == nil {
		log = slog.Default()
	}
	v := &verbs{log: log, run: run, podFlows: PodFlows, zones: &ctzone.Zones{}}
	v.addFlows = v.walkAdd
	return v
}

func (v *verbs) cni() cniutil.Verbs {
	return cniutil.Verbs{Add: v.add, Del: v.del, Check: v.check, GC: v.gc, Status: v.status}
}

// newNFTables is the config's nftables backend, marking decisions in
// strict mode.
func newNFTables(cfg *snat.Config) *nftables.Backend {
	b := nftables.New(cfg.Table)
	if cfg.Strict {
		b.Strict = cfg.StrictMark
	}
	return b
}

// NewBackend returns the backend the config names. Construction runs
// nothing, so a plugin exec pays only for the transactions it needs.
func NewBackend(cfg *snat.Config, r cniutil.Runner) snat.Backend {
	if cfg.Backend == snat.BackendNFTables {
		return newNFTables(cfg)
	}
	b := iptables.New(cfg.Tag, r)
	b.LockFile = cfg.LockFile
	return b
}

func owner(cfg *snat.Config, args *skel.CmdArgs) snat.Owner {
	return snat.Owner{Network: cfg.Network, ID: cniutil.OwnerID(cfg.Network, args.ContainerID, args.IfName)}
}

// invocation is what ADD and CHECK derive from their input.
type invocation struct {
	cfg   *snat.Config
	prev  *current.Result
	addrs []netip.Prefix
	plan  *snat.Plan
}

// parse validates everything and builds the pod's plan; nothing has
// touched the kernel yet, so bad input changes nothing.
func parse(args *skel.CmdArgs) (*invocation, error) {
	cfg, err := snat.ParseConfig(args.StdinData)
	if err != nil {
		return nil, err
	}
	prev, err := cniutil.PrevResult(&cfg.Conf.PluginConf)
	if err != nil {
		return nil, err
	}
	addrs, err := cniutil.PodAddrs(prev, cfg.Conf.RuntimeConfig.IPs, args.IfName)
	if err != nil {
		return nil, err
	}
	return &invocation{cfg: cfg, prev: prev, addrs: addrs, plan: snat.BuildPlan(cfg, owner(cfg, args), addrs)}, nil
}

// add applies the pod's rules and returns the result to print.
func (v *verbs) add(ctx context.Context, args *skel.CmdArgs) (*current.Result, string, error) {
	inv, err := parse(args)
	if err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// The binding goes first (nftables: in the rules' own transaction):
	// there is never a moment when the pod's rules translate packets that
	// its link did not send.
	be := NewBackend(inv.cfg, v.run)
	g, bound, err := v.bind(ctx, inv, args, be)
	if err != nil {
		return nil, "", fmt.Errorf("ipmasq ADD: %w", err)
	}
	if err := be.Add(ctx, inv.plan); err != nil {
		return nil, "", fmt.Errorf("ipmasq ADD: %w", err)
	}
	if err := g.ReleaseFrom(ctx); err != nil {
		// The pod is bound; the old table's empty objects wait for the
		// next move's ADD.
		v.log.Warn("removing the guard table the pod was moved from", "table", g.From, "error", err)
	}
	zoned := v.assignZone(ctx, inv, bound)
	// The pod's flows must leave as the rules now say, from the next
	// packet on (a previous pod with this address, or a changed policy):
	// now, or, when the caller holds the pod's containers until it is
	// done (cniutil.Defer), after the runtime is answered. A zone that
	// proves it needs none hands nothing over: the pod's containers do
	// not wait.
	if zoned != nil && zoned.Walk() == ctzone.WalkNone {
		return cniutil.Result(inv.prev, inv.addrs, args.IfName, args.Netns), inv.cfg.Conf.CNIVersion, nil
	}
	plan := inv.plan
	if err := cniutil.Defer(ctx, func() error {
		if err := v.addFlows(plan, zoned); err != nil {
			return fmt.Errorf("ipmasq ADD: %w", err)
		}
		return nil
	}); err != nil {
		return nil, "", err
	}
	return cniutil.Result(inv.prev, inv.addrs, args.IfName, args.Netns), inv.cfg.Conf.CNIVersion, nil
}

// assignZone gives the pod's addresses this incarnation's conntrack zone
// (conntrackZones), or nil: no zones, or none could be given (the ADD
// then walks as without zones). It runs after the binding is in force:
// from the zone's first instant, only the pod's own link can make an
// entry in it (a spoofed packet is dropped before conntrack), and the
// pod sends nothing before its ADD answers, so the zone is clean by
// construction. A pod bound by address alone has no such guard: it
// walks its stale flows as without zones.
func (v *verbs) assignZone(ctx context.Context, inv *invocation, bound bool) *ctzone.Assignment {
	if !inv.cfg.ConntrackZones {
		return nil
	}
	a, err := v.zones.Assign(ctx, inv.plan.Owner.ID, inv.plan.Sources())
	if err != nil {
		v.log.Warn("no conntrack zone for the pod; its flows are walked instead", "owner", inv.plan.Owner.ID, "error", err)
		return nil
	}
	if !bound {
		a.Stale = true
	}
	return a
}

// walkAdd is the ADD's conntrack walk. Without zones (zoned nil), or for
// a repeated ADD that keeps its zone, the flows whose translation the
// plan no longer gives go. Addresses whose zone history is not proven
// lose every entry (the pod has sent nothing yet), a table's first epoch
// every entry an earlier table's zones left; then the zones record the
// proof.
func (v *verbs) walkAdd(plan *snat.Plan, zoned *ctzone.Assignment) error {
	if zoned == nil || zoned.Stale {
		if _, err := StaleFlows(plan); err != nil {
			return err
		}
	}
	if zoned == nil || zoned.Walk() != ctzone.WalkFull {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	if len(zoned.Full) > 0 {
		if _, err := OrigFlows(zoned.Full); err != nil {
			return fmt.Errorf("removing the conntrack entries of %v: %w", zoned.Full, err)
		}
	}
	if zoned.Epoch {
		keep, err := v.zones.Keep(ctx)
		if err != nil {
			return err
		}
		if _, err := ZonedFlows(keep); err != nil {
			return fmt.Errorf("removing an earlier zone table's conntrack entries: %w", err)
		}
	}
	return v.zones.Confirm(ctx, zoned)
}

// del needs only the node config and the owner; the pod's addresses
// are a hint for the fast path, and what finds the pod's flows. Nothing
// being there is success.
func (v *verbs) del(ctx context.Context, args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	var addrs []netip.Prefix
	if prev, perr := cniutil.PrevResult(&cfg.Conf.PluginConf); perr == nil {
		addrs, _ = cniutil.PodAddrs(prev, cfg.PodIPs(), args.IfName)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// The rules go first, so that no new flow is translated by them, and
	// the flows are removed even when that failed: a DEL removes what it
	// can.
	be := NewBackend(cfg, v.run)
	if nb, ok := be.(*nftables.Backend); ok {
		// The pod's config, when it still validates, names its elements:
		// DEL deletes them by key.
		if full, err := snat.ParseConfig(args.StdinData); err == nil {
			nb.Planned = snat.BuildPlan(full, owner(cfg, args), addrs)
		}
	}
	if err := be.Del(ctx, owner(cfg, args), addrs); err != nil {
		err = fmt.Errorf("ipmasq DEL: %w", err)
		return errors.Join(err, v.delFlows(args, addrs))
	}
	// The pod's addresses leave their zone with the rules, before the
	// walk: no packet of theirs gets it again (their last zone stays, so
	// the next incarnation gets another). A pod that continues keeps it,
	// and with it its flows.
	if cfg.ConntrackZones && !cniutil.PodContinues(args.Args) {
		if err := v.zones.Release(ctx, owner(cfg, args).ID, hostAddrs(addrs)); err != nil {
			return errors.Join(fmt.Errorf("ipmasq DEL: %w", err), v.delFlows(args, addrs))
		}
	}
	// The flows go next, and the binding after them, whatever the
	// binding mode now (a pod bound under an earlier config is
	// unbound): until the flows are gone they are translated as the pod's,
	// and the binding keeps a neighbour from sending on them as the pod.
	// The binding is the one this config guards (Guards): the DEL of an
	// old config after a move leaves the new config's binding alone.
	// Now, or, when the caller keeps every other pod off the addresses
	// until it is done (cniutil.Defer: diktyo-nri's StopPodSandbox),
	// after the runtime is answered.
	guard, own := linkguard.New(cfg.GuardTable), owner(cfg, args)
	guard.Guards = guards(cfg)
	return cniutil.Defer(ctx, func() error {
		if err := v.delFlows(args, addrs); err != nil {
			return err
		}
		gctx, cancel := context.WithTimeout(context.Background(), Timeout)
		defer cancel()
		if err := guard.Del(gctx, own, hostAddrs(addrs)); err != nil {
			return fmt.Errorf("ipmasq DEL: %w", err)
		}
		return nil
	})
}

// delFlows removes the conntrack entries of a deleted pod's addresses. A
// failure is DEL's: until they are gone the old flows keep the pod's
// translation, with the ports of its egress block, and diktyo-nri frees
// the block (for the next pod) only after a DEL that succeeded; the
// retried DEL (libcni keeps the cached prevResult until then) flushes
// again. Without the pod's addresses its flows cannot be found; the next
// ADD for the address removes what disagrees with its rules.
func (v *verbs) delFlows(args *skel.CmdArgs, addrs []netip.Prefix) error {
	// The pod runs on under an attachment made just before (another
	// backend, a renamed network) whose rules translate its flows the
	// same way: its established flows (TCP above all) must keep their
	// mappings.
	if cniutil.PodContinues(args.Args) {
		return nil
	}
	if _, err := v.podFlows(hostAddrs(addrs)); err != nil {
		return fmt.Errorf("ipmasq DEL: removing the conntrack entries of %s: %w", joinPrefixes(addrs), err)
	}
	return nil
}

func joinPrefixes(ps []netip.Prefix) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.Addr().String()
	}
	return strings.Join(s, ", ")
}

func hostAddrs(ps []netip.Prefix) []netip.Addr {
	out := make([]netip.Addr, len(ps))
	for i, p := range ps {
		out[i] = p.Addr()
	}
	return out
}

func (v *verbs) check(ctx context.Context, args *skel.CmdArgs) error {
	inv, err := parse(args)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	if err := NewBackend(inv.cfg, v.run).Check(ctx, inv.plan); err != nil {
		return err
	}
	if inv.cfg.ConntrackZones {
		problems, err := v.zones.Check(ctx, inv.plan.Owner.ID, inv.plan.Sources())
		if err != nil {
			return err
		}
		if len(problems) > 0 {
			return &snat.DriftError{Owner: inv.plan.Owner, Problems: problems}
		}
	}
	b, ok, _, err := binding(inv, args)
	if err != nil || !ok {
		// Without a link found in the pod's namespace now (which the pod
		// controls: it may rename its interface), a binding made at ADD
		// stays in force, unchecked (docs/ipmasq.md).
		return err
	}
	return linkguard.New(inv.cfg.GuardTable).Check(ctx, b)
}

func (v *verbs) gc(ctx context.Context, args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	valid := cniutil.ValidOwners(cfg.Network, cfg.Conf.ValidAttachments)
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// A pod whose flows could not be removed keeps its rules, and GC
	// fails: diktyo-nri then keeps its blocks, and the next GC retries.
	flush := func(addrs []netip.Addr) error {
		_, err := v.podFlows(addrs)
		return err
	}
	if err := NewBackend(cfg, v.run).GC(ctx, cfg.Network, valid, flush); err != nil {
		v.log.Warn("GC failed", "network", cfg.Network, "err", err)
		return fmt.Errorf("ipmasq GC: %w", err)
	}
	// After the rules: a binding outlives the rules it guards, never
	// the other way round.
	if err := linkguard.New(cfg.GuardTable).GC(ctx, cfg.Network, valid); err != nil {
		v.log.Warn("GC failed", "network", cfg.Network, "err", err)
		return fmt.Errorf("ipmasq GC: %w", err)
	}
	return nil
}

// binding is the pod's link binding under the config's mode: ok false
// when the pod is to be bound by address alone (mode "address", a pod
// without addresses, or mode "preferred" and no host-side link). Mode "link"
// and no host-side link is an error naming the interface. noLink is
// why a pod under mode "preferred" has no link (for the log).
func binding(inv *invocation, args *skel.CmdArgs) (b linkguard.Binding, ok bool, noLink, err error) {
	b = linkguard.Binding{Owner: inv.plan.Owner, Addrs: inv.plan.Sources(), Mark: inv.cfg.LinkMark, Guards: guards(inv.cfg),
		Strict: inv.cfg.Strict, StrictMark: inv.cfg.StrictMark}
	if inv.cfg.Binding == snat.BindingAddress || !bindable(inv.plan) {
		return b, false, nil, nil
	}
	link, err := linkguard.HostLink(args.Netns, "", args.IfName)
	switch {
	case err == nil:
		b.Link, b.Index, b.PerDevice = link.Name, link.Index, link.OVS
		return b, true, nil, nil
	case errors.Is(err, linkguard.ErrNoHostLink) && inv.cfg.Binding == snat.BindingPreferred:
		return b, false, err, nil
	case errors.Is(err, linkguard.ErrNoHostLink):
		return b, false, nil, fmt.Errorf("binding %q: %w (binding \"preferred\" or \"address\" would bind it by address alone)", inv.cfg.Binding, err)
	}
	return b, false, nil, fmt.Errorf("finding the pod's link: %w", err)
}

// bindable: every pod ipmasq sees with an address is bound, rules or
// not: its routes (iproute's policy routing, which selects it by source
// address too) are its identity as much as its SNAT, and in diktyo-nri
// ipmasq sees only pods with a policy.
func bindable(p *snat.Plan) bool { return len(p.Sources()) > 0 }

// bind installs the pod's binding, or says (once per ADD) why it has
// none. The nftables backend sends it with the pod's rules, in one
// transaction; the iptables backend's rules follow it. When the pod
// was ADDed under a config with another guard table (diktyo-nri's
// record of the pod says which: cniutil.Previous), the binding moves
// from there in the same transaction; the guard returned removes that
// table's objects once empty (ReleaseFrom).
func (v *verbs) bind(ctx context.Context, inv *invocation, args *skel.CmdArgs, be snat.Backend) (g *linkguard.Guard, bound bool, err error) {
	g = linkguard.New(inv.cfg.GuardTable)
	if prev, ok := cniutil.Previous(ctx, pluginType); ok {
		g.From, _ = snat.GuardTableOf(prev)
	}
	b, ok, noLink, err := binding(inv, args)
	if err != nil {
		return g, false, err
	}
	if !ok {
		if noLink != nil {
			v.log.Info("pod bound by address alone", "owner", inv.plan.Owner.ID, "why", noLink)
		}
		g.From = "" // nothing of it moves
		return g, false, nil
	}
	if nb, ok := be.(*nftables.Backend); ok {
		nb.With = g.For(b)
		return g, true, nil
	}
	return g, true, g.Add(ctx, b)
}

func (v *verbs) status(ctx context.Context, args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	return NewBackend(cfg, v.run).Status(ctx)
}

// guards is the SNAT config cfg's bindings guard: the backend and its
// table or tag. A move to another one (the pod ADDed under the new
// config, then the old one DELeted) leaves the new binding alone.
func guards(cfg *snat.Config) string {
	if cfg.Backend == snat.BackendNFTables {
		return linkguard.SNATConfig(cfg.Backend, cfg.Table)
	}
	return linkguard.SNATConfig(snat.BackendIPTables, cfg.Tag)
}
