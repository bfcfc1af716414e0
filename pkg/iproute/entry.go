package iproute

import (
	"github.com/diktyo-io/diktyo/pkg/api"
)

// RouteType is the kind of a pod route (api.RouteType).
type RouteType = api.RouteType

// Route types. The original Diktyo plugin knew unicast and, through
// gateway "drop", blackhole.
const (
	TypeUnicast     = api.RouteUnicast
	TypeBlackhole   = api.RouteBlackhole
	TypeUnreachable = api.RouteUnreachable
	TypeProhibit    = api.RouteProhibit
)

// PodRoute is one validated route inside the pod's netns. It is
// api.Route, which api.ParseRouteEntry makes, so that the NRI plugin's
// policy and iproute parse a routeEntries element the same way.
type PodRoute = api.Route

// ParseRouteEntries validates routeEntries as iproute takes them (the
// Lenient form of the wire: keywords in any case, as always).
func ParseRouteEntries(entries []api.RouteEntry) ([]PodRoute, error) {
	return api.ParseRouteEntries("routeEntries", entries, api.Lenient)
}
