package deploy_test

import (
	"os"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// TestMain removes the binaries testutil.PluginDir builds, and stops the
// kube-apiserver the admission policy's tests start, when the tests end.
func TestMain(m *testing.M) {
	code := testutil.MainCode(m)
	kubeapi.StopShared()
	os.Exit(code)
}
