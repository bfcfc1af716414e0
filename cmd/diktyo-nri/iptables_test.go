package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containernetworking/plugins/pkg/ns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

func TestFlavourTool(t *testing.T) {
	for tool, want := range map[string]string{"iptables": "iptables-legacy", "iptables-save": "iptables-legacy-save", "ip6tables-restore": "ip6tables-legacy-restore"} {
		if got := flavourTool(tool, "legacy"); got != want {
			t.Errorf("%s: %s, want %s", tool, got, want)
		}
	}
}

// TestDetectFlavourRules: the kubelet's hint chain decides; without one,
// the flavour holding more rules; a flavour that cannot be read counts as
// empty, and neither readable is an error.
func TestDetectFlavourRules(t *testing.T) {
	rules := func(n int) string { return strings.Repeat("-A INPUT -j ACCEPT\n", n) }
	hint := "*mangle\n:KUBE-IPTABLES-HINT - [0:0]\nCOMMIT\n"
	for _, c := range []struct {
		name         string
		nft, legacy  string // all tables
		nftM, legM   string // mangle
		nftErr, lErr bool
		want         string
	}{
		{name: "hint in legacy, more nft rules", nft: rules(50), legacy: rules(1), legM: hint, want: "legacy"},
		{name: "hint in nft", nft: rules(1), legacy: rules(50), nftM: hint, want: "nft"},
		{name: "more legacy rules", nft: rules(3), legacy: rules(4), want: "legacy"},
		{name: "tie: nft", nft: rules(2), legacy: rules(2), want: "nft"},
		{name: "legacy unreadable", nft: rules(0), lErr: true, want: "nft"},
		{name: "neither readable", nftErr: true, lErr: true, want: ""},
	} {
		save := func(_ context.Context, f, table string) (string, error) {
			if (f == "nft" && c.nftErr) || (f == "legacy" && c.lErr) {
				return "", errors.New("cannot run")
			}
			switch {
			case f == "nft" && table == "mangle":
				return c.nftM, nil
			case f == "legacy" && table == "mangle":
				return c.legM, nil
			case f == "nft":
				return c.nft + c.nftM, nil
			}
			return c.legacy + c.legM, nil
		}
		got, why, err := detectFlavour(context.Background(), save)
		if got != c.want || (c.want == "") != (err != nil) {
			t.Errorf("%s: %q (%s), %v; want %q", c.name, got, why, err, c.want)
		}
	}
}

// TestSelectIPTablesOnTheKernel: in network namespaces of its own, with
// real rules of one flavour (and the kubelet's hint chain in the other
// for the last case), auto picks the flavour the rules are in, and the
// chain's tools resolve through PATH to that flavour's binaries.
func TestSelectIPTablesOnTheKernel(t *testing.T) {
	testutil.RequireRoot(t)
	for _, f := range []string{"nft", "legacy"} {
		if _, err := exec.LookPath(flavourTool("iptables", f)); err != nil {
			t.Skipf("no %s flavour on this machine: %v", f, err)
		}
	}
	for _, c := range []struct {
		name  string
		setup [][]string
		want  string
	}{
		{"nft rules", [][]string{{"iptables-nft", "-A", "INPUT", "-j", "ACCEPT"}, {"iptables-nft", "-A", "OUTPUT", "-j", "ACCEPT"}}, "nft"},
		{"legacy rules", [][]string{{"iptables-legacy", "-A", "INPUT", "-j", "ACCEPT"}, {"iptables-legacy", "-A", "OUTPUT", "-j", "ACCEPT"}}, "legacy"},
		{"kubelet hint in legacy", [][]string{{"iptables-legacy", "-t", "mangle", "-N", "KUBE-IPTABLES-HINT"},
			{"iptables-nft", "-A", "INPUT", "-j", "ACCEPT"}, {"iptables-nft", "-A", "OUTPUT", "-j", "ACCEPT"}}, "legacy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := testutil.NewNS(t)
			for _, args := range c.setup {
				testutil.Run(t, n, args[0], args[1:]...)
			}
			dir := filepath.Join(t.TempDir(), "bin")
			t.Setenv("PATH", os.Getenv("PATH"))
			err := n.Do(func(ns.NetNS) error {
				return selectIPTables(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), "auto", dir)
			})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(os.Getenv("PATH"), dir+":") {
				t.Fatalf("PATH %q does not start with %s", os.Getenv("PATH"), dir)
			}
			for _, tool := range iptablesTools {
				got, err := exec.LookPath(tool)
				if err != nil {
					t.Fatal(err)
				}
				target, err := filepath.EvalSymlinks(got)
				want, _ := exec.LookPath(flavourTool(tool, c.want))
				wantTarget, _ := filepath.EvalSymlinks(want)
				if err != nil || target != wantTarget {
					t.Errorf("%s resolves to %s (%v), want %s's %s", tool, target, err, c.want, wantTarget)
				}
			}
		})
	}
	if err := selectIPTables(context.Background(), slog.New(slog.DiscardHandler), "nft-ish", t.TempDir()); err == nil {
		t.Error("--iptables nft-ish accepted")
	} else if !strings.Contains(fmt.Sprint(err), "want auto, nft, legacy or system") {
		t.Error(err)
	}
}
