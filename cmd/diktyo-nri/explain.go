package main

import (
	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/explain"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

type explainOptions struct {
	config, namespace, name, uid, file string
	hostNetwork                        bool
	annotations, ips                   []string
}

func newExplainCmd() *cobra.Command {
	o := &explainOptions{}
	cmd := &cobra.Command{
		Use:   "explain [flags]",
		Short: "Show what a pod's annotations would produce (no root, touches nothing)",
		Long: `Print the namespace rule that applies, the policy, the capability args and
CNI_ARGS the chain would get, the chain, and what each plugin's own parser and
builder make of it for an example pod address (--ip): its summary in words,
then the objects it would create (ipmasq's rules, iproute's routes and host
rules, registerDNS's records). --ip is checked as the daemon checks a pod's
addresses (one host, inside podCIDRs). A request the admin config refuses, or
that a plugin would refuse, is printed with its exact error and exit status 1.`,
		Example: `  diktyo-nri explain --config config.yaml --namespace team-a --name web-1 --ip 198.51.100.10 \
    --annotation 'diktyo.io/v1.masq=[{"external":"203.0.113.10:5000-5010","destination":"198.51.100.7/32","protocol":"tcp"}]' \
    --annotation diktyo.io/v1.route-table=100
  diktyo-nri explain --config config.yaml --annotations-file pod.yaml`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, _ []string) error { return runExplain(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", policy.DefaultConfigPath, "admin config YAML")
	f.StringVar(&o.namespace, "namespace", "default", "pod namespace")
	f.StringVar(&o.name, "name", "pod", "pod name")
	f.StringVar(&o.uid, "uid", "", "pod UID")
	f.BoolVar(&o.hostNetwork, "host-network", false, "explain as a host-network pod")
	f.StringVar(&o.file, "annotations-file", "", "YAML/JSON map of annotations, or a pod manifest")
	// StringArray, not StringSlice: annotation values are JSON, full of commas.
	f.StringArrayVar(&o.annotations, "annotation", nil, "KEY=VALUE (repeatable)")
	f.StringArrayVar(&o.ips, "ip", nil, "example pod address for the plugins' builders (repeatable; default 192.0.2.10, or one of the first podCIDR)")
	return cmd
}

func runExplain(cmd *cobra.Command, o *explainOptions) error {
	in := explain.Input{Pod: policy.Pod{Namespace: o.namespace, Name: o.name, UID: o.uid},
		Annotations: map[string]string{}, HostNetwork: o.hostNetwork, IPs: o.ips}
	// Malformed --annotation flags are the command line's fault: check
	// them before anything is read.
	parsed := make([][2]string, 0, len(o.annotations))
	for _, a := range o.annotations {
		k, v, err := explain.ParseAnnotationFlag(a)
		if err != nil {
			return usageError{err}
		}
		parsed = append(parsed, [2]string{k, v})
	}
	cfg, err := policy.LoadConfig(o.config)
	if err != nil {
		return err
	}
	in.Config = cfg
	if o.file != "" {
		ann, pod, err := explain.ReadAnnotationsFile(o.file)
		if err != nil {
			return err
		}
		if ann != nil {
			in.Annotations = ann
		}
		if pod != nil {
			mergePod(&in.Pod, pod, cmd)
		}
	}
	for _, kv := range parsed {
		in.Annotations[kv[0]] = kv[1]
	}
	return explain.Explain(cmd.OutOrStdout(), in)
}

// mergePod takes pod identity from a manifest unless given by flags.
func mergePod(dst, src *policy.Pod, cmd *cobra.Command) {
	set := cmd.Flags().Changed
	if !set("namespace") && src.Namespace != "" {
		dst.Namespace = src.Namespace
	}
	if !set("name") && src.Name != "" {
		dst.Name = src.Name
	}
	if !set("uid") && src.UID != "" {
		dst.UID = src.UID
	}
}
