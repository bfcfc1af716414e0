package localapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// Source is what the server asks: diktyo-nri's plugin, or a fake in
// tests. Implementations return errors wrapping ErrNotFound or
// ErrBadRequest for the client's mistakes.
type Source interface {
	// Pods lists every pod the daemon knows; counters asks for the SNAT
	// rule counters too (one iptables run per pod and family).
	Pods(ctx context.Context, counters bool) []PodStatus
	// Pod is one pod, with counters.
	Pod(ctx context.Context, namespace, name string) (PodStatus, error)
	Trace(ctx context.Context, req TraceRequest) (*Trace, error)
	// Daemon is the daemon's own state.
	Daemon() Daemon
}

// Errors a Source wraps to say what the client got wrong.
var (
	ErrNotFound   = errors.New("not found")
	ErrBadRequest = errors.New("bad request")
)

// Server answers the API from a Source.
type Server struct {
	src     Source
	version Version
	log     *slog.Logger
}

// NewServer returns a server for src; log nil is slog.Default().
func NewServer(src Source, v Version, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	return &Server{src: src, version: v, log: log}
}

// Handler routes the API's endpoints; anything else is 404, and any
// method but GET on them 405.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/pods", s.pods)
	mux.HandleFunc("GET /v1/pods/{namespace}/{name}", s.pod)
	mux.HandleFunc("GET /v1/trace", s.trace)
	mux.HandleFunc("GET /v1/daemon", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, http.StatusOK, s.src.Daemon()) })
	mux.HandleFunc("GET /v1/version", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, http.StatusOK, s.version) })
	return mux
}

func (s *Server) pods(w http.ResponseWriter, r *http.Request) {
	counters, err := boolParam(r, "counters")
	if err != nil {
		writeError(w, err)
		return
	}
	pods := s.src.Pods(r.Context(), counters)
	if pods == nil {
		pods = []PodStatus{} // [] rather than null for clients
	}
	writeJSON(w, http.StatusOK, pods)
}

func (s *Server) pod(w http.ResponseWriter, r *http.Request) {
	p, err := s.src.Pod(r.Context(), r.PathValue("namespace"), r.PathValue("name"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Server) trace(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := TraceRequest{Pod: q.Get("pod"), Destination: q.Get("destination"), Protocol: q.Get("protocol")}
	t, err := s.src.Trace(r.Context(), req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

func boolParam(r *http.Request, name string) (bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%w: %s=%q is not a boolean", ErrBadRequest, name, v)
	}
	return b, nil
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, ErrBadRequest):
		code = http.StatusBadRequest
	}
	writeJSON(w, code, apiError{Error: err.Error()})
}

// Serve serves the API on the unix socket path until ctx ends, then
// removes the socket.
func (s *Server) Serve(ctx context.Context, path string) error {
	l, err := Listen(path, s.log)
	if err != nil {
		return err
	}
	return s.ServeListener(ctx, l)
}

// ServeListener serves the API on l (from Listen) until ctx ends.
func (s *Server) ServeListener(ctx context.Context, l net.Listener) error {
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: time.Minute}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	s.log.Info("serving the local API", "socket", l.Addr().String())
	err := srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return fmt.Errorf("local API on %s: %w", l.Addr(), err)
}

// Listen opens the API's unix socket at path: its directory is created
// mode 0700 if missing (an existing one is left as it is: it may be
// shared, e.g. /run), a stale socket of a dead daemon is replaced, and
// the socket file is made 0600. Connections from anyone but root or this
// process's user are closed unanswered, whatever the file's mode.
func Listen(path string, log *slog.Logger) (net.Listener, error) {
	if !filepath.IsAbs(path) {
		return nil, fmt.Errorf("api socket %q: not an absolute path", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("api socket %s: creating its directory: %w", path, err)
	}
	if err := removeStale(path); err != nil {
		return nil, err
	}
	// Bound under a temporary name, made 0600, then renamed into place:
	// the socket never appears at path with the umask's mode.
	tmp := filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.%d.tmp", filepath.Base(path), os.Getpid()))
	_ = os.Remove(tmp)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("api socket %s: %w", path, err)
	}
	l.SetUnlinkOnClose(false) // Close removes path instead (below)
	if err := os.Chmod(tmp, 0o600); err != nil {
		_ = l.Close()
		_ = os.Remove(tmp)
		return nil, fmt.Errorf("api socket %s: chmod 0600: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = l.Close()
		_ = os.Remove(tmp)
		return nil, fmt.Errorf("api socket %s: %w", path, err)
	}
	if log == nil {
		log = slog.Default()
	}
	return &peerCheckListener{UnixListener: l, path: path, self: uint32(os.Geteuid()), log: log}, nil //nolint:gosec // uids fit
}

// removeStale removes a socket left by a daemon that is gone; a live one
// is an error (two daemons), and so is anything that is not a socket (a
// file or a symlink the admin put there is not ours to delete).
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("api socket %s: %w", path, err)
	}
	if fi.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("api socket %s: exists and is not a socket (%s); not removing it", path, fi.Mode().Type())
	}
	if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
		_ = c.Close()
		return fmt.Errorf("api socket %s: another process serves it (a second diktyo-nri?)", path)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("api socket %s: removing the stale socket: %w", path, err)
	}
	return nil
}

// peerCheckListener accepts only peers whose credentials (SO_PEERCRED,
// set by the kernel at connect) are root's or this process's user's.
type peerCheckListener struct {
	*net.UnixListener
	path string
	self uint32
	log  *slog.Logger
}

// Close stops listening and removes the socket file, which is ours.
func (l *peerCheckListener) Close() error {
	err := l.UnixListener.Close()
	_ = os.Remove(l.path)
	return err
}

func (l *peerCheckListener) Accept() (net.Conn, error) {
	for {
		c, err := l.AcceptUnix()
		if err != nil {
			return nil, err
		}
		uid, err := peerUID(c)
		if err == nil && PeerAllowed(uid, l.self) {
			return c, nil
		}
		l.log.Warn("local API: refused a connection", "peerUID", uid, "error", err)
		_ = c.Close()
	}
}

// PeerAllowed is the API's access rule: root, or the daemon's own user.
func PeerAllowed(uid, self uint32) bool { return uid == 0 || uid == self }

func peerUID(c *net.UnixConn) (uint32, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if credErr != nil {
		return 0, fmt.Errorf("SO_PEERCRED: %w", credErr)
	}
	return cred.Uid, nil
}
