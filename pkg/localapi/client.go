package localapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"syscall"
	"time"
)

// Client asks a running diktyo-nri through its socket.
type Client struct {
	path string
	http *http.Client
}

// NewClient returns a client for the socket at path.
func NewClient(path string) *Client {
	tr := UnixTransport(path)
	tr.DisableKeepAlives = true
	return &Client{path: path, http: &http.Client{Transport: tr, Timeout: time.Minute}}
}

// UnixTransport is an HTTP transport whose every connection goes to the
// unix socket at path, whatever the request's host (diktyo-nri's local
// API and its profile socket).
func UnixTransport(path string) *http.Transport {
	return &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", path)
		},
	}
}

// ConnError is a failure to reach the daemon, with a hint at the cause.
type ConnError struct {
	Path string
	Err  error
}

func (e *ConnError) Error() string {
	return fmt.Sprintf("cannot reach diktyo-nri at %s: %v (%s)", e.Path, e.Err, e.hint())
}

func (e *ConnError) Unwrap() error { return e.Err }

func (e *ConnError) hint() string {
	switch {
	case errors.Is(e.Err, syscall.ENOENT):
		return "no socket there: is the daemon running (diktyo-nri run, or the DaemonSet; kubectl exec into its pod) with api.socket at this path? --api-socket names another"
	case errors.Is(e.Err, syscall.EACCES), errors.Is(e.Err, syscall.EPERM):
		return "permission denied: the API is root-only; run as root"
	case errors.Is(e.Err, syscall.ECONNREFUSED):
		return "nothing listens there: a stale socket, diktyo-nri is not running (diktyo-nri run)"
	case errors.Is(e.Err, io.EOF), errors.Is(e.Err, syscall.ECONNRESET):
		return "the daemon closed the connection unanswered: only root may ask; run as root"
	}
	return "is diktyo-nri running (diktyo-nri run), and are you root?"
}

// APIError is an answer other than 200.
type APIError struct {
	Code    int
	Message string
}

func (e *APIError) Error() string { return e.Message }

// Pods lists every pod the daemon knows.
func (c *Client) Pods(ctx context.Context, counters bool) ([]PodStatus, error) {
	var out []PodStatus
	q := url.Values{}
	if counters {
		q.Set("counters", "true")
	}
	return out, c.get(ctx, "/v1/pods", q, &out)
}

// Pod returns one pod, with its counters.
func (c *Client) Pod(ctx context.Context, namespace, name string) (*PodStatus, error) {
	var out PodStatus
	p := "/v1/pods/" + url.PathEscape(namespace) + "/" + url.PathEscape(name)
	return &out, c.get(ctx, p, nil, &out)
}

// Trace asks which SNAT rule and route a packet takes.
func (c *Client) Trace(ctx context.Context, req TraceRequest) (*Trace, error) {
	var out Trace
	q := url.Values{"pod": {req.Pod}, "destination": {req.Destination}}
	if req.Protocol != "" {
		q.Set("protocol", req.Protocol)
	}
	return &out, c.get(ctx, "/v1/trace", q, &out)
}

// Daemon asks for the daemon's own state.
func (c *Client) Daemon(ctx context.Context) (*Daemon, error) {
	var out Daemon
	return &out, c.get(ctx, "/v1/daemon", nil, &out)
}

// Version is what the daemon runs.
func (c *Client) Version(ctx context.Context) (*Version, error) {
	var out Version
	return &out, c.get(ctx, "/v1/version", nil, &out)
}

func (c *Client) get(ctx context.Context, path string, q url.Values, out any) error {
	u := url.URL{Scheme: "http", Host: "diktyo-nri", Path: path, RawQuery: q.Encode()}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return &ConnError{Path: c.path, Err: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return &ConnError{Path: c.path, Err: err}
	}
	if resp.StatusCode != http.StatusOK {
		var e apiError
		if json.Unmarshal(body, &e) != nil || e.Error == "" {
			e.Error = fmt.Sprintf("%s: %s", resp.Status, body)
		}
		return &APIError{Code: resp.StatusCode, Message: e.Error}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("decoding the answer to %s: %w", path, err)
	}
	return nil
}
