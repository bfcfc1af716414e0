package registerdns

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/containernetworking/cni/pkg/types"
	"github.com/miekg/dns"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/registerdns/execbackend"
	"github.com/diktyo-io/diktyo/pkg/registerdns/hosts"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
	"github.com/diktyo-io/diktyo/pkg/registerdns/rfc2136"
)

// Backend names.
const (
	BackendHosts   = "hosts"
	BackendRFC2136 = "rfc2136"
	BackendExec    = "exec"
)

// Defaults.
const (
	DefaultHostsFile = "/var/lib/diktyo/dns/hosts"
	DefaultTTL       = 30
	DefaultTimeout   = time.Second
	DefaultGCTimeout = 30 * time.Second
	DefaultAlgorithm = "hmac-sha256"
)

// Conf is registerDNS's plugin configuration as it appears in a conflist.
type Conf struct {
	types.PluginConf

	// Backend is "hosts" (default), "rfc2136" or "exec". When empty and
	// Plugin is set, it is "exec": the original Diktyo config unchanged.
	Backend string `json:"backend,omitempty"`
	// Zones are the forward zones names must fall in; the first is the
	// default for relative names and the template's {zone}.
	Zones []string `json:"zones,omitempty"`
	// ReverseZones get PTR records for pod addresses inside them (rfc2136).
	ReverseZones []string `json:"reverseZones,omitempty"`
	// NameTemplate derives a name from CNI_ARGS, e.g. "{name}.{namespace}.{zone}".
	NameTemplate string `json:"nameTemplate,omitempty"`
	// TTL of every record, seconds (default 30).
	TTL *uint32 `json:"ttl,omitempty"`
	// Timeout bounds the backend work of ADD, DEL, CHECK and STATUS.
	Timeout string `json:"timeout,omitempty"`
	// GCTimeout bounds GC (zone transfers can be large).
	GCTimeout string `json:"gcTimeout,omitempty"`
	// NodeName is written into every record's owner tag, and GC removes
	// only records of its own node: every node runs the same conflist,
	// so nothing else tells one node's records from another's in a
	// shared zone. Default: $NODE_NAME, else the hostname.
	NodeName string `json:"nodeName,omitempty"`

	Hosts   *HostsConf   `json:"hosts,omitempty"`
	RFC2136 *RFC2136Conf `json:"rfc2136,omitempty"`

	// Plugin and AppIDKey configure the exec backend, with the original
	// Diktyo field names.
	Plugin   string `json:"plugin,omitempty"`
	AppIDKey string `json:"app_id_key,omitempty"`

	RuntimeConfig RuntimeConfig `json:"runtimeConfig,omitempty"`
}

// HostsConf configures the hosts backend.
type HostsConf struct {
	File string `json:"file,omitempty"`
}

// RFC2136Conf configures the rfc2136 backend.
type RFC2136Conf struct {
	// Server is "host" or "host:port" (default port 53).
	Server string `json:"server"`
	// Transport is "tcp" (default) or "udp".
	Transport string `json:"transport,omitempty"`
	// KeyName and Algorithm of the TSIG key; both may come from the key
	// file instead when it is in BIND's key-file format.
	KeyName   string `json:"keyName,omitempty"`
	Algorithm string `json:"algorithm,omitempty"`
	// TSIGSecretFile holds the secret: either a BIND key file
	// (tsig-keygen output) or just the base64 secret.
	TSIGSecretFile string `json:"tsigSecretFile"`
}

// RuntimeConfig holds the capability arguments registerDNS reads.
type RuntimeConfig struct {
	IPs      []string          `json:"ips,omitempty"`
	DNSNames []string          `json:"dnsNames,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
	// err is why the capabilities did not decode; ADD and CHECK report
	// it, DEL and GC (which need only the node config) go on.
	err error
}

// UnmarshalJSON decodes the capabilities strictly (api.DecodeRuntimeConfig)
// and keeps a decoding error for the verbs that need the capabilities.
func (rc *RuntimeConfig) UnmarshalJSON(data []byte) error {
	type plain RuntimeConfig // without this method
	v, err := api.DecodeRuntimeConfig[plain](data)
	*rc = RuntimeConfig(v)
	rc.err = err
	return nil
}

// Config is a validated configuration with its backend.
type Config struct {
	Conf         *Conf
	Zones        record.Zones
	ReverseZones record.Zones
	Template     record.Template
	TTL          uint32
	Timeout      time.Duration
	GCTimeout    time.Duration
	Backend      record.Backend
	BackendName  string
	Node         string // nodeName, resolved
	// templateErr is why Template may not name pods; ADD and CHECK
	// report it, DEL and GC go on without the template's name.
	templateErr error
}

// NodeNameEnv is the environment variable nodeName defaults to (the
// DaemonSet sets it from spec.nodeName).
const NodeNameEnv = "NODE_NAME"

// Parse parses and validates stdin, reads the TSIG secret file, and builds
// the backend. Errors name the field and the value (never a secret).
func Parse(stdin []byte) (*Config, error) {
	p, err := ParseConfig(stdin)
	if err != nil {
		return nil, err
	}
	if err := p.buildBackend(); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseConfig is Parse without the backend: pure (no secret file read, no
// server contacted), for plans such as diktyo-nri explain's.
func ParseConfig(stdin []byte) (*Config, error) {
	conf := &Conf{}
	// Strict: a misspelt setting is an error, not a default in force.
	if err := api.DecodePluginConf(stdin, conf); err != nil {
		return nil, fmt.Errorf("parsing registerDNS config: %w", err)
	}
	// The network name goes into owner tags (TXT strings, hosts-file
	// comments), so it must be what libcni allows and nothing more.
	if !networkName.MatchString(conf.Name) {
		return nil, fmt.Errorf("name: invalid network name %q (letters, digits, '_', '.', '-')", conf.Name)
	}
	p := &Config{Conf: conf, TTL: DefaultTTL, Timeout: DefaultTimeout, GCTimeout: DefaultGCTimeout}
	var err error
	if conf.TTL != nil {
		if *conf.TTL > 1<<31-1 {
			return nil, fmt.Errorf("ttl: %d is larger than 2147483647", *conf.TTL)
		}
		p.TTL = *conf.TTL
	}
	if p.Timeout, err = parseTimeout("timeout", conf.Timeout, DefaultTimeout); err != nil {
		return nil, err
	}
	if p.GCTimeout, err = parseTimeout("gcTimeout", conf.GCTimeout, DefaultGCTimeout); err != nil {
		return nil, err
	}
	if p.Zones, err = record.ParseZones("zones", conf.Zones); err != nil {
		return nil, err
	}
	for i, z := range p.Zones {
		if record.IsReverseZone(z) {
			return nil, fmt.Errorf("zones[%d]: %q is a reverse zone; list it in reverseZones", i, conf.Zones[i])
		}
	}
	if p.ReverseZones, err = record.ParseReverseZones("reverseZones", conf.ReverseZones); err != nil {
		return nil, err
	}
	if p.Template, err = record.ParseTemplate(conf.NameTemplate); err != nil {
		return nil, fmt.Errorf("nameTemplate: %w", err)
	}
	// The node's one template names the pods of every namespace on it.
	// Kept for ADD and CHECK to report: DEL and GC find the records by
	// their owner tags, and must still remove what an older, laxer
	// version registered with it.
	if err := p.Template.SharedBy("every namespace of the node"); err != nil {
		p.templateErr = fmt.Errorf("nameTemplate: %w", err)
	}
	if p.Node, err = nodeName(conf.NodeName); err != nil {
		return nil, err
	}
	p.BackendName = conf.Backend
	if p.BackendName == "" {
		p.BackendName = BackendHosts
		if conf.Plugin != "" {
			p.BackendName = BackendExec
		}
	}
	if p.BackendName != BackendExec && len(p.Zones) == 0 {
		return nil, fmt.Errorf("zones: at least one zone is required by the %s backend", p.BackendName)
	}
	return p, nil
}

// nodeName resolves the nodeName field: the config's value, else
// $NODE_NAME, else the hostname. Errors name where the value came from.
func nodeName(conf string) (string, error) {
	field, n := "nodeName", conf
	if n == "" {
		field, n = "nodeName (from $"+NodeNameEnv+")", os.Getenv(NodeNameEnv)
	}
	if n == "" {
		h, err := os.Hostname()
		if err != nil {
			return "", fmt.Errorf("nodeName: not set, $%s is empty, and the hostname is unknown: %w", NodeNameEnv, err)
		}
		field, n = "nodeName (from the hostname)", h
	}
	if err := record.CheckNode(n); err != nil {
		return "", fmt.Errorf("%s: %w", field, err)
	}
	return n, nil
}

func parseTimeout(field, s string, def time.Duration) (time.Duration, error) {
	if s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: invalid duration %q (e.g. \"1500ms\")", field, s)
	}
	return d, nil
}

func (p *Config) buildBackend() error {
	c := p.Conf
	switch p.BackendName {
	case BackendHosts:
		file := DefaultHostsFile
		if c.Hosts != nil && c.Hosts.File != "" {
			file = c.Hosts.File
		}
		if !filepath.IsAbs(file) {
			return fmt.Errorf("hosts.file: %q is not an absolute path", file)
		}
		p.Backend = hosts.New(filepath.Clean(file), p.Node)
	case BackendRFC2136:
		o, err := rfc2136Options(c.RFC2136)
		if err != nil {
			return err
		}
		o.Zones, o.ReverseZones, o.Timeout, o.Node = p.Zones, p.ReverseZones, p.Timeout, p.Node
		p.Backend = rfc2136.New(o)
	case BackendExec:
		if c.Plugin == "" {
			return errors.New("plugin: required by the exec backend (the registry client binary, e.g. consul-cli)")
		}
		if c.AppIDKey == "" {
			return errors.New("app_id_key: required by the exec backend (the runtimeConfig.metadata key holding the app ID)")
		}
		p.Backend = execbackend.New(execbackend.Options{Plugin: c.Plugin, AppIDKey: c.AppIDKey, Timeout: p.Timeout})
	default:
		return fmt.Errorf("backend: unknown backend %q (hosts, rfc2136 or exec)", c.Backend)
	}
	return nil
}

var algorithms = map[string]string{
	"hmac-sha1":   dns.HmacSHA1,
	"hmac-sha224": dns.HmacSHA224,
	"hmac-sha256": dns.HmacSHA256,
	"hmac-sha384": dns.HmacSHA384,
	"hmac-sha512": dns.HmacSHA512,
}

func rfc2136Options(c *RFC2136Conf) (rfc2136.Options, error) {
	var o rfc2136.Options
	if c == nil || c.Server == "" {
		return o, errors.New("rfc2136.server: required by the rfc2136 backend")
	}
	server, err := serverAddr(c.Server)
	if err != nil {
		return o, err
	}
	o.Server = server
	switch o.Transport = c.Transport; o.Transport {
	case "":
		o.Transport = "tcp"
	case "tcp", "udp":
	default:
		return o, fmt.Errorf("rfc2136.transport: %q is not tcp or udp", c.Transport)
	}
	o.Key, err = loadKey(c)
	return o, err
}

func serverAddr(s string) (string, error) {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		host, port = strings.Trim(s, "[]"), "53"
	}
	if host == "" || strings.ContainsAny(host, " /") {
		return "", fmt.Errorf("rfc2136.server: invalid server %q (host or host:port)", s)
	}
	return net.JoinHostPort(host, port), nil
}

var (
	networkName   = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9_.\-]*$`)
	keyFileName   = regexp.MustCompile(`key\s+"?([^"\s{]+)"?\s*\{`)
	keyFileAlg    = regexp.MustCompile(`algorithm\s+"?([A-Za-z0-9-]+)"?\s*;`)
	keyFileSecret = regexp.MustCompile(`secret\s+"([^"]+)"\s*;`)
)

// loadKey reads the TSIG key. The secret is only ever read from the file;
// errors about it name the file, never its contents.
func loadKey(c *RFC2136Conf) (rfc2136.Key, error) {
	var k rfc2136.Key
	if c.TSIGSecretFile == "" {
		return k, errors.New("rfc2136.tsigSecretFile: required (path of a BIND key file or of a file holding the base64 secret)")
	}
	data, err := readSmallFile(c.TSIGSecretFile)
	if err != nil {
		return k, fmt.Errorf("rfc2136.tsigSecretFile: %w", err)
	}
	text := string(data)
	fileName, fileAlg, secret := "", "", strings.TrimSpace(text)
	if m := keyFileSecret.FindStringSubmatch(text); m != nil {
		secret = m[1]
		if m := keyFileName.FindStringSubmatch(text); m != nil {
			fileName = m[1]
		}
		if m := keyFileAlg.FindStringSubmatch(text); m != nil {
			fileAlg = m[1]
		}
	}
	if secret == "" {
		return k, fmt.Errorf("rfc2136.tsigSecretFile: %s holds no secret", c.TSIGSecretFile)
	}
	if _, err := base64.StdEncoding.DecodeString(secret); err != nil {
		return k, fmt.Errorf("rfc2136.tsigSecretFile: the secret in %s is not valid base64", c.TSIGSecretFile)
	}
	k.Secret = secret

	name := c.KeyName
	switch {
	case name == "" && fileName == "":
		return k, errors.New("rfc2136.keyName: required when tsigSecretFile is not a BIND key file")
	case name == "":
		name = fileName
	case fileName != "" && dns.CanonicalName(fileName) != dns.CanonicalName(name):
		return k, fmt.Errorf("rfc2136.keyName: %q differs from the key %q in %s", c.KeyName, fileName, c.TSIGSecretFile)
	}
	if _, ok := dns.IsDomainName(name); !ok {
		return k, fmt.Errorf("rfc2136.keyName: invalid key name %q", name)
	}
	k.Name = dns.CanonicalName(name)

	alg := strings.ToLower(c.Algorithm)
	if alg == "" {
		alg = strings.ToLower(fileAlg)
	} else if fileAlg != "" && !strings.EqualFold(fileAlg, alg) {
		return k, fmt.Errorf("rfc2136.algorithm: %q differs from %q in %s", c.Algorithm, fileAlg, c.TSIGSecretFile)
	}
	if alg == "" {
		alg = DefaultAlgorithm
	}
	a, ok := algorithms[strings.TrimSuffix(alg, ".")]
	if !ok {
		return k, fmt.Errorf("rfc2136.algorithm: unsupported %q (hmac-sha1, hmac-sha224, hmac-sha256, hmac-sha384, hmac-sha512)", alg)
	}
	k.Algorithm = a
	return k, nil
}

// readSmallFile reads a regular file of at most 64 KiB: a key file is a
// few hundred bytes, and a device or FIFO there must not hang the plugin.
func readSmallFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	const limit = 64 << 10
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return data, nil
}
