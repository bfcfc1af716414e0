package main

import (
	"github.com/spf13/cobra"
)

func newCompletionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "Print a shell completion script",
		Long: `Print the completion script of a shell; load it to complete diktyo-nri's
commands, flags and -o values.`,
		Example: `  source <(diktyo-nri completion bash)
  diktyo-nri completion zsh > "${fpath[1]}/_diktyo-nri"
  diktyo-nri completion fish > ~/.config/fish/completions/diktyo-nri.fish`,
		ValidArgs: []cobra.Completion{"bash", "zsh", "fish"},
		Args:      exactArgs(1, "one shell (bash, zsh or fish)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, w := cmd.Root(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(w, true)
			case "zsh":
				return root.GenZshCompletion(w)
			case "fish":
				return root.GenFishCompletion(w, true)
			}
			return usagef("shell %q: want bash, zsh or fish", args[0])
		},
	}
}
