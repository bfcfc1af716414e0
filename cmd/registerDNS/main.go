// Command registerDNS is a chained CNI plugin that gives a pod DNS names
// (hosts file, RFC 2136 dynamic updates, or an exec'd registry client).
// See docs/registerDNS.md.
package main

import (
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
)

func main() { cniutil.Main(registerdns.Plugin) }
