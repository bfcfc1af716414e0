// Command ipmasq is a chained CNI plugin giving each pod its own source NAT
// policy. See docs/ipmasq.md.
package main

import (
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq"
)

func main() { cniutil.Main(ipmasq.Plugin) }
