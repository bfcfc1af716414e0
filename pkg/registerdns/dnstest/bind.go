// Package dnstest starts a real BIND9 (named) for tests: a throwaway
// authoritative server on loopback at a random port, with TSIG-protected
// dynamic zones. It is shared by registerDNS's tests, the NRI plugin's
// integration tests and the end-to-end suite.
//
//	srv := dnstest.StartBind(t, "pods.test.", "100.51.198.in-addr.arpa.")
//	// rfc2136 config: server srv.Addr, tsigSecretFile srv.KeyFile
//	got := srv.Values(t, "web.pods.test.", dns.TypeA) // ["198.51.100.7"]
//
// named runs in the foreground as a child of the test process, with
// everything (config, zones, journals, pid file) in t.TempDir(). It is
// killed and waited for in t.Cleanup, and has PDEATHSIG set, so it never
// outlives the test binary, even when a test fails or the binary panics.
package dnstest

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/containernetworking/plugins/pkg/ns"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// NamedPath is the named binary the helper runs.
var NamedPath = "/usr/sbin/named"

// Server is a running named.
type Server struct {
	Addr      string   // "127.0.0.1:PORT"
	Addr6     string   // "[::1]:PORT", empty when ::1 is unavailable
	Port      int      // the port, on both addresses, UDP and TCP
	Dir       string   // config, zone files and journals
	Zones     []string // fully qualified
	KeyName   string   // TSIG key name, fully qualified ("diktyo-test.")
	Algorithm string   // "hmac-sha256"
	Secret    string   // base64 TSIG secret
	KeyFile   string   // BIND key file holding the key (a tsigSecretFile)
	NetNS     string   // netns path named runs in; "" for the caller's

	mu   sync.Mutex
	cmd  *exec.Cmd
	done <-chan struct{}
	log  testutil.SyncBuffer
}

// StartBind starts named in the current network namespace serving zones
// (forward or reverse, e.g. "pods.test." or "100.51.198.in-addr.arpa."),
// each updatable and transferable with the server's TSIG key. It skips the
// test when named is not installed.
func StartBind(t testing.TB, zones ...string) *Server {
	t.Helper()
	return StartBindIn(t, "", zones...)
}

// StartBindIn is StartBind inside the network namespace at netnsPath
// (loopback must be up there); queries through the Server's methods are
// made from inside it too.
func StartBindIn(t testing.TB, netnsPath string, zones ...string) *Server {
	t.Helper()
	if _, err := os.Stat(NamedPath); err != nil {
		t.Skipf("BIND9 not installed (%s): apt-get install bind9", NamedPath)
	}
	// named runs with -u root, which only root may ask for. StartBind
	// itself touches no host networking (loopback only), so unlike
	// testutil.RequireRoot it does not skip under -short.
	if os.Geteuid() != 0 {
		t.Skip("dnstest: named needs root")
	}
	if len(zones) == 0 {
		t.Fatal("dnstest.StartBind: no zones")
	}
	s := &Server{
		Dir:       t.TempDir(),
		KeyName:   "diktyo-test.",
		Algorithm: "hmac-sha256",
		Secret:    randomSecret(t),
		NetNS:     netnsPath,
	}
	for _, z := range zones {
		s.Zones = append(s.Zones, dns.CanonicalName(z))
	}
	s.KeyFile = filepath.Join(s.Dir, "tsig.key")
	writeFile(t, s.KeyFile, fmt.Sprintf("key %q {\n\talgorithm %s;\n\tsecret %q;\n};\n",
		strings.TrimSuffix(s.KeyName, "."), s.Algorithm, s.Secret))
	for _, z := range s.Zones {
		writeFile(t, s.zoneFile(z), zoneText(z))
	}
	// A port picked free can be taken by someone else before named binds
	// it; try a few.
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if lastErr = s.start(t); lastErr == nil {
			return s
		}
		s.Stop()
	}
	t.Fatalf("starting named: %v\nnamed log:\n%s", lastErr, s.Log())
	return nil
}

func (s *Server) start(t testing.TB) error {
	t.Helper()
	var v6 bool
	err := s.inNS(func() error {
		var err error
		s.Port, v6, err = freePort()
		return err
	})
	if err != nil {
		return err
	}
	s.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(s.Port))
	s.Addr6 = ""
	if v6 {
		s.Addr6 = net.JoinHostPort("::1", strconv.Itoa(s.Port))
	}
	conf := filepath.Join(s.Dir, "named.conf")
	writeFile(t, conf, s.namedConf(v6))
	return s.launch(t, conf)
}

// Restart starts named again after Stop, on the same port, with the zones
// as they were (dynamic updates persist in the zones' journals): a DNS
// server coming back after an outage.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	if err := s.launch(t, filepath.Join(s.Dir, "named.conf")); err != nil {
		t.Fatalf("restarting named: %v\nnamed log:\n%s", err, s.Log())
	}
}

// launch runs named with conf and waits until it answers.
func (s *Server) launch(t testing.TB, conf string) error {
	t.Helper()
	s.log.Reset()
	cmd := exec.Command(NamedPath, "-g", "-n", "1", "-c", conf, "-u", "root")
	cmd.Stdout, cmd.Stderr = &s.log, &s.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	done, err := testutil.StartTied(cmd, s.NetNS)
	if err != nil {
		return fmt.Errorf("exec %s: %w", NamedPath, err)
	}
	s.mu.Lock()
	s.cmd, s.done = cmd, done
	s.mu.Unlock()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("named log (%s), last lines:\n%s", s.Dir, lastLines(s.Log(), 30))
		}
		s.Stop()
	})
	return s.waitReady(done)
}

// waitReady polls for an authoritative SOA of every zone.
func (s *Server) waitReady(done <-chan struct{}) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-done:
			return fmt.Errorf("named exited during start-up")
		default:
		}
		ready := true
		for _, z := range s.Zones {
			r, err := s.Exchange(question(z, dns.TypeSOA))
			if err != nil || !r.Authoritative || len(r.Answer) == 0 {
				ready = false
				break
			}
		}
		if ready {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("named not answering for %v on %s after 20s", s.Zones, s.Addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop kills named and waits for it; safe to call more than once. Tests
// use it to take the server down.
func (s *Server) Stop() {
	s.mu.Lock()
	cmd, done := s.cmd, s.done
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-done
}

// Running reports whether named is still running.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// Log returns what named has logged so far.
func (s *Server) Log() string { return s.log.String() }

// Exchange sends m unsigned over UDP to the server (from its netns) and
// returns the answer.
func (s *Server) Exchange(m *dns.Msg) (*dns.Msg, error) {
	var r *dns.Msg
	err := s.inNS(func() error {
		c := &dns.Client{Net: "udp", Timeout: 2 * time.Second}
		var err error
		r, _, err = c.Exchange(m, s.Addr)
		return err
	})
	return r, err
}

// ExchangeSigned sends m signed with the server's TSIG key (an update a
// test makes behind the plugin's back) and returns the answer.
func (s *Server) ExchangeSigned(m *dns.Msg) (*dns.Msg, error) {
	m.SetTsig(s.KeyName, dns.Fqdn(s.Algorithm), 300, time.Now().Unix())
	var r *dns.Msg
	err := s.inNS(func() error {
		c := &dns.Client{Net: "tcp", Timeout: 2 * time.Second, TsigSecret: map[string]string{s.KeyName: s.Secret}}
		var err error
		r, _, err = c.Exchange(m, s.Addr)
		return err
	})
	return r, err
}

// Query asks for name/qtype and returns the answer RRs of that type (none
// for NXDOMAIN or no data). It fails the test on any other outcome.
func (s *Server) Query(t testing.TB, name string, qtype uint16) []dns.RR {
	t.Helper()
	r, err := s.Exchange(question(name, qtype))
	if err != nil {
		t.Fatalf("query %s %s: %v", name, dns.TypeToString[qtype], err)
	}
	if r.Rcode != dns.RcodeSuccess && r.Rcode != dns.RcodeNameError {
		t.Fatalf("query %s %s: %s", name, dns.TypeToString[qtype], dns.RcodeToString[r.Rcode])
	}
	var out []dns.RR
	for _, rr := range r.Answer {
		if rr.Header().Rrtype == qtype {
			out = append(out, rr)
		}
	}
	return out
}

// Values is Query returning the records' data as sorted strings: the
// address for A/AAAA, the target for PTR/CNAME, the strings joined by a
// space for TXT.
func (s *Server) Values(t testing.TB, name string, qtype uint16) []string {
	t.Helper()
	var out []string
	for _, rr := range s.Query(t, name, qtype) {
		switch v := rr.(type) {
		case *dns.A:
			out = append(out, v.A.String())
		case *dns.AAAA:
			out = append(out, v.AAAA.String())
		case *dns.PTR:
			out = append(out, v.Ptr)
		case *dns.CNAME:
			out = append(out, v.Target)
		case *dns.TXT:
			out = append(out, strings.Join(v.Txt, " "))
		default:
			out = append(out, strings.TrimPrefix(rr.String(), rr.Header().String()))
		}
	}
	slices.Sort(out)
	return out
}

// Names lists the owner names in zone (via AXFR signed with the key),
// excluding the apex, sorted. Tests use it to assert nothing is left.
func (s *Server) Names(t testing.TB, zone string) []string {
	t.Helper()
	zone = dns.CanonicalName(zone)
	var out []string
	err := s.inNS(func() error {
		tr := &dns.Transfer{TsigSecret: map[string]string{s.KeyName: s.Secret}}
		m := new(dns.Msg)
		m.SetAxfr(zone)
		m.SetTsig(s.KeyName, dns.HmacSHA256, 300, time.Now().Unix())
		ch, err := tr.In(m, s.Addr)
		if err != nil {
			return err
		}
		for env := range ch {
			if env.Error != nil {
				return env.Error
			}
			for _, rr := range env.RR {
				n := strings.ToLower(rr.Header().Name)
				if n != zone && !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("AXFR %s: %v", zone, err)
	}
	slices.Sort(out)
	return out
}

func (s *Server) inNS(f func() error) error {
	if s.NetNS == "" {
		return f()
	}
	n, err := ns.GetNS(s.NetNS)
	if err != nil {
		return err
	}
	defer n.Close()
	return n.Do(func(ns.NetNS) error { return f() })
}

func (s *Server) zoneFile(z string) string {
	return filepath.Join(s.Dir, "db."+strings.TrimSuffix(z, "."))
}

func (s *Server) namedConf(v6 bool) string {
	var b strings.Builder
	d := s.Dir
	fmt.Fprintf(&b, "options {\n")
	fmt.Fprintf(&b, "\tdirectory %q;\n\tpid-file %q;\n\tsession-keyfile %q;\n", d, filepath.Join(d, "named.pid"), filepath.Join(d, "session.key"))
	fmt.Fprintf(&b, "\tmanaged-keys-directory %q;\n\tdump-file %q;\n\tstatistics-file %q;\n", d, filepath.Join(d, "cache.db"), filepath.Join(d, "named.stats"))
	fmt.Fprintf(&b, "\tlisten-on port %d { 127.0.0.1; };\n", s.Port)
	if v6 {
		fmt.Fprintf(&b, "\tlisten-on-v6 port %d { ::1; };\n", s.Port)
	} else {
		fmt.Fprintf(&b, "\tlisten-on-v6 { none; };\n")
	}
	b.WriteString("\trecursion no;\n\tallow-query { any; };\n\tdnssec-validation no;\n\tnotify no;\n};\n")
	b.WriteString("controls { };\n") // no rndc channel: parallel servers would fight over port 953
	fmt.Fprintf(&b, "include %q;\n", s.KeyFile)
	key := strings.TrimSuffix(s.KeyName, ".")
	for _, z := range s.Zones {
		fmt.Fprintf(&b, "zone %q {\n\ttype primary;\n\tfile %q;\n\tallow-update { key %q; };\n\tallow-transfer { key %q; };\n};\n",
			strings.TrimSuffix(z, "."), s.zoneFile(z), key, key)
	}
	return b.String()
}

func zoneText(z string) string {
	return fmt.Sprintf("$ORIGIN %s\n$TTL 60\n@ IN SOA ns.invalid. hostmaster.invalid. 1 3600 600 86400 60\n@ IN NS ns.invalid.\n", z)
}

// freePort finds a port free on 127.0.0.1 for UDP and TCP, and reports
// whether ::1 is usable.
func freePort() (int, bool, error) {
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, false, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		u, err := net.ListenPacket("udp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		_ = l.Close()
		if err != nil {
			continue
		}
		_ = u.Close()
		v6 := false
		if l6, err := net.Listen("tcp", net.JoinHostPort("::1", strconv.Itoa(port))); err == nil {
			_ = l6.Close()
			v6 = true
		}
		return port, v6, nil
	}
	return 0, false, fmt.Errorf("no free port found")
}

func question(name string, t uint16) *dns.Msg {
	m := new(dns.Msg)
	m.SetQuestion(dns.CanonicalName(name), t)
	m.RecursionDesired = false
	return m
}

func randomSecret(t testing.TB) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Pid is named's process ID (0 when stopped).
func (s *Server) Pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil || s.cmd.Process == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
