package policy

import (
	"encoding/json"
	"fmt"
	"math"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// Default paths and values. deploy/config.yaml and docs/configuration.md
// state the same values; the deploy test of the e2e issue checks them.
const (
	DefaultConfigPath = "/etc/diktyo/config.yaml"
	DefaultConflist   = "/etc/diktyo/chain.conflist"
	DefaultBinDir     = "/opt/cni/bin"
	DefaultCacheDir   = "/var/lib/diktyo/cni-cache"
	DefaultIfName     = "eth0"
	DefaultDebugDir   = "/var/lib/diktyo/debug"
	// DefaultAPISocket is diktyo-nri's local API (diktyo-nri status,
	// trace): under /run, so it goes with the daemon at reboot.
	DefaultAPISocket = "/run/diktyo/diktyo-nri.sock"

	// containerdCacheDir is libcni's (and so containerd's) default cache.
	// Sharing it would let containerd's own CNI GC and ours see each
	// other's attachments.
	containerdCacheDir = "/var/lib/cni"
)

// Failure policies.
const (
	FailurePolicyFail   = "fail"
	FailurePolicyIgnore = "ignore"
)

// Host-network pod policies.
const (
	HostNetworkReject = "reject"
	HostNetworkIgnore = "ignore"
)

// Config is the node admin's configuration of diktyo-nri.
type Config struct {
	// FailurePolicy is "fail" (reject the pod; default) or "ignore" (log,
	// count, start the pod without policy).
	FailurePolicy string `json:"failurePolicy,omitempty"`
	// HostNetwork says what happens to a host-network pod that carries
	// diktyo annotations: "reject" (default; a failure, handled by
	// FailurePolicy) or "ignore" (annotations are ignored, pod starts).
	HostNetwork string          `json:"hostNetwork,omitempty"`
	Chain       ChainConfig     `json:"chain"`
	Timeouts    Timeouts        `json:"timeouts"`
	Reconcile   ReconcileConfig `json:"reconcile"`
	// ReloadInterval is how often the config file and the conflist are
	// checked for changes.
	ReloadInterval Duration      `json:"reloadInterval"`
	Metrics        MetricsConfig `json:"metrics"`
	API            APIConfig     `json:"api"`
	Debug          DebugConfig   `json:"debug"`
	Defaults       Defaults      `json:"defaults"`
	// Namespaces grant features to pods by namespace; the first rule whose
	// patterns match a pod's namespace applies. No match: nothing is
	// granted (the node defaults still apply).
	Namespaces []NamespaceRule `json:"namespaces,omitempty"`
	// PodCIDRs are the node's pod address ranges: a pod address outside
	// them is refused (podaddrs.go). Empty: any global unicast address.
	PodCIDRs []string `json:"podCIDRs,omitempty"`
	// FailClosed refuses to create the containers of a pod whose policy
	// is not applied (CreateContainer), so that no application starts
	// without its egress identity (docs/install.md).
	FailClosed bool `json:"failClosed,omitempty"`
	// Egress declares the addresses this node owns for egress and its
	// pools of port blocks (egress.go, docs/egress.md). Absent: no egress
	// checks at all, as before the section existed.
	Egress *EgressConfig `json:"egress,omitempty"`
	// Cluster is what diktyo-nri does with the Kubernetes API
	// (cluster.go, docs/cluster.md).
	Cluster ClusterConfig `json:"cluster"`

	podNets []netip.Prefix
}

// ChainConfig says which CNI chain to run and where libcni keeps its state.
type ChainConfig struct {
	Conflist string   `json:"conflist,omitempty"`
	BinDirs  []string `json:"binDirs,omitempty"`
	CacheDir string   `json:"cacheDir,omitempty"`
	IfName   string   `json:"ifName,omitempty"`
	// InProcess runs diktyo's own plugin types (ipmasq, iproute,
	// registerDNS, noop) as function calls inside diktyo-nri instead of
	// exec'ing their binaries, which saves most of a chain run's time.
	// Other types in the conflist are still exec'd from BinDirs.
	InProcess bool `json:"inProcess"`
}

// Timeouts bound diktyo-nri's work.
type Timeouts struct {
	// Handler is how long an NRI handler waits for its CNI work before
	// answering containerd. It must stay well inside containerd's
	// plugin_request_timeout (2 s by default): a slower answer makes
	// containerd disconnect the plugin and start the pod unconfigured. At
	// run time it is further capped at 3/4 of the request timeout
	// containerd announces.
	Handler Duration `json:"handler"`
	// CNI bounds one chain run (ADD, DEL or CHECK); work that outlives its
	// handler continues in the background up to this bound.
	CNI Duration `json:"cni"`
	// GC bounds one garbage collection of the chain.
	GC Duration `json:"gc"`
}

// ReconcileConfig controls the periodic reconcile.
type ReconcileConfig struct {
	// Interval between reconciles; "0s" turns the periodic reconcile off
	// (it still runs on every (re)connection).
	Interval Duration `json:"interval"`
	// Parallelism is how many pods are reconciled at once.
	Parallelism int `json:"parallelism,omitempty"`
}

// MetricsConfig enables the Prometheus endpoint.
type MetricsConfig struct {
	// Address to listen on, e.g. "127.0.0.1:9630"; empty: off. The
	// --metrics-addr flag, when given, wins.
	Address string `json:"address,omitempty"`
}

// APIConfig is diktyo-nri's local, root-only API (diktyo-nri status and
// trace ask the running daemon through it).
type APIConfig struct {
	// Socket is the unix socket path; empty turns the API off. Read at
	// start only: the --api-socket flag, when given, wins.
	Socket string `json:"socket"`
}

// DebugConfig controls the per-pod debug dump.
type DebugConfig struct {
	Dir string `json:"dir,omitempty"`
}

// Defaults are node-wide settings applied to every pod with its own
// network namespace, whether or not it carries annotations.
type Defaults struct {
	SNAT SNATDefaults `json:"snat"`
}

// SNATDefaults are the ipmasq node policy (the AWS CNI's environment
// variables as config), sent to the chain as the snatPolicy capability.
type SNATDefaults struct {
	// DefaultAction is "" or "none" (no default SNAT), "masquerade" or
	// "snat" (to DefaultExternal).
	DefaultAction   string   `json:"defaultAction,omitempty"`
	DefaultExternal string   `json:"defaultExternal,omitempty"`
	ExcludeCIDRs    []string `json:"excludeCIDRs,omitempty"`
	IncludeCIDRs    []string `json:"includeCIDRs,omitempty"`
	// Randomize is "", "none", "random" or "fully".
	Randomize string `json:"randomize,omitempty"`
}

// IsZero reports whether no default is set at all.
func (d SNATDefaults) IsZero() bool {
	return (d.DefaultAction == "" || d.DefaultAction == "none") && d.DefaultExternal == "" &&
		len(d.ExcludeCIDRs) == 0 && len(d.IncludeCIDRs) == 0 && (d.Randomize == "" || d.Randomize == "none")
}

// NamespaceRule grants features to the namespaces it matches.
type NamespaceRule struct {
	// Namespaces are shell patterns (path.Match syntax: *, ?, [a-z]).
	Namespaces []string `json:"namespaces"`
	Allow      Allow    `json:"allow"`
}

// Allow lists the features a namespace may use. A feature is allowed only
// when its section is present (deny by default), and then only within the
// section's allowlists.
type Allow struct {
	Masq        *MasqAllow   `json:"masq,omitempty"`
	SNATExclude *CIDRAllow   `json:"snatExclude,omitempty"`
	SNATInclude *CIDRAllow   `json:"snatInclude,omitempty"`
	Routes      *RoutesAllow `json:"routes,omitempty"`
	RouteTable  *TableAllow  `json:"routeTable,omitempty"`
	DNS         *DNSAllow    `json:"dns,omitempty"`
	Debug       bool         `json:"debug,omitempty"`
}

// MasqAllow allows per-pod SNAT (annotation masq).
type MasqAllow struct {
	// Externals are the SNAT addresses pods may use: "IP" (any ports),
	// "IP:lo-hi" (only ports inside the range) or "masquerade".
	Externals []string `json:"externals"`
	// Pools are the egress pools (egress.pools) pods may ask a block of,
	// with external "pool:NAME".
	Pools []string `json:"pools,omitempty"`
	// Destinations are CIDRs; an entry's destination must lie inside one.
	Destinations []string `json:"destinations"`
	// Quota bounds what each namespace of the rule holds at once, so that
	// no tenant can exhaust a pool or an address for the others (with an
	// egress section: its allocator keeps the count).
	Quota *MasqQuota `json:"quota,omitempty"`

	externals    []api.External
	destinations []netip.Prefix
}

// MasqQuota is a per-namespace bound on egress ports; 0 or absent is
// unbounded.
type MasqQuota struct {
	// Blocks bounds the pool blocks the namespace's pods hold at once,
	// over every pool.
	Blocks int `json:"blocks,omitempty"`
	// Ports bounds the ports of the explicit ranges ("IP:lo-hi", or all
	// 65,535 ports of an "IP") the namespace's pods claim at once.
	Ports int `json:"ports,omitempty"`
}

// CIDRAllow allows a CIDR list (annotations snat-exclude, snat-include);
// every CIDR a pod gives must lie inside one of these.
type CIDRAllow struct {
	CIDRs []string `json:"cidrs"`

	cidrs []netip.Prefix
}

// RoutesAllow allows pod routes (annotation routes).
type RoutesAllow struct {
	// Destinations: each route's destination must lie inside one.
	Destinations []string `json:"destinations"`
	// Gateways: addresses or CIDRs a unicast route's gateway must be in.
	Gateways []string `json:"gateways,omitempty"`
	// Types allowed; default: unicast only.
	Types []string `json:"types,omitempty"`
	// Tables (inside the pod) a route may name; table 0 (the pod's main
	// table) is always allowed.
	Tables []IntRange `json:"tables,omitempty"`
	// Metrics (route priorities) allowed; default: 0 only.
	Metrics []IntRange `json:"metrics,omitempty"`

	destinations []netip.Prefix
	gateways     []netip.Prefix
}

// TableAllow allows host policy routing (annotations route-table and
// route-priority).
type TableAllow struct {
	Tables []IntRange `json:"tables"`
	// Priorities a pod may give its "from PODIP lookup TABLE" rule; empty:
	// only the node default (annotation route-priority refused).
	Priorities []IntRange `json:"priorities,omitempty"`
}

// DNSAllow allows DNS names (annotation dns-names).
type DNSAllow struct {
	// Zones names may be registered in.
	Zones []string `json:"zones"`
	// Templates a name must match, in the template language of
	// registerDNS's nameTemplate (api.NameTemplate) with {label} (any one
	// DNS label the pod picks) besides {name}, {namespace}, {uid} (the
	// pod's) and {zone}. Every template must end in ".{zone}" and contain
	// {name} or {uid}, so that a pod can only claim names derived from
	// itself; each label holds at most one placeholder, and a pod value
	// fills one label; a template the rule grants more than one namespace
	// must contain {namespace} or {uid}.
	Templates []string `json:"templates"`

	zones     []string
	templates []api.NameTemplate // Templates, compiled at load
}

// Duration is a time.Duration written as a Go duration string ("1.5s").
type Duration struct{ time.Duration }

// UnmarshalJSON accepts a duration string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("want a duration string such as \"1.5s\", got %s", b)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("invalid duration %q", s)
	}
	d.Duration = v
	return nil
}

// MarshalJSON writes a duration string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// IntRange is a number or an inclusive "lo-hi" range.
type IntRange struct{ Lo, Hi int64 }

// UnmarshalJSON accepts 100 or "100-200".
func (r *IntRange) UnmarshalJSON(b []byte) error {
	var n int64
	if err := json.Unmarshal(b, &n); err == nil {
		r.Lo, r.Hi = n, n
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("want a number or a \"lo-hi\" range, got %s", b)
	}
	los, his, ok := strings.Cut(s, "-")
	if !ok {
		his = los
	}
	lo, err1 := strconv.ParseInt(strings.TrimSpace(los), 10, 64)
	hi, err2 := strconv.ParseInt(strings.TrimSpace(his), 10, 64)
	if err1 != nil || err2 != nil || lo > hi || lo < 0 {
		return fmt.Errorf("invalid range %q: want N or LO-HI with 0 <= LO <= HI", s)
	}
	r.Lo, r.Hi = lo, hi
	return nil
}

func (r IntRange) String() string {
	if r.Lo == r.Hi {
		return strconv.FormatInt(r.Lo, 10)
	}
	return fmt.Sprintf("%d-%d", r.Lo, r.Hi)
}

// MarshalJSON writes the range back as a number or "lo-hi".
func (r IntRange) MarshalJSON() ([]byte, error) {
	if r.Lo == r.Hi {
		return json.Marshal(r.Lo)
	}
	return json.Marshal(fmt.Sprintf("%d-%d", r.Lo, r.Hi))
}

func inRanges(rs []IntRange, n int64) bool {
	for _, r := range rs {
		if n >= r.Lo && n <= r.Hi {
			return true
		}
	}
	return false
}

// DefaultConfig returns the config used when a field is not given.
func DefaultConfig() *Config {
	return &Config{
		FailurePolicy: FailurePolicyFail,
		HostNetwork:   HostNetworkReject,
		Chain: ChainConfig{
			Conflist:  DefaultConflist,
			BinDirs:   []string{DefaultBinDir},
			CacheDir:  DefaultCacheDir,
			IfName:    DefaultIfName,
			InProcess: true,
		},
		Timeouts: Timeouts{
			Handler: Duration{time.Second},
			CNI:     Duration{30 * time.Second},
			GC:      Duration{60 * time.Second},
		},
		Reconcile:      ReconcileConfig{Interval: Duration{5 * time.Minute}, Parallelism: 4},
		ReloadInterval: Duration{5 * time.Second},
		API:            APIConfig{Socket: DefaultAPISocket},
		Debug:          DebugConfig{Dir: DefaultDebugDir},
		Cluster:        defaultCluster(),
	}
}

// LoadConfig reads and validates the admin config file.
func LoadConfig(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading admin config: %w", err)
	}
	cfg, err := ParseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("admin config %s: %w", file, err)
	}
	return cfg, nil
}

// ParseConfig parses and validates admin config YAML (or JSON). Parsing is
// strict: a key given twice (YAMLToJSONStrict), an unknown field or one
// that differs from a known one only by case (api.DecodeStrict) is an
// error; absent fields take DefaultConfig's values.
func ParseConfig(data []byte) (*Config, error) {
	cfg := DefaultConfig()
	js, err := yaml.YAMLToJSONStrict(data)
	if err != nil {
		return nil, fmt.Errorf("parsing: %w", err)
	}
	if err := api.DecodeStrict(js, cfg); err != nil {
		return nil, fmt.Errorf("parsing: %w", err)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (c *Config) validate() error {
	switch c.FailurePolicy {
	case FailurePolicyFail, FailurePolicyIgnore:
	default:
		return fmt.Errorf("failurePolicy: %q is not fail or ignore", c.FailurePolicy)
	}
	switch c.HostNetwork {
	case HostNetworkReject, HostNetworkIgnore:
	default:
		return fmt.Errorf("hostNetwork: %q is not reject or ignore", c.HostNetwork)
	}
	if err := c.Chain.validate(); err != nil {
		return err
	}
	if err := c.validateDurations(); err != nil {
		return err
	}
	if c.Reconcile.Parallelism < 1 || c.Reconcile.Parallelism > 64 {
		return fmt.Errorf("reconcile.parallelism: %d out of range 1 to 64", c.Reconcile.Parallelism)
	}
	if c.API.Socket != "" && !filepath.IsAbs(c.API.Socket) {
		return fmt.Errorf("api.socket: %q is not an absolute path (empty turns the API off)", c.API.Socket)
	}
	if c.Debug.Dir == "" || !filepath.IsAbs(c.Debug.Dir) {
		return fmt.Errorf("debug.dir: %q is not an absolute path", c.Debug.Dir)
	}
	if err := c.Defaults.SNAT.validate(); err != nil {
		return fmt.Errorf("defaults.snat.%w", err)
	}
	if err := c.Cluster.validate(); err != nil {
		return err
	}
	if err := c.validateNode(); err != nil {
		return err
	}
	for i := range c.Namespaces {
		if err := c.Namespaces[i].validate(); err != nil {
			return fmt.Errorf("namespaces[%d].%w", i, err)
		}
	}
	if err := c.checkDNSShared(); err != nil {
		return err
	}
	if err := c.checkDefaultExternalShared(); err != nil {
		return err
	}
	return c.validateEgress()
}

// checkDefaultExternalShared refuses allowlists that let pods SNAT to
// ports of the node's default SNAT address: the default (defaults.snat,
// snat to defaultExternal) translates every pod's other flows to that
// address, with any of its ports when it names none, so a pod's explicit
// range there would share ports with other pods' flows, and the
// attribution of an address and port to a pod would be wrong.
func (c *Config) checkDefaultExternalShared() error {
	d := c.Defaults.SNAT
	if d.DefaultAction != api.ActionSNAT || d.DefaultExternal == "" {
		return nil
	}
	def, err := api.ParseExternal(d.DefaultExternal)
	if err != nil {
		return nil // refused by defaults.snat's own validation
	}
	for i := range c.Namespaces {
		m := c.Namespaces[i].Allow.Masq
		if m == nil {
			continue
		}
		for j, e := range m.externals {
			if e.Masquerade || e.Addr != def.Addr || !portsOverlap(e, def) {
				continue
			}
			return fmt.Errorf("namespaces[%d].allow.masq.externals[%d]: %q shares ports with defaults.snat.defaultExternal %q, "+
				"which every pod's default SNAT uses: give pods other addresses, or ports outside the default's", i, j, m.Externals[j], d.DefaultExternal)
		}
	}
	return nil
}

// portsOverlap reports whether two externals of one address share a port
// (no ports given: every port).
func portsOverlap(a, b api.External) bool {
	alo, ahi := a.PortLo, a.PortHi
	if !a.HasPorts() {
		alo, ahi = 1, 65535
	}
	blo, bhi := b.PortLo, b.PortHi
	if !b.HasPorts() {
		blo, bhi = 1, 65535
	}
	return alo <= bhi && blo <= ahi
}

func (c *ChainConfig) validate() error {
	if c.Conflist == "" || !filepath.IsAbs(c.Conflist) {
		return fmt.Errorf("chain.conflist: %q is not an absolute path", c.Conflist)
	}
	if len(c.BinDirs) == 0 {
		return fmt.Errorf("chain.binDirs: empty")
	}
	for i, d := range c.BinDirs {
		if !filepath.IsAbs(d) {
			return fmt.Errorf("chain.binDirs[%d]: %q is not an absolute path", i, d)
		}
	}
	if c.CacheDir == "" || !filepath.IsAbs(c.CacheDir) {
		return fmt.Errorf("chain.cacheDir: %q is not an absolute path", c.CacheDir)
	}
	if filepath.Clean(c.CacheDir) == containerdCacheDir {
		return fmt.Errorf("chain.cacheDir: %q is containerd's own CNI cache; use a private directory such as %s", c.CacheDir, DefaultCacheDir)
	}
	if !api.ValidIfName(c.IfName) {
		return fmt.Errorf("chain.ifName: invalid interface name %q", c.IfName)
	}
	return nil
}

func (c *Config) validateDurations() error {
	checks := []struct {
		field string
		d     time.Duration
		min   time.Duration
	}{
		{"timeouts.handler", c.Timeouts.Handler.Duration, 10 * time.Millisecond},
		{"timeouts.cni", c.Timeouts.CNI.Duration, 100 * time.Millisecond},
		{"timeouts.gc", c.Timeouts.GC.Duration, 100 * time.Millisecond},
		{"reloadInterval", c.ReloadInterval.Duration, 100 * time.Millisecond},
	}
	for _, ch := range checks {
		if ch.d < ch.min {
			return fmt.Errorf("%s: %s is below the minimum %s", ch.field, ch.d, ch.min)
		}
	}
	if c.Timeouts.CNI.Duration < c.Timeouts.Handler.Duration {
		return fmt.Errorf("timeouts.cni: %s is below timeouts.handler %s", c.Timeouts.CNI.Duration, c.Timeouts.Handler.Duration)
	}
	if iv := c.Reconcile.Interval.Duration; iv != 0 && iv < time.Second {
		return fmt.Errorf("reconcile.interval: %s is below 1s (use 0s to turn it off)", iv)
	}
	return nil
}

// validate parses the node defaults with api.ParseSNATPolicy, the parser
// of the snatPolicy capability they become, and checks them as a whole.
func (d *SNATDefaults) validate() error {
	snat, err := api.ParseSNATPolicy(d.wire(), api.Strict)
	if err != nil {
		return err
	}
	if snat.DefaultExternal.Addr.IsValid() && snat.DefaultAction != api.ActionSNAT {
		return fmt.Errorf("defaultExternal: %q given but defaultAction is %q, not snat", d.DefaultExternal, d.DefaultAction)
	}
	return snat.Complete()
}

// wire is d as the snatPolicy capability.
func (d *SNATDefaults) wire() api.SNATPolicy {
	return api.SNATPolicy{DefaultAction: d.DefaultAction, DefaultExternal: d.DefaultExternal,
		ExcludeCIDRs: d.ExcludeCIDRs, IncludeCIDRs: d.IncludeCIDRs, Randomize: d.Randomize}
}

func (r *NamespaceRule) validate() error {
	if len(r.Namespaces) == 0 {
		return fmt.Errorf("namespaces: empty (give names or patterns such as \"team-*\")")
	}
	for i, p := range r.Namespaces {
		if _, err := path.Match(p, ""); err != nil || p == "" {
			return fmt.Errorf("namespaces[%d]: invalid pattern %q", i, p)
		}
	}
	return r.Allow.validate()
}

// Matches reports whether the rule applies to namespace ns.
func (r *NamespaceRule) Matches(ns string) bool {
	for _, p := range r.Namespaces {
		if ok, _ := path.Match(p, ns); ok {
			return true
		}
	}
	return false
}

func (a *Allow) validate() error {
	var err error
	if a.Masq != nil {
		if err = a.Masq.validate(); err != nil {
			return fmt.Errorf("allow.masq.%w", err)
		}
	}
	if a.SNATExclude != nil {
		if a.SNATExclude.cidrs, err = api.ParseNetworks("cidrs", a.SNATExclude.CIDRs); err != nil {
			return fmt.Errorf("allow.snatExclude.%w", err)
		}
	}
	if a.SNATInclude != nil {
		if a.SNATInclude.cidrs, err = api.ParseNetworks("cidrs", a.SNATInclude.CIDRs); err != nil {
			return fmt.Errorf("allow.snatInclude.%w", err)
		}
	}
	if a.Routes != nil {
		if err = a.Routes.validate(); err != nil {
			return fmt.Errorf("allow.routes.%w", err)
		}
	}
	if a.RouteTable != nil {
		if err = a.RouteTable.validate(); err != nil {
			return fmt.Errorf("allow.routeTable.%w", err)
		}
	}
	if a.DNS != nil {
		if err = a.DNS.validate(); err != nil {
			return fmt.Errorf("allow.dns.%w", err)
		}
	}
	return nil
}

func (m *MasqAllow) validate() error {
	if len(m.Externals) == 0 && len(m.Pools) == 0 {
		return fmt.Errorf("externals: empty")
	}
	m.externals = m.externals[:0]
	for i, s := range m.Externals {
		e, err := api.ParseSNATExternal(s, api.Strict)
		if err != nil {
			return fmt.Errorf("externals[%d]: %w", i, err)
		}
		m.externals = append(m.externals, e)
	}
	if len(m.Destinations) == 0 {
		return fmt.Errorf("destinations: empty (use 0.0.0.0/0 and ::/0 to allow any)")
	}
	if q := m.Quota; q != nil && (q.Blocks < 0 || q.Ports < 0) {
		return fmt.Errorf("quota: blocks %d, ports %d: want 0 (unbounded) or more", q.Blocks, q.Ports)
	}
	var err error
	m.destinations, err = api.ParseNetworks("destinations", m.Destinations)
	return err
}

func (r *RoutesAllow) validate() error {
	var err error
	if len(r.Destinations) == 0 {
		return fmt.Errorf("destinations: empty")
	}
	if r.destinations, err = api.ParseNetworks("destinations", r.Destinations); err != nil {
		return err
	}
	if r.gateways, err = api.ParseNetworks("gateways", r.Gateways); err != nil {
		return err
	}
	for i, t := range r.Types {
		switch api.RouteType(t) {
		case api.RouteUnicast, api.RouteBlackhole, api.RouteUnreachable, api.RouteProhibit:
		default:
			return fmt.Errorf("types[%d]: unknown route type %q", i, t)
		}
	}
	// Granting what iproute always refuses would only move the error
	// from the admin config to the pod's start.
	if err := checkRanges("tables", r.Tables, 0, api.MaxTable, api.TableLocal); err != nil {
		return err
	}
	return checkRanges("metrics", r.Metrics, 0, math.MaxUint32)
}

// validate checks the host tables and rule priorities against what
// iproute accepts: never a reserved table (it takes them only with
// allowReservedTables, which a pod must not get), and priorities after
// iproute's bypass rules (priorities.exclude, DefaultExcludePriority) and
// before main: with its default layout iproute refuses any other.
func (t *TableAllow) validate() error {
	if len(t.Tables) == 0 {
		return fmt.Errorf("tables: empty")
	}
	if err := checkRanges("tables", t.Tables, 1, api.MaxTable, api.TableDefault, api.TableMain, api.TableLocal); err != nil {
		return err
	}
	return checkRanges("priorities", t.Priorities, api.DefaultExcludePriority+1, api.MaxRulePriority)
}

// checkRanges refuses ranges outside min-max or holding a reserved value;
// errors name field[i] and the range.
func checkRanges(field string, rs []IntRange, minV, maxV int64, reserved ...int64) error {
	for i, r := range rs {
		if r.Lo < minV || r.Hi > maxV {
			return fmt.Errorf("%s[%d]: range %s outside %d-%d", field, i, r, minV, maxV)
		}
		for _, v := range reserved {
			if v >= r.Lo && v <= r.Hi {
				return fmt.Errorf("%s[%d]: range %s holds reserved table %d", field, i, r, v)
			}
		}
	}
	return nil
}

func (d *DNSAllow) validate() error {
	if len(d.Zones) == 0 {
		return fmt.Errorf("zones: empty")
	}
	d.zones = d.zones[:0]
	for i, z := range d.Zones {
		n, err := api.ParseDNSName(z)
		if err != nil {
			return fmt.Errorf("zones[%d]: %w", i, err)
		}
		d.zones = append(d.zones, n)
	}
	if len(d.Templates) == 0 {
		return fmt.Errorf("templates: empty (e.g. \"{name}.{namespace}.{zone}\")")
	}
	d.templates = d.templates[:0]
	for i, text := range d.Templates {
		t, err := parseTemplate(text)
		if err != nil {
			return fmt.Errorf("templates[%d]: %w", i, err)
		}
		d.templates = append(d.templates, t)
	}
	return nil
}

// parseTemplate compiles a DNS name template (api.ParseNamePattern:
// placeholders known, one per label) and checks what the admin's may
// grant: it ends in ".{zone}", derives from the pod ({name} or {uid}),
// and is otherwise made of valid labels.
func parseTemplate(text string) (api.NameTemplate, error) {
	t, err := api.ParseNamePattern(text)
	if err != nil {
		return t, err
	}
	if !t.EndsInZone() {
		return t, fmt.Errorf("template %q must end in \".{zone}\"", text)
	}
	if !t.Needs(api.FieldName) && !t.Needs(api.FieldUID) {
		return t, fmt.Errorf("template %q must contain {name} or {uid} so names derive from the pod", text)
	}
	if t.Count(api.FieldZone) != 1 {
		return t, fmt.Errorf("template %q must contain {zone} once", text)
	}
	probe := text
	for _, ph := range []string{"{name}", "{namespace}", "{uid}", "{label}", "{zone}"} {
		probe = strings.ReplaceAll(probe, ph, "x")
	}
	if _, err := api.ParseDNSName(probe); err != nil {
		return t, fmt.Errorf("template %q: %w", text, err)
	}
	return t, nil
}

// checkDNSShared refuses a DNS template that serves the pods of more
// than one namespace without telling them apart (api.NameTemplate's
// SharedBy): granted by a rule that matches several namespaces, or the
// same template in one zone by rules for different namespaces.
func (c *Config) checkDNSShared() error {
	type grant struct {
		rule int
		ns   string
	}
	granted := map[[2]string]grant{} // template text, zone -> first rule
	for i, r := range c.Namespaces {
		d := r.Allow.DNS
		if d == nil {
			continue
		}
		many := len(r.Namespaces) > 1 || isPattern(r.Namespaces[0])
		for j, t := range d.templates {
			if many {
				if err := t.SharedBy("namespaces " + strings.Join(r.Namespaces, ", ")); err != nil {
					return fmt.Errorf("namespaces[%d].allow.dns.templates[%d]: %w", i, j, err)
				}
				continue
			}
			if t.SharedBy("more than one namespace") == nil {
				continue // tells namespaces apart
			}
			for _, z := range d.zones {
				key := [2]string{t.String(), z}
				g, seen := granted[key]
				if !seen {
					granted[key] = grant{rule: i, ns: r.Namespaces[0]}
					continue
				}
				if g.ns != r.Namespaces[0] {
					what := fmt.Sprintf("namespaces %s (namespaces[%d]), %s in zone %s", g.ns, g.rule, r.Namespaces[0], z)
					return fmt.Errorf("namespaces[%d].allow.dns.templates[%d]: %w", i, j, t.SharedBy(what))
				}
			}
		}
	}
	return nil
}

// isPattern reports whether a namespace pattern can match more than one
// name: it has a *, ? or [ that is not escaped.
func isPattern(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// RuleFor returns the first namespace rule matching ns, or nil.
func (c *Config) RuleFor(ns string) *NamespaceRule {
	for i := range c.Namespaces {
		if c.Namespaces[i].Matches(ns) {
			return &c.Namespaces[i]
		}
	}
	return nil
}
