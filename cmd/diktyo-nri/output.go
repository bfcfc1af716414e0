package main

import (
	"encoding/json"
	"io"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"
)

// Output formats of -o: text (a table for lists), json, yaml.
var outputFormats = []string{"text", "json", "yaml"}

func addOutputFlag(cmd *cobra.Command, p *string, def string) {
	cmd.Flags().StringVarP(p, "output", "o", def, "output format: text, json or yaml")
	_ = cmd.RegisterFlagCompletionFunc("output", cobra.FixedCompletions(outputFormats, cobra.ShellCompDirectiveNoFileComp))
}

// checkOutput validates -o before any work is done.
func checkOutput(format string) error {
	for _, f := range outputFormats {
		if format == f {
			return nil
		}
	}
	return usagef("--output %q: want text, json or yaml", format)
}

// writeOutput writes v as json or yaml, or calls text.
func writeOutput(w io.Writer, format string, v any, text func(io.Writer) error) error {
	if err := checkOutput(format); err != nil {
		return err
	}
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	case "yaml":
		b, err := yaml.Marshal(v)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	return text(w)
}
