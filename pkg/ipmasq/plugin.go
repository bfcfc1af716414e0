// Package ipmasq is the ipmasq chained CNI plugin: its CNI verbs on top
// of the SNAT model (ipmasq/snat) and its backends (ipmasq/iptables,
// ipmasq/nftables), and the conntrack cleanup that makes existing flows
// follow the rules.
package ipmasq

import (
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"time"

	"github.com/containernetworking/cni/pkg/skel"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/iptables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/nftables"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
)

// Timeout bounds one plugin invocation's kernel work.
const Timeout = 30 * time.Second

// Funcs returns the skel callbacks.
func Funcs() skel.CNIFuncs {
	return Verbs().CNIFuncs()
}

// Verbs returns the verbs with ADD returning its result, for running the
// plugin in-process (diktyo-nri) as well as from the binary.
func Verbs() cniutil.Verbs {
	return cniutil.Verbs{Add: addResult, Del: cmdDel, Check: cmdCheck, GC: cmdGC, Status: cmdStatus}
}

// NewBackend returns the backend the config names. Construction runs
// nothing, so a plugin exec pays only for the transactions it needs.
func NewBackend(cfg *snat.Config, r snat.Runner) snat.Backend {
	if cfg.Backend == snat.BackendNFTables {
		return nftables.New(cfg.Table, r)
	}
	b := iptables.New(cfg.Tag, r)
	b.LockFile = cfg.LockFile
	return b
}

var logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})).With("plugin", "ipmasq")

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

// addResult applies the pod's rules and returns the result to print.
func addResult(args *skel.CmdArgs) (*current.Result, string, error) {
	inv, err := parse(args)
	if err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	if err := NewBackend(inv.cfg, snat.ExecRunner{}).Add(ctx, inv.plan); err != nil {
		return nil, "", fmt.Errorf("ipmasq ADD: %w", err)
	}
	// The pod's flows must leave as the rules now say, from the next
	// packet on (a previous pod with this address, or a changed policy).
	if _, err := StaleFlows(inv.plan); err != nil {
		return nil, "", fmt.Errorf("ipmasq ADD: %w", err)
	}
	return cniutil.Result(inv.prev, inv.addrs, args.IfName, args.Netns), inv.cfg.Conf.CNIVersion, nil
}

// cmdDel needs only the node config and the owner; the pod's addresses
// are a hint for the fast path. Nothing being there is success.
func cmdDel(args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	var addrs []netip.Prefix
	if prev, perr := cniutil.PrevResult(&cfg.Conf.PluginConf); perr == nil {
		addrs, _ = cniutil.PodAddrs(prev, cfg.PodIPs(), args.IfName)
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	if err := NewBackend(cfg, snat.ExecRunner{}).Del(ctx, owner(cfg, args), addrs); err != nil {
		return fmt.Errorf("ipmasq DEL: %w", err)
	}
	// Without the pod's addresses its flows cannot be found; the next
	// ADD for the address removes what disagrees with its rules.
	if _, err := PodFlows(hostAddrs(addrs)); err != nil {
		logger.Warn("DEL: removing the pod's conntrack entries failed; the next ADD of the address fixes them", "err", err)
	}
	return nil
}

func hostAddrs(ps []netip.Prefix) []netip.Addr {
	out := make([]netip.Addr, len(ps))
	for i, p := range ps {
		out[i] = p.Addr()
	}
	return out
}

func cmdCheck(args *skel.CmdArgs) error {
	inv, err := parse(args)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	return NewBackend(inv.cfg, snat.ExecRunner{}).Check(ctx, inv.plan)
}

func cmdGC(args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	valid := cniutil.ValidOwners(cfg.Network, cfg.Conf.ValidAttachments)
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	if err := NewBackend(cfg, snat.ExecRunner{}).GC(ctx, cfg.Network, valid); err != nil {
		logger.Warn("GC failed", "network", cfg.Network, "err", err)
		return fmt.Errorf("ipmasq GC: %w", err)
	}
	return nil
}

func cmdStatus(args *skel.CmdArgs) error {
	cfg, err := snat.ParseNodeConfig(args.StdinData)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	return NewBackend(cfg, snat.ExecRunner{}).Status(ctx)
}
