package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit statuses: 0 success (help included), 1 a failure of the work
// asked for, 2 a command line that cannot be run.
const (
	exitFailure = 1
	exitUsage   = 2
)

// usageError is a command line that cannot be run: an unknown command,
// flag or argument. It never starts the daemon.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// execute runs the command line args (without the program name) and
// returns the exit status.
func execute(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(legacyFlags(root, args))
	cmd, err := root.ExecuteC()
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "Error: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return exitUsage
	}
	return exitFailure
}

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &daemonOptions{}
	root := &cobra.Command{
		Use:   "diktyo-nri [flags]",
		Short: "diktyo's NRI plugin: per-pod egress policy from pod annotations",
		Long: `diktyo-nri applies per-pod egress policy (SNAT, routes, DNS names) from pod
annotations, checked against the node admin's config, by running the diktyo
CNI chain against each pod's sandbox network namespace.

Without a command it runs the daemon, exactly as "diktyo-nri run" does (this
is how containerd starts a pre-installed plugin, with no arguments).`,
		Example: `  diktyo-nri --config /etc/diktyo/config.yaml
  diktyo-nri status
  diktyo-nri trace team-a/web-1 198.51.100.7:443
  diktyo-nri explain --config config.yaml --namespace team-a --annotation diktyo.io/v1.route-table=100`,
		Args:          rootArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		// The daemon needs no completion of its arguments: there are none.
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return daemonMain(cmd, o)
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	o.addFlags(root.Flags())
	root.SuggestionsMinimumDistance = 2
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(newRunCmd(), newExplainCmd(), newStatusCmd(), newTraceCmd(), newAttributeCmd(), newCleanupCmd(), newEnableNRICmd(), newWaitReadyCmd(), newVersionCmd(), newCompletionCmd())
	return root
}

// rootArgs: the root takes no arguments; a word that is not a command is
// an unknown command, named, with cobra's suggestions.
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return usageError{errors.New(msg)}
}

// noArgs, maxArgs and exactArgs are cobra's validators whose errors are
// usage errors naming the stray argument.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%q takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

func maxArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef("%q takes at most %s, got %q as well", cmd.CommandPath(), what, args[n])
		}
		return nil
	}
}

func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < n:
			return usagef("%q needs %s", cmd.CommandPath(), what)
		case len(args) > n:
			return usagef("%q takes %s, got %q as well", cmd.CommandPath(), what, args[n])
		}
		return nil
	}
}

// newHelpCmd is cobra's help command, except that an unknown topic is an
// error (cobra's prints the root's usage and succeeds).
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			if len(args) == 0 {
				for _, sub := range c.Root().Commands() {
					if sub.IsAvailableCommand() {
						names = append(names, sub.Name())
					}
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 || target == nil {
				return usagef("unknown help topic %q", strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}

// legacyFlags turns the single-dash long flags Go's flag package accepted
// ("-config=F", "-socket S"), which existing installs may use, into the
// double-dash form pflag wants. Only known long flags are rewritten, the
// value after a flag that takes one is never touched, and nothing after
// "--" is.
func legacyFlags(root *cobra.Command, args []string) []string {
	takesValue := map[string]bool{}
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) { takesValue[f.Name] = f.Value.Type() != "bool" })
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(root)
	// cobra adds --help when it runs; Go's flag took -help too.
	takesValue["help"] = false
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		trimmed := strings.TrimLeft(a, "-")
		dashes := len(a) - len(trimmed)
		name, _, hasValue := strings.Cut(trimmed, "=")
		takes, known := takesValue[name]
		if !known || (dashes != 1 && dashes != 2) {
			out = append(out, a)
			continue
		}
		if dashes == 1 && len(name) > 1 {
			a = "-" + a
		}
		out = append(out, a)
		if takes && !hasValue && i+1 < len(args) {
			out = append(out, args[i+1])
			i++
		}
	}
	return out
}
