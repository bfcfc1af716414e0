// Package inspect rebuilds what diktyo's chain plugins hold for one pod
// attachment (ipmasq's NAT rules, iproute's routes, rules and marks,
// registerDNS's records) from the attachment libcni cached at its last
// ADD, with each plugin's own parser and planner: the same functions the
// plugins run, so what is shown is what the plugins were asked to
// converge on. It touches nothing, except where a function says it reads
// the kernel (counters, route lookups). diktyo-nri's status and trace use
// it.
package inspect

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"os"

	"github.com/containernetworking/cni/libcni"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/ipmasq/snat"
	"github.com/diktyo-io/diktyo/pkg/iproute"
	"github.com/diktyo-io/diktyo/pkg/registerdns"
	"github.com/diktyo-io/diktyo/pkg/registerdns/record"
)

// Attachment is what the chain's plugins hold for one pod.
type Attachment struct {
	Network string
	// Owner is the ID naming every object the plugins made for the pod.
	Owner string
	Addrs []netip.Prefix
	// Plugins are the chain's plugin types, in order.
	Plugins []string
	Masq    *Masq
	Route   *iproute.Plan
	DNS     *DNS
	// Errors are the plugins whose part could not be rebuilt, and why
	// (e.g. a config the plugin would refuse today).
	Errors map[string]string
}

// Masq is ipmasq's part: its backend and the pod's rules in plan order.
type Masq struct {
	Backend string // snat.BackendIPTables or snat.BackendNFTables
	Tag     string // iptables: the shared chain
	Table   string // nftables: the private table
	Plan    *snat.Plan
}

// DNS is registerDNS's part.
type DNS struct {
	Backend string
	Names   []string
	Records []string
}

// Build rebuilds the attachment of a pod from the chain and the runtime
// config of its ADD (libcni's cache, or what an ADD would be given). It
// fails only when the pod's addresses are unusable; a plugin whose part
// cannot be rebuilt is named in Errors, and the others are still shown.
func Build(list *libcni.NetworkConfigList, rt *libcni.RuntimeConf) (*Attachment, error) {
	ips, err := stringList(rt.CapabilityArgs["ips"])
	if err != nil {
		return nil, fmt.Errorf("capability args ips: %w", err)
	}
	addrs, err := cniutil.PodAddrs(nil, ips, rt.IfName)
	if err != nil {
		return nil, err
	}
	a := &Attachment{
		Network: list.Name,
		Owner:   cniutil.OwnerID(list.Name, rt.ContainerID, rt.IfName),
		Addrs:   addrs,
	}
	for _, p := range list.Plugins {
		a.Plugins = append(a.Plugins, p.Network.Type)
		stdin, err := PluginStdin(list, p, rt.CapabilityArgs)
		if err == nil {
			err = a.add(p.Network.Type, stdin, rt)
		}
		if err != nil {
			if a.Errors == nil {
				a.Errors = map[string]string{}
			}
			a.Errors[p.Network.Type] = err.Error()
		}
	}
	return a, nil
}

func (a *Attachment) add(typ string, stdin []byte, rt *libcni.RuntimeConf) error {
	var err error
	switch typ {
	case "ipmasq":
		a.Masq, err = buildMasq(a, stdin)
	case "iproute":
		a.Route, err = buildRoute(a, stdin, rt.IfName)
	case "registerDNS":
		a.DNS, err = buildDNS(a, stdin, rt)
	}
	return err
}

// PluginStdin builds a plugin's stdin as libcni does: the plugin conf
// with the list's name and cniVersion, and the runtimeConfig of the
// capabilities the plugin declares.
func PluginStdin(list *libcni.NetworkConfigList, p *libcni.PluginConfig, capArgs map[string]any) ([]byte, error) {
	rc := map[string]any{}
	for capName, on := range p.Network.Capabilities {
		if v, ok := capArgs[capName]; ok && on {
			rc[capName] = v
		}
	}
	conf, err := libcni.InjectConf(p, map[string]any{"name": list.Name, "cniVersion": list.CNIVersion, "runtimeConfig": rc})
	if err != nil {
		return nil, fmt.Errorf("building the plugin's config: %w", err)
	}
	return conf.Bytes, nil
}

func buildMasq(a *Attachment, stdin []byte) (*Masq, error) {
	cfg, err := snat.ParseConfig(stdin)
	if err != nil {
		return nil, err
	}
	owner := snat.Owner{Network: a.Network, ID: a.Owner}
	return &Masq{Backend: cfg.Backend, Tag: cfg.Tag, Table: cfg.Table, Plan: snat.BuildPlan(cfg, owner, a.Addrs)}, nil
}

func buildRoute(a *Attachment, stdin []byte, ifName string) (*iproute.Plan, error) {
	_, cfg, pod, err := iproute.Load(stdin)
	if err != nil {
		return nil, err
	}
	// The host-side interface only names host routes' device; it is
	// found at ADD time, so it is not known here.
	plan := iproute.BuildPlan(cfg, pod, a.Addrs, ifName, pod.HostInterface)
	return &plan, nil
}

// buildDNS works the names and records out as registerDNS does, from its
// zones and template and the pod's identity, without building a backend
// (which would read the TSIG secret).
func buildDNS(a *Attachment, stdin []byte, rt *libcni.RuntimeConf) (*DNS, error) {
	var conf struct {
		Backend       string   `json:"backend"`
		Plugin        string   `json:"plugin"`
		Zones         []string `json:"zones"`
		ReverseZones  []string `json:"reverseZones"`
		NameTemplate  string   `json:"nameTemplate"`
		NodeName      string   `json:"nodeName"`
		TTL           *uint32  `json:"ttl"`
		RuntimeConfig struct {
			DNSNames []string `json:"dnsNames"`
		} `json:"runtimeConfig"`
	}
	if err := json.Unmarshal(stdin, &conf); err != nil {
		return nil, fmt.Errorf("parsing registerDNS config: %w", err)
	}
	d := &DNS{Backend: conf.Backend}
	if d.Backend == "" {
		d.Backend = "hosts"
		if conf.Plugin != "" {
			d.Backend = "exec"
		}
	}
	if d.Backend == "exec" {
		return d, nil // the exec backend registers the pod, not names
	}
	zones, err := record.ParseZones("zones", conf.Zones)
	if err != nil {
		return nil, err
	}
	tmpl, err := record.ParseTemplate(conf.NameTemplate)
	if err != nil {
		return nil, fmt.Errorf("nameTemplate: %w", err)
	}
	var reverse record.Zones
	if d.Backend == "rfc2136" {
		if reverse, err = record.ParseReverseZones("reverseZones", conf.ReverseZones); err != nil {
			return nil, err
		}
	}
	pod := record.Pod{DNSNames: conf.RuntimeConfig.DNSNames}
	for _, kv := range rt.Args {
		switch kv[0] {
		case "K8S_POD_NAMESPACE":
			pod.Namespace = kv[1]
		case "K8S_POD_NAME":
			pod.Name = kv[1]
		case "K8S_POD_UID":
			pod.UID = kv[1]
		}
	}
	names, err := record.Names(record.NameConfig{Zones: zones, Template: tmpl}, pod)
	if err != nil {
		return nil, err
	}
	ttl := uint32(registerdns.DefaultTTL)
	if conf.TTL != nil {
		ttl = *conf.TTL
	}
	ips := make([]netip.Addr, len(a.Addrs))
	for i, p := range a.Addrs {
		ips[i] = p.Addr()
	}
	owner := record.Owner{ID: a.Owner, Network: a.Network, Node: nodeName(conf.NodeName), Pod: record.PodRef(pod.Namespace, pod.Name)}
	for _, n := range names {
		d.Names = append(d.Names, n.Host())
	}
	for _, r := range record.Build(owner, names, ips, reverse, ttl) {
		d.Records = append(d.Records, r.String())
	}
	return d, nil
}

// nodeName is registerDNS's nodeName: the config's, else $NODE_NAME,
// else the hostname (it only shows in the owner TXT record).
func nodeName(conf string) string {
	if conf != "" {
		return conf
	}
	if n := os.Getenv(registerdns.NodeNameEnv); n != "" {
		return n
	}
	h, _ := os.Hostname()
	return h
}

// stringList reads a capability arg that is a list of strings, as given
// ([]string) or as decoded from libcni's cache ([]any).
func stringList(v any) ([]string, error) {
	switch l := v.(type) {
	case nil:
		return nil, nil
	case []string:
		return l, nil
	case []any:
		out := make([]string, 0, len(l))
		for i, e := range l {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("[%d]: %v is not a string", i, e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%v is not a list of strings", v)
}
