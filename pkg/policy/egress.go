package policy

import (
	"fmt"
	"net/netip"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// Defaults of the egress section (docs/egress.md).
const (
	DefaultEgressStateDir       = "/var/lib/diktyo/egress"
	DefaultEgressAttributionLog = DefaultEgressStateDir + "/attribution.jsonl"

	// NodeAddressesAllow and NodeAddressesDeny are the values of
	// egress.nodeAddresses.
	NodeAddressesAllow = "allow"
	NodeAddressesDeny  = "deny"

	// MinPoolPort is the lowest port a pool may hand out: the ports below
	// are the privileged ones, which a pod must not be seen to use.
	MinPoolPort = 1024
)

// EgressConfig is the admin's egress section: the addresses this node
// owns for egress and the pools of port blocks carved out of them. When
// the section is absent (Config.Egress nil) none of its checks apply and
// diktyo behaves as without it.
type EgressConfig struct {
	// Addresses are the egress addresses this node owns.
	Addresses []EgressAddress `json:"addresses,omitempty"`
	// NodeAddresses says whether a masq external may be one of the
	// node's own addresses without being declared in Addresses: "allow"
	// or "deny" (default).
	NodeAddresses string `json:"nodeAddresses,omitempty"`
	// Pools of port blocks pods ask for with "pool:NAME".
	Pools []EgressPool `json:"pools,omitempty"`
	// AttributionLog is the JSON-lines log of every grant and release.
	AttributionLog string `json:"attributionLog,omitempty"`
	// StateDir holds the allocator's state.
	StateDir string `json:"stateDir,omitempty"`

	addrs     map[netip.Addr]*EgressAddress
	nodeAddrs NodeAddresses
	// Per node (SelectNode): the addresses and pools whose node is not
	// known yet, and the pool names that are other nodes' only.
	unknownAddrs map[netip.Addr]bool
	unknownPools []string
	notHere      map[string]bool
	// selectors: some address has a nodeSelector (set when parsed).
	selectors bool
}

// EgressAddress is one address the node owns for egress.
type EgressAddress struct {
	Address string `json:"address"`
	// Interface the address lives on; required when Manage is set.
	Interface string `json:"interface,omitempty"`
	// Manage asks diktyo-nri to make the address present on Interface
	// before the first pod that uses it is admitted (conflict detection,
	// assignment, announcement) and to withdraw it after the last one
	// went (pkg/egress/hostaddr). Without it the admin (or the cloud)
	// keeps the address on the node, and diktyo-nri checks that it is.
	Manage bool `json:"manage,omitempty"`
	// Routed (manage false only) says the network routes the address to
	// the node without it being assigned to an interface (a cloud's
	// routed IP), so that its absence from the node's addresses is not
	// an error.
	Routed bool `json:"routed,omitempty"`
	// NodeSelector makes the address (and its pools) this node's only
	// when the node's labels, read through the Kubernetes API, carry
	// every key with its value (egress_node.go). Empty: every node's.
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`

	addr netip.Addr
}

// Addr is the parsed address.
func (a *EgressAddress) Addr() netip.Addr { return a.addr }

// EgressPool is a range of ports of one egress address, cut into blocks
// of BlockSize ports; each pod that asks for the pool gets a block of its
// own.
type EgressPool struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	// Ports is the range "lo-hi", within 1024-65535.
	Ports     string `json:"ports"`
	BlockSize int    `json:"blockSize"`
	// Shared lets pods' explicit ("IP:lo-hi") externals on the pool's
	// address overlap one another, as they may without an egress section;
	// the pool's blocks stay exclusive whatever it says.
	Shared bool `json:"shared,omitempty"`

	addr   netip.Addr
	lo, hi uint16
}

// Addr is the pool's parsed address.
func (p *EgressPool) Addr() netip.Addr { return p.addr }

// PortRange is the pool's parsed port range.
func (p *EgressPool) PortRange() (lo, hi uint16) { return p.lo, p.hi }

// NumBlocks is how many whole blocks the range holds.
func (p *EgressPool) NumBlocks() int { return (int(p.hi) - int(p.lo) + 1) / p.BlockSize }

// Unused is the tail of the range that is not a whole block (ok false:
// BlockSize divides the range).
func (p *EgressPool) Unused() (lo, hi uint16, ok bool) {
	end := int(p.lo) + p.NumBlocks()*p.BlockSize // first port after the last block
	if end > int(p.hi) {
		return 0, 0, false
	}
	return uint16(end), p.hi, true
}

// Pool returns the pool named name, or nil.
func (c *EgressConfig) Pool(name string) *EgressPool {
	if c == nil {
		return nil
	}
	for i := range c.Pools {
		if c.Pools[i].Name == name {
			return &c.Pools[i]
		}
	}
	return nil
}

// Declared returns the declared egress address a, or nil.
func (c *EgressConfig) Declared(a netip.Addr) *EgressAddress {
	if c == nil {
		return nil
	}
	return c.addrs[a]
}

// SharedAddr reports whether a pool on address a is marked shared.
func (c *EgressConfig) SharedAddr(a netip.Addr) bool {
	if c == nil {
		return false
	}
	for i := range c.Pools {
		if c.Pools[i].addr == a && c.Pools[i].Shared {
			return true
		}
	}
	return false
}

// Warnings are what is valid but probably not meant: today, the ports at
// the end of a pool that make no whole block. diktyo-nri logs them when
// it loads the config; explain prints them.
func (c *EgressConfig) Warnings() []string {
	if c == nil {
		return nil
	}
	var out []string
	for i := range c.Pools {
		p := &c.Pools[i]
		if lo, hi, ok := p.Unused(); ok {
			out = append(out, fmt.Sprintf("egress.pools[%d] (%s): blockSize %d does not divide ports %s: %d blocks, ports %d-%d unused",
				i, p.Name, p.BlockSize, p.Ports, p.NumBlocks(), lo, hi))
		}
	}
	return out
}

// validateEgress checks the egress section, and everything else of the
// config that depends on it: pool allowlists, explicit externals on a
// pool's address, the default SNAT address. Called after the namespaces
// are validated (it uses their parsed externals).
func (c *Config) validateEgress() error {
	if c.Egress == nil {
		for i := range c.Namespaces {
			if m := c.Namespaces[i].Allow.Masq; m != nil && len(m.Pools) > 0 {
				return fmt.Errorf("namespaces[%d].allow.masq.pools: %q needs an egress section that defines the pools", i, m.Pools)
			}
		}
		return nil
	}
	e := c.Egress
	if err := e.validate(); err != nil {
		return fmt.Errorf("egress.%w", err)
	}
	for i := range c.Namespaces {
		if err := e.checkRule(c.Namespaces[i].Allow.Masq); err != nil {
			return fmt.Errorf("namespaces[%d].allow.masq.%w", i, err)
		}
	}
	return e.checkDefaultExternal(c.Defaults.SNAT.DefaultExternal)
}

func (c *EgressConfig) validate() error {
	switch c.NodeAddresses {
	case "":
		c.NodeAddresses = NodeAddressesDeny
	case NodeAddressesAllow, NodeAddressesDeny:
	default:
		return fmt.Errorf("nodeAddresses: %q is not allow or deny", c.NodeAddresses)
	}
	if c.StateDir == "" {
		c.StateDir = DefaultEgressStateDir
	}
	if c.AttributionLog == "" {
		c.AttributionLog = DefaultEgressAttributionLog
	}
	if !filepath.IsAbs(c.StateDir) {
		return fmt.Errorf("stateDir: %q is not an absolute path", c.StateDir)
	}
	if !filepath.IsAbs(c.AttributionLog) || strings.HasSuffix(c.AttributionLog, "/") {
		return fmt.Errorf("attributionLog: %q is not an absolute file path", c.AttributionLog)
	}
	if err := c.validateAddresses(); err != nil {
		return err
	}
	names := map[string]int{}
	for i := range c.Pools {
		p := &c.Pools[i]
		if err := p.validate(); err != nil {
			return fmt.Errorf("pools[%d].%w", i, err)
		}
		if c.addrs[p.addr] == nil {
			return fmt.Errorf("pools[%d].address: %s is not a declared egress address (egress.addresses)", i, p.addr)
		}
		if j, dup := names[p.Name]; dup && !c.perNode(p, &c.Pools[j]) {
			return fmt.Errorf("pools[%d].name: %q is also the name of pools[%d] (one name may be given to several pools only on "+
				"different addresses that each have a nodeSelector: one per node)", i, p.Name, j)
		}
		names[p.Name] = i
		for j := range c.Pools[:i] {
			q := &c.Pools[j]
			if q.addr != p.addr {
				continue
			}
			if overlaps(p.lo, p.hi, q.lo, q.hi) {
				return fmt.Errorf("pools[%d].ports: %s of pool %q overlaps ports %s of pool %q on %s: pool blocks must never clash",
					i, p.Ports, p.Name, q.Ports, q.Name, p.addr)
			}
			if p.Shared != q.Shared {
				return fmt.Errorf("pools[%d].shared: %t, but pool %q on the same address %s says %t (shared is a property of the address)",
					i, p.Shared, q.Name, p.addr, q.Shared)
			}
		}
	}
	return nil
}

func (c *EgressConfig) validateAddresses() error {
	c.addrs = map[netip.Addr]*EgressAddress{}
	for i := range c.Addresses {
		a := &c.Addresses[i]
		if err := a.validate(); err != nil {
			return fmt.Errorf("addresses[%d].%w", i, err)
		}
		if c.addrs[a.addr] != nil {
			return fmt.Errorf("addresses[%d].address: %s declared twice", i, a.addr)
		}
		c.addrs[a.addr] = a
		c.selectors = c.selectors || len(a.NodeSelector) > 0
	}
	return nil
}

func (a *EgressAddress) validate() error {
	addr, err := netip.ParseAddr(a.Address)
	if err != nil || addr.Zone() != "" || addr.Is4In6() || !addr.IsGlobalUnicast() {
		return fmt.Errorf("address: %q is not a unicast IPv4 or IPv6 address (no zone, IPv4 written as IPv4)", a.Address)
	}
	a.addr = addr
	if a.Manage && a.Routed {
		return fmt.Errorf("routed: true is for addresses diktyo does not manage (address %s has manage: true)", a.Address)
	}
	if a.Manage && a.Interface == "" {
		return fmt.Errorf("interface: required when manage is true (address %s)", a.Address)
	}
	if a.Interface != "" && !api.ValidIfName(a.Interface) {
		return fmt.Errorf("interface: invalid interface name %q", a.Interface)
	}
	return validSelector(a.NodeSelector)
}

func (p *EgressPool) validate() error {
	if !api.ValidPoolName(p.Name) {
		return fmt.Errorf("name: %q is not a DNS label (1-%d of a-z, 0-9, '-', not starting or ending with '-')", p.Name, api.MaxPoolName)
	}
	addr, err := netip.ParseAddr(p.Address)
	if err != nil || addr.Zone() != "" || addr.Is4In6() {
		return fmt.Errorf("address: %q is not an IPv4 or IPv6 address", p.Address)
	}
	p.addr = addr
	if p.lo, p.hi, err = parsePoolPorts(p.Ports); err != nil {
		return fmt.Errorf("ports: %w", err)
	}
	size := int(p.hi) - int(p.lo) + 1
	if p.BlockSize <= 0 || p.BlockSize > size {
		return fmt.Errorf("blockSize: %d is not between 1 and the %d ports of %s", p.BlockSize, size, p.Ports)
	}
	return nil
}

// parsePoolPorts parses "lo-hi" with MinPoolPort <= lo <= hi <= 65535.
func parsePoolPorts(s string) (lo, hi uint16, err error) {
	los, his, ok := strings.Cut(s, "-")
	l, err1 := parsePortNumber(los)
	h, err2 := parsePortNumber(his)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q is not a range \"lo-hi\" of ports %d-65535", s, MinPoolPort)
	}
	if l < MinPoolPort || l > h {
		return 0, 0, fmt.Errorf("%q: want %d <= lo <= hi <= 65535", s, MinPoolPort)
	}
	return uint16(l), uint16(h), nil
}

func parsePortNumber(s string) (uint64, error) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("not a number")
	}
	return strconv.ParseUint(s, 10, 16)
}

// overlaps reports whether the inclusive ranges a and b meet.
func overlaps(alo, ahi, blo, bhi uint16) bool { return alo <= bhi && blo <= ahi }

// portsOf is the port range an explicit external claims: its range, or
// every port when it gives none.
func portsOf(e api.External) (lo, hi uint16) {
	if !e.HasPorts() {
		return 1, 65535
	}
	return e.PortLo, e.PortHi
}

// checkRule checks one namespace's masq allowlist against the pools: the
// pools it grants exist, and no explicit external it grants overlaps a
// pool's ports on the same address.
func (c *EgressConfig) checkRule(m *MasqAllow) error {
	if m == nil {
		return nil
	}
	for k, name := range m.Pools {
		if c.Pool(name) == nil {
			return fmt.Errorf("pools[%d]: %q is not a pool of egress.pools", k, name)
		}
	}
	for j, ext := range m.externals {
		if ext.Masquerade {
			continue
		}
		lo, hi := portsOf(ext)
		for i := range c.Pools {
			p := &c.Pools[i]
			if p.addr == ext.Addr && overlaps(lo, hi, p.lo, p.hi) {
				return fmt.Errorf("externals[%d]: %q overlaps pool %q (%s ports %s): pool blocks must never clash, so an explicit external on a pool's address must give a port range outside the pool's ports",
					j, m.Externals[j], p.Name, p.addr, p.Ports)
			}
		}
	}
	return nil
}

// checkDefaultExternal checks the node's default SNAT address (already
// parsed by defaults.snat's validation): never on a pool's address (it
// takes any port, so it would clash with the blocks), and, when node
// addresses are denied, a declared egress address. With nodeAddresses
// allow, an undeclared one is checked against the node's addresses when
// pods are admitted.
func (c *EgressConfig) checkDefaultExternal(s string) error {
	if s == "" {
		return nil
	}
	ext, err := api.ParseExternal(s)
	if err != nil {
		return fmt.Errorf("defaults.snat.defaultExternal: %w", err)
	}
	for i := range c.Pools {
		if c.Pools[i].addr == ext.Addr {
			return fmt.Errorf("defaults.snat.defaultExternal: %s is the address of pool %q: the default SNAT takes any port and would clash with the pool's blocks",
				ext.Addr, c.Pools[i].Name)
		}
	}
	if c.addrs[ext.Addr] == nil && c.NodeAddresses != NodeAddressesAllow {
		return fmt.Errorf("defaults.snat.defaultExternal: %s is not a declared egress address (egress.addresses) and egress.nodeAddresses is %s",
			ext.Addr, c.NodeAddresses)
	}
	return nil
}
