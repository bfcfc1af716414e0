package cniutil

import (
	"context"
	"log/slog"
	"os"

	"github.com/containernetworking/cni/pkg/skel"
)

// This file is the plugin binaries' alone: it reads the process
// environment and lets skel write stdout and exit, which code that runs
// in-process inside diktyo-nri must never do.

// Main runs p as a plugin binary: skel reads the CNI environment and
// stdin, calls the verb, prints ADD's result, and exits. The runtime
// kills a binary that takes too long, so the verbs get a plain context.
func Main(p Plugin) {
	v := p.Verbs(Env{Log: StderrLogger(p.Type), Environ: os.Environ()})
	skel.PluginMainFuncs(v.CNIFuncs(context.Background()), Versions, p.About)
}

// StderrLogger is a plugin binary's logger: text on stderr, which the
// runtime keeps (containerd logs it), at Info; stdout is the result's.
func StderrLogger(pluginType string) *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})).With("plugin", pluginType)
}
