package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/plugin"
)

func newTraceCmd() *cobra.Command {
	o := &clientOptions{}
	var protocol string
	cmd := &cobra.Command{
		Use:   "trace NAMESPACE/POD DESTINATION[:PORT]",
		Short: "Ask the running daemon which SNAT rule and route a packet from a pod takes (root)",
		Long: `Show what happens to a packet from a pod to DESTINATION: which of the pod's
ipmasq rules it meets first (exclusions, then the most specific destination,
then the default; or none), and the route the kernel picks for it in the
host's network namespace: a route lookup as for a packet arriving from the pod
(its address as the source, on the host's link to it), with the mark
iproute's fwmark layout gives it. The pod's own routes towards DESTINATION
(inside its netns) are listed too. DESTINATION is an address, ADDRESS:PORT or
[IPv6]:PORT; ipmasq's rules match no ports.`,
		Example: `  diktyo-nri trace team-a/web-1 198.51.100.7:443
  diktyo-nri trace team-a/web-1 '[2001:db8::53]:53' --protocol udp
  diktyo-nri trace team-a/web-1 10.0.0.1 -o json`,
		Args:              exactArgs(2, "NAMESPACE/POD and DESTINATION[:PORT]"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(o.output); err != nil {
				return err
			}
			if _, _, err := splitPod(args[0]); err != nil {
				return err
			}
			if _, _, err := plugin.ParseDestination(args[1]); err != nil {
				return usageError{err}
			}
			switch protocol {
			case "tcp", "udp", "sctp":
			default:
				return usagef("--protocol %q: want tcp, udp or sctp", protocol)
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), clientTimeout)
			defer cancel()
			t, err := localapi.NewClient(o.apiSocket).Trace(ctx, localapi.TraceRequest{Pod: args[0], Destination: args[1], Protocol: protocol})
			if err != nil {
				return err
			}
			return writeOutput(cmd.OutOrStdout(), o.output, t, func(w io.Writer) error { return writeTrace(w, t) })
		},
	}
	o.addFlags(cmd, "text")
	cmd.Flags().StringVar(&protocol, "protocol", "tcp", "tcp, udp or sctp")
	_ = cmd.RegisterFlagCompletionFunc("protocol", cobra.FixedCompletions([]string{"tcp", "udp", "sctp"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func writeTrace(w io.Writer, t *localapi.Trace) error {
	dst := t.Destination
	if t.Port != 0 {
		dst = hostPort(t.Destination, t.Port)
	}
	fmt.Fprintf(w, "pod %s (sandbox %s): %s -> %s/%s\n", t.Pod, t.PodID, t.Source, dst, t.Protocol)
	fmt.Fprintf(w, "SNAT:  %s\n", t.SNAT.Verdict)
	if r := t.SNAT.Rule; r != nil {
		fmt.Fprintf(w, "       rule %d of %s (%s): destination %s, protocol %s, %s", r.Index, r.Chain, r.Family, r.Destination, r.Protocol, r.Action)
		if r.To != "" {
			fmt.Fprintf(w, " to %s", r.To)
		}
		fmt.Fprintf(w, " [%s]\n", r.Comment)
	}
	fmt.Fprintf(w, "Route: %s\n", describeRoute(t.Route))
	for _, r := range t.PodRoutes {
		fmt.Fprintf(w, "Pod route (inside the pod, first): %s\n", r)
	}
	return nil
}

func describeRoute(r localapi.TraceRoute) string {
	var b strings.Builder
	if r.Mark != 0 {
		fmt.Fprintf(&b, "mark %#x (iproute fwmark), ", r.Mark)
	}
	if r.Error != "" {
		b.WriteString("the kernel refuses: " + r.Error)
		return b.String()
	}
	fmt.Fprintf(&b, "table %s: %s", r.TableName, r.Type)
	if r.Gateway != "" {
		b.WriteString(" via " + r.Gateway)
	}
	if r.Dev != "" {
		b.WriteString(" dev " + r.Dev)
	}
	if r.PrefSrc != "" {
		b.WriteString(" src " + r.PrefSrc)
	}
	if r.Iif != "" {
		b.WriteString(" (arriving on " + r.Iif + ")")
	}
	return b.String()
}

func hostPort(addr string, port int) string {
	if strings.Contains(addr, ":") {
		return fmt.Sprintf("[%s]:%d", addr, port)
	}
	return fmt.Sprintf("%s:%d", addr, port)
}
