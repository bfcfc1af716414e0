package registerdns

import (
	"fmt"
	"strings"

	"github.com/diktyo-io/diktyo/pkg/api"
	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Part is registerDNS's part of an attachment (Plugin.Describe): the
// pod's names and records, from the config parser and record builder ADD
// runs (Plan), without building a backend (which would read the TSIG
// secret), in the local API's shape (its "dns" section).
type Part struct {
	api.DNSPart
}

// describe is Plugin.Describe.
func describe(stdin []byte, pod cniutil.ExplainPod) (cniutil.Part, error) {
	p, set, err := planFor(pod.CmdArgs(stdin))
	if err != nil {
		return nil, err
	}
	part := &Part{DNSPart: api.DNSPart{Backend: p.BackendName}}
	for _, n := range set.Names {
		part.Names = append(part.Names, n.Host())
	}
	for _, r := range set.Records {
		part.Records = append(part.Records, r.String())
	}
	return part, nil
}

// Section is the local API's key for registerDNS's part.
func (p *Part) Section() string { return "dns" }

// String names the pod's DNS names; the records are Explain's.
func (p *Part) String() string {
	if len(p.Names) == 0 {
		return fmt.Sprintf("DNS names (%s backend): none", p.Backend)
	}
	return fmt.Sprintf("DNS names (%s backend): %s", p.Backend, strings.Join(p.Names, ", "))
}
