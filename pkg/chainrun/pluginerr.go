package chainrun

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/containernetworking/cni/pkg/invoke"

	"github.com/diktyo-io/diktyo/internal/stages"
)

// PluginError is a failure of one plugin of the chain: libcni reports
// CHECK and GC failures without saying which plugin failed, and diktyo-nri
// counts drift and repairs per plugin.
type PluginError struct {
	// Plugin is the plugin type (the binary's name).
	Plugin string
	// Verb is the CNI command (ADD, DEL, CHECK, GC, STATUS).
	Verb string
	Err  error
}

func (e *PluginError) Error() string {
	return fmt.Sprintf("%s %s: %v", e.Plugin, e.Verb, e.Err)
}

func (e *PluginError) Unwrap() error { return e.Err }

// FailedPlugin returns the type of the plugin that caused err, or "".
func FailedPlugin(err error) string {
	var pe *PluginError
	if errors.As(err, &pe) {
		return pe.Plugin
	}
	return ""
}

// namingExec wraps every plugin failure in a PluginError.
type namingExec struct{ invoke.Exec }

// It also times every call, as a stage of the plugin's type (exec'd or
// in-process alike), when ctx carries a stages.Recorder.
func (e namingExec) ExecPlugin(ctx context.Context, pluginPath string, stdin []byte, environ []string) ([]byte, error) {
	typ := strings.TrimPrefix(filepath.Base(pluginPath), inProcessPrefix)
	done := stages.Time(ctx, typ)
	out, err := e.Exec.ExecPlugin(ctx, pluginPath, stdin, environ)
	done()
	if err != nil {
		err = &PluginError{Plugin: typ, Verb: envValue(environ, "CNI_COMMAND"), Err: err}
	}
	return out, err
}

func envValue(environ []string, key string) string {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, key+"="); ok {
			return v
		}
	}
	return ""
}
