package deploy_test

import (
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// TestMain removes what testutil builds, and stops the kube-apiserver the
// package's tests start, when the tests end.
func TestMain(m *testing.M) { kubeapi.Main(m) }
