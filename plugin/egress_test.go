package plugin_test

import (
	"context"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	nriapi "github.com/containerd/nri/pkg/api"

	"github.com/diktyo-io/diktyo/pkg/egress"
)

// TestEgressPoolBlocks: pods asking for pool:web get disjoint port blocks
// in their SNAT rules through the real chain; the pool's exhaustion fails
// the next pod naming the pool; a removed pod's block is released and
// granted again; every (address, port, time) maps back to its pod through
// the attribution log.
func TestEgressPoolBlocks(t *testing.T) {
	e := newEnv(t, "fail")
	attr := e.withPool("20000-20127", 64)
	pl, _ := e.startPlugin()
	ann := map[string]string{"diktyo.io/v1.masq": `[{"external":"pool:web","destination":"198.51.100.0/24","protocol":"tcp"}]`}
	blockOf := func(addr string) string {
		t.Helper()
		// The pod's chain is the one its jump names.
		st := e.hostState()
		jump := regexp.MustCompile(`-s ` + regexp.QuoteMeta(addr) + `/32 .* -g (\S+)`).FindStringSubmatch(st)
		if jump == nil {
			t.Fatalf("no jump for %s:\n%s", addr, st)
		}
		m := regexp.MustCompile(`-A ` + regexp.QuoteMeta(jump[1]) + ` .*--to-source 203\.0\.113\.10:(\d+-\d+)`).FindStringSubmatch(st)
		if m == nil {
			t.Fatalf("no SNAT block for %s:\n%s", addr, st)
		}
		return m[1]
	}
	a := e.pod("a", "team-a", "198.51.100.101", ann)
	b := e.pod("b", "team-a", "198.51.100.102", ann)
	for _, pod := range []*nriapi.PodSandbox{a, b} {
		if err := e.run(pod); err != nil {
			t.Fatalf("pod %s: %v", pod.Name, err)
		}
	}
	ba, bb := blockOf("198.51.100.101"), blockOf("198.51.100.102")
	if ba == bb || !(map[string]bool{"20000-20063": true, "20064-20127": true})[ba] || !(map[string]bool{"20000-20063": true, "20064-20127": true})[bb] {
		t.Fatalf("blocks %s and %s: want the pool's two disjoint blocks", ba, bb)
	}
	// diktyo-nri status shows each pod's block.
	for name, block := range map[string]string{"a": ba, "b": bb} {
		st, err := pl.Pod(context.Background(), "team-a", name)
		if err != nil || st.Egress == nil || len(st.Egress.Blocks) != 1 || st.Egress.Blocks[0].Ports != block ||
			st.Egress.Blocks[0].Pool != "web" || st.Egress.Blocks[0].Address != "203.0.113.10" {
			t.Errorf("status of pod %s: %+v (%v), want its block %s of pool web", name, st.Egress, err, block)
		}
	}
	c := e.pod("c", "team-a", "198.51.100.103", ann)
	if err := e.run(c); err == nil || !strings.Contains(err.Error(), "web") {
		t.Fatalf("third pod of a two-block pool: %v, want an exhaustion error naming the pool", err)
	}
	e.stop(c)
	e.remove(c)

	seenA := time.Now()
	e.stop(a)
	e.remove(a)
	d := e.pod("d", "team-a", "198.51.100.104", ann)
	if err := e.run(d); err != nil {
		t.Fatalf("pod after a release: %v", err)
	}
	if bd := blockOf("198.51.100.104"); bd != ba {
		t.Errorf("the released block %s was not granted again (got %s)", ba, bd)
	}
	seenD := time.Now()
	lo := func(block string) uint16 {
		var n uint16
		for _, c := range strings.Split(block, "-")[0] {
			n = n*10 + uint16(c-'0')
		}
		return n
	}
	for _, c := range []struct {
		at   time.Time
		want string
	}{{seenA, "a"}, {seenD, "d"}} {
		f, err := os.Open(attr)
		if err != nil {
			t.Fatal(err)
		}
		who, err := egress.Attribute(f, netip.MustParseAddr("203.0.113.10"), lo(ba)+5, c.at)
		_ = f.Close()
		if err != nil || who.Name != c.want {
			t.Errorf("port %d at %s attributed to %+v (%v), want pod %s", lo(ba)+5, c.at.Format(time.RFC3339Nano), who, err, c.want)
		}
	}
	for _, pod := range []*nriapi.PodSandbox{b, d} {
		e.stop(pod)
		e.remove(pod)
	}
	e.requireGone("198.51.100.10")
}

// withPool lets team-a ask for pool:web, a pool of ports on 203.0.113.10
// (routed to the node) cut into blocks of blockSize, in the admin config;
// it returns the attribution log's path.
func (e *env) withPool(ports string, blockSize int) string {
	e.t.Helper()
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	attr := filepath.Join(e.dir, "attribution.jsonl")
	conf := strings.Replace(string(cfg), `externals: ["203.0.113.10:5000-5999", "203.0.113.11"]`,
		`externals: ["203.0.113.10:5000-5999"]
        pools: [web]`, 1)
	conf += fmt.Sprintf(`egress:
  addresses: [{address: 203.0.113.10, routed: true}]
  pools: [{name: web, address: 203.0.113.10, ports: %q, blockSize: %d}]
  attributionLog: %s
  stateDir: %s
`, ports, blockSize, attr, filepath.Join(e.dir, "egress"))
	e.write(e.config, conf)
	return attr
}
