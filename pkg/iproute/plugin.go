package iproute

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"slices"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"
	"github.com/vishvananda/netlink"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Plugin is iproute in diktyo's plugin contract: the binary
// (cmd/iproute), the in-process executor and explain all start here.
var Plugin = cniutil.Plugin{
	Type:     "iproute",
	About:    "diktyo iproute: pod routes and host-side policy routing",
	Verbs:    func(env cniutil.Env) cniutil.Verbs { return newVerbs(env, "").cni() },
	Explain:  explain,
	Describe: describe,
}

// verbs are iproute's CNI verbs for one invocation's environment.
//
// The kernel work is netlink calls that cannot be interrupted, so the
// verbs look at their context before they start changing anything: a
// call whose deadline has passed changes nothing.
type verbs struct {
	// hostNetns is the namespace treated as "the host"; empty means the
	// one the calling thread is in. Tests point it at a throwaway one.
	hostNetns string
	log       *slog.Logger
}

func newVerbs(env cniutil.Env, hostNetns string) *verbs {
	log := env.Log
	if log == nil {
		log = slog.Default()
	}
	return &verbs{hostNetns: hostNetns, log: log}
}

func (p *verbs) cni() cniutil.Verbs {
	return cniutil.Verbs{Add: p.add, Del: p.del, Check: p.check, GC: p.gc, Status: p.status}
}

// hostHandle opens a netlink handle in the host namespace.
func (p *verbs) hostHandle() (*netlink.Handle, error) {
	if p.hostNetns != "" {
		return cniutil.HandleAt(p.hostNetns)
	}
	h, err := netlink.NewHandle()
	if err != nil {
		return nil, fmt.Errorf("netlink handle: %w", err)
	}
	return h, nil
}

// hostSession is what the verbs that must work without the pod's netns
// (DEL, GC) open: the config, the state store, and a transaction on the
// host's netlink handle and nftables table.
type hostSession struct {
	nc  *NetConf
	cfg *Config
	st  *store
	tx  *txn
}

func (p *verbs) openHost(stdin []byte) (*hostSession, error) {
	nc, err := Parse(stdin)
	if err != nil {
		return nil, err
	}
	cfg, err := NodeConfig(nc)
	if err != nil {
		return nil, err
	}
	host, err := p.hostHandle()
	if err != nil {
		return nil, err
	}
	st, err := openStore(cfg.StateDir)
	if err != nil {
		host.Close()
		return nil, err
	}
	tx := &txn{host: backend{h: host, proto: cfg.Protocol}, ix: index{dir: st.dir}, nft: p.nft(cfg), hostNetns: p.hostNetns}
	return &hostSession{nc: nc, cfg: cfg, st: st, tx: tx}, nil
}

func (s *hostSession) close() {
	s.st.close()
	s.tx.host.h.Close()
}

// attachment is everything one verb needs about one attachment.
type attachment struct {
	nc    *NetConf
	cfg   *Config
	pod   *Pod
	prev  *current.Result
	addrs []netip.Prefix
	owner string
	args  *skel.CmdArgs
}

// prepare parses the config and finds the pod addresses.
func prepare(args *skel.CmdArgs) (*attachment, error) {
	nc, cfg, pod, err := Load(args.StdinData)
	if err != nil {
		return nil, err
	}
	prev, err := cniutil.PrevResult(&nc.PluginConf)
	if err != nil {
		return nil, err
	}
	addrs, err := cniutil.PodAddrs(prev, pod.IPs, args.IfName)
	if err != nil {
		return nil, err
	}
	if err := cfg.CheckAddrs(pod, addrs); err != nil {
		return nil, err
	}
	return &attachment{
		nc: nc, cfg: cfg, pod: pod, prev: prev, addrs: addrs, args: args,
		owner: cniutil.OwnerID(cfg.Network, args.ContainerID, args.IfName),
	}, nil
}

// plan builds the attachment's objects, resolving the host interface
// through host when a host route is wanted.
func (a *attachment) plan(host *netlink.Handle) (Plan, error) {
	hostIf := ""
	if a.pod.HostRoute {
		var err error
		if hostIf, err = hostInterface(host, a.pod.HostInterface, a.prev); err != nil {
			return Plan{}, err
		}
	}
	return BuildPlan(a.cfg, a.pod, a.addrs, a.args.IfName, hostIf), nil
}

// hostInterface picks the host-side interface for host routes: the one
// configured, else the host interface of prevResult (the bridge, when the
// result names both a bridge and its veth port).
func hostInterface(h *netlink.Handle, want string, prev *current.Result) (string, error) {
	if want != "" {
		return want, nil
	}
	var cands []string
	if prev != nil {
		for _, i := range prev.Interfaces {
			if i.Sandbox == "" && i.Name != "" {
				cands = append(cands, i.Name)
			}
		}
	}
	for _, c := range cands {
		if l, err := h.LinkByName(c); err == nil && l.Type() == "bridge" {
			return c, nil
		}
	}
	switch len(cands) {
	case 0:
		return "", errors.New("hostInterface: needed for the host route and prevResult names no host interface; set hostInterface")
	case 1:
		return cands[0], nil
	}
	return "", fmt.Errorf("hostInterface: needed for the host route and prevResult names several host interfaces %v; set hostInterface", cands)
}

// add installs the attachment's routes and rules and returns the result
// and the CNI version to print it in.
func (p *verbs) add(ctx context.Context, args *skel.CmdArgs) (*current.Result, string, error) {
	a, err := prepare(args)
	if err != nil {
		return nil, "", err
	}
	host, err := p.hostHandle()
	if err != nil {
		return nil, "", err
	}
	defer host.Close()
	plan, err := a.plan(host)
	if err != nil {
		return nil, "", err
	}
	if err := ctx.Err(); err != nil {
		return nil, "", fmt.Errorf("iproute ADD not started: %w", err)
	}
	if err := p.apply(a, host, plan); err != nil {
		return nil, "", err
	}
	p.log.Debug("iproute ADD", "owner", a.owner, "containerID", args.ContainerID, "plan", plan.Describe())
	res := cniutil.Result(a.prev, a.addrs, args.IfName, args.Netns)
	addResultRoutes(res, plan.PodRoutes)
	return res, a.cfg.CNIVersion, nil
}

// apply makes the kernel match plan, under the state lock. On failure it
// undoes what it created and restores the previous record.
func (p *verbs) apply(a *attachment, host *netlink.Handle, plan Plan) (err error) {
	var podH *netlink.Handle
	if len(plan.PodRoutes) > 0 && a.args.Netns == "" {
		return errors.New("routeEntries: the pod's netns is needed for pod routes (CNI_NETNS is empty)")
	}
	if a.args.Netns != "" {
		// Opened even without pod routes: a repeated ADD may have to
		// remove the routes an earlier ADD made.
		if podH, err = cniutil.HandleAt(a.args.Netns); err != nil {
			return err
		}
		defer podH.Close()
	}
	st, err := openStore(a.cfg.StateDir)
	if err != nil {
		return err
	}
	defer st.close()
	old, err := st.load(a.owner)
	if err != nil {
		return err
	}
	ix := index{dir: st.dir}
	tx := &txn{host: backend{h: host, proto: a.cfg.Protocol}, pod: backend{h: podH, proto: a.cfg.Protocol}, ix: ix, owner: a.owner,
		nft: p.nft(a.cfg), hostNetns: p.hostNetns}
	if old != nil {
		tx.oldMarks = old.Marks
	}
	p.takeOverAddrs(a, st, tx)
	if old == nil && plan.isEmpty() {
		return nil // nothing to install, nothing to remember
	}

	rec := &Record{Owner: a.owner, Network: a.cfg.Network, ContainerID: a.args.ContainerID,
		IfName: a.args.IfName, Netns: a.args.Netns, Addrs: a.addrs, Plan: plan}
	intent, err := saveIntent(st, old, rec)
	if err != nil {
		return err
	}
	if err := tx.install(plan); err != nil {
		tx.rollback(p.log)
		restoreRecord(st, old, a.owner, p.log)
		return err
	}
	return p.commit(st, tx, old, rec, intent)
}

// saveIntent records the old and the new objects before the kernel is
// touched, so a crash half-way leaves objects that DEL and GC can find. A
// repeated identical ADD has nothing new to record.
func saveIntent(st *store, old, rec *Record) (Plan, error) {
	if old == nil {
		return rec.Plan, st.save(rec)
	}
	intent := *rec
	intent.Plan = mergePlans(old.Plan, rec.Plan)
	if samePlan(old.Plan, intent.Plan) {
		return intent.Plan, nil
	}
	return intent.Plan, st.save(&intent)
}

// commit removes what an earlier ADD made and this one no longer wants,
// then records the new state.
func (p *verbs) commit(st *store, tx *txn, old, rec *Record, intent Plan) error {
	if old != nil {
		if err := errors.Join(tx.remove(old.without(rec.Plan), rec.Owner)...); err != nil {
			p.log.Warn("iproute: removing objects no longer wanted", "owner", rec.Owner, "error", err)
		}
		tx.ix.releaseAll(rec.Owner, old.Addrs)
	}
	if rec.isEmpty() {
		return st.remove(rec.Owner)
	}
	if err := tx.ix.add(rec); err != nil {
		return err
	}
	if !samePlan(intent, rec.Plan) {
		return st.save(rec)
	}
	return nil
}

// samePlan says whether two plans hold the same objects (without
// compares marks by address only).
func samePlan(a, b Plan) bool {
	sameMarks := len(a.Marks) == len(b.Marks) && !slices.ContainsFunc(a.Marks, func(m Mark) bool { return !slices.Contains(b.Marks, m) })
	return sameMarks && a.without(b).isEmpty() && b.without(a).isEmpty()
}

// nft returns the fwmark layout's nftables backend, or nil.
func (p *verbs) nft(cfg *Config) *nftBackend {
	if cfg.Layout != LayoutFwmark {
		return nil
	}
	return newNftBackend(cfg.NftTable, p.hostNetns)
}

// takeOverAddrs removes the host-side objects of another attachment that
// still claims one of this pod's addresses. IPAM handed the address to
// this pod, so that attachment is gone and only its DEL was lost.
func (p *verbs) takeOverAddrs(a *attachment, st *store, tx *txn) {
	for _, addr := range a.addrs {
		other := tx.ix.owner(addr.Addr())
		if other == "" || other == a.owner {
			continue
		}
		rec, err := st.load(other)
		if err != nil || rec == nil {
			tx.ix.release(addr.Addr(), other)
			continue
		}
		p.log.Warn("iproute: address held by a stale attachment; removing its host objects",
			"address", addr.Addr(), "stale", other, "containerID", rec.ContainerID)
		rec.PodRoutes = nil
		if err := errors.Join(tx.remove(rec.Plan, other)...); err != nil {
			p.log.Warn("iproute: removing stale objects", "stale", other, "error", err)
		}
		tx.ix.releaseAll(other, rec.Addrs)
		_ = st.remove(other)
	}
}

func restoreRecord(st *store, old *Record, owner string, log *slog.Logger) {
	var err error
	if old != nil {
		err = st.save(old)
	} else {
		err = st.remove(owner)
	}
	if err != nil {
		log.Warn("iproute: restoring state after a failed ADD", "owner", owner, "error", err)
	}
}

func mergePlans(a, b Plan) Plan {
	out := Plan{
		PodRoutes:  slices.Concat(a.PodRoutes, b.PodRoutes),
		HostRoutes: slices.Concat(a.HostRoutes, b.HostRoutes),
		Rules:      dedupRules(slices.Concat(a.Rules, b.Rules)),
		Shared:     dedupRules(slices.Concat(a.Shared, b.Shared)),
		Marks:      dedup(slices.Concat(a.Marks, b.Marks), Mark.String),
		Bypass:     dedup(slices.Concat(a.Bypass, b.Bypass), Bypass.String),
		NftTable:   cmp.Or(a.NftTable, b.NftTable),
	}
	out.PodRoutes = dedup(out.PodRoutes, func(r PodRoute) string { r.Description = ""; return fmt.Sprintf("%+v", r) })
	out.HostRoutes = dedup(out.HostRoutes, HostRoute.String)
	return out
}

// dedup keeps the first of the elements with the same key.
func dedup[T any](in []T, key func(T) string) []T {
	seen := make(map[string]bool, len(in))
	out := in[:0]
	for _, v := range in {
		if k := key(v); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

// addResultRoutes reports the unicast pod routes in the result; the other
// types have no CNI representation and are left out.
func addResultRoutes(res *current.Result, routes []PodRoute) {
	for _, r := range routes {
		if r.Type != TypeUnicast {
			continue
		}
		cr := &types.Route{Dst: *ipNet(r.Dst), MTU: r.MTU, Priority: r.Metric}
		if r.Gateway.IsValid() {
			cr.GW = net.IP(r.Gateway.AsSlice())
		} else {
			scope := int(netlink.SCOPE_LINK)
			cr.Scope = &scope
		}
		if r.Table != 0 {
			t := r.Table
			cr.Table = &t
		}
		if !slices.ContainsFunc(res.Routes, func(e *types.Route) bool {
			return e.Dst.String() == cr.Dst.String() && e.GW.Equal(cr.GW) && sameTable(e.Table, cr.Table)
		}) {
			res.Routes = append(res.Routes, cr)
		}
	}
}

func sameTable(a, b *int) bool {
	ta, tb := tableMain, tableMain
	if a != nil && *a != 0 {
		ta = *a
	}
	if b != nil && *b != 0 {
		tb = *b
	}
	return ta == tb
}

// del removes the attachment's host-side objects (and its pod routes when
// the netns is still there). Everything already gone is success.
func (p *verbs) del(ctx context.Context, args *skel.CmdArgs) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("iproute DEL not started: %w", err)
	}
	hs, err := p.openHost(args.StdinData)
	if err != nil {
		return err
	}
	defer hs.close()
	nc, cfg, st, tx, ix := hs.nc, hs.cfg, hs.st, hs.tx, hs.tx.ix
	owner := cniutil.OwnerID(cfg.Network, args.ContainerID, args.IfName)
	tx.owner = owner
	rec, err := st.load(owner)
	if err != nil {
		return err
	}
	var plan Plan
	var addrs []netip.Prefix
	if rec != nil {
		plan, addrs = rec.Plan, rec.Addrs
	} else {
		// No record (lost, or ADD never ran): rebuild the plan from the
		// request, and leave alone what another attachment claims.
		plan, addrs = p.planWithoutRecord(args, nc, cfg, ix, owner)
	}
	errs := tx.remove(withoutPodRoutes(plan), owner)
	p.removePodRoutes(args.Netns, cfg.Protocol, plan.PodRoutes)
	ix.releaseAll(owner, addrs)
	errs = append(errs, st.remove(owner))
	return errors.Join(errs...)
}

func withoutPodRoutes(p Plan) Plan {
	p.PodRoutes = nil
	return p
}

// planWithoutRecord rebuilds what ADD would have made from DEL's input,
// best effort: anything missing (netns, prevResult, a valid runtimeConfig)
// just means fewer objects to look for.
func (p *verbs) planWithoutRecord(args *skel.CmdArgs, nc *NetConf, cfg *Config, ix index, owner string) (Plan, []netip.Prefix) {
	pod, err := PodConfig(cfg, nc.RuntimeConfig)
	if err != nil {
		p.log.Warn("iproute DEL: ignoring invalid runtimeConfig", "error", err)
		return Plan{}, nil
	}
	prev, _ := cniutil.PrevResult(&nc.PluginConf)
	addrs, err := cniutil.PodAddrs(prev, pod.IPs, args.IfName)
	if err != nil {
		addrs = nil
	}
	addrs = slices.DeleteFunc(addrs, func(a netip.Prefix) bool {
		o := ix.owner(a.Addr())
		return o != "" && o != owner
	})
	// The host interface only matters for adding; deletion matches the
	// destination, table and protocol.
	pod.HostInterface = "-"
	return BuildPlan(cfg, pod, addrs, args.IfName, pod.HostInterface), addrs
}

// removePodRoutes deletes our pod routes when the netns still exists;
// it never fails DEL, since the routes go with the netns anyway.
func (p *verbs) removePodRoutes(netnsPath string, proto uint8, routes []PodRoute) {
	if netnsPath == "" || len(routes) == 0 {
		return
	}
	if _, err := os.Stat(netnsPath); err != nil {
		return
	}
	h, err := cniutil.HandleAt(netnsPath)
	if err != nil {
		return
	}
	defer h.Close()
	b := backend{h: h, proto: proto}
	for _, r := range routes {
		r.Dev = "" // the interface may be gone; delete by key and protocol
		nr, err := b.nlPodRoute(r)
		if err == nil {
			err = b.delRoute(nr, "pod route "+r.String())
		}
		if err != nil {
			p.log.Warn("iproute DEL: pod route", "error", err)
		}
	}
}

// check reports every route or rule of the attachment that is missing or
// different from what ADD would make now.
func (p *verbs) check(ctx context.Context, args *skel.CmdArgs) error {
	a, err := prepare(args)
	if err != nil {
		return err
	}
	host, err := p.hostHandle()
	if err != nil {
		return err
	}
	defer host.Close()
	plan, err := a.plan(host)
	if err != nil {
		return err
	}
	var errs []error
	if len(plan.PodRoutes) > 0 {
		errs = append(errs, checkPodRoutes(args.Netns, a.cfg.Protocol, plan.PodRoutes)...)
	}
	errs = append(errs, checkHost(ctx, backend{h: host, proto: a.cfg.Protocol}, p.hostNetns, plan)...)
	if n := p.nft(a.cfg); n != nil {
		errs = append(errs, n.check(ctx, plan)...)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("iproute CHECK: %w", err)
	}
	return nil
}

func checkPodRoutes(netnsPath string, proto uint8, routes []PodRoute) []error {
	h, err := cniutil.HandleAt(netnsPath)
	if err != nil {
		return []error{err}
	}
	defer h.Close()
	b := backend{h: h, proto: proto}
	var errs []error
	for _, r := range routes {
		nr, err := b.nlPodRoute(r)
		if err == nil {
			err = b.checkRoute(nr, "pod route "+r.String())
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// checkHost checks the host routes and rules of the plan. Inside a
// reconcile pass (a cniutil.ReadCache in ctx), the host's rules and
// routes are listed once for all pods (hostNetns names the host in the
// cache key); alone, a CHECK lists only what it needs.
func checkHost(ctx context.Context, b backend, hostNetns string, plan Plan) []error {
	var errs []error
	for _, r := range plan.HostRoutes {
		nr, err := b.nlHostRoute(r)
		if err == nil {
			err = b.checkRouteIn(ctx, hostNetns, nr, "host route "+r.String())
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(plan.Rules)+len(plan.Shared) == 0 {
		return errs
	}
	rules, err := cniutil.Read(ctx, "iproute/rule-index/"+hostNetns, b.listRuleIndex)
	if err != nil {
		return append(errs, err)
	}
	for _, r := range slices.Concat(plan.Rules, plan.Shared) {
		if err := rules.check(r); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// status reports whether the plugin can work: its config is valid, its
// state directory is usable and netlink answers.
func (p *verbs) status(_ context.Context, args *skel.CmdArgs) error {
	nc, err := Parse(args.StdinData)
	if err != nil {
		return err
	}
	cfg, err := NodeConfig(nc)
	if err != nil {
		return err
	}
	st, err := openStore(cfg.StateDir)
	if err != nil {
		return types.NewError(types.ErrPluginNotAvailable, "iproute state directory unusable", err.Error())
	}
	st.close()
	host, err := p.hostHandle()
	if err != nil {
		return types.NewError(types.ErrPluginNotAvailable, "netlink unavailable", err.Error())
	}
	defer host.Close()
	if _, err := host.RuleList(netlink.FAMILY_V4); err != nil {
		return types.NewError(types.ErrPluginNotAvailable, "listing rules failed", err.Error())
	}
	if n := p.nft(cfg); n != nil {
		if err := n.status(); err != nil {
			return types.NewError(types.ErrPluginNotAvailable, "nftables unusable", err.Error())
		}
	}
	return nil
}
