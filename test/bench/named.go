package bench

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/miekg/dns"
)

// A BIND9 per node, for registerDNS's rfc2136 backend: it listens on the
// node namespace's own loopback, so nothing outside the run can reach it
// and it can use port 53.

const (
	namedAddr = "127.0.0.1:53"
	tsigName  = "diktyo-bench."
)

type named struct {
	keyFile string
	secret  string // the TSIG key's base64 secret, for updates the harness signs itself
}

// DNS starts (once) a BIND9 in the node serving benchZone with
// TSIG-protected updates, and returns the registerDNS rfc2136 settings.
func (n *Node) DNS() (*named, error) {
	if n.named != nil {
		return n.named, nil
	}
	bin, err := exec.LookPath("named")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/named"); serr != nil {
			return nil, fmt.Errorf("named (BIND9) not installed: %w", err)
		}
		bin = "/usr/sbin/named"
	}
	dir := filepath.Join(n.Dir, "named")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	b64 := base64.StdEncoding.EncodeToString(secret)
	key := fmt.Sprintf("key %q { algorithm hmac-sha256; secret %q; };\n", tsigName, b64)
	zone := "$TTL 30\n@ IN SOA ns." + benchZone + ". hostmaster." + benchZone + ". 1 60 60 600 30\n@ IN NS ns." + benchZone + ".\nns IN A 127.0.0.1\n"
	conf := fmt.Sprintf(`include "%[1]s/tsig.key";
options {
  directory "%[1]s";
  pid-file "%[1]s/named.pid";
  session-keyfile "%[1]s/session.key";
  managed-keys-directory "%[1]s";
  listen-on port 53 { 127.0.0.1; };
  listen-on-v6 { none; };
  recursion no;
  dnssec-validation no;
  notify no;
};
zone "%[2]s." { type primary; file "%[1]s/zone.db"; allow-update { key %[3]q; }; allow-transfer { key %[3]q; }; };
`, dir, benchZone, tsigName)
	for name, text := range map[string]string{"tsig.key": key, "zone.db": zone, "named.conf": conf} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			return nil, err
		}
	}
	logf, err := os.Create(filepath.Join(dir, "named.log"))
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(bin, "-g", "-n", "1", "-u", "root", "-c", filepath.Join(dir, "named.conf"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := n.env.Start(n.Netns, cmd); err != nil {
		return nil, err
	}
	if err := n.waitDNS(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "named.log"))
		return nil, fmt.Errorf("named in %s: %w\n%s", n.Name, err, tail(string(log), 10))
	}
	n.named = &named{keyFile: filepath.Join(dir, "tsig.key"), secret: b64}
	return n.named, nil
}

// lookupA asks the node's named for name's A record ("" when none).
func (n *Node) lookupA(name string) (string, error) {
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), dns.TypeA)
	c := &dns.Client{Net: "tcp", Timeout: 2 * time.Second}
	var r *dns.Msg
	err := n.Do(func() error {
		var err error
		r, _, err = c.Exchange(m, namedAddr)
		return err
	})
	if err != nil {
		return "", err
	}
	for _, rr := range r.Answer {
		if a, ok := rr.(*dns.A); ok {
			return a.A.String(), nil
		}
	}
	return "", nil
}

// waitDNS polls the zone's SOA from inside the node for up to 10 s.
func (n *Node) waitDNS() error {
	m := new(dns.Msg)
	m.SetQuestion(benchZone+".", dns.TypeSOA)
	c := &dns.Client{Net: "tcp", Timeout: 500 * time.Millisecond}
	deadline := time.Now().Add(10 * time.Second)
	for {
		var err error
		derr := n.Do(func() error {
			var conn *dns.Conn
			conn, err = c.Dial(namedAddr)
			if err != nil {
				return nil
			}
			defer conn.Close()
			var r *dns.Msg
			r, _, err = c.ExchangeWithConn(m, conn)
			if err == nil && r.Rcode != dns.RcodeSuccess {
				err = fmt.Errorf("SOA query: %s", dns.RcodeToString[r.Rcode])
			}
			return nil
		})
		if derr != nil {
			return derr
		}
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not answering on %s: %w", namedAddr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
