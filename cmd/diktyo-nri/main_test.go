package main

import (
	"os"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
	"github.com/diktyo-io/diktyo/pkg/testutil/kubeapi"
)

// TestMain stops the kube-apiserver wait-ready's test starts, and removes
// what testutil builds, when the tests end.
func TestMain(m *testing.M) {
	code := testutil.MainCode(m)
	kubeapi.StopShared()
	os.Exit(code)
}
