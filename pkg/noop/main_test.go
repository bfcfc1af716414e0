package noop_test

import (
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestMain removes the binaries testutil.PluginDir builds when the tests
// end.
func TestMain(m *testing.M) { testutil.Main(m) }
