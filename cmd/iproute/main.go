// Command iproute is a chained CNI plugin: routes inside the pod's netns
// (routeEntries) and host-side policy routing for the pod (policyRouting).
// See docs/iproute.md.
package main

import (
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/iproute"
)

func main() { cniutil.Main(iproute.Plugin) }
