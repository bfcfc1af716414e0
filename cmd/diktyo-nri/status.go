package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// clientTimeout bounds one question to the daemon.
const clientTimeout = 30 * time.Second

type clientOptions struct {
	apiSocket string
	output    string
}

func (o *clientOptions) addFlags(cmd *cobra.Command, defOutput string) {
	cmd.Flags().StringVar(&o.apiSocket, "api-socket", policy.DefaultAPISocket, "the running daemon's local API socket (its api.socket)")
	addOutputFlag(cmd, &o.output, defOutput)
}

func newStatusCmd() *cobra.Command {
	o := &clientOptions{}
	var counters bool
	cmd := &cobra.Command{
		Use:   "status [NAMESPACE/POD]",
		Short: "Ask the running daemon which pods it knows and what it applied (root)",
		Long: `List every pod the running diktyo-nri knows (one line each), or show one pod:
its state, policy, what the chain holds for it (SNAT rules in the order the
kernel walks them, with their packet and byte counters; routes and host rules;
DNS names and records) and its last error. Asks the daemon through its local,
root-only API socket.`,
		Example: `  diktyo-nri status
  diktyo-nri status team-a/web-1
  diktyo-nri status -o json | jq '.[] | select(.state != "applied")'`,
		Args:              maxArgs(1, "one NAMESPACE/POD"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(o.output); err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), clientTimeout)
			defer cancel()
			c := localapi.NewClient(o.apiSocket)
			w := cmd.OutOrStdout()
			if len(args) == 0 {
				pods, err := c.Pods(ctx, counters)
				if err != nil {
					return err
				}
				return writeOutput(w, o.output, pods, func(w io.Writer) error {
					d, err := c.Daemon(ctx)
					if err != nil {
						return err
					}
					writeDaemon(w, d)
					return writePodTable(w, pods)
				})
			}
			ns, name, err := splitPod(args[0])
			if err != nil {
				return err
			}
			pod, err := c.Pod(ctx, ns, name)
			if err != nil {
				return err
			}
			return writeOutput(w, o.output, pod, func(w io.Writer) error { return writePod(w, pod) })
		},
	}
	o.addFlags(cmd, "text")
	cmd.Flags().BoolVar(&counters, "counters", false, "list: read the SNAT counters of every pod too (one iptables run per pod and family)")
	return cmd
}

// splitPod parses NAMESPACE/POD.
func splitPod(s string) (string, string, error) {
	ns, name, ok := strings.Cut(s, "/")
	if !ok || ns == "" || name == "" || strings.Contains(name, "/") {
		return "", "", usagef("pod %q: want NAMESPACE/POD", s)
	}
	return ns, name, nil
}

// writeDaemon is the listing's first lines: the daemon's state and what
// is failing (JSON and YAML keep the plain pod list; GET /v1/daemon).
func writeDaemon(w io.Writer, d *localapi.Daemon) {
	line := "Daemon: " + d.State
	if d.Repairing > 0 {
		line += fmt.Sprintf(" (%d pods repairing)", d.Repairing)
	}
	fmt.Fprintln(w, line)
	for _, f := range d.Faults {
		fmt.Fprintln(w, "  fault: "+oneLine(f, 200))
	}
	if d.Runtime != "" {
		fmt.Fprintln(w, "Runtime: "+oneLine(d.Runtime, 200))
	}
	for _, l := range d.RuntimeLimits {
		fmt.Fprintln(w, "  limit: "+oneLine(l, 300))
	}
	for _, a := range d.UnprovenAddresses {
		fmt.Fprintln(w, "  not this instance's, left alone: "+oneLine(a, 200))
	}
	writeCluster(w, d.Cluster)
	fmt.Fprintln(w)
}

// writeCluster is the Kubernetes API line, and one per Lease.
func writeCluster(w io.Writer, c *localapi.Cluster) {
	switch {
	case c == nil:
		return
	case c.Server == "":
		fmt.Fprintln(w, "Cluster: node-local ("+oneLine(c.NodeLocal, 200)+")")
		return
	}
	events := "off"
	if c.Events {
		events = "on"
	}
	fmt.Fprintf(w, "Cluster: node %s, API server %s, events %s, leases in %s\n", c.Node, c.Server, events, c.LeaseNamespace)
	for _, l := range c.Leases {
		line := "  lease " + l.Name + " (" + l.Address + "): "
		switch {
		case l.Held:
			line += "held by this node"
		case l.Holder != "":
			line += "held by node " + l.Holder
		default:
			line += "not held"
		}
		if l.Error != "" {
			line += "; " + oneLine(l.Error, 200)
		}
		fmt.Fprintln(w, line)
	}
}

func writePodTable(w io.Writer, pods []localapi.PodStatus) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAMESPACE\tNAME\tSTATE\tIPS\tSNAT\tROUTES\tDNS\tLAST ERROR")
	for _, p := range pods {
		snat, routes, dns := "-", "-", "-"
		if a := p.Attachment; a != nil {
			if a.SNAT != nil {
				snat = strconv.Itoa(len(a.SNAT.Rules))
			}
			if r := a.Routes; r != nil {
				routes = strconv.Itoa(len(r.PodRoutes) + len(r.HostRoutes) + len(r.HostRules) + len(r.Marks))
			}
			if a.DNS != nil && len(a.DNS.Names) > 0 {
				dns = strings.Join(a.DNS.Names, ",")
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Namespace, p.Name, p.State, orDash(strings.Join(p.IPs, ",")),
			snat, routes, dns, orDash(oneLine(firstOf(p.LastError, p.PolicyError), 60)))
	}
	return tw.Flush()
}

func writePod(w io.Writer, p *localapi.PodStatus) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Pod:\t%s/%s\n", p.Namespace, p.Name)
	fmt.Fprintf(tw, "Sandbox:\t%s\n", p.ID)
	fmt.Fprintf(tw, "UID:\t%s\n", orDash(p.UID))
	fmt.Fprintf(tw, "Netns:\t%s\n", orDash(p.NetNS))
	fmt.Fprintf(tw, "IPs:\t%s\n", orDash(strings.Join(p.IPs, ", ")))
	fmt.Fprintf(tw, "State:\t%s%s\n", p.State, flags(p))
	fmt.Fprintf(tw, "Last error:\t%s\n", orDash(p.LastError))
	if p.Watch != "" {
		fmt.Fprintf(tw, "Watch:\t%s\n", p.Watch)
	}
	if p.RepairFailures > 0 {
		fmt.Fprintf(tw, "Repair failures:\t%d in a row (retried with backoff)\n", p.RepairFailures)
	}
	for i, h := range p.Holds {
		label := ""
		if i == 0 {
			label = "Held by:"
		}
		fmt.Fprintf(tw, "%s\t%s\n", label, h)
	}
	if p.PolicyError != "" {
		fmt.Fprintf(tw, "Policy:\tnone: %s\n", p.PolicyError)
	} else {
		fmt.Fprintf(tw, "Policy:\t%s\n", compactJSON(p.Policy))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	writeEgress(w, p.Egress)
	a := p.Attachment
	if a == nil {
		_, err := fmt.Fprintln(w, "Applied:  nothing cached (no successful ADD since the pod started)")
		return err
	}
	fmt.Fprintf(w, "Applied:  network %s, chain %s, owner %s, addresses %s\n", a.Network, strings.Join(a.Plugins, " -> "), a.Owner, strings.Join(a.IPs, ", "))
	writeSNAT(w, a.SNAT)
	writeRoutes(w, a.Routes)
	writeDNS(w, a.DNS)
	// Other plugins' parts, as they encode them.
	for _, section := range slices.Sorted(maps.Keys(a.Parts)) {
		var b bytes.Buffer
		if json.Compact(&b, a.Parts[section]) != nil {
			b.Reset()
			b.Write(a.Parts[section])
		}
		fmt.Fprintf(w, "  %s: %s\n", section, b.String())
	}
	for plugin, why := range a.Errors {
		fmt.Fprintf(w, "  %s: cannot rebuild its part: %s\n", plugin, why)
	}
	return nil
}

// writeEgress lists the pod's port blocks (with the time since which the
// far side may attribute them to it) and the managed addresses it uses.
func writeEgress(w io.Writer, e *localapi.Egress) {
	if e == nil {
		return
	}
	for _, b := range e.Blocks {
		from := "explicit range"
		if b.Pool != "" {
			from = "pool " + b.Pool
		}
		fmt.Fprintf(w, "Egress:   %s ports %s (%s), held since %s\n", b.Address, b.Ports, from, b.Since.UTC().Format(time.RFC3339))
	}
	if len(e.ManagedAddresses) > 0 {
		fmt.Fprintf(w, "Egress:   managed addresses in use: %s\n", strings.Join(e.ManagedAddresses, ", "))
	}
	if e.Error != "" {
		fmt.Fprintf(w, "Egress:   cannot read the allocator's state: %s\n", e.Error)
	}
}

func flags(p *localapi.PodStatus) string {
	var f []string
	for _, x := range []struct {
		on   bool
		name string
	}{{p.HostNetwork, "host-network"}, {p.Stopped, "stopped"}, {p.Vanished, "vanished"}, {p.Rejected, "rejected"},
		{p.Applied, "applied"}, {p.Dirty, "dirty"}} {
		if x.on {
			f = append(f, x.name)
		}
	}
	if len(f) == 0 {
		return ""
	}
	return " (" + strings.Join(f, ", ") + ")"
}

func writeSNAT(w io.Writer, s *localapi.SNAT) {
	if s == nil {
		return
	}
	fmt.Fprintf(w, "  SNAT (ipmasq, %s backend), in the order the kernel walks them:\n", s.Backend)
	if len(s.Rules) == 0 {
		fmt.Fprintln(w, "    (no rules)")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "    #\tFAMILY\tCHAIN\tDESTINATION\tPROTO\tACTION\tTO\tPACKETS\tBYTES\tCOMMENT")
	for _, r := range s.Rules {
		fmt.Fprintf(tw, "    %d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Index, r.Family, r.Chain, r.Destination, r.Protocol,
			r.Action, orDash(r.To), counter(r.Packets), counter(r.Bytes), r.Comment)
	}
	_ = tw.Flush()
	if s.Counters != "" {
		fmt.Fprintf(w, "    counters: %s\n", s.Counters)
	}
	writeBinding(w, s.Binding)
}

func writeBinding(w io.Writer, b *api.SNATBinding) {
	switch {
	case b == nil:
	case b.Mode == api.BindingLink && b.DroppedFrom != nil:
		fmt.Fprintf(w, "  Binding: link %s (dropped: %d packets from its link with another source, %d with its address from elsewhere%s)\n",
			b.Link, *b.DroppedFrom, *b.DroppedAs, strictDrops(b))
	case b.Mode == api.BindingLink:
		fmt.Fprintf(w, "  Binding: link %s (counters: %s)\n", b.Link, b.Reason)
	default:
		fmt.Fprintf(w, "  Binding: %s (%s)\n", b.Mode, b.Reason)
	}
}

// strictDrops is what strict mode dropped, for the binding's line.
func strictDrops(b *api.SNATBinding) string {
	if !b.Strict || b.DroppedUntranslated == nil {
		return ""
	}
	return fmt.Sprintf("; strict: %d packets of new connections with no SNAT decision", *b.DroppedUntranslated)
}

func writeRoutes(w io.Writer, r *localapi.Routes) {
	if r == nil {
		return
	}
	fmt.Fprintln(w, "  Routes (iproute):")
	n := 0
	for _, group := range []struct {
		what  string
		lines []string
	}{{"pod route", r.PodRoutes}, {"host route", r.HostRoutes}, {"host rule", r.HostRules}, {"nft mark", r.Marks}, {"nft bypass", r.Bypass}} {
		for _, l := range group.lines {
			fmt.Fprintf(w, "    %s: %s\n", group.what, l)
			n++
		}
	}
	if n == 0 {
		fmt.Fprintln(w, "    (nothing)")
	}
}

func writeDNS(w io.Writer, d *localapi.DNS) {
	if d == nil {
		return
	}
	fmt.Fprintf(w, "  DNS (registerDNS, %s backend): %s\n", d.Backend, orDash(strings.Join(d.Names, ", ")))
	for _, r := range d.Records {
		fmt.Fprintf(w, "    %s\n", r)
	}
}

func counter(v *uint64) string {
	if v == nil {
		return "-"
	}
	return strconv.FormatUint(*v, 10)
}

func compactJSON(v map[string]any) string {
	if len(v) == 0 {
		return "none"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// oneLine keeps a table cell on one line, at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
