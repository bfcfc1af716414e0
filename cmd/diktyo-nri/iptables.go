package main

// The iptables flavour. ipmasq's iptables backend runs iptables-restore;
// in a container that is the image's iptables, whose flavour (nf_tables
// or legacy) need not be the node's. Rules written in the other flavour
// are rules the node's packets never meet. So the image carries both,
// and with --iptables=auto diktyo-nri picks the node's at start, as
// kube-proxy's image does: by the hint chains the kubelet creates in the
// flavour it uses, else by which flavour holds more rules. It then puts
// links named iptables, iptables-save, ... to that flavour's binaries in
// a directory of its own at the front of PATH, which every iptables run
// of the chain (in-process or exec'd) looks up.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// iptablesTools are the names the chain runs.
var iptablesTools = []string{"iptables", "iptables-save", "iptables-restore", "ip6tables", "ip6tables-save", "ip6tables-restore"}

// kubeletHints are chains the kubelet (1.24+) and kube-proxy create in
// the flavour the node uses, in the mangle table.
var kubeletHints = []string{"KUBE-IPTABLES-HINT", "KUBE-KUBELET-CANARY"}

// flavourTool is the flavour's name of tool: iptables-save and legacy
// give iptables-legacy-save.
func flavourTool(tool, flavour string) string {
	base, suffix, _ := strings.Cut(tool, "-")
	if suffix != "" {
		suffix = "-" + suffix
	}
	return base + "-" + flavour + suffix
}

// saveOutput is what a flavour's iptables-save and ip6tables-save print
// for a table ("" for all); a flavour that cannot be run is an error.
type saveOutput func(ctx context.Context, flavour, table string) (string, error)

func runSave(ctx context.Context, flavour, table string) (string, error) {
	var out strings.Builder
	for _, tool := range []string{"iptables-save", "ip6tables-save"} {
		args := []string{}
		if table != "" {
			args = append(args, "-t", table)
		}
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		b, err := exec.CommandContext(ctx, flavourTool(tool, flavour), args...).Output()
		cancel()
		if err != nil {
			return out.String(), fmt.Errorf("%s: %w", flavourTool(tool, flavour), err)
		}
		out.Write(b)
	}
	return out.String(), nil
}

// detectFlavour says which flavour the node's rules are in, and why.
func detectFlavour(ctx context.Context, save saveOutput) (flavour, why string, err error) {
	counts := map[string]int{}
	var errs []error
	for _, f := range []string{"nft", "legacy"} {
		mangle, err := save(ctx, f, "mangle")
		if err == nil {
			for _, h := range kubeletHints {
				if strings.Contains(mangle, ":"+h+" ") {
					return f, "the kubelet's " + h + " chain is in " + f, nil
				}
			}
		}
		all, err := save(ctx, f, "")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, l := range strings.Split(all, "\n") {
			if strings.HasPrefix(l, "-A ") {
				counts[f]++
			}
		}
	}
	if len(errs) == 2 {
		return "", "", fmt.Errorf("neither iptables flavour can be read: %w", errors.Join(errs...))
	}
	why = fmt.Sprintf("no kubelet hint chain; rules: %d nf_tables, %d legacy", counts["nft"], counts["legacy"])
	if counts["legacy"] > counts["nft"] {
		return "legacy", why, nil
	}
	return "nft", why, nil
}

// selectIPTables applies --iptables: "system" leaves PATH alone; "nft",
// "legacy" or "auto" (detected) links that flavour's tools into dir and
// puts dir first in PATH.
func selectIPTables(ctx context.Context, log *slog.Logger, mode, dir string) error {
	flavour, why := mode, "--iptables="+mode
	switch mode {
	case "system":
		return nil
	case "nft", "legacy":
	case "auto":
		var err error
		if flavour, why, err = detectFlavour(ctx, runSave); err != nil {
			return fmt.Errorf("--iptables=auto: %w", err)
		}
	default:
		return usagef("--iptables %q: want auto, nft, legacy or system", mode)
	}
	if err := linkFlavour(dir, flavour); err != nil {
		return fmt.Errorf("--iptables=%s: %w", mode, err)
	}
	if err := os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH")); err != nil {
		return err
	}
	log.Info("iptables flavour", "flavour", flavour, "why", why, "dir", dir)
	return nil
}

// linkFlavour makes dir hold links named as the chain's tools to the
// flavour's binaries, found on PATH; each is replaced atomically.
func linkFlavour(dir, flavour string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, tool := range iptablesTools {
		target, err := exec.LookPath(flavourTool(tool, flavour))
		if err != nil {
			return fmt.Errorf("the %s flavour: %w", flavour, err)
		}
		tmp := filepath.Join(dir, "."+tool+".tmp")
		_ = os.Remove(tmp)
		if err := os.Symlink(target, tmp); err != nil {
			return err
		}
		if err := os.Rename(tmp, filepath.Join(dir, tool)); err != nil {
			return err
		}
	}
	return nil
}
