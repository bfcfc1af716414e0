package policy

import (
	"strings"
	"testing"
)

func TestAPISocketConfig(t *testing.T) {
	if got := mustConfig(t, "").API.Socket; got != DefaultAPISocket {
		t.Errorf("default api.socket %q, want %q", got, DefaultAPISocket)
	}
	// Empty is how the admin turns the API off, so it must not fall back
	// to the default.
	if got := mustConfig(t, "api: {socket: \"\"}").API.Socket; got != "" {
		t.Errorf("api.socket \"\" became %q", got)
	}
	if got := mustConfig(t, "api: {socket: /run/x/api.sock}").API.Socket; got != "/run/x/api.sock" {
		t.Errorf("api.socket %q", got)
	}
	_, err := ParseConfig([]byte("api: {socket: run/api.sock}"))
	if err == nil || !strings.Contains(err.Error(), `api.socket: "run/api.sock" is not an absolute path`) {
		t.Errorf("relative api.socket: %v", err)
	}
}
