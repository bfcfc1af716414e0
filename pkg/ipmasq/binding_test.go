package ipmasq

import (
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/testutil"
)

// TestBindingModes: under the default binding a pod with a veth into the
// node is bound to it (and unbound by DEL); "link" refuses a pod without
// one, naming why; "address" binds nothing; a bad linkMark or binding is
// an error naming the field, changing nothing. Both backends.
func TestBindingModes(t *testing.T) {
	testutil.RequireRoot(t)
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			n := newNode(t, backend)
			pod := testutil.NewNS(t)
			host := "bnd" + testutil.RandSuffix(6)
			testutil.Veth(t, n.ns, host, pod, "eth0")
			addrs := []string{"198.51.100.9/24"}
			conf := func(extra map[string]any) []byte {
				m := map[string]any{"runtimeConfig": entries(), "prevResult": prevResult(t, "1.0.0", pod.Path(), addrs...)}
				for k, v := range extra {
					m[k] = v
				}
				return n.conf(t, "1.0.0", m)
			}
			guard := func() string {
				out, _ := testutil.Output(n.ns, "nft", "list", "table", "inet", "diktyo-guard")
				return out
			}

			n.mustCall(t, "ADD", conf(nil), "c1", pod.Path())
			if g := guard(); !strings.Contains(g, "link="+host) || !strings.Contains(g, `198.51.100.9 comment "owner=`) {
				t.Fatalf("default binding: the guard table does not bind the pod to %s:\n%s", host, g)
			}
			n.mustCall(t, "CHECK", conf(nil), "c1", pod.Path())
			n.mustCall(t, "DEL", conf(nil), "c1", pod.Path())
			if g := guard(); strings.Contains(g, "198.51.100.9") || strings.Contains(g, host) {
				t.Fatalf("DEL left the binding:\n%s", g)
			}

			gone := "/var/run/netns/gone-" + testutil.RandSuffix(8)
			_, err := n.call("ADD", n.conf(t, "1.0.0", map[string]any{"binding": "link", "runtimeConfig": entries(),
				"prevResult": prevResult(t, "1.0.0", gone, addrs...)}), "c2", gone)
			if err == nil || !strings.Contains(err.Error(), `binding "link"`) || !strings.Contains(err.Error(), "does not exist") {
				t.Fatalf("binding link without a host link: %v; want a refusal naming the binding and why", err)
			}

			n.mustCall(t, "ADD", conf(map[string]any{"binding": "address"}), "c3", pod.Path())
			if g := guard(); strings.Contains(g, "198.51.100.9") {
				t.Fatalf("binding address bound the pod:\n%s", g)
			}
			n.mustCall(t, "DEL", conf(map[string]any{"binding": "address"}), "c3", pod.Path())

			for field, v := range map[string]string{"linkMark": "0x3000", "binding": "strict"} {
				_, err := n.call("ADD", conf(map[string]any{field: v}), "c4", pod.Path())
				if err == nil || !strings.Contains(err.Error(), field) || !strings.Contains(err.Error(), v) {
					t.Errorf("%s %q: %v; want an error naming both", field, v, err)
				}
			}
		})
	}
}
