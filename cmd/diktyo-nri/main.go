// Command diktyo-nri is diktyo's NRI plugin: it applies per-pod egress
// policy from pod annotations by running the diktyo CNI chain against each
// pod's sandbox netns. `diktyo-nri explain` shows what a pod's annotations
// would produce, without root. See docs/nri.md.
package main

import (
	"os"

	"github.com/diktyo-io/diktyo/plugin/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:]))
}
