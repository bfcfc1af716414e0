// Package kubeapi starts a real etcd and kube-apiserver for tests: the
// binaries hack/cluster.sh builds from the Go module proxy, found in
// $DIKTYO_KUBE_BIN (the Makefile sets it). RBAC is on, users
// authenticate with static tokens (User), and everything lives in a
// temporary directory, on loopback ports picked free.
//
// Without $DIKTYO_KUBE_BIN a test that needs the server skips, unless
// DIKTYO_E2E=1 (make test): there it fails, so the suite never passes
// without the real server.
package kubeapi

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/diktyo-io/diktyo/pkg/policy"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// EnvBin names the directory holding etcd and kube-apiserver.
const EnvBin = "DIKTYO_KUBE_BIN"

// User is a static-token identity of the test server.
type User struct {
	Name   string
	Groups []string
}

// Admin is in system:masters.
var Admin = User{Name: "diktyo-test-admin", Groups: []string{"system:masters"}}

// ServiceAccount is the identity of diktyo-nri's pod: the service
// account deploy/ binds its RBAC to.
func ServiceAccount(namespace, name string) User {
	return User{Name: "system:serviceaccount:" + namespace + ":" + name,
		Groups: []string{"system:serviceaccounts", "system:serviceaccounts:" + namespace, "system:authenticated"}}
}

// Server is a running etcd and kube-apiserver.
type Server struct {
	URL    string
	dir    string
	tokens map[string]string // user name -> token
	procs  []proc
	logs   []string

	applyMu sync.Mutex
	applied map[string]error // ApplyFile's path -> its result
}

type proc struct {
	cmd  *exec.Cmd
	done <-chan struct{} // closed when it exited
}

var (
	sharedMu sync.Mutex
	shared   *Server
)

// Shared returns the test binary's server, starting it on first use; Stop
// it from TestMain. users are every identity the package's tests use
// (the token file is read at start).
func Shared(t testing.TB, users ...User) *Server {
	t.Helper()
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil {
		s, err := start(binDir(t), users)
		if err != nil {
			t.Fatalf("kube-apiserver: %v", err)
		}
		shared = s
	}
	return shared
}

// StopShared stops the shared server, if one was started.
func StopShared() {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared != nil {
		shared.stop()
		shared = nil
	}
}

func binDir(t testing.TB) string {
	dir := os.Getenv(EnvBin)
	if dir == "" {
		if os.Getenv("DIKTYO_E2E") == "1" {
			t.Fatalf("$%s is not set: it names the directory of etcd and kube-apiserver (make test sets it; hack/cluster.sh build makes them)", EnvBin)
		}
		t.Skipf("needs a real kube-apiserver: set $%s to the directory of etcd and kube-apiserver (hack/cluster.sh build)", EnvBin)
	}
	for _, b := range []string{"etcd", "kube-apiserver"} {
		if _, err := os.Stat(filepath.Join(dir, b)); err != nil {
			t.Fatalf("$%s: %v", EnvBin, err)
		}
	}
	return dir
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer func() { _ = l.Close() }()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func start(bin string, users []User) (s *Server, err error) {
	dir, err := os.MkdirTemp("", "diktyo-kubeapi-")
	if err != nil {
		return nil, err
	}
	s = &Server{dir: dir, tokens: map[string]string{}}
	defer func() {
		if err != nil {
			s.stop()
		}
	}()
	if err := s.writeTokens(append([]User{Admin}, users...)); err != nil {
		return nil, err
	}
	if err := writeSAKey(dir); err != nil {
		return nil, err
	}
	etcdPort, err1 := freePort()
	peerPort, err2 := freePort()
	apiPort, err3 := freePort()
	if err1 != nil || err2 != nil || err3 != nil {
		return nil, fmt.Errorf("no free port: %w", errors.Join(err1, err2, err3))
	}
	etcdURL := fmt.Sprintf("http://127.0.0.1:%d", etcdPort)
	if err := s.run(filepath.Join(bin, "etcd"), "etcd",
		"--data-dir", filepath.Join(dir, "etcd"), "--name", "diktyo-test",
		"--listen-client-urls", etcdURL, "--advertise-client-urls", etcdURL,
		"--listen-peer-urls", fmt.Sprintf("http://127.0.0.1:%d", peerPort),
		"--initial-advertise-peer-urls", fmt.Sprintf("http://127.0.0.1:%d", peerPort),
		"--initial-cluster", fmt.Sprintf("diktyo-test=http://127.0.0.1:%d", peerPort),
		"--unsafe-no-fsync", "--log-level", "warn"); err != nil {
		return nil, err
	}
	if err := s.run(filepath.Join(bin, "kube-apiserver"), "kube-apiserver",
		"--etcd-servers", etcdURL,
		"--bind-address", "127.0.0.1", "--advertise-address", "127.0.0.1",
		"--secure-port", fmt.Sprint(apiPort), "--cert-dir", filepath.Join(dir, "certs"),
		"--token-auth-file", filepath.Join(dir, "tokens.csv"),
		"--authorization-mode", "RBAC",
		// Loopback only: no endpoints for the kubernetes Service (nothing
		// here reaches it through a ClusterIP).
		"--endpoint-reconciler-type", "none",
		"--service-account-issuer", "https://kubernetes.default.svc",
		"--service-account-key-file", filepath.Join(dir, "sa.pub"),
		"--service-account-signing-key-file", filepath.Join(dir, "sa.key"),
		// Never routed: no Service is reached in these tests.
		"--service-cluster-ip-range", "198.18.255.0/24",
		"--v", "1"); err != nil {
		return nil, err
	}
	s.URL = fmt.Sprintf("https://127.0.0.1:%d", apiPort)
	return s, s.waitReady(90 * time.Second)
}

func (s *Server) writeTokens(users []User) error {
	var b strings.Builder
	for _, u := range users {
		if _, ok := s.tokens[u.Name]; ok {
			continue
		}
		tok := rand.Text()
		s.tokens[u.Name] = tok
		fmt.Fprintf(&b, "%s,%s,%s,\"%s\"\n", tok, u.Name, u.Name, strings.Join(u.Groups, ","))
	}
	return os.WriteFile(filepath.Join(s.dir, "tokens.csv"), []byte(b.String()), 0o600)
}

func writeSAKey(dir string) error {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	pub, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "sa.key"), pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}), 0o600); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "sa.pub"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}), 0o600)
}

// run starts one server process, its output in the directory's NAME.log;
// it dies with the test binary (Pdeathsig), and at no other time.
func (s *Server) run(path, name string, args ...string) error {
	logPath := filepath.Join(s.dir, name+".log")
	f, err := os.Create(logPath)
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = f, f
	// Forked from a thread that outlives it (StartTied): a plain
	// cmd.Start with Pdeathsig is killed whenever the forking thread
	// ends, and a test binary doing netns work ends threads all the
	// time (a goroutine exiting while locked to its thread).
	done, err := testutil.StartTied(cmd, "")
	_ = f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	p := proc{cmd: cmd, done: done}
	s.procs = append(s.procs, p)
	s.logs = append(s.logs, logPath)
	return nil
}

func (s *Server) waitReady(limit time.Duration) error {
	rc := s.Config(Admin)
	rc.Timeout = 2 * time.Second
	client, err := rest.HTTPClientFor(rc)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		body, err := get(client, s.URL+"/readyz")
		if err == nil && strings.TrimSpace(body) == "ok" {
			return nil
		}
		last = err
		for _, p := range s.procs {
			select {
			case <-p.done:
				return fmt.Errorf("%s exited: %s", p.cmd.Path, s.tail())
			default:
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("not ready within %s (%w): %s", limit, last, s.tail())
}

func get(c *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %s: %s", url, resp.Status, b)
	}
	return string(b), err
}

func (s *Server) tail() string {
	var b strings.Builder
	for _, l := range s.logs {
		data, _ := os.ReadFile(l)
		if len(data) > 3000 {
			data = data[len(data)-3000:]
		}
		fmt.Fprintf(&b, "\n--- %s\n%s", l, data)
	}
	return b.String()
}

// Config is a client config for user (one of those passed to Shared, or
// Admin). The serving certificate is self-signed: not verified.
func (s *Server) Config(u User) *rest.Config {
	return &rest.Config{
		Host:            s.URL,
		BearerToken:     s.tokens[u.Name],
		TLSClientConfig: rest.TLSClientConfig{Insecure: true},
		QPS:             100, Burst: 200,
	}
}

// Kubeconfig writes a kubeconfig file for user into dir and returns its
// path (for diktyo-nri's cluster.api: kubeconfig).
func (s *Server) Kubeconfig(t testing.TB, dir string, u User) string {
	t.Helper()
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["test"] = &clientcmdapi.Cluster{Server: s.URL, InsecureSkipTLSVerify: true}
	cfg.AuthInfos["user"] = &clientcmdapi.AuthInfo{Token: s.tokens[u.Name]}
	cfg.Contexts["test"] = &clientcmdapi.Context{Cluster: "test", AuthInfo: "user"}
	cfg.CurrentContext = "test"
	path := filepath.Join(dir, "kubeconfig-"+strings.NewReplacer(":", "_", "/", "_").Replace(u.Name))
	if err := clientcmd.WriteToFile(*cfg, path); err != nil {
		t.Fatal(err)
	}
	return path
}

func (s *Server) stop() {
	// The API server first: etcd must outlive its client's shutdown.
	for i := len(s.procs) - 1; i >= 0; i-- {
		p := s.procs[i]
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	}
	_ = os.RemoveAll(s.dir)
}

// DiktyoNRI is the identity deploy/ gives diktyo-nri (its service
// account, whose namespace also holds its Leases).
var DiktyoNRI = ServiceAccount(DiktyoNamespace, "diktyo-nri")

// DiktyoNamespace is deploy/'s namespace.
const DiktyoNamespace = "diktyo-system"

// NodeCluster is the admin config's cluster section of diktyo-nri on node
// as DiktyoNRI (a kubeconfig written into a directory of the test's),
// with its Leases in DiktyoNamespace: what cluster.Connect is given.
func (s *Server) NodeCluster(t testing.TB, node string) policy.ClusterConfig {
	t.Helper()
	cfg := policy.DefaultConfig().Cluster
	cfg.API, cfg.Kubeconfig, cfg.NodeName, cfg.Leases.Namespace = policy.ClusterAPIKubeconfig,
		s.Kubeconfig(t, t.TempDir(), DiktyoNRI), node, DiktyoNamespace
	return cfg
}

// Main is a TestMain for a package whose tests use the shared server: it
// runs them (testutil.MainCode: what testutil builds is removed), stops
// the server and exits with their status.
func Main(m *testing.M) {
	code := testutil.MainCode(m)
	StopShared()
	os.Exit(code)
}
