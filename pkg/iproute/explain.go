package iproute

import "github.com/diktyo-io/diktyo/pkg/cniutil"

// explain is Plugin.Explain: the routes and host rules ADD would create
// for the pod (BuildPlan, as ADD calls it): its Part, as ip(8) shows
// the objects.
func explain(stdin []byte, pod cniutil.ExplainPod) (string, error) {
	p, err := describe(stdin, pod)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}
