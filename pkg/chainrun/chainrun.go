// Package chainrun runs the diktyo CNI chain for one pod through libcni:
// ADD, CHECK, DEL and GC against a pod's sandbox netns, with diktyo-nri's
// own libcni cache directory (never containerd's), the Kubernetes CNI_ARGS
// and the capability arguments derived from the pod's policy.
//
// A Runner is built once per loaded conflist and shared by all handlers;
// it holds no per-pod state beyond libcni's on-disk cache.
package chainrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"reflect"
	"strings"

	"github.com/containernetworking/cni/libcni"
	"github.com/containernetworking/cni/pkg/invoke"
	"github.com/containernetworking/cni/pkg/types"
	"github.com/containernetworking/cni/pkg/version"
	"github.com/containernetworking/plugins/pkg/ns"
	"golang.org/x/sys/unix"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
)

// Options configure a Runner.
type Options struct {
	// Conflist is the path of the chain's conflist.
	Conflist string
	// BinDirs are searched for the chain's plugin binaries.
	BinDirs []string
	// CacheDir is libcni's cache directory for diktyo's attachments.
	CacheDir string
	// IfName is the pod interface the chain works on (CNI_IFNAME).
	IfName string
	// Exec runs plugin binaries; nil means libcni's default (fork/exec in
	// the calling process's network namespace).
	Exec invoke.Exec
	// Stderr receives the plugins' stderr (their logs); nil: os.Stderr.
	Stderr io.Writer
	// InProcess runs diktyo's own plugin types (BuiltinTypes) as function
	// calls instead of exec'ing their binaries; other types still go
	// through Exec. See InProcess.
	InProcess bool
	// Prepare lets Runner.Prepare make the plugins' fixed objects; off,
	// it does nothing (a caller that owns no kernel namespace: a test's
	// loader without a throwaway one).
	Prepare bool
	// Behind, with InProcess, lets the plugins finish work that decides
	// no packet after their answers (cniutil.Env.Behind); the caller must
	// outlive the call and call Flush before it exits. diktyo-nri sets it.
	Behind bool
}

// Runner runs one chain.
type Runner struct {
	cni       *libcni.CNIConfig
	list      *libcni.NetworkConfigList
	ifName    string
	cacheDir  string
	inProcess bool
	// netns is the namespace the chain's host side lives in when it is
	// not the process's own (a NetnsExec: tests, the benchmark).
	netns string
	// prepare lets Prepare act (Options.Prepare).
	prepare bool
}

// Pod is what the chain needs to know about a pod sandbox.
type Pod struct {
	// ID is the sandbox ID (CNI_CONTAINERID, K8S_POD_INFRA_CONTAINER_ID).
	ID        string
	Namespace string
	Name      string
	UID       string
	// NetNS is the sandbox's network namespace path; empty when gone.
	NetNS string
	// IPs are the pod's addresses ("ADDR" or "ADDR/LEN"), passed as the
	// "ips" capability because diktyo runs the chain without prevResult.
	IPs []string
}

// Validate refuses a pod whose identity cannot be passed to the plugins
// safely. CNI_ARGS joins K=V pairs with ";", so a value holding ";" or
// "=" would add keys of its own (a pod named
// "web;DIKTYO_POD_CONTINUES=true;K8S_POD_NAMESPACE=kube-system" would
// keep its flows past its DEL and have registerDNS render another
// namespace). Kubernetes' own rules apply: a namespace is a DNS-1123
// label, a pod name a DNS-1123 subdomain; the UID (a UUID, or a static
// pod's hash) and the sandbox ID are tokens of letters, digits, "-", "_"
// and ".".
func (p Pod) Validate() error {
	if errs := validation.IsDNS1123Label(p.Namespace); len(errs) > 0 {
		return fmt.Errorf("%w: pod namespace %q: %s", api.ErrInvalid, p.Namespace, strings.Join(errs, "; "))
	}
	if errs := validation.IsDNS1123Subdomain(p.Name); len(errs) > 0 {
		return fmt.Errorf("%w: pod name %q: %s", api.ErrInvalid, p.Name, strings.Join(errs, "; "))
	}
	if !isToken(p.UID, 0) {
		return fmt.Errorf("%w: pod UID %q: want at most %d letters, digits, '-', '_' or '.'", api.ErrInvalid, p.UID, maxToken)
	}
	if !isToken(p.ID, 1) {
		return fmt.Errorf("%w: sandbox ID %q: want 1 to %d letters, digits, '-', '_' or '.'", api.ErrInvalid, p.ID, maxToken)
	}
	return nil
}

// maxToken bounds a UID's and a sandbox ID's length.
const maxToken = 128

// isToken reports whether s has at least min and at most maxToken
// characters, each a letter, a digit, '-', '_' or '.'.
func isToken(s string, min int) bool {
	if len(s) < min || len(s) > maxToken {
		return false
	}
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}

// New loads the conflist and builds a Runner.
func New(opts Options) (*Runner, error) {
	if opts.CacheDir == "" {
		return nil, fmt.Errorf("chainrun: empty cache dir")
	}
	if opts.IfName == "" {
		return nil, fmt.Errorf("chainrun: empty interface name")
	}
	list, err := LoadConflist(opts.Conflist)
	if err != nil {
		return nil, err
	}
	exec := opts.Exec
	var netnsPath string
	if nse, ok := exec.(*NetnsExec); ok {
		netnsPath = nse.NetNS
	}
	if exec == nil {
		stderr := opts.Stderr
		if stderr == nil {
			stderr = os.Stderr
		}
		exec = &invoke.DefaultExec{RawExec: &invoke.RawExec{Stderr: stderr}, PluginDecoder: version.PluginDecoder{}}
	}
	if opts.InProcess {
		ip := NewInProcess(exec)
		ip.Behind = opts.Behind
		exec = ip
	}
	exec = namingExec{exec}
	return &Runner{
		cni:       libcni.NewCNIConfigWithCacheDir(opts.BinDirs, opts.CacheDir, exec),
		list:      list,
		ifName:    opts.IfName,
		cacheDir:  opts.CacheDir,
		inProcess: opts.InProcess,
		netns:     netnsPath,
		prepare:   opts.Prepare,
	}, nil
}

// FlushFlows removes every conntrack entry from or to addrs, as ipmasq's
// DEL does, on the chain's host side: the half of a DEL that was handed
// to the caller (cniutil.Defer) when the process that should have run it
// is gone. Whatever the chain holds now: the one that handed it over
// may have been another.
func (r *Runner) FlushFlows(addrs []netip.Addr) error {
	flush := func() error {
		_, err := ipmasq.PodFlows(addrs)
		return err
	}
	if r.netns == "" {
		return flush()
	}
	return ns.WithNetNSPath(r.netns, func(ns.NetNS) error { return flush() })
}

// LoadConflist reads and checks a chain conflist.
func LoadConflist(path string) (*libcni.NetworkConfigList, error) {
	list, err := libcni.ConfListFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("chain conflist %s: %w", path, err)
	}
	if len(list.Plugins) == 0 {
		return nil, fmt.Errorf("chain conflist %s: no plugins", path)
	}
	return list, nil
}

// NetworkName is the conflist's network name, which scopes the cache
// entries and the owner IDs of everything the chain creates.
func (r *Runner) NetworkName() string { return r.list.Name }

// CNIVersion is the conflist's spec version.
func (r *Runner) CNIVersion() string { return r.list.CNIVersion }

// InProcess reports whether diktyo's own plugins run in-process.
func (r *Runner) InProcess() bool { return r.inProcess }

// IfName is the pod interface name the chain runs on.
func (r *Runner) IfName() string { return r.ifName }

// NodeCounts is every chain plugin's NodeCounts (cniutil.Plugin), by
// owner ID and counter name, through the registry. A plugin whose read
// fails is left out and named in the error; the others are still there.
func (r *Runner) NodeCounts(ctx context.Context) (map[string]map[string]uint64, error) {
	out := map[string]map[string]uint64{}
	var errs []error
	for _, pc := range r.list.Plugins {
		p, ok := Builtin()[pc.Network.Type]
		if !ok || p.NodeCounts == nil {
			continue
		}
		counts, err := p.NodeCounts(ctx, pc.Bytes)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", pc.Network.Type, err))
			continue
		}
		for owner, cs := range counts {
			if out[owner] == nil {
				out[owner] = map[string]uint64{}
			}
			for name, v := range cs {
				out[owner][name] += v
			}
		}
	}
	return out, errors.Join(errs...)
}

// Prepare is every chain plugin's Prepare (cniutil.Plugin), through the
// registry, on the chain's host side: the fixed objects the pods' ADDs
// need, made or repaired. It returns what each plugin repaired (by
// type; see Prepare there). A plugin that fails is named in the error;
// the others still run.
func (r *Runner) Prepare(ctx context.Context) (map[string][]string, error) {
	if !r.prepare {
		return nil, nil
	}
	out := map[string][]string{}
	var errs []error
	prepare := func() error {
		for _, pc := range r.list.Plugins {
			p, ok := Builtin()[pc.Network.Type]
			if !ok || p.Prepare == nil {
				continue
			}
			repaired, err := p.Prepare(ctx, pc.Bytes)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", pc.Network.Type, err))
			}
			if len(repaired) > 0 {
				out[pc.Network.Type] = append(out[pc.Network.Type], repaired...)
			}
		}
		return nil
	}
	if r.netns == "" {
		_ = prepare()
	} else if err := ns.WithNetNSPath(r.netns, func(ns.NetNS) error { return prepare() }); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// PluginTypes lists the chain's plugin types in order.
func (r *Runner) PluginTypes() []string {
	out := make([]string, 0, len(r.list.Plugins))
	for _, p := range r.list.Plugins {
		out = append(out, p.Network.Type)
	}
	return out
}

// Conflist returns the raw conflist the runner was built from.
func (r *Runner) Conflist() []byte { return r.list.Bytes }

// CNIArgs returns the CNI_ARGS diktyo passes, in a stable order.
func CNIArgs(pod Pod) [][2]string {
	return [][2]string{
		{"IgnoreUnknown", "1"},
		{"K8S_POD_NAMESPACE", pod.Namespace},
		{"K8S_POD_NAME", pod.Name},
		{"K8S_POD_INFRA_CONTAINER_ID", pod.ID},
		{"K8S_POD_UID", pod.UID},
	}
}

// CapabilityArgs returns capArgs plus the pod's "ips".
func CapabilityArgs(pod Pod, capArgs map[string]any) map[string]any {
	out := make(map[string]any, len(capArgs)+1)
	for k, v := range capArgs {
		out[k] = v
	}
	if len(pod.IPs) > 0 {
		out[api.CapIPs] = pod.IPs
	}
	return out
}

// RuntimeConf builds the libcni runtime config of a pod.
func (r *Runner) RuntimeConf(pod Pod, capArgs map[string]any) *libcni.RuntimeConf {
	return &libcni.RuntimeConf{
		ContainerID:    pod.ID,
		NetNS:          pod.NetNS,
		IfName:         r.ifName,
		Args:           CNIArgs(pod),
		CapabilityArgs: CapabilityArgs(pod, capArgs),
	}
}

// Add runs ADD of the chain. On failure nothing is cached; the caller
// runs Del with the same arguments to undo what the plugins before the
// failing one did.
func (r *Runner) Add(ctx context.Context, pod Pod, capArgs map[string]any) (types.Result, error) {
	if pod.NetNS == "" {
		return nil, fmt.Errorf("ADD needs the pod's network namespace")
	}
	if err := pod.Validate(); err != nil {
		return nil, err
	}
	return r.cni.AddNetworkList(ctx, r.list, r.RuntimeConf(pod, capArgs))
}

// Attachment is what libcni cached for a pod at its last successful ADD.
type Attachment struct {
	// List is the chain as it was when the pod was added.
	List *libcni.NetworkConfigList
	// Runtime holds the CNI_ARGS and capability args used then.
	Runtime *libcni.RuntimeConf
}

// Cached returns the cached attachment of sandbox id, or nil.
func (r *Runner) Cached(id string) (*Attachment, error) {
	rt := &libcni.RuntimeConf{ContainerID: id, IfName: r.ifName}
	raw, crt, err := r.cni.GetNetworkListCachedConfig(r.list, rt)
	if err != nil {
		return nil, fmt.Errorf("reading libcni cache of %s: %w", id, err)
	}
	if raw == nil || crt == nil {
		return nil, nil
	}
	list := r.list
	if l, err := libcni.ConfListFromBytes(raw); err == nil && l.Name == r.list.Name {
		list = l
	}
	return &Attachment{List: list, Runtime: crt}, nil
}

// IPs returns the "ips" the attachment was made with: the pod's addresses
// as fixed at its first successful ADD.
func (a *Attachment) IPs() []string {
	raw, _ := a.Runtime.CapabilityArgs[api.CapIPs].([]any)
	out := make([]string, 0, len(raw))
	for _, v := range raw {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		if ss, ok := a.Runtime.CapabilityArgs[api.CapIPs].([]string); ok {
			out = append(out, ss...)
		}
	}
	return out
}

// Renamed returns, by sandbox ID, the cached attachments this runner's
// cache holds under another network name: made before the conflist's
// network was renamed. The cache directory is diktyo's own, so each of
// them is provably diktyo's. One directory listing for all pods.
func (r *Runner) Renamed() (map[string]*Attachment, error) {
	return r.renamed("")
}

// renamedOf returns the attachment of sandbox id cached under an earlier
// network name, or nil.
func (r *Runner) renamedOf(id string) (*Attachment, error) {
	m, err := r.renamed(id)
	return m[id], err
}

// renamed lists the attachments under other network names, of sandbox id
// ("" for all).
func (r *Runner) renamed(id string) (map[string]*Attachment, error) {
	atts, err := r.cni.GetCachedAttachments(id)
	if err != nil {
		return nil, fmt.Errorf("listing libcni cache: %w", err)
	}
	out := map[string]*Attachment{}
	for _, a := range atts {
		if a.Network == r.list.Name || a.IfName != r.ifName {
			continue
		}
		list, err := libcni.ConfListFromBytes(a.Config)
		if err != nil || list.Name != a.Network {
			continue // not a list diktyo cached; never act on it
		}
		out[a.ContainerID] = &Attachment{List: list, Runtime: &libcni.RuntimeConf{
			ContainerID: a.ContainerID, IfName: a.IfName, NetNS: a.NetNS,
			Args: a.CniArgs, CapabilityArgs: a.CapabilityArgs,
		}}
	}
	return out, nil
}

// Dropped returns the part of a cached attachment whose plugin types are
// no longer in the chain (as an attachment to DEL), or nil.
func (r *Runner) Dropped(att *Attachment) *Attachment {
	return r.subset(att, func(p *libcni.PluginConfig, _ []byte, inChain bool) bool { return !inChain })
}

// Moved returns the part of a cached attachment whose plugins are still
// in the chain but whose state the chain's config for them puts
// elsewhere (the plugin's Moved says so: ipmasq's backend changed, say),
// as an attachment to DEL after the new ADD; or nil. Plugins diktyo does
// not ship are never judged moved. libcni's DEL also drops the pod's
// cache entry (one per network and sandbox), so the caller must ADD again
// after that DEL.
func (r *Runner) Moved(att *Attachment) *Attachment {
	reg := Builtin()
	return r.subset(att, func(p *libcni.PluginConfig, cur []byte, inChain bool) bool {
		pl := reg[p.Network.Type]
		return inChain && pl.Moved != nil && pl.Moved(p.Bytes, cur)
	})
}

// subset returns the attachment's plugins that pick selects (given the
// chain's config for a plugin of the same type, if the chain has one), as
// an attachment of their own, or nil when none is.
func (r *Runner) subset(att *Attachment, pick func(p *libcni.PluginConfig, cur []byte, inChain bool) bool) *Attachment {
	now := map[string][]byte{}
	for _, p := range r.list.Plugins {
		now[p.Network.Type] = p.Bytes
	}
	var picked []*libcni.PluginConfig
	for _, p := range att.List.Plugins {
		cur, ok := now[p.Network.Type]
		if pick(p, cur, ok) {
			picked = append(picked, p)
		}
	}
	if len(picked) == 0 {
		return nil
	}
	list := *att.List
	list.Plugins = picked
	return &Attachment{List: &list, Runtime: att.Runtime}
}

// Continuing returns a copy of att whose DEL tells its plugins that the
// pod runs on under another attachment (cniutil.ArgPodContinues). Only
// for a pod whose policy and plugins are unchanged: its flows must be
// translated as before.
func Continuing(att *Attachment) *Attachment {
	rt := *att.Runtime
	rt.Args = append(append([][2]string{}, rt.Args...), [2]string{cniutil.ArgPodContinues, "true"})
	return &Attachment{List: att.List, Runtime: &rt}
}

// PluginTypes lists the attachment's plugin types in order.
func (a *Attachment) PluginTypes() []string {
	out := make([]string, 0, len(a.List.Plugins))
	for _, p := range a.List.Plugins {
		out = append(out, p.Network.Type)
	}
	return out
}

// DelAttachment runs DEL of a cached attachment with its own chain and
// arguments (an attachment Renamed returned), against netns ("" when
// gone: host-side state only).
func (r *Runner) DelAttachment(ctx context.Context, att *Attachment, netns string) error {
	if netns != "" && !IsNetNS(netns) {
		netns = ""
	}
	rt := *att.Runtime
	rt.NetNS = netns
	return r.cni.DelNetworkList(ctx, att.List, &rt)
}

// HasCached reports whether libcni holds a cached attachment for the pod
// (read through libcni, which owns its cache layout).
func (r *Runner) HasCached(id string) bool {
	att, err := r.Cached(id)
	return err == nil && att != nil
}

// SameArgs reports whether a cached attachment was made with these
// capability args (compared as JSON values, as they were cached).
func SameArgs(cached *Attachment, pod Pod, capArgs map[string]any) bool {
	want, err1 := jsonValue(CapabilityArgs(pod, capArgs))
	have, err2 := jsonValue(cached.Runtime.CapabilityArgs)
	return err1 == nil && err2 == nil && reflect.DeepEqual(want, have)
}

// Check runs CHECK with what was cached at ADD (chain and arguments),
// against the pod's current netns. Conflists older than 0.4.0 have no
// CHECK: it then reports success.
func (r *Runner) Check(ctx context.Context, pod Pod) error {
	att, err := r.Cached(pod.ID)
	if err != nil {
		return err
	}
	if att == nil {
		return fmt.Errorf("no cached attachment")
	}
	return r.CheckAttachment(ctx, att, pod.NetNS)
}

// CheckAttachment is Check with the attachment the caller already read
// from the cache (reconcile reads it to decide between CHECK and repair):
// one read of the pod's cache entry per pass instead of two.
func (r *Runner) CheckAttachment(ctx context.Context, att *Attachment, netns string) error {
	rt := *att.Runtime
	rt.NetNS = netns
	err := r.cni.CheckNetworkList(ctx, att.List, &rt)
	if errors.Is(err, libcni.ErrorCheckNotSupp) {
		return nil
	}
	return err
}

// Del runs DEL of the chain for a pod. With a cached attachment, the
// chain and arguments of the ADD are used (so DEL finds what ADD made even
// if the config changed since); without one, fallback is used when non-nil
// (cleaning up a failed ADD, which libcni does not cache) and nothing is
// run otherwise. A netns that no longer exists is passed as empty: the
// plugins then clean up host-side state only. It reports whether DEL ran.
func (r *Runner) Del(ctx context.Context, pod Pod, fallback map[string]any) (bool, error) {
	netns := pod.NetNS
	if netns != "" && !IsNetNS(netns) {
		netns = ""
	}
	att, err := r.Cached(pod.ID)
	if err != nil {
		return false, err
	}
	if att != nil {
		rt := *att.Runtime
		rt.NetNS = netns
		return true, r.cni.DelNetworkList(ctx, att.List, &rt)
	}
	// An attachment under an earlier network name (a migration that has
	// not finished), and then what an uncached ADD under the current
	// name may have made.
	old, err := r.renamedOf(pod.ID)
	if err != nil {
		return false, err
	}
	ran := old != nil
	if old != nil {
		err = r.DelAttachment(ctx, old, netns)
	}
	if fallback == nil {
		return ran, err
	}
	if verr := pod.Validate(); verr != nil {
		// No ADD can have run with such arguments (Add refuses them).
		return ran, errors.Join(err, verr)
	}
	p := pod
	p.NetNS = netns
	return true, errors.Join(err, r.cni.DelNetworkList(ctx, r.list, r.RuntimeConf(p, fallback)))
}

// GC removes cached attachments of sandboxes not in validIDs (DEL with
// their cached arguments) and, for CNI 1.1 conflists, runs the plugins' GC
// with the valid attachments so they drop state no cache entry remembers.
func (r *Runner) GC(ctx context.Context, validIDs []string) error {
	valid := make([]types.GCAttachment, 0, len(validIDs))
	for _, id := range validIDs {
		valid = append(valid, types.GCAttachment{ContainerID: id, IfName: r.ifName})
	}
	err := r.cni.GCNetworkList(ctx, r.list, &libcni.GCArgs{ValidAttachments: valid})
	// Attachments made under an earlier network name: GCNetworkList only
	// sees the current name, so DEL those of gone sandboxes here.
	renamed, rerr := r.Renamed()
	if rerr != nil {
		return errors.Join(err, rerr)
	}
	live := make(map[string]bool, len(validIDs))
	for _, id := range validIDs {
		live[id] = true
	}
	for id, att := range renamed {
		if !live[id] {
			err = errors.Join(err, r.DelAttachment(ctx, att, ""))
		}
	}
	return err
}

// CachedIDs lists the sandbox IDs with a cached attachment of this chain,
// under its current network name or an earlier one.
func (r *Runner) CachedIDs() ([]string, error) {
	atts, err := r.cni.GetCachedAttachments("")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, a := range atts {
		if a.IfName == r.ifName {
			ids = append(ids, a.ContainerID)
		}
	}
	return ids, nil
}

// Status runs STATUS of the chain (CNI 1.1 conflists; others report ok).
func (r *Runner) Status(ctx context.Context) error {
	return r.cni.GetStatusNetworkList(ctx, r.list)
}

// IsNetNS reports whether path is a mounted network namespace (nsfs, or a
// /proc/PID/ns/net link). An unmounted leftover file is not.
//
// It answers "can the chain run in it now": a netns that cannot be read is
// not one to run in. Whether a pod's netns is gone (proof that the pod
// ended) is NetNSGone's question.
func IsNetNS(path string) bool {
	gone, err := NetNSGone(path)
	return err == nil && !gone
}

// NetNSGone reports whether path provably is no network namespace any
// more: it does not exist (ENOENT, ENOTDIR), or it is a file no namespace
// is mounted on (containerd unmounts before it removes). Any other error
// of the statfs (a permission, a symlink loop, memory) proves nothing: it
// is returned, and the caller must take the namespace as possibly there.
func NetNSGone(path string) (bool, error) {
	var st unix.Statfs_t
	err := unix.Statfs(path, &st)
	switch {
	case errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR):
		return true, nil
	case err != nil:
		return false, fmt.Errorf("network namespace %s: statfs: %w", path, err)
	}
	return st.Type != unix.NSFS_MAGIC && st.Type != unix.PROC_SUPER_MAGIC, nil
}

// Flush waits until the work diktyo's plugins left behind their answers
// in this process (Options.Behind) is done.
func Flush(ctx context.Context) error {
	var errs []error
	for _, p := range Builtin() {
		if p.Flush != nil {
			errs = append(errs, p.Flush(ctx))
		}
	}
	return errors.Join(errs...)
}
