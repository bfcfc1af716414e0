// Package snat is the model of diktyo's ipmasq plugin: its configuration
// (node policy from the plugin conf, per-pod requests from runtimeConfig),
// validation, and the pure function that turns both plus the pod's
// addresses into the ordered rule set (the Plan) a backend renders and
// applies.
//
// Nothing in this package touches the kernel: the backends live in
// ipmasq/iptables and ipmasq/nftables, the CNI verbs and the conntrack
// cleanup in ipmasq. It is a package of its own so that the backends can
// share the Plan without importing the verbs that choose them.
package snat

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/containernetworking/cni/pkg/types"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Backend names accepted in the plugin config.
const (
	BackendIPTables = "iptables"
	BackendNFTables = "nftables"
)

// Binding modes (NetConf.Binding).
const (
	BindingLink      = "link"
	BindingPreferred = "preferred"
	BindingAddress   = "address"
)

// Defaults for optional node settings.
const (
	// DefaultGuardTable is linkguard's table. DefaultLinkMark is its mark
	// bit, chosen clear of kube-proxy's (0x4000, 0x8000), Calico's
	// (0xffff0000), Cilium's (0x0f00 and the upper half) and Istio's
	// (0x539).
	DefaultGuardTable = "diktyo-guard"
	DefaultLinkMark   = 0x2000
	// DefaultStrictMark is strict mode's conntrack mark bit, clear of
	// the ct mark bits other components of a node are known to set
	// (AWS VPC CNI 0x80) and of the packet mark bits above, in case one
	// copies the ct mark into the packet's (CONNMARK --restore-mark).
	DefaultStrictMark = 0x1000
	DefaultTag        = "DIKTYO-IPMASQ"
	DefaultTable      = "diktyo-ipmasq"
	// DefaultLockFile serialises the iptables backend's creation of the
	// shared tag chain across plugin processes.
	DefaultLockFile = "/run/diktyo-ipmasq.lock"
)

// NetConf is the plugin configuration as it arrives on stdin.
type NetConf struct {
	types.PluginConf

	// Tag is the shared nat chain (iptables) jumped to from POSTROUTING.
	Tag string `json:"tag,omitempty"`
	// Backend is "iptables" (default) or "nftables".
	Backend string `json:"backend,omitempty"`
	// Table is the nftables table (family inet) of the nftables backend.
	Table string `json:"table,omitempty"`
	// LockFile is the iptables backend's lock for creating the tag chain.
	LockFile string `json:"lockFile,omitempty"`

	// Binding is how a pod's rules are bound to it: "link" (only
	// packets from the pod's own link carry its address past prerouting;
	// a pod without a host-side link is refused), "preferred" (the
	// default: link where the pod has one, else address only, said in
	// status), or "address" (source address alone, as before).
	Binding string `json:"binding,omitempty"`
	// GuardTable is the nftables table (family inet) of the link binding.
	GuardTable string `json:"guardTable,omitempty"`
	// LinkMark is the mark bit ("0x2000") that carries "came from the
	// pod's link" from ingress to prerouting; cleared there.
	LinkMark string `json:"linkMark,omitempty"`
	// Strict drops a bound pod's new flows that leave untranslated
	// without a decision of ipmasq's (its SNAT objects were flushed or
	// deleted by another writer) instead of letting them leave with the
	// pod's own address.
	Strict bool `json:"strict,omitempty"`
	// StrictMark is the conntrack mark bit ("0x1000") every decision of
	// ipmasq's sets on a strict pod's connection.
	StrictMark string `json:"strictMark,omitempty"`
	// ConntrackZones gives each incarnation of a pod address its own
	// conntrack zone (package ctzone): no entry made before the pod's
	// ADD can carry its flows, and the ADD needs no conntrack walk.
	ConntrackZones bool `json:"conntrackZones,omitempty"`

	// Node policy; the per-pod snatPolicy capability extends it.
	ExcludeCIDRs    []string `json:"excludeCIDRs,omitempty"`
	IncludeCIDRs    []string `json:"includeCIDRs,omitempty"`
	DefaultAction   string   `json:"defaultAction,omitempty"`
	DefaultExternal string   `json:"defaultExternal,omitempty"`
	Randomize       string   `json:"randomize,omitempty"`

	// RawRuntimeConfig is decoded apart (see RuntimeConfig), so that a
	// malformed pod request never stops DEL or GC.
	RawRuntimeConfig json.RawMessage `json:"runtimeConfig,omitempty"`
	// RuntimeConfig is RawRuntimeConfig decoded; ParseConfig fills it.
	RuntimeConfig RuntimeConfig `json:"-"`
}

// RuntimeConfig holds the capability arguments ipmasq understands.
type RuntimeConfig struct {
	MasqEntries []api.MasqEntry `json:"masqEntries,omitempty"`
	SNATPolicy  *api.SNATPolicy `json:"snatPolicy,omitempty"`
	IPs         []string        `json:"ips,omitempty"`
}

// Action is what a rule does to a matching packet.
type Action int

// Actions. ActionNone is only meaningful as a default action.
const (
	ActionNone       Action = iota // no translation by ipmasq (default action "none")
	ActionReturn                   // excluded destination: leave ipmasq untranslated
	ActionSNAT                     // source NAT to a given address (and ports)
	ActionMasquerade               // source NAT to the outgoing interface's address
)

func (a Action) String() string {
	switch a {
	case ActionReturn:
		return "return"
	case ActionSNAT:
		return "snat"
	case ActionMasquerade:
		return "masquerade"
	default:
		return "none"
	}
}

// Randomize modes of the port mapping of SNAT and masquerade rules.
const (
	RandomNone  = ""
	RandomHash  = "random"
	RandomFully = "fully"
)

// Entry is a validated masqEntries element.
type Entry struct {
	Index       int // position in masqEntries, for comments and errors
	External    api.External
	Dst         netip.Prefix
	Proto       string // "" (all), tcp, udp or sctp
	Description string
}

// Policy is the node policy with the pod's snatPolicy merged in.
type Policy struct {
	Exclude []netip.Prefix
	// Include restricts the default action of each family it has an
	// entry of to these destinations.
	Include []netip.Prefix
	// PodInclude narrows the default further, per family, but only
	// inside PodScope (api.PodInclude).
	PodInclude      []netip.Prefix
	PodScope        []netip.Prefix
	DefaultAction   Action // ActionNone, ActionSNAT or ActionMasquerade
	DefaultExternal api.External
	Randomize       string
}

// Config is ipmasq's validated configuration for one invocation.
type Config struct {
	Conf     *NetConf // as parsed, for prevResult and runtimeConfig.ips
	Network  string
	Backend  string
	Tag      string
	Table    string
	LockFile string
	// Binding, GuardTable and LinkMark are NetConf's, defaults applied.
	Binding    string
	GuardTable string
	LinkMark   uint32
	// Strict and StrictMark are NetConf's, defaults applied.
	Strict     bool
	StrictMark uint32
	// ConntrackZones is NetConf's.
	ConntrackZones bool
	Policy         Policy
	Entries        []Entry

	// snat is Policy as parsed, for the pod's snatPolicy to extend.
	snat api.SNAT
}

// ParseConfig parses and validates the whole configuration: node settings,
// node policy and the pod's runtimeConfig. Errors name the field and the
// offending value.
func ParseConfig(stdin []byte) (*Config, error) {
	cfg, err := ParseNodeConfig(stdin)
	if err != nil {
		return nil, err
	}
	if err := cfg.addPodConfig(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// ParseNodeConfig parses only what does not come from the pod: the
// backend, its object names and the node policy. DEL and GC use it, so
// that a pod request that no longer validates never blocks cleanup.
func ParseNodeConfig(stdin []byte) (*Config, error) {
	conf := &NetConf{}
	// Strict: a misspelt setting is an error, not a default in force.
	if err := api.DecodePluginConf(stdin, conf); err != nil {
		return nil, fmt.Errorf("parsing ipmasq config: %w", err)
	}
	cfg := &Config{Conf: conf, Network: conf.Name, ConntrackZones: conf.ConntrackZones}
	var err error
	if cfg.Backend, err = parseBackend(conf.Backend); err != nil {
		return nil, err
	}
	if cfg.Tag, err = parseTag(conf.Tag); err != nil {
		return nil, err
	}
	if cfg.Table, err = parseTable(conf.Table); err != nil {
		return nil, err
	}
	if cfg.LockFile, err = parseLockFile(conf.LockFile); err != nil {
		return nil, err
	}
	if err := cfg.parseBinding(conf); err != nil {
		return nil, err
	}
	node, err := api.ParseSNATPolicy(api.SNATPolicy{
		DefaultAction:   conf.DefaultAction,
		DefaultExternal: conf.DefaultExternal,
		ExcludeCIDRs:    conf.ExcludeCIDRs,
		IncludeCIDRs:    conf.IncludeCIDRs,
		Randomize:       conf.Randomize,
	}, api.Lenient)
	if err != nil {
		return nil, err
	}
	if err := cfg.setSNAT(node); err != nil {
		return nil, err
	}
	return cfg, nil
}

// PodIPs returns runtimeConfig.ips when they decode, for DEL's fast
// path; anything malformed yields none.
func (cfg *Config) PodIPs() []string {
	var rc struct {
		IPs []string `json:"ips"`
	}
	if len(cfg.Conf.RawRuntimeConfig) == 0 || json.Unmarshal(cfg.Conf.RawRuntimeConfig, &rc) != nil {
		return nil
	}
	return rc.IPs
}

// addPodConfig parses the capability arguments: strictly decoded
// (api.DecodeCapabilities), each value by its one parser in pkg/api, the
// parser the NRI plugin's policy uses too.
func (cfg *Config) addPodConfig() error {
	if len(cfg.Conf.RawRuntimeConfig) > 0 {
		if err := api.DecodeCapabilities(cfg.Conf.RawRuntimeConfig, &cfg.Conf.RuntimeConfig); err != nil {
			return fmt.Errorf("runtimeConfig: %w", err)
		}
	}
	rc := cfg.Conf.RuntimeConfig
	if rc.SNATPolicy != nil {
		pod, err := api.ParseSNATPolicy(*rc.SNATPolicy, api.Lenient)
		if err != nil {
			return fmt.Errorf("runtimeConfig.snatPolicy.%w", err)
		}
		if err := cfg.setSNAT(cfg.snat.Merge(pod)); err != nil {
			return fmt.Errorf("runtimeConfig.snatPolicy: %w", err)
		}
	}
	entries, err := api.ParseMasqEntries("masqEntries", rc.MasqEntries, api.Lenient)
	if err != nil {
		return err
	}
	for i, m := range entries {
		cfg.Entries = append(cfg.Entries, Entry{Index: i, External: m.External, Dst: m.Dst, Proto: m.Proto, Description: m.Description})
	}
	if _, err := cniutil.ParseIPs("runtimeConfig.ips", rc.IPs); err != nil {
		return err
	}
	return nil
}

func parseBackend(s string) (string, error) {
	switch s {
	case "", BackendIPTables:
		return BackendIPTables, nil
	case BackendNFTables:
		return BackendNFTables, nil
	}
	return "", fmt.Errorf("backend: unknown backend %q (want %q or %q)", s, BackendIPTables, BackendNFTables)
}

var chainNameRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,27}$`)

// reservedChains are names a tag may not take: built-in chains, targets
// that iptables would read as a verdict, and ipmasq's own pod chain prefix.
var reservedChains = map[string]bool{
	"PREROUTING": true, "INPUT": true, "FORWARD": true, "OUTPUT": true, "POSTROUTING": true,
	"ACCEPT": true, "DROP": true, "RETURN": true, "QUEUE": true, "SNAT": true, "DNAT": true,
	"MASQUERADE": true, "REDIRECT": true, "NETMAP": true, "LOG": true, "MARK": true, "REJECT": true,
}

// PodChainPrefix starts every per-pod iptables chain; a tag may not.
const PodChainPrefix = "DKT-"

func parseTag(s string) (string, error) {
	if s == "" {
		return DefaultTag, nil
	}
	if !chainNameRE.MatchString(s) || reservedChains[strings.ToUpper(s)] || strings.HasPrefix(s, PodChainPrefix) {
		return "", fmt.Errorf("tag: invalid chain name %q (1-28 characters of A-Z a-z 0-9 _ . -, not a built-in chain or target, not starting with %q)", s, PodChainPrefix)
	}
	return s, nil
}

var tableNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)

func parseTable(s string) (string, error) {
	if s == "" {
		return DefaultTable, nil
	}
	if !tableNameRE.MatchString(s) {
		return "", fmt.Errorf("table: invalid nftables table name %q (a letter, then up to 63 of A-Z a-z 0-9 _ -)", s)
	}
	return s, nil
}

// GuardTableOf is the guard table one plugin entry of a conflist names
// (a record of the config a pod was ADDed under), the default applied;
// ok false when it does not parse.
func GuardTableOf(entry []byte) (table string, ok bool) {
	var conf struct {
		GuardTable string `json:"guardTable"`
	}
	if json.Unmarshal(entry, &conf) != nil {
		return "", false
	}
	if conf.GuardTable == "" {
		return DefaultGuardTable, true
	}
	t, err := parseTable(conf.GuardTable)
	return t, err == nil
}

func (cfg *Config) parseBinding(conf *NetConf) error {
	switch conf.Binding {
	case "":
		cfg.Binding = BindingPreferred
	case BindingLink, BindingPreferred, BindingAddress:
		cfg.Binding = conf.Binding
	default:
		return fmt.Errorf("binding: unknown binding %q (want %q, %q or %q)", conf.Binding, BindingLink, BindingPreferred, BindingAddress)
	}
	cfg.GuardTable = DefaultGuardTable
	if conf.GuardTable != "" {
		t, err := parseTable(conf.GuardTable)
		if err != nil {
			return fmt.Errorf("guardTable: %w", err)
		}
		cfg.GuardTable = t
	}
	var err error
	if cfg.LinkMark, err = parseMarkBit("linkMark", conf.LinkMark, DefaultLinkMark); err != nil {
		return err
	}
	return cfg.parseStrict(conf)
}

// parseStrict validates strict mode: the nftables backend marks each
// decision (the iptables backend has no such mark), and a pod is held
// to it by its binding, which binding "address" never makes.
func (cfg *Config) parseStrict(conf *NetConf) error {
	var err error
	if cfg.StrictMark, err = parseMarkBit("strictMark", conf.StrictMark, DefaultStrictMark); err != nil {
		return err
	}
	cfg.Strict = conf.Strict
	switch {
	case !cfg.Strict:
	case cfg.Backend != BackendNFTables:
		return fmt.Errorf("strict: needs backend %q (backend %q marks no decision)", BackendNFTables, cfg.Backend)
	case cfg.Binding == BindingAddress:
		return fmt.Errorf("strict: needs binding %q or %q (binding %q makes no guard to hold the pod to it)", BindingLink, BindingPreferred, cfg.Binding)
	}
	return nil
}

// parseMarkBit reads field's mark bit ("0x2000"); def when empty.
func parseMarkBit(field, s string, def uint32) (uint32, error) {
	if s == "" {
		return def, nil
	}
	m, err := strconv.ParseUint(s, 0, 32)
	if err != nil || m == 0 || m&(m-1) != 0 {
		return 0, fmt.Errorf("%s: %q is not one mark bit (such as \"0x%x\")", field, s, def)
	}
	return uint32(m), nil
}

func parseLockFile(s string) (string, error) {
	if s == "" {
		return DefaultLockFile, nil
	}
	if !filepath.IsAbs(s) {
		return "", fmt.Errorf("lockFile: %q is not an absolute path", s)
	}
	return filepath.Clean(s), nil
}

// setSNAT makes s the policy in force.
func (cfg *Config) setSNAT(s api.SNAT) error {
	if err := s.Complete(); err != nil {
		return err
	}
	cfg.snat = s
	cfg.Policy = Policy{Exclude: s.Exclude, Include: s.Include, PodInclude: s.PodInclude, PodScope: s.PodScope,
		DefaultExternal: s.DefaultExternal}
	switch s.DefaultAction {
	case api.ActionMasquerade:
		cfg.Policy.DefaultAction = ActionMasquerade
	case api.ActionSNAT:
		cfg.Policy.DefaultAction = ActionSNAT
	}
	switch s.Randomize {
	case api.RandomizeRandom:
		cfg.Policy.Randomize = RandomHash
	case api.RandomizeFully:
		cfg.Policy.Randomize = RandomFully
	}
	return nil
}
