// Command diktyo-nri is diktyo's NRI plugin: it applies per-pod egress
// policy from pod annotations by running the diktyo CNI chain against each
// pod's sandbox netns. Its subcommands explain what a pod's annotations
// would produce (no root), and ask the running daemon what it did (status,
// trace). See docs/nri.md.
//
// The command line is built with spf13/cobra, as kubectl and crictl are:
// operators get the same conventions (subcommands, --help and `help
// CMD` everywhere, -o json|yaml, typo suggestions, shell completion from
// the command tree itself), and errors in the command line are told apart
// from the daemon's own. A bare `diktyo-nri [flags]` still runs the
// daemon, as it always has: containerd starts a pre-installed plugin with
// no arguments at all.
package main

import (
	"os"
)

// version is diktyo's version, set at build time:
//
//	go build -ldflags "-X main.version=$(git describe --always --dirty)"
var version = "dev"

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
