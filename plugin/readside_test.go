package plugin

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
	"github.com/diktyo-io/diktyo/pkg/explain"
	"github.com/diktyo-io/diktyo/pkg/localapi"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// throwawayPart is the part of a plugin diktyo does not ship: a
// greeting for the pod's addresses.
type throwawayPart struct {
	Greeting string   `json:"greeting"`
	Addrs    []string `json:"addrs"`
	Counted  bool     `json:"counted,omitempty"`
}

func (p *throwawayPart) Section() string { return "throwaway" }

func (p *throwawayPart) String() string {
	return "greets " + strings.Join(p.Addrs, ", ") + " with " + p.Greeting
}

func (p *throwawayPart) Trace(pk cniutil.Packet) cniutil.Hop {
	return cniutil.Hop{Mark: 0x4200, PodRoutes: []string{"throwaway route to " + pk.Dst.String()}}
}

func (p *throwawayPart) ReadCounters(context.Context, cniutil.ReadEnv) { p.Counted = true }

// throwaway is a plugin in the contract and nowhere else: its package
// would be this value, and its registry line chainrun.Register.
var throwaway = cniutil.Plugin{
	Type:  "throwaway",
	About: "a test plugin",
	Verbs: func(cniutil.Env) cniutil.Verbs { return cniutil.Verbs{} },
	Explain: func(_ []byte, pod cniutil.ExplainPod) (string, error) {
		return "throwaway plan for sandbox " + pod.ContainerID, nil
	},
	Describe: func(stdin []byte, pod cniutil.ExplainPod) (cniutil.Part, error) {
		var conf struct {
			Greeting string `json:"greeting"`
		}
		if err := json.Unmarshal(stdin, &conf); err != nil {
			return nil, err
		}
		p := &throwawayPart{Greeting: conf.Greeting}
		for _, a := range pod.Addrs {
			p.Addrs = append(p.Addrs, a.Addr().String())
		}
		return p, nil
	},
}

// TestReadSideOfANewPlugin: a plugin added to the registry, and nowhere
// else, shows in status (its part, with its counters), in trace (its
// mark and pod routes) and in explain (its summary and plan): the read
// side knows no plugin by name.
func TestReadSideOfANewPlugin(t *testing.T) {
	unregister, err := chainrun.Register(throwaway)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unregister)
	if _, err := chainrun.Register(throwaway); err == nil {
		t.Error("a type registered twice")
	}
	env := statusPluginWith(t, `{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"throwaway","greeting":"hello","capabilities":{"ips":true}}]}`)
	env.add(t, webPod(), webArgs)
	ctx := context.Background()

	s, err := env.p.Pod(ctx, "team-a", "web-1")
	if err != nil {
		t.Fatal(err)
	}
	a := s.Attachment
	if a == nil || len(a.Errors) != 0 || strings.Join(a.Plugins, ",") != "throwaway" || a.SNAT != nil {
		t.Fatalf("attachment %+v", a)
	}
	var part throwawayPart
	if err := localapi.DecodeStrict(a.Parts["throwaway"], &part); err != nil ||
		part.Greeting != "hello" || strings.Join(part.Addrs, ",") != "100.64.0.5" || !part.Counted {
		t.Errorf("status part %s (%v)", a.Parts["throwaway"], err)
	}
	raw, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(raw), `"parts":{"throwaway":{"greeting":"hello"`) {
		t.Errorf("the API's JSON lacks the part: %s (%v)", raw, err)
	}

	tr, err := env.p.Trace(ctx, localapi.TraceRequest{Pod: "team-a/web-1", Destination: "198.51.100.7:443"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Route.Mark != 0x4200 || env.router.queries[0].Mark != 0x4200 || strings.Join(tr.PodRoutes, ",") != "throwaway route to 198.51.100.7" {
		t.Errorf("trace %+v, route query %+v", tr, env.router.queries[0])
	}
	if tr.SNAT.Rule != nil || !strings.Contains(tr.SNAT.Verdict, "no plugin in the pod's chain translates it") {
		t.Errorf("trace snat %+v", tr.SNAT)
	}

	var b strings.Builder
	if err := explain.Explain(&b, explain.Input{Config: env.p.Config(), Pod: policy.Pod{Namespace: "team-a", Name: "web-1"},
		Annotations: webPod().Annotations, IPs: []string{"100.64.0.9"}}); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	for _, want := range []string{"  throwaway:\n    greets 100.64.0.9 with hello\n    throwaway plan for sandbox 0123456789abcdef"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("explain lacks %q:\n%s", want, b.String())
		}
	}
}

// The parts of the plugins diktyo ships land in the API's typed
// sections, field for field (SetPart decodes them strictly).
func TestShippedPartsFitTheAPI(t *testing.T) {
	env := statusPluginWith(t, `{"cniVersion":"1.1.0","name":"diktyo","plugins":[
 {"type":"ipmasq","backend":"nftables","table":"t","excludeCIDRs":["10.0.0.0/8"],"capabilities":{"ips":true,"masqEntries":true,"snatPolicy":true}},
 {"type":"iproute","capabilities":{"ips":true,"routeEntries":true,"policyRouting":true}},
 {"type":"registerDNS","backend":"hosts","zones":["pods.test"],"nodeName":"n1","nameTemplate":"{name}.{namespace}.{zone}","capabilities":{"ips":true,"dnsNames":true}},
 {"type":"noop","debug":true,"debugDir":"/d"}]}`)
	env.add(t, webPod(), webArgs)
	s, err := env.p.Pod(context.Background(), "team-a", "web-1")
	if err != nil {
		t.Fatal(err)
	}
	a := s.Attachment
	if a == nil || len(a.Errors) != 0 || a.SNAT == nil || a.Routes == nil || a.DNS == nil || a.Parts["noop"] == nil {
		t.Fatalf("attachment %+v", a)
	}
	if a.SNAT.Backend != "nftables" || len(a.SNAT.Rules) != 2 || !strings.HasPrefix(a.SNAT.Rules[1].Chain, "t/") {
		t.Errorf("snat %+v", a.SNAT)
	}
	if len(a.Routes.HostRules) == 0 || strings.Join(a.DNS.Names, ",") != "web-1.team-a.pods.test" || a.DNS.Backend != "hosts" {
		t.Errorf("routes %+v dns %+v", a.Routes, a.DNS)
	}
	if !strings.Contains(string(a.Parts["noop"]), `"dir":"/d/sb-web/eth0/"`) {
		t.Errorf("noop %s", a.Parts["noop"])
	}
}
