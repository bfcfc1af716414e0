package iproute

import "github.com/diktyo-io/diktyo/pkg/cniutil"

// explain is Plugin.Explain: the routes and host rules ADD would create
// for the pod (BuildPlan, as ADD calls it). The host interface is the
// config's hostInterface: ADD may also work it out from prevResult.
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	_, cfg, p, err := Load(stdin)
	if err != nil {
		return "", err
	}
	out := BuildPlan(cfg, p, pod.Addrs, pod.IfName, p.HostInterface).Describe()
	if out == "" {
		return "(nothing)", nil
	}
	return out, nil
}
