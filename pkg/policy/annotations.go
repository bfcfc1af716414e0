// Package policy turns a pod's diktyo annotations, checked against the node
// admin's config, into the capability arguments of the diktyo CNI chain.
//
// Three steps, each in one place:
//   - ParseAnnotations: syntax of the diktyo.io/ annotations (strict: an
//     unknown key or a malformed value is an error naming both);
//   - LoadConfig / ParseConfig: the admin config YAML, validated once;
//   - Decide: what this pod may have, given its namespace and name, plus
//     the node-wide defaults every pod gets.
package policy

import (
	"fmt"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// Prefix is the annotation prefix every diktyo annotation starts with.
const Prefix = "diktyo.io/"

// Version is the annotation scheme version this code understands. Keys are
// "diktyo.io/<Version>.<name>", so a future scheme can live beside this one
// and a pod written for it is refused (not misread) by an older node.
const Version = "v1"

// Annotation keys of scheme v1.
const (
	KeyMasq        = Prefix + Version + ".masq"           // JSON list of masqEntries
	KeySNATExclude = Prefix + Version + ".snat-exclude"   // comma-separated CIDRs
	KeySNATInclude = Prefix + Version + ".snat-include"   // comma-separated CIDRs
	KeyRoutes      = Prefix + Version + ".routes"         // JSON list of routeEntries
	KeyRouteTable  = Prefix + Version + ".route-table"    // host routing table number
	KeyRoutePrio   = Prefix + Version + ".route-priority" // priority of the "from PODIP lookup TABLE" rule
	KeyDNSNames    = Prefix + Version + ".dns-names"      // comma-separated DNS names
	KeyDebug       = Prefix + Version + ".debug"          // "true" or "false"
)

// Keys lists every v1 annotation key, sorted.
var Keys = []string{KeyDebug, KeyDNSNames, KeyMasq, KeyRoutePrio, KeyRouteTable, KeyRoutes, KeySNATExclude, KeySNATInclude}

// Bounds on what one pod may ask for, so that one pod cannot make the
// handler (which runs under containerd's NRI lock) arbitrarily slow.
const (
	MaxMasqEntries     = 64
	MaxRouteEntries    = 64
	MaxCIDRs           = 64
	MaxDNSNames        = 16
	maxAnnotationBytes = 64 << 10
)

// Request is what a pod asks for through its annotations, parsed by the
// wire types' own parsers (the ones the plugins use) but not yet checked
// against the admin config.
type Request struct {
	Masq        []api.Masq
	SNATExclude []netip.Prefix
	SNATInclude []netip.Prefix
	Routes      []api.Route
	RouteTable  int
	// RoutePriority is the priority of the pod's host rule; 0: node default.
	RoutePriority int
	DNSNames      []string
	Debug         bool
	// Keys are the diktyo annotation keys the pod carries, sorted.
	Keys []string
}

// Empty reports whether the pod carries no diktyo annotation at all.
func (r *Request) Empty() bool { return len(r.Keys) == 0 }

// AnnotationError names the annotation and the value that failed.
type AnnotationError struct {
	Key   string
	Value string
	Err   error
}

func (e *AnnotationError) Error() string {
	return fmt.Sprintf("annotation %s=%s: %v", e.Key, quoteValue(e.Value), e.Err)
}

func (e *AnnotationError) Unwrap() error { return e.Err }

// quoteValue quotes an annotation value for an error message, shortened so
// that a huge annotation does not make a huge log line.
func quoteValue(v string) string {
	const maxLen = 256
	if len(v) > maxLen {
		return strconv.Quote(v[:maxLen]) + "..."
	}
	return strconv.Quote(v)
}

// HasDiktyoAnnotations reports whether any annotation key starts with Prefix.
func HasDiktyoAnnotations(annotations map[string]string) bool {
	for k := range annotations {
		if strings.HasPrefix(k, Prefix) {
			return true
		}
	}
	return false
}

// DiktyoAnnotations returns the diktyo.io/ annotations of annotations
// (nil when there are none): all that decides a pod's policy, so all a
// long-lived record of the pod needs to keep (a pod's other annotations,
// kubelet's and the cluster's, can be many and large).
func DiktyoAnnotations(annotations map[string]string) map[string]string {
	var out map[string]string
	for k, v := range annotations {
		if strings.HasPrefix(k, Prefix) {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}

// ParseAnnotations parses the diktyo.io/ annotations of a pod. Other
// annotations are ignored. An unknown key under the prefix, or a value that
// does not parse, is an *AnnotationError wrapping api.ErrInvalid.
func ParseAnnotations(annotations map[string]string) (*Request, error) {
	req := &Request{}
	keys := make([]string, 0, len(annotations))
	for k := range annotations {
		if strings.HasPrefix(k, Prefix) {
			keys = append(keys, k)
		}
	}
	// Sorted, so the first error reported does not depend on map order.
	sort.Strings(keys)
	for _, k := range keys {
		v := annotations[k]
		if err := req.parseOne(k, v); err != nil {
			return nil, &AnnotationError{Key: k, Value: v, Err: err}
		}
	}
	req.Keys = keys
	return req, nil
}

func (r *Request) parseOne(key, value string) error {
	if len(value) > maxAnnotationBytes {
		return api.Invalidf("value is %d bytes, more than %d", len(value), maxAnnotationBytes)
	}
	var err error
	switch key {
	case KeyMasq:
		r.Masq, err = parseMasq(value)
	case KeySNATExclude:
		r.SNATExclude, err = parseCIDRList(value)
	case KeySNATInclude:
		r.SNATInclude, err = parseCIDRList(value)
	case KeyRoutes:
		r.Routes, err = parseRoutes(value)
	case KeyRouteTable:
		r.RouteTable, err = parseTable(value)
	case KeyRoutePrio:
		r.RoutePriority, err = parsePriority(value)
	case KeyDNSNames:
		r.DNSNames, err = parseDNSNames(value)
	case KeyDebug:
		r.Debug, err = parseBool(value)
	default:
		return unknownKeyError(key)
	}
	return err
}

func unknownKeyError(key string) error {
	rest := strings.TrimPrefix(key, Prefix)
	if v, _, ok := strings.Cut(rest, "."); ok && v != Version && strings.HasPrefix(v, "v") {
		return api.Invalidf("unsupported annotation scheme version %q (this node understands %s)", v, Version)
	}
	return api.Invalidf("unknown diktyo annotation (known: %s)", strings.Join(Keys, ", "))
}

// parseMasq parses a JSON list of masqEntries with api.DecodeStrict and
// api.ParsePodMasqEntry: api.ParseMasqEntry, the parser ipmasq uses, in
// its Strict form, plus the pool form "pool:NAME" only pods may write.
func parseMasq(value string) ([]api.Masq, error) {
	var entries []api.MasqEntry
	if err := api.DecodeStrict([]byte(value), &entries); err != nil {
		return nil, err
	}
	if len(entries) > MaxMasqEntries {
		return nil, api.Invalidf("%d entries, at most %d allowed", len(entries), MaxMasqEntries)
	}
	return api.ParsePodMasqEntries("", entries)
}

// parseRoutes parses a JSON list of routeEntries with api.DecodeStrict and
// api.ParseRouteEntry, the parser iproute uses (here in its Strict form).
func parseRoutes(value string) ([]api.Route, error) {
	var entries []api.RouteEntry
	if err := api.DecodeStrict([]byte(value), &entries); err != nil {
		return nil, err
	}
	if len(entries) > MaxRouteEntries {
		return nil, api.Invalidf("%d entries, at most %d allowed", len(entries), MaxRouteEntries)
	}
	return api.ParseRouteEntries("", entries, api.Strict)
}

// splitList splits a comma-separated list, trimming blanks; an empty item
// is an error (it is almost always a typo).
func splitList(value string) ([]string, error) {
	if strings.TrimSpace(value) == "" {
		return nil, api.Invalidf("empty list")
	}
	parts := strings.Split(value, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
		if parts[i] == "" {
			return nil, api.Invalidf("item %d is empty", i)
		}
	}
	return parts, nil
}

func parseCIDRList(value string) ([]netip.Prefix, error) {
	parts, err := splitList(value)
	if err != nil {
		return nil, err
	}
	if len(parts) > MaxCIDRs {
		return nil, api.Invalidf("%d CIDRs, at most %d allowed", len(parts), MaxCIDRs)
	}
	out := make([]netip.Prefix, 0, len(parts))
	for _, s := range parts {
		p, err := api.ParseNetwork(s)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func parseTable(value string) (int, error) {
	n, err := strconv.ParseUint(strings.TrimSpace(value), 10, 32)
	if err != nil {
		return 0, api.Invalidf("invalid table number %q: want 1 to %d", value, uint32(api.MaxTable))
	}
	if n == api.TableUnspec || api.IsReservedTable(int(n)) {
		return 0, api.Invalidf("table %d is reserved (0, 253 default, 254 main, 255 local)", n)
	}
	return int(n), nil
}

// parsePriority parses an ip rule priority. 0 (the local table's rule) is
// refused, and so is MainRulePriority and above (main and default come
// first).
func parsePriority(value string) (int, error) {
	n, err := strconv.ParseUint(strings.TrimSpace(value), 10, 32)
	if err != nil || n == 0 || n > api.MaxRulePriority {
		return 0, api.Invalidf("invalid rule priority %q: want 1 to %d", value, api.MaxRulePriority)
	}
	return int(n), nil
}

func parseDNSNames(value string) ([]string, error) {
	parts, err := splitList(value)
	if err != nil {
		return nil, err
	}
	if len(parts) > MaxDNSNames {
		return nil, api.Invalidf("%d names, at most %d allowed", len(parts), MaxDNSNames)
	}
	out := make([]string, 0, len(parts))
	seen := map[string]bool{}
	for _, s := range parts {
		n, err := api.ParseDNSName(s)
		if err != nil {
			return nil, err
		}
		if seen[n] {
			return nil, api.Invalidf("name %q given twice", s)
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

func parseBool(value string) (bool, error) {
	switch strings.TrimSpace(value) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, api.Invalidf("want \"true\" or \"false\"")
}
