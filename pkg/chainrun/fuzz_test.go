package chainrun_test

import (
	"context"
	"testing"

	"github.com/containernetworking/cni/pkg/skel"
	"github.com/containernetworking/cni/pkg/types"
	current "github.com/containernetworking/cni/pkg/types/100"

	"github.com/diktyo-io/diktyo/pkg/chainrun"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// FuzzInProcessDispatch feeds arbitrary environments and configs to the
// in-process dispatcher, with a plugin that does nothing: it never
// panics, every failure is a *types.Error, and a verb only runs with the
// variables it requires.
func FuzzInProcessDispatch(f *testing.F) {
	f.Add("ADD", "c1", "/proc/1/ns/net", "eth0", `{"cniVersion":"1.1.0","name":"n"}`)
	f.Add("DEL", "c1", "", "eth0", `{"cniVersion":"0.3.1","name":"n"}`)
	f.Add("CHECK", "c1", "/x", "eth0", `{"cniVersion":"0.3.0","name":"n"}`)
	f.Add("GC", "", "", "", `{"cniVersion":"1.1.0","name":"n","cni.dev/valid-attachments":[]}`)
	f.Add("VERSION", "", "", "", ``)
	f.Add("STATUS", "", "", "", `{"cniVersion":"1.1.0","name":"bad name!"}`)
	f.Fuzz(func(t *testing.T, cmd, id, netns, ifname, stdin string) {
		var ran *skel.CmdArgs
		record := func(_ context.Context, a *skel.CmdArgs) error { ran = a; return nil }
		e := &chainrun.InProcess{Plugins: map[string]cniutil.Plugin{"nop": {
			Verbs: func(cniutil.Env) cniutil.Verbs {
				return cniutil.Verbs{
					Add: func(_ context.Context, a *skel.CmdArgs) (*current.Result, string, error) {
						ran = a
						return &current.Result{CNIVersion: current.ImplementedSpecVersion}, "1.1.0", nil
					},
					Check: record, Del: record, GC: record, Status: record,
				}
			},
		}}}
		env := []string{"CNI_COMMAND=" + cmd, "CNI_CONTAINERID=" + id, "CNI_NETNS=" + netns,
			"CNI_IFNAME=" + ifname, "CNI_PATH=/nonexistent", "CNI_NETNS_OVERRIDE=1"}
		_, err := e.ExecPlugin(context.Background(), "diktyo-inprocess:nop", []byte(stdin), env)
		if err != nil {
			if _, ok := err.(*types.Error); !ok { //nolint:errorlint // the dynamic type is what is tested
				t.Fatalf("error %v is a %T, not a *types.Error", err, err)
			}
			return
		}
		if ran == nil {
			if cmd != "VERSION" {
				t.Fatalf("%s succeeded without running the verb", cmd)
			}
			return
		}
		if ran.ContainerID != id || ran.IfName != ifname || ran.Netns != netns || string(ran.StdinData) != stdin {
			t.Fatalf("verb got %+v", ran)
		}
		switch cmd {
		case "ADD", "CHECK":
			if id == "" || ifname == "" || netns == "" {
				t.Fatalf("%s ran without a container ID, interface name or netns", cmd)
			}
		case "DEL":
			if id == "" || ifname == "" {
				t.Fatalf("DEL ran without a container ID or interface name")
			}
		case "GC", "STATUS":
		default:
			t.Fatalf("unknown command %q ran", cmd)
		}
	})
}
