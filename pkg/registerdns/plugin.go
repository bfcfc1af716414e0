// Package registerdns implements the registerDNS chained CNI plugin: it
// gives a pod DNS names (A/AAAA, optional PTR) on ADD and removes them on
// DEL, through a backend: a hosts file (default), RFC 2136 dynamic updates
// with TSIG, or an external registry client (the original Diktyo exec
// interface). See docs/registerDNS.md.
package registerdns

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns/hosts"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
)

// Plugin is registerDNS in diktyo's plugin contract: the binary
// (cmd/registerDNS), the in-process executor and explain all start here.
var Plugin = cniutil.Plugin{
	Type:     "registerDNS",
	About:    "diktyo registerDNS: pod DNS records (hosts, rfc2136, exec)",
	Verbs:    func(env cniutil.Env) cniutil.Verbs { return newVerbs(env).cni() },
	Explain:  explain,
	Describe: describe,
	Flush:    flush,
}

// flush waits for what the backends write behind the answers: the hosts
// files' writers and the rfc2136 servers'.
func flush(ctx context.Context) error {
	return errors.Join(hosts.Flush(ctx), rfc2136.Flush(ctx))
}

// verbs are registerDNS's CNI verbs for one invocation's environment.
type verbs struct {
	log    *slog.Logger
	behind bool // Env.Behind: the hosts file and rfc2136 updates are written after the answer
}

func newVerbs(env cniutil.Env) *verbs {
	log := env.Log
	if log == nil {
		log = slog.Default()
	}
	return &verbs{log: log, behind: env.Behind}
}

func (v *verbs) cni() cniutil.Verbs {
	return cniutil.Verbs{Add: v.add, Del: v.del, Check: v.check, GC: v.gc, Status: v.status}
}

// pod is what the verbs work out about the attachment before touching
// the backend.
type pod struct {
	prev  *current.Result
	addrs []netip.Prefix
	set   record.Set
}

// load parses the config and works out the pod's names, addresses and
// records. With lenient (DEL), names that fail validation are skipped
// (they were never added) and missing addresses are not an error.
func (v *verbs) load(args *skel.CmdArgs, lenient bool) (*Config, *pod, error) {
	p, err := Parse(args.StdinData)
	if err != nil {
		return nil, nil, err
	}
	if v.behind {
		switch b := p.Backend.(type) {
		case *hosts.Backend:
			b.WriteBehind()
		case *rfc2136.Backend:
			b.WriteBehind()
		}
	}
	pd, err := p.plan(args, lenient, v.log)
	return p, pd, err
}

// Plan is what ADD would register for the pod of args (owner, names,
// addresses, records), from the plugin's own parser and builder without
// touching a backend: diktyo-nri explain prints it, so it can never
// disagree with ADD.
func Plan(args *skel.CmdArgs) (record.Set, error) {
	_, set, err := planFor(args)
	return set, err
}

// planFor is Plan with the config it parsed.
func planFor(args *skel.CmdArgs) (*Config, record.Set, error) {
	p, err := ParseConfig(args.StdinData)
	if err != nil {
		return nil, record.Set{}, err
	}
	pd, err := p.plan(args, false, nil)
	if err != nil {
		return nil, record.Set{}, err
	}
	return p, pd.set, nil
}

// plan works out the pod's names, addresses and records; with lenient,
// the names skipped are logged to log.
func (p *Config) plan(args *skel.CmdArgs, lenient bool, log *slog.Logger) (*pod, error) {
	if rcErr := p.Conf.RuntimeConfig.err; rcErr != nil {
		if !lenient {
			return nil, rcErr
		}
		p.Conf.RuntimeConfig = RuntimeConfig{} // DEL: owner tags find the records
	}
	if p.templateErr != nil {
		if !lenient {
			return nil, p.templateErr
		}
		p.Template = record.Template{} // DEL: owner tags find the records
	}
	prev, err := cniutil.PrevResult(&p.Conf.PluginConf)
	if err != nil && !lenient {
		return nil, err
	}
	names, err := p.names(args.Args, lenient, log)
	if err != nil {
		return nil, err
	}
	k8s, _ := podOf(args.Args, nil) // an error was reported by Names

	addrs, addrErr := cniutil.PodAddrs(prev, p.Conf.RuntimeConfig.IPs, args.IfName)
	owner := record.Owner{
		ID:      cniutil.OwnerID(p.Conf.Name, args.ContainerID, args.IfName),
		Network: p.Conf.Name,
		Node:    p.Node,
		Pod:     record.PodRef(k8s.Namespace, k8s.Name),
	}
	set := record.Set{
		Owner:       owner,
		Names:       names,
		Addrs:       plainAddrs(addrs),
		ContainerID: args.ContainerID,
		Metadata:    p.Conf.RuntimeConfig.Metadata,
	}
	if addrErr != nil && !lenient && p.needsAddrs(set) {
		return nil, addrErr
	}
	var reverse record.Zones
	if p.BackendName == BackendRFC2136 {
		reverse = p.ReverseZones
	}
	set.Records = record.Build(owner, names, set.Addrs, reverse, p.TTL)
	return &pod{prev: prev, addrs: addrs, set: set}, nil
}

// podOf reads the pod's identity from CNI_ARGS; a runtime that is not
// Kubernetes gives none, which is not an error.
func podOf(cniArgs string, dnsNames []string) (record.Pod, error) {
	k, err := cniutil.ParseK8sArgs(cniArgs)
	if err != nil {
		return record.Pod{DNSNames: dnsNames}, err
	}
	return record.Pod{
		Name:      string(k.K8S_POD_NAME),
		Namespace: string(k.K8S_POD_NAMESPACE),
		UID:       string(k.K8S_POD_UID),
		DNSNames:  dnsNames,
	}, nil
}

// needsAddrs reports whether the set registers anything, so that a pod
// with nothing to register passes through even without addresses.
func (p *Config) needsAddrs(s record.Set) bool {
	if p.BackendName == BackendExec {
		return s.Metadata[p.Conf.AppIDKey] != ""
	}
	return len(s.Names) > 0
}

// names returns the pod's names (record.Names over the config's zones and
// template, the pod identity from CNI_ARGS and runtimeConfig.dnsNames).
// The exec backend has no names. With lenient, invalid names are skipped
// and logged to log.
func (p *Config) names(cniArgs string, lenient bool, log *slog.Logger) ([]record.Name, error) {
	if p.BackendName == BackendExec {
		return nil, nil
	}
	k8s, err := podOf(cniArgs, p.Conf.RuntimeConfig.DNSNames)
	if err != nil && !lenient {
		return nil, err
	}
	if lenient {
		return record.NamesLenient(p.NameConfig(), k8s, func(err error) {
			log.Warn("skipping invalid name", "error", err)
		}), nil
	}
	return record.Names(p.NameConfig(), k8s)
}

// NameConfig is what the pod's names depend on.
func (p *Config) NameConfig() record.NameConfig {
	return record.NameConfig{Zones: p.Zones, Template: p.Template}
}

func plainAddrs(ps []netip.Prefix) []netip.Addr {
	out := make([]netip.Addr, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.Addr())
	}
	return out
}

// add registers the pod's records and returns the result to print.
func (v *verbs) add(ctx context.Context, args *skel.CmdArgs) (*current.Result, string, error) {
	p, pd, err := v.load(args, false)
	if err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	if err := p.Backend.Add(ctx, pd.set); err != nil {
		return nil, "", fmt.Errorf("registerDNS ADD (%s backend): %w", p.BackendName, err)
	}
	return cniutil.Result(pd.prev, pd.addrs, args.IfName, args.Netns), p.Conf.CNIVersion, nil
}

// del never fails because of the backend or the config: DEL runs first
// in a chain's teardown, and an error here would stop the other plugins
// from cleaning up and make the runtime retry forever. What cannot be
// removed now is logged and left to GC.
func (v *verbs) del(ctx context.Context, args *skel.CmdArgs) error {
	p, pd, err := v.load(args, true)
	if err != nil {
		v.log.Warn("DEL: cannot load config; records, if any, are left to GC", "container", args.ContainerID, "error", err)
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	if err := p.Backend.Del(ctx, pd.set); err != nil {
		v.log.Warn("DEL: removing records failed; left to GC", "container", args.ContainerID, "owner", pd.set.Owner.ID, "backend", p.BackendName, "error", err)
	}
	return nil
}

func (v *verbs) check(ctx context.Context, args *skel.CmdArgs) error {
	p, pd, err := v.load(args, false)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	if err := p.Backend.Check(ctx, pd.set); err != nil {
		return fmt.Errorf("registerDNS CHECK (%s backend): %w", p.BackendName, err)
	}
	return nil
}

func (v *verbs) gc(ctx context.Context, args *skel.CmdArgs) error {
	p, err := Parse(args.StdinData)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, p.GCTimeout)
	defer cancel()
	valid := cniutil.ValidOwners(p.Conf.Name, p.Conf.ValidAttachments)
	if err := p.Backend.GC(ctx, p.Conf.Name, valid); err != nil {
		return fmt.Errorf("registerDNS GC (%s backend): %w", p.BackendName, err)
	}
	return nil
}

func (v *verbs) status(ctx context.Context, args *skel.CmdArgs) error {
	p, err := Parse(args.StdinData)
	if err != nil {
		return types.NewError(types.ErrInvalidNetworkConfig, "invalid registerDNS config", err.Error())
	}
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	if err := p.Backend.Status(ctx); err != nil {
		var te *types.Error
		if errors.As(err, &te) {
			return te
		}
		return types.NewError(types.ErrPluginNotAvailable, fmt.Sprintf("registerDNS %s backend not available", p.BackendName), err.Error())
	}
	return nil
}

// explain is Plugin.Explain: the records ADD would register (Plan).
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	set, err := Plan(pod.CmdArgs(stdin))
	if err != nil {
		return "", err
	}
	if len(set.Records) == 0 {
		return "(no names)", nil
	}
	lines := make([]string, 0, len(set.Records))
	for _, r := range set.Records {
		lines = append(lines, r.String())
	}
	return strings.Join(lines, "\n"), nil
}
