package plugin_test

import (
	"os"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// TestMain stops the API server the tests that need one shared.
func TestMain(m *testing.M) {
	code := m.Run()
	kubeapi.StopShared()
	os.Exit(code)
}
