package policy

import (
	"fmt"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// validateNode checks the node-wide settings: podCIDRs and failClosed.
func (c *Config) validateNode() error {
	if c.FailClosed && c.FailurePolicy == FailurePolicyIgnore {
		// ignore starts pods whose policy failed; failClosed refuses
		// their containers: the two cannot both hold.
		return fmt.Errorf("failClosed: true needs failurePolicy: fail (it is %q)", c.FailurePolicy)
	}
	return c.parsePodCIDRs()
}

func (c *Config) parsePodCIDRs() error {
	c.podNets = c.podNets[:0]
	for i, s := range c.PodCIDRs {
		n, err := api.ParseNetwork(s)
		if err != nil {
			return fmt.Errorf("podCIDRs[%d]: %w", i, err)
		}
		c.podNets = append(c.podNets, n)
	}
	return nil
}

// CheckPodAddr refuses a pod address outside the node's podCIDRs (when
// set). The runtime reports pod addresses, but a node admin who knows the
// ranges gets a second line of defence against a runtime or CNI bug that
// would hand a pod an address diktyo must not act on (the node's own, a
// service VIP).
func (c *Config) CheckPodAddr(a netip.Addr) error {
	if len(c.podNets) == 0 {
		return nil
	}
	for _, n := range c.podNets {
		if n.Contains(a) {
			return nil
		}
	}
	return fmt.Errorf("pod address %s is outside podCIDRs %v", a, c.PodCIDRs)
}
