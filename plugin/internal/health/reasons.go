package health

// Failure reasons, the values of diktyo_failures_total{reason}.
const (
	ReasonInvalid     = "invalid_annotation"
	ReasonDenied      = "denied"
	ReasonHostNetwork = "host_network"
	ReasonNoNetns     = "no_netns"
	ReasonNoIPs       = "no_ips"
	ReasonChain       = "chain_unavailable"
	ReasonAdd         = "cni_add"
	ReasonDel         = "cni_del"
	ReasonCheck       = "cni_check"
	ReasonTimeout     = "timeout"
	ReasonGC          = "gc"
	ReasonConfig      = "config"
	// ReasonUnknown: a decision could not be made (the node's addresses
	// unreadable, a netns or /proc unreadable); a running pod keeps its
	// policy.
	ReasonUnknown = "cannot_decide"
	// ReasonEgress, ReasonEgressQuota: an egress admission refused (no
	// block, a pool's quota).
	ReasonEgress      = "egress"
	ReasonEgressQuota = "egress_quota"
	// ReasonAddresses: a managed addresses' fault (once per distinct
	// error).
	ReasonAddresses = "egress_address"
	// ReasonLease: a Lease of a managed address refused or failing.
	ReasonLease = "egress_lease"
	// ReasonNotApplied: a container refused under failClosed.
	ReasonNotApplied = "policy_not_applied"
	// ReasonDeferred: a conntrack walk after the answer failed.
	ReasonDeferred = "deferred_work"
)
