package main

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// addProbes serves the kubelet's probes beside the metrics:
//   - /healthz (liveness, startup): the process serves HTTP. A daemon
//     that cannot reach NRI is alive: restarting it would not bring NRI
//     back, and its status says why.
//   - /readyz (readiness): synchronized with the runtime on the current
//     NRI connection, so it sees every pod; 503 with the state and the
//     faults otherwise (no NRI socket, say). A degraded daemon is ready:
//     it is connected and keeps what is applied; its faults are in the
//     body, the status and diktyo_daemon_state.
func addProbes(mux *http.ServeMux, daemon func() localapi.Daemon) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		d := daemon()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !d.Synchronized {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, "not ready: ")
		}
		fmt.Fprintln(w, d.State)
		for _, f := range d.Faults {
			fmt.Fprintln(w, "fault: "+strings.ReplaceAll(f, "\n", " "))
		}
	})
}
