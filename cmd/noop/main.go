// Command noop is a CNI debug plugin: it dumps every call it gets and
// passes prevResult through. See docs/noop.md.
package main

import (
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/noop"
)

func main() { cniutil.Main(noop.Plugin) }
