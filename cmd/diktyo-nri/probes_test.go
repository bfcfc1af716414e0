package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// TestProbes: /readyz is 503 until the daemon is synchronized with the
// runtime, and says why; a degraded daemon is ready; /healthz answers
// whatever the state (a restart would not bring NRI back).
func TestProbes(t *testing.T) {
	d := localapi.Daemon{State: "starting", Faults: []string{"nri: no NRI socket at /var/run/nri/nri.sock: NRI is disabled"}}
	mux := http.NewServeMux()
	addProbes(mux, func() localapi.Daemon { return d })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "not ready: starting") || !strings.Contains(body, "no NRI socket") {
		t.Errorf("starting: %d %q", code, body)
	}
	if code, _ := get("/healthz"); code != http.StatusOK {
		t.Errorf("healthz while starting: %d", code)
	}
	d = localapi.Daemon{State: "degraded", Synchronized: true, Faults: []string{"gc: x"}}
	if code, body := get("/readyz"); code != http.StatusOK || !strings.Contains(body, "degraded") || !strings.Contains(body, "fault: gc: x") {
		t.Errorf("degraded: %d %q", code, body)
	}
	d = localapi.Daemon{State: "synchronized", Synchronized: true}
	if code, body := get("/readyz"); code != http.StatusOK || body != "synchronized\n" {
		t.Errorf("synchronized: %d %q", code, body)
	}
}
