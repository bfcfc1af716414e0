package noop

import (
	"fmt"

	"github.com/diktyo-io/diktyo/pkg/cniutil"
)

// Part is noop's part of an attachment (Plugin.Describe): where it dumps
// the pod's calls, when debug is on.
type Part struct {
	Debug bool `json:"debug"`
	// Dir is the attachment's dump directory (debug on).
	Dir string `json:"dir,omitempty"`
}

// describe is Plugin.Describe, from the config parser the verbs run.
func describe(stdin []byte, pod cniutil.ExplainPod) (cniutil.Part, error) {
	conf, err := ParseConf(stdin)
	if err != nil {
		return nil, err
	}
	p := &Part{Debug: conf.Debug}
	if conf.Debug {
		p.Dir = fmt.Sprintf("%s/%s/%s/", conf.DebugDir, pod.ContainerID, pod.IfName)
	}
	return p, nil
}

// Section is noop's key in the local API's attachment: its type.
func (p *Part) Section() string { return "noop" }

// String says what noop writes, and where (Explain's text).
func (p *Part) String() string {
	if !p.Debug {
		return "(nothing: debug is off)"
	}
	return "a dump of each call's stdin, CNI environment and netns under " + p.Dir
}
