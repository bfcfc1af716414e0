package policy

import (
	"fmt"
	"net"
	"net/netip"
	"slices"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// NodeAddresses reports the node's own addresses, for egress.nodeAddresses:
// allow. It is an interface so that tests (and diktyo-nri, which may cache
// them) can inject their own.
type NodeAddresses interface {
	NodeAddresses() ([]netip.Addr, error)
}

// NodeAddressesFunc adapts a function to NodeAddresses.
type NodeAddressesFunc func() ([]netip.Addr, error)

// NodeAddresses calls f.
func (f NodeAddressesFunc) NodeAddresses() ([]netip.Addr, error) { return f() }

// InterfaceAddresses is the default NodeAddresses: every address of every
// interface of the caller's network namespace (net.InterfaceAddrs).
// diktyo-nri runs in the host's.
var InterfaceAddresses NodeAddresses = NodeAddressesFunc(interfaceAddrs)

func interfaceAddrs() ([]netip.Addr, error) {
	list, err := net.InterfaceAddrs()
	if err != nil {
		return nil, fmt.Errorf("listing the node's addresses: %w", err)
	}
	out := make([]netip.Addr, 0, len(list))
	for _, a := range list {
		var ip net.IP
		switch v := a.(type) {
		case *net.IPNet:
			ip = v.IP
		case *net.IPAddr:
			ip = v.IP
		}
		if addr, ok := netip.AddrFromSlice(ip); ok {
			out = append(out, addr.Unmap())
		}
	}
	return out, nil
}

// SetNodeAddresses sets where the egress checks learn the node's
// addresses (default InterfaceAddresses). No effect without an egress
// section.
func (c *Config) SetNodeAddresses(n NodeAddresses) {
	if c.Egress != nil {
		c.Egress.nodeAddrs = n
	}
}

// ownedWhy returns why address a may not be an SNAT address of this
// node, or "": it must be a declared egress address or, with
// nodeAddresses allow, one of the node's addresses. A failed lookup of
// the node's addresses is no verdict: an error wrapping ErrUnknown.
func (c *EgressConfig) ownedWhy(a netip.Addr) (string, error) {
	if c.addrs[a] != nil {
		return "", nil
	}
	if err := c.unknownAddr(a); err != nil {
		return "", err
	}
	if c.NodeAddresses != NodeAddressesAllow {
		return fmt.Sprintf("%s is not a declared egress address of this node (egress.addresses; egress.nodeAddresses is %s)", a, c.NodeAddresses), nil
	}
	na := c.nodeAddrs
	if na == nil {
		na = InterfaceAddresses
	}
	addrs, err := na.NodeAddresses()
	if err != nil {
		return "", fmt.Errorf("%w: %s is not a declared egress address, and the node's addresses could not be read: %w", ErrUnknown, a, err)
	}
	if slices.Contains(addrs, a) {
		return "", nil
	}
	return fmt.Sprintf("%s is neither a declared egress address (egress.addresses) nor an address of this node", a), nil
}

// checkMasq returns why a masq entry the allowlists grant is still refused
// by the egress section, or "". Without a section: "". An error (wrapping
// ErrUnknown) means it cannot tell now.
func (c *EgressConfig) checkMasq(m api.Masq) (string, error) {
	if c == nil {
		return "", nil
	}
	e := m.External
	switch {
	case e.Masquerade:
		// The node's address, picked by the kernel with ports it keeps
		// from clashing: governed by allow.masq.externals alone.
		return "", nil
	case e.Pool != "":
		p := c.Pool(e.Pool)
		if err := c.unknownPool(e.Pool); err != nil {
			return "", err
		}
		if p == nil && c.notHere[e.Pool] {
			return fmt.Sprintf("pool %q is not this node's (the nodeSelectors of its addresses do not match this node's labels)", e.Pool), nil
		}
		if p == nil {
			return fmt.Sprintf("pool %q is not in egress.pools", e.Pool), nil
		}
		if p.addr.Is4() != m.Dst.Addr().Is4() {
			return fmt.Sprintf("pool %q is on %s, not of the family of destination %s", e.Pool, p.addr, m.Dst), nil
		}
		return "", nil
	}
	why, err := c.ownedWhy(e.Addr)
	if err != nil {
		return "", fmt.Errorf("external %q: %w", e, err)
	}
	if why != "" {
		return fmt.Sprintf("external %q: %s", e, why), nil
	}
	return "", nil
}

// checkSNATDefault refuses a default SNAT address (defaults.snat, already
// checked when the config was loaded) that this node does not own now.
func (c *EgressConfig) checkSNATDefault(p *api.SNATPolicy) error {
	if c == nil || p == nil || p.DefaultAction != api.ActionSNAT || p.DefaultExternal == "" {
		return nil
	}
	ext, err := api.ParseExternal(p.DefaultExternal)
	if err != nil {
		return err
	}
	why, err := c.ownedWhy(ext.Addr)
	if err != nil {
		return fmt.Errorf("defaults.snat.defaultExternal %q: %w", p.DefaultExternal, err)
	}
	if why != "" {
		return fmt.Errorf("%w: defaults.snat.defaultExternal %q: %s", ErrDenied, p.DefaultExternal, why)
	}
	return nil
}

// checkPool returns why the allowlist does not grant pool name, or "".
func (m *MasqAllow) checkPool(name string) string {
	if slices.Contains(m.Pools, name) {
		return ""
	}
	if len(m.Pools) == 0 {
		return fmt.Sprintf("pool %q is not allowed (no pools are allowed: allow.masq.pools)", name)
	}
	return fmt.Sprintf("pool %q is not in the allowed pools (%v)", name, m.Pools)
}

// Pools returns the pools the policy's masq entries name ("pool:NAME"),
// in order, each once: diktyo-nri grants the pod a block of each before
// it runs the chain.
func (p *Policy) Pools() []string {
	var out []string
	if p == nil {
		return nil
	}
	for _, e := range p.MasqEntries {
		if ext, err := api.ParseExternal(e.External); err == nil && ext.Pool != "" && !slices.Contains(out, ext.Pool) {
			out = append(out, ext.Pool)
		}
	}
	return out
}

// ResolvePools replaces every "pool:NAME" external of the policy's masq
// entries with the block block(NAME) returns (an address with a port
// range), so that the chain, which refuses pools, gets plain externals.
// block is called once per pool. On error the policy is unchanged.
func (p *Policy) ResolvePools(block func(pool string) (api.External, error)) error {
	if p == nil {
		return nil
	}
	got := map[string]api.External{}
	entries := slices.Clone(p.MasqEntries)
	for i, e := range entries {
		ext, err := api.ParseExternal(e.External)
		if err != nil || ext.Pool == "" {
			continue
		}
		b, ok := got[ext.Pool]
		if !ok {
			if b, err = block(ext.Pool); err != nil {
				return fmt.Errorf("masq[%d]: pool %q: %w", i, ext.Pool, err)
			}
			if !b.Addr.IsValid() || !b.HasPorts() || b.Pool != "" || b.Masquerade {
				return fmt.Errorf("masq[%d]: pool %q resolved to %q, not an address with ports", i, ext.Pool, b)
			}
			got[ext.Pool] = b
		}
		entries[i].External = b.String()
	}
	p.MasqEntries = entries
	return nil
}
