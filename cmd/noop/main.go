// Command noop is a CNI debug plugin: it dumps every call it gets and
// passes prevResult through. See docs/noop.md.
package main

import (
	"github.com/containernetworking/cni/pkg/skel"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/noop"
)

func main() {
	skel.PluginMainFuncs(noop.Funcs(), cniutil.Versions, "diktyo noop: dumps CNI calls for debugging")
}
