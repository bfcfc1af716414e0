package main

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

type attributeOptions struct {
	config, output string
	logs           []string
	skew           time.Duration
}

func newAttributeCmd() *cobra.Command {
	o := &attributeOptions{}
	cmd := &cobra.Command{
		Use:   "attribute ADDR[:PORT] TIME",
		Short: "Say which pod held an egress address and port at a time (reads the attribution log)",
		Long: `Answer "who had 203.0.113.10:20071 at 14:02?" from the egress attribution log
(docs/egress.md): the pod of the last grant covering the address and port at
or before TIME, unless that pod's release came after it. Without a port, every
block of the address held at TIME. TIME is RFC 3339 (2025-03-01T12:34:56Z, a
fraction and an offset allowed).

The log is the config's egress.attributionLog (default
` + policy.DefaultEgressAttributionLog + `) with its rotated files (LOG.N and
LOG.N.gz, oldest first), or the files given with --log, oldest first. With
--skew D the answer is also read at TIME-D and TIME+D, and a holder change
inside that window is reported rather than hidden (the far side's clock and
the node's differ). To answer for a managed address that moved between nodes,
pass every node's log with --log.

Exit status 1 when nobody held it.`,
		Example: `  diktyo-nri attribute 203.0.113.10:20071 2025-03-01T12:34:56Z
  diktyo-nri attribute [2001:db8::10]:20071 2025-03-01T12:34:56+01:00 --skew 2s
  diktyo-nri attribute 203.0.113.10 2025-03-01T12:34:56Z -o json
  diktyo-nri attribute 203.0.113.10:20071 2025-03-01T12:34:56Z --log node-1.jsonl --log node-2.jsonl`,
		Args:              exactArgs(2, "ADDR[:PORT] TIME"),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              func(cmd *cobra.Command, args []string) error { return runAttribute(cmd, o, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", policy.DefaultConfigPath, "admin config YAML: where the attribution log is (egress.attributionLog)")
	f.StringArrayVar(&o.logs, "log", nil, "attribution log file, oldest first (repeatable; default: the config's log and its rotated files)")
	f.DurationVar(&o.skew, "skew", 0, "also answer at TIME-D and TIME+D and report a change of holder inside the window")
	addOutputFlag(cmd, &o.output, "text")
	return cmd
}

// attribution is one answer of the attribute command.
type attribution struct {
	Address string `json:"address"`
	Port    uint16 `json:"port,omitempty"`
	At      string `json:"at"`
	// Holders are the grants in force at At (one with a port).
	Holders []egress.Event `json:"holders"`
	// Window holds the answers at At-skew and At+skew where they differ
	// from At's.
	Window []attribution `json:"window,omitempty"`
}

func runAttribute(cmd *cobra.Command, o *attributeOptions, args []string) error {
	if err := checkOutput(o.output); err != nil {
		return err
	}
	addr, port, err := parseAddrPort(args[0])
	if err != nil {
		return usageError{err}
	}
	at, err := time.Parse(time.RFC3339Nano, args[1])
	if err != nil {
		return usagef("TIME %q: want RFC 3339, e.g. 2025-03-01T12:34:56Z", args[1])
	}
	if o.skew < 0 {
		return usagef("--skew %s: want a duration of zero or more", o.skew)
	}
	files := o.logs
	if len(files) == 0 {
		if files, err = defaultLogs(o.config); err != nil {
			return err
		}
	}
	ask := func(t time.Time) (attribution, error) { return attributeAt(files, addr, port, t) }
	a, err := ask(at)
	if err != nil {
		return err
	}
	if o.skew > 0 {
		for _, t := range []time.Time{at.Add(-o.skew), at.Add(o.skew)} {
			w, err := ask(t)
			if err != nil {
				return err
			}
			if !sameHolders(w.Holders, a.Holders) {
				a.Window = append(a.Window, w)
			}
		}
	}
	if err := writeOutput(cmd.OutOrStdout(), o.output, a, func(w io.Writer) error { return writeAttribution(w, a) }); err != nil {
		return err
	}
	if len(a.Holders) == 0 {
		return errors.New("nobody held it then")
	}
	return nil
}

// parseAddrPort reads ADDR, ADDR:PORT or [ADDR6]:PORT (port 0: none).
func parseAddrPort(s string) (netip.Addr, uint16, error) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		if ap.Port() == 0 {
			return netip.Addr{}, 0, fmt.Errorf("ADDR[:PORT] %q: port 0", s)
		}
		return ap.Addr().Unmap(), ap.Port(), nil
	}
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, 0, fmt.Errorf("ADDR[:PORT] %q: want an address, ADDR:PORT or [IPv6]:PORT", s)
	}
	return a.Unmap(), 0, nil
}

// defaultLogs is the config's attribution log after its rotated files,
// oldest first: LOG.N(.gz) with the highest N first, as logrotate numbers
// them.
func defaultLogs(config string) ([]string, error) {
	cfg, err := policy.LoadConfig(config)
	if err != nil {
		return nil, err
	}
	log := policy.DefaultEgressAttributionLog
	if cfg.Egress != nil && cfg.Egress.AttributionLog != "" {
		log = cfg.Egress.AttributionLog
	}
	rotated, err := filepath.Glob(log + ".*")
	if err != nil {
		return nil, fmt.Errorf("attribution log %q: %w", log, err)
	}
	type numbered struct {
		n    int
		name string
	}
	var old []numbered
	for _, f := range rotated {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f, log+"."), ".gz"))
		if err == nil && n > 0 {
			old = append(old, numbered{n, f})
		}
	}
	slices.SortFunc(old, func(a, b numbered) int { return b.n - a.n })
	files := make([]string, 0, len(old)+1)
	for _, f := range old {
		files = append(files, f.name)
	}
	return append(files, log), nil
}

// attributeAt asks the logs, concatenated in order, who held addr (and
// port) at t.
func attributeAt(files []string, addr netip.Addr, port uint16, t time.Time) (attribution, error) {
	a := attribution{Address: addr.String(), Port: port, At: t.UTC().Format(egress.TimeFormat), Holders: []egress.Event{}}
	r, closeAll, err := openLogs(files)
	if err != nil {
		return a, err
	}
	defer closeAll()
	if port == 0 {
		a.Holders, err = egress.Holders(r, addr, t)
		return a, err
	}
	e, err := egress.Attribution(r, addr, port, t)
	switch {
	case errors.Is(err, egress.ErrNotAttributed):
		return a, nil
	case err != nil:
		return a, err
	}
	a.Holders = []egress.Event{e}
	return a, nil
}

// openLogs is one reader over the files in order (gzip'd ones
// decompressed); each file ends with its own newline, so that a torn
// last line of one cannot join the next file's first.
func openLogs(files []string) (io.Reader, func(), error) {
	var readers []io.Reader
	var closers []io.Closer
	closeAll := func() {
		for _, c := range closers {
			_ = c.Close()
		}
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("attribution log: %w", err)
		}
		closers = append(closers, f)
		var r io.Reader = f
		if strings.HasSuffix(name, ".gz") {
			z, err := gzip.NewReader(f)
			if err != nil {
				closeAll()
				return nil, nil, fmt.Errorf("attribution log %q: %w", name, err)
			}
			r = z
		}
		readers = append(readers, r, strings.NewReader("\n"))
	}
	return io.MultiReader(readers...), closeAll, nil
}

func sameHolders(a, b []egress.Event) bool {
	return slices.EqualFunc(a, b, func(x, y egress.Event) bool {
		return x.Pod == y.Pod && x.Address == y.Address && x.Ports == y.Ports && x.Time.Equal(y.Time)
	})
}

func writeAttribution(w io.Writer, a attribution) error {
	what := a.Address
	if a.Port != 0 {
		what = netip.AddrPortFrom(netip.MustParseAddr(a.Address), a.Port).String()
	}
	if len(a.Holders) == 0 {
		fmt.Fprintf(w, "%s at %s: nobody\n", what, a.At)
	}
	for _, e := range a.Holders {
		fmt.Fprintf(w, "%s at %s: %s/%s\n", what, a.At, e.Pod.Namespace, e.Pod.Name)
		fmt.Fprintf(w, "  uid %s, sandbox %s\n", e.Pod.UID, e.Pod.Sandbox)
		fmt.Fprintf(w, "  ports %s%s, granted %s on node %q\n", e.Ports, poolNote(e.Pool), e.Time.UTC().Format(egress.TimeFormat), e.Node)
	}
	for _, x := range a.Window {
		names := make([]string, 0, len(x.Holders))
		for _, e := range x.Holders {
			names = append(names, e.Pod.Namespace+"/"+e.Pod.Name)
		}
		if len(names) == 0 {
			names = append(names, "nobody")
		}
		fmt.Fprintf(w, "warning: at %s (inside --skew): %s\n", x.At, strings.Join(names, ", "))
	}
	return nil
}

func poolNote(pool string) string {
	if pool == "" {
		return " (explicit range)"
	}
	return " of pool " + pool
}
