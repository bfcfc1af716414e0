// Package iproute implements the iproute chained CNI plugin: routes inside
// the pod's network namespace (the original Diktyo routeEntries, extended)
// and host-side policy routing for the pod (a host route to the pod,
// "from PODIP lookup TABLE" rules and bypass CIDRs). See docs/iproute.md.
//
// The plugin works in three steps: the config is parsed and validated in
// one place (this file and entry.go), the kernel objects are built as plain
// data (plan.go), and a netlink backend applies, checks or removes them
// (kernel.go). Host-side objects carry the plugin's own protocol number and
// are recorded in a small state directory under /run (state.go), so DEL and
// GC find them without the pod's netns.
package iproute

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/containernetworking/cni/pkg/types"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// Defaults of the node configuration. The priorities are the AWS VPC CNI's
// layout: "to PODIP lookup main" at 512 and "from PODIP lookup TABLE" at
// 1536, with the bypass rules in between.
const (
	DefaultToPriority      = 512
	DefaultOthersPriority  = 1000
	DefaultExcludePriority = api.DefaultExcludePriority
	DefaultFromPriority    = 1536
	// DefaultProtocol (0xd1, 209) marks every route and rule the plugin
	// makes. No kernel header or iproute2 rt_protos entry uses it.
	DefaultProtocol = 0xd1
	// DefaultStateDir is under /run so that it vanishes on reboot together
	// with the kernel objects it describes.
	DefaultStateDir = "/run/diktyo/iproute"

	// mainPriority is the kernel's "lookup main" rule; every rule of ours
	// must come before it to have any effect.
	mainPriority = api.MainRulePriority
)

// Reserved kernel routing tables.
const (
	tableUnspec  = api.TableUnspec
	tableDefault = api.TableDefault
	tableMain    = api.TableMain
	tableLocal   = api.TableLocal
)

// Layout says how host-side rules are laid out; see docs/iproute.md for
// the per-packet cost of each.
type Layout string

const (
	// LayoutShared uses one "to CIDR lookup main" rule per pod subnet and
	// per node-wide bypass CIDR, shared by all pods; only the
	// "from PODIP lookup TABLE" rules (and per-pod bypass rules) are per pod.
	LayoutShared Layout = "shared"
	// LayoutAWS is the AWS VPC CNI layout: per pod "to PODIP lookup main",
	// "from PODIP to CIDR lookup main" for every bypass CIDR, and
	// "from PODIP lookup TABLE".
	LayoutAWS Layout = "aws"
	// LayoutFwmark marks pod traffic from an nftables map keyed by source
	// address and routes it with one shared "fwmark MARK/MASK lookup
	// TABLE" rule per table and family: the rule list no longer grows
	// with the number of pods (fwmark.go).
	LayoutFwmark Layout = "fwmark"
)

// Defaults of the fwmark layout.
const (
	// DefaultNftTable is the private nftables table (family inet).
	DefaultNftTable = "diktyo-iproute"
	// DefaultFwmarkMask leaves kube-proxy's 0x4000/0x8000, Calico's and
	// Cilium's high bits (0xffff0000 minus these, see docs) alone.
	DefaultFwmarkMask = 0x00ff0000
)

// Range is an inclusive range of integers.
type Range struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

func (r Range) contains(v int) bool { return v >= r.Min && v <= r.Max }

func (r Range) String() string { return fmt.Sprintf("%d-%d", r.Min, r.Max) }

// Priorities are the host rule priorities of the kinds of rule.
type Priorities struct {
	To      int `json:"to,omitempty"`
	Others  int `json:"others,omitempty"`
	Exclude int `json:"exclude,omitempty"`
	From    int `json:"from,omitempty"`
}

// RuntimeConfig holds the capability arguments iproute reads.
type RuntimeConfig struct {
	IPs           []string           `json:"ips,omitempty"`
	RouteEntries  []api.RouteEntry   `json:"routeEntries,omitempty"`
	PolicyRouting *api.PolicyRouting `json:"policyRouting,omitempty"`

	// err is why the runtimeConfig did not decode; PodConfig reports it.
	err error
}

// UnmarshalJSON decodes the capabilities strictly (api.DecodeRuntimeConfig)
// and keeps a decoding error for the verbs that need the capabilities.
func (rc *RuntimeConfig) UnmarshalJSON(data []byte) error {
	type plain RuntimeConfig // without this method
	v, err := api.DecodeRuntimeConfig[plain](data)
	*rc = RuntimeConfig(v)
	rc.err = err
	return nil
}

// NetConf is the plugin configuration as it arrives on stdin. Everything
// but runtimeConfig is node configuration written by the admin.
type NetConf struct {
	types.PluginConf

	// HostRoute adds a /32 (/128) route from the host to every pod.
	HostRoute bool `json:"hostRoute,omitempty"`
	// HostInterface is the host-side interface for host routes; empty
	// means the host interface of prevResult.
	HostInterface string `json:"hostInterface,omitempty"`
	// Table is the node default egress table for pods (0: none).
	Table int `json:"table,omitempty"`
	// ExcludeCIDRs bypass the egress table for every pod.
	ExcludeCIDRs []string `json:"excludeCIDRs,omitempty"`
	// PodCIDRs are the node's pod ranges, for the shared layout's
	// "to CIDR lookup main" rules.
	PodCIDRs []string `json:"podCIDRs,omitempty"`
	// Layout is "shared" (default), "aws" or "fwmark".
	Layout string `json:"layout,omitempty"`
	// FwmarkMask is the packet-mark bits the fwmark layout may write, as
	// a hex string ("0x00ff0000"); contiguous. Only with layout fwmark.
	FwmarkMask string `json:"fwmarkMask,omitempty"`
	// NftTable names the fwmark layout's nftables table (family inet).
	NftTable string `json:"nftTable,omitempty"`
	// OthersToMain adds "not from PODCIDR lookup main" ahead of the per-pod
	// rules, so traffic from anything but a pod skips them. Needs exactly
	// one podCIDRs entry per address family it applies to.
	OthersToMain bool `json:"othersToMain,omitempty"`
	// Priorities of the to, exclude and from rules.
	Priorities *Priorities `json:"priorities,omitempty"`
	// PriorityRange bounds every rule priority, the per-pod
	// policyRouting.priority included.
	PriorityRange *Range `json:"priorityRange,omitempty"`
	// TableRange bounds the egress tables pods may ask for.
	TableRange *Range `json:"tableRange,omitempty"`
	// AllowReservedTables permits tables 253 (default), 254 (main) and 255
	// (local) as egress tables.
	AllowReservedTables bool `json:"allowReservedTables,omitempty"`
	// Protocol is the rtnetlink protocol number marking our routes and rules.
	Protocol *int `json:"protocol,omitempty"`
	// StateDir holds per-attachment records; keep it on a tmpfs (/run).
	StateDir string `json:"stateDir,omitempty"`

	RuntimeConfig RuntimeConfig `json:"runtimeConfig"`
}

// Config is the validated node configuration.
type Config struct {
	Network    string
	CNIVersion string

	HostRoute       bool
	HostInterface   string
	Table           int
	ExcludeCIDRs    []netip.Prefix
	PodCIDRs        []netip.Prefix
	Layout          Layout
	OthersToMain    bool
	ToPriority      int
	OthersPriority  int
	ExcludePriority int
	FromPriority    int
	PriorityRange   Range
	TableRange      Range
	AllowReserved   bool
	Protocol        uint8
	StateDir        string
	// FwmarkMask and NftTable are set with LayoutFwmark only.
	FwmarkMask uint32
	NftTable   string
}

// Pod is the validated per-pod request (runtimeConfig).
type Pod struct {
	IPs    []string
	Routes []PodRoute
	// Table is the pod's egress table, the node default applied (0: none).
	Table int
	// Priority of the pod's from rule, the node default applied.
	Priority      int
	ExcludeCIDRs  []netip.Prefix
	HostRoute     bool
	HostInterface string
}

// Parse decodes stdin into the raw NetConf.
func Parse(stdin []byte) (*NetConf, error) {
	nc := &NetConf{}
	// Strict: a misspelt setting is an error, not a default in force.
	if err := api.DecodePluginConf(stdin, nc); err != nil {
		return nil, fmt.Errorf("parsing iproute config: %w", err)
	}
	return nc, nil
}

// Load parses and validates both the node config and the pod request.
func Load(stdin []byte) (*NetConf, *Config, *Pod, error) {
	nc, err := Parse(stdin)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg, err := NodeConfig(nc)
	if err != nil {
		return nil, nil, nil, err
	}
	pod, err := PodConfig(cfg, nc.RuntimeConfig)
	if err != nil {
		return nil, nil, nil, err
	}
	return nc, cfg, pod, nil
}

// NodeConfig validates the node part of nc and applies defaults.
func NodeConfig(nc *NetConf) (*Config, error) {
	cfg := &Config{
		Network:       nc.Name,
		CNIVersion:    nc.CNIVersion,
		HostRoute:     nc.HostRoute,
		HostInterface: nc.HostInterface,
		Table:         nc.Table,
		AllowReserved: nc.AllowReservedTables,
		OthersToMain:  nc.OthersToMain,
		StateDir:      nc.StateDir,
	}
	if err := cfg.setLayout(nc.Layout); err != nil {
		return nil, err
	}
	if err := cfg.setFwmark(nc); err != nil {
		return nil, err
	}
	if err := cfg.setProtocol(nc.Protocol); err != nil {
		return nil, err
	}
	if err := cfg.setStateDir(); err != nil {
		return nil, err
	}
	if nc.HostInterface != "" && !api.ValidIfName(nc.HostInterface) {
		return nil, fmt.Errorf("hostInterface: invalid interface name %q", nc.HostInterface)
	}
	var err error
	if cfg.ExcludeCIDRs, err = api.ParseNetworks("excludeCIDRs", nc.ExcludeCIDRs); err != nil {
		return nil, err
	}
	if cfg.PodCIDRs, err = api.ParseNetworks("podCIDRs", nc.PodCIDRs); err != nil {
		return nil, err
	}
	if err := cfg.checkOthersToMain(); err != nil {
		return nil, err
	}
	if err := cfg.setTableRange(nc.TableRange); err != nil {
		return nil, err
	}
	if err := cfg.setPriorities(nc.Priorities, nc.PriorityRange); err != nil {
		return nil, err
	}
	if err := cfg.checkTable("table", nc.Table); err != nil {
		return nil, err
	}
	if err := cfg.checkFwmarkRange(); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (c *Config) setLayout(s string) error {
	switch Layout(s) {
	case "", LayoutShared:
		c.Layout = LayoutShared
	case LayoutAWS, LayoutFwmark:
		c.Layout = Layout(s)
	default:
		return fmt.Errorf("layout: unknown layout %q (want %q, %q or %q)", s, LayoutShared, LayoutAWS, LayoutFwmark)
	}
	return nil
}

// setProtocol refuses 0-4 (unspec, redirect, kernel, boot, static): those
// mean something to the kernel or to admins, and we delete by protocol.
func (c *Config) setProtocol(p *int) error {
	if p == nil {
		c.Protocol = DefaultProtocol
		return nil
	}
	if *p < 5 || *p > 255 {
		return fmt.Errorf("protocol: %d outside 5-255 (0-4 belong to the kernel and to static routes)", *p)
	}
	c.Protocol = uint8(*p)
	return nil
}

func (c *Config) setStateDir() error {
	if c.StateDir == "" {
		c.StateDir = DefaultStateDir
	}
	if !filepath.IsAbs(c.StateDir) {
		return fmt.Errorf("stateDir: %q is not an absolute path", c.StateDir)
	}
	c.StateDir = filepath.Clean(c.StateDir)
	return nil
}

func (c *Config) setTableRange(r *Range) error {
	c.TableRange = Range{Min: 1, Max: math.MaxUint32}
	if r == nil && c.Layout == LayoutFwmark {
		// Every table needs its own mark value: by default as many
		// tables as the mask holds (setFwmark checks an explicit range).
		c.TableRange.Max = int(c.FwmarkMask >> bits.TrailingZeros32(c.FwmarkMask))
	}
	if r == nil {
		return nil
	}
	if r.Min < 1 || r.Max > math.MaxUint32 || r.Min > r.Max {
		return fmt.Errorf("tableRange: invalid range %s (want 1 <= min <= max <= %d)", r, uint32(math.MaxUint32))
	}
	c.TableRange = *r
	return nil
}

// setPriorities checks the order the rules depend on: to-rules before
// bypass rules before from-rules, all before the main table's rule.
func (c *Config) setPriorities(p *Priorities, r *Range) error {
	c.ToPriority, c.ExcludePriority, c.FromPriority = DefaultToPriority, DefaultExcludePriority, DefaultFromPriority
	c.OthersPriority = DefaultOthersPriority
	if p != nil {
		c.ToPriority = orDefault(p.To, DefaultToPriority)
		c.OthersPriority = orDefault(p.Others, DefaultOthersPriority)
		c.ExcludePriority = orDefault(p.Exclude, DefaultExcludePriority)
		c.FromPriority = orDefault(p.From, DefaultFromPriority)
	}
	c.PriorityRange = Range{Min: 1, Max: mainPriority - 1}
	if r != nil {
		if r.Min < 1 || r.Max >= mainPriority || r.Min > r.Max {
			return fmt.Errorf("priorityRange: invalid range %s (want 1 <= min <= max < %d)", r, mainPriority)
		}
		c.PriorityRange = *r
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"priorities.to", c.ToPriority}, {"priorities.others", c.OthersPriority},
		{"priorities.exclude", c.ExcludePriority}, {"priorities.from", c.FromPriority}} {
		if f.name == "priorities.others" && !c.OthersToMain {
			continue
		}
		if !c.PriorityRange.contains(f.v) {
			return fmt.Errorf("%s: %d outside priorityRange %s", f.name, f.v, c.PriorityRange)
		}
	}
	if c.ToPriority >= c.ExcludePriority || c.ExcludePriority >= c.FromPriority {
		return fmt.Errorf("priorities: want to < exclude < from, got to=%d exclude=%d from=%d",
			c.ToPriority, c.ExcludePriority, c.FromPriority)
	}
	if c.OthersToMain && (c.OthersPriority <= c.ToPriority || c.OthersPriority >= c.ExcludePriority) {
		return fmt.Errorf("priorities.others: want to < others < exclude, got to=%d others=%d exclude=%d",
			c.ToPriority, c.OthersPriority, c.ExcludePriority)
	}
	return nil
}

// checkOthersToMain: "not from A" and "not from B" would send B's traffic
// to main through the first rule, so one pod CIDR per family at most.
func (c *Config) checkOthersToMain() error {
	if !c.OthersToMain {
		return nil
	}
	if len(c.PodCIDRs) == 0 {
		return errors.New("othersToMain: needs podCIDRs")
	}
	var v4, v6 int
	for _, p := range c.PodCIDRs {
		if p.Addr().Is4() {
			v4++
		} else {
			v6++
		}
	}
	if v4 > 1 || v6 > 1 {
		return fmt.Errorf("othersToMain: needs at most one podCIDRs entry per address family, got %d IPv4 and %d IPv6", v4, v6)
	}
	return nil
}

// CheckAddrs refuses pod addresses that othersToMain would misroute: a
// pod with a table whose address is outside the family's pod CIDR would
// have its traffic sent to main before its own rule.
func (c *Config) CheckAddrs(pod *Pod, addrs []netip.Prefix) error {
	if !c.OthersToMain || pod.Table == 0 {
		return nil
	}
	for _, a := range addrs {
		for _, p := range sameFamily(c.PodCIDRs, a) {
			if !p.Contains(a.Addr()) {
				return fmt.Errorf("podCIDRs: pod address %s is outside %s; with othersToMain its traffic would bypass table %d",
					a.Addr(), p, pod.Table)
			}
		}
	}
	return nil
}

// checkTable validates an egress table; 0 means "none" and is always fine.
func (c *Config) checkTable(field string, t int) error {
	if t == tableUnspec {
		return nil
	}
	if t < 0 || t > math.MaxUint32 {
		return fmt.Errorf("%s: %d is not a routing table", field, t)
	}
	if api.IsReservedTable(t) && !c.AllowReserved {
		return fmt.Errorf("%s: table %d is reserved (%s); set allowReservedTables to use it", field, t, reservedTableName(t))
	}
	if !c.TableRange.contains(t) {
		return fmt.Errorf("%s: table %d outside tableRange %s", field, t, c.TableRange)
	}
	return nil
}

func reservedTableName(t int) string {
	switch t {
	case tableDefault:
		return "default"
	case tableMain:
		return "main"
	case tableLocal:
		return "local"
	}
	return ""
}

// PodConfig validates the runtimeConfig against the node config and
// applies the node defaults. The capability values are parsed by their
// one parser in pkg/api (as the NRI plugin parses them); what this node
// allows (tableRange, priorityRange, reserved tables) is checked here.
// Every error is api.ErrInvalid.
func PodConfig(cfg *Config, rc RuntimeConfig) (*Pod, error) {
	if rc.err != nil {
		return nil, rc.err
	}
	pod := &Pod{
		IPs:           rc.IPs,
		Table:         cfg.Table,
		Priority:      cfg.FromPriority,
		HostRoute:     cfg.HostRoute,
		HostInterface: cfg.HostInterface,
	}
	routes, err := ParseRouteEntries(rc.RouteEntries)
	if err != nil {
		return nil, err
	}
	pod.Routes = routes
	if rc.PolicyRouting == nil {
		return pod, nil
	}
	pr, err := api.ParsePolicyRouting(*rc.PolicyRouting)
	if err != nil {
		return nil, fmt.Errorf("policyRouting.%w", err)
	}
	if err := pod.applyPolicy(cfg, pr); err != nil {
		return nil, err
	}
	return pod, nil
}

func (p *Pod) applyPolicy(cfg *Config, pr api.HostRouting) error {
	if pr.Table != 0 {
		if err := cfg.checkTable("policyRouting.table", pr.Table); err != nil {
			return api.Invalidf("%w", err)
		}
		p.Table = pr.Table
	}
	if pr.Priority != 0 {
		if !cfg.PriorityRange.contains(pr.Priority) {
			return api.Invalidf("policyRouting.priority: %d outside priorityRange %s", pr.Priority, cfg.PriorityRange)
		}
		if pr.Priority <= cfg.ExcludePriority {
			return api.Invalidf("policyRouting.priority: %d must be after the bypass rules (priorities.exclude %d)",
				pr.Priority, cfg.ExcludePriority)
		}
		p.Priority = pr.Priority
	}
	p.ExcludeCIDRs = pr.Exclude
	p.HostRoute = p.HostRoute || pr.HostRoute
	if pr.HostInterface != "" {
		p.HostInterface = pr.HostInterface
	}
	return nil
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// nftName is what nft accepts as a table name without quoting.
var nftName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)

// setFwmark validates the fwmark layout's fields; they are refused with
// the other layouts so that a typo in "layout" cannot go unnoticed.
func (c *Config) setFwmark(nc *NetConf) error {
	if c.Layout != LayoutFwmark {
		if nc.FwmarkMask != "" {
			return fmt.Errorf("fwmarkMask: %q is only used with layout %q", nc.FwmarkMask, LayoutFwmark)
		}
		if nc.NftTable != "" {
			return fmt.Errorf("nftTable: %q is only used with layout %q", nc.NftTable, LayoutFwmark)
		}
		return nil
	}
	c.FwmarkMask, c.NftTable = DefaultFwmarkMask, DefaultNftTable
	if nc.NftTable != "" {
		if !nftName.MatchString(nc.NftTable) {
			return fmt.Errorf("nftTable: invalid nftables table name %q (want a letter, then up to 63 letters, digits, _ or -)", nc.NftTable)
		}
		if nftKeywords[nc.NftTable] {
			return fmt.Errorf("nftTable: %q is an nft keyword; nft could not name the table (pick another name)", nc.NftTable)
		}
		c.NftTable = nc.NftTable
	}
	if nc.FwmarkMask == "" {
		return nil
	}
	m, err := strconv.ParseUint(nc.FwmarkMask, 0, 32)
	if err != nil || m == 0 {
		return fmt.Errorf("fwmarkMask: invalid mask %q (want a non-zero 32-bit number such as \"0x00ff0000\")", nc.FwmarkMask)
	}
	mask := uint32(m)
	// Contiguous: the mark value is the table's slot shifted into place.
	if low := mask >> bits.TrailingZeros32(mask); low&(low+1) != 0 {
		return fmt.Errorf("fwmarkMask: mask %q is not one contiguous run of bits", nc.FwmarkMask)
	}
	c.FwmarkMask = mask
	return nil
}

// checkFwmarkRange: every table in tableRange gets its own mark value
// (see markOf), so the range must fit in the mask.
func (c *Config) checkFwmarkRange() error {
	if c.Layout != LayoutFwmark {
		return nil
	}
	room := uint64(c.FwmarkMask >> bits.TrailingZeros32(c.FwmarkMask))
	if n := uint64(c.TableRange.Max-c.TableRange.Min) + 1; n > room {
		return fmt.Errorf("tableRange: %s holds %d tables but fwmarkMask 0x%08x has room for %d marks; narrow tableRange or widen fwmarkMask",
			c.TableRange, n, c.FwmarkMask, room)
	}
	return nil
}

// markOf is table t's mark value: its slot in tableRange (1-based, so
// that no pod traffic carries a zero mark) shifted into the mask.
func (c *Config) markOf(t int) uint32 {
	return uint32(t-c.TableRange.Min+1) << bits.TrailingZeros32(c.FwmarkMask)
}
