package e2e

import (
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/egress"
	"github.com/diktyo-io/diktyo/pkg/policy"
)

// extPool is the egress pool's address: declared by the test's egress
// section only, so no explicit allowlisted range overlaps it.
const extPool = "198.19.255.13"

// TestEgressPool: under a real containerd, two pods asking for pool:e2e
// get disjoint port blocks of one external address; the remote sees each
// pod's traffic from its own block; the attribution log maps every
// (address, port) the remote saw back to the right pod; removing the pods
// leaves nothing.
func TestEgressPool(t *testing.T) {
	v := requireVM(t)
	newRemote(t)
	dir := t.TempDir()
	attr := filepath.Join(dir, "attribution.jsonl")
	cfg := v.configWith(t, func(c map[string]any) {
		c["egress"] = map[string]any{
			// routed: the remote routes them to the node, which does
			// not carry them (manage: false addresses must be on the
			// node otherwise).
			"addresses": []any{
				map[string]any{"address": extA, "routed": true}, map[string]any{"address": extB, "routed": true},
				map[string]any{"address": extPorts, "routed": true}, map[string]any{"address": extPool, "routed": true},
			},
			"pools":          []any{map[string]any{"name": "e2e", "address": extPool, "ports": "30000-30127", "blockSize": 64}},
			"attributionLog": attr,
			"stateDir":       filepath.Join(dir, "state"),
		}
		rule := c["namespaces"].([]any)[0].(map[string]any)
		rule["allow"].(map[string]any)["masq"].(map[string]any)["pools"] = []any{"e2e"}
	})
	n := v.startNRI(t, cfg)
	t.Cleanup(func() {
		if t.Failed() {
			n.dumpLog(t)
		}
	})
	ann := map[string]string{policy.KeyMasq: masq(api.MasqEntry{External: "pool:e2e", Destination: prefix24(dstSNAT), Protocol: "tcp"})}
	a := v.mustRunPod(t, "pool-a", "e2e-egress", ann)
	b := v.mustRunPod(t, "pool-b", "e2e-egress", ann)
	seen := map[string]netip.AddrPort{}
	for _, p := range []*pod{a, b} {
		out, err := p.connect(t, net.JoinHostPort(dstSNAT, strconv.Itoa(listenPort)))
		if err != nil {
			t.Fatalf("pod %s: %v\n%s", p.Name, err, out)
		}
		s, err := parseSeen(out)
		if err != nil {
			t.Fatal(err)
		}
		if s.Addr().String() != extPool || s.Port() < 30000 || s.Port() > 30127 {
			t.Fatalf("pod %s: remote saw %s, want %s with a port of the pool", p.Name, s, extPool)
		}
		seen[p.Name] = s
	}
	if (seen["pool-a"].Port()-30000)/64 == (seen["pool-b"].Port()-30000)/64 {
		t.Errorf("pods share a block: remote saw %s and %s", seen["pool-a"], seen["pool-b"])
	}
	now := time.Now()
	for name, s := range seen {
		f, err := os.Open(attr)
		if err != nil {
			t.Fatal(err)
		}
		who, err := egress.Attribute(f, s.Addr(), s.Port(), now)
		_ = f.Close()
		if err != nil || who.Name != name || who.Namespace != "e2e-egress" {
			t.Errorf("%s attributed to %+v (%v), want e2e-egress/%s", s, who, err, name)
		}
	}
	for _, p := range []*pod{a, b} {
		p.stop(t)
		p.remove(t)
		expectNothingLeft(t, p)
	}
}
