// Package view is diktyo-nri's read side: the local API's answers
// (status, trace), the debug dumps and the counters read at each scrape.
// It reads a View the face hands it, taken once per answer, and never
// the hub: it holds no state of its own and changes none.
package view

import (
	"context"
	"log/slog"
	"net/netip"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/inspect"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// View is one answer's look at the daemon: one copy of the pod table and
// one config generation, so every part of an answer agrees.
type View interface {
	// Pods is the pod table's copy.
	Pods() []Pod
	// Policy is the pod's policy under the config in force, or the
	// failure that stops it.
	Policy(sandbox string) (*policy.Policy, error)
	// Chain is the chain in force; nil when there is none.
	Chain() Chain
	// Blocks is every port block of the node; on is false when egress
	// is not configured.
	Blocks() (grants []egress.Grant, on bool, err error)
	// Watch says how the sandbox is watched ("pidfd", "none: WHY", "").
	Watch(sandbox string) string
	// Holds says what keeps the pod, or its addresses, waiting.
	Holds(sandbox string) []string
}

// Chain is what the read side reads of the chain in force.
type Chain interface {
	Cached(sandbox string) (*chainrun.Attachment, error)
	NetworkName() string
	IfName() string
	NodeCounts(ctx context.Context) (map[string]map[string]uint64, error)
}

// Pod is one row of the pod table as the face copies it: Status holds
// the table's own fields (identity, lifecycle, chain, flags, last error);
// the read side adds the policy, state, egress, watch, holds and
// attachment.
type Pod struct {
	Status localapi.PodStatus
	// Live: the pod should have its chain state (a live sandbox wins
	// over a stopped one of the same name).
	Live        bool
	EgressAddrs []netip.Addr
}

// Reader answers the local API from the views its face hands it.
type Reader struct {
	view   func() View
	runner cniutil.Runner
	router inspect.Router
	log    *slog.Logger
}

// New is a reader of view (called once per answer); runner reads the
// parts' counters and router the kernel's routes (nil: netlink).
func New(view func() View, runner cniutil.Runner, router inspect.Router, log *slog.Logger) *Reader {
	if router == nil {
		router = inspect.Netlink{}
	}
	return &Reader{view: view, runner: runner, router: router, log: log}
}
