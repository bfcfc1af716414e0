package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/diktyo-io/diktyo/pkg/localapi"
)

// Profiles behind the scale run's largest size, taken from diktyo-nri's
// --pprof-socket: where its RSS goes (the heap after a GC, and the
// runtime's own accounting beside it) and where its CPU goes while pods
// start and while it reconciles after a restart.

// profileSeconds is how long each CPU profile runs: long enough for a
// few hundred samples of the handler (about 100 pods at 10,000).
const profileSeconds = 10

// profileLead is how many pods before the largest size the CPU profile of
// pod starts begins: it must cover profileSeconds of pod starts.
const profileLead = 400

// memStatKeys are the lines of the heap profile's debug=1 trailer kept:
// what the runtime holds, against what the kernel counts as resident.
var memStatKeys = []string{"Sys", "HeapSys", "HeapInuse", "HeapIdle", "HeapReleased", "StackInuse", "NumGC"}

// profiler fetches profiles from one diktyo-nri's pprof socket.
type profiler struct {
	sock, bin, dir string
	client         *http.Client
}

func newProfiler(sock, bin, dir string) *profiler {
	return &profiler{sock: sock, bin: bin, dir: dir, client: &http.Client{Transport: localapi.UnixTransport(sock)}}
}

// fetch gets one profile (path and query under /debug/pprof/) and keeps
// it in the profile directory as name.
func (p *profiler) fetch(ctx context.Context, query, name string) (string, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://pprof/debug/pprof/"+query, nil)
	if err != nil {
		return "", nil, err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return "", nil, fmt.Errorf("profile %s: %w", query, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", nil, fmt.Errorf("profile %s: %w", query, err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", nil, fmt.Errorf("profile %s: %s: %s", query, resp.Status, strings.TrimSpace(string(body)))
	}
	path := filepath.Join(p.dir, name)
	if err := os.WriteFile(path, body, 0o644); err != nil {
		return "", nil, err
	}
	return path, body, nil
}

// waitUp waits for a freshly started instance's socket to answer.
func (p *profiler) waitUp(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		if _, err := os.Stat(p.sock); err == nil {
			if c, err := net.DialTimeout("unix", p.sock, time.Second); err == nil {
				return c.Close()
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("profile socket %s did not answer within %s", p.sock, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// cpu takes a CPU profile of profileSeconds and returns its top.
func (p *profiler) cpu(ctx context.Context, name string) (string, string, error) {
	path, _, err := p.fetch(ctx, fmt.Sprintf("profile?seconds=%d", profileSeconds), name)
	if err != nil {
		return "", "", err
	}
	top, err := p.top(ctx, path, "-cum")
	return path, top, err
}

// heap takes the heap profile after a GC (what is live) and the
// runtime's memory statistics.
func (p *profiler) heap(ctx context.Context, prof *ScaleProfile) error {
	path, _, err := p.fetch(ctx, "heap?gc=1", "heap.pb.gz")
	if err != nil {
		return err
	}
	prof.Files = append(prof.Files, path)
	if prof.HeapTop, err = p.top(ctx, path, "-sample_index=inuse_space"); err != nil {
		return err
	}
	_, text, err := p.fetch(ctx, "heap?debug=1", "heap.txt")
	if err != nil {
		return err
	}
	prof.MemStats = memStats(text)
	return nil
}

// top is `go tool pprof -top` of a profile, its first lines.
func (p *profiler) top(ctx context.Context, path string, extra ...string) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("rendering %s: %w", path, err)
	}
	args := append([]string{"tool", "pprof", "-top", "-nodecount=18"}, extra...)
	cmd := exec.CommandContext(ctx, goBin, append(args, p.bin, path)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go tool pprof %s: %w: %s", path, err, strings.TrimSpace(errb.String()))
	}
	// The build ID and the clock time change every run and say nothing
	// of the figures.
	var keep []string
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "Build ID:") && !strings.HasPrefix(l, "Time:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n"), nil
}

// memStats reads the "# Name = value" trailer of a debug=1 heap profile.
func memStats(text []byte) map[string]int64 {
	m := map[string]int64{}
	s := bufio.NewScanner(bytes.NewReader(text))
	for s.Scan() {
		name, val, ok := strings.Cut(strings.TrimPrefix(s.Text(), "# "), " = ")
		if !ok {
			continue
		}
		for _, k := range memStatKeys {
			if name == k {
				if v, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64); err == nil {
					m[k] = v
				}
			}
		}
	}
	return m
}

// cpuDuring takes a CPU profile in the background; the returned func
// waits for it and records it (or its error) in prof.
func (p *profiler) cpuDuring(ctx context.Context, name string, set func(*ScaleProfile, string)) func(*ScaleProfile) {
	type result struct {
		path, top string
		err       error
	}
	ch := make(chan result, 1)
	go func() {
		path, top, err := p.cpu(ctx, name)
		ch <- result{path, top, err}
	}()
	return func(prof *ScaleProfile) {
		r := <-ch
		if r.err != nil {
			prof.Errors = append(prof.Errors, r.err.Error())
			return
		}
		prof.Files = append(prof.Files, r.path)
		set(prof, r.top)
	}
}
