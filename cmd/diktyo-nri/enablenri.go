package main

import (
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/nrisetup"
)

// restartOnHost restarts containerd in the host's namespaces, from a pod
// with the host's PID namespace (the DaemonSet's); on the node itself it
// works as well.
const restartOnHost = "nsenter --target 1 --mount --uts --ipc --net --pid -- systemctl restart containerd"

type enableNRIOptions struct {
	root, runtime, restartCmd, output string
	restart                           bool
}

func newEnableNRICmd() *cobra.Command {
	o := &enableNRIOptions{}
	cmd := &cobra.Command{
		Use:   "enable-nri [flags]",
		Short: "Switch NRI on in the node's containerd config for diktyo-nri, and say what changed",
		Long: `Add diktyo's NRI settings to the node's container runtime config (the chart's
opt-in init container runs this; docs/install.md, "Switching NRI on"):

  containerd 2.x (kind's nodes too): writes /etc/containerd/conf.d/10-diktyo-nri.toml
      (deploy/containerd's drop-in) and, when config.toml sets no imports,
      one line importing it at its top; refuses, changing nothing, when
      config.toml imports other files only, lists the NRI plugin in
      disabled_plugins, is containerd 1.x's or is not TOML, or when an edited
      drop-in turns NRI off;
  k3s, RKE2: reads the config they generate at each start (NRI is on in
      containerd 2.x unless turned off) and changes nothing; when it is off
      (rootless mode) it says which template to write by hand.

It never overwrites a file that is not diktyo's and prints every file it
changed. containerd reads its config at start only: with --restart (and a
change) it runs the restart command, by default in the host's namespaces
(needs the host PID namespace and CAP_SYS_ADMIN):
  ` + restartOnHost + `
Without --restart it restarts nothing and says a restart is needed.
Paths are the host's under --root (the host's root as mounted in a pod).`,
		Example: `  diktyo-nri enable-nri
  diktyo-nri enable-nri --root /host --restart
  diktyo-nri enable-nri --runtime k3s -o json`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, _ []string) error { return runEnableNRI(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.root, "root", "/", "the host's root directory")
	f.StringVar(&o.runtime, "runtime", "auto", "the runtime config: auto (detected), containerd, k3s or rke2")
	f.BoolVar(&o.restart, "restart", false, "restart containerd when its config changed")
	f.StringVar(&o.restartCmd, "restart-command", restartOnHost, "with --restart: the command that restarts the runtime (run by /bin/sh)")
	addOutputFlag(cmd, &o.output, "text")
	return cmd
}

func runEnableNRI(cmd *cobra.Command, o *enableNRIOptions) error {
	if err := checkOutput(o.output); err != nil {
		return err
	}
	flavour := o.runtime
	switch flavour {
	case "auto":
		flavour = ""
	case nrisetup.Containerd, nrisetup.K3s, nrisetup.RKE2:
	default:
		return usagef("--runtime %q: want auto, containerd, k3s or rke2", o.runtime)
	}
	r, err := nrisetup.Enable(nrisetup.Options{Root: o.root, Flavour: flavour})
	if err != nil {
		return err
	}
	if err := writeOutput(cmd.OutOrStdout(), o.output, r, func(w io.Writer) error { _, err := io.WriteString(w, r.String()); return err }); err != nil {
		return err
	}
	if !o.restart || !r.RestartNeeded {
		return nil
	}
	out, err := exec.CommandContext(cmd.Context(), "/bin/sh", "-c", o.restartCmd).CombinedOutput()
	if err != nil {
		return fmt.Errorf("restarting the runtime (%s): %w: %s", o.restartCmd, err, strings.TrimSpace(string(out)))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "restarted: %s\n", o.restartCmd)
	return nil
}
