package main

import (
	"context"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress/hostaddr"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/ctzone"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/linkguard"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/nrisetup"
	"github.com/diktyo-io/diktyo/pkg/policy"
	"github.com/diktyo-io/diktyo/plugin"
)

// diktyoModule is the main module of every binary diktyo builds: the
// proof that a plugin binary in the node's CNI directory is diktyo's.
const diktyoModule = "github.com/diktyo-io/diktyo"

type cleanupOptions struct {
	config, cniBinDir string
	iptables, iptDir  string
	wait              time.Duration
	force, purgeLogs  bool
	runtimeConfig     bool
	root              string
}

func newCleanupCmd() *cobra.Command {
	o := &cleanupOptions{}
	cmd := &cobra.Command{
		Use:   "cleanup [flags]",
		Short: "Remove everything diktyo put on this node (after diktyo-nri stopped)",
		Long: `Remove from this node what diktyo made, each object only on proof that it is
diktyo's, and print what went and what stayed:

  - every pod's policy: the chain's GC with no valid attachment (ipmasq's
    rules and link bindings, iproute's rules and routes, registerDNS's
    records), as docs/install.md's uninstall does by hand;
  - ipmasq's shared objects named in the chain's conflist (the nft table or
    the iptables tag chain and its POSTROUTING jump, the guard table), each
    only when the kernel finds nothing else left in it;
  - the egress guard table and the ports diktyo reserved, and the managed
    egress addresses its ledger proves it assigned;
  - its state: the chain's cache, the debug dumps, the egress state (the
    attribution log stays unless --purge-logs), the local API socket;
  - with --cni-bin-dir, the plugin binaries there whose build info names
    diktyo's module (the DaemonSet's install-cni copies);
  - with --runtime-config, containerd's drop-in and import line that
    enable-nri wrote, when they are still byte for byte its own (NRI stays
    on until containerd restarts).

Other software's tables, chains, rules, routes, addresses and files are
never touched. It refuses while a diktyo-nri answers on the config's local
API socket (it would put the policy back), or when the config turns that
API off (it cannot tell); --wait waits that long for it to stop. Exit
status 1 when anything of diktyo's stayed: run it again once the reason
printed is gone. Run as root on the node (the Helm chart's post-delete
hooks do, on every node).`,
		Example: `  diktyo-nri cleanup
  diktyo-nri cleanup --cni-bin-dir /opt/cni/bin --wait 2m
  diktyo-nri cleanup --config /etc/diktyo/config.yaml --purge-logs -o json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, _ []string) error { return runCleanup(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", policy.DefaultConfigPath, "admin config YAML: the chain, its cache, the egress state and the local API socket")
	f.StringVar(&o.cniBinDir, "cni-bin-dir", "", "also remove diktyo's plugin binaries from this directory (proven by their build info)")
	f.DurationVar(&o.wait, "wait", 0, "wait this long for a running diktyo-nri to stop before refusing")
	f.BoolVar(&o.force, "force", false, "clean up even while a diktyo-nri answers (it will put its pods' policy back)")
	f.BoolVar(&o.purgeLogs, "purge-logs", false, "also remove the egress attribution log and its rotated files")
	f.BoolVar(&o.runtimeConfig, "runtime-config", false, "also remove the containerd drop-in and import line that enable-nri wrote (byte for byte its own; a restart applies it)")
	f.StringVar(&o.root, "root", "/", "with --runtime-config: the host's root directory")
	f.StringVar(&o.iptables, "iptables", "system", "iptables flavour, as diktyo-nri run's --iptables")
	f.StringVar(&o.iptDir, "iptables-dir", "/run/diktyo-iptables", "as diktyo-nri run's --iptables-dir")
	var output string
	addOutputFlag(cmd, &output, "text")
	cmd.PreRunE = func(*cobra.Command, []string) error { return checkOutput(output) }
	return cmd
}

// cleanupReport is what cleanup did: each line names an object.
type cleanupReport struct {
	Removed []string `json:"removed"`
	Kept    []string `json:"kept,omitempty"`
	errs    []error
	// chainLeft, egressLeft: pods' policy or egress state stayed, so the
	// files that record it (the chain's cache, the egress state) stay
	// too: the proof the next run needs to find and remove it.
	chainLeft, egressLeft bool
}

func (r *cleanupReport) removed(format string, a ...any) {
	r.Removed = append(r.Removed, fmt.Sprintf(format, a...))
}

// keep records an object of diktyo's that stayed, and why: cleanup then
// fails, so that it is run again.
func (r *cleanupReport) keep(what string, err error) {
	r.Kept = append(r.Kept, fmt.Sprintf("%s: %v", what, err))
	r.errs = append(r.errs, fmt.Errorf("%s: %w", what, err))
}

func runCleanup(cmd *cobra.Command, o *cleanupOptions) error {
	ctx := cmd.Context()
	cfg, err := policy.LoadConfig(o.config)
	if err != nil {
		return err
	}
	if !o.force {
		if err := awaitNoDaemon(ctx, cfg.API.Socket, o.wait); err != nil {
			return err
		}
	}
	quiet := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	if err := selectIPTables(ctx, quiet, o.iptables, o.iptDir); err != nil {
		return err
	}
	r := &cleanupReport{}
	cleanChain(ctx, cfg, r)
	cleanEgress(ctx, cfg, r)
	cleanState(cfg, o, r)
	if o.cniBinDir != "" {
		cleanBinaries(o.cniBinDir, r)
	}
	if o.runtimeConfig {
		cleanRuntimeConfig(o.root, r)
	}
	if err := printCleanup(cmd.OutOrStdout(), cmd.Flag("output").Value.String(), r); err != nil {
		return err
	}
	if len(r.errs) > 0 {
		return fmt.Errorf("cleanup incomplete: %w", errors.Join(r.errs...))
	}
	return nil
}

// awaitNoDaemon returns once nothing answers on socket, or refuses after
// wait: a running diktyo-nri would put back what cleanup removes.
func awaitNoDaemon(ctx context.Context, socket string, wait time.Duration) error {
	if socket == "" {
		return errors.New("api.socket is off in the config: cleanup cannot tell whether a diktyo-nri runs here; pass --force once it stopped")
	}
	deadline := time.Now().Add(wait)
	for {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, err := localapi.NewClient(socket).Version(c)
		cancel()
		var ce *localapi.ConnError
		if errors.As(err, &ce) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("a diktyo-nri answers on %s: stop it first (kubectl delete, helm uninstall, or remove the pre-installed plugin), "+
				"or pass --wait or --force", socket)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// cleanChain runs the chain's GC with no valid attachment, then removes
// ipmasq's shared objects, which no GC touches (a concurrent ADD could
// need them).
func cleanChain(ctx context.Context, cfg *policy.Config, r *cleanupReport) {
	runner, err := chainrun.New(chainrun.Options{Conflist: cfg.Chain.Conflist, BinDirs: cfg.Chain.BinDirs,
		CacheDir: cfg.Chain.CacheDir, IfName: cfg.Chain.IfName, InProcess: cfg.Chain.InProcess})
	if err != nil {
		r.chainLeft = true
		r.keep("every pod's policy (chain "+cfg.Chain.Conflist+")", err)
		return
	}
	if err := runner.GC(ctx, nil); err != nil {
		r.chainLeft = true
		r.keep("pods' policy (chain GC)", err)
	} else {
		r.removed("every pod's policy (chain %s GC, no valid attachment)", runner.NetworkName())
	}
	var list struct {
		Plugins []json.RawMessage `json:"plugins"`
	}
	if err := json.Unmarshal(runner.Conflist(), &list); err != nil {
		r.keep("ipmasq's shared objects", fmt.Errorf("chain conflist %s: %w", cfg.Chain.Conflist, err))
		return
	}
	for _, raw := range list.Plugins {
		var head struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(raw, &head) != nil {
			continue
		}
		switch head.Type {
		case "ipmasq":
			cleanIPMasqShared(ctx, raw, r)
		case "iproute":
			cleanIPRouteShared(raw, r)
		}
	}
}

// cleanIPRouteShared tears down the fwmark layout's table of one iproute
// plugin; the other layouts have no shared object left once the GC
// removed every pod's rules.
func cleanIPRouteShared(raw json.RawMessage, r *cleanupReport) {
	nc, err := iproute.Parse(raw)
	if err == nil {
		var cfg *iproute.Config
		if cfg, err = iproute.NodeConfig(nc); err == nil {
			teardown(r, "iproute's fwmark table inet "+cfg.NftTable, func() (bool, error) { return iproute.Teardown(cfg) })
			return
		}
	}
	r.keep("iproute's shared objects", err)
}

// cleanIPMasqShared tears down one ipmasq plugin's shared objects.
func cleanIPMasqShared(ctx context.Context, raw json.RawMessage, r *cleanupReport) {
	cfg, err := snat.ParseNodeConfig(raw)
	if err != nil {
		r.keep("ipmasq's shared objects", err)
		return
	}
	be := ipmasq.NewBackend(cfg, cniutil.ExecRunner{})
	teardown(r, "ipmasq "+cfg.Backend+" "+sharedName(cfg), func() (bool, error) { return be.Teardown(ctx) })
	teardown(r, "link binding table inet "+cfg.GuardTable, func() (bool, error) { return linkguard.New(cfg.GuardTable).Teardown(ctx) })
	if cfg.ConntrackZones {
		teardown(r, "conntrack zones table inet "+ctzone.Table, func() (bool, error) { return (&ctzone.Zones{}).Teardown(ctx) })
	}
}

func sharedName(cfg *snat.Config) string {
	if cfg.Backend == snat.BackendNFTables {
		return "table inet " + cfg.Table
	}
	return "nat chain " + cfg.Tag + " and its POSTROUTING jump"
}

func teardown(r *cleanupReport, what string, f func() (bool, error)) {
	switch removed, err := f(); {
	case err != nil:
		r.keep(what, err)
	case removed:
		r.removed("%s", what)
	}
}

// cleanEgress removes the egress guard table, the reserved ports diktyo
// recorded and the managed addresses its ledger proves it assigned. An
// address with diktyo's marker that the ledger does not record (another
// instance's) stays.
func cleanEgress(ctx context.Context, cfg *policy.Config, r *cleanupReport) {
	dir := ""
	if cfg.Egress != nil {
		dir = cfg.Egress.StateDir
	}
	what := "egress guard (table inet " + linkguard.DefaultEgressTable + ", the ports diktyo reserved)"
	if err := (egressGuard{}).Apply(ctx, plugin.EgressSpec{}, dir); err != nil {
		r.egressLeft = true
		r.keep(what, err)
	} else {
		r.removed("%s: none left", what)
	}
	if cfg.Egress == nil {
		return
	}
	l := hostaddr.OpenLedger(dir)
	m := hostaddr.New(hostaddr.Options{})
	inv, err := m.Inventory(l)
	if err != nil {
		r.egressLeft = true
		r.keep("managed egress addresses", err)
		return
	}
	for _, a := range inv.Own {
		if _, err := m.Withdraw(l, a.Addr); err != nil {
			r.egressLeft = true
			r.keep("egress address "+a.String(), err)
		} else {
			r.removed("egress address %s", a)
		}
	}
	for _, a := range inv.Unproven {
		r.Kept = append(r.Kept, fmt.Sprintf("egress address %s: diktyo's marker but not in this node's ledger (another instance's?): left", a))
	}
}

// cleanState removes diktyo's state files and directories, keeping the
// attribution log (an audit record) unless told, and the records of what
// an earlier step could not remove.
func cleanState(cfg *policy.Config, o *cleanupOptions, r *cleanupReport) {
	paths := []string{cfg.Debug.Dir}
	if cfg.API.Socket != "" {
		paths = append(paths, cfg.API.Socket)
	}
	if r.chainLeft {
		r.Kept = append(r.Kept, cfg.Chain.CacheDir+": records the pods whose policy stayed; the next run needs it")
	} else {
		paths = append(paths, cfg.Chain.CacheDir)
	}
	var keepLog string
	switch {
	case cfg.Egress != nil && r.egressLeft:
		r.Kept = append(r.Kept, cfg.Egress.StateDir+": records the egress state that stayed (ledger, reserved ports); the next run needs it")
	case cfg.Egress != nil:
		if !o.purgeLogs {
			keepLog = cfg.Egress.AttributionLog
		}
		paths = append(paths, stateEntries(cfg.Egress.StateDir, keepLog, r)...)
	}
	for _, p := range paths {
		removePath(p, r)
	}
	if keepLog != "" {
		r.Kept = append(r.Kept, "attribution log "+keepLog+" (and its rotated files): an audit record; --purge-logs removes it")
	}
	for _, p := range paths {
		removeEmptyParents(p)
	}
}

// stateEntries lists dir's entries but the attribution log keep and its
// rotated files.
func stateEntries(dir, keep string, r *cleanupReport) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			r.keep("egress state "+dir, err)
		}
		return nil
	}
	var out []string
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if keep != "" && strings.HasPrefix(p, keep) {
			continue
		}
		out = append(out, p)
	}
	if keep == "" || filepath.Dir(keep) != dir {
		out = append(out, dir)
	}
	return out
}

func removePath(p string, r *cleanupReport) {
	if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
		return
	}
	if err := os.RemoveAll(p); err != nil {
		r.keep(p, err)
		return
	}
	r.removed("%s", p)
}

// removeEmptyParents removes p's parent directories that are left empty,
// up to the first that is not (os.Remove refuses a non-empty one):
// /var/lib/diktyo after its cache and debug dirs went.
func removeEmptyParents(p string) {
	for d := filepath.Dir(p); d != "/" && d != "."; d = filepath.Dir(d) {
		if os.Remove(d) != nil {
			return
		}
	}
}

// cleanBinaries removes the chain's plugin binaries from dir that diktyo
// built (their build info names diktyo's module); a file of the same name
// that is not diktyo's stays.
func cleanBinaries(dir string, r *cleanupReport) {
	for _, name := range []string{"ipmasq", "iproute", "registerDNS", "noop"} {
		p := filepath.Join(dir, name)
		info, err := buildinfo.ReadFile(p)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil || info.Main.Path != diktyoModule:
			r.Kept = append(r.Kept, fmt.Sprintf("%s: not built from %s: left", p, diktyoModule))
		default:
			removePath(p, r)
		}
	}
}

func cleanRuntimeConfig(root string, r *cleanupReport) {
	res, err := nrisetup.Remove(root)
	if err != nil {
		r.keep("containerd's NRI drop-in", err)
		return
	}
	for _, c := range res.Changed {
		r.removed("%s", c)
	}
	r.Kept = append(r.Kept, res.Notes...)
	if res.RestartNeeded {
		r.Kept = append(r.Kept, "containerd keeps NRI on until it restarts")
	}
}

func printCleanup(w io.Writer, format string, r *cleanupReport) error {
	return writeOutput(w, format, r, func(w io.Writer) error {
		for _, s := range r.Removed {
			fmt.Fprintln(w, "removed:", s)
		}
		for _, s := range r.Kept {
			fmt.Fprintln(w, "kept:   ", s)
		}
		return nil
	})
}
